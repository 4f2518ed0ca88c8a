"""Variants (``isslab.variant``): a rule changed in a few lines, then played wherever a game is.

One small variant per game, each checked in a position where its rule applies: Space: 1999's
catch-up (the tutorial of ``help(isslab.variant)``, run as it is written), a cheaper first scientist
in 1969, a Good Job card that clears an incident marker in Mission ISS, and 1998 ISS without extra
actions. Then what every variant must do: the conformance suite, save and load (and a clear refusal
where the variant is not defined), pickling, ``simulate`` on forked, spawned and forkserver workers
and on a Dask cluster, ``sweep``, ``compare``, ``metrics``, ``replay``, the game view, and precise
errors for a bad definition.

The variants are registered for this module only (a fixture), so that other test modules that
list ``isslab.games()`` see the four games alone.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import multiprocessing
import pickle
import random
import re
import textwrap
import threading
import types
import warnings
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

import pandas as pd
import pytest
from helpers_python import fresh_python
from helpers_registry import registry_restored

import isslab
from isslab.conformance import check_game
from isslab.core import registry
from isslab.core import variants as core_variants
from isslab.games.game_1969 import Hire, Phase, State1969
from isslab.games.iss_1998 import Place, State1998
from isslab.games.mission_iss import DrawIncident, StateMissionISS
from isslab.games.space_1999 import Roll, State1999

CATCH_UP = "space-1999/catch-up"
CHEAP_HIRE = "1969/cheap-first-hire"
GOOD_JOB = "mission-iss/good-job-clears"
NO_EXTRA = "1998-iss/no-extra-actions"
VARIANTS = [CATCH_UP, CHEAP_HIRE, GOOD_JOB, NO_EXTRA]
#: small tables, so that random games stay short
SMALL = {
    CATCH_UP: {"players": 2, "eagles": 2},
    CHEAP_HIRE: {"players": 2},
    GOOD_JOB: {"players": 2},
    NO_EXTRA: {"players": 2},
}


# --- the variants -----------------------------------------------------------------------------------

#: what the first scientist of a round costs less in the 1969 variant
DISCOUNT = 2


class CheapFirstHire(State1969):
    """The first scientist a nation hires each round costs 2M less (never less than nothing)."""

    def hire_cost(self, seat: int, kind: int) -> int:
        price: int = super().hire_cost(seat, kind)
        return price if self.hired[seat] else max(0, price - DISCOUNT)

    def _legal_actions(self) -> list[Any]:
        legal: list[Any] = super()._legal_actions()
        seat = self.current_player
        if self.phase != Phase.BUY or self.hired[seat]:
            return legal
        # what the game offers a nation with DISCOUNT more: the discount makes those hires affordable
        richer = self._copy()
        richer.money = tuple(m + DISCOUNT if s == seat else m for s, m in enumerate(self.money))
        offered = set(legal)
        return legal + [a for a in State1969._legal_actions(richer) if type(a) is Hire and a not in offered]

    def _apply(self, action: Any) -> Any:
        new = super()._apply(action)
        if type(action) is Hire and not self.hired[action.seat]:
            seat = action.seat
            refund = min(DISCOUNT, self.money[seat] - new.money[seat])
            new.money = tuple(m + refund if s == seat else m for s, m in enumerate(new.money))
        return new


class GoodJobClears(StateMissionISS):
    """A Good Job card takes the highest incident marker off a module still to attach (to the discard)."""

    def _apply(self, action: Any) -> Any:
        new = super()._apply(action)
        if type(action) is DrawIncident and action.card == "Good Job":
            marked = [(max(m), -i) for i, m in enumerate(new.incidents) if m and new.station[i] < 0]
            if marked:
                value, i = max(marked)  # the highest marker; the first module on a tie
                i = -i
                rest = list(new.incidents[i])
                rest.remove(value)
                new.incidents = (*new.incidents[:i], tuple(rest), *new.incidents[i + 1 :])
                discard = list(new.marker_discard)
                discard[value - 1] += 1
                new.marker_discard = tuple(discard)
        return new


class NoExtraActions(State1998):
    """No extra actions: a cube on an action card's extra-action space is never played from there."""

    def _legal_actions(self) -> list[Any]:
        return [a for a in super()._legal_actions() if not (type(a) is Place and a.extra)]


