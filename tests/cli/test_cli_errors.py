"""Never a traceback (issue 23 §2): the real ``hanpan`` command, run as a process.

Every unreadable file gets one line on standard error and exit status 2; a reader that closes the pipe
early (``| head``) ends the command quietly (status 0, nothing on standard error).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import hanpan
from hanpan.core.record import Record

GAME = "spirits_of_the_wild"
# the command as the console script runs it; PYTHONPATH is passed on, so it runs this tree's hanpan
COMMAND = [sys.executable, "-c", "import sys; from hanpan.cli.main import main; sys.exit(main())"]


def hanpan_run(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*COMMAND, *args], input=stdin, capture_output=True, cwd=cwd, timeout=120,
                          check=False)


def hanpan_into_closed_pipe(*args: str) -> subprocess.CompletedProcess[bytes]:
    """Run with standard output a pipe whose reader is already gone: every write fails (EPIPE)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([*COMMAND, *args], stdout=write, stderr=subprocess.PIPE, timeout=120, check=False)
    finally:
        os.close(write)


def one_line_exit_2(run: subprocess.CompletedProcess[bytes], *fragments: str) -> str:
    err = run.stderr.decode("utf-8")
    assert run.returncode == 2, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("hanpan: error: ")
    for fragment in fragments:
        assert fragment in err
    assert run.stdout == b""
    return err


def record_file(tmp_path: Path, actions: int = 12) -> Path:
    state = hanpan.game(GAME).new(players=2, seed=7)
    played = [str(state.play(state.legal_actions()[0])) for _ in range(actions)]
    path = tmp_path / "game.json"
    Record.of(state, ["ann", "bob"], played).save(path)
    return path


@pytest.fixture
def binary(tmp_path: Path) -> Path:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe")
    return path


def test_replay_of_a_binary_file(binary: Path) -> None:
    one_line_exit_2(hanpan_run("replay", str(binary)), "is not UTF-8 text", "0xff")


def test_score_of_a_binary_file(binary: Path) -> None:
    one_line_exit_2(hanpan_run("score", "harmonies", str(binary)), "is not UTF-8 text")


def test_score_of_binary_standard_input() -> None:
    one_line_exit_2(hanpan_run("score", "harmonies", "-", stdin=b"\xff\xfe{}"), "standard input is not UTF-8")


@pytest.mark.parametrize("command", [["replay"], ["score", "harmonies"]])
def test_a_json_error_names_line_and_column_once(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "cut.json"
    path.write_text('{"a": "b', "utf-8")
    err = one_line_exit_2(hanpan_run(*command, str(path)), "Unterminated string starting at: line 1 column 7")
    assert "at at" not in err


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000, "nested too deeply"),
    ('{"seed": ' + "9" * 5000 + "}", "number too long"),
])
@pytest.mark.parametrize("command", [["replay"], ["score", GAME]])
def test_json_python_cannot_read(tmp_path: Path, command: list[str], text: str, message: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text, "utf-8")
    one_line_exit_2(hanpan_run(*command, str(path)), message)


def test_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"game": GAME, "animals": {"turtle": ["blue"]}}).encode())
    run = hanpan_run("score", GAME, str(path), "--json")
    assert run.returncode == 0 and json.loads(run.stdout)["turtle"] == 1


def test_replay_show_of_a_bad_move_names_the_move(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    data["actions"][3] = "take nothing"
    path.write_text(json.dumps(data), "utf-8")
    one_line_exit_2(hanpan_run("replay", str(path), "--show"), "move 4 ('take nothing')")


@pytest.mark.parametrize("args", [
    ["simulate", GAME, "--players", "random,random", "--games", "5", "--json"],
    ["simulate", GAME, "--players", "random,random", "--games", "3"],
    ["games"],
    ["games", "--json"],
])
def test_a_closed_pipe_ends_quietly(args: list[str]) -> None:
    run = hanpan_into_closed_pipe(*args)
    assert run.stderr.strip() == b""  # (the progress bar ends its line on standard error)
    assert run.returncode == 0


@pytest.mark.parametrize("flags", [["--show"], [], ["--json"]])
def test_replay_into_a_closed_pipe_ends_quietly(tmp_path: Path, flags: list[str]) -> None:
    run = hanpan_into_closed_pipe("replay", str(record_file(tmp_path)), *flags)
    assert run.stderr == b""
    assert run.returncode == 0


def test_replay_show_into_head(tmp_path: Path) -> None:
    """The issue's own pipeline: ``hanpan replay FILE --show | head -1``."""
    path = record_file(tmp_path, actions=40)
    reader = subprocess.Popen([*COMMAND, "replay", str(path), "--show"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    first = reader.stdout.readline()
    reader.stdout.close()
    err = reader.stderr.read()
    reader.stderr.close()
    assert reader.wait(timeout=120) == 0
    assert first and err == b""
