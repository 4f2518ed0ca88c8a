"""The shared conformance suite over every registered game: defaults with random bots, then variants.

Every registered game gets every check unchanged: ``check_game`` (the contract, ``game.info``,
``describe``) and ``check_hidden_information`` (no seat learns a hidden value). The second half
checks the checker itself on a toy game with a planted flaw each.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

import pytest
from helpers_toys import toy_info

import isslab
from isslab import core
from isslab.conformance import ConformanceError, check_game, check_hidden_information, check_info
from isslab.core import CHANCE, TERMINAL, Game, Option, ReturnsKind, State, action_type

# short test ids: the game and "defaults", or the index of the variant in CONFORMANCE_VARIANTS
CASES = [pytest.param(gid, {}, id=f"{gid}-defaults") for gid in isslab.games()] + [
    pytest.param(gid, variant, id=f"{gid}-variant{i}")
    for gid in isslab.games()
    for i, variant in enumerate(isslab.game_class(gid).CONFORMANCE_VARIANTS)
]

#: the steps after which no further random game starts, every step checked at some 2 ms (random
#: Space: 1999 games take 1,500 steps: 15 games; 1969 and 1998 ISS 93 of their 200 games of
#: some 220 steps; Mission ISS all 200): halved from 40,000 to keep the suite under its 20 minutes
STEP_BUDGET = 20_000


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_conformance_random_bots(game_id: str, options: dict) -> None:
    # 200 games at the defaults (the contract), 30 for each variant (at most half the steps) to keep
    # the suite quick
    games, budget = (30, STEP_BUDGET // 2) if options else (200, STEP_BUDGET)
    report = check_game(isslab.make(game_id, **options), games=games, seed=0, step_budget=budget)
    assert report.games == games or report.steps - report.longest < budget <= report.steps
    assert report.games >= (5 if options else 10) and report.steps > report.games
    assert report.illegal_tried > 0
    assert report.described > report.steps  # every past action, for every seat and None


def test_the_step_budget_stops_starting_games_but_finishes_the_one_under_way() -> None:
    game = isslab.make("space-1999", players=2, eagles=1)
    whole = check_game(game, games=6, seed=0)
    cut = check_game(game, games=6, seed=0, step_budget=1)
    assert cut.games == 1 and cut.steps == cut.longest > 1  # one whole game, however small the budget
    assert check_game(game, games=6, seed=0, step_budget=whole.steps).games == 6
    with pytest.raises(ValueError, match="step_budget must be an int or None, got '10'"):
        check_game(game, games=1, step_budget="10")  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", isslab.games())
def test_conformance_every_registered_bot(game_id: str) -> None:
    # the game's own bots must also only ever choose legal actions and keep the contract; bots with
    # parameters (the search bots) play one game at the smallest budget (tests/test_mcts.py tests
    # them more)
    for name in isslab.bot_names(game_id):
        bot = isslab.bot(game_id, name)
        configure = getattr(bot, "configure", None)
        if configure is None:
            report = check_game(isslab.make(game_id), games=10, seed=1, bots=name)
            assert report.games == 10
            continue
        quick = {"simulations": 1}
        quick.update({"worlds": 1} if "worlds" in getattr(bot, "PARAMS", ()) else {})
        report = check_game(isslab.make(game_id), games=1, seed=1, bots=configure(**quick))
        assert report.games == 1


@pytest.mark.parametrize("game_id", isslab.games())
def test_game_info_agrees_with_the_game_at_every_table_size(game_id: str) -> None:
    info = isslab.make(game_id).info
    for players in range(info.min_players, info.max_players + 1):
        assert check_info(isslab.make(game_id, players=players)) is info


# --------------------------------------------------------------------------------------------------
# Hidden information: nothing leaks through view, describe or the legal actions
# --------------------------------------------------------------------------------------------------


def _leak_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every game at its defaults, and at its smallest and largest table."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for gid in isslab.games():
        game = isslab.make(gid)
        cases.append((gid, {}))
        for players in sorted({game.info.min_players, game.info.max_players} - {game.num_players}):
            cases.append((gid, {"players": players}))
    return cases


LEAK_CASES = _leak_cases()


@pytest.mark.parametrize(
    ("game_id", "options"),
    LEAK_CASES,
    ids=[f"{g}-{o['players']}p" if o else f"{g}-defaults" for g, o in LEAK_CASES],
)
def test_no_seat_learns_hidden_information(game_id: str, options: dict[str, Any]) -> None:
    # 12 games; in each, the children compared at one position of every pair of successive kinds
    # of decision and every seat resampled at one position of every kind (see _leak_positions):
    # about 55 s of CPU over the nine tables, 1969 at five nations 20 s of it
    game = isslab.make(game_id, **options)
    report = check_hidden_information(game, games=12, seed=0)
    assert report.games == 12 and report.resampled == report.positions * game.num_players
    assert report.positions > 12 * 4 and report.compared > 12 * 4
    assert report.children > report.compared
    if game.info.hidden_information:
        assert report.differing > 0 and report.indistinguishable > 0
    else:
        assert report.differing == 0


# --------------------------------------------------------------------------------------------------
# The checker catches what it claims to: a toy game with one planted flaw each
# --------------------------------------------------------------------------------------------------

SEATS = ("north", "south")


@action_type
class Deal(NamedTuple):
    """Chance: north's secret card."""

    card: int

    def __str__(self) -> str:
        return f"north is dealt a {self.card}"