def _tutorial() -> str:
    """The code of the example in ``help(isslab.variant)``, as a reader copies it into a cell."""
    doc = inspect.getdoc(isslab.variant) or ""
    blocks = re.findall(r"::\n\n((?:(?: {4}.*)?\n)+)", doc + "\n")
    assert len(blocks) == 2, "the tutorial shows the variant, then its bot"
    return "\n".join(textwrap.dedent(b) for b in blocks)


@pytest.fixture(scope="module", autouse=True)
def variants() -> Iterator[types.ModuleType]:
    """The four variants, defined for this module's tests; the registry is as before afterwards.

    The catch-up variant is the tutorial's own code, run in a module that cannot be imported
    (like a notebook's ``__main__``), so it travels to worker processes by value.
    """
    with registry_restored():
        for vid in [g for g in registry._GAMES if "/" in g]:  # another module's variants (the course's)
            del registry._GAMES[vid]
        cell = types.ModuleType("tutorial_cell")
        exec(compile(_tutorial(), "<help(isslab.variant)>", "exec"), cell.__dict__)
        isslab.variant("1969", "cheap-first-hire")(CheapFirstHire)
        isslab.variant("mission-iss", "good-job-clears")(GoodJobClears)
        isslab.variant("1998-iss", "no-extra-actions")(NoExtraActions)
        yield cell
    for vid in VARIANTS:
        registry._forget(vid)


def _playing(game_id: str, want: Any, seeds: range = range(40), bots: str = "random") -> isslab.State:
    """The first state of a seeded 2-player game of ``game_id`` for which ``want(state)`` holds."""
    game = isslab.make(game_id, players=2)
    for seed in seeds:
        for state in isslab.play(game, bots, seed=seed).states():
            if want(state):
                return state
    raise AssertionError(f"no state of {game_id} found")


# --- each variant does what it says ------------------------------------------------------------------


def test_the_variants_are_games_with_their_base_bots():
    for vid in VARIANTS:
        base = vid.split("/")[0]
        assert vid in isslab.games(variants=True) and vid not in isslab.games()
        game = isslab.make(vid)
        assert game.id == vid and game.VARIANT_OF == base
        assert game.info.title == game.title == f"{isslab.make(base).title} ({vid.split('/')[1]})"
        assert set(isslab.bot_names(base)) <= set(isslab.bot_names(vid))
        assert isinstance(game, type(isslab.make(base))) and game != isslab.make(base)
        assert repr(game) == f"isslab.make({vid!r})"
        assert game.__doc__ and game.__doc__ == " ".join(game.__doc__.split())
    assert isslab.bot(CATCH_UP, "greedy") is not isslab.bot("space-1999", "greedy")
    assert isslab.bot(CHEAP_HIRE, "greedy") is isslab.bot("1969", "greedy")


def test_catch_up_the_commander_behind_rolls_twice_and_keeps_one(variants):
    game = isslab.make(CATCH_UP, players=2)
    base = isslab.make("space-1999", players=2)
    # red has landed two eagles; blue none: blue is behind
    place = {"disc": {"red": ["r4s5"], "blue": ["hub", "r1s0"]}, "landed": [2, 0], "first": 0, "turn": 2}
    start = game.position(**place)
    assert start.is_chance_node() and start.behind() == 1 and start.rolled == ()
    first, second = Roll(1, "green"), Roll(2, "red")
    one = start.apply(first)
    assert one.is_chance_node() and one.rolled == ((1, "green"),) and one.theta == start.theta
    two = one.apply(second)
    assert two.current_player == 1 and two.legal_actions() == [first, second]
    assert two.view(0)["rolled"] == [[1, "green"], [2, "red"]]
    kept = two.apply(second)
    plain = base.position(**place).apply(second)  # the base game rolls once, and that is it
    assert (kept.theta, kept.round, kept.current_player, kept.rolled) == (plain.theta, plain.round, 0, ())
    # a double keeps the one roll; with nobody alone behind, one roll turns the disc as in the game
    assert one.apply(first).legal_actions() == [first]
    level = game.position(first=0, turn=2)
    assert level.behind() is None
    assert level.apply(first).theta == base.position(first=0, turn=2).apply(first).theta
    # the variant's greedy bot keeps the roll that leaves it nearest to landing
    rng = random.Random(0)
    choice = isslab.bot(CATCH_UP, "greedy")(two, rng)
    assert choice in (first, second)
    assert game.distance(two.apply(choice), 1) == min(game.distance(two.apply(r), 1) for r in (first, second))
    assert variants.CatchUp is type(start).__mro__[1]


