"""The fitted win-chance model: fitting, the JSON cache (never code), refits, features that leak nothing."""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers_bad_input import refused
from helpers_winchance import tiny_game, tiny_model, tiny_record

import isslab
from isslab.analysis import winprob
from isslab.analysis.features import seat_features
from isslab.bots.mcts import MCTS

GAMES = isslab.games()


def test_the_same_arguments_give_the_same_model_for_any_worker_count() -> None:
    game = tiny_game("space-1999")
    one = winprob.fit(game, games=20, positions=3, progress=False)
    two = winprob.fit(game, games=20, positions=3, progress=False, workers=2)
    assert one.names == two.names
    assert np.allclose(one._w, two._w) and np.allclose(one.intercept, two.intercept)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_model_round_trips_through_json_and_gives_the_same_values(game_id: str) -> None:
    m = tiny_model(game_id)
    back = winprob.WinModel.from_json(m.to_json(), m.game, m.spec)
    for s in tiny_record(game_id).states()[::7]:
        a, b = m.values(s, 0), back.values(s, 0)
        assert np.allclose(a, b, atol=1e-5), (a, b)
        assert all(m.lo - 1e-9 <= v <= m.hi + 1e-9 for v in a)
    end = tiny_record(game_id).final_state()
    assert m.values(end) == winprob.result_shares(end.returns(), m.shares)


def test_the_cache_is_used_and_a_corrupt_or_foreign_file_is_refitted_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    game = tiny_game("space-1999")
    monkeypatch.setattr(winprob, "_MEMO", {})
    first = winprob.model(game, games=12, positions=2, progress=False)
    path = winprob.cached_path(game, first.spec)
    assert path.exists() and json.loads(path.read_text())["game"] == "space-1999"

    def no_fit(*args: object, **kwargs: object) -> winprob.WinModel:
        raise AssertionError("fitted although the cache holds the model")

    monkeypatch.setattr(winprob, "_MEMO", {})
    real_fit = winprob.fit
    monkeypatch.setattr(winprob, "fit", no_fit)
    again = winprob.model(game, games=12, positions=2, progress=False)
    assert again.names == first.names
    monkeypatch.setattr(winprob, "fit", real_fit)
    doc = json.loads(first.to_json())
    damaged = (
        first.to_json()[:200].encode(),  # cut short
        json.dumps({**doc, "intercept": [None]}).encode(),
        json.dumps({**doc, "scale": [5e-324] * len(doc["scale"])}, indent=1).encode(),  # spaced out
        tiny_model("1969").to_json().encode(),  # another game's
    )
    for bad in damaged:  # model files, damaged or foreign: refitted and replaced
        path.write_bytes(bad)
        monkeypatch.setattr(winprob, "_MEMO", {})
        with pytest.warns(UserWarning, match="refitting the win-chance model of space-1999"):
            refit = winprob.model(game, games=12, positions=2, progress=False)
        assert refit.names == first.names
        assert winprob.WinModel.load(path, game, first.spec).names == first.names  # rewritten


@pytest.mark.parametrize(
    "content", [b"{not json", pickle.dumps(["notes"]), b"my notes, kept under this name", b""]
)
def test_a_refit_never_overwrites_a_file_that_is_not_a_model_file(
    content: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winprob, "_MEMO", {})
    game = tiny_game("space-1999")
    spec = winprob.FitSpec(12, 2, winprob.as_lineup(game, None), 0)
    path = winprob.cached_path(game, spec)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.warns(UserWarning) as caught:
        fitted = winprob.model(game, games=12, positions=2, progress=False)
    said = [str(w.message) for w in caught]
    assert any("refitting the win-chance model of space-1999" in m for m in said), said
    assert any("is not cached" in m and "is not a model file" in m for m in said), said
    assert path.read_bytes() == content and fitted.spec == spec  # the user's file as it was
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no temporary file left
    # a link under the cache file's name is kept as well, and so is the file it points to
    mine = tmp_path / "mine.json"
    mine.write_text(fitted.to_json())
    path.unlink()
    path.symlink_to(mine)
    monkeypatch.setattr(winprob, "_MEMO", {})
    with pytest.warns(UserWarning, match="is not cached"):
        winprob.model(game, games=12, positions=2, progress=False, refit=True)
    assert path.is_symlink() and mine.read_text() == fitted.to_json()


