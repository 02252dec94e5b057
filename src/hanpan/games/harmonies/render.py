"""Terminal drawing of Harmonies with rich: boards as hex grids, the central board, cards.

The board is drawn column by column like the real one: flat-topped hexes, the short
columns half a cell lower.  Each cell shows its name and landscape (line 1) and its
tokens bottom → top as coloured letters (b blue, y yellow, g green, n brown, s grey,
r red), with ``*`` for a cube (line 2).  Cells where a token in hand may go are marked
``+``.  Only ASCII letters and box lines are used, so the grid stays aligned in terminals
that draw ambiguous-width symbols wide (common with Korean fonts).

>>> from hanpan.core.terminal import plain
>>> from hanpan.games.harmonies import GAME
>>> s = GAME.new(players=1, seed=3)
>>> _ = s.play("space 1")
>>> text = plain(render(s, 0, "en"), width=120)
>>> "a1" in text and "Central board" in text
True
>>> describe(s, s.legal_actions()[0], "ko")
'파랑 토큰을 a1에 놓기'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.terminal import key_line, key_table, legend_group, pick, text_width, token_letters, wrap
from hanpan.games.harmonies import actions as A
from hanpan.games.harmonies.board import ACCEPTING, ALL_CELL_NAMES, STACK_KIND, STACKS
from hanpan.games.harmonies.cardset import BUILTIN, CardSet
from hanpan.games.harmonies.data import CARD_IDS, COLOURS, NUM_ANIMALS, SIDE_NAMES, SPIRIT_IDS, name
from hanpan.games.harmonies.state import HarmoniesState

STYLE = {"blue": "bold white on blue", "yellow": "bold black on yellow", "green": "bold white on green4",
         "brown": "bold white on dark_orange3", "grey": "bold black on grey62", "red": "bold white on red"}
LETTER = {"blue": "b", "yellow": "y", "green": "g", "brown": "n", "grey": "s", "red": "r"}
KIND_CODE = ("W", "F", "T1", "T2", "T3", "M1", "M2", "M3", "Bd")
KIND_STYLE = ("blue", "yellow", "green", "green", "green", "grey62", "grey62", "grey62", "red")
CELL_W = 7  # characters per board column


def hex_grid(cells: dict[tuple[int, int], tuple[Text, Text]], width: int) -> Text:
    """Lay out cells keyed by (column, half-row) into text; each cell is 2 lines tall."""
    if not cells:
        return Text("")
    min_c = min(c for c, _ in cells)
    min_y = min(y for _, y in cells)
    max_c = max(c for c, _ in cells)
    max_y = max(y for _, y in cells) + 1
    lines = [[Text(" " * width) for _ in range(max_c - min_c + 1)] for _ in range(max_y - min_y + 1)]
    for (c, y), (top, bottom) in cells.items():
        for k, part in enumerate((top, bottom)):
            piece = part.copy()
            piece.truncate(width, pad=True)
            lines[y - min_y + k][c - min_c] = piece
    out = Text()
    for i, row in enumerate(lines):
        if i:
            out.append("\n")
        for piece in row:
            out.append_text(piece)
    return out


def _half_row(q: int, r: int) -> int:
    row = r + (q - (q & 1)) // 2
    return 2 * row + (q & 1)


def board_text(state: HarmoniesState, player: int, targets: int = 0) -> Text:
    """One player's board; ``targets`` is a mask of cells to mark as legal for a token in hand."""
    side = state.side
    stacks = state.stacks[player]
    cells: dict[tuple[int, int], tuple[Text, Text]] = {}
    for i, (q, r) in enumerate(side.qr):
        sid = stacks[i]
        kind = STACK_KIND[sid]
        top = Text(f" {side.names[i]}", style="bold" if targets & side.bits[i] else "dim")
        if kind >= 0:
            top.append(f" {KIND_CODE[kind]}", style=KIND_STYLE[kind])
        bottom = Text(" ")
        for colour in STACKS[sid]:
            bottom.append(LETTER[colour], style=STYLE[colour])
        if not sid:
            bottom.append("·", style="dim")
        card = state.cube_card[player][i]
        if card >= 0:
            bottom.append("*", style="bold white" if card < NUM_ANIMALS else "bold magenta")
        if targets & side.bits[i]:
            bottom.append("+", style="bold green")
        cells[(q, _half_row(q, r))] = (top, bottom)
    return hex_grid(cells, CELL_W)