def test_cheap_first_hire_costs_less_and_only_the_first_time():
    state = _playing(
        CHEAP_HIRE,
        lambda s: (
            s.current_player >= 0
            and not s.hired[s.current_player]
            and any(type(a) is Hire and a.kind == "basic" for a in s.legal_actions())
        ),
    )
    seat = state.current_player
    hire = next(a for a in state.legal_actions() if type(a) is Hire and a.kind == "basic")
    basic = isslab.game_class("1969").STATE.hire_cost(state, seat, 0)  # the game's own price
    assert basic > DISCOUNT and state.hire_cost(seat, 0) == basic - DISCOUNT
    # with just the discounted price, the base game cannot hire; the variant can
    snap = {
        **state.snapshot(),
        "money": [basic - DISCOUNT if s == seat else m for s, m in enumerate(state.money)],
    }
    poor = isslab.core.restore(state.game, snap)
    poor_base = isslab.core.restore(isslab.make("1969", players=2), snap)
    assert hire in poor.legal_actions() and hire not in poor_base.legal_actions()
    after = poor.apply(hire)
    assert after.money[seat] == 0 and after.hired[seat]
    # the second scientist of the round costs the full price
    assert after.hire_cost(seat, 0) == basic
    rich = isslab.core.restore(state.game, {**snap, "money": [20, 20]})
    twice = rich.apply(hire)
    second = next((a for a in twice.legal_actions() if type(a) is Hire and a.kind == "basic"), None)
    if second is not None:
        assert twice.apply(second).money[seat] == 20 - (basic - DISCOUNT) - basic


def test_good_job_clears_the_highest_incident_marker():
    def ready(s: isslab.State) -> bool:
        return (
            s.is_chance_node()
            and DrawIncident("Good Job") in s.legal_actions()
            and any(m and s.station[i] < 0 for i, m in enumerate(s.incidents))
        )

    state = _playing(GOOD_JOB, ready, seeds=range(200))
    base = isslab.core.restore(isslab.make("mission-iss", players=2), state.snapshot())
    good = DrawIncident("Good Job")
    plain, cleared = base.apply(good), state.apply(good)
    assert plain.incidents == state.incidents  # the game: Good Job does nothing
    value, i = max((max(m), -i) for i, m in enumerate(state.incidents) if m and state.station[i] < 0)
    assert len(cleared.incidents[-i]) == len(state.incidents[-i]) - 1
    assert sum(cleared.marker_discard) == sum(state.marker_discard) + 1
    assert cleared.marker_discard[value - 1] == state.marker_discard[value - 1] + 1
    assert [m for j, m in enumerate(cleared.incidents) if j != -i] == [
        m for j, m in enumerate(state.incidents) if j != -i
    ]


def test_no_extra_actions_removes_them_and_nothing_else():
    # the position is found in the game itself: the variant never offers an extra action
    base = _playing("1998-iss", lambda s: any(type(a) is Place and a.extra for a in s.legal_actions()))
    state = isslab.core.restore(isslab.make(NO_EXTRA, players=2), base.snapshot())
    offered = base.legal_actions()
    assert state.legal_actions() == [a for a in offered if not (type(a) is Place and a.extra)]
    assert state.legal_actions() and len(state.legal_actions()) < len(offered)
    extra = next(a for a in offered if type(a) is Place and a.extra)
    assert "illegal action" in (state.why_illegal(extra) or "")


# --- everywhere a game works -------------------------------------------------------------------------


