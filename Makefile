# Both main targets set everything up on a fresh machine: a .venv with hanpan and its web app (make play),
# and for make test also the research interfaces and the tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# the tests' and tools' set-up: also the research interfaces (rl), training (train) and the tools (dev)
DEV_STAMP := $(VENV)/.installed-dev
# the engines' hot modules compiled by mypyc beside their sources (setup.py lists them); built again when
# one of them changes, so an edit never leaves an old compiled module running
COMPILED := $(VENV)/.compiled
HOT := $(shell sed -n 's/^    "\(src\/hanpan\/[a-z_\/]*\.py\)",$$/\1/p' setup.py)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: play menu test lint typecheck jscheck unit browser-deps bench pure clean docs

# Python >= 3.11 (pyproject's requires-python) is checked first; a .venv whose Python is older or broken
# (say, left by a make with PYTHON=python3.10 that failed) is made again.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "hanpan needs Python 3.11 or newer, and PYTHON=$(PYTHON) is $$($(PYTHON) --version 2>&1 | head -n 1)." >&2; \
	  echo "Give another one, e.g.: make $(or $(MAKECMDGOALS),play) PYTHON=python3.11" >&2; exit 1; }
	@if [ -e $(VENV) ] && ! $(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	  echo "$(VENV) was made by another Python ($$($(BIN)/python --version 2>&1 | head -n 1)): making it again"; \
	  rm -rf $(VENV); \
	fi
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	HANPAN_PURE=1 $(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(STAMP)

$(DEV_STAMP): $(STAMP)
	HANPAN_PURE=1 $(BIN)/python -m pip install --quiet -e '.[web,rl,cluster,train,dev]'
	touch $(DEV_STAMP)

# Compiles in place with the .venv's mypyc (about 1.5 minutes).  Without a C compiler setup.py says so and
# hanpan runs interpreted: the same sources, the same results, slower.
$(COMPILED): $(STAMP) setup.py $(HOT)
	$(BIN)/python -m pip install --quiet 'setuptools>=77' 'mypy>=2.4'
	$(BIN)/python setup.py --quiet build_ext --inplace
	touch $(COMPILED)

# The web app: open the address it prints (a browser opens by itself where there is a screen).
play: $(COMPILED)
	$(BIN)/hanpan serve --host $(HOST) --port $(PORT) --open

# The terminal app's menu.
menu: $(COMPILED)
	$(BIN)/hanpan menu

test: $(DEV_STAMP) browser-deps lint typecheck jscheck unit

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks tools training setup.py conftest.py

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src/hanpan

# The pages' JavaScript, type-checked from its JSDoc by TypeScript (npm's; nothing is built or kept).
jscheck:
	@if command -v npx >/dev/null 2>&1; then npx --yes -p typescript@5.9.3 tsc -p tsconfig.json && \
	  npx --yes -p typescript@5.9.3 tsc -p tsconfig.sw.json; \
	else echo "note: no node/npx here: the JavaScript type-check is skipped"; fi

# Compiled, then the compiled modules' own doctests interpreted (a compiled module keeps no docstrings).
# The tests run in parallel (pytest-xdist, one worker a core: each has its own servers, browser and
# PostgreSQL cluster); -rs names every skip and why.
PYTEST_WORKERS ?= auto
unit: $(DEV_STAMP) $(COMPILED)
	$(BIN)/pytest -q -rs -n $(PYTEST_WORKERS)
	HANPAN_PURE=1 $(BIN)/pytest -q $(HOT)

# The documentation site (mkdocs.yml): docs/ and the docstrings, built strictly into site/ (open
# site/index.html); make test builds it too (tests/test_docs_site.py).
docs: $(DEV_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
	@echo "open site/index.html (its search wants a server: python3 -m http.server -d site)"

# The tests with the pure-Python engine only (no compiling needed).
pure: $(DEV_STAMP)
	HANPAN_PURE=1 $(BIN)/pytest -q

# The browser tests drive Debian's chromium (with a Korean font, so that the Korean screenshots read);
# the database tests start a throwaway PostgreSQL cluster; the deployment tests check deploy/'s configs
# with nginx and caddy themselves.
# As root with apt (CI), they are installed when missing; elsewhere the tests say how.
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	    || ! ls /usr/share/fonts/truetype/nanum >/dev/null 2>&1 || ! command -v nginx >/dev/null 2>&1 \
	    || ! command -v caddy >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium postgresql fonts-nanum >/dev/null \
	    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx caddy prometheus >/dev/null; \
	  else \
	    echo "note: the browser, PostgreSQL, proxy and metrics tests need 'apt-get install chromium postgresql fonts-nanum nginx caddy prometheus' (skipped without them)"; \
	  fi; \
	fi

bench: $(COMPILED)
	$(BIN)/hanpan bench spirits_of_the_wild

clean:
	rm -rf $(VENV) build src/*.egg-info
	find src -name '*.so' -delete
