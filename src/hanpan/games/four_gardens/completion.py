"""Completing landscapes: a full base card turned landscape side up, the favour gains it brings, the bonus
or whim tile a finished landscape earns, and ``resolve``, which runs these automatic steps after each
decision until the next decision or the next action.

The machinery's fields: ``queue`` (favour gains still to make: gods, ``WILD`` for a wild god),
``pending_bonus`` (a tile won, not yet taken) and ``place_left`` (tokens still to place, from a bonus
tile or Abundance).

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=3)
>>> s.marker[:4], s.marker[4:]
([3, 3, 3, 3], [3, 3, 3, 3])
>>> gain(s, 0, 2); s.marker[:4]
[3, 3, 4, 3]
>>> s.marker[2] = TRACK_HIGH; gain(s, 0, 2); s.marker[:4], s.marker[4:]  # on the top: the others go down
([3, 3, 10, 3], [3, 3, 2, 3])
>>> gain(s, 0, 2); s.marker[4:]  # pushed below the lowest space, a marker leaves the track
[3, 3, 0, 3]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanpan.games.four_gardens.data import END_LANDSCAPES, TRACK_HIGH, TRACK_LOW, WILD
from hanpan.games.four_gardens.layout import (
    GROUP_MASK,
    GROUP_SLOTS,
    NG,
    NR,
    NS,
    PH_BONUS,
    PH_COMPLETE,
    PH_FAVOUR,
    PH_PUT,
    PH_WHIM,
    SLOT_GROUP,
)
from hanpan.games.four_gardens.legal import bonus_choices, may_put
from hanpan.games.four_gardens.turns import next_action
from hanpan.games.four_gardens.whims import take_whim

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState


def resolve(s: GardensState) -> None:
    """Run the automatic steps after a gain / rearrange / bonus until a decision or the next action."""
    p = s.player
    while True:
        if s.queue:
            god = s.queue.pop(0)
            if god == WILD:
                b = p * NG
                options = [g for g in range(NG) if s.marker[b + g]]
                if len(options) > 1:
                    s.phase = PH_FAVOUR
                    return
                if options:
                    gain(s, p, options[0])
            else:
                gain(s, p, god)
            continue
        if s.pending_bonus:
            s.pending_bonus = False
            if s.whims_on:
                if len(s.whim_open) > 1:
                    s.phase = PH_WHIM
                    return
                if s.whim_open and take_whim(s, p, s.whim_open[0]):
                    return
            else:
                choices = bonus_choices(s)
                if len(choices) > 1:
                    s.phase = PH_BONUS
                    return
                if choices:
                    take_bonus(s, p, choices[0])
            continue
        if s.place_left > 0:
            if may_put(s):
                s.phase = PH_PUT
                return
            s.place_left = 0
        full = s.full_bases(p)
        if not full:
            break
        if len(full) > 1:
            s.phase = PH_COMPLETE
            return
        complete(s, p, full[0])
    next_action(s)


def complete(s: GardensState, p: int, card: int) -> None:
    """Turn a full base card landscape side up and queue its favour gains."""
    s.bases[p].remove(card)
    tok = s.tok
    supply = s.supply
    for r in range(NR):
        supply[r] = supply[r] + tok[card * NR + r]
        tok[card * NR + r] = 0
    base = p * NS
    slot = s.slots.index(card, base, base + NS) - base
    s.land[p] = s.land[p] | (1 << slot)
    s.lcount[p] = s.lcount[p] + 1
    group = SLOT_GROUP[slot]
    god = s.cards.god
    s.queue = [god[card]] + [god[s.slots[base + t]] for t in GROUP_SLOTS[group]
                             if t != slot and s.land[p] >> t & 1]
    mask = GROUP_MASK[group]
    if s.land[p] & mask == mask and not s.done_groups[p] >> group & 1:
        s.done_groups[p] = s.done_groups[p] | (1 << group)
        s.pending_bonus = True
    if s.lcount[p] >= END_LANDSCAPES[s.num_players]:
        s.trigger = True


def gain(s: GardensState, p: int, god: int) -> None:
    """One favour gain: up 1, or at the top push every other marker on the track down."""
    marker = s.marker
    i = p * NG + god
    space = marker[i]
    if not space:
        return
    if space < TRACK_HIGH:
        marker[i] = space + 1
        return
    for q in range(s.num_players):
        j = q * NG + god
        if q != p and marker[j]:
            marker[j] = marker[j] - 1 if marker[j] > TRACK_LOW else 0


def take_bonus(s: GardensState, p: int, pile: int) -> None:
    """Take the top tile of a bonus pile: storage slots, tokens to place, or points."""
    value = s.piles[pile].pop()
    s.bonus_held[p] = s.bonus_held[p] | (1 << pile)
    s.bonus_tiles[p].append(pile * 16 + value)
    if pile == 0:
        s.cap[p] = s.cap[p] + value
    elif pile == 1:
        s.place_left = value
    else:
        s.bonus_points[p] = s.bonus_points[p] + value