@pytest.mark.parametrize("vid", VARIANTS)
def test_every_variant_passes_the_conformance_suite(vid):
    game = isslab.make(vid, **SMALL[vid])
    report = check_game(game, games=3, seed=1)
    assert report.games == 3 and report.steps > 0
    rec = isslab.play(game, game.info.default_bot, seed=2)  # the default bot (the view's opponents)
    assert rec.final_state().is_terminal() and type(rec.final_state()) is type(game).STATE


@pytest.mark.parametrize("vid", VARIANTS)
def test_save_files_name_the_variant_and_load_back(vid):
    rec = isslab.play(isslab.make(vid, **SMALL[vid]), "random", seed=4)
    for state in rec.states()[:: max(1, rec.steps // 6)]:
        text = state.to_json()
        assert json.loads(text)["game"] == vid
        back = isslab.load(text)
        assert back == state and type(back) is type(state) and back.to_json() == text
        assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(rec.game)) is rec.game  # the registered variant, shared


def test_a_save_of_an_undefined_variant_says_how_to_define_it(tmp_path):
    rec = isslab.play(isslab.make(CATCH_UP, players=2, eagles=1), "random", seed=0)
    save = tmp_path / "catch-up.json"
    save.write_text(rec.states()[10].to_json())
    code = (
        "import isslab, sys\n"
        "try:\n"
        f"    isslab.load(open({str(save)!r}).read())\n"
        "except ValueError as exc:\n"
        "    print(exc)\n"
        "try:\n"
        f"    isslab.make({CATCH_UP!r})\n"
        "except ValueError as exc:\n"
        "    print(exc)\n"
    )
    out = fresh_python(code).splitlines()
    assert len(out) == 2
    assert out[0].startswith("cannot load this save file: 'space-1999/catch-up' is a variant of space-1999")
    for line in out:
        assert "not defined in this process" in line and "isslab.variant('space-1999', 'catch-up')" in line


def _sim(vid: str, workers: Any, games: int = 12) -> pd.DataFrame:
    return isslab.simulate(
        vid, bots="greedy", games=games, seed=7, workers=workers, progress=False, **SMALL[vid]
    )


@pytest.mark.parametrize("vid", [CATCH_UP, CHEAP_HIRE])
def test_simulate_gives_the_same_rows_on_forked_spawned_and_forkserver_workers(vid):
    # catch-up is defined in a module no worker can import (it travels by value), the other in
    # this test module (workers import it by name)
    here = _sim(vid, 1)
    assert len(here) == 12 * 2 and set(here["bot"]) == {"greedy"}
    pd.testing.assert_frame_equal(here, _sim(vid, 2))  # the pool forks: workers inherit the variant
    for method in ("spawn", "forkserver"):  # fresh interpreters: the variant comes with the game
        with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(method)) as pool:
            pd.testing.assert_frame_equal(here, _sim(vid, pool), obj=method)


def test_simulate_from_a_thread_uses_fresh_workers_that_learn_the_variant():
    here = _sim(CATCH_UP, 1)
    out: list[pd.DataFrame] = []
    thread = threading.Thread(target=lambda: out.append(_sim(CATCH_UP, 2)))  # the lab runs like this
    thread.start()
    thread.join(300)
    assert out, "the run in a thread did not finish"
    pd.testing.assert_frame_equal(here, out[0])


def test_a_variant_written_in_main_plays_on_spawned_workers():
    # the tutorial pasted into a script's __main__ (a notebook's case), played on fresh interpreters
    code = _tutorial() + textwrap.dedent(
        """
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        kw = dict(bots="greedy", games=8, seed=3, progress=False, players=2, eagles=2)
        here = isslab.simulate("space-1999/catch-up", **kw)
        with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
            there = isslab.simulate("space-1999/catch-up", workers=pool, **kw)
        print(here.equals(there), len(here))
        """
    )
    assert fresh_python(code).split() == ["True", "16"]


def test_simulate_on_a_dask_cluster_knows_the_variant():
    distributed = pytest.importorskip("distributed")
    here = _sim(CATCH_UP, 1, games=6)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = _sim(CATCH_UP, client, games=6)
    pd.testing.assert_frame_equal(here, there)


