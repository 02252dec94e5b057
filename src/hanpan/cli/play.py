"""Playing in the terminal: the game loop (humans and computer seats) and the start menu.

Input and output are injectable so tests can drive a whole game (``quit`` asks first: ``y`` leaves).
A game given a ``save_path`` writes its record there after every move, so nothing is lost on ``quit``,
end of input, Ctrl-C or a crash; ``TerminalGame.resume`` goes on from such a record:

>>> import hanpan, io
>>> from rich.console import Console
>>> lines = iter(["1", "quit", "y"])
>>> game = TerminalGame.create(hanpan.game("spirits_of_the_wild"), ["human", "greedy"], seed=3, options={},
...     lang="en", console=Console(file=io.StringIO()), read=lambda prompt: next(lines))
>>> game.run(), game.actions
(0, ['take1'])
"""

from __future__ import annotations

import importlib
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hanpan.agents.base import Agent, Seat
from hanpan.agents.ladder import ladder
from hanpan.agents.registry import agent_names, make_agent
from hanpan.cli import saves, screen
from hanpan.cli.i18n import LANGS, detect_lang, t
from hanpan.cli.output import category_label
from hanpan.core.action import Action
from hanpan.core.contract import Game, State
from hanpan.core.errors import HanpanError, OptionError, RecordError
from hanpan.core.record import Record, replay, start
from hanpan.core.registry import all_games
from hanpan.core.registry import game as game_of
from hanpan.core.rng import mix_seed

Reader = Callable[[str], str]
HUMAN = "human"
YES = ("y", "yes", "ㅇ", "예", "네", "응")


@dataclass
class Snapshot:
    """The position before one human decision, to go back to on ``undo``."""

    state: State
    actions: int
    player: int