@action_type
class Guess(NamedTuple):
    """South guesses north's card."""

    card: int

    def __str__(self) -> str:
        return f"south guesses {self.card}"


@action_type
class Reveal(NamedTuple):
    """North shows its card: a reveal is an action, so that what it shows is in the descriptions."""

    card: int

    def __str__(self) -> str:
        return f"north shows a {self.card}"


class GuessState(State):
    """North is dealt a card from 0..2 that south does not see; south guesses it; north shows it."""

    FIELDS: ClassVar[tuple[str, ...]] = ("card", "guess", "shown")
    __slots__ = FIELDS
    game: GuessGame
    card: int
    guess: int
    shown: bool

    @property
    def current_player(self) -> int:
        if self.card < 0:
            return CHANCE
        if self.guess < 0:
            return 1
        return TERMINAL if self.shown else 0

    def _legal_actions(self) -> list[Any]:
        if self.card < 0:
            return [Deal(c) for c in range(3)]
        if self.guess >= 0:
            return [Reveal(self.card)]
        cards = range(3)
        if self.game.options["flaw"] == "legal":  # south may not guess above the card it should not know
            cards = range(self.card + 1)
        return [Guess(c) for c in cards]

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(a, 1 / 3) for a in self._legal_actions()]

    def _apply(self, action: Any) -> State:
        new = self._copy()
        if isinstance(action, Deal):
            new.card = action.card
        elif isinstance(action, Guess):
            new.guess = action.card
        else:
            new.shown = True
        return new

    def returns(self) -> tuple[float, ...]:
        if not self.shown:
            return (0.0, 0.0)
        return (0.0, 1.0) if self.guess == self.card else (1.0, 0.0)

    def winners(self) -> tuple[int, ...]:
        return () if not self.shown else (1 if self.guess == self.card else 0,)

    def _view(self, seat: int) -> dict[str, Any]:
        flaw = self.game.options["flaw"]
        seen = seat == 0 or self.shown or flaw == "view"
        # "forget": nobody's view shows the guess; "mine": the guesser's own view does not
        guess = "?" if flaw == "forget" or (flaw == "mine" and seat == 1) else self.guess
        return {"you": seat, "card": self.card if seen else "hidden", "guess": guess}

    def __str__(self) -> str:
        return f"card {self.card}, guess {self.guess}, {'shown' if self.shown else 'not shown'}"

    @property
    def end_reason(self) -> Any:
        return _GuessEnd.GUESSED if self.shown else None


class _GuessEnd(isslab.EndReason):
    GUESSED = "guessed"


class GuessGame(Game):
    """A toy with hidden information; option ``flaw`` plants one leak."""

    id = "toy-guess"
    title = "Guess"
    OPTIONS = (
        Option("players", 2, "two seats", min=2, max=2),
        Option(
            "flaw",
            "none",
            "the planted leak",
            choices=("none", "describe", "view", "legal", "reveal", "forget", "mine"),
        ),
    )
    ACTION_TYPES = (Deal, Guess, Reveal)
    INFO = toy_info("Guess", SEATS, ReturnsKind.CONSTANT_SUM, hidden=True, chance=True)

    def new_state(self) -> State:
        state = object.__new__(GuessState)
        state._init_base(self)
        state.card, state.guess, state.shown = -1, -1, False
        return state

    def describe_action(self, action: Any, seat: int | None) -> str:
        flaw = self.options["flaw"]
        if isinstance(action, Deal) and seat == 1 and flaw != "describe":
            return "north is dealt a card"
        if isinstance(action, Reveal) and seat == 1 and flaw == "reveal":  # the view shows it all the same
            return "north shows its card"
        return str(action)