def test_sweep_compare_metrics_and_replay_take_a_variant():
    df = isslab.sweep(CATCH_UP, {"eagles": [1, 2]}, bots="greedy", games=8, seed=0, progress=False, players=2)
    assert set(df["eagles"]) == {1, 2} and len(df) == 2 * 8 * 2
    table = isslab.compare(df, by="eagles", metric="length")
    assert len(table) == 2
    sim = _sim(CATCH_UP, 1)
    assert len(isslab.metrics(sim)) > 0
    record, final = isslab.replay(sim.iloc[0])
    assert record.game == isslab.make(CATCH_UP, **SMALL[CATCH_UP]) and final.is_terminal()
    assert type(final).__name__ == "CatchUp"


def test_the_game_view_plays_a_variant_with_the_base_board():
    pytest.importorskip("ipywidgets")
    import isslab_widgets
    from isslab_widgets.boards import board_module

    view = isslab_widgets.play(CATCH_UP, ["human", "greedy"], seed=0, players=2, eagles=1)
    session = view.session
    assert session.game == isslab.make(CATCH_UP, players=2, eagles=1)
    assert board_module(session.game) == "isslab_widgets.boards.space_1999" and session.board is not None
    # play until blue (the bot) or red (the human) must keep one of two rolls, then keep one
    for _ in range(400):
        st = session.state
        if st.is_terminal() or (len(st.rolled) == 2 and st.current_player == 0):
            break
        if st.is_chance_node():
            session.roll()
        elif st.current_player == 0:
            session.play(st.legal_actions()[0])
        else:
            session.step_bots(1)
    st = session.state
    assert len(st.rolled) == 2 and st.current_player == 0, "the human never had to keep a roll"
    session.scene()  # the board draws the position of the new decision
    choices = session.choices()  # the view's list of actions offers the two rolls
    assert choices.actions == st.legal_actions() and all(isinstance(a, Roll) for a in choices.actions)
    assert session.play(choices.actions[-1]) and session.state.rolled == ()
    session.scene()
    session.close()


# --- bad definitions ------------------------------------------------------------------------------


class _Scratch(State1999):
    """A variant used only to test refusals."""


class _Other(State1999):
    """Another class under a name in use."""


@pytest.mark.parametrize(
    ("base", "name", "message"),
    [
        ("space-2000", "x", r"unknown game 'space-2000'; the games are: 1969"),
        (5, "x", r"game id must be a string, got 5"),
        ("space-1999/nope", "x", r"'space-1999/nope' is a variant of space-1999 that is not defined"),
        ("space-1999", "Catch Up!", r"variant name 'Catch Up!' is not allowed: use lower-case letters"),
        ("space-1999", "catch_up", r"variant name 'catch_up' is not allowed"),
        ("space-1999", "catch--up", r"variant name 'catch--up' is not allowed"),
        ("space-1999", "-up", r"not allowed"),
        ("space-1999", "", r"variant name '' is not allowed"),
        ("space-1999", "x" * 41, r"at most 40 characters"),
        ("space-1999", 3, r"variant name 3 is not allowed"),
        ("space-1999", "1969", r"variant name '1969' is the id of a game"),
        ("space-1999", "mission-iss", r"is the id of a game"),
    ],
)
def test_a_bad_base_or_name_is_refused(base, name, message):
    with pytest.raises(ValueError, match=message):
        isslab.variant(base, name)


