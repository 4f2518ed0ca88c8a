"""Bad arguments at the analysis layer's edges cost a precise ``ValueError``, read from the signatures.

Every public entry point of the analysis layer (``isslab.analysis.__all__``, the methods of a
``Review`` and of a fitted model, ``isslab.winprob``'s functions, ``isslab.metrics`` and
``isslab.replay``) is listed in ``CALLS`` with a call that works. The tests then replace one
argument at a time by values of the wrong kind, chosen from the parameter's name and type hint
(a seat, a model, a seed, a count, a flag, a measure, a name), and require a ``ValueError`` that
names the argument, within a CPU second and a bounded amount of memory. A new entry point fails
``test_every_public_entry_point_has_a_call`` until it is listed: then it is covered like the others.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pandas as pd
import pytest
from helpers_bad_input import refused, short_id

import isslab
import isslab.analysis
from isslab.analysis import winprob
from isslab.analysis.review import Review
from isslab.core import Game

#: (entry point, positional arguments, keyword arguments) of a call that works
Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]


@cache
def _record() -> isslab.GameRecord:
    """A short game of the default Space: 1999 table (its win-chance model ships with the package)."""
    return isslab.play(isslab.make("space-1999"), "greedy", seed=0)


@cache
def _decision() -> isslab.State:
    return next(s for s in _record().states() if s.current_player >= 0 and len(s.legal_actions()) > 1)


@cache
def _review() -> Review:
    return isslab.review(_record(), alternatives=False)


@cache
def _model() -> winprob.WinModel:
    found = winprob.available(isslab.make("space-1999"))
    assert found is not None, "the default table's model ships with the package"
    return found


@cache
def _frame() -> pd.DataFrame:
    return isslab.simulate("space-1999", games=3, seed=0, progress=False, trace=True)


def _calls() -> dict[str, Call]:
    """A working call of every public entry point (the values are made when a test asks)."""
    state, record = _decision(), _record()
    return {
        "evaluate": (isslab.evaluate, (state,), {"games": 5}),
        "review": (isslab.review, (record,), {"alternatives": False}),
        "hints": (isslab.analysis.hints, (state,), {"rollouts": 4}),
        "report": (isslab.report, ("space-1999",), {"games": 2, "sections": ["length"], "workers": 1}),
        "win_metrics": (isslab.analysis.win_metrics, ([_review()],), {}),
        "plausible_values": (isslab.analysis.plausible_values, (isslab.make("space-1999"), "eagles"), {}),
        "metrics": (isslab.metrics, (_frame(),), {}),
        "replay": (isslab.replay, (_frame().iloc[0],), {}),
        "Review.decisions": (_review().decisions, (), {"seat": 0}),
        "Review.luckiest": (_review().luckiest, (0,), {}),
        "Review.in_words": (_review().in_words, (0,), {}),
        "Review.line": (_review().line, (0,), {"plies": 1}),
        "WinModel.values": (_model().values, (state,), {"observer": 0}),
        "winprob.model": (winprob.model, ("space-1999",), {}),
        "winprob.fit": (winprob.fit, ("space-1999",), {"games": 10, "progress": False}),
        "winprob.collect": (winprob.collect, ("space-1999",), {"games": 10}),
        "WinModel.values_many": (_model().values_many, ([state],), {"observer": 0}),
        "WinModel.value_for": (_model().value_for, ([state], 0), {}),
        "winprob.start_fit": (winprob.start_fit, ("space-1999",), {"games": 10, "workers": 1}),
        "WinModel.for_table": (_model().for_table, (isslab.make("space-1999", eagles=3),), {}),
    }


#: entry points that take no argument a user chooses (or whose arguments are the values above)
EXEMPT = {
    "Review.summary", "Review.curve", "Review.seat_names", "Review.span", "Review.candidates",
    "WinModel.check", "WinModel.features", "WinModel.progress", "WinModel.predict", "WinModel.predict_rows",
    "WinModel.scaled", "WinModel.scaled_array", "WinModel.to_json", "WinModel.save", "WinModel.from_json",
    "WinModel.load",  # model files: tests/test_winprob.py and the mutated files of test_bad_input.py
    "winprob.fit_rows", "winprob.cached_path", "winprob.shipped_path", "winprob.available",
    "winprob.cache_dir", "winprob.chance_kind", "winprob.given_model", "winprob.FitSpec", "winprob.WinModel",
    "Evaluation", "Review", "Report", "winprob",
    # who plays: a line-up is checked by name where a model is bound to it (tests/test_winprob.py)
    "WinModel.covers", "WinModel.for_lineup", "WinModel.assumes", "WinModel.length_of", "WinModel.result",
    "winprob.as_lineup", "winprob.draw_lineup", "winprob.lineup_words", "winprob.result_shares",
    "winprob.table_pool", "winprob.table_spec", "winprob.FitJob", "winprob.Rows",
}  # fmt: skip


def _public() -> list[str]:
    """The public entry points of the analysis layer, as ``CALLS`` names them."""
    names = [n for n in isslab.analysis.__all__ if callable(getattr(isslab.analysis, n))]
    names += [f"Review.{n}" for n in vars(Review) if not n.startswith("_")]
    names += [f"WinModel.{n}" for n in vars(winprob.WinModel) if not n.startswith("_")]
    names += [f"winprob.{n}" for n in winprob.__all__ if callable(getattr(winprob, n))]
    return sorted(set(names) | {"metrics", "replay"})


def test_every_public_entry_point_has_a_call() -> None:
    missing = [n for n in _public() if n not in _calls() and n not in EXEMPT]
    assert not missing, f"add a working call of {missing} to _calls() (or a reason to EXEMPT)"


# --- hostile values, chosen by a parameter's name and type ----------------------------------------

HUGE = 10**400
SEATS = [-1, 99, "0", 1.5, True, HUGE, np.float64(1.0)]
SEEDS = [-1, 2**128, 1.5, "0", True, HUGE]
COUNTS = [-1, 1.5, "5", True, HUGE, np.float64(2.0), [3]]
FLAGS = ["yes", "False", 1, 0, 2.0, [True]]
MEASURES = [float("nan"), float("inf"), -HUGE, HUGE, "0.1", True]
NAMES = [5, b"x", ["x"], "x" * 100_000]


class _NotAModel:
    """Looks a little like a model (it has ``values``) and is not one."""

    def values(self, state: Any, seat: Any = None) -> list[float]:
        return [0.5]


def _hostile(name: str, hint: Any) -> list[Any]:
    """The wrong values for a parameter called ``name`` with the type hint ``hint``."""
    text = str(hint)
    if name in ("seat", "observer"):
        return SEATS
    if name == "model_":
        return ["model", _NotAModel(), object(), _model_of_another_game()]
    if name == "seed":
        return SEEDS
    if name == "workers":
        return [0, -1, 1.5, "2", True]
    if text in ("bool", "<class 'bool'>"):
        return FLAGS
    if text in ("int", "<class 'int'>") or name in ("games", "count", "simulations", "positions"):
        return COUNTS
    if text in ("float", "<class 'float'>") or name in ("precision", "level"):
        return MEASURES
    if name in ("method", "outcome", "valuation"):
        return [*NAMES, "nosuch"]
    if name == "game" and hint is Game:  # a table of the model's own game and size only
        return ["space-1999", None, object(), isslab.make("1969"), isslab.make("space-1999", players=2)]
    return []


@cache
def _model_of_another_game() -> winprob.WinModel:
    found = winprob.available(isslab.make("1969"))
    assert found is not None
    return found


def _cases() -> list[tuple[str, str, Any]]:
    """(entry point, parameter, wrong value) for every parameter that has wrong values."""
    out = []
    for name in sorted(_ENTRY_SIGNATURES):
        for param, hint in _ENTRY_SIGNATURES[name]:
            out += [(name, param, v) for v in _hostile(param, hint)]
    return out


def _signature(fn: Callable[..., Any]) -> list[tuple[str, Any]]:
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # a hint that cannot be evaluated here: fall back to the names alone
        hints = {}
    params = inspect.signature(fn).parameters.values()
    return [(p.name, hints.get(p.name, p.annotation)) for p in params if p.kind is not p.VAR_KEYWORD]


#: each entry point's parameters with their hints (read once, when the module is collected)
_ENTRY_SIGNATURES: dict[str, list[tuple[str, Any]]] = {
    "evaluate": _signature(isslab.evaluate),
    "review": _signature(isslab.review),
    "hints": _signature(isslab.analysis.hints),
    "report": _signature(isslab.report),
    "win_metrics": _signature(isslab.analysis.win_metrics),
    "metrics": _signature(isslab.metrics),
    "Review.decisions": _signature(Review.decisions)[1:],
    "Review.luckiest": _signature(Review.luckiest)[1:],
    "Review.in_words": _signature(Review.in_words)[1:],
    "Review.line": _signature(Review.line)[1:],
    "WinModel.values": _signature(winprob.WinModel.values)[1:],
    "winprob.model": _signature(winprob.model),
    "winprob.fit": _signature(winprob.fit),
    "winprob.collect": _signature(winprob.collect),
    "WinModel.values_many": _signature(winprob.WinModel.values_many)[1:],
    "WinModel.value_for": _signature(winprob.WinModel.value_for)[1:],
    "winprob.start_fit": _signature(winprob.start_fit),
    "WinModel.for_table": _signature(winprob.WinModel.for_table)[1:],
}
CASES = _cases()


def test_the_signatures_give_wrong_values_for_every_entry_point_with_arguments() -> None:
    covered = {name for name, _, _ in CASES}
    assert covered == set(_ENTRY_SIGNATURES) and len(CASES) > 200
    assert set(_ENTRY_SIGNATURES) <= set(_calls())


def _call_with(name: str, param: str, value: Any) -> Any:
    fn, args, kwargs = _calls()[name]
    positional = [p for p, _ in _signature(fn)]
    args_list, kw = list(args), dict(kwargs)
    where = positional.index(param)
    if where < len(args_list):
        args_list[where] = value
    else:
        kw[param] = value
    return fn(*args_list, **kw)


@pytest.mark.parametrize(
    ("name", "param", "value"), CASES, ids=[f"{n}-{p}-{short_id(v)}" for n, p, v in CASES]
)
def test_a_wrong_argument_is_refused_by_name_and_changes_nothing(name: str, param: str, value: Any) -> None:
    state = _decision()
    before = (state.to_json(), _review().rows.copy())
    err = refused(lambda: _call_with(name, param, value), seconds=2.0, mb=400)
    said = str(err)
    assert param.rstrip("_") in said or (param == "observer" and "seat" in said), said
    assert state.to_json() == before[0] and _review().rows.equals(before[1])


@pytest.mark.parametrize("name", sorted(_ENTRY_SIGNATURES))
def test_the_working_call_of_every_entry_point_works(name: str) -> None:
    if name == "report":
        pytest.skip("plays the report's games: tests/test_report.py runs it")
    fn, args, kwargs = _calls()[name]
    fn(*args, **kwargs)  # the base of every case above is a call that works


# --- the reported cases, each by name -------------------------------------------------------------


def test_review_in_words_refuses_a_negative_seat_instead_of_describing_the_last() -> None:
    rev = _review()
    with pytest.raises(
        ValueError, match=r"seat must be an int from 0 to 3, got -1 \(a seat: -1 is not the last"
    ):
        rev.in_words(-1)
    assert rev.in_words(np.int64(3)) == rev.in_words(3)  # a numpy int is a seat


@pytest.mark.parametrize(
    "ladder",
    [[], iter([]), "greedy", [["random"]], ["random", "random"]],
    # an iterator's repr holds its address, which differs between xdist workers
    ids=["empty list", "empty iterator", "a bare name", "a nested list", "one bot twice"],
)
def test_report_refuses_an_empty_or_malformed_ladder_before_any_game(ladder: Any) -> None:
    err = refused(lambda: isslab.report("space-1999", ladder=ladder, workers=1), seconds=2.0)
    assert "ladder" in str(err)


def test_report_bounds_the_line_ups_and_names_every_bot_before_playing() -> None:
    endless = iter(lambda: "greedy", None)  # a generator of line-ups that never ends
    err = refused(lambda: isslab.report("space-1999", bots=endless, workers=1), seconds=2.0)
    assert "bots holds more than 8 entries" in str(err)
    err = refused(lambda: isslab.report("space-1999", bots=["greedy", "nobody"], workers=1), seconds=2.0)
    assert "unknown bot 'nobody'" in str(err)
    err = refused(lambda: isslab.report("space-1999", search="mcts(rollout=nobody)", workers=1), seconds=2.0)
    assert "rollout: unknown bot 'nobody'" in str(err)
    err = refused(lambda: isslab.report("space-1999", outcome="speed", workers=1), seconds=2.0)
    assert "outcome must be a column of the report's rows, got 'speed'" in str(err)


@pytest.mark.parametrize("grid", ["eagles", 5, [1], {1: [1, 2]}, {"eagles": [1]} | {2: 3}], ids=short_id)
def test_replay_refuses_a_grid_that_is_not_a_grid(grid: Any) -> None:
    df = isslab.sweep("space-1999", {"eagles": [1, 2]}, games=2, progress=False, players=2)
    df.attrs = {**df.attrs, "grid": grid}
    with pytest.raises(ValueError, match="the frame's attrs hold a 'grid' that is not a sweep's grid"):
        isslab.replay(df[df.eagles == 2].iloc[0], df)
    df.attrs = {**df.attrs, "grid": ["eagles"]}  # a list of the swept options is read
    assert isslab.replay(df[df.eagles == 2].iloc[0], df).record.game.options["eagles"] == 2


def test_hints_refuse_a_seat_or_count_of_the_wrong_kind() -> None:
    state = _decision()
    for kw, message in (
        ({"seat": -1}, "seat must be an int from 0 to 3"),
        ({"seat": "0"}, "seat must be an int"),
        ({"count": 0}, "count must be an int from 1"),
        ({"rollouts": 10**9}, "rollouts must be an int from 2 to 100,000"),
    ):
        with pytest.raises(ValueError, match=message):
            isslab.analysis.hints(state, **kw)
