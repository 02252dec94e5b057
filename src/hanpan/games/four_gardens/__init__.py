"""신들의 정원 / Four Gardens (Martin Doležal, 2020) with the promo 신들의 변덕; game id ``four_gardens``.

Rules: ../shared/spec/four_gardens.md.  Options: ``whims`` (the promo), ``deck`` (a deck file instead of
the built-in reconstructed deck), and the core ``max_turns``.  Modules: ``data`` (components),
``deck`` (deck files), ``actions`` (notation), ``layout`` (slots, phases), ``state`` (the state: fields,
dispatch) and the rules by job: ``legal``, ``turns``, ``tower``, ``completion``, ``whims`` (the promo),
``scoring``; ``knowledge`` (view and determinize), ``position`` (JSON), ``heuristic`` (greedy
evaluation) with ``weights`` and ``learned``, ``render`` (terminal), ``make_deck`` (the seeded script
that wrote ``data/deck.json``).

Where the spec leaves a gap, these defaults hold (each is tested):

- Decisions with one possible answer are made for the player and not recorded: a single full base card
  completes, a wild god with one track left, a single open bonus pile or revealed whim tile, a blind
  draw when the display is empty, Abundance's discard with one hand card.
- Rotation: clockwise seen from above; the card's floor and every floor above turn; collection then
  runs over all four floors in the card's direction.
- The deck runs out → the discards are shuffled into a new deck at once (and a draw from an empty deck
  shuffles them too); both empty → nothing is drawn.  The display is refilled to 3 only after the
  hand is full; cards above 3 (after Foresight) stay in the display.
- The round ends after the turn of the last seat (the player to the first player's right); a trigger
  in that seat's own turn ends the game at the end of that turn.  A whole round in which no player
  has any decision (no cards left anywhere) ends the game as finished (a safeguard; not reachable with
  70 cards).
- "Any time in your own turn" whim tiles (Oppression, Grace, Upheaval) are used at the action-choice
  points of the turn: before the first action, between actions, and after the last one (the turn then
  waits for ``end``), never inside an action's own decisions.  Foresight: only before the first action
  of a later own turn; the refill then comes from the display only, blind draws allowed only if the
  display runs out.  Grace is offered while the player holds a card; with it, after the third action
  the player may ``end`` or take a fourth.
- Oppression goes on any opponent's base card; no token may be placed on it by any means.
- Rearrange: within one rearrange a base card either gives or receives each resource, never both (a
  card that got grass gives none, a card that gave grass takes none back).  It keeps every reachable
  outcome and makes every rearrange end (see ``legal.rearrange_ids``).
- Upheaval: the floors are set bottom up, each a resource and the face (0–3) toward the player; then
  collection from the bottom (``collect up``) or the top (``collect down``), all of a floor while
  storage has room, limited by the supply.
- Abundance: with an empty hand nothing is discarded and the tokens are still taken (as many as the
  player's storage slots, expansions included).  Bonus and Abundance tokens are placed one at a time,
  completions after the last; placing stops early only when no place is left.
- Sacrifice needs two markers on the board; with fewer it does nothing.  Comeback with no removed
  marker is kept face down (2 points).  Consecration gives +2 storage slots (data).
- Tolerance: a second copy only of landscapes of at most 3 cards; a new card joins copy 1 unless copy
  1 already has its position.  Each copy completes on its own (and earns a tile); the tie-break's
  "largest completed landscape" is the landscape's size.
- Hidden information: another player's blind-drawn cards are shown without id, ordered by the deck
  they came from and their landscape side, never by id.
"""

from hanpan.games.four_gardens.game import GAME, FourGardens
from hanpan.games.four_gardens.state import GardensState

__all__ = ["GAME", "FourGardens", "GardensState"]