def habitat_text(card: int, cardset: CardSet = BUILTIN) -> Text:
    """A card's habitat drawn as a small hex grid; * marks the cube cell."""
    cells: dict[tuple[int, int], tuple[Text, Text]] = {}
    for q, r, kind in cardset.cells[card]:
        code = KIND_CODE[kind] + ("*" if (q, r) == (0, 0) else "")
        cells[(q, _half_row(q, r))] = (Text(f" {code}", style=KIND_STYLE[kind]), Text(""))
    grid = hex_grid(cells, 4)
    grid.rstrip()
    return grid


def _spirit_rule(card: int, lang: str, cardset: CardSet = BUILTIN) -> str:
    """How a Nature's Spirit scores, in ``lang`` (from the card data)."""
    from hanpan.games.harmonies.webdata import spirit_text

    return spirit_text(cardset.spirit_scoring[card])["ko" if lang == "ko" else "en"]


def card_text(state: HarmoniesState, card: int, lang: str) -> Text:
    """One card, a few lines tall: name and id, points track (top → bottom) or how a spirit scores,
    cubes left when owned, habitat (``*``: the cube's cell)."""
    cardset = state.cardset
    cell = Text(f"{name(CARD_IDS[card], lang)} ", style="bold")
    cell.append(f"({CARD_IDS[card]})", style="dim")
    if cardset.points[card]:
        cell.append("\n" + "/".join(str(v) for v in cardset.points[card]))
    else:
        rule = wrap(f"{pick(lang, 'Spirit', '정령')}: {_spirit_rule(card, lang, cardset)}", 34, lang)
        cell.append("\n" + rule, style="italic")
    if state.owner[card] >= 0:
        left = cardset.cubes[card] - state.placed[card]
        cell.append(f" · {pick(lang, 'cubes left', '남은 큐브')} {left}")
    cell.append("\n")
    cell.append_text(habitat_text(card, cardset))
    return cell


def card_table(state: HarmoniesState, cards: Sequence[int], lang: str, title: str,
               per_row: int | None = None) -> RenderableType:
    """Cards side by side under a title: ``per_row`` to a row (None: as many as the width allows)."""
    texts = [card_text(state, c, lang) for c in cards]
    if per_row is None:
        return Group(Text(title, style="bold"), Columns(texts, padding=(0, 3)))
    grid = Table.grid(padding=(0, 3))
    for row in range(0, len(texts), per_row):
        grid.add_row(*texts[row:row + per_row])
    return Group(Text(title, style="bold"), grid)


class _ByWidth:
    """Draws ``wide`` where there are at least ``columns`` columns, else ``narrow`` (None: nothing)."""

    def __init__(self, columns: int, wide: RenderableType, narrow: RenderableType | None) -> None:
        self.columns, self.wide, self.narrow = columns, wide, narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= self.columns:
            yield self.wide
        elif self.narrow is not None:
            yield self.narrow


def _tokens(counts: Sequence[int]) -> Text:
    return token_letters([(COLOURS[c], counts[c]) for c in range(6)], LETTER, STYLE)


