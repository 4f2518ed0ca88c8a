"""The one rule for numbers given to options, over every option of every game (property-based).

An int option takes Python and numpy integers and refuses every float, ``4.0`` included, with a
message that says to give an int; a bool option takes ``True``/``False`` (numpy's too) and refuses
0 and 1; a float option takes ints and floats; no option reads a string as a number. The same rule
holds in every entry of a tuple option.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import isslab
from isslab.core import MAX_OPTION_INT, Option

GAMES = isslab.games()
_SETTINGS = settings(
    max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _options(kind: type) -> list[tuple[str, Option]]:
    """``(game id, option)`` for every option of every game whose default is of ``kind``."""
    out = []
    for gid in GAMES:
        for o in isslab.game_class(gid).OPTIONS:
            if type(o.default) is kind:
                out.append((gid, o))
    return out


INT_OPTIONS = _options(int)
BOOL_OPTIONS = _options(bool)
INT_TUPLES = [
    (g, o)
    for g, o in _options(tuple)
    if o.default and all(type(v) is int for v in o.default) and o.min_len is None and o.max_len is None
]
_ids = [f"{g}-{o.name}" for g, o in INT_OPTIONS]


def _in_range(o: Option) -> st.SearchStrategy[int]:
    if o.choices is not None:
        return st.sampled_from(o.choices)
    lo = -MAX_OPTION_INT if o.min is None else math.ceil(o.min)
    hi = MAX_OPTION_INT if o.max is None else math.floor(o.max)
    return st.integers(lo, hi)


@pytest.mark.parametrize(("game_id", "option"), INT_OPTIONS, ids=_ids)
@_SETTINGS
@given(data=st.data())
def test_an_int_option_takes_python_and_numpy_integers(game_id, option, data):
    value = data.draw(_in_range(option))
    for given_value in (value, np.int64(value), np.int32(value) if abs(value) < 2**31 else value):
        got = option.validate(given_value)
        assert got == value and type(got) is int


@pytest.mark.parametrize(("game_id", "option"), INT_OPTIONS, ids=_ids)
@_SETTINGS
@given(data=st.data())
def test_an_int_option_refuses_every_float_bool_and_string(game_id, option, data):
    value = data.draw(
        st.one_of(
            _in_range(option).map(float),  # an integral float: still a float
            st.floats(allow_nan=True, allow_infinity=True),
            st.booleans(),
            _in_range(option).map(str),
            st.just(np.float64(2.0)),
            st.just(np.bool_(True)),
        )
    )
    with pytest.raises(ValueError, match=rf"option {option.name}=.* is not allowed") as err:
        option.validate(value)
    text = str(err.value)
    if isinstance(value, float) and math.isfinite(value):
        assert "a float: give an int" in text
    elif isinstance(value, str):
        assert "a string: give the value itself" in text
    elif isinstance(value, bool | np.bool_):
        assert "a bool: give an int" in text


@pytest.mark.parametrize(("game_id", "option"), BOOL_OPTIONS, ids=[f"{g}-{o.name}" for g, o in BOOL_OPTIONS])
@_SETTINGS
@given(value=st.one_of(st.integers(-3, 3), st.floats(), st.sampled_from(["True", "true", "1", ""])))
def test_a_bool_option_takes_only_bools(game_id, option, value):
    assert option.validate(True) is True and option.validate(np.bool_(False)) is False
    with pytest.raises(ValueError, match=rf"option {option.name}=.* is not allowed.*: use True or False"):
        option.validate(value)


@pytest.mark.parametrize(("game_id", "option"), INT_TUPLES, ids=[f"{g}-{o.name}" for g, o in INT_TUPLES])
@_SETTINGS
@given(data=st.data())
def test_every_entry_of_an_int_tuple_follows_the_rule(game_id, option, data):
    lo = -MAX_OPTION_INT if option.item_min is None else int(option.item_min)
    hi = MAX_OPTION_INT if option.item_max is None else int(option.item_max)
    n = len(option.default)
    values = data.draw(st.lists(st.integers(lo, hi), min_size=n, max_size=n))
    assert option.validate(values) == tuple(values)
    assert option.validate(np.array(values, dtype=np.int64)) == tuple(values)
    i = data.draw(st.integers(0, n - 1))
    bad = data.draw(st.sampled_from([float(values[i]), str(values[i]), True]))
    with pytest.raises(ValueError, match=rf"option {option.name}=.*\(entry {i + 1} is "):
        option.validate([*values[:i], bad, *values[i + 1 :]])


@given(
    value=st.one_of(st.integers(-(10**6), 10**6), st.floats(-1e6, 1e6), st.sampled_from([np.float32(0.5)]))
)
@_SETTINGS
def test_a_float_option_takes_ints_and_floats(value):
    got = Option("x", 0.5, "", min=-1e6, max=1e6).validate(value)
    assert type(got) is float and got == float(value)


@pytest.mark.parametrize("game_id", GAMES)
def test_make_follows_the_rule_and_says_what_to_give(game_id):
    n = isslab.game_class(game_id).INFO.min_players
    assert isslab.make(game_id, players=np.int64(n)) is isslab.make(game_id, players=n)
    with pytest.raises(
        ValueError, match=rf"option players={n}.0 is not allowed \(a float: give an int \({n},"
    ):
        isslab.make(game_id, players=float(n))
    with pytest.raises(ValueError, match=rf"option players='{n}' is not allowed \(a string"):
        isslab.make(game_id, players=str(n))