#: a model file edited as a careless or hostile user would: (change to the JSON, what the error says)
_EDITS: list[tuple[str, Any, str]] = [
    ("intercept", [None], "the intercepts must be finite numbers, got None"),
    ("intercept", [float("nan")], "the intercepts must be finite numbers, got nan"),
    ("intercept", ["0.1"], "the intercepts must be finite numbers, got '0.1'"),
    ("intercept", [True], "the intercepts must be finite numbers, got True"),
    ("intercept", [1e308], "the intercepts must be from -1000 to 1000"),
    ("scale", "denormal", "the scales must be from 1e-09 to 1e\\+09, got 4.94066e-324"),
    ("scale", "zero", "the scales must be from 1e-09"),
    ("coef", "1e308", "the coefficients must be from -1000 to 1000, got 1e\\+308"),
    ("coef", "10**400", "the coefficients must be finite numbers, got 1000"),
    ("coef", "nested", "the coefficients must be finite numbers, got \\[1\\]"),
    ("coef", "ragged", "do not fit together"),
    ("bounds", [0, 1e308], "bounds must be two numbers, low < high, within 0 to 1"),
    ("bounds", [-1e308, 1], "bounds must be two numbers"),
    ("bounds", [1, 0], "bounds must be two numbers"),
    ("bounds", [0, 1, 2], "bounds must be two numbers"),
    ("bounds", [0, 2], "within 0 to 1 \\(the win chance of space-1999\\)"),
    ("length", 10**400, "mean game length must be a number above 0 and at most 1e\\+09, got 1000"),
    ("length", 0, "mean game length must be a number above 0"),
    ("length", None, "mean game length must be a number above 0"),
    ("names", "x" * 300, "its names must be a list"),
    ("spec", {"games": 10**400}, "fitting parameters are missing or malformed"),
    ("spec", {"games": 1e400}, "fitting parameters are missing or malformed"),
    ("spec", {"seed": -1}, "fitting parameters are missing or malformed"),
    ("spec", {"bots": ["greedy"] * 9}, "fitting parameters are missing or malformed"),
]


def _edited(doc: dict[str, Any], field: str, change: Any) -> str:
    out = json.loads(json.dumps(doc))
    n = len(out["names"])
    if field == "scale":
        out["scale"][0] = 5e-324 if change == "denormal" else 0
    elif field == "coef":
        row = out["coef"][0]
        if change == "ragged":
            out["coef"] = [row[:-1]]
        else:
            row[0] = {"1e308": 1e308, "10**400": 10**400, "nested": [1]}[change]
    elif field == "names":
        out["names"] = [change] * n
    elif field == "spec":
        out["spec"] = {**out["spec"], **change}
    else:
        out[field] = change
    return json.dumps(out)


@pytest.mark.parametrize(
    ("field", "change", "message"), _EDITS, ids=[f"{f}-{str(c)[:12]}" for f, c, _ in _EDITS]
)
def test_a_model_file_with_a_number_it_cannot_hold_is_refused_by_name(
    field: str, change: Any, message: str
) -> None:
    m = tiny_model("space-1999")
    err = refused(lambda: winprob.WinModel.from_json(_edited(json.loads(m.to_json()), field, change), m.game))
    assert re.search(message, str(err)), str(err)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "isslab.winprob", "coef": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"format": "isslab.winprob", "length": ' + "9" * 5000 + "}",
        "NaN",
        b"\xff\xfe",
        " " * (17 * 2**20),
    ],
    ids=["deep", "deep-field", "long-int", "nan", "bad-utf8", "huge"],
)
def test_a_hostile_model_file_costs_an_error_message(text: str | bytes) -> None:
    m = tiny_model("space-1999")
    err = refused(lambda: winprob.WinModel.from_json(text, m.game))
    assert "model file" in str(err)


