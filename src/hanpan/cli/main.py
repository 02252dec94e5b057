"""The ``hanpan`` command: games, play, menu, simulate, replay, analyse, score, bench.

Every bad argument, unknown game or option, or malformed file ends with one line
on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from hanpan.core.errors import HanpanError, PositionError, RecordError
from hanpan.core.options import parse_option_assignments
from hanpan.web.settings import add_options as add_server_options

EXIT_USAGE = 2


class UsageError(Exception):
    """A command-line mistake: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


class _Version(argparse.Action):
    """``--version``, printed as it is (argparse's own would wrap the engine's reason mid-sentence)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(_version())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="hanpan", description="한판 — play, study and stress-test tabletop games.")
    parser.add_argument("--version", action=_Version, help="show the version and which engine runs, and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def lang_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--lang", choices=("en", "ko"), help="language (default: from the locale)")

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--option", action="extend", nargs="+", default=[], metavar="KEY=VALUE",
                       help="a game option, e.g. side=B (see 'hanpan games')")

    p = commands.add_parser("games", help="list the games, their names, player counts and options")
    p.add_argument("--json", action="store_true", help="print JSON")
    lang_option(p)

    p = commands.add_parser("play", help="play a game in the terminal (saved as it goes in your data folder)")
    p.add_argument("game", nargs="?")
    p.add_argument("--players", help="comma-separated seats, e.g. human,greedy")
    p.add_argument("--seed", type=_seed, default=None)
    p.add_argument("--resume", type=Path, default=None, metavar="FILE",
                   help="go on with a saved game (its record is checked first)")
    lang_option(p)
    game_options(p)

    p = commands.add_parser("menu", help="choose a game, seats and language, then play")
    lang_option(p)

    p = commands.add_parser("simulate", help="play many games between computer players")
    many_games(p)
    p.add_argument("--records", type=Path, default=None, metavar="DIR", help="write one record per game")
    p.add_argument("--resume", action="store_true",
                   help="with --records: read back the games already recorded there; play only the rest")
    p.add_argument("--max-turns", type=_positive, default=None,
                   help="stop a game after N turns; it is reported as unfinished")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--timings", action="store_true",
                   help="also time every decision: each player's median, 90th and 99th percentile and longest "
                        "(on this machine; the games played in this run)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    lang_option(p)
    game_options(p)

    p = commands.add_parser("report", help="a balance report: figures, plots and one HTML page from many games")
    many_games(p)
    p.add_argument("--compare", action="append", default=[], metavar="KEY=VALUE",
                   help="also play the same games with this option changed (e.g. side=B, deck=my_deck.json) "
                        "and report every figure side by side; repeat for several changes at once")
    p.add_argument("--out", type=Path, required=True, metavar="DIR",
                   help="folder for report.html, report.json and the plots")
    p.add_argument("--games-file", type=Path, default=None, metavar="FILE",
                   help="keep every game's result in FILE as it finishes (JSON lines; .gz to compress it)")
    p.add_argument("--resume", action="store_true",
                   help="go on with the games already in --games-file (a report stopped half way)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    lang_option(p)
    game_options(p)

    p = commands.add_parser("replay", help="re-play a record, checking every action and the result")
    p.add_argument("record", type=Path)
    p.add_argument("--show", action="store_true", help="draw the position after every turn")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    lang_option(p)

    p = commands.add_parser("analyse", help="review a record: every move marked against a computer level, "
                                             "and each seat's accuracy (docs/analysis.md)")
    p.add_argument("record", type=Path)
    p.add_argument("--level", default="hard", help="the level that reviews (default hard): greedy, easy, normal, "
                                                    "hard or master")
    p.add_argument("--seat", action="append", default=[], metavar="S",
                   help="review only this seat: its number (1 for the first) or its player's name; repeatable")
    p.add_argument("--samples", type=_positive, default=None, help="samples a decision (default 8)")
    p.add_argument("--alternatives", type=int, default=None, help="moves judged besides the level's and the "
                                                                  "one played (default 2)")
    p.add_argument("--rounds", type=_positive, default=None, help="an unsettled mark is played out on up to this "
                   "many times --samples (default 1: never more)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1,
                   help="processes (default: one a core; the review does not depend on it)")
    p.add_argument("--json", action="store_true", help="print the whole review as one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    lang_option(p)

    p = commands.add_parser("score", help="score a position file")
    p.add_argument("game")
    p.add_argument("position", help="a position JSON file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    lang_option(p)

    p = commands.add_parser("serve", help="the web app: play in the browser, with friends online")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--db", default=None,
                   help="SQLAlchemy database URL (default: an SQLite file in your data folder)")
    p.add_argument("--open", action="store_true", help="open the lobby in a browser")
    p.add_argument("--workers", type=_positive, default=1,
                   help="server processes sharing the port and a PostgreSQL database (default 1)")
    p.add_argument("--forwarded-allow-ips", default=None, metavar="ADDRS",
                   help="the proxies (comma-separated addresses, or *) whose X-Forwarded-For names the client "
                        "(default none: the connection's own address is the client's; a proxy on this machine: "
                        "127.0.0.1)")
    add_server_options(p, _positive, _positive_number)  # the server's limits (no web extra needed)
    lang_option(p)

    p = commands.add_parser("bots", help="make the computer seats' decisions that servers started with "
                                         "--bot-workers 0 queue in their database")
    p.add_argument("--db", required=True, help="the servers' SQLAlchemy database URL")
    p.add_argument("--workers", type=_positive, default=2, help="worker processes (default 2)")
    lang_option(p)

    p = commands.add_parser("ratings", help="the web app's ratings: rebuild them from the stored games, "
                                                   "or show a player's")
    p.add_argument("action", choices=("rebuild", "show"))
    p.add_argument("name", nargs="?", default=None, help="a player's name (show)")
    p.add_argument("--db", default=None, help="SQLAlchemy database URL (default: the one hanpan serve uses)")
    p.add_argument("--top", type=_positive, default=10, help="leaderboard places to print after a rebuild")

    p = commands.add_parser("chat", help="the web app's table chats: list the messages players reported")
    p.add_argument("action", choices=("reports",))
    p.add_argument("--db", default=None, help="SQLAlchemy database URL (default: the one hanpan serve uses)")
    p.add_argument("--limit", type=_positive, default=50, help="the newest reports to list (default 50)")

    p = commands.add_parser("admin", help="the web app's admins: grant or revoke the role, list them, read the "
                                          "audit log of their actions")
    p.add_argument("action", choices=("grant", "revoke", "list", "log"))
    p.add_argument("name", nargs="?", default=None, help="an account's name (grant, revoke)")
    p.add_argument("--reason", default="-", help="why (written to the audit log)")
    p.add_argument("--db", default=None, help="SQLAlchemy database URL (default: the one hanpan serve uses)")
    p.add_argument("--limit", type=_positive, default=50, help="the newest audit lines to print (default 50)")

    p = commands.add_parser("db", help="the web app's SQLite database: a consistent copy taken while it serves, "
                                       "or that copy put back (the server stopped)")
    p.add_argument("action", choices=("backup", "restore"))
    p.add_argument("file", help="the backup file (backup: a new file; restore: the copy to put back)")
    p.add_argument("--db", default=None, help="SQLAlchemy database URL (default: the one hanpan serve uses)")

    p = commands.add_parser("data", help="a game's designer data: export the built-in cards or deck as a file to "
                                         "edit, or check an edited one (docs/data.md)")
    p.add_argument("action", choices=("export", "check"))
    p.add_argument("game")
    p.add_argument("file", nargs="?", type=Path, default=None, help="check: the data file")
    p.add_argument("--out", type=Path, default=None, metavar="FILE", help="export: write here (default: print)")
    p.add_argument("--force", action="store_true", help="export: overwrite --out if it exists")
    lang_option(p)

    p = commands.add_parser("bench", help="random complete games per second and decisions per second")
    p.add_argument("game")
    p.add_argument("--num-players", type=_positive, default=None)
    p.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    p.add_argument("--runs", type=_positive, default=5, help="timed runs (the median is shown)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    lang_option(p)
    game_options(p)
    return parser


def _version() -> str:
    from hanpan import __version__
    from hanpan._native import engine
    from hanpan.agents.levels import LEVELS_VERSION
    from hanpan.core.registry import all_games

    names = [name for game in all_games() for name in game.models()]
    return (f"hanpan {__version__}, engine {engine()}\nlevels: {LEVELS_VERSION}"
            + (f"\nmodels: {', '.join(names)}" if names else ""))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not allowed; use 1 or more")
    return value


def _positive_number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not allowed; use a number above 0")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"{value} is not allowed; use 1–65535")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is not allowed; use 0 or more")
    return value


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError(f"--players {text!r} has an empty name; write e.g. human,greedy")
    return names


def _read_json(path: str) -> Any:
    from hanpan.core.record import decode_json

    try:
        raw = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        raise PositionError(f"cannot read {path!r}: {e.strerror}") from None
    return decode_json(raw, "standard input" if path == "-" else repr(path), PositionError)


# --- commands ---------------------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace, lang: str) -> int:
    from hanpan.agents.ladder import ladder
    from hanpan.cli import output
    from hanpan.core.registry import all_games

    rows = []
    for game in all_games():
        counts = range(game.min_players, game.max_players + 1)
        rows.append({
            "id": game.id,
            "name_en": game.name_en,
            "name_ko": game.name_ko,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": [
                {"name": o.name, "default": o.default, "choices": list(o.choices) if o.choices else None,
                 "help": o.help_ko if lang == "ko" else o.help_en}
                for o in game.option_specs
            ],
            "default_players": game.default_players,
            # the computer players, weakest first (measured: docs/strength.md), per player count
            "levels": {str(n): [{"name": level.name, "elo": level.elo, "mean_score": level.mean_score,
                                 "about": level.line(lang)} for level in ladder(game.id, n)] for n in counts},
        })
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
    else:
        output.print_games(rows, lang)
    return 0


def cmd_play(args: argparse.Namespace, lang: str) -> int:
    from hanpan.cli import saves
    from hanpan.cli.play import TerminalGame
    from hanpan.core.record import Record
    from hanpan.core.registry import game

    if args.resume is not None:
        if args.game is not None or args.players is not None or args.seed is not None or args.option:
            raise UsageError("--resume FILE goes on with the record's game, players, seed and options: "
                             "give nothing else")
        record = Record.load(args.resume)
        keep = args.resume if saves.is_save(args.resume) else saves.new_save_path(record.game, record.seed)
        return TerminalGame.resume(record, lang, save_path=keep).run()
    if args.game is None or args.players is None:
        raise UsageError("play needs a game and --players (e.g. hanpan play harmonies --players human,greedy), "
                         "or --resume FILE")
    g = game(args.game)
    options = parse_option_assignments(args.option)
    terminal = TerminalGame.create(g, _names(args.players), args.seed, options, lang)
    terminal.save_path = saves.new_save_path(g.id, terminal.state.seed)
    return terminal.run()


def cmd_menu(args: argparse.Namespace, lang: str) -> int:
    from hanpan.cli.play import run_menu

    return run_menu(args.lang)


def many_games(p: argparse.ArgumentParser) -> None:
    """The arguments of a run of many games (simulate, report): which game, who plays, how many, where."""
    p.add_argument("game")
    p.add_argument("--players", required=True, help="comma-separated agents, e.g. greedy,random")
    p.add_argument("--games", type=_positive, required=True)
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--jobs", type=_positive, default=1, help="processes (results do not depend on it)")
    p.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="play on a Dask cluster: its scheduler (tcp://HOST:8786), or 'local' for a local "
                        "one of --jobs workers (needs hanpan[cluster]; results do not depend on it)")


def cmd_simulate(args: argparse.Namespace, lang: str) -> int:
    from hanpan.analysis.tournament import check_setup, simulate
    from hanpan.cli import output
    from hanpan.core.registry import game

    g = game(args.game)
    names = _names(args.players)
    options: dict[str, Any] = dict(parse_option_assignments(args.option))
    if args.max_turns is not None:
        options["max_turns"] = args.max_turns
    check_setup(g.id, names, options)
    if args.records is not None:
        try:
            args.records.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(f"cannot create --records {str(args.records)!r}: {e.strerror}") from None
    keep = args.records is not None
    if args.resume and not keep:
        raise UsageError("--resume reads the games a run already recorded: give their folder with --records DIR")

    def record_path(index: int) -> Path:
        return Path(args.records) / f"{g.id}-{args.seed}-{index:05d}.json"

    known = _recorded_results(g.id, names, args, options, record_path) if args.resume else {}
    with output.progress(args.games, lang, disable=args.quiet or args.json) as advance:

        def on_result(result: Any) -> None:
            if keep and result.record is not None and result.index not in known:
                record_path(result.index).write_text(json.dumps(result.record, ensure_ascii=False) + "\n", "utf-8")
            advance()

        summary = simulate(g.id, names, args.games, args.seed, options, args.jobs, keep, on_result, known,
                           args.cluster, timings=args.timings)
    if args.json:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        output.print_summary(summary, lang)
    return 0


def cmd_report(args: argparse.Namespace, lang: str) -> int:
    from hanpan.cli.report_progress import ReportProgress
    from hanpan.core.registry import game
    from hanpan.reports.build import make_report

    g = game(args.game)
    options: dict[str, Any] = dict(parse_option_assignments(args.option))
    change: dict[str, Any] = dict(parse_option_assignments(args.compare))
    total = args.games * (2 if change else 1)
    with ReportProgress(total, lang, quiet=args.quiet) as progress:  # lines in a log, a bar in a terminal
        report = make_report(g.id, _names(args.players), args.games, args.out, args.seed, options, change, lang,
                             args.jobs, args.cluster, lambda _: progress.advance(), args.games_file, args.resume,
                             progress.stage)
    page = args.out / "report.html"
    print(f"{page} ({report['figures']['games']} games{' × 2' if change else ''}, {report['wall_seconds']:.0f} s; "
          f"{len(report['flags'])} flagged)")
    return 0


def _recorded_results(game_id: str, names: list[str], args: argparse.Namespace, options: dict[str, Any],
                      record_path: Callable[[int], Path]) -> dict[int, Any]:
    """The results of this run's games already recorded (``--resume``), read back from their records."""
    from hanpan.analysis.tournament import normalize_options, result_from_record
    from hanpan.core.record import Record

    parsed = normalize_options(game_id, options)
    known = {}
    for index in range(args.games):
        path = record_path(index)
        if path.exists():
            try:
                known[index] = result_from_record(game_id, names, index, args.seed, parsed, Record.load(path))
            except RecordError as e:
                raise RecordError(f"{path}: {e}; remove it or record this run in another folder") from None
    return known