def test_bad_rules_fields_and_actions_are_refused():
    with pytest.raises(ValueError, match=r"decorates a subclass of State1999 .* or of Game1999"):
        isslab.variant("space-1999", "wrong")(State1969)
    with pytest.raises(ValueError, match=r"decorates a subclass"):
        isslab.variant("space-1999", "wrong")(lambda s: s)
    with pytest.raises(ValueError, match=r"field 'theta' exists already in State1999"):
        isslab.variant("space-1999", "x", fields={"theta": 0})
    with pytest.raises(ValueError, match=r"field name '_x' is not allowed"):
        isslab.variant("space-1999", "x", fields={"_x": 0})
    with pytest.raises(
        ValueError, match=r"field x=<object .*: a start value holds ints, finite floats, strings"
    ):
        isslab.variant("space-1999", "x", fields={"x": object()})
    with pytest.raises(ValueError, match=r"fields must map"):
        isslab.variant("space-1999", "x", fields=[("x", 0)])

    class Plain(NamedTuple):
        seat: int

    with pytest.raises(ValueError, match=r"is not an action type: define a NamedTuple class under"):
        isslab.variant("space-1999", "x", actions=[Plain])
    same_name = isslab.action_type(NamedTuple("Roll", [("seat", int)]))
    with pytest.raises(ValueError, match=r"space-1999 has an action type named Roll already"):
        isslab.variant("space-1999", "x", actions=[same_name])
    with pytest.raises(ValueError, match=r"replace must be True or False"):
        isslab.variant("space-1999", "x", replace="yes")
    with pytest.raises(ValueError, match=r"an id with '/' names a variant"):

        @isslab.register_game
        class Sneaky(isslab.game_class("space-1999")):
            id = "space-1999/sneaky"


def test_redefining_a_variant_replaces_the_same_class_and_refuses_another():
    isslab.variant("space-1999", "scratch")(_Scratch)
    made = isslab.make("space-1999/scratch")

    class _Scratch2(State1999):  # the same cell run again: a new class of the same name
        """A variant used only to test refusals (defined again)."""

    _Scratch2.__qualname__ = _Scratch.__qualname__
    isslab.variant("space-1999", "scratch")(_Scratch2)
    again = isslab.make("space-1999/scratch")
    assert again is not made and again.__doc__.endswith("(defined again).")
    with pytest.raises(
        ValueError, match=r"variant space-1999/scratch is already defined by _Scratch .*replace=True"
    ):
        isslab.variant("space-1999", "scratch")(_Other)
    isslab.variant("space-1999", "scratch", replace=True)(_Other)
    assert isslab.make("space-1999/scratch").__doc__ == "Another class under a name in use."


def test_a_variant_that_cannot_start_is_refused_with_its_error():
    def new_state(self: Any) -> Any:
        raise RuntimeError("no set-up")

    broken = type("BrokenSetUp", (isslab.game_class("space-1999"),), {"new_state": new_state})
    with pytest.raises(RuntimeError, match="no set-up") as err:
        isslab.variant("space-1999", "broken")(broken)
    assert "while checking the variant space-1999/broken" in " ".join(err.value.__notes__)
    assert "space-1999/broken" not in isslab.games(variants=True)


# --- one definition per name, and only what can be saved and sent ----------------------------------


def _cell(source: str, name: str = "cell") -> types.ModuleType:
    """Run ``source`` as a notebook cell would: a module no worker can import (classes travel by value)."""
    cell = types.ModuleType(name)
    exec(compile(textwrap.dedent(source), f"<{name}>", "exec"), cell.__dict__)
    return cell


_STALE = """
    import isslab
    from isslab.games.space_1999 import State1999

    @isslab.variant("space-1999", "stale")
    class Stale(State1999):
        \"\"\"{doc}\"\"\"

        def _legal_actions(self):
            legal = super()._legal_actions()
            return legal[:{keep}] if self.current_player >= 0 else legal
"""


def test_an_older_definition_that_comes_back_unpickled_keeps_its_rules_and_not_the_registry():
    vid = "space-1999/stale"
    _cell(_STALE.format(doc="Version one: only the first move.", keep=1))
    old_game = isslab.make(vid, players=2)
    old_record = isslab.play(old_game, "random", seed=1)
    blob = pickle.dumps(old_record)
    _cell(_STALE.format(doc="Version two: the first two moves.", keep=2))  # the cell run again
    current = registry._GAMES[vid]
    assert isslab.make(vid, players=2).__doc__ == "Version two: the first two moves."
    with pytest.warns(
        UserWarning, match=r"older definition of the variant space-1999/stale .* keeps the rules"
    ):
        back = pickle.loads(blob)
    assert registry._GAMES[vid] is current  # the registry was not put back to version one
    assert isslab.make(vid, players=2).__doc__ == "Version two: the first two moves."
    assert back.game.__doc__ == "Version one: only the first move."  # the record keeps its rules
    # its moves replay under its own rules (version two would offer other moves)
    assert back.final_state().to_json() == old_record.final_state().to_json()
    with pytest.warns(UserWarning):  # the old game again: its class is made once, then reused
        again = pickle.loads(blob)
    assert type(again.game) is type(back.game)
    # the current definition goes and comes back without a word
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pickle.loads(pickle.dumps(isslab.make(vid, players=2))) is isslab.make(vid, players=2)