def test_a_model_file_is_read_bounded_from_regular_files_only(tmp_path: Path) -> None:
    m = tiny_model("space-1999")
    for path in ("/dev/zero", "/dev/urandom", tmp_path):
        err = refused(lambda path=path: winprob.WinModel.load(path, m.game))
        assert "is not a regular file" in str(err)
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(winprob.modelfile.MAX_FILE + 1)  # sparse: the size a file reports
    assert "is larger" in str(refused(lambda: winprob.WinModel.load(big, m.game)))


def test_a_model_whose_values_are_not_chances_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    m = tiny_model("space-1999")
    monkeypatch.setattr(winprob.WinModel, "predict", lambda self, feats, p: [float("nan")] * len(feats))
    with pytest.raises(ValueError, match="gives the value nan at the start of space-1999, outside 0 to 1"):
        winprob.WinModel.from_json(m.to_json(), m.game)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_model_passes_the_checks_and_gives_values_in_range(game_id: str) -> None:
    game = isslab.make(game_id)
    m = winprob.available(game)
    assert m is not None and winprob.modelfile.is_model_file(winprob.shipped_path(game))
    low, high = winprob.modelfile.result_range(game)
    for s in isslab.play(game, game.info.default_bot, seed=1).states()[::10]:
        values = m.values(s, None if s.is_terminal() else 0)
        assert all(low <= m.lo <= v <= m.hi <= high for v in values), values


def test_a_model_file_of_another_game_version_or_table_is_refused_by_name() -> None:
    m = tiny_model("space-1999")
    doc = json.loads(m.to_json())
    with pytest.raises(ValueError, match="of '1969', not space-1999"):
        winprob.WinModel.from_json(tiny_model("1969").to_json(), m.game)
    with pytest.raises(ValueError, match="fitted by isslab '0.0.1'"):
        winprob.WinModel.from_json(json.dumps({**doc, "version": "0.0.1"}), m.game)
    with pytest.raises(ValueError, match="other options"):
        winprob.WinModel.from_json(m.to_json(), isslab.make("space-1999", players=3))
    with pytest.raises(ValueError, match="not a model file"):
        winprob.WinModel.from_json(pickle.dumps(doc), m.game)
    with pytest.raises(ValueError, match="model file is malformed"):
        winprob.WinModel.from_json(json.dumps({**doc, "scale": doc["scale"][:-1]}), m.game)
    with pytest.raises(ValueError, match="fitted for"):
        m.values(tiny_record("1969").final_state().game.new_state())