def render(state: State, viewer: int | None, lang: str) -> RenderableType:
    """The whole position as ``viewer`` knows it (None: a spectator)."""
    assert isinstance(state, HarmoniesState)
    s = state
    parts: list[RenderableType] = []
    side_en, side_ko = SIDE_NAMES[s.side_id]
    head = Text(pick(lang, "Harmonies", "하모니즈"), style="bold")
    head.append(f" — {pick(lang, 'side', '면')} {s.side_id} ({pick(lang, side_en, side_ko)}), "
                f"{pick(lang, 'round', '라운드')} {s.turn // s.num_players + 1}")
    if s.over:
        head.append(f" — {pick(lang, 'game over', '게임 종료')}")
    else:
        head.append(f", {pick(lang, 'player', '플레이어')} {s.player + 1}")
    head.append(f"\n{pick(lang, 'Pouch', '주머니')}: {s.pouch_count}  "
                f"{pick(lang, 'Cube supply', '큐브 공급처')}: {s.supply}  "
                f"{pick(lang, 'Deck', '카드 더미')}: {len(s.deck)}")
    if s.box:
        head.append(f"  {pick(lang, 'Box', '상자')}: {s.box}")
    if s.ending and not s.over:
        last = pick(lang, "The end is triggered: this round is the last.",
                    "게임 종료 조건 달성: 이번 라운드가 마지막입니다.")
        head.append(f"\n{last}", style="bold red")
    central = Text(pick(lang, "Central board", "중앙판") + ": ", style="bold")
    for k in range(s.nspaces):
        central.append(f" [{k + 1}] ")
        central.append_text(_tokens(s.space_tokens(k)))
    if s.hand_count:
        central.append(f"   {pick(lang, 'In hand', '손에 든 토큰')}: ")
        central.append_text(_tokens(s.hand))
    top = Group(head, central)
    legend = pick(lang, "Tokens b blue y yellow g green n brown s grey r red (bottom → top) · * cube · "
                        "+ a token in hand may go here · W water F field T tree M mountain Bd building",
                  "토큰 b 파랑 y 노랑 g 초록 n 갈색 s 회색 r 빨강 (아래 → 위) · * 큐브 · "
                  "+ 손에 든 토큰을 놓을 수 있는 칸 · W 물 F 들판 T 나무 M 산 Bd 건물")
    # wide: the legend under the head, beside the display's cards (where it costs no line of its own)
    legend_lines = Text(wrap(legend, max(60, text_width(head), text_width(central)), lang), style="dim")
    shown = pick(lang, "Animal cards on display", "펼쳐진 동물 카드")
    beside = Table.grid(padding=(0, 4))
    beside.add_row(Group(head, central, legend_lines),
                   card_table(s, s.display, lang, shown, per_row=max(1, len(s.display))))
    parts.insert(0, _ByWidth(140, beside, Group(top, card_table(s, s.display, lang, shown))))
    scores = s.scores()
    players: list[RenderableType] = []
    for p in range(s.num_players):
        column: list[RenderableType] = []
        targets = 0
        if p == s.player and s.hand_count and not s.over:
            sm = s.sm[p]
            for colour in range(6):
                if s.hand[colour]:
                    for sid in ACCEPTING[colour]:
                        targets |= sm[sid]
            targets &= ~s.cubes[p]
        you = pick(lang, " (you)", " (나)") if viewer == p else ""
        title = Text(f"{pick(lang, 'Personal board', '개인판')} — {pick(lang, 'player', '플레이어')} {p + 1}{you}",
                     style="bold")
        card = scores[p]
        title.append(f"  = {card.total}", style="bold")
        if "suns" in card.extra:
            title.append(f"  {pick(lang, 'suns', '태양')} {card.extra['suns']}")
        column.append(title)
        board = board_text(s, p, targets)
        board_width = text_width(board)
        points = ", ".join(f"{category_name(k, lang)} {v}" for k, v in card.categories.items() if v)
        if points:  # the categories that score, wrapped to the board's width
            column.append(Text(wrap(points, board_width, lang, least=20), style="dim"))
        column.append(board)
        held = list(s.held[p])
        if held and p == viewer:
            column.append(card_table(s, held, lang, pick(lang, "Held cards", "보유 카드"), per_row=3))
        elif held:
            left = pick(lang, "cubes left", "남은 큐브")
            tracks = s.cardset.points
            line = pick(lang, "Held: ", "보유: ") + "; ".join(
                f"{name(CARD_IDS[c], lang)} {'/'.join(str(v) for v in tracks[c]) or pick(lang, 'spirit', '정령')}"
                f", {left} "
                f"{s.cardset.cubes[c] - s.placed[c]}" for c in held)
            column.append(Text(wrap(line, board_width, lang, least=20)))
        done = [c for c in s.owned[p] if c not in held]
        if done:
            column.append(Text(pick(lang, "Completed: ", "완성: ") + ", ".join(
                f"{name(CARD_IDS[c], lang)} {s.cardset.points[c][0]}" for c in done)))
        if s.spirits and s.spirit[p] >= 0 and s.spirit[p] not in held:
            placed = pick(lang, "Nature's Spirit placed: ", "자연의 정령 배치: ")
            column.append(Text(placed + name(CARD_IDS[s.spirit[p]], lang)))
        if s.spirits and s.spirit[p] < 0 and viewer == p and s.dealt:
            column.append(card_table(s, s.dealt[p], lang, pick(lang, "Your Nature's Spirits (keep one)",
                                                                "받은 자연의 정령 (1장 선택)"), per_row=2))
        players.append(Group(*column))
    parts.append(Columns(players, padding=(0, 3)))  # side by side as the width allows
    return Group(*parts)


def category_name(key: str, lang: str) -> str:
    """The English or Korean label of a score category (trees … spirit), e.g. for score tables.

    >>> category_name("mountains", "ko")
    '산'
    """
    names = {"trees": ("trees", "나무"), "mountains": ("mountains", "산"), "fields": ("fields", "들판"),
             "buildings": ("buildings", "건물"), "water": ("water", "물"), "animals": ("animals", "동물"),
             "spirit": ("spirit", "정령"), "suns": ("suns", "태양")}
    return pick(lang, *names[key])


