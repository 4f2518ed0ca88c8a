"""1998 ISS's win-chance features (``State.win_features``): shape, determinism, nothing hidden read."""

from __future__ import annotations

import pytest
from helpers_winchance import checked_features, features_blind_to_hidden, refuses_other_feature_versions

import isslab
from isslab.games.iss_1998 import features


@pytest.mark.parametrize("options", [{}, {"players": 2}, {"players": 1}])
def test_the_hook_gives_one_mapping_per_seat_with_the_same_keys_and_the_same_values_twice(
    options: dict[str, int],
) -> None:
    game = isslab.make("1998-iss", **options)
    keys: set[str] = set()
    own_keys = 0
    for s, observer, got, both in checked_features(game):
        public = {k for k in got[0] if not k.startswith("game.own ")}
        assert not keys or public == keys  # the same features at every position
        keys = public
        own_keys += len(set(got[observer]) - public)  # the observer's entry reads its own hand
        # every fact weighed by the clock squared: nothing at the start, in full once the end is near
        w = features.clock(s) ** 2
        assert 0.0 <= w <= 1.0
        for seat, m in enumerate(got):
            facts = features.participant_facts(s, seat)
            assert facts["game.points"] == s.points(seat).total == s.standing(seat)[0]
            assert m["game.points"] == pytest.approx(w * facts["game.points"])
            assert m["game.reach"] == pytest.approx(m["game.points"] + m["game.hand value"])
        # the lead over the best rival: FEDOR is the rival of the solo game
        assert "game.points@lead" in got[0]
        if game.num_players == 1:
            fedor = s.points(game.tables.fedor).total
            assert got[0]["game.points@lead"] == pytest.approx(w * (s.points(0).total - fedor))
        # the flattened view is left out; the standing is kept
        assert not any(k.startswith("@") for k in both[0])
    assert {"game.hand value", "game.rounds left", "game.goal progress"} <= keys and own_keys > 0


def test_the_clock_runs_from_0_to_1_with_the_shuttle_decks() -> None:
    game = isslab.make("1998-iss")
    states = isslab.play(game, "greedy", seed=2).states()
    ticks = [features.clock(s) for s in states]
    assert ticks[0] == 0.0 and ticks[-1] == 1.0
    assert all(a <= b for a, b in zip(ticks, ticks[1:], strict=False))


def test_the_features_of_a_seat_do_not_change_when_only_another_seats_hidden_cards_do() -> None:
    assert features_blind_to_hidden(isslab.make("1998-iss"), 8, lambda s: s.hands) > 10


def test_a_seat_reads_its_own_hand_exactly() -> None:
    game = isslab.make("1998-iss")
    tb = game.tables
    seen = 0
    for s in isslab.play(game, "greedy", seed=2).states()[::9]:
        for seat in range(game.num_players):
            own = features.own_hand(s, seat)
            hand = s.hands[seat]
            assert own["game.own hand points"] == sum(tb.exp_points[c] + tb.unplayed_penalty for c in hand)
            assert 0 <= own["game.own doable points"] <= sum(tb.exp_points[c] for c in hand)
            w = features.clock(s) ** 2
            assert s.win_features(seat)[seat]["game.own hand points"] == pytest.approx(
                w * own["game.own hand points"]
            )
            seen += own["game.own doable points"] > 0
    assert seen > 0  # some hand could be done at some point: the doable points were computed


def test_the_level_values_are_the_decks_mean_points() -> None:
    game = isslab.make("1998-iss")
    tb = game.tables
    got = features.level_values(game)
    for v in (1, 2, 3):
        pts = [p for p, lv in zip(tb.exp_points, tb.exp_level, strict=True) if lv == v]
        assert got[v - 1] == pytest.approx(sum(pts) / len(pts))
    assert got[0] < got[1] < got[2]


def test_a_model_file_of_other_features_is_refused() -> None:
    refuses_other_feature_versions(isslab.make("1998-iss"), features.VERSION)
