"""Terminal drawing of Four Gardens (rich), in English or Korean, from what one player knows.

Everything drawn comes from ``state.view(viewer)`` (a spectator, ``viewer=None``,
sees the view of no seat: only public facts), so nothing hidden can leak here.

>>> import hanpan
>>> from hanpan.core.terminal import plain
>>> state = hanpan.game("four_gardens").new(players=2, seed=3)
>>> describe(state, state.legal_actions()[0], "en")
'Play: put red 2/2 (Autumn) into your garden, base side up'
>>> describe(state, state.legal_actions()[0], "ko")
'내려 놓기: 빨강 2/2 (가을)을(를) 기초 면으로 정원에 놓기'
>>> "Tower" in plain(render(state, 0, "en"), width=120)
True
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.terminal import Words, key_line, key_table, legend_group, pick, text_width
from hanpan.games.four_gardens.data import COLOURS, GODS, RESOURCES, SIZES, name

STYLE = {
    "red": "bold red", "orange": "bold dark_orange", "green": "bold green", "blue": "bold blue",
    "spring": "yellow", "summer": "red", "autumn": "magenta", "winter": "blue", "wild": "bold white",
    "stone": "grey70", "water": "cyan", "grass": "green", "wood": "dark_orange3",
}
LETTER = {"stone": "S", "water": "W", "grass": "G", "wood": "T"}

WORDS: dict[str, tuple[str, str]] = {
    "tower": ("Tower (your side: {side})", "탑 (내 쪽: {side}면)"), "floor": ("Floor", "층"),
    "you": ("you", "나"), "sides": ("sides", "면"), "tracks": ("Favour tracks", "총애 트랙"),
    "supply": ("Supply", "공급처"), "storage": ("Storage", "창고"), "hand": ("Hand", "손패"),
    "display": ("Display", "펼친 카드"), "deck": ("Deck: {n} cards, top", "카드 더미: {n}장, 맨 위"),
    "discard": ("Discards: {n}", "버린 카드: {n}장"), "garden": ("Garden", "정원"),
    "player": ("Player {n}", "플레이어 {n}"), "round": ("Round {n}", "{n}라운드"),
    "bonus": ("Bonus tiles", "보너스 타일"), "whims": ("Whims", "변덕 타일"),
    "revealed": ("Whim tiles revealed", "펼친 변덕 타일"), "removed": ("removed", "제거됨"),
    "hidden": ("base side hidden", "기초 면 비공개"), "landscapes": ("landscape cards", "풍경 카드"),
    "landscape": ("landscape card", "풍경 카드"),
    "total": ("Total", "합계"), "gain": ("gain 1", "자원 1개 획득"), "empty": ("—", "—"),
    "over": ("Game over", "게임 종료"), "unfinished": ("Stopped unfinished (turn limit)", "미완료로 멈춤 (턴 제한)"),
    "actions": ("actions {a}/{b}", "행동 {a}/{b}"), "oppressed": ("oppressed", "압제"),
    "piles": ("Bonus piles", "보너스 타일 더미"), "none": ("none", "없음"),
    "whim_held": ("kept", "보유"), "whim_face_down": ("face down", "뒷면"), "whim_removed": ("used", "사용함"),
    "whim_placed": ("placed", "놓음"),
}
_w = Words(WORDS)


def _god(god: str, lang: str) -> Text:
    return Text(name(god, lang), style=STYLE.get(god, ""))


def _landscape(card: dict[str, Any], lang: str) -> Text:
    text = Text()
    text.append(f"{name(card['colour'], lang)} {card['position']}", style=STYLE[card["colour"]])
    text.append(" · ")
    text.append_text(_god(card["god"], lang))
    return text


def _base(card: dict[str, Any], lang: str, tokens: dict[str, int] | None = None) -> Text:
    text = Text()
    if card["action"] == "gain":
        text.append("+1")  # gain 1 (the legend says so)
    else:
        arrow = "↑" if card["direction"] == "up" else "↓"
        text.append(f"⟳{card['floor']}{arrow}")
    text.append(" [")
    need = {r: card["cost"].count(r) for r in RESOURCES if r in card["cost"]}
    for r, count in need.items():
        have = (tokens or {}).get(r, 0)
        text.append(LETTER[r] * have, style=STYLE[r])
        text.append(LETTER[r].lower() * (count - have), style="dim")
    text.append("]")
    return text


def _card(card: dict[str, Any], lang: str, tokens: dict[str, int] | None = None) -> Text:
    """A card with what is known of it: id, landscape side, base side."""
    text = Text()
    if "id" in card:
        text.append(f"c{card['id']} ", style="bold")
    text.append_text(_landscape(card, lang))
    if "action" in card:
        text.append("  ")
        text.append_text(_base(card, lang, tokens))
    else:
        text.append("  ?", style="dim")  # the base side is hidden
    return text


def _tower(view: dict[str, Any], viewer: int | None, lang: str) -> Panel:
    mine = view["players"][viewer]["side"] if viewer is not None else 0
    table = Table(box=None, padding=(0, 1))
    table.add_column(_w("floor", lang), no_wrap=True)
    seats = {p["side"]: i for i, p in enumerate(view["players"])}
    order = [(mine + k) % 4 for k in range(4)]
    for side in order:
        if side == mine and viewer is not None:
            who = _w("you", lang)
        elif side in seats:
            who = f"P{seats[side] + 1}"
        else:
            who = ""
        table.add_column(f"{side}\n{who}", justify="center")
    for floor in reversed(view["tower"]):
        res = floor["resource"]
        cells = [Text(LETTER[res] * floor["icons"][side] or "·", style=STYLE[res]) for side in order]
        table.add_row(Text(f"{floor['floor']} {name(res, lang)}", style=STYLE[res]), *cells)
    return Panel(table, title=_w("tower", lang, side=mine), expand=False)


def _tracks(view: dict[str, Any], lang: str) -> Table:
    table = Table(title=_w("tracks", lang), padding=(0, 1), box=None, header_style="bold")
    table.add_column("", no_wrap=True)
    for i in range(len(view["players"])):
        table.add_column(f"P{i + 1}", justify="right")
    for god in (*GODS, "bonus", "whims", "total"):
        label = _god(god, lang) if god in GODS else Text(
            _w("total", lang) if god == "total" else _w("bonus" if god == "bonus" else "whims", lang))
        row = []
        for p in view["players"]:
            if god in GODS:
                space = p["markers"][god]
                row.append(str(space) if space else _w("removed", lang))
            else:
                row.append(str(p["score"][god]))
        table.add_row(label, *row)
    return table


def _garden(view: dict[str, Any], index: int, viewer: int | None, lang: str) -> Panel:
    p = view["players"][index]
    lines: list[Text] = []
    done: list[Text] = []
    for card in p["garden"]:
        if card["side"] == "landscape":  # completed: gathered on a few lines below
            line = Text(f"c{card['id']} ", style="bold")
            line.append_text(_landscape(card, lang))
            done.append(line)
            continue
        else:
            line = Text(f"c{card['id']} ", style="bold")
            line.append(f"{name(card['colour'], lang)} {card['position']} ", style=STYLE[card["colour"]])
            line.append_text(_base(card, lang, card["tokens"]))
            if view["oppressed"] == card["id"]:
                line.append(f" ({_w('oppressed', lang)})", style="bold red")
        lines.append(line)
    store = Text(f"{_w('storage', lang)} {sum(p['storage'].values())}/{p['capacity']}: ")
    for r in RESOURCES:
        store.append(LETTER[r] * p["storage"][r], style=STYLE[r])
    lines.append(store)
    extras = [f"{name(t['pile'], lang)} {t['value']}" for t in p["bonus_tiles"]]
    extras += [f"{name(w, lang)} ({_w('whim_' + s, lang)})" for w, s in p["whims"].items()]
    if extras:
        lines.append(Text(", ".join(extras), style="italic"))
    hand = p["hand"]
    if hand:
        lines.append(Text(f"{_w('hand', lang)}:", style="bold"))
        lines.extend(_card(c, lang) for c in hand)
    if done:  # the completed landscapes, several to a line, as wide as the rest of the garden
        width = max([28, *(text_width(line) for line in lines)])
        row = Text()
        rows: list[Text] = []
        for k, item in enumerate(done):
            piece = Text(", ") if row.plain else Text()
            piece.append_text(item)
            if row.plain and row.cell_len + piece.cell_len > width:
                rows.append(row)
                row, piece = Text(), item
            row.append_text(piece)
            if k == len(done) - 1:
                rows.append(row)
        lines[:0] = rows
    title = _w("player", lang, n=index + 1) + (f" ({_w('you', lang)})" if index == viewer else "")
    title += f" — {p['landscapes']} {_w('landscape' if p['landscapes'] == 1 else 'landscapes', lang)}"
    style = "bold green" if view["current_player"] == index else ""
    return Panel(Group(*lines), title=title, border_style=style, expand=False)


def render(state: State, viewer: int | None, lang: str) -> RenderableType:
    """The position as ``viewer`` knows it (None: a spectator seeing only public facts)."""
    view = state.view(viewer if viewer is not None else -1)
    parts: list[RenderableType] = []
    ts = view["turn_state"]
    # every seat has one turn a round, in seat order (a seat that cannot act passes): state.turn counts seat-turns
    head = Text(_w("round", lang, n=view["turn"] // len(view["players"]) + 1) + "  ")
    if view["status"] == "finished":
        head.append(_w("over", lang), style="bold")
    elif view["status"] == "unfinished":
        head.append(_w("unfinished", lang), style="bold")
    else:
        head.append(_w("player", lang, n=view["current_player"] + 1) + " · "
                    + _w("actions", lang, a=ts["actions_done"], b=ts["actions_allowed"]))
    parts.append(head)
    supply = Text(f"{_w('supply', lang)}: ")
    for r in RESOURCES:
        supply.append(f"{name(r, lang)} {view['supply'][r]}  ", style=STYLE[r])
    market: list[RenderableType] = [supply, Text(f"{_w('display', lang)}:", style="bold")]
    market += [_card(c, lang) for c in view["display"]]
    deck = Text(_w("deck", lang, n=view["deck"]["size"]) + ": ")
    if view["deck"]["top"]:
        deck.append_text(_landscape(view["deck"]["top"], lang))
    else:
        deck.append(_w("empty", lang))
    market.append(deck)
    market.append(Text(_w("discard", lang, n=len(view["discard"]))))
    if view["whims"]["revealed"] or view["options"].get("whims"):
        market.append(Text(f"{_w('revealed', lang)}: "
                           + (", ".join(name(w, lang) for w in view["whims"]["revealed"]) or _w("none", lang))))
    else:
        piles = ", ".join(f"{name(b, lang)} {v[-1]}" for b, v in view["bonus_piles"].items() if v)
        market.append(Text(f"{_w('piles', lang)}: {piles or _w('none', lang)}"))
    # tower, tracks and market side by side as the width allows
    parts.append(Columns([_tower(view, viewer, lang), _tracks(view, lang), Panel(Group(*market), expand=False)],
                         padding=(0, 2)))
    order = list(range(len(view["players"])))
    if viewer is not None and 0 <= viewer < len(order):
        order = order[viewer:] + order[:viewer]
    parts.append(Columns([_garden(view, i, viewer, lang) for i in order], padding=(0, 1)))
    return Group(*parts)


# --- action labels ---------------------------------------------------------------------------------
#: the score card's keys that break ties and are not points (the page shows them apart from the points)
TIEBREAKERS: tuple[str, ...] = ("landscapes", "largest")
#: score categories that are not gods, and the tie-break extras of a score card
CATEGORIES: dict[str, tuple[str, str]] = {
    "bonus": ("Bonus tiles", "보너스 타일"), "whims": ("Whim tiles", "변덕 타일"),
    "cards": ("Card points (deck file)", "카드 점수 (덱 파일)"),
    "landscapes": ("Landscape cards", "풍경 카드"), "largest": ("Largest landscape", "가장 큰 풍경"),
    "total": ("Total", "합계"),
}


def category_name(key: str, lang: str) -> str:
    """A score category (a god's favour, bonus or whim points) in ``lang``.

    >>> category_name("spring", "ko"), category_name("bonus", "en")
    ('봄', 'Bonus tiles')
    """
    return pick(lang, *CATEGORIES[key]) if key in CATEGORIES else name(key, lang)


def _collected(state: State, action: Action) -> dict[str, int] | None:
    """What a rotation would put into the mover's storage, by resource (None: not a Four Gardens state).

    Only public facts decide it (the tower, the supply, the mover's storage and capacity, and the
    rotating card's base side, which the mover holds), so trying the move on a clone reveals nothing:
    whatever hidden draw may follow the action cannot change the mover's storage.
    """
    from hanpan.games.four_gardens.state import GardensState

    p = state.current_player
    if not isinstance(state, GardensState) or p is None:
        return None
    after = state.clone()
    after.apply(action)
    b = p * len(RESOURCES)
    return {r: n for i, r in enumerate(RESOURCES) if (n := after.store[b + i] - state.store[b + i]) > 0}


#: the words of an action by its head (or its head and first argument), (English, Korean): {0}, {1}… are
#: its arguments, {r[0]}, {r[1]}… their names, {h} the head's name and {at} its second argument as a place
_LABELS: dict[str, tuple[str, str]] = {
    "play": ("Play: put {0} into your garden, base side up", "내려 놓기: {0}을(를) 기초 면으로 정원에 놓기"),
    "gain": ("Gain (discard {0}): 1 resource of your choice onto a base card or into storage",
             "획득 ({0} 버림): 원하는 자원 1개를 기초 카드나 창고에"),
    "rearrange": ("Rearrange (discard {0}): move resources from storage and between base cards",
                  "재배치 ({0} 버림): 창고와 기초 카드 사이에서 자원 옮기기"),
    "put": ("Put 1 {r[0]} on {at}", "{r[0]} 1개를 {at}에 놓기"),
    "move": ("Move 1 {r[0]} from {at} to {2}", "{r[0]} 1개를 {at}에서 {2}(으)로 옮기기"),
    "return": ("Return 1 {r[0]} from storage to the supply", "창고의 {r[0]} 1개를 공급처로 반납"),
    "done": ("Finish rearranging", "재배치 마치기"),
    "complete": ("Complete {0} (turn it landscape side up)", "{0}을(를) 풍경 카드로 완성"),
    "favour": ("Wild god: gain the favour of {r[0]}", "와일드 신: {r[0]}의 총애 얻기"),
    "bonus": ("Take the top {r[0]} bonus tile", "보너스 타일 더미 선택: {r[0]}"),
    "take": ("Take {0} from the display into your hand", "펼친 카드 {0}을(를) 손으로 가져오기"),
    "draw": ("Draw the deck's top card (blind)", "카드 더미 맨 위 카드를 뽑기"),
    "end": ("End your actions", "차례 마치기"),
    "whim": ("Take the whim tile {r[0]}", "변덕 타일 가져오기: {r[0]}"),
    "foresight": ("Use {h}", "{h} 사용"),
    "grace": ("Use {h}", "{h} 사용"),
    "oppress": ("Oppression: put the tile on {0}", "압제: {0}에 타일 올리기"),
    "upheaval": ("Upheaval (discard {0}): rebuild the tower, then collect", "격변 ({0} 버림): 탑을 다시 쌓고 수집"),
    "tower": ("Next floor up: {r[0]}, face {1} toward you", "다음 층: {r[0]}, 내 쪽에 {1}번 면"),
    "collect up": ("Collect from the bottom floor up", "아래층부터 수집"),
    "collect": ("Collect from the top floor down", "위층부터 수집"),
    "consecrate storage": ("Consecration: take the 2 storage expansions", "축성: 창고 확장 타일 2개 가져오기"),
    "consecrate": ("Consecration: keep it face down (2 points)", "축성: 뒷면으로 두기 (2점)"),
    "abundance": ("Abundance (discard {0}): place resources of your choice, one per storage slot",
                  "풍족 ({0} 버림): 창고 칸 수만큼 원하는 자원 놓기"),
    "sacrifice": ("Sacrifice: {r[0]} down 1, {r[1]} up 2", "희생: {r[0]} 1칸 후퇴, {r[1]} 2칸 전진"),
    "comeback keep": ("Comeback: keep it face down (2 points)", "재기: 뒷면으로 두기 (2점)"),
    "comeback": ("Comeback: put your {r[0]} marker back on space 3", "재기: {r[0]} 마커를 3칸에 복귀"),
}


def card_name(state: State, label: str, lang: str) -> str:
    """A card as a player sees it (not its id): its colour, its place in that landscape, its god; the
    card's own name when its deck gives one.  Only the landscape side, which everyone sees: the same name
    for the card whoever holds it.  Anything but a card of ``state``'s deck (``c`` and its id) as it is.

    >>> import hanpan
    >>> s = hanpan.game("four_gardens").new(players=2, seed=3)
    >>> card_name(s, "c6", "en"), card_name(s, "c6", "ko"), card_name(s, "storage", "en")
    ('red 2/2 (Autumn)', '빨강 2/2 (가을)', 'storage')
    """
    cards = getattr(state, "cards", None)
    if cards is None or label[:1] != "c" or not label[1:].isdigit() or not 1 <= int(label[1:]) <= len(cards):
        return label
    i = int(label[1:]) - 1
    if cards.name[i]:
        return str(cards.name[i])
    colour = COLOURS[cards.colour[i]]
    god = (*GODS, "wild")[cards.god[i]]
    return f"{name(colour, lang)} {cards.position[i] + 1}/{SIZES[cards.colour[i]]} ({name(god, lang)})"


def describe(state: State, action: Action, lang: str) -> str:
    """A short label of an action; a rotation says what it would collect.  A card is named as a player sees
    it (``card_name``), not by its id.

    >>> import hanpan
    >>> s = hanpan.game("four_gardens").new(players=2, seed=3)
    >>> describe(s, s.legal_actions()[5], "en"), str(s.legal_actions()[5])
    ('Rotate clockwise (discard red 2/2 (Autumn)): collect 1 water, 3 wood', 'rotate c6 cw')
    >>> describe(s, s.legal_actions()[5], "ko")
    '시계 방향 회전 (빨강 2/2 (가을) 버림): 물 1, 나무 3 수집'
    """
    head, *args = str(action).split()
    cards = [card_name(state, a, lang) for a in args]
    if head == "rotate":
        way = pick(lang, "Rotate clockwise" if args[1] == "cw" else "Rotate counter-clockwise",
                   "시계 방향 회전" if args[1] == "cw" else "시계 반대 방향 회전")
        spent = pick(lang, f"discard {cards[0]}", f"{cards[0]} 버림")
        got = _collected(state, action)
        if got is None:
            return pick(lang, f"{way} ({spent}): turn the tower and collect", f"{way} ({spent}): 탑을 돌리고 자원 수집")
        if lang == "ko":
            what = ", ".join(f"{name(r, lang)} {n}" for r, n in got.items())
            return f"{way} ({spent}): {what} 수집" if what else f"{way} ({spent}): 수집 없음"
        what = ", ".join(f"{n} {name(r, lang)}" for r, n in got.items())
        return f"{way} ({spent}): collect {what}" if what else f"{way} ({spent}): collects nothing"
    key = f"{head} {args[0]}" if args and f"{head} {args[0]}" in _LABELS else head
    if key not in _LABELS:
        return str(action)
    at = cards[1] if len(args) > 1 else ""
    if at == "storage":
        at = pick(lang, "storage", "창고")
    return pick(lang, *_LABELS[key]).format(*cards, r=[name(a, lang) for a in args], h=name(head, lang), at=at)



# --- the terminal app's move list, legend and examples ----------------------------------------------
#: the actions that spend a hand card, grouped under that card in the move list
_CARD_ACTIONS = ("play", "rotate", "gain", "rearrange", "upheaval", "abundance")


def move_group(state: State, action: Action, lang: str) -> tuple[str, str]:
    """The move list's group of an action and its short label: by the hand card it spends.

    A rotation's label says what it would collect, in resource letters.

    >>> import hanpan
    >>> s = hanpan.game("four_gardens").new(players=2, seed=3)
    >>> [move_group(s, a, "en")[1] for a in s.legal_actions() if " c6" in str(a)]
    ['play', 'rotate cw +1W 3T', 'rotate ccw +1W 3T', 'rearrange']
    >>> move_group(s, s.legal_actions()[0], "en")[0]
    'c6 red 2 ⟳4↑ [wgtt]'
    """
    words = str(action).split()
    if words[0] not in _CARD_ACTIONS or len(words) < 2 or state.current_player is None:
        head = words[0] if len(words) > 1 else ""
        return head, " ".join(words[1:]) if head else words[0]
    view = state.view(state.current_player)
    hand = view["players"][state.current_player]["hand"]
    card = next((c for c in hand if f"c{c.get('id')}" == words[1]), None)
    heading = words[1]
    if card is not None and "action" in card:
        heading += f" {name(card['colour'], lang)} {card['position']} {_base(card, lang).plain}"
    label = " ".join([words[0], *words[2:]])
    if words[0] == "rotate":
        got = _collected(state, action) or {}
        label += " " + (" ".join(f"+{n}{LETTER[r]}" if i == 0 else f"{n}{LETTER[r]}"
                                 for i, (r, n) in enumerate(got.items())) or "+0")
    return heading, label


#: the help's examples: (notation, English, Korean)
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("play c17", "play a hand card into your garden, base side up", "손패를 기초 면으로 정원에 내려 놓기"),
    ("rotate c17 ccw", "discard it: turn the tower counter-clockwise and collect",
     "버리고 탑을 시계 반대 방향으로 돌려 수집"),
    ("gain c17", "discard it: gain 1 resource of your choice", "버리고 원하는 자원 1개 획득"),
    ("put stone c12", "… the gained stone onto base card c12 (or: put stone storage)",
     "… 얻은 돌을 기초 카드 c12에 (또는 put stone storage)"),
    ("rearrange c17", "discard it, then move tokens one by one", "버리고 자원을 하나씩 옮기기"),
    ("move water c3 c12", "… one water from c3 to c12; done to finish", "… 물 1개를 c3에서 c12로; done으로 마침"),
    ("take c5", "refill: take c5 from the display", "보충: 펼친 카드 c5 가져오기"),
    ("draw", "refill: draw the deck's top card blind", "보충: 카드 더미 맨 위 카드를 뽑기"),
    ("favour autumn", "a wild god card: favour Autumn", "와일드 신 카드: 가을의 총애"),
)


def legend(state: State, viewer: int | None, lang: str) -> RenderableType:
    """What the card codes, letters and marks mean, the bonus piles and the whim tiles with their rules.

    >>> import hanpan
    >>> from hanpan.core.terminal import plain
    >>> text = plain(legend(hanpan.game("four_gardens").new(players=2, seed=1, whims=True), 0, "en"))
    >>> "⟳1↓ [wgtt]" in text and "Foresight" in text and "still needed" in text
    True
    """
    from hanpan.games.four_gardens.webdata import catalog

    ko = lang == "ko"
    c = catalog()
    tongue = "ko" if ko else "en"
    letters = key_line("자원: " if ko else "Resources: ", [(LETTER[r], STYLE[r], name(r, lang)) for r in RESOURCES])
    marks = (
        "c17 카드 번호 (수 표기에 씀) · 빨강/주황/초록/파랑 2 풍경 색과 위치 · 봄/여름/... 완성하면 총애를 주는 신 · "
        "? 기초 면을 모르는 카드 · [SGt] 비용: 대문자 = 자원이 놓인 칸, 소문자 = 아직 필요 · ⟳2↑ 2층과 그 위를 돌리고 "
        "1층부터 위로 수집, ⟳3↓ 3층과 그 위를 돌리고 4층부터 아래로 · 탑: 층마다 내 쪽(나) 면부터 보이는 아이콘, "
        "P1 = 플레이어 1"
        if ko else
        "c17 card id (used in the moves) · red/orange/green/blue 2 landscape colour and position · Spring/… the god "
        "whose favour completing it brings · ? a card whose base side is hidden · [SGt] cost: upper case = a token "
        "is on that icon, lower case = still needed · ⟳2↑ turn floor 2 and up, collect from floor 1 upward; ⟳3↓ "
        "turn floor 3 and up, collect from floor 4 downward · the tower: each floor's icons from your side (you) "
        "round; P1 = Player 1")
    rows: list[tuple[RenderableType, str]] = [
        (Text(symbol["symbol"]), symbol[tongue]) for symbol in c["symbols"]
        if symbol["id"] in ("terminal", "gain", "rearrange")]
    rows += [(pile[tongue], pile["text"][tongue]) for pile in c["bonus_piles"]]
    if view_whims(state):
        rows += [(whim[tongue], whim["text"][tongue]) for whim in c["whims"]]
    return legend_group(lang, letters, marks, key_table(rows))


def view_whims(state: State) -> bool:
    """Whether the game is played with the whim tiles (the promo)."""
    return bool(state.view(-1)["options"].get("whims"))