@pytest.mark.parametrize("game_id", GAMES)
def test_features_are_the_same_in_positions_a_seat_cannot_tell_apart(game_id: str) -> None:
    game = tiny_game(game_id)
    states = tiny_record(game_id, seed=5).states()
    rng = random.Random(1)
    for s in states[:: max(1, len(states) // 12)]:
        for seat in range(game.num_players):
            other = s.resample_hidden(seat, rng)
            assert seat_features(s, seat) == seat_features(other, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_player_count_has_a_shipped_model_that_loads_without_fitting(
    game_id: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winprob, "_MEMO", {})
    monkeypatch.setattr(winprob, "fit", None)  # a fit would fail
    for players in range(isslab.make(game_id).info.min_players, isslab.make(game_id).info.max_players + 1):
        game = isslab.make(game_id, players=players)
        m = winprob.model(game)
        assert m.game == game and m.spec == winprob.table_spec(game)
        assert m.lineup == (game.info.default_bot,) * players
        assert winprob.available(game, "random") is not None


def test_mcts_values_leaves_with_the_model_and_refuses_an_unknown_value() -> None:
    state = isslab.make("space-1999").new_state()
    while state.current_player < 0 or len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    result = MCTS(simulations=30, value="model").search(state, random.Random(0))
    assert result.simulations == 30 and result.rollout_steps == 0
    assert sum(result.visits) == 30
    with pytest.raises(ValueError, match="value must be 'rollout' or 'model'"):
        isslab.bot("space-1999", "mcts", value="oracle")


# --- who plays, shares of the win, a seat's own hand -------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_seats_chances_from_one_view_add_up_to_one_in_a_win_lose_game(game_id: str) -> None:
    m = tiny_model(game_id)
    coop = m.game.info.returns is isslab.ReturnsKind.COOPERATIVE
    assert m.shares is not coop
    for s in tiny_record(game_id).states()[::9]:
        for seat in range(m.game.num_players):
            v = m.values(s, seat)
            if coop:
                assert len(set(v)) == 1  # the team's expected return, the same for every seat
            else:
                assert sum(v) == pytest.approx(1.0) and all(0 <= x <= 1 for x in v)
        assert m.values_many([s]) == [m.values(s)]
        assert m.values_many([s], 1) == [m.values(s, 1)]


def test_a_shared_win_is_a_share_to_each_winner() -> None:
    assert winprob.result_shares([1.0, 0.0, 1.0], True) == [0.5, 0.0, 0.5]
    assert winprob.result_shares([1.0, 0.0, 1.0], False) == [1.0, 0.0, 1.0]
    assert winprob.result_shares([0.0, 0.0], True) == [0.0, 0.0]  # nobody won: nothing to share


def test_a_table_model_evaluates_any_line_up_of_its_bots_and_says_whose_play_it_assumes() -> None:
    game = tiny_game("1969")
    pool = winprob.table_pool(game)
    assert pool[0] == "greedy" and "random" in pool and "moonshot" in pool and "mcts" not in pool
    m = winprob.fit(game, games=60, positions=4, progress=False, pool=pool)
    assert m.lineup == ("greedy", "greedy") and m.assumes == "if every seat played greedy from here"
    mixed = m.for_lineup(["random", "greedy"])
    assert mixed.assumes == "if USA played random, USSR played greedy from here"
    assert m.for_lineup(("greedy", "greedy")) is m
    state = tiny_record("1969").states()[40]
    assert mixed.values(state, 0) != m.values(state, 0)
    with pytest.raises(ValueError, match="knows line-ups of greedy, moonshot, spy, random"):
        m.for_lineup(["mcts", "greedy"])
    back = winprob.WinModel.from_json(m.to_json(), game, m.spec)
    assert back.for_lineup(["random", "greedy"]).values(state, 1) == pytest.approx(mixed.values(state, 1))
    one = tiny_model("1969")  # fitted on one line-up: that one only
    assert one.known == ("greedy", "greedy")
    with pytest.raises(ValueError, match="the line-up greedy, greedy only"):
        one.for_lineup(["random", "greedy"])


def test_line_up_words() -> None:
    game = isslab.make("space-1999")
    words = winprob.lineup_words
    assert words(game, ("greedy",) * 4) == "if every seat played greedy from here"
    assert words(game, ("greedy", "random", "greedy", "greedy")).endswith(
        "played random and every other seat greedy from here"
    )
    assert words(game, ("greedy",) * 4, people=(0,)) == (
        "if every seat played greedy from here (red is a person, taken to play so)"
    )
    team = isslab.make("mission-iss", players=2)
    assert words(team, ("planner", "planner")) == "if the whole team played planner from here"
    solo = isslab.make("1998-iss", players=1)
    assert words(solo, ("greedy",)).endswith("played greedy from here")


@pytest.mark.parametrize("game_id", ["1969", "1998-iss"])
def test_a_seat_sees_its_own_hand_and_nothing_else_that_is_hidden(game_id: str) -> None:
    game = tiny_game(game_id)
    rng = random.Random(3)
    own_changed = 0
    for s in tiny_record(game_id, seed=5).states()[20::6]:
        for seat in range(game.num_players):
            mine = seat_features(s, seat)
            # another world the seat cannot tell apart: the same features for every seat
            assert seat_features(s.resample_hidden(seat, rng), seat) == mine
            # a world a rival cannot tell apart changes what the seat itself holds, and its own entry
            rival = (seat + 1) % game.num_players
            other = s.resample_hidden(rival, rng)
            if other.view(seat) != s.view(seat):
                theirs = seat_features(other, seat)
                own_changed += int(theirs[seat] != mine[seat])
                assert theirs[rival] == mine[rival]  # the rival's entry reads public facts only
            assert any(k.startswith("game.own") for k in mine[seat])
            assert not any(k.startswith("game.own") for k in mine[rival])
    assert own_changed > 0  # the own hand is read: the check above compared something


def test_a_solo_game_the_bots_never_win_still_gets_a_model() -> None:
    game = isslab.make("1998-iss", players=1)
    m = winprob.fit(game, games=10, bots="random", positions=2, progress=False)
    state = isslab.play(game, "random", seed=1).states()[30]
    (v,) = m.values(state)
    assert 0 < v < 0.2 and not m.shares


def test_mission_iss_covers_the_whole_range_of_modules() -> None:
    m = winprob.model(isslab.make("mission-iss"))
    assert m.lo == 0 and m.hi >= 11
    weak = m.for_lineup(["random"] * 4)
    start = isslab.make("mission-iss").new_state()
    assert weak.values(start)[0] < 3 < m.values(start)[0]


def test_a_stale_shipped_model_is_not_used_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tiny_game("space-1999")
    doc = json.loads(winprob.shipped_path(game).read_text())
    stale = tmp_path / "models"
    stale.mkdir()
    (stale / winprob.shipped_path(game).name).write_text(json.dumps({**doc, "version": "0.0.1"}))
    monkeypatch.setattr(winprob, "_SHIPPED", stale)
    monkeypatch.setattr(winprob, "_MEMO", {})
    monkeypatch.setattr(winprob, "_STALE", {})
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path / "cache"))
    with pytest.warns(UserWarning, match="fitted by isslab '0.0.1'"):
        assert winprob.available(game) is None


def test_a_fit_in_the_background_reports_progress_and_caches_its_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winprob, "_MEMO", {})
    game = isslab.make("space-1999", players=3, eagles=2)
    seen: list[float] = []
    finished: list[winprob.FitJob] = []
    job = winprob.start_fit(game, ["greedy", "random", "greedy"], workers=1, games=100)
    job.when_progress(lambda j: seen.append(j.fraction))
    job.when_done(finished.append)
    assert winprob.start_fit(game, ["greedy", "random", "greedy"], workers=1, games=100) is job
    m = job.result(timeout=600)
    assert m is not None and job.done and job.error is None and finished == [job]
    assert job.fraction == 1.0 and seen == sorted(seen)
    assert m.lineup == ("greedy", "random", "greedy") and m.spec.games == 100
    assert winprob.cached_path(game, m.spec).exists()
    with pytest.raises(ValueError, match="games must be an int from 10"):
        winprob.start_fit(game, games=5)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        winprob.start_fit(game, "nobody")


