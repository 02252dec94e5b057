"""What each player knows: views hide other players' dealt spirits and the generator; determinize
resamples exactly the unknowns."""

from __future__ import annotations

import json

from hanpan.core.rng import Rng

from .helpers import GAME


def test_views_hide_the_other_players_dealt_spirits_until_kept_and_the_returned_one_forever() -> None:
    s = GAME.new(players=3, seed=12, spirits=True)
    mine = s.view(0)
    assert mine["dealt"][0] is not None and mine["dealt"][1] is None and mine["dealt"][2] is None
    text = json.dumps(mine)
    for q in (1, 2):
        for card in s.to_json()["dealt"][q]:
            assert card not in text
    assert "rng" not in mine and "spirit_box" not in mine
    kept = str(s.legal_actions()[0]).split()[1]
    returned = next(c for c in s.to_json()["dealt"][0] if c != kept)
    s.play(f"keep {kept}")
    other = json.dumps(s.view(1))
    assert kept in other and returned not in other
    assert returned in json.dumps(s.view(0))


def test_determinize_agrees_with_the_view_and_resamples_the_unknowns() -> None:
    s = GAME.new(players=4, seed=5, spirits=True)
    rng = Rng(8)
    for _ in range(30):
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    seen_deals = set()
    for k in range(30):
        d = s.determinize(2, Rng(k))
        assert d.view(2) == s.view(2)
        assert d.legal_actions() == s.legal_actions()
        seen_deals.add(json.dumps(d.to_json()["dealt"]))
        assert d.to_json()["dealt"][2] == s.to_json()["dealt"][2]
        for q in range(4):
            if s.spirit[q] >= 0:
                assert s.spirit[q] in d.dealt[q]
    assert len(seen_deals) > 1


def test_a_determinized_game_plays_on() -> None:
    s = GAME.new(players=2, seed=3)
    d = s.determinize(1, Rng(1))
    rng = Rng(2)
    while not d.is_over:
        legal = d.legal_actions()
        d.apply(legal[rng.randbelow(len(legal))])
    assert d.status == "finished"
    assert sum(d.token_census().values()) == 120