class TerminalGame:
    """One game at one screen: humans type moves, computer seats answer through their Seat."""

    def __init__(self, state: State, names: Sequence[str], agents: Mapping[int, Agent], lang: str,
                 console: Console, read: Reader) -> None:
        self.state = state
        self.names = list(names)
        self.agents = dict(agents)
        self.lang = lang
        self.console = console
        self.read = read
        self.actions: list[str] = []
        self.actors: list[int] = []
        self.snapshots: list[Snapshot] = []
        self.render: ModuleType = importlib.import_module(f"hanpan.games.{state.game.id}.render")
        self._last_human: int | None = None
        self._secrets = False  # once a seat held a secret, players sharing the screen hand it over blind
        self.log: list[str] = []  # what each move did, newest last (shown on the next screens)
        self.save_path: Path | None = None  # where the game is written as it goes (None: nowhere)

    @classmethod
    def create(cls, game: Game, names: Sequence[str], seed: int | None, options: Mapping[str, Any], lang: str,
               console: Console | None = None, read: Reader | None = None,
               save_path: Path | None = None) -> TerminalGame:
        """Check the seats and options, set up the game and its computer players."""
        names = [n.strip().lower() for n in names]
        state = game.new(players=len(names), seed=seed, **options)
        if state.is_chance():
            raise OptionError("chance=explicit is for research code (OpenSpiel, search); in hanpan play the "
                              "engine draws by itself",
                              "chance=explicit는 연구용(OpenSpiel, 탐색)입니다. "
                              "hanpan play에서는 엔진이 스스로 뽑습니다")
        terminal = cls(state, names, _agents(names, state.seed), lang, console or Console(highlight=False),
                       read or screen.line_reader())
        terminal.save_path = save_path
        return terminal

    @classmethod
    def resume(cls, record: Record, lang: str, console: Console | None = None, read: Reader | None = None,
               save_path: Path | None = None) -> TerminalGame:
        """Go on with a recorded game: every move is checked again, then the seats sit down as they were.

        A record that does not replay, or whose game is over, raises RecordError (one line).
        """
        state = replay(record)
        if state.is_over:
            raise RecordError("this game is over: there is nothing to resume (hanpan replay FILE shows it)",
                              "이 게임은 끝났습니다: 이어 할 것이 없습니다 (hanpan replay 파일로 보세요)")
        names = [n.strip().lower() for n in record.players]
        terminal = cls(state, names, _agents(names, state.seed), lang, console or Console(highlight=False),
                       read or screen.line_reader())
        terminal.actions = list(record.actions)
        terminal.actors = _actors(record)
        terminal.save_path = save_path
        return terminal

    # --- naming ------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        label = t("player", self.lang, n=seat + 1)
        if self.names[seat] == HUMAN:
            humans = sum(1 for n in self.names if n == HUMAN)
            return f"{label} ({t('you', self.lang)})" if humans == 1 else label
        return f"{label} ({self.names[seat]})"

    def describe(self, action: Action) -> str:
        text: str = self.render.describe(self.state, action, self.lang)
        return text

    # --- the loop ----------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends or a human leaves; returns the exit status (0; 130 after Ctrl-C)."""
        try:
            self._autosave()
            while not self.state.is_over:
                player = self.state.current_player
                assert player is not None
                agent = self.agents.get(player)
                if agent is not None:
                    action = agent.choose(Seat(self.state, player))
                    self.console.print(t("agent_plays", self.lang, name=escape(self.seat_name(player)),
                                         move=f"[bold]{action}[/] — {escape(self.describe(action))}"))
                    self._make(action, player)
                elif not self._human_turn(player):
                    self._leave()
                    return 0
        except KeyboardInterrupt:
            self.console.print()
            self._leave()
            return 130
        self._show_end()
        self._offer_save()
        return 0

    def _leave(self) -> None:
        """Say where the unfinished game is kept and how to go on with it."""
        if self.save_path is not None:
            self.console.print(t("resume_hint", self.lang, path=escape(str(self.save_path)),
                                 command=escape(resume_command(self.save_path))), soft_wrap=True)  # copyable
        self.console.print(t("bye", self.lang))

    def _confirm_leave(self) -> bool:
        """``quit`` asks first (end of input means yes)."""
        if self.save_path is not None:
            self.console.print(t("leave_saved", self.lang, command=escape(resume_command(self.save_path))),
                               soft_wrap=True)
        else:
            self.console.print(t("leave_unsaved", self.lang))
        try:
            return self.read("[y/N] > ").strip().lower() in YES
        except EOFError:
            return True

    def _autosave(self) -> None:
        """Write the game so far to ``save_path`` (whole or not at all); on failure say so once and stop."""
        if self.save_path is None:
            return
        try:
            saves.write(Record.of(self.state, self.names, self.actions), self.save_path)
        except OSError as e:
            message = t("autosave_failed", self.lang, path=escape(str(self.save_path)), reason=e.strerror)
            self.console.print(f"[red]{message}[/]")
            self.save_path = None

    def _offer_save(self) -> None:
        """At the end: where the record is kept, and a copy to a file of the player's choosing."""
        if not any(n == HUMAN for n in self.names):
            return
        if self.save_path is not None:
            self.console.print(t("kept", self.lang, path=escape(str(self.save_path))), soft_wrap=True)
        try:
            if self.read(f"{t('save_offer', self.lang)} [y/N] > ").strip().lower() in YES:
                path = self.read(f"{t('save_file', self.lang)} > ").strip()
                while not self._save(path):
                    path = self.read(f"{t('save_file', self.lang)} > ").strip()
        except EOFError:
            pass

    def _make(self, action: Action, player: int) -> None:
        before, described = self.state.scores()[player], self.describe(action)  # described before the move
        self.state.play(action)
        change = screen.score_change(self.state.game, before, self.state.scores()[player], self.lang)
        self.log.append(screen.log_line(self.seat_name(player), described, change))
        self.actions.append(str(action))
        self.actors.append(player)
        self._autosave()

    def _human_turn(self, player: int) -> bool:
        """One human decision (with any commands before it); False when the human quits."""
        if player != self._last_human and self._hot_seat():
            self._wipe()  # the previous player's secrets leave the screen and the scrollback
            self.console.print(f"[bold]{t('pass_screen', self.lang, name=escape(self.seat_name(player)))}[/]")
            try:
                self.read("⏎ ")
            except EOFError:
                return False
        self._last_human = player
        self._show(player)
        while True:
            try:
                text = self.read(f"{t('prompt', self.lang)}> ").strip()
            except EOFError:
                return False
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = word.lower()
            if command in ("quit", "exit", "q"):
                if self._confirm_leave():
                    return False
                continue
            if command in ("help", "?", "h"):
                self.console.print(screen.help_text(self.render, self.state, self.lang))
                continue
            if command in ("legend", "cards", "key"):
                self.console.print(screen.legend(self.render, self.state, player, self.lang))
                continue
            if command in ("moves", "board", "show"):
                self._show(player, full=command == "moves")
                continue
            if command == "undo":
                if self._undo(player):
                    self._show(player)
                continue
            if command == "save":
                self._save(rest.strip())
                continue
            action = self._parse(text)
            if action is None:
                continue
            self.snapshots.append(Snapshot(self.state.clone(), len(self.actions), player))
            self._make(action, player)
            return True

    def _parse(self, text: str) -> Action | None:
        legal = self.state.legal_actions()
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]{t('invalid_choice', self.lang, allowed=f'1–{len(legal)}')}[/]")
            return None
        try:
            return self.state.parse_action(text)
        except HanpanError as e:
            self.console.print(f"[red]{e.localized(self.lang)}[/]")
            return None

    def _undo(self, player: int) -> bool:
        """Take back this player's last decision, unless a draw or another player came since."""
        if not self.snapshots or self.snapshots[-1].player != player:
            self.console.print(t("no_undo", self.lang))
            return False
        snap = self.snapshots[-1]
        if any(actor != player for actor in self.actors[snap.actions:]):
            self.console.print(t("no_undo", self.lang))
            return False
        if snap.state.reveals != self.state.reveals:
            self.console.print(t("undo_blocked", self.lang))
            return False
        self.snapshots.pop()
        undone = self.actions[snap.actions]
        self.state = snap.state
        del self.actions[snap.actions:]
        del self.actors[snap.actions:]
        self._autosave()
        self.console.print(t("undone", self.lang, move=undone))
        return True

    def _save(self, path: str) -> bool:
        """``save FILE``: write the record so far; True once written."""
        if not path:
            self.console.print(t("save_usage", self.lang))
            return False
        try:
            Record.of(self.state, self.names, self.actions).save(path)
        except OSError as e:
            self.console.print(f"[red]{escape(path)}: {e.strerror}[/]")
            return False
        self.console.print(t("saved", self.lang, path=escape(path)))
        if not self.state.is_over:  # the seed is in the record: replaying it shows what is hidden now
            self.console.print(f"[yellow]{t('save_secrets' if self._secret() else 'save_draws', self.lang)}[/]")
        return True

    # --- hot seat ----------------------------------------------------------------------------------
    def _secret(self) -> bool:
        """Whether some seat holds (or held) what another seat may not see, e.g. a hand."""
        self._secrets = self._secrets or self.state.has_hidden_information()
        return self._secrets

    def _hot_seat(self) -> bool:
        """Several people share this screen in a game with secrets: each gets it handed over blind."""
        return sum(1 for n in self.names if n == HUMAN) > 1 and self._secret()

    def _wipe(self) -> None:
        """Clear the screen and the terminal's scrollback, so nobody can scroll back to a hand."""
        if self.console.is_terminal and not self.console.is_dumb_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")  # the scrollback (xterm's E3; rich's clear keeps it)
            self.console.file.flush()

    # --- drawing -----------------------------------------------------------------------------------
    def _show(self, player: int, full: bool = False) -> None:
        """One decision's screen, fitted to the console (see :mod:`hanpan.cli.screen`)."""
        width, height = self.console.size if self.console.is_terminal else (self.console.width, screen.LARGE[1])
        hide_seed = sum(1 for n in self.names if n == HUMAN) > 1  # a shared screen: the seed tells the draws
        screen.show(self.console, screen.decision(
            self.state, self.render, player, self.lang, heading=t("to_move", self.lang, name=self.seat_name(player)),
            width=width, height=height, log=self.log, hide_seed=hide_seed, full=full))

    def _show_end(self) -> None:
        state = self.state
        if self._hot_seat():
            self._wipe()  # the last player's hand leaves the screen; the end shows only what is public
        self.console.print(self.render.render(state, None, self.lang))
        self.console.print(screen.status_line(state, self.lang, ""))
        table = Table(title=t("final_scores", self.lang))
        table.add_column(t("agent", self.lang))
        cards = state.scores()
        for category in cards[0].categories:
            table.add_column(category_label(state.game, category, self.lang), justify="right")
        table.add_column(t("total", self.lang), justify="right")
        extras = list(cards[0].extra)  # e.g. Harmonies solo suns
        for key in extras:
            table.add_column(category_label(state.game, key, self.lang), justify="right")
        for seat, card in enumerate(cards):
            table.add_row(self.seat_name(seat), *[str(v) for v in card.categories.values()], f"[bold]{card.total}[/]",
                          *[str(card.extra.get(key, "")) for key in extras])
        self.console.print(table)
        if state.status == "unfinished":
            self.console.print(t("game_stopped", self.lang))
            return
        winners = state.winners()
        names = ", ".join(self.seat_name(w) for w in winners)
        self.console.print(f"[bold green]{t('winner' if len(winners) == 1 else 'winners', self.lang, name=names)}[/]")
        self.console.print(t("game_over", self.lang))


