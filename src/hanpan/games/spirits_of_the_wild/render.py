"""Terminal drawing of Spirits of the Wild (rich), in English or Korean.

>>> import hanpan
>>> from hanpan.core.terminal import plain
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=3)
>>> describe(state, state.legal_actions()[0], "en"), describe(state, state.legal_actions()[0], "ko")
('Take 1 stone from the tray', '접시에서 돌 1개 가져오기')
>>> "Tray: B W P Y" in plain(render(state, 0, "en"))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.terminal import Words, key_line, key_table, legend_group, pick, token_letters
from hanpan.games.spirits_of_the_wild.data import ANIMALS, COLOURS, SPIRIT_TEXT, STONES, name
from hanpan.games.spirits_of_the_wild.webdata import CARD_LABEL, catalog

if TYPE_CHECKING:
    from hanpan.games.spirits_of_the_wild.state import SpiritsState

STYLE = {
    "blue": "bold blue", "teal": "bold cyan", "orange": "bold dark_orange", "white": "bold white",
    "purple": "bold magenta", "yellow": "bold yellow", "spirit": "bold bright_white on grey35",
}
# Stones are drawn as their colour's initial, so boards read without colour too.
LETTER = {"blue": "B", "teal": "T", "orange": "O", "white": "W", "purple": "P", "yellow": "Y", "spirit": "◆"}
SLOT, SPIRIT_STONE, SPIRIT_SLOT = "·", "◆", "◇"

WORDS: dict[str, tuple[str, str]] = {
    "tray": ("Tray", "접시"), "bag": ("Bag", "주머니"), "stones": ("stones", "개"),
    "spirit_out": ("Spirit stones out: {n} ({end} end the game)",
                   "주머니 밖 영혼석: {n}개 ({end}개면 게임 끝)"),
    "piles": ("Great Spirit piles (top usable)", "영혼카드 더미 (맨 위만 사용)"),
    "pile": ("Pile {n}", "{n}번 더미"), "unknown": ("?", "?"),
    "turns": ("Turns played: {n}", "지난 차례: {n}번"), "hand": ("In hand", "손에 든 돌"),
    "cards": ("Action cards", "액션카드"), "up": ("face up", "앞면"), "down": ("face down", "뒷면"),
    "coyote": ("coyote", "코요테"), "points": ("points", "점"), "point": ("point", "점"), "total": ("Total", "합계"),
    "player": ("Player {n}", "플레이어 {n}"), "to_take": ("to take: {n}", "가져올 돌: {n}"),
    "coyote_middle": ("The coyote is in the middle.", "코요테는 가운데에 있습니다."),
    "coyote_on": ("The coyote is on Player {n}'s {animal}.", "코요테: 플레이어 {n}의 {animal}에 있음."),
    "spirit_pile": ("Spirit pile {n}", "영혼카드 {n}번 더미"), "then": ("then", "다음"),
}
_w = Words(WORDS)


def _place_name(place: str, lang: str) -> str:
    """'owl2' → 'Owl 2', 'beaver3' → 'Beaver 3-set', an animal ('owl', 'salmon') → its name."""
    if place in ANIMALS:
        return name(place, lang)
    if place.startswith("owl"):
        return f"{name('owl', lang)} {place[3]}" + ("번 짝" if lang == "ko" else "")
    if place.startswith("beaver"):
        return f"{name('beaver', lang)} {place[6]}" + ("개 세트" if lang == "ko" else "-set")
    return name(place, lang)


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _stone(kind: str, lang: str) -> str:
    """'blue stone' / '파랑 돌'; the spirit stone is already named as a stone."""
    if kind == "spirit":
        return name(kind, lang)
    return f"{name(kind, lang)} 돌" if lang == "ko" else f"{name(kind, lang)} stone"


def describe(state: State, action: Action, lang: str) -> str:
    """A short label of an action, e.g. 'Put a blue stone on Owl 2'."""
    words = str(action).split()
    ko = lang == "ko"
    head = words[0]
    if head in CARD_LABEL:
        return pick(lang, *CARD_LABEL[head])
    if head in SPIRIT_TEXT:
        en_text, ko_text = SPIRIT_TEXT[head]
        return (f"영혼카드 사용하고 액션카드 복구: {name(head, lang)} — {ko_text}" if ko
                else f"Spirit & refresh with the {name(head, lang)}: {en_text}")
    if head == "take":
        return f"{_stone(words[1], lang)} 가져오기" if ko else f"Take {_a(_stone(words[1], lang))}"
    if head == "return":
        where = _place_name(words[2], lang)
        return (f"{where}의 {_stone(words[1], lang)}을 접시로" if ko
                else f"Return the {_stone(words[1], lang)} of your {where} to the tray")
    if head == "bag":
        return (f"접시의 {_stone(words[1], lang)}을 주머니에 넣기" if ko
                else f"Put {_a(_stone(words[1], lang))} from the tray into the bag")
    if head == "coyote":
        if words[1] == "stay":
            return "코요테를 그대로 두기" if ko else "Leave the coyote where it is"
        return (f"코요테를 상대의 {name(words[1], lang)}(으)로" if ko
                else f"Move the coyote onto your opponent's {name(words[1], lang)}")
    if head == "spirit":
        return (f"영혼석을 {name(words[1], lang)}의 영혼석 칸에" if ko
                else f"Put the spirit stone on the {name(words[1], lang)}'s spirit slot")
    where = _place_name(words[1], lang)
    return f"{_stone(head, lang)}을 {where}에 놓기" if ko else f"Put {_a(_stone(head, lang))} on {where}"


def category_name(key: str, lang: str) -> str:
    """A score category (an animal) in ``lang``.

    >>> category_name("turtle", "ko")
    '거북이'
    """
    return name(key, lang)


def _stones(counts: dict[str, int]) -> Text:
    return token_letters([(kind, counts.get(kind, 0)) for kind in STONES], LETTER, STYLE, gap=" ")


def _slots(colours: list[str], size: int) -> Text:
    text = Text()
    for i in range(size):
        if i < len(colours):
            text.append(LETTER[colours[i]], style=STYLE[colours[i]])
        else:
            text.append(SLOT, style="dim")
    return text


def _board(view: dict[str, Any], player: int, lang: str) -> Panel:
    board = view["boards"][player]["animals"]
    spirits = view["boards"][player]["spirit_stones"]
    score = view["scores"][player]
    coyote = view["coyote"]
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    shapes = {
        "owl": lambda: Text("  ").join([_slots(pair, 2) for pair in board["owl"]]),
        "rabbit": lambda: _slots(board["rabbit"], 3),
        "beaver": lambda: Text("  ").join([_slots(board["beaver"][0], 3), _slots(board["beaver"][1], 2)]),
        "salmon": lambda: _slots(board["salmon"], 6),
        "turtle": lambda: _slots(board["turtle"], 5),
    }
    for animal in ANIMALS:
        spirit = Text(SPIRIT_STONE, style=STYLE["spirit"]) if animal in spirits else Text(SPIRIT_SLOT, style="dim")
        label = Text(name(animal, lang))
        if coyote is not None and coyote["player"] == player and coyote["animal"] == animal:
            label.append("!", style="bold red")  # the head line says where the coyote is
        points = _w("point" if score[animal] == 1 else "points", lang)
        table.add_row(label, shapes[animal](), spirit, f"{score[animal]} {points}")
    table.add_row(_w("total", lang), "", "", f"[bold]{score['total']}[/]")
    cards = view["action_cards"][player]
    faces = Text()
    for card in ("take1", "take2", "add2", "add3"):
        up = cards[card]
        count = f"×{up}" if card == "take1" and up else ""
        faces.append(f"{card}{count}" if up else f"-{card}", style="green" if up else "dim")  # -: face down
        faces.append(" ")
    faces.append("spirit", style="green")
    title = _w("player", lang, n=player + 1)
    if view.get("you") == player:
        title += " ★"
    if view["current_player"] == player:
        title = f"▶ {title}"
    return Panel(Group(table, faces), title=title, title_align="left", expand=False)


def render(state: State, viewer: int | None, lang: str) -> RenderableType:
    """The position as ``viewer`` knows it (None: a spectator; everything here is public)."""
    view = state.view(0 if viewer is None else viewer)
    if viewer is None:
        view["you"] = None
    head = Text.from_markup(
        f"[bold]{_w('turns', lang, n=view['turn'])}[/]   "
        f"{_w('bag', lang)}: {sum(view['bag'].values())} {_w('stones', lang)}   "
        + _w("spirit_out", lang, n=view["spirit_stones_out"], end=cast("SpiritsState", state).components.to_end)
    )
    parts: list[RenderableType] = [head]
    for i, pile in enumerate(view["spirit_piles"]):  # one line a pile: the usable top card and what it does
        shown = [name(c, lang) if c else _w("unknown", lang) for c in pile]
        top = pile[0]
        line = Text(f"{_w('spirit_pile', lang, n=i + 1)}: ", no_wrap=True, overflow="ellipsis")
        line.append(shown[0], style="bold")
        if top:
            line.append(f" — {SPIRIT_TEXT[top][1 if lang == 'ko' else 0]}")
        if shown[1:]:
            line.append(f"  ({_w('then', lang)} {' / '.join(shown[1:])})", style="dim")
        parts.append(line)
    tray = Text(f"{_w('tray', lang)}: ").append_text(_stones(view["tray"]))
    if any(view["held"].values()):
        tray.append(f"  {_w('hand', lang)}: ").append_text(_stones(view["held"]))
    if view["to_take"]:
        tray.append("  " + _w("to_take", lang, n=view["to_take"]))
    coyote = view["coyote"]
    where = (_w("coyote_middle", lang) if coyote is None
             else _w("coyote_on", lang, n=coyote["player"] + 1, animal=name(coyote["animal"], lang)))
    tray.append(f"  {where}", style="dim" if coyote is None else "bold red")
    parts.append(tray)
    boards = Table.grid(padding=(0, 2))
    boards.add_row(*[_board(view, p, lang) for p in range(2)])
    parts.append(boards)
    return Group(*parts)


#: the help's examples: (notation, English, Korean)
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("take1", "use an action card (take1, take2, add2, add3)", "액션카드 쓰기 (take1, take2, add2, add3)"),
    ("take teal", "take a teal stone from the tray", "접시에서 청록 돌 가져오기"),
    ("teal salmon", "put the teal stone in hand on your salmon", "손에 든 청록 돌을 연어에 놓기"),
    ("blue owl2", "… on the owl's second pair", "… 올빼미의 두 번째 짝에"),
    ("spirit turtle", "put the spirit stone on the turtle's spirit slot", "영혼석을 거북이의 영혼석 칸에"),
    ("bear", "Spirit & refresh with the Bear on top of a pile", "더미 맨 위 곰으로 영혼카드 사용"),
    ("coyote salmon", "move the coyote onto your opponent's salmon", "코요테를 상대의 연어로"),
    ("return white beaver3", "Deer: return that stone to the tray", "사슴: 그 돌을 접시로"),
    ("bag spirit", "Bison: put a tray stone into the bag", "들소: 접시의 돌을 주머니에"),
)


def legend(state: State, viewer: int | None, lang: str) -> RenderableType:
    """What the letters and marks mean, how each animal scores, what each card does (public facts only).

    >>> import hanpan
    >>> from hanpan.core.terminal import plain
    >>> text = plain(legend(hanpan.game("spirits_of_the_wild").new(players=2, seed=1), 0, "en"))
    >>> "B blue" in text and "-take2" in text
    True
    """
    ko = lang == "ko"
    tongue = "ko" if ko else "en"
    c = catalog()
    stones = key_line("돌: " if ko else "Stones: ", [(LETTER[s["id"]], STYLE[s["id"]], s[tongue]) for s in c["stones"]])
    marks = (
        f"{SLOT} 빈 칸 · {SPIRIT_SLOT}/{SPIRIT_STONE} 영혼석 칸 (비었음/찼음: 그 동물 점수 ×{c['spirit_multiplier']}, "
        "돌을 더 받지 않음) · 이름 뒤 ! 코요테가 있는 동물 (돌을 받지 않음) · ★ 나 · ▶ 둘 차례 · "
        "take1×2 앞면 장수 · -take2 뒷면 카드 · ? 아직 모르는 영혼카드"
        if ko else
        f"{SLOT} empty slot · {SPIRIT_SLOT}/{SPIRIT_STONE} spirit-stone slot, empty/filled (that animal scores "
        f"×{c['spirit_multiplier']} and takes no more stones) · ! after a name: the coyote is there (the animal "
        "takes no stone) · ★ you · ▶ to move · take1×2 copies face up · -take2 a face-down card · ? a spirit "
        "card not yet seen")
    rows = [(animal[tongue], animal["scoring"][tongue]) for animal in c["animals"]]
    rows += [(card["id"], card["text"][tongue]) for card in c["action_cards"]]
    rows += [(card[tongue], card["text"][tongue]) for card in c["spirit_cards"]]
    return legend_group(lang, stones, marks, key_table(rows))


__all__ = ["COLOURS", "EXAMPLES", "category_name", "describe", "legend", "render"]
