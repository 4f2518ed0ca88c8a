"""Space: 1999's win-chance features (``State.win_features``) and its model against exact end-games."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from helpers_winchance import checked_features, refuses_other_feature_versions

import isslab
from isslab.analysis import exact_values, winprob
from isslab.analysis.features import seat_features

#: exact end-game cases checked here (the benchmark checks 200)
CASES = 60


@pytest.mark.parametrize(
    "options", [{}, {"players": 2, "eagles": 1}, {"players": 3, "rings": 3, "spokes": 8}]
)
def test_the_hook_gives_one_mapping_per_seat_with_the_same_keys_and_the_same_values_twice(
    options: dict[str, int],
) -> None:
    for s, _, got, _ in checked_features(isslab.make("space-1999", **options), points=15):
        if not s.is_terminal():
            assert {"game.race", "game.turns", "game.land now", "game.dist"} <= set(got[0])
            assert sum(m["game.race"] for m in got) == pytest.approx(1.0)


def test_an_eagle_that_can_land_now_is_seen_and_wins_the_race() -> None:
    game = exact_values.exact_game("space-1999")
    _, states, exact = exact_values.space_1999_cases(CASES)
    seen = 0
    for s in states:
        f = seat_features(s, 0)
        me = s.current_player
        if me >= 0 and f[me]["game.land now"] == 1.0:
            seen += 1
            assert f[me]["game.race"] == 1.0 and f[me]["game.p land next"] == 1.0
            assert exact[exact_values.space_1999_key(s)][me] == pytest.approx(1.0)
    assert seen > 0 and game.num_players == 2


def test_a_model_file_of_other_features_is_refused() -> None:
    game = exact_values.exact_game("space-1999")
    refuses_other_feature_versions(game, game.STATE.WIN_FEATURES_VERSION)


def test_the_shipped_model_is_within_005_of_exact_end_games_of_one_eagle_each(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winprob, "_MEMO", {})
    game = exact_values.exact_game("space-1999")
    m = winprob.available(game)  # shipped in the package: never fitted here
    assert m is not None and m.spec == winprob.table_spec(game) and m.lineup == ("greedy", "greedy")
    _, states, exact = exact_values.space_1999_cases(CASES)
    errors = [
        float(np.max(np.abs(np.asarray(m.values(s)) - exact[exact_values.space_1999_key(s)]))) for s in states
    ]
    assert len(errors) == CASES
    assert float(np.mean(errors)) <= 0.05, np.mean(errors)