def test_records_from_workers_leave_the_registered_definition_in_place():
    vid = "space-1999/stale"
    _cell(_STALE.format(doc="Version one.", keep=1))
    _cell(_STALE.format(doc="Version two.", keep=2))  # a notebook cell run twice
    current = registry._GAMES[vid]
    game = isslab.make(vid, players=2)
    for method in ("fork", "spawn"):
        with (
            ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(method)) as pool,
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("error")
            record = pool.submit(isslab.play, game, "random", seed=2).result()
        assert registry._GAMES[vid] is current, method  # not replaced by the worker's copy
        assert record.game is isslab.make(vid, players=2) and record.game.__doc__ == "Version two."


def test_a_worker_takes_a_later_definition_and_keeps_its_own_against_an_earlier_one(monkeypatch):
    vid = "space-1999/stale"
    _cell(_STALE.format(doc="Version one.", keep=1))
    one = pickle.dumps(isslab.make(vid))
    _cell(_STALE.format(doc="Version two.", keep=2))
    two = pickle.dumps(isslab.make(vid))
    # from here on this process plays a worker that received version one before the cell ran again
    monkeypatch.setattr(core_variants, "_PROCESS", "a worker")
    monkeypatch.delitem(registry._GAMES, vid)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pickle.loads(one).__doc__ == "Version one." and isslab.make(vid).__doc__ == "Version one."
        assert pickle.loads(two).__doc__ == "Version two."  # the parent's later definition is taken
    assert isslab.make(vid).__doc__ == "Version two."
    with pytest.warns(UserWarning, match="older definition"):
        assert pickle.loads(one).__doc__ == "Version one."
    assert isslab.make(vid).__doc__ == "Version two."


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (float("nan"), r"field x=nan: a start value holds ints, finite floats"),
        (float("inf"), r"field x=inf: a start value holds"),
        ((1, (2.0, float("-inf"))), r"field x=\(1, \(2.0, -inf\)\): a start value"),
        ({1, 2}, r"field x=\{1, 2\}: a start value"),
        ({"a": 1}, r"field x=\{'a': 1\} would not load back as it was saved: a start value"),
        (b"bytes", r"field x=b'bytes': a start value"),
        (10**5000, r"field x=<int of about 5,001 digits>: a start value"),
        (tuple(range(50_000)), r"field x: a start value of [\d,]+ characters of JSON; at most 100,000"),
        (functools.reduce(lambda acc, _: (acc,), range(100), 0), r"field x=.*: a start value"),
    ],
    ids=["nan", "inf", "nested-inf", "set", "dict", "bytes", "huge-int", "long", "deep"],
)
def test_a_field_that_cannot_be_saved_and_loaded_back_is_refused_when_the_variant_is_defined(value, message):
    with pytest.raises(ValueError, match=message):
        isslab.variant("space-1999", "unsaved", fields={"x": value})
    assert "space-1999/unsaved" not in isslab.games(variants=True)


@pytest.mark.parametrize(
    "value", [0, -0.0, 2.5, 10**400, "text", None, True, ((1, "a"), (2.0, None))], ids=repr
)
def test_a_field_that_survives_a_save_is_accepted_and_its_saves_load(value):
    @isslab.variant("space-1999", "saved", fields={"x": value})
    class Saved(State1999):
        """A new field that only rides along."""

    state = isslab.play(isslab.make("space-1999/saved", players=2), "random", seed=0).states()[5]
    assert isslab.load(state.to_json()) == state and state.x == value