def cmd_replay(args: argparse.Namespace, lang: str) -> int:
    from hanpan.cli import output
    from hanpan.core.record import Record, replay

    record = Record.load(args.record)
    state = replay(record)  # checked before anything is drawn: a bad move is named by its number
    if args.show:
        output.show_replay(record, lang)
    result = record.result if record.result is not None else {"status": state.status}
    if args.json:
        print(json.dumps({"ok": True, "moves": len(record.actions), "status": state.status,
                          "scores": [c.to_json() for c in state.scores()], "winners": list(state.winners())}))
    else:
        from hanpan.cli.i18n import t

        print(t("replay_ok", lang, moves=len(record.actions), result=json.dumps(result, ensure_ascii=False)))
    return 0


def cmd_score(args: argparse.Namespace, lang: str) -> int:
    from hanpan.cli import output
    from hanpan.core.registry import game

    g = game(args.game)
    card = g.score_position(_read_json(args.position))
    if args.json:
        print(json.dumps(card.to_json(), ensure_ascii=False))
    else:
        output.print_score(g, card, lang)
    return 0


def cmd_analyse(args: argparse.Namespace, lang: str) -> int:
    from hanpan.cli.analyse import command

    return command(args, lang)


def cmd_bench(args: argparse.Namespace, lang: str) -> int:
    from hanpan.analysis.bench import bench
    from hanpan.cli.i18n import t
    from hanpan.core.registry import game

    g = game(args.game)
    options = parse_option_assignments(args.option)
    players = args.num_players if args.num_players is not None else g.default_players
    g.new(players=players, seed=0, **options)  # refuse bad counts and options before timing
    if args.seconds <= 0:
        raise UsageError(f"--seconds must be more than 0, not {args.seconds}")
    result = bench(g.id, players, seconds=args.seconds, runs=args.runs, options=options)
    if args.json:
        print(json.dumps(result))
    else:
        print(t("bench_line", lang, game=g.name(lang), players=players, games_per_s=result["games_per_s"],
                decisions_per_s=result["decisions_per_s"], engine=result["engine"]))
    return 0