def _agents(names: Sequence[str], seed: int) -> dict[int, Agent]:
    """The computer players of the seats that are not ``human`` (each seeded from the game's seed)."""
    return {seat: make_agent(name, seed=mix_seed(seed, seat + 1)) for seat, name in enumerate(names)
            if name != HUMAN}


def _actors(record: Record) -> list[int]:
    """Who made each move of a record (already checked by ``replay``)."""
    state = start(record)
    actors = []
    for text in record.actions:
        player = state.current_player
        assert player is not None
        actors.append(player)
        state.play(text)
    return actors


def resume_command(path: Path) -> str:
    """The command that goes on with the game saved at ``path``."""
    return f"hanpan play --resume {shlex.quote(str(path))}"


# --- the start menu ---------------------------------------------------------------------------------
def ask(read: Reader, console: Console, prompt: str, choices: Sequence[str], default: str, lang: str,
        labels: Sequence[str] | None = None) -> str:
    """Ask until one of ``choices`` (its number or itself) is given; Enter takes the default.

    The choices are listed as ``1) …`` (with their ``labels`` when given, one a line).
    """
    console.print(f"{prompt}:")
    if labels is None and sum(len(c) + 5 for c in choices) <= 76:
        console.print("  " + "  ".join(f"[cyan]{i})[/] {escape(c)}" for i, c in enumerate(choices, 1)))
    else:
        for i, label in enumerate(labels or choices, 1):
            console.print(f"  [cyan]{i})[/] {escape(label)}")
    while True:
        answer = read(f"[{default}] > ").strip()
        if not answer:
            return default
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        for choice in choices:
            if answer.lower() == choice.lower():
                return choice
        console.print(f"[red]{t('invalid_choice', lang, allowed=f'1–{len(choices)}, ' + ', '.join(choices))}[/]")