@pytest.mark.parametrize(
    "name", ["for", "class", "None", "True", "lambda", "a-b", "1x", "x y", "", "é" * 41, "_x", 3, None]
)
def test_a_field_name_that_is_not_a_plain_python_name_is_refused_with_the_rule(name):
    with pytest.raises(ValueError, match=r"is not allowed: use a Python name \(not a keyword such as 'for'"):
        isslab.variant("space-1999", "named", fields={name: 0})


_LOCKED = """
    import threading

    import isslab
    from isslab.games.space_1999 import State1999

    @isslab.variant("space-1999", "locked")
    class Locked(State1999):
        \"\"\"A rule that keeps a lock, which no process can be sent.\"\"\"

        LOCK = threading.Lock()
"""


@pytest.mark.parametrize("workers", [2, "process pool"])
def test_a_variant_that_cannot_be_pickled_is_refused_before_any_worker_starts(workers, capfd):
    _cell(_LOCKED)
    # workers an earlier test's pool may still be winding down are not this call's
    before = set(multiprocessing.active_children())
    with contextlib.ExitStack() as stack:
        pool = workers if workers == 2 else stack.enter_context(ProcessPoolExecutor(2))
        with pytest.raises(
            ValueError, match=r"the variant space-1999/locked cannot be sent to worker processes"
        ) as err:
            isslab.simulate("space-1999/locked", games=4, workers=pool, progress=False, players=2)
        assert "run it with workers=1" in str(err.value) and "_thread.lock" in str(err.value)
        assert set(multiprocessing.active_children()) <= before  # no worker was started
    with pytest.raises(ValueError, match="cannot be sent to worker processes"):
        isslab.sweep("space-1999/locked", {"eagles": [1, 2]}, games=2, workers=2, progress=False)
    assert "Traceback" not in capfd.readouterr().err  # and no stray traceback of a feeder thread
    assert len(isslab.simulate("space-1999/locked", games=2, progress=False, players=2)) == 4  # here it plays


class NoHires(State1969):
    """No scientist can be hired: the purchase lists lose every hire."""

    def _legal_actions(self) -> list[Any]:
        return [a for a in super()._legal_actions() if type(a) is not Hire]


def _table_hire(state: Any, hire: Any) -> Any:
    """The object of ``state``'s game tables that equals ``hire`` (the objects its lists hand out)."""
    table = state.game.tables.hire_table
    found = [a for seat in table for kind in seat for sheet in kind for a in sheet if a == hire]
    assert len(found) == 1
    return found[0]


class SameLists(State1969):
    """1969 with a new method and the same lists."""

    def prestige_lead(self) -> int:
        return max(self.pp) - min(self.pp)


def test_a_variant_that_lists_fewer_moves_is_checked_against_its_own_lists():
    # 1969 answers "is this hire offered?" by its own rules, without listing (``State._offered``);
    # a variant that takes hires away must not inherit that answer, or a hire would be accepted
    base = _playing("1969", lambda s: any(type(a) is Hire for a in s.legal_actions()), bots="greedy")
    hire = next(a for a in base.legal_actions() if type(a) is Hire)
    assert base._offered(hire)  # the base game's short cut says yes
    with registry_restored():
        isslab.variant("1969", "no-hires")(NoHires)
        state = isslab.core.restore(isslab.make("1969/no-hires", players=2), base.snapshot())
        own = _table_hire(state, hire)  # the variant's game has tables (and action objects) of its own
        assert not state._offered(own)
        with pytest.raises(isslab.IllegalActionError):
            state.apply(own)
        assert own not in state.legal_actions()
        # a variant that adds moves answers by its own lists too; one that changes no list keeps
        # the base's short cut
        assert type(isslab.make(CHEAP_HIRE, players=2).new_state())._offered is isslab.State._offered
        isslab.variant("1969", "same-lists")(SameLists)
        same = isslab.core.restore(isslab.make("1969/same-lists", players=2), base.snapshot())
        assert same._offered(_table_hire(same, hire))
    registry._forget("1969/no-hires")
    registry._forget("1969/same-lists")
