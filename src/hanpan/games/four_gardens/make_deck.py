"""Write the reconstructed Four Gardens deck, ``data/deck.json`` (run once; the file is committed).

The real card list is not public; this seeded script builds one that keeps every
count and balance rule of ../shared/spec/four_gardens.md ("Reconstructed deck"),
retrying with its own seeded generator until every constraint holds.  The game
never runs it: it loads the committed file.

    python -m hanpan.games.four_gardens.make_deck [OUT]

>>> cards = build_deck(SEED)
>>> len(cards), problems(cards)
(70, [])
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from hanpan.core.rng import Rng

SEED = 20201
COLOURS = {"red": 2, "orange": 3, "green": 4, "blue": 5}
FAVOURED = {"red": "summer", "orange": "autumn", "green": "spring", "blue": "winter"}
GODS = ("spring", "summer", "autumn", "winter")
RESOURCES = ("stone", "water", "grass", "wood")
COPIES = 5
#: cards per god (then wild) in each colour: the spec's split, weighted totals 39 each
SPLIT = {
    "red": {"summer": 4, "spring": 1, "autumn": 2, "winter": 2, "wild": 1},
    "orange": {"autumn": 6, "spring": 3, "summer": 2, "winter": 2, "wild": 2},
    "green": {"spring": 9, "summer": 2, "autumn": 6, "winter": 2, "wild": 1},
    "blue": {"winter": 9, "spring": 3, "summer": 8, "autumn": 3, "wild": 2},
}
GAIN_CARDS = {"red": 2, "orange": 3, "green": 4, "blue": 5}
EXAMPLE_ORANGE = ("autumn", "summer", "autumn")  # the rulebook's example copy, positions 1..3


def build_deck(seed: int) -> list[dict[str, Any]]:
    """A deck meeting every constraint (tries seeded candidates until one does)."""
    rng = Rng(seed)
    while True:
        cards = _candidate(rng)
        if not problems(cards):
            return cards


def _candidate(rng: Rng) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    pairs = [(floor, direction) for floor in range(1, 5) for direction in ("up", "down")] * 7
    rng.shuffle(pairs)
    for colour, size in COLOURS.items():
        gods = [god for god, n in SPLIT[colour].items() for _ in range(n)]
        grid: list[list[str]] = [[""] * size for _ in range(COPIES)]
        if colour == "orange":
            grid[0] = list(EXAMPLE_ORANGE)
            for god in EXAMPLE_ORANGE:
                gods.remove(god)
        rng.shuffle(gods)
        free = [(c, p) for c in range(COPIES) for p in range(size) if not grid[c][p]]
        for (c, p), god in zip(free, gods, strict=True):
            grid[c][p] = god
        count = size * COPIES
        order = list(range(count))
        rng.shuffle(order)
        gain = set(order[:GAIN_CARDS[colour]])
        index = 0
        for position in range(1, size + 1):
            for copy in range(COPIES):
                card: dict[str, Any] = {"id": len(cards) + 1, "colour": colour, "position": position,
                                        "god": grid[copy][position - 1]}
                if index in gain:
                    card["action"] = "gain"
                    n = 2 + rng.randbelow(2)
                else:
                    floor, direction = pairs.pop()
                    card.update({"action": "rotate", "floor": floor, "direction": direction})
                    n = 2 + rng.randbelow(3)
                card["cost"] = sorted((RESOURCES[rng.randbelow(4)] for _ in range(n)), key=RESOURCES.index)
                cards.append(card)
                index += 1
    return cards


def problems(cards: list[dict[str, Any]]) -> list[str]:
    """Every broken constraint of the reconstruction (empty when the deck is good)."""
    found: list[str] = []
    if len(cards) != 70:
        found.append(f"{len(cards)} cards, not 70")
    by_colour = {c: [card for card in cards if card["colour"] == c] for c in COLOURS}
    weighted = Counter[str]()
    for colour, size in COLOURS.items():
        group = by_colour[colour]
        if Counter(card["position"] for card in group) != {p: COPIES for p in range(1, size + 1)}:
            found.append(f"{colour}: not {COPIES} copies of each position")
        gods = Counter(card["god"] for card in group)
        share = gods[FAVOURED[colour]] / len(group)
        if not 0.35 <= share <= 0.5:
            found.append(f"{colour}: favoured god on {share:.0%}")
        for god in GODS:
            if gods[god] < 0.1 * len(group):
                found.append(f"{colour}: {god} under 10 %")
            weighted[god] += gods[god] * (size + 1)
        gain = sum(card["action"] == "gain" for card in group) / len(group)
        if not 0.15 <= gain <= 0.25:
            found.append(f"{colour}: {gain:.0%} gain-1 cards")
    if sum(card["god"] == "wild" for card in cards) != 6:
        found.append("not 6 wild cards")
    if max(weighted.values()) > 1.05 * min(weighted.values()):
        found.append(f"weighted favour not within 5 %: {dict(weighted)}")
    pairs = Counter((card["floor"], card["direction"]) for card in cards if card["action"] == "rotate")
    if len(pairs) != 8 or set(pairs.values()) != {7}:
        found.append("rotate cards are not 7 per floor and direction")
    if sum(card["action"] == "gain" for card in cards) != 14:
        found.append("not 14 gain-1 cards")
    for card in cards:
        low, high = (2, 3) if card["action"] == "gain" else (2, 4)
        if not low <= len(card["cost"]) <= high:
            found.append(f"card {card['id']}: cost of {len(card['cost'])} icons")
    average = sum(len(card["cost"]) for card in cards) / len(cards)
    for colour, group in by_colour.items():
        mean = sum(len(card["cost"]) for card in group) / len(group)
        if abs(mean - average) > 0.3:
            found.append(f"{colour}: average cost {mean:.2f} vs deck {average:.2f}")
    icons = Counter(icon for card in cards for icon in card["cost"])
    if max(icons[r] for r in RESOURCES) - min(icons[r] for r in RESOURCES) > 2:
        found.append(f"resource icons not within 2: {dict(icons)}")
    copies = [tuple(c["god"] for c in by_colour["orange"] if c["position"] == p) for p in (1, 2, 3)]
    if EXAMPLE_ORANGE not in zip(*copies, strict=True):
        found.append("no orange copy with gods autumn, summer, autumn")
    return found


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path(__file__).parent / "data" / "deck.json"
    cards = build_deck(SEED)
    lines = ",\n".join("  " + json.dumps(card) for card in cards)
    out.write_text(
        '{\n "format": "four_gardens.deck/1",\n'
        f' "about": "Reconstructed deck written by make_deck.py (seed {SEED}); not the real card list",\n'
        f' "cards": [\n{lines}\n ]\n}}\n',
        "utf-8",
    )


if __name__ == "__main__":
    main(sys.argv[1:])