def ask_seed(read: Reader, console: Console, lang: str) -> int | None:
    """A seed as ``hanpan play --seed`` takes it (a whole number ≥ 0), asked again until it is one; Enter: None."""
    while True:
        text = read(f"{t('menu_seed', lang)} > ").strip()
        if not text:
            return None
        try:
            value = int(text)
        except ValueError:
            console.print(f"[red]{t('seed_not_number', lang, text=escape(repr(text)))}[/]")
            continue
        if value < 0:
            console.print(f"[red]{t('seed_negative', lang, value=value)}[/]")
            continue
        return value


def run_menu(lang: str | None = None, console: Console | None = None, read: Reader | None = None) -> int:
    """Choose language, then game, seats, options and seed (or a saved game to go on with) and play; each
    game returns to the menu.  ``quit``, or end of input at any prompt, leaves (0); Ctrl-C in a game: 130."""
    console = console or Console(highlight=False)
    read = read or screen.line_reader()
    chosen = lang or "en"
    try:
        if lang is None:
            chosen = ask(read, console, "Language / 언어", list(LANGS), detect_lang(None), "en",
                         labels=["en — English", "ko — 한국어"])
        while (code := _menu_game(read, console, chosen)) is not None:
            if code == 130:
                return code
    except EOFError:
        pass
    console.print(t("bye", chosen))
    return 0