GuessGame.STATE = GuessState


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Game]:
    """Build the toy with a planted ``flaw`` and ``info`` fields replaced, registered for this test only.

    ``check_game`` reloads save files through the registry, so the toy is registered (and the
    cache of made games emptied) until the test ends.
    """

    def build(flaw: str = "none", **info: Any) -> Game:
        cls = type("FlawedGuess", (GuessGame,), {"INFO": dataclasses.replace(GuessGame.INFO, **info)})
        monkeypatch.setitem(core._GAMES, cls.id, cls)
        monkeypatch.setattr(core, "_MADE", {})
        return cls(flaw=flaw)

    return build


def test_the_leak_check_passes_a_game_that_hides_its_card(toy: Callable[..., Game]) -> None:
    report = check_hidden_information(toy(), games=6)
    assert report.differing > 0 and report.indistinguishable > 0
    state = toy().new_state().apply(Deal(2))
    assert {state.resample_hidden(1, random.Random(i)).card for i in range(30)} == {0, 1, 2}
    assert state.resample_hidden(0, random.Random(0)) == state  # north saw its card


@pytest.mark.parametrize(
    ("flaw", "children", "message"),
    [
        (
            "describe",
            40,
            r"describe leaks a hidden value to south \(seat 1\): chance playing 'north is dealt a \d' or "
            r"'north is dealt a \d' .* only view\(0\) shows it",
        ),
        # a view that shows what the text hides: found among the children of the deal at once (the toy
        # resamples by the texts, as the core does), and by the resample check without them
        ("view", 40, r"'north is dealt a \d' and 'north is dealt a \d' read 'north is dealt a card' to"),
        ("view", 0, r"a position that south \(seat 1\) cannot tell .* a different view \(keys card\)"),
        ("reveal", 40, r"cannot tell from the real one .* shows it a different view \(keys card\)"),
        ("legal", 40, r"south \(seat 1\)'s legal actions depend on hidden|own action south guesses"),
        # a public action that no view shows (as a 1998 ISS Construct Modules waiting for its cubes did)
        ("forget", 40, r"describe tells north \(seat 0\) what no seat's view shows: south playing"),
        ("mine", 40, r"south \(seat 1\)'s view does not show its own choice: south playing 'south guesses"),
    ],
    ids=["describe", "view-children", "view-resample", "reveal", "legal", "forget", "mine"],
)
def test_the_leak_check_catches_a_planted_leak(
    flaw: str, children: int, message: str, toy: Callable[..., Game]
) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_hidden_information(toy(flaw), games=6, max_children=children)


def test_a_game_that_declares_hidden_information_must_hide_something(toy: Callable[..., Game]) -> None:
    # describe shows the dealt card: every resample gives back the real position
    with pytest.raises(ConformanceError, match="never gave a position other than the real one"):
        check_hidden_information(toy("describe"), games=3, max_children=0)


@pytest.mark.parametrize(
    ("flaw", "info", "message"),
    [
        ("none", {}, None),
        ("none", {"chance": False}, "a chance node, but game.info.chance is False"),
        ("none", {"returns": ReturnsKind.ZERO_SUM}, r"zero-sum game, yet the returns \(.*\) sum to 1"),
        ("none", {"returns": ReturnsKind.COOPERATIVE}, "cooperative game, yet the returns"),
        ("none", {"hidden_information": False}, r"view\(1\) differs from view\(0\) in card"),
        ("none", {"title": "Gess"}, "title 'Gess' is not the game's title 'Guess'"),
        ("none", {"default_bot": "oracle"}, "default_bot 'oracle' is not a bot of toy-guess"),
        ("none", {"seat_names": ("north", "north")}, "seat_names .* are not distinct"),
    ],
    ids=["sound", "chance", "zero-sum", "cooperative", "hidden", "title", "default-bot", "seat-names"],
)
def test_check_game_holds_a_game_to_its_info(
    flaw: str, info: dict[str, Any], message: str | None, toy: Callable[..., Game]
) -> None:
    game = toy(flaw, **info)
    if message is None:
        report = check_game(game, games=20)
        assert report.returns_sum == 1.0 and report.described > 0
    else:
        with pytest.raises(ConformanceError, match=message):
            check_game(game, games=20)


def test_a_game_without_hidden_information_must_resample_to_itself(toy: Callable[..., Game]) -> None:
    game = toy("none", hidden_information=False)
    with pytest.raises(ConformanceError, match="hidden_information is False, yet resample_hidden"):
        check_hidden_information(game, games=3)
