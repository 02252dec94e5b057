"""``hanpan data``: a game's designer data (docs/data.md).

``hanpan data export GAME [--out FILE]`` writes the game's built-in components as a data file (one card
a line, to edit and diff); ``hanpan data check GAME FILE`` reads one as ``--option KEY=FILE`` would, and
says what it changes from the built-in set.  A game offers this through its ``datafile`` module
(``hanpan.games.<id>.datafile``: ``OPTION``, ``FORMAT``, ``export()``, ``check(path, lang)``,
``changes(path, lang)``), reached by the registry's convention like its other parts.

>>> print(dump({"format": "x/1", "cards": [{"id": 1}, {"id": 2}]}))
{
 "format": "x/1",
 "cards": [
  {"id": 1},
  {"id": 2}
 ]
}
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from hanpan.core.errors import HanpanError
from hanpan.core.registry import game as get_game


def datafile(game_id: str) -> ModuleType:
    """The game's ``datafile`` part (a HanpanError naming the games that have one if it has none)."""
    game = get_game(game_id)
    try:
        return importlib.import_module(f"hanpan.games.{game.id}.datafile")
    except ModuleNotFoundError:
        raise HanpanError(f"{game.id} has no designer data file",
                          f"{game.id}에는 디자이너 데이터 파일이 없습니다") from None


def dump(data: dict[str, Any]) -> str:
    """JSON with each item of a top-level list on a line of its own (a card a line: easy to edit and diff)."""
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            items = ",\n".join(f"  {json.dumps(item, ensure_ascii=False)}" for item in value)
            lines.append(f" {json.dumps(key)}: [\n{items}\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def command(action: str, game_id: str, path: Path | None, out: Path | None, force: bool, lang: str) -> int:
    """Run ``hanpan data export`` or ``check``; prints what it did; 0 when done (bad input raises)."""
    part = datafile(game_id)
    ko = lang == "ko"
    if action == "export":
        text = dump(part.export()) + "\n"
        if out is None:
            print(text, end="")
            return 0
        if out.exists() and not force:
            raise HanpanError(f"{out} exists: give another --out, or --force to overwrite it",
                              f"{out} 파일이 이미 있습니다: 다른 --out을 주거나 --force로 덮어쓰세요")
        try:
            out.write_text(text, "utf-8")
        except OSError as e:
            raise HanpanError(f"cannot write {out}: {e.strerror}", f"{out}에 쓸 수 없습니다: {e.strerror}") from None
        option = f"--option {part.OPTION}={out}"
        print(f"{out}: 내장 {part.FORMAT} 데이터. 고친 뒤 {option} 로 쓰세요" if ko
              else f"{out}: the built-in {part.FORMAT} data; edit it, then play or report with {option}")
        return 0
    if path is None:
        raise HanpanError("hanpan data check needs a FILE", "hanpan data check에는 FILE이 필요합니다")
    held = part.check(str(path), lang)
    changed = part.changes(str(path), lang)
    print(f"{path}: {'올바른' if ko else 'a valid'} {part.FORMAT} {'파일' if ko else 'file'} ({held})")
    if not changed:
        print("내장 데이터와 같습니다" if ko else "the same as the built-in data")
    for line in changed:
        print(f"  {line}")
    return 0