def _menu_game(read: Reader, console: Console, lang: str) -> int | None:
    """One pass of the menu: a game played (its exit status), or None when the player quits the menu."""
    games = all_games()
    ids = [g.id for g in games]
    labels = [f"{g.id} — {g.name_ko} / {g.name_en} ({t('menu_players', lang, n=g.player_range())})" for g in games]
    choice = ask(read, console, t("menu_game", lang), [*ids, "resume", "quit"], ids[0], lang,
                 labels=[*labels, f"resume — {t('menu_resume', lang)}", f"quit — {t('menu_quit', lang)}"])
    if choice == "quit":
        return None
    if choice == "resume":
        return _menu_resume(read, console, lang)
    game = games[ids.index(choice)]
    count = game.min_players
    if game.max_players > game.min_players:
        counts = [str(n) for n in range(game.min_players, game.max_players + 1)]
        count = int(ask(read, console, t("menu_count", lang), counts, str(game.default_players), lang))
    seats = []
    levels = ladder(game.id, count, tuple(agent_names()))  # weakest first, each with who it suits
    kinds = [HUMAN, *(level.name for level in levels)]
    labels = [f"{HUMAN} — {t('you', lang)}", *(level.line(lang) for level in levels)]
    for seat in range(count):
        default = HUMAN if seat == 0 else ("greedy" if "greedy" in kinds else kinds[-1])
        seats.append(ask(read, console, t("menu_seat", lang, n=seat + 1), kinds, default, lang,
                         labels=labels if seat == 0 else None))  # who each suits: once is enough
    options: dict[str, Any] = {}
    for spec in game.game_options:
        if spec.choices is not None:
            choices = [str(c) for c in spec.choices]
        elif spec.value_type is bool:
            choices = ["true", "false"]
        else:
            continue  # free-form options (files, numbers) are for the command line
        options[spec.name] = ask(read, console, t("menu_options", lang, name=spec.name,
                                                  allowed=spec.help_ko if lang == "ko" else spec.help_en),
                                 choices, str(spec.default).lower() if isinstance(spec.default, bool)
                                 else str(spec.default), lang)
    seed = ask_seed(read, console, lang)
    try:
        terminal = TerminalGame.create(game, seats, seed, options, lang, console, read)
    except HanpanError as e:
        console.print(f"[red]{escape(e.localized(lang))}[/]")
        return 2
    terminal.save_path = saves.new_save_path(game.id, terminal.state.seed)
    console.print(t("menu_start", lang, game=game.name(lang), players=", ".join(seats)))
    return terminal.run()


def _menu_resume(read: Reader, console: Console, lang: str) -> int:
    """Go on with an unfinished game of the games folder, or with a record file given by name."""
    found = saves.unfinished()
    if found:
        console.print(f"{t('menu_saved', lang)}:")
        for i, saved in enumerate(found, 1):
            record = saved.record
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.modified))
            name = game_of(record.game).name(lang) if record.game in [g.id for g in all_games()] else record.game
            console.print(f"  [cyan]{i})[/] {escape(name)} — {t('menu_moves', lang, n=len(record.actions))}, "
                          f"{when} ({escape(', '.join(record.players))})")
    answer = read(f"{t('menu_resume_which' if found else 'menu_resume_file', lang)} > ").strip()
    if not answer:
        return 0
    if answer.isdigit() and 1 <= int(answer) <= len(found):
        path = found[int(answer) - 1].path
    else:
        path = Path(answer).expanduser()
    try:
        record = Record.load(path)
        keep = path if saves.is_save(path) else saves.new_save_path(record.game, record.seed)
        terminal = TerminalGame.resume(record, lang, console, read, save_path=keep)
    except HanpanError as e:
        console.print(f"[red]{escape(e.localized(lang))}[/]")
        return 2
    return terminal.run()