def test_the_search_bots_take_any_leaf_value_of_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots keep no list of their own: a value registered by name is searched with at once."""
    from isslab.core import registry

    asked: list[int] = []

    def even(game: isslab.Game) -> Callable[[isslab.State], list[float]]:
        def values(state: isslab.State) -> list[float]:
            asked.append(state.game.num_players)
            return [0.5] * state.game.num_players

        return values

    monkeypatch.setitem(registry._VALUES, "even", even)
    state = isslab.make("space-1999", players=2).new_state()
    while state.current_player < 0:
        state = state.apply(state.legal_actions()[0])
    for name in ("mcts", "ismcts"):
        result = isslab.bot("space-1999", name, simulations=12, value="even").search(state, random.Random(0))
        assert result.simulations == 12 and result.rollout_steps == 0
    assert asked and set(asked) == {2}
    with pytest.raises(ValueError, match=r"value must be 'rollout' or 'even' or 'model' \(a leaf value"):
        isslab.bot("space-1999", "ismcts", value="oracle")


def test_a_model_valued_search_never_fits_a_model_on_its_first_move(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A table with no shipped or cached model is refused with the way to fit one; nothing is written."""
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winprob, "_MEMO", {})
    monkeypatch.setattr(winprob, "fit", None)  # a fit would fail
    game = isslab.make("space-1999", players=3, forced_launch=True)  # a table nothing is shipped for
    assert winprob.available(game) is None
    with pytest.raises(
        ValueError,
        match=r"no win-chance model of space-1999 \(players=3, forced_launch=True\) is shipped or cached; "
        r"fit it once with isslab.winprob.model\(game\)",
    ):
        isslab.play(game, ["mcts(simulations=5, value=model)", "greedy", "greedy"], seed=0)
    assert not any(tmp_path.rglob("*"))  # no cache file was written
