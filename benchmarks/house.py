"""The shape of the code: hanpan's import graph (modules, arrows, circles, arrows that run up a layer)
and the modules over 600 lines of code — what issue 49 asks to keep in view, re-runnable by anyone.

    .venv/bin/python benchmarks/house.py [--json] [--limit 600]

An arrow ``a -> b`` is an import of module ``b`` anywhere in ``a`` (at the top or inside a function: both
run), except under ``if TYPE_CHECKING:`` (for types only, never run).  A circle is a set of two or more
modules that reach each other through arrows (a strongly connected component).  The layers, lowest
first: core; games; agents; analysis and adapters; reports and web; cli (which offers them all); an
arrow from a lower layer to a higher one "runs up".  Lines of code are the lines that are neither blank nor only a
comment.  It reads the sources (``src/hanpan``, ``.py`` and the boards' ``.js``) and takes about a second.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "hanpan"
LAYERS = {"core": 0, "games": 1, "agents": 2, "analysis": 3, "adapters": 3, "reports": 4, "web": 4, "cli": 5}


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (``hanpan.web.app``)."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(tree: ast.AST, here: str, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules that ``here`` imports at run time."""

    def resolve(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST) -> Iterator[str]:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                yield from visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE):
                    target = resolve(alias.name)
                    if target:
                        yield target
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith(PACKAGE):
            for alias in node.names:  # `from hanpan.games import harmonies` imports the module harmonies
                target = resolve(f"{node.module}.{alias.name}") if f"{node.module}.{alias.name}" in known \
                    else resolve(node.module)
                if target:
                    yield target
        for child in ast.iter_child_nodes(node):
            yield from visit(child)

    for target in visit(tree):
        if target != here:
            yield target


def graph() -> tuple[dict[str, set[str]], dict[str, Path]]:
    known = modules()
    arrows = {name: set(imported(ast.parse(path.read_text("utf-8")), name, known)) for name, path in known.items()}
    return arrows, known


def circles(arrows: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of two or more modules (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(arrows):
        if start in index:
            continue
        work = [(start, iter(sorted(arrows[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in arrows:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(arrows[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.get(parts[1]) if len(parts) > 1 else None


def upward(arrows: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Arrows from a lower layer to a higher one."""
    out = []
    for source, targets in arrows.items():
        for target in targets:
            a, b = layer(source), layer(target)
            if a is not None and b is not None and b > a:
                out.append((source, target))
    return sorted(out)


def code_lines(path: Path) -> int:
    comment = "//" if path.suffix == ".js" else "#"
    return sum(1 for line in path.read_text("utf-8").splitlines()
               if line.strip() and not line.strip().startswith(comment))


def large(limit: int) -> list[tuple[str, int]]:
    files = [*sorted((ROOT / PACKAGE).rglob("*.py")), *sorted((ROOT / PACKAGE).rglob("*.js"))]
    sized = [(str(path.relative_to(ROOT.parent)), code_lines(path)) for path in files if "migrations" not in path.parts]
    return sorted(((name, n) for name, n in sized if n > limit), key=lambda e: -e[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")
    parser.add_argument("--limit", type=int, default=600, help="list modules over this many lines of code")
    args = parser.parse_args()
    arrows, known = graph()
    report = {"modules": len(known), "arrows": sum(len(t) for t in arrows.values()),
              "circles": circles(arrows), "upward": upward(arrows), "large": large(args.limit)}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{report['modules']} modules, {report['arrows']} arrows, {len(report['circles'])} circles, "
          f"{len(report['upward'])} arrows up a layer, {len(report['large'])} files over {args.limit} lines of code")
    for n, members in enumerate(report["circles"], 1):
        ties = [f"{a} -> {b}" for a in members for b in sorted(arrows[a]) if b in members]
        print(f"circle {n}: {', '.join(members)}\n    " + "\n    ".join(ties))
    for source, target in report["upward"]:
        print(f"up: {source} -> {target}")
    for name, lines in report["large"]:
        print(f"large: {name} {lines} lines of code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
