"""The package as users get it: ``HANPAN_PURE=1 python -m build`` makes an sdist and a pure-Python wheel
that ``twine check`` passes; the wheel, installed into a fresh virtual environment (no source tree on the
path), runs ``hanpan games``, a short ``hanpan simulate`` and ``hanpan serve``, which serves the lobby, a
game page with its board's scripts, the board's data and a finished game's replay.  What the package
data must carry (the pages' files, the games' data and models, the migrations) is thereby proven there.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

import hanpan

ROOT = Path(__file__).resolve().parents[1]
IMPORT = re.compile(r"""(?:from\s+|import\s*\(\s*)["'`]([./][^"'`$]+\.js)["'`]""")


def run(*command: str | Path, cwd: Path, timeout: float = 300) -> str:
    """Run ``command`` in ``cwd`` with nothing of this checkout on the path; its output (fails loudly)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HANPAN_PURE", "VIRTUAL_ENV")}
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"{command}: {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done.stdout


def get(url: str) -> tuple[str, str]:
    with urllib.request.urlopen(url, timeout=20) as answer:
        return answer.headers.get("content-type", ""), answer.read().decode("utf-8")


def scripts(base: str, first: str) -> dict[str, str]:
    """``first`` and every module it imports, transitively (static imports and ``import()`` of a fixed
    path): each fetched from the server, so a file the wheel forgot fails here."""
    seen: dict[str, str] = {}
    todo = [first]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        kind, text = get(base + path)
        assert "javascript" in kind, (path, kind)
        seen[path] = text
        folder = path.rsplit("/", 1)[0]
        for found in IMPORT.findall(text):
            todo.append(os.path.normpath(f"{folder}/{found}") if found.startswith(".") else found)
    return seen


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the pure wheel, built from a copy of the sources (no compiled module beside them)."""
    tree = tmp_path_factory.mktemp("tree")
    shutil.copytree(ROOT / "src", tree / "src",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__", "*.egg-info", "*__mypyc*"))
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tree / name)
    out = tmp_path_factory.mktemp("dist")
    env = {**os.environ, "HANPAN_PURE": "1"}
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(tree)], env=env,
                   check=True, capture_output=True, timeout=300)
    return out


def test_the_sdist_and_the_pure_wheel_pass_twine_and_carry_the_package_data(dist: Path) -> None:
    wheel = next(dist.glob("*.whl"))
    assert wheel.name == f"hanpan-{hanpan.__version__}-py3-none-any.whl"  # pure: any platform
    assert len(list(dist.glob(f"hanpan-{hanpan.__version__}.tar.gz"))) == 1
    twine = run(sys.executable, "-m", "twine", "check", "--strict", *sorted(dist.iterdir()), cwd=dist)
    assert twine.count("PASSED") == 2, twine
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd"))]  # nothing compiled in the pure wheel
    needed = ["hanpan/web/static/page.html", "hanpan/web/static/js/game.js", "hanpan/web/migrations/env.py",
              "hanpan/agents/ladder.json", "hanpan/py.typed",
              f"hanpan-{hanpan.__version__}.dist-info/licenses/LICENSE"]
    for game in hanpan.all_games():
        folder = Path(type(game).__module__.replace(".", "/")).parent
        needed += [f"{folder}/web/board.js", *(f"{folder}/data/{p.name}" for p in
                                               (ROOT / "src" / folder / "data").glob("*") if p.is_file())]
    missing = [n for n in needed if n not in names]
    assert missing == [], missing
    assert any(n.startswith("hanpan/web/migrations/versions/") for n in names)
    metadata = zipfile.ZipFile(wheel).read(f"hanpan-{hanpan.__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata


def test_the_wheel_installs_into_a_fresh_venv_and_plays_and_serves(dist: Path, tmp_path: Path) -> None:
    venv, home = tmp_path / "venv", tmp_path / "elsewhere"
    home.mkdir()
    started = time.monotonic()
    run(sys.executable, "-m", "venv", venv, cwd=home)
    wheel = next(dist.glob("*.whl"))
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", f"{wheel}[web]", cwd=home, timeout=600)
    installed = time.monotonic() - started
    where = run(venv / "bin" / "python", "-c", "import hanpan; print(hanpan.__file__)", cwd=home).strip()
    assert where.startswith(str(venv)), where  # the installed package, not this checkout
    hanpan_command = venv / "bin" / "hanpan"
    version = run(hanpan_command, "--version", cwd=home)
    assert version.startswith(f"hanpan {hanpan.__version__}, engine pure Python"), version
    assert "models: harmonies-value-1p-A/" in version  # the models came with it and load (their hashes checked)
    games = run(hanpan_command, "games", "--json", cwd=home)
    assert sorted(g["id"] for g in json.loads(games)) == sorted(g.id for g in hanpan.all_games())
    simulated = json.loads(run(hanpan_command, "simulate", "harmonies", "--players", "normal", "--games", "2",
                               "--seed", "3", "--json", cwd=home))
    assert simulated["games"] == 2, simulated

    port = _free_port()
    server = subprocess.Popen([str(hanpan_command), "serve", "--port", str(port), "--db",
                               f"sqlite:///{home / 'site.sqlite3'}"], cwd=home, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, env={k: v for k, v in os.environ.items()
                                                             if k not in ("PYTHONPATH", "HANPAN_PURE")})
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_up(base, server)
        kind, lobby = get(base + "/")
        assert "text/html" in kind and "/static/js/lobby.js" in lobby
        assert len(scripts(base, "/static/js/lobby.js")) > 5
        meta = json.loads(get(base + "/api/meta")[1])
        for game in meta["games"]:  # each game's board: its scripts, its style and its data
            board = scripts(base, f"/static/games/{game['id']}/board.js")
            assert len(board) >= 2, board.keys()
            assert "css" in get(base + f"/static/games/{game['id']}/board.css")[0]
            assert json.loads(get(base + f"/api/catalog/{game['id']}")[1]) is not None
        # a game of two computer seats, played to its end, then its page and its replay
        request = urllib.request.Request(base + "/api/games", method="POST", headers={
            "Content-Type": "application/json"}, data=json.dumps({
                "game": "spirits_of_the_wild", "seats": ["greedy", "random"], "seed": 4}).encode())
        with urllib.request.urlopen(request, timeout=20) as answer:
            game_id = json.loads(answer.read())["id"]
        page = get(base + f"/play/{game_id}")[1]
        assert "/static/js/game.js" in page and len(scripts(base, "/static/js/game.js")) > 5
        deadline = time.monotonic() + 120
        while json.loads(get(base + f"/api/games/{game_id}")[1])["status"] == "playing":
            assert time.monotonic() < deadline, "the computer seats' game did not end"
            time.sleep(0.2)
        replay = json.loads(get(base + f"/api/games/{game_id}/replay?move=1")[1])
        assert replay["move_number"] == 1 and replay["total_moves"] > 10, {k: replay.get(k) for k in (
            "move_number", "total_moves")}
        assert "/static/js/replay.js" in get(base + f"/replay/{game_id}")[1]
        assert len(scripts(base, "/static/js/replay.js")) > 3
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0].decode("utf-8", "replace")
    assert "Traceback" not in output, output[-3000:]
    print(f"fresh venv with the wheel and its web extra: {installed:.1f} s")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_up(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert server.poll() is None, server.communicate()[0].decode("utf-8", "replace")[-3000:]
        try:
            get(base + "/healthz")
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("hanpan serve from the wheel did not answer in 60 s")
