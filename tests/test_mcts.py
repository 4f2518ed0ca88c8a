"""The search bots ``mcts`` and ``ismcts``: registered for every game, seeded, correct on positions
with a known best move (chance by sampling and by expectation, a cooperative team), playable in
``play``/``simulate`` (across processes), and blind to what their seat may not see.

Budgets are tiny: these tests check behaviour, the README's strength table measures skill.
"""

from __future__ import annotations

import math
import pickle
import random
from typing import Any, ClassVar, NamedTuple

import pytest
from helpers_toys import toy_info
from hypothesis import given, settings
from hypothesis import strategies as st

import isslab
from isslab.bots import ISMCTS, MCTS
from isslab.core import CHANCE, TERMINAL, Game, Option, ReturnsKind, State, action_type

GAMES = isslab.games()
HIDDEN = [g for g in GAMES if isslab.make(g).info.hidden_information]
SEARCH = ("mcts", "ismcts")


def _first_decision(game: Game, seed: int = 0) -> State:
    """The first position where a seat has a real choice (chance drawn from ``seed``)."""
    rng = random.Random(seed)
    state = game.new_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    return state


# --------------------------------------------------------------------------------------------------
# Registration and parameters
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_search_bots_are_registered_for_every_game(game_id: str) -> None:
    names = isslab.bot_names(game_id)
    assert "mcts" in names and "ismcts" in names
    assert isinstance(isslab.bot(game_id, "mcts"), MCTS)
    bot = isslab.bot(game_id, "ismcts", simulations=500)
    assert isinstance(bot, ISMCTS) and bot.params["simulations"] == 500
    assert bot.__name__ == "ismcts(simulations=500)"


def test_parameters_in_the_name_and_as_keywords_agree() -> None:
    by_name = isslab.bot("1969", "mcts(simulations=50, rollout=random, chance=expectation)")
    by_keywords = isslab.bot("1969", "mcts", simulations=50, rollout="random", chance="expectation")
    assert by_name == by_keywords
    assert by_name.__name__ == "mcts(simulations=50, rollout=random, chance=expectation)"
    # keywords win over the name
    assert isslab.bot("1969", "mcts(simulations=50)", simulations=7).params["simulations"] == 7