def cmd_serve(args: argparse.Namespace, lang: str) -> int:
    try:
        from hanpan.web.serve import serve
    except ImportError as e:
        raise UsageError(f"the web app needs the 'web' extra ({e.name} is missing): "
                         "pip install 'hanpan[web]', or run make play") from None
    from hanpan.web.settings import from_options

    try:
        settings = from_options(args)
    except ValueError as e:
        raise UsageError(str(e)) from None
    return serve(args.host, args.port, args.db, args.open, settings, args.workers, args.forwarded_allow_ips)


def cmd_bots(args: argparse.Namespace, lang: str) -> int:
    try:
        from hanpan.web.bot_service import run_bots
        from hanpan.web.serve import check_db_url
    except ImportError as e:
        raise UsageError(f"hanpan bots needs the 'web' extra ({e.name} is missing): "
                         "pip install 'hanpan[web]'") from None
    return run_bots(check_db_url(args.db), args.workers)


def cmd_data(args: argparse.Namespace, lang: str) -> int:
    from hanpan.cli.data_command import command

    return command(args.action, args.game, args.file, args.out, args.force, lang)


def cmd_ratings(args: argparse.Namespace, lang: str) -> int:
    if (args.action == "show") != (args.name is not None):
        raise UsageError("write hanpan ratings rebuild, or hanpan ratings show NAME")
    try:
        from hanpan.web.ratings_command import command
    except ImportError as e:
        raise UsageError(f"ratings need the 'web' extra ({e.name} is missing): pip install 'hanpan[web]'") from None
    return command(args.action, args.db, args.name, args.top)