def describe(state: State, action: Action, lang: str) -> str:
    """A short human label of an action."""
    i = action.id
    if i < A.SPACE:
        spirit = SPIRIT_IDS[i - A.KEEP]
        return pick(lang, f"Keep the {name(spirit)} Nature's Spirit", f"{name(spirit, 'ko')} 카드를 갖기")
    if i < A.PLACE:
        k = i - A.SPACE + 1
        return pick(lang, f"Take the 3 tokens of central space {k}", f"중앙판 {k}번 칸의 풍경 토큰 가져오기")
    if i < A.CARD:
        colour, cell = divmod(i - A.PLACE, A.NAMES)
        cname = ALL_CELL_NAMES[cell]
        return pick(lang, f"Place a {COLOURS[colour]} token on {cname}",
                    f"{name(COLOURS[colour], 'ko')} 토큰을 {cname}에 놓기")
    if i < A.CUBE:
        card = CARD_IDS[i - A.CARD]
        return pick(lang, f"Take the {name(card)} animal card", f"{name(card, 'ko')} 동물 카드 가져오기")
    if i < A.DISCARD:
        card_index, cell = divmod(i - A.CUBE, A.NAMES)
        card = CARD_IDS[card_index]
        cname = ALL_CELL_NAMES[cell]
        return pick(lang, f"Put a {name(card)} cube on {cname}", f"{name(card, 'ko')} 큐브를 {cname}에 놓기")
    if i < A.END:
        card = CARD_IDS[i - A.DISCARD]
        return pick(lang, f"Discard {name(card)} from the display and reveal a new card",
                    f"{name(card, 'ko')} 카드를 버리고 새 카드 펼치기")
    return pick(lang, "End the turn", "차례 마치기")



#: the help's examples: (notation, English, Korean)
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("space 2", "take the 3 tokens of central space 2", "중앙판 2번 칸의 토큰 3개 가져오기"),
    ("green c3", "place a green token in hand on cell c3", "손에 든 초록 토큰을 c3에 놓기"),
    ("card fish", "take the Fish animal card from the display", "펼친 물고기 동물 카드 가져오기"),
    ("cube fish d2", "put a Fish cube on d2 (its habitat around it)", "물고기 큐브를 d2에 놓기 (서식지가 맞을 때)"),
    ("keep lion_spirit", "keep the Lion Nature's Spirit (spirits=true)", "사자 자연의 정령 갖기 (spirits=true)"),
    ("discard bee", "solo: discard a displayed card, reveal another", "솔로: 펼친 카드를 버리고 새로 펼치기"),
    ("end", "end the turn", "차례 마치기"),
)


def legend(state: State, viewer: int | None, lang: str) -> RenderableType:
    """The token letters and landscape codes, how each landscape scores, and the Nature's Spirits' scoring.

    >>> import hanpan
    >>> from hanpan.core.terminal import plain
    >>> text = plain(legend(hanpan.game("harmonies").new(players=2, seed=1, spirits=True), 0, "en"))
    >>> "b blue" in text and "Lion" in text and "Each group of fields" in text
    True
    """
    from hanpan.games.harmonies.webdata import catalog

    tongue = "ko" if lang == "ko" else "en"
    c = catalog()
    tokens = key_line(pick(lang, "Tokens (bottom → top): ", "토큰 (아래 → 위): "),
                      [(LETTER[colour], STYLE[colour], name(colour, lang)) for colour in COLOURS])
    marks = pick(lang, "a1 a cell (column letter, row from the top) · W water F field T1–T3 tree M1–M3 mountain "
                       "Bd building (by height) · * a cube (an animal card's, or magenta: a spirit's) · + a token "
                       "in hand may go there · 17/10/5 an animal card's points, top to bottom: a cube comes off "
                       "with each habitat made, the highest value uncovered scores",
                 "a1 칸 이름 (열 글자, 위에서부터 행) · W 물 F 들판 T1–T3 나무 M1–M3 산 Bd 건물 (높이별) · "
                 "* 큐브 (동물 카드, 자홍색은 정령) · + 손에 든 토큰을 놓을 수 있는 칸 · 17/10/5 동물 카드의 점수 "
                 "(위→아래): 서식지를 만들 때마다 큐브를 하나 옮기고, 드러난 가장 높은 값이 점수")
    side = getattr(state, "side_id", "A")
    scoring = key_table((category_name(key.split("_")[0], lang), text[tongue]) for key, text in c["scoring"].items()
                        if (key != "suns" or state.num_players == 1)
                        and not (key.startswith("water_") and key != f"water_{side}"))
    spirits = key_table(((name(card_id, lang), c["spirits"][card_id]["scores"][tongue]) for card_id in SPIRIT_IDS),
                        title=pick(lang, "Nature's Spirits", "자연의 정령"))
    return legend_group(lang, tokens, marks, scoring, spirits)