@pytest.mark.parametrize(
    ("spec", "params", "words"),
    [
        ("mcts", {"simulations": 0}, "simulations must be an int from 1"),
        ("mcts", {"simulations": 2.5}, "simulations must be an int"),
        ("mcts", {"seconds": -1}, "seconds must be a number above 0"),
        ("mcts", {"simulations": None}, "give a budget"),
        ("mcts", {"exploration": "big"}, "exploration must be a number"),
        ("mcts", {"chance": "maybe"}, "chance must be 'sample' or 'expectation'"),
        ("mcts", {"depth": 3}, "unknown search-bot parameter 'depth'"),
        ("ismcts", {"worlds": 3}, "unknown search-bot parameter 'worlds'"),
        ("random", {"simulations": 3}, "bot 'random' takes no parameters"),
        ("mcts(simulations=)", {}, "bad bot name"),
        ("mcts(simulations=3", {}, "bad bot name"),
        ("mcts(x=import os)", {}, "bad bot name"),
        ("nobot(simulations=3)", {}, "unknown bot 'nobot'"),
    ],
)
def test_bad_parameters_are_refused_by_name(spec: str, params: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        isslab.bot("space-1999", spec, **params)


def test_an_unknown_rollout_bot_is_named_when_the_bot_is_made_for_a_game() -> None:
    with pytest.raises(ValueError, match="rollout: unknown bot 'nobody' for space-1999"):
        isslab.bot("space-1999", "mcts", rollout="nobody", simulations=3)
    with pytest.raises(ValueError, match="rollout: unknown bot 'nobody'"):
        isslab.play("space-1999", "mcts(rollout=nobody, simulations=3)", seed=0)
    bot = MCTS(rollout="nobody", simulations=3)  # made without a game: named at its first move
    state = _first_decision(isslab.make("space-1999", players=2))
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        bot(state, random.Random(0))


@pytest.mark.parametrize("name", SEARCH)
def test_search_bots_pickle_as_their_parameters(name: str) -> None:
    bot = isslab.bot("1969", name, simulations=9, rollout="random")
    again = pickle.loads(pickle.dumps(bot))
    assert again == bot and again.__name__ == bot.__name__ and hash(again) == hash(bot)


# --------------------------------------------------------------------------------------------------
# Seeded, and playable everywhere
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", SEARCH)
def test_the_same_seed_gives_the_same_search(game_id: str, name: str) -> None:
    state = _first_decision(isslab.make(game_id, players=2))
    bot = isslab.bot(game_id, name, simulations=24)
    one, two = bot.search(state, random.Random(5)), bot.search(state, random.Random(5))
    assert one.actions == two.actions and one.visits == two.visits
    assert [v for v in one.values if not math.isnan(v)] == [v for v in two.values if not math.isnan(v)]
    assert sum(one.visits) == one.simulations >= 16  # mcts splits the budget over worlds
    assert one.best() in state.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_search_bots_play_whole_games_and_simulate_in_two_processes(game_id: str) -> None:
    game = isslab.make(game_id, players=2)
    rec = isslab.play(game, ["mcts(simulations=1)", "ismcts(simulations=1)"], seed=1)
    assert rec.bots == ("mcts(simulations=1)", "ismcts(simulations=1)")
    assert rec.final_state().is_terminal()
    # bots given as objects travel to the worker processes by pickle, and play there as here
    bots = [isslab.bot(game_id, "mcts", simulations=1), isslab.bot(game_id, "ismcts", simulations=1)]
    df = isslab.simulate(game, bots=bots, games=2, seed=3, workers=2, progress=False)
    assert set(df["bot"]) == {"mcts(simulations=1)", "ismcts(simulations=1)"}
    seeds = sorted(set(df["seed"]))
    here = isslab.play(game, bots, seed=seeds[0]).returns
    assert tuple(df[df["seed"] == seeds[0]].sort_values("seat")["returns"]) == here


def test_a_budget_in_seconds_stops_the_search() -> None:
    state = _first_decision(isslab.make("space-1999", players=2))
    result = isslab.bot("space-1999", "mcts", simulations=None, seconds=0.05).search(state, random.Random(0))
    assert result.simulations >= 1 and result.seconds < 1.0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_forced_move_is_played_without_search(game_id: str) -> None:
    game = isslab.make(game_id, players=2)
    rng = random.Random(2)
    state = game.new_state()
    while state.is_chance_node() or len(state.legal_actions()) != 1:
        if state.is_terminal():
            pytest.skip(f"no forced move in this {game_id} game")
        state = state.apply(
            state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    r = random.Random(0)
    assert isslab.bot(game_id, "mcts")(state, r) == state.legal_actions()[0]
    assert r.random() == random.Random(0).random()  # no search drew from the bot's stream


# --------------------------------------------------------------------------------------------------
# Positions with a known best move
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("chance", ["sample", "expectation"])
def test_mcts_lands_the_last_eagle(chance: str) -> None:
    game = isslab.make("space-1999", players=2, eagles=1)
    # red's eagle stands on the rim dot in line with the middle line of its target corner (SW) with
    # the disc unturned, where spoke numbers are board directions
    dot = f"r{game.rings}s{game.corner_lines(2)[1][0]}"
    # blue's eagle is out on the disc: at home it would fill the one circle of red's target pad
    state = game.position(disc={"red": [dot], "blue": ["r1s0"]}, home=[0, 0], to_move="red", first="red")
    win = [a for a in state.legal_actions() if a.kind == "land"]
    assert len(win) == 1
    bot = isslab.bot("space-1999", "mcts", simulations=60, chance=chance, rollout="random")
    assert bot(state, random.Random(1)) == win[0]


@action_type
class Choose(NamedTuple):
    """A seat picks ``option``."""

    seat: int
    option: str

    def __str__(self) -> str:
        return f"seat {self.seat} picks {self.option}"


@action_type
class Coin(NamedTuple):
    """Chance: the gamble pays or not."""

    pays: bool

    def __str__(self) -> str:
        return "the gamble pays" if self.pays else "the gamble fails"


class GambleState(State):
    """One seat: ``safe`` pays 0.6; ``gamble`` pays 1 with probability ``p``, else 0."""

    FIELDS: ClassVar[tuple[str, ...]] = ("choice", "coin")
    __slots__ = FIELDS
    game: GambleGame
    choice: str
    coin: int

    @property
    def current_player(self) -> int:
        if not self.choice:
            return 0
        return CHANCE if self.choice == "gamble" and self.coin < 0 else TERMINAL

    def _legal_actions(self) -> list[Any]:
        if self.current_player == CHANCE:
            return [Coin(True), Coin(False)]
        return [Choose(0, "safe"), Choose(0, "gamble")]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        p = self.game.options["p"]
        return [(Coin(True), p), (Coin(False), 1 - p)]

    def _apply(self, action: Any) -> State:
        new = self._copy()
        if isinstance(action, Choose):
            new.choice = action.option
        else:
            new.coin = int(action.pays)
        return new

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0,)
        return (0.6,) if self.choice == "safe" else (float(self.coin),)

    def winners(self) -> tuple[int, ...]:
        return (0,) if self.is_terminal() and self.returns()[0] > 0.5 else ()

    def _view(self, seat: int) -> dict[str, Any]:
        return {"choice": self.choice, "coin": self.coin}

    def __str__(self) -> str:
        return f"{self.choice or 'no choice'}, coin {self.coin}"


class GambleGame(Game):
    """A one-seat toy with one chance node."""

    id = "toy-gamble"
    title = "Gamble"
    OPTIONS = (
        Option("players", 1, "one seat", min=1, max=1),
        Option("p", 0.5, "probability that the gamble pays", min=0.0, max=1.0),
    )
    ACTION_TYPES = (Choose, Coin)
    INFO = toy_info("Gamble", ("solo",), chance=True)

    def new_state(self) -> State:
        st = object.__new__(GambleState)
        st._init_base(self)
        st.choice, st.coin = "", -1
        return st


GambleGame.STATE = GambleState


@pytest.mark.parametrize("chance", ["sample", "expectation"])
@pytest.mark.parametrize(("p", "best"), [(0.45, "safe"), (0.75, "gamble")])
def test_chance_nodes_are_valued_by_their_odds(chance: str, p: float, best: str) -> None:
    game = GambleGame(p=p)
    bot = MCTS(simulations=300, chance=chance, rollout="random")
    result = bot.search(game.new_state(), random.Random(3))
    assert result.best() == Choose(0, best)
    gamble = result.values[result.actions.index(Choose(0, "gamble"))]
    if chance == "expectation":  # both outcomes seen: the node's value is exactly its expectation
        assert gamble == pytest.approx(p)
    else:
        assert abs(gamble - p) < 0.2


class TeamState(State):
    """Two seats pick A or B in turn; both get 1 for B+B, 0.4 for A+A, else 0 (a cooperative game)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("picks",)
    __slots__ = FIELDS
    game: TeamGame
    picks: tuple[str, ...]

    @property
    def current_player(self) -> int:
        return len(self.picks) if len(self.picks) < 2 else TERMINAL

    def _legal_actions(self) -> list[Any]:
        return [Choose(len(self.picks), "A"), Choose(len(self.picks), "B")]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        return []

    def _apply(self, action: Any) -> State:
        new = self._copy()
        new.picks = (*self.picks, action.option)
        return new

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0, 0.0)
        v = {("B", "B"): 1.0, ("A", "A"): 0.4}.get(self.picks, 0.0)
        return (v, v)

    def winners(self) -> tuple[int, ...]:
        return (0, 1) if self.is_terminal() and self.returns()[0] == 1.0 else ()

    def _view(self, seat: int) -> dict[str, Any]:
        return {"picks": list(self.picks)}

    def __str__(self) -> str:
        return " ".join(self.picks) or "no picks"


class TeamGame(Game):
    """A two-seat cooperative toy."""

    id = "toy-team"
    title = "Team"
    OPTIONS = (Option("players", 2, "two seats", min=2, max=2),)
    ACTION_TYPES = (Choose,)
    INFO = toy_info("Team", ("one", "two"), ReturnsKind.COOPERATIVE)

    def new_state(self) -> State:
        st = object.__new__(TeamState)
        st._init_base(self)
        st.picks = ()
        return st


TeamGame.STATE = TeamState


@pytest.mark.parametrize("name", SEARCH)
def test_a_cooperative_team_searches_its_shared_return(name: str) -> None:
    bot = (MCTS if name == "mcts" else ISMCTS)(simulations=200, rollout="random")
    state = TeamGame().new_state()
    assert bot(state, random.Random(0)) == Choose(0, "B")
    assert bot(state.apply(Choose(0, "B")), random.Random(0)) == Choose(1, "B")


# --------------------------------------------------------------------------------------------------
# Hidden information: the bots read nothing their seat may not see
# --------------------------------------------------------------------------------------------------


def _pairs(game_id: str, players: int, count: int) -> list[tuple[State, State, int]]:
    """Positions spread over a seeded game, each with a twin the seat to move cannot tell from it."""
    game = isslab.make(game_id, players=players)
    rng = random.Random(11)
    state = game.new_state()
    found: list[tuple[State, State, int]] = []
    while not state.is_terminal():
        seat = state.current_player
        if seat >= 0 and len(state.legal_actions()) > 1 and rng.random() < 0.2:
            twin = state.resample_hidden(seat, random.Random(len(found) + 100))
            if twin != state:
                assert twin.view(seat) == state.view(seat)
                found.append((state, twin, seat))
        legal = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize("name", SEARCH)
def test_decisions_do_not_depend_on_what_the_seat_cannot_see(game_id: str, name: str) -> None:
    # two positions that differ only where the seat to move cannot look (another nation's cards, the
    # deck), early and late in a game: with the same seed the search must find exactly the same
    # statistics, so the same move; the largest table plays late positions after reshuffles
    info = isslab.make(game_id).info
    pairs = _pairs(game_id, info.min_players, 3) + _pairs(game_id, info.max_players, 3)
    assert len(pairs) == 6
    bot = isslab.bot(game_id, name, simulations=20, rollout="random")
    for real, twin, _ in pairs:
        one, two = bot.search(real, random.Random(7)), bot.search(twin, random.Random(7))
        assert one.visits == two.visits
        assert bot(real, random.Random(7)) == bot(twin, random.Random(7))


@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_blindness_check_catches_a_bot_that_peeks(game_id: str) -> None:
    # the same check on a search of the real position (what OpenSpiel's MCTSBot does) must fail
    from isslab.bots.mcts import _Search, random_playout

    def peeking(state: State) -> list[int]:
        search = _Search(state, random.Random(7), random_playout, 1.0, False)
        search.run(40, None)
        return search.root_stats()[0]

    pairs = _pairs(game_id, 2, 4)
    assert any(peeking(real) != peeking(twin) for real, twin, _ in pairs)


def test_the_command_line_takes_search_bots_with_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    from isslab.cli import main

    args = ["play", "space-1999", "-o", "players=2", "-o", "eagles=1", "--seed", "3"]
    assert main([*args, "--bots", "mcts(simulations=8, rollout=random),ismcts(simulations=4)"]) == 0
    assert "winners:" in capsys.readouterr().out
    assert main(["rules", "1969"]) == 0
    assert "ismcts" in capsys.readouterr().out and "mcts" in isslab.bot_names("1969")


# --------------------------------------------------------------------------------------------------
# The budget rule: a budget is an upper bound, nested search is refused, every size has a cap
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", HIDDEN)
@pytest.mark.parametrize(("simulations", "worlds"), [(1, 300), (10, 8), (3, 3), (7, 10_000)])
def test_worlds_share_the_simulations_never_more(game_id: str, simulations: int, worlds: int) -> None:
    state = _first_decision(isslab.make(game_id, players=2))
    result = isslab.bot(game_id, "mcts", simulations=simulations, worlds=worlds, rollout="random").search(
        state, random.Random(0)
    )
    assert result.simulations == simulations == sum(result.visits)


@pytest.mark.parametrize(
    "rollout", ["mcts", "ismcts", "mcts(simulations=2)", " ismcts (simulations=3)", MCTS(simulations=2)]
)
def test_a_search_bot_as_rollout_is_refused(rollout: Any) -> None:
    with pytest.raises(ValueError, match="is a search bot: .*nested search"):
        isslab.bot("space-1999", "mcts", rollout=rollout, simulations=3)


def test_a_search_bot_registered_under_another_name_is_refused_as_rollout() -> None:
    from isslab import core

    core._BOTS[("space-1999", "deep")] = MCTS(simulations=5)
    try:
        with pytest.raises(ValueError, match="'deep' is a search bot"):  # when the bot is made
            isslab.bot("space-1999", "mcts", rollout="deep", simulations=3)
        bot = MCTS(rollout="deep", simulations=3)
        state = _first_decision(isslab.make("space-1999", players=2))
        with pytest.raises(ValueError, match="'deep' is a search bot"):
            bot(state, random.Random(0))
    finally:
        del core._BOTS[("space-1999", "deep")]


def test_numpy_ints_are_budgets_and_the_caps_hold() -> None:
    import numpy as np

    from isslab.bots.mcts import MAX_ROLLOUT_STEPS, MAX_SIMULATIONS, MAX_WORLDS

    bot = isslab.bot("1969", "mcts", simulations=np.int64(5), worlds=np.int32(2), rollout_steps=np.int16(9))
    assert bot.__name__ == "mcts(simulations=5, rollout_steps=9, worlds=2)"
    assert type(bot.params["simulations"]) is int
    for name, cap in (
        ("simulations", MAX_SIMULATIONS),
        ("worlds", MAX_WORLDS),
        ("rollout_steps", MAX_ROLLOUT_STEPS),
    ):
        isslab.bot("1969", "mcts", **{name: cap})
        with pytest.raises(ValueError, match=f"{name} must be an int from 1 to {cap:,}"):
            isslab.bot("1969", "mcts", **{name: cap + 1})
    with pytest.raises(ValueError, match="seconds must be a number above 0 and at most 86,400"):
        isslab.bot("1969", "mcts", seconds=float("inf"))


@given(
    simulations=st.one_of(
        st.integers(-3, 40), st.floats(allow_nan=True), st.booleans(), st.none(), st.text()
    ),
    worlds=st.one_of(st.integers(-3, 50), st.floats(), st.booleans()),
)
@settings(max_examples=40, deadline=None)
def test_any_budget_is_refused_or_held_to(simulations: Any, worlds: Any) -> None:
    state = _first_decision(isslab.make("1969", players=2))
    try:
        bot = isslab.bot("1969", "mcts", simulations=simulations, worlds=worlds, rollout="random")
    except ValueError as exc:
        assert "must be" in str(exc) or "give a budget" in str(exc)
        return
    result = bot.search(state, random.Random(1))
    assert 1 <= result.simulations <= simulations and result.simulations == sum(result.visits)


def test_model_valued_mcts_plays_mission_iss_whose_planner_guides_the_tree() -> None:
    """The planner remembers a turn's second command; the tree asks it about sibling positions too.

    It crashed with ``KeyError`` in ``_step_action`` before its memory was tied to the position it
    planned in. Played on the shipped four-seat model: a fit would cost the suite minutes.
    """
    game = isslab.make("mission-iss", players=4)
    record = isslab.play(game, ["mcts(simulations=20, value=model)"] * 4, seed=0)
    assert record.length > 20 and len(set(record.returns)) == 1 and record.returns[0] >= 1


def test_step_from_names_the_move_that_led_here_and_nothing_else() -> None:
    game = isslab.make("space-1999", players=2)
    s0 = game.new_state()
    a, b = s0.legal_actions()[:2]
    s1, sibling = s0.apply(a), s0.apply(b)
    s2 = s1.apply(s1.legal_actions()[0])
    assert s1.step_from(s0) == a and s2.step_from(s0) == a and sibling.step_from(s0) == b
    assert s2.step_from(sibling) is None and s0.step_from(s1) is None and s1.step_from(s1) is None
    assert s2.step_from(s0, within=1) is None
    assert isslab.load(s2.to_json()).step_from(s1) is None  # a loaded position has its own history