def cmd_chat(args: argparse.Namespace, lang: str) -> int:
    try:
        from hanpan.web.chat_command import command
    except ImportError as e:
        raise UsageError(f"chat needs the 'web' extra ({e.name} is missing): pip install 'hanpan[web]'") from None
    return command(args.db, args.limit)


def cmd_admin(args: argparse.Namespace, lang: str) -> int:
    try:
        from hanpan.web.admin_command import command
    except ImportError as e:
        raise UsageError(f"admin needs the 'web' extra ({e.name} is missing): pip install 'hanpan[web]'") from None
    return command(args.action, args.name, args.db, args.limit, args.reason)


def cmd_db(args: argparse.Namespace, lang: str) -> int:
    try:
        from hanpan.web.db_command import command
    except ImportError as e:
        raise UsageError(f"db needs the 'web' extra ({e.name} is missing): pip install 'hanpan[web]'") from None
    return command(args.action, args.file, args.db)


COMMANDS = {
    "games": cmd_games,
    "play": cmd_play,
    "menu": cmd_menu,
    "simulate": cmd_simulate,
    "report": cmd_report,
    "replay": cmd_replay,
    "score": cmd_score,
    "analyse": cmd_analyse,
    "bench": cmd_bench,
    "data": cmd_data,
    "serve": cmd_serve,
    "ratings": cmd_ratings,
    "chat": cmd_chat,
    "db": cmd_db,
    "admin": cmd_admin,
    "bots": cmd_bots,
}


def _broken_pipe() -> None:
    """Rich's console answers a closed pipe with ``SystemExit(1)``; make it the BrokenPipeError it is."""
    raise BrokenPipeError


def _quiet_stdout() -> None:
    """The reader of standard output went away (``| head``): send what is left to /dev/null, so that
    Python's flush at exit does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (e.g. captured in tests)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0 ok, 2 bad input).

    A reader that closes the pipe early (``hanpan ... | head``) ends the command quietly with status 0.
    """
    from hanpan.cli import output
    from hanpan.cli.i18n import detect_lang

    output.console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]
    lang = "en"
    try:
        args = build_parser().parse_args(argv)
        lang = detect_lang(getattr(args, "lang", None))
        status = COMMANDS[args.command](args, lang)
        sys.stdout.flush()  # a closed pipe shows here, not in Python's flush at exit
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except UsageError as e:
        print(f"hanpan: error: {e}".replace("hanpan: error: hanpan", "hanpan"), file=sys.stderr)
        return EXIT_USAGE
    except HanpanError as e:
        print(f"hanpan: error: {e.localized(lang)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
