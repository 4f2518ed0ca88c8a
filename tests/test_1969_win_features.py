"""1969's win-chance features (``State.win_features``): shape, determinism, nothing hidden read."""

from __future__ import annotations

import pytest
from helpers_winchance import checked_features, features_blind_to_hidden, refuses_other_feature_versions

import isslab
from isslab.games.game_1969 import features
from isslab.games.game_1969.phases import COMMIT, ROLL


@pytest.mark.parametrize("options", [{}, {"players": 2}])
def test_the_hook_gives_one_mapping_per_seat_with_the_same_keys_and_the_same_values_twice(
    options: dict[str, int],
) -> None:
    keys: set[str] = set()
    own_keys = 0
    for s, observer, got, both in checked_features(isslab.make("1969", **options)):
        public = {k for k in got[0] if not k.startswith("game.own ")}
        assert not keys or public == keys  # the same features at every position
        keys = public
        own_keys += len(set(got[observer]) - public)  # the observer's entry reads its own hand
        assert not any(k.startswith("@") for k in both[0])  # without the flattened view
        # every fact weighed by the clock squared
        w = features.clock(s) ** 2
        assert 0.0 <= w <= 1.0
        facts = features.seat_facts(s)
        final = s.scores()
        for seat, m in enumerate(got):
            assert facts[seat]["game.final"] == final[seat]
            assert m["game.final"] == pytest.approx(w * final[seat])
            assert 0.0 <= facts[seat]["game.chance"] <= 1.0 + 1e-9
    assert {"game.final@lead", "game.test expected", "game.chance logit"} <= keys and own_keys > 0


def test_the_clock_runs_from_0_to_1_through_the_rounds() -> None:
    states = isslab.play(isslab.make("1969"), "greedy", seed=2).states()
    ticks = [features.clock(s) for s in states]
    assert ticks[0] == 0.0 and ticks[-1] == 1.0
    assert all(a <= b for a, b in zip(ticks, ticks[1:], strict=False))


def test_a_test_under_way_is_the_launchers_expected_prestige_by_the_exact_law() -> None:
    from fractions import Fraction

    from isslab.games.game_1969.components import GROUND_CONTROL, SIMULATION
    from isslab.games.game_1969.exact import expected_prestige, mission_score_distribution

    game = isslab.make("1969")
    t = game.tables
    seen = {ROLL: 0, COMMIT: 0}
    for seed in range(3):
        for s in isslab.play(game, "greedy", seed=seed).states():
            if s.phase not in seen:
                continue
            facts = features.seat_facts(s)
            me = s.launcher
            assert facts[me]["game.test"] == 1.0
            assert all(facts[o]["game.test"] == 0.0 for o in range(t.n) if o != me)
            m = s.mission
            _, _, _, _, penalty = features.gain_laws(s)
            if s.phase == COMMIT:
                now = max(0, t.m_values[m][s.space] - penalty)
                assert facts[me]["game.test expected"] == facts[me]["game.test now"] == now
            else:
                res = s.research[me]
                law = mission_score_distribution(
                    sum(res[b] for b in t.m_boxes[m]),
                    min(res[SIMULATION], t.dice),
                    res[GROUND_CONTROL],
                    t.dice,
                    t.die_faces,
                )
                want = expected_prestige(t.m_values[m], s.space, penalty, law)
                assert facts[me]["game.test expected"] == pytest.approx(float(want))
                assert isinstance(want, Fraction)
            seen[s.phase] += 1
    assert all(k > 5 for k in seen.values())


def test_the_features_of_a_seat_do_not_change_when_only_hidden_cards_do() -> None:
    # the seat's own hand is in its entry too: a resample for that seat keeps it
    assert features_blind_to_hidden(isslab.make("1969"), 10, lambda s: (s.hands, s.commits, s.deck)) > 10


def test_a_seat_reads_its_own_cards_weighed_by_the_clock() -> None:
    game = isslab.make("1969")
    seen = 0
    for s in isslab.play(game, "greedy", seed=2).states()[::7]:
        for seat in range(game.num_players):
            mine = s.win_features(seat)[seat]
            w = features.clock(s) ** 2
            hand = s.hands[seat]
            value = sum((v + 1) * k for v, k in enumerate(hand))
            assert mine["game.own hand value"] == pytest.approx(w * value)
            assert [mine[f"game.own hand.{v + 1}"] for v in range(len(hand))] == pytest.approx(
                [w * k for k in hand]
            )
            seen += sum(hand) > 0 and w > 0
    assert seen > 0


def test_a_model_file_of_other_features_is_refused() -> None:
    refuses_other_feature_versions(isslab.make("1969"), features.VERSION)
