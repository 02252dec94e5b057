"""Runs every ``$ hanpan ...`` example of the README and checks its shown output (``...`` matches anything)."""

from __future__ import annotations

import doctest
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")


def console_examples() -> list[tuple[str, str]]:
    """(command, expected output) for each ``$ hanpan`` line of the README's console blocks."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        lines = block.splitlines()
        i = 0
        while i < len(lines):
            if lines[i].startswith("$ hanpan"):
                command = lines[i][2:]
                i += 1
                expected = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    expected.append(lines[i])
                    i += 1
                examples.append((command, "\n".join(expected).strip()))
            else:
                i += 1
    return examples


EXAMPLES = console_examples()


def test_the_readme_opens_with_the_two_commands() -> None:
    assert "make play" in README.split("##")[0]
    assert "make test" in README.split("##")[0]
    assert len(EXAMPLES) >= 7


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch folder holding the README's example files (commands run in order there)."""
    path = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "docs" / "examples", path / "docs" / "examples")
    return path


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_console_example(command: str, expected: str, workdir: Path) -> None:
    args = command.split()[1:]
    run = subprocess.run(
        [sys.executable, "-m", "hanpan.cli.main", *args],
        cwd=workdir, input="quit\n", capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "120", "LANG": "C.UTF-8",
             "HANPAN_DATA_DIR": str(workdir / "data")},  # the games hanpan play saves as it goes
    )
    output = (run.stdout + run.stderr).strip()
    wants_error = expected.startswith("hanpan: error")
    assert run.returncode == (2 if wants_error else 0), output
    checker = doctest.OutputChecker()
    assert checker.check_output(expected + "\n", output + "\n", doctest.ELLIPSIS), (
        f"README shows:\n{expected}\n--- but the command printed:\n{output}"
    )


def test_the_tours_files_are_git_ignored_and_the_command_can_be_found() -> None:
    # the README's simulate examples write records into runs/: they are not the project's files
    if shutil.which("git") is not None and (ROOT / ".git").exists():
        ignored = subprocess.run(["git", "check-ignore", "-q", "runs/spirits_of_the_wild-7-00000.json"], cwd=ROOT)
        assert ignored.returncode == 0
    # make play installs hanpan into .venv/bin: the README says how to have it on the PATH
    head = README.split("## ")[0]
    assert "source .venv/bin/activate" in head and ".venv/bin" in head


# --- the front page (issue 64) -----------------------------------------------------------------------

FRONT_PAGES = {"README.md": README, "README.ko.md": (ROOT / "README.ko.md").read_text("utf-8")}
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub (and the docs) make it: lower case, punctuation dropped, spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_front_page_says_what_hanpan_is_shows_it_and_gives_the_two_commands_first() -> None:
    for name, text in FRONT_PAGES.items():
        first = text.split("\n## ")[0]
        assert len(first.splitlines()) <= 25, f"{name}: the first screen is {len(first.splitlines())} lines"
        assert "![" in first and "make play" in first and "make test" in first, name
        tour = text.split("\n## ")[1]
        bullets = [line for line in tour.splitlines() if line.startswith("- **")]
        assert len(bullets) >= 6, name
        assert all("](docs/" in b + rest for b, rest in _with_next(tour, bullets)), name  # each links its page
    # prose reads in a minute: no paragraph of the README longer than 5 lines (tables and code apart)
    paragraph: list[str] = []
    for line in [*README.splitlines(), ""]:
        if line and not line.startswith(("|", "```", "$ ", ">>>", "#", "- ", "  ")):
            paragraph.append(line)
            continue
        assert len(paragraph) <= 5, "\n".join(paragraph)
        paragraph = []


def _with_next(text: str, bullets: list[str]) -> list[tuple[str, str]]:
    """Each bullet with the lines that continue it (its link may be on the last of them)."""
    lines = text.splitlines()
    out = []
    for bullet in bullets:
        at = lines.index(bullet)
        rest = []
        for line in lines[at + 1:]:
            if not line.startswith("  "):
                break
            rest.append(line)
        out.append((bullet, " ".join(rest)))
    return out


@pytest.mark.parametrize("name", ["README.md", "README.ko.md", "docs/playing.md", "CHANGELOG.md"])
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(name: str) -> None:
    path = ROOT / name
    for target in LINK.findall(path.read_text("utf-8")):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        file, _, anchor = target.partition("#")
        found = (path.parent / file).resolve() if file else path
        assert found.exists(), f"{name} links {target}: no such file"
        if anchor and found.suffix == ".md":
            headings = [slug(h) for h in re.findall(r"^#+ (.+)$", found.read_text("utf-8"), flags=re.M)]
            assert anchor in headings, f"{name} links {target}: no such heading ({headings[:8]} …)"


def test_the_korean_front_page_is_the_same_tour() -> None:
    english, korean = (set(LINK.findall(text.split("\n## ")[1])) for text in FRONT_PAGES.values())
    assert english == korean
    assert "README.ko.md" in README.split("\n## ")[0]
