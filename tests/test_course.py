"""The course's exercises and its prose: every solution passes its check, and no number is typed by hand.

* Every exercise of ``isslab.course`` sits in its notebook as three cells: the student's answer
  (``...`` to fill in), the check, and a folded solution that calls the check with
  ``solution=True`` (which raises unless the solution is right). nbval runs every notebook, so every
  solution goes through its check there; here each check is also given a right and a wrong answer on
  evidence built in the test, and must tell them apart and say why.
* Prose and outputs agree: a markdown cell states no measured number (no decimal, no percentage but
  the 95% of an interval): the numbers of the text come from cells that write it (``md(...)``) from
  the values they computed, and qualitative statements that the numbers must support are ``claim``s.
"""

from __future__ import annotations

import ast
import json
import random
import re
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import nbformat
import numpy as np
import pandas as pd
import pytest
from helpers_bad_input import guarded, short_id
from helpers_registry import registry_restored

import isslab
import isslab.conformance
from isslab.analysis.report import default_lineups
from isslab.course import (
    basics,
    bots,
    changing,
    comparing,
    game_1969,
    iss_1998,
    kit,
    learning,
    measuring,
    mission_iss,
    playing,
    space_1999,
    win_chances,
)
from isslab.course.kit import Exercise, Feedback, claim, md
from isslab.games.game_1969 import exact

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

#: each module of isslab.course and its notebook
MODULES: dict[ModuleType, str] = {
    basics: "01-what-a-game-is.ipynb",
    learning: "02-learning-a-game.ipynb",
    playing: "03-playing.ipynb",
    measuring: "04-measuring.ipynb",
    changing: "05-changing-a-rule.ipynb",
    comparing: "06-comparing-and-concluding.ipynb",
    space_1999: "07-space-1999.ipynb",
    game_1969: "08-1969.ipynb",
    mission_iss: "09-mission-iss.ipynb",
    iss_1998: "10-1998-iss.ipynb",
    bots: "11-bots-and-search.ipynb",
    win_chances: "12-win-chances.ipynb",
}


def _exercises(module: ModuleType) -> list[Exercise]:
    return [getattr(module, name) for name in module.__all__ if isinstance(getattr(module, name), Exercise)]


EXERCISES = [(m, e) for m in MODULES for e in _exercises(m)]


def _cells(name: str) -> list[Any]:
    return list(nbformat.read(NOTEBOOKS / name, as_version=4).cells)


# --- the exercises in their notebooks ----------------------------------------------------------


@pytest.mark.parametrize("module", list(MODULES), ids=[m.__name__.rsplit(".", 1)[1] for m in MODULES])
def test_every_notebook_has_two_or_three_exercises(module: ModuleType) -> None:
    assert 2 <= len(_exercises(module)) <= 3
    assert sorted(module.__all__) == sorted(e.name for e in _exercises(module))


@pytest.mark.parametrize(("module", "exercise"), EXERCISES, ids=[e.name for _, e in EXERCISES])
def test_exercise_has_an_answer_cell_a_check_and_a_folded_solution(
    module: ModuleType, exercise: Exercise
) -> None:
    cells = _cells(MODULES[module])
    call = f"ex.{exercise.name}.check("
    checks = [c for c in cells if c.cell_type == "code" and call in c.source]
    student = [c for c in checks if "solution=True" not in c.source]
    solution = [c for c in checks if "solution=True" in c.source]
    assert len(student) == 1 and len(solution) == 1, f"{exercise.name}: one check cell and one solution cell"
    assert "check" in student[0].metadata.get("tags", [])
    assert solution[0].metadata.get("jupyter", {}).get("source_hidden") is True, "the solution is folded"
    assert "solution" in solution[0].metadata.get("tags", [])
    # the answer cell comes before the check, with an ellipsis to replace
    index = cells.index(student[0])
    answers = [c for c in cells[:index] if "answer" in c.metadata.get("tags", [])]
    assert answers and "..." in answers[-1].source and "your answer" in answers[-1].source
    assert cells.index(solution[0]) > index, "the solution follows the check"


@pytest.mark.parametrize(("module", "exercise"), EXERCISES, ids=[e.name for _, e in EXERCISES])
def test_an_answer_left_blank_gets_a_reminder(module: ModuleType, exercise: Exercise) -> None:
    feedback = exercise.check(...)
    assert feedback.correct is None and "..." in feedback.message and not feedback
    assert feedback._repr_markdown_().startswith("✍️")


# --- every check tells a right answer from a wrong one, with the reason -------------------------


def _triple(v: float, lo: float, hi: float) -> tuple[float, float, float]:
    return (v, lo, hi)


def _space_roll() -> isslab.State:
    game = isslab.make("space-1999", players=2)
    return next(
        s for s in isslab.play(game, "greedy", seed=0).states()[2:] if s.current_player == isslab.CHANCE
    )


def _cases() -> list[tuple[Exercise, Any, Any, tuple[Any, ...]]]:
    """(exercise, right answer, wrong answer, evidence) for every exercise of the course."""
    space = isslab.make("space-1999", players=2)
    start = space.new_state()
    start = start.apply(start.chance_outcomes()[0][0])
    g1969 = isslab.make("1969", players=2)
    middle = next(s for s in isslab.play(g1969, "greedy", seed=7).states() if all(map(sum, s.hands)))
    position = space.position(disc={"red": ["r4s2"], "blue": ["r3s2"]}, to_move="red")
    greedy = pd.Series({"estimate": 0.9, "low": 0.8, "high": 0.96})
    table = pd.DataFrame({"low": [0.2] * 15 + [0.26], "high": [0.3] * 15 + [0.4]})
    ranked = pd.DataFrame(
        {
            "rank": [1, 2],
            "quantity": ["spokes", "eagles"],
            "label": ["24", "5"],
            "value": [10.0, 5.0],
            "low": [9.0, 4.0],
            "high": [11.0, 6.0],
        }
    )
    positions = pd.DataFrame(
        {
            "position": [1, 2, 3, 4],
            "estimate": [0.32, 0.12, 0.26, 0.38],
            "low": [0.29, 0.1, 0.23, 0.36],
            "high": [0.35, 0.14, 0.28, 0.41],
        }
    )
    teams = pd.DataFrame(
        {
            "players": [1, 2, 3, 4],
            "estimate": [0.2, 0.1, 0.4, 0.3],
            "low": [0.16, 0.05, 0.35, 0.25],
            "high": [0.25, 0.14, 0.45, 0.36],
        }
    )
    levers = pd.DataFrame(
        {
            "option": ["fedor_cargo", "fedor_tries"],
            "value": ["0", "1"],
            "move": [25.0, 1.0],
            "low": [23.0, -0.3],
            "high": [27.0, 2.1],
        }
    )
    margins = pd.DataFrame(
        {
            "fedor_cargo": [0, 1, 2, 3],
            "estimate": [0.4, -7.0, -16.0, -25.0],
            "low": [-1.3, -8.0, -17.0, -26.0],
            "high": [2.2, -6.0, -15.0, -24.0],
        }
    )
    winner = pd.Series(
        {"name": "red", "start": 0.25, "end": 1.0, "luck": 0.2, "own_decisions": 0.6}
        | {"rivals_decisions": -0.05}
    )
    search = SimpleNamespace(visits=[3, 2], actions=["a", "b"])
    other = SimpleNamespace(visits=[2, 3], actions=["a", "b"])
    up = _triple(0.06, 0.03, 0.09)
    none = _triple(0.01, -0.04, 0.06)
    return [
        (basics.die, 6, 5, (_space_roll().chance_outcomes(),)),
        (basics.first_moves, 3, 4, (start,)),
        (basics.hidden_hand, "size", "cards", (middle.view(0), 1)),
        (learning.jump, "r2s2", "r1s2", (position,)),
        (learning.three, "no", "yes", (_space_roll(),)),
        (playing.greedy_vs_random, 0.9, 0.4, (greedy,)),
        (measuring.all_wins, 0.987, 1.0, (300, 300)),
        (measuring.games_for_half, 1000, 500, ({250: 0.1, 1000: 0.05},)),
        (measuring.first_player, "up", "none", (up,)),
        (changing.eagles_length, "up", "down", (up,)),
        (changing.forced_launch, "none", "up", (none,)),
        (changing.chance_misses, 0.8, 8, (table, 0.25)),
        (comparing.narrower, "paired", "unpaired", (1.7, 2.6)),
        (comparing.reading_first_player, "up", "down", (up,)),
        (comparing.spy_reading, "none", "down", (none,)),
        (space_1999.top_assumption, "spokes", "eagles", (ranked,)),
        (space_1999.runaway, "none", "up", (_triple(0.05, -0.08, 0.18),)),
        (space_1999.kingmaking, "up", "none", (pd.Series({"value": 0.28, "low": 0.17, "high": 0.42}),)),
        (game_1969.exact_mean, 5 / 3, 2.5, (exact.mission_score_distribution(),)),
        (game_1969.best_position, 4, 1, (positions,)),
        (game_1969.famous_supply, "none", "up", (none,)),
        (mission_iss.more_good_jobs, "none", "up", (none,)),
        (mission_iss.weakest_team, 2, 4, (teams,)),
        (iss_1998.strongest_lever, "fedor_cargo", "fedor_tries", (levers,)),
        (iss_1998.calibrate, 0, 3, (margins,)),
        (bots.budget, "up", "down", (up,)),
        (bots.same_search, "yes", "no", (search, search)),
        (win_chances.what_moved, "own", "luck", (winner,)),
        (win_chances.judge_separates, "up", "none", (_triple(0.9, 0.72, 0.97),)),
    ] + [(bots.same_search, "no", "yes", (search, other))]


CASES = _cases()


def test_every_exercise_has_a_case() -> None:
    covered = {e.name for e, *_ in CASES}
    expensive = {"own_bot", "two_player_hand"}  # checks that play games: tested apart below
    assert covered | expensive == {e.name for _, e in EXERCISES}


@pytest.mark.parametrize(("exercise", "right", "wrong", "evidence"), CASES, ids=[c[0].name for c in CASES])
def test_check_tells_right_from_wrong_and_says_why(
    exercise: Exercise, right: Any, wrong: Any, evidence: tuple
) -> None:
    good = exercise.check(right, *evidence)
    assert good.correct is True, good.message
    bad = exercise.check(wrong, *evidence)
    assert bad.correct is False and len(bad.message) > 20, bad.message
    assert exercise.check(right, *evidence, solution=True)
    with pytest.raises(AssertionError, match=f"solution of exercise '{exercise.name}' fails its check"):
        exercise.check(wrong, *evidence, solution=True)


def test_an_answer_of_the_wrong_kind_is_explained() -> None:
    feedback = measuring.first_player.check("sideways", _triple(0.06, 0.03, 0.09))
    assert feedback.correct is False and "'up'" in feedback.message
    assert "expected a whole number" in basics.die.check("six", [("a", 1.0)]).message


def test_own_bot_check_plays_the_bot_against_a_real_baseline() -> None:
    game = isslab.make("space-1999", players=2, eagles=2)

    def lookahead(state: isslab.State, rng: random.Random) -> isslab.Action:
        me = state.current_player
        return max(state.legal_actions(), key=lambda a: state.apply(a).standing(me))

    def first(state: isslab.State, rng: random.Random) -> isslab.Action:
        return state.legal_actions()[0]

    assert playing.own_bot.check(lookahead, game)
    # the first legal move beats a random mover (59 of 60 games here), but not the easy bot
    beaten = playing.own_bot.check(first, game)
    assert not beaten and "against easy" in beaten.message, beaten.message
    assert not playing.own_bot.check(isslab.bot("space-1999", "random"), game)
    assert "a function" in playing.own_bot.check(3, game).message


def test_two_player_hand_check_plays_the_hand_and_refuses_an_overshoot() -> None:
    three = pd.Series({"estimate": 0.425, "low": 0.34, "high": 0.514})
    assert mission_iss.two_player_hand.check(((3, 1, 2, 2), (3, 1, 2, 2)), three, 60)
    assert not mission_iss.two_player_hand.check(((3, 1, 1, 1), (3, 1, 1, 1)), three, 60)
    over = mission_iss.two_player_hand.check(((4, 3, 3, 1), (4, 3, 3, 1)), three, 60)  # 1.00 [0.94, 1.00]
    assert not over and "overshoot" in over.message, over.message
    assert "refuses" in mission_iss.two_player_hand.check(((3, 1, 1), (3, 1, 1)), three, 60).message


def test_chance_misses_refuses_zero_the_misconception_it_targets() -> None:
    table = pd.DataFrame({"low": [0.2] * 16, "high": [0.3] * 16})
    zero = changing.chance_misses.check(0, table, 0.25)
    assert not zero and "one interval in twenty" in zero.message.lower(), zero.message
    assert changing.chance_misses.check(1, table, 0.25) and not changing.chance_misses.check(0.2, table, 0.25)


def test_kingmaking_takes_no_share_of_a_wide_interval_as_an_answer() -> None:
    row = pd.Series({"value": 0.28, "low": 0.17, "high": 0.42})
    for share in (0.07, 0.17, 0.28, 0.42, 0.52):
        assert not space_1999.kingmaking.check(share, row)
    assert space_1999.kingmaking.check("none", pd.Series({"value": 0.12, "low": 0.05, "high": 0.25}))


def test_a_runner_up_that_the_games_cannot_tell_apart_is_said_and_accepted() -> None:
    close = pd.DataFrame(
        {
            "position": [1, 2, 3, 4],
            "estimate": [0.32, 0.12, 0.26, 0.36],
            "low": [0.29, 0.1, 0.23, 0.33],
            "high": [0.35, 0.14, 0.28, 0.39],
        }
    )
    for answer in (4, 1):
        got = game_1969.best_position.check(answer, close)
        assert got and "cannot tell" in got.message and "not shown" in got.message, got.message
    assert not game_1969.best_position.check(3, close)
    levers = pd.DataFrame(
        {
            "option": ["fedor_cargo", "fedor_speed", "fedor_tries"],
            "value": ["0", "2", "1"],
            "move": [25.8, -22.0, 1.0],
            "low": [23.3, -25.1, -0.3],
            "high": [28.3, -18.9, 2.1],
        }
    )
    for answer in ("fedor_cargo", "fedor_speed"):
        got = iss_1998.strongest_lever.check(answer, levers)
        assert got and "cannot tell" in got.message, got.message
    assert not iss_1998.strongest_lever.check("fedor_tries", levers)
    clear = iss_1998.strongest_lever.check("fedor_cargo", levers.iloc[[0, 2]])
    assert clear and "clearly ahead" in clear.message


@pytest.mark.parametrize("exercise", [game_1969.famous_supply, bots.budget], ids=["8.3", "11.1"])
def test_an_interval_ending_at_the_null_accepts_none_too(exercise: Exercise) -> None:
    barely = _triple(0.05, 0.01, 0.09)
    for answer in ("up", "none"):
        got = exercise.check(answer, barely)
        assert got and "only just" in got.message, got.message
    assert not exercise.check("down", barely)
    clear = _triple(0.08, 0.04, 0.12)
    assert exercise.check("up", clear) and not exercise.check("none", clear)


# --- answers of every kind and size: a verdict and a short message, never a crash -----------------


class _BadRepr:
    """An answer whose repr fails (a student's own class)."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


#: answers a careless or hostile student may give, to every exercise
HOSTILE = [
    10**400,
    -(10**5000),
    float("nan"),
    float("inf"),
    -1e308,
    "x" * 1_000_000,
    "",
    b"up",
    [1] * 100_000,
    {"up": 1},
    _BadRepr(),
    object(),
    np.array([1, 2]),
    np.float64("nan"),
    True,
    (1, 2),
]


@pytest.mark.parametrize(("exercise", "right", "wrong", "evidence"), CASES, ids=[c[0].name for c in CASES])
def test_any_answer_gets_a_verdict_with_a_short_message(
    exercise: Exercise, right: Any, wrong: Any, evidence: tuple
) -> None:
    for answer in HOSTILE:
        feedback = guarded(lambda answer=answer: exercise.check(answer, *evidence), seconds=2.0, mb=300)
        assert feedback.correct in (True, False), short_id(answer)
        assert len(feedback.message) <= 700, (short_id(answer), len(feedback.message))
    with pytest.raises(ValueError, match="solution must be True or False"):
        exercise.check(right, *evidence, solution="yes")


@pytest.mark.parametrize(("exercise", "right", "wrong", "evidence"), CASES, ids=[c[0].name for c in CASES])
def test_a_numpy_number_is_the_number_it_holds(
    exercise: Exercise, right: Any, wrong: Any, evidence: tuple
) -> None:
    if isinstance(right, bool) or not isinstance(right, int | float):
        return  # a text answer
    for kind in (np.int64, np.int32, np.float64) if isinstance(right, int) else (np.float64, np.float32):
        answer = kind(right)
        if isinstance(right, int) and kind is np.float64:  # a whole number is asked: 3.0 says how to write it
            message = exercise.check(answer, *evidence).message
            assert f"write {right}, without the decimal point" in message, message
            continue
        got = exercise.check(answer, *evidence)
        assert got.correct is True or abs(float(answer) - right) > 1e-6, (kind, got.message)
    assert "not a whole number" not in basics.die.check(np.int64(6), _space_roll().chance_outcomes()).message
    assert basics.die.check(np.int64(6), _space_roll().chance_outcomes()).correct is True


def test_a_huge_answer_is_echoed_cut_short() -> None:
    position = isslab.make("space-1999", players=2).position(
        disc={"red": ["r4s2"], "blue": ["r3s2"]}, to_move="red"
    )
    huge = "r9s9" * 250_000
    feedback = learning.jump.check(huge, position)
    assert (
        feedback.correct is False and len(feedback.message) < 300 and "(1,000,000 chars)" in feedback.message
    )
    ranked = pd.DataFrame(
        {"rank": [1], "quantity": ["spokes"], "label": ["24"], "value": [1.0], "low": [0.5], "high": [1.5]}
    )
    feedback = space_1999.top_assumption.check("eagles" * 200_000, ranked)
    assert feedback.correct is False and len(feedback.message) < 400


def _game() -> isslab.Game:
    return isslab.make("space-1999", players=2, eagles=2)


def test_own_bot_refuses_a_bot_that_raises_with_its_error_and_the_move() -> None:
    def broken(state: isslab.State, rng: random.Random) -> isslab.Action:
        return state.legal_actions()[0] if state.move_number < 5 else 1 / 0

    feedback = playing.own_bot.check(broken, _game())
    assert feedback.correct is False
    assert "your bot raised ZeroDivisionError at move" in feedback.message and len(feedback.message) < 400
    feedback = playing.own_bot.check(lambda state: state.legal_actions()[0], _game())  # one argument
    assert feedback.correct is False and "your bot raised TypeError" in feedback.message


@pytest.mark.parametrize("answer", [None, "x" * 1_000_000, 10**400, ("a", "b")], ids=short_id)
def test_own_bot_refuses_a_bot_that_answers_with_anything_but_a_legal_action(answer: Any) -> None:
    feedback = playing.own_bot.check(lambda state, rng: answer, _game())
    assert feedback.correct is False and "which is not a legal action" in feedback.message
    assert len(feedback.message) < 400


def test_own_bot_refuses_a_bot_that_is_too_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playing, "MOVE_SECONDS", 0.05)

    def slow(state: isslab.State, rng: random.Random) -> isslab.Action:
        end = time.process_time() + 0.1  # CPU time, so that a busy machine changes nothing
        while time.process_time() < end:
            pass
        return state.legal_actions()[0]

    feedback = guarded(lambda: playing.own_bot.check(slow, _game()), seconds=10.0)
    assert feedback.correct is False and "took more than 0.05 s of CPU time for move" in feedback.message
    monkeypatch.setattr(playing, "CHECK_SECONDS", 0.5)

    def endless(state: isslab.State, rng: random.Random) -> isslab.Action:
        while True:
            try:
                time.sleep(10)
            except Exception:  # a bot that swallows errors still stops
                pass

    feedback = playing.own_bot.check(endless, _game())
    assert feedback.correct is False and "did not finish 60 games within 0.5 s" in feedback.message


# --- prose written from numbers ----------------------------------------------------------------

#: a measured number: a decimal (0.31, 1.4) or a percentage other than the 95% of an interval
MEASURED = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])|(?<![\w.])(?!95%)\d+(?:\.\d+)?%")


def _markdown(name: str) -> list[str]:
    out = []
    for c in _cells(name):
        if c.cell_type == "markdown":
            text = re.sub(r"```.*?```", "", c.source, flags=re.S)  # code shown, not claimed
            text = re.sub(r"Exercise \d+\.\d+", "", text)  # the exercises' numbers
            out.append(re.sub(r"`[^`]*`", "", text))
    return out


@pytest.mark.parametrize(
    "name", ["start-here.ipynb", *MODULES.values(), "13-tuning.ipynb", "14-capstone.ipynb"]
)
def test_markdown_states_no_measured_number(name: str) -> None:
    for text in _markdown(name):
        found = MEASURED.findall(text)
        assert not found, (
            f"{name}: the text states {found}: write it from the computed value, md(f'...{{value}}...')"
        )


#: sentences of the notebooks that use a claim's words for a rule, a method or a definition, not a
#: measured result: each is named here with why, and must still be in its notebook
NOT_CLAIMS: dict[str, dict[str, str]] = {
    "03-playing.ipynb": {"picks the move that shortens": "what the greedy bot does, by its code"},
    "04-measuring.ipynb": {
        "says *no effect shown at this number of games*": "what an interval's verdict means",
        "the best and the worst **seat's** win rate": "the definition of balance",
    },
    "05-changing-a-rule.ipynb": {"a fair seat wins a quarter of the games": "the definition of a fair share"},
    "06-comparing-and-concluding.ipynb": {
        "positive: greedy wins more often": "the sign of a metric",
        "between the best and worst seat's win rate": "the definition of balance",
        "Four times the games halve the width": "the square-root law of an interval's width",
    },
    "07-space-1999.ipynb": {"values matter most, so you know": "an objective, answered by the report"},
    "08-1969.ipynb": {
        "played with twice as many": "a setting of the sweep",
        "the best and worst **seat's** win rate": "the definition of balance",
    },
    "09-mission-iss.ipynb": {"twice as likely as any other incident card": "the variant's rule"},
    "12-win-chances.ipynb": {"as well as the best bot at the table": "the judge's rule, by construction"},
    "13-tuning.ipynb": {"the strongest bot available": "a heading's question: which bot the tuner uses"},
}


@pytest.mark.parametrize(
    "name", sorted({"start-here.ipynb", *MODULES.values(), *NOT_CLAIMS, "14-capstone.ipynb"})
)
def test_markdown_states_no_claim_in_words(name: str) -> None:
    allowed = NOT_CLAIMS.get(name, {})
    for cell in _cells(name):
        if cell.cell_type != "markdown":
            continue
        text = cell.source
        for fragment in allowed:
            text = text.replace(fragment, "")
        found = kit.claims_in(text)
        assert not found, (
            f"{name}: the text claims {found} in words: write the sentence from the computed value "
            "(md(f'...')) or make it a claim(holds, '...') that the numbers must support"
        )
    prose = "\n".join(c.source for c in _cells(name) if c.cell_type == "markdown")
    stale = [f for f in allowed if f not in prose]
    assert not stale, f"{name}: NOT_CLAIMS names sentences no longer there: {stale}"


#: calls whose text is checked or computed by construction: a claim raises when its numbers fail it,
#: second words its verdict from two intervals
GUARDED_CALLS = {"claim", "second", "verdict", "across", "holds", "est"}


def md_literals(source: str) -> list[str]:
    """The text that a cell's ``md(...)`` calls write whatever the numbers: the string literals of their
    arguments outside a conditional expression (``"..." if ok else "..."``) and outside a guarded call,
    an f-string's values read as ``N``."""
    found: list[str] = []

    def walk(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, ast.IfExp):
            walk(node.test, guarded)
            walk(node.body, True)
            walk(node.orelse, True)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) in GUARDED_CALLS
        ):
            return
        elif isinstance(node, ast.JoinedStr):
            if not guarded:
                found.append("".join(v.value if isinstance(v, ast.Constant) else "N" for v in node.values))
            for v in node.values:
                if isinstance(v, ast.FormattedValue):
                    walk(v.value, guarded)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if not guarded:
                found.append(node.value)
        else:
            for child in ast.iter_child_nodes(node):
                walk(child, guarded)

    for call in ast.walk(ast.parse(source)):
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "md":
            for arg in call.args:
                walk(arg, False)
    return found


@pytest.mark.parametrize(
    "name", sorted({"start-here.ipynb", *MODULES.values(), "13-tuning.ipynb", "14-capstone.ipynb"})
)
def test_md_cells_state_no_unguarded_claim_in_words(name: str) -> None:
    for i, cell in enumerate(_cells(name)):
        if cell.cell_type != "code" or "md(" not in cell.source:
            continue
        found = [c for text in md_literals(cell.source) for c in kit.claims_in(text)]
        assert not found, (
            f"{name} cell {i}: md(...) writes {found} whatever the numbers: make the words depend on the "
            "interval that shows them (a conditional, kit.second) or make the sentence a claim(holds, '...')"
        )


def test_md_literals_leave_conditional_and_checked_words_alone() -> None:
    source = (
        'md(f"A wins {est(1, 0, 2)}: it beats every bot." + ("B never wins." if ok else "no more") '
        '+ claim(ok, "C beats every bot") + second(a, b))'
    )
    literals = md_literals(source)
    assert "A wins N: it beats every bot." in literals and "no more" not in literals
    assert [c for t in literals for c in kit.claims_in(t)] == ["beats every"]


@pytest.mark.parametrize(
    "planted",
    [
        "FEDOR beats every bot.",
        "One clear dial: FEDOR's cargo.",
        "A trace over twenty games cannot tell these budgets apart.",
        "Here the seats even out, and balance reads close to one.",
        "The leader wins in nine of ten games.",
        "Prestige earned early is hard to catch.",
        "Compulsory launch lengthens four-player games.",
        "Greedy almost never loses, twice as often as random.",
        "mcts and ismcts lose to the heuristic bots.",
        "The winner scores three times the runner-up.",
        "The planner team succeeds in nearly every game.",
    ],
)
def test_the_claim_words_catch_a_planted_sentence(planted: str) -> None:
    assert kit.claims_in(planted), planted
    assert kit.claims_in(f"Some rules first.\n\n{planted} Then a table.")
    assert not kit.claims_in(f"## {planted}") and not kit.claims_in(f"`{planted}`")


def test_the_claim_words_leave_rules_questions_and_code_alone() -> None:
    for text in (
        "Each commander rolls a die and moves an eagle.",
        "**Predict:** does the leader win more often than without feedback?",
        "### Exercise 8.2 · the best position",
        "```python\nx = 'beats every bot'\n```",
    ):
        assert kit.claims_in(text) == [], text


def test_the_measured_number_pattern() -> None:
    assert MEASURED.findall("wins 0.31 of games, 38% of them, at a 95% interval; 12M in 1963") == [
        "0.31",
        "38%",
    ]


@pytest.mark.parametrize("name", list(MODULES.values()))
def test_results_are_written_by_cells(name: str) -> None:
    code = "\n".join(c.source for c in _cells(name) if c.cell_type == "code")
    prose = code.count("md(") + code.count("claim(")
    assert prose >= 1 or name in {"01-what-a-game-is.ipynb", "02-learning-a-game.ipynb", "03-playing.ipynb"}


# --- the luck share over the report's games (docs/luck.json, python -m isslab.bench.luck) -------------


def test_the_measured_luck_shares_rest_on_a_hundred_games_or_more() -> None:
    data = json.loads(win_chances.LUCK_FIGURES.read_text())
    assert set(data["games"]) == set(isslab.games())
    assert data["command"].startswith("python -m isslab.bench.luck")
    for game_id, entry in data["games"].items():
        default = isslab.make(game_id).info.default_bot
        # the first line-up is the default bot in every seat: notebook 12 sets its live run beside it
        assert entry["lineups"][0]["lineup"] == [default] * entry["players"] and len(entry["lineups"]) == 2
        assert entry["cpu_seconds"] > 0
        for lineup in entry["lineups"]:
            value, low, high = lineup["luck_share"]
            assert lineup["games"] >= 100 and 0 <= low <= value <= high <= 1, (game_id, lineup["label"])


def test_notebook_12_writes_the_measured_luck_shares_from_the_json() -> None:
    code = "\n".join(c.source for c in _cells("12-win-chances.ipynb") if c.cell_type == "code")
    assert "md(ex.measured_luck_in_words(measured))" in code and "ex.measured_luck()" in code
    table = win_chances.measured_luck()
    text = win_chances.measured_luck_in_words(table)
    for r in table.itertuples():
        assert f"{r.game}, `{r.lineup}`: {kit.est(r.luck_share, r.low, r.high)}" in text
    assert table.attrs["command"] in text and table.attrs["report"] in text
    prose = "\n".join(c.source for c in _cells("12-win-chances.ipynb") if c.cell_type == "markdown")
    assert table.attrs["command"].split(" --")[0] in prose and 'sections=["luck"]' in prose


def test_md_and_claim() -> None:
    text = md("wins **0.31**")
    assert text == "wins **0.31**" and text._repr_markdown_() == "wins **0.31**"
    assert claim(True, "the leader wins more") == "the leader wins more"
    with pytest.raises(AssertionError, match="no longer show it"):
        claim(False, "the leader wins more")


def test_interval_reads_the_rows_of_compare_metrics_and_reports() -> None:
    row = pd.Series(
        {"estimate": 0.5, "low": 0.4, "high": 0.6, "diff": 0.1, "diff_low": 0.0, "diff_high": 0.2}
    )
    assert kit.interval(row, "estimate") == (0.5, 0.4, 0.6)
    assert kit.interval(row, "diff") == (0.1, 0.0, 0.2)
    assert kit.interval(pd.DataFrame([{"value": 1.0, "low": 0.5, "high": 1.5}])) == (1.0, 0.5, 1.5)
    with pytest.raises(ValueError, match="one row"):
        kit.interval(pd.DataFrame({"value": [1, 2], "low": [0, 1], "high": [2, 3]}))
    assert kit.shown(0.1, 0.2) == 1 and kit.shown(-0.2, -0.1) == -1 and kit.shown(-0.1, 0.1) == 0


def test_top_assumption_reads_the_first_line_up_and_accepts_a_tie() -> None:
    rows = [
        ("greedy", 1, "spokes", 10.0, 9.0, 11.0),
        ("greedy", 2, "eagles", 8.0, 6.5, 9.5),
        ("greedy", 3, "rings", 1.0, 0.5, 1.5),
        ("greedy/random", 1, "rings", 20.0, 19.0, 21.0),
        ("greedy/random", 2, "spokes", 1.0, 0.5, 1.5),
    ]
    ranked = pd.DataFrame(rows, columns=["lineup", "rank", "quantity", "value", "low", "high"]).assign(
        label="x"
    )
    assert space_1999.top_assumption.check("spokes", ranked).correct is True
    tie = space_1999.top_assumption.check(
        "eagles", ranked
    )  # its interval overlaps the top's: not shown apart
    assert tie.correct is True and "cannot tell ['spokes', 'eagles'] apart" in tie.message
    # the second line-up's top row is not the answer
    assert space_1999.top_assumption.check("rings", ranked).correct is False


def test_weakest_team_accepts_a_size_the_games_cannot_tell_from_the_weakest() -> None:
    teams = pd.DataFrame(
        {"players": [1, 2, 3, 4], "estimate": [0.2, 0.1, 0.4, 0.3], "low": [0.12, 0.05, 0.3, 0.2]}
        | {"high": [0.3, 0.15, 0.5, 0.4]}
    )
    tie = mission_iss.weakest_team.check(1, teams)
    assert tie.correct is True and "cannot tell which of [2, 1] is weakest" in tie.message
    assert mission_iss.weakest_team.check(2, teams).correct is True
    assert mission_iss.weakest_team.check(3, teams).correct is False


def test_second_says_what_two_intervals_show_both_ways() -> None:
    names = ("greedy", "greedy/random")
    both = kit.second((0.1, 0.05, 0.15), (0.2, 0.1, 0.3), "longer games", "shorter games", lineups=names)
    assert both == (
        "Under greedy/random: +0.20 [+0.10, +0.30], longer games shown: the interval lies above 0. "
        "**Holds under both line-ups**."
    )
    one = kit.second((0.1, 0.05, 0.15), (0.2, -0.1, 0.3), "longer games", lineups=names)
    assert one.endswith("**Depends on the line-up (shown under greedy only)**.")
    assert "no longer games shown at this number of games" in one
    assert kit.second((0.2, -0.1, 0.3), (0.1, 0.05, 0.15), lineups=names).endswith(
        "(shown under greedy/random only)**."
    )
    opposite = kit.second((0.1, 0.05, 0.15), (-0.2, -0.3, -0.1), lineups=names)
    assert "opposite directions: above under greedy, below under greedy/random" in opposite
    assert kit.second((0.1, -0.05, 0.15), (0.2, -0.1, 0.3)).endswith("**Not shown under either line-up**.")
    # against a null other than 0 (a fair share), and on a row of compare
    row = pd.Series({"estimate": 0.3, "low": 0.28, "high": 0.35})
    fair = kit.second(row, (0.2, 0.1, 0.3), "an advantage", null=0.25, kind="estimate")
    assert "includes 0.25" in fair and "**Depends on the line-up" in fair
    # every game alike under the second line-up: no spread to read, so it cannot tell
    alike = kit.second((0.1, 0.05, 0.15), (0.0, 0.0, 0.0), lineups=names)
    assert (
        "every game ended alike, so this line-up **cannot tell**: the reading is stated for greedy only"
        in alike
    )
    # with no null: overlapping intervals are not shown to differ, which is not "the same"
    close = kit.second((5, 4, 6), (5.5, 5, 7), null=None, kind="value")
    assert close.endswith("**Not shown to differ between line-ups (the intervals overlap)**.")
    assert "under the first line-up: 5.00 [4.00, 6.00]" in close
    assert "**Depends on the line-up (the intervals do not overlap)**" in kit.second(
        (5, 4, 6), (8, 7, 9), null=None, kind="value"
    )


def test_second_lineup_is_the_reports_second() -> None:
    assert kit.second_lineup("space-1999", 4) == ["greedy", "random", "greedy", "random"]
    game = isslab.make("1969", players=3)
    assert kit.second_lineup("1969", 3) == list(default_lineups(game)[1]) == ["greedy", "moonshot", "spy"]


# --- every conclusion of notebooks 04-13 is rerun under a second line-up -----------------------------

#: a cell that states a conclusion: a verdict, a claim, an estimate written as prose, a comparison in words
CONCLUDES = re.compile(r"\b(?:verdict|claim|est|in_words)\(")
#: a cell that reruns a conclusion under a second line-up and says whether it holds
RECHECKS = re.compile(r"\b(?:second|holds|across)\(")
#: a conclusion that no line-up can change says why in a comment of its cell
NO_LINEUP = "# no line-up:"
#: the notebooks whose every conclusion is rerun under a second line-up (start-here says which): the
#: numbered notebooks 04 to 13, read from the folder so that none is left out of the list
RECHECKED = sorted(p.name for p in NOTEBOOKS.glob("[01][0-9]-*.ipynb") if 4 <= int(p.name[:2]) <= 13)


def unchecked_conclusions(cells: list[Any]) -> list[int]:
    """The code cells that state a conclusion with no second-line-up check in or after them, within their
    section (up to the next markdown cell with a ``## `` heading)."""
    missing, waiting = [], []
    for i, cell in enumerate(cells):
        if cell.cell_type == "markdown" and re.search(r"^## ", cell.source, re.M):
            missing += waiting
            waiting = []
        if cell.cell_type != "code" or "solution=True" in cell.source:
            continue
        if RECHECKS.search(cell.source):
            waiting = []
        elif CONCLUDES.search(cell.source) and NO_LINEUP not in cell.source:
            waiting.append(i)
    return missing + waiting


@pytest.mark.parametrize("name", RECHECKED)
def test_every_conclusion_is_rerun_under_a_second_line_up(name: str) -> None:
    unchecked = unchecked_conclusions(_cells(name))
    assert not unchecked, (
        f"{name}: cells {unchecked} state a conclusion under one line-up only: after each, rerun it under "
        "the report's second line-up (kit.second_lineup) and say whether it holds (kit.second)"
    )


def test_a_conclusion_without_its_second_line_up_is_found() -> None:
    cells = _cells("04-measuring.ipynb")
    assert unchecked_conclusions(cells) == []
    planted = [*cells[:-1], nbformat.v4.new_code_cell("md(f'{verdict(0.1, 0.2)}')"), cells[-1]]
    assert unchecked_conclusions(planted) == [len(cells) - 1]
    # the check comes after the conclusion, in its section: one in an earlier cell does not count
    check = next(i for i, c in enumerate(cells) if c.cell_type == "code" and RECHECKS.search(c.source))
    before = [*cells[:check], nbformat.v4.new_code_cell("md(est(1, 0, 2))"), *cells[check:]]
    assert unchecked_conclusions(before) == []
    moved = [*cells[: check + 1], nbformat.v4.new_code_cell("md(est(1, 0, 2))"), *cells[check + 1 :]]
    assert check + 1 in unchecked_conclusions(moved)
    exempt = [*cells[:-1], nbformat.v4.new_code_cell("# no line-up: pure luck\nmd(est(1, 0, 2))"), cells[-1]]
    assert unchecked_conclusions(exempt) == []


def test_feedback_renders() -> None:
    assert str(Feedback(True, "yes.")) == "Right. yes." and Feedback(True, "").__bool__()
    assert Feedback(False, "no.")._repr_markdown_().startswith("❌")


# --- the worked variants of the case studies ---------------------------------------------------


@pytest.fixture(autouse=True)
def _registry_as_before() -> Any:
    """The variants a test defines are gone after it, so other modules' lists of games stay the four."""
    with registry_restored():
        yield


#: each case study's variant, the options of a table it plays, the bots, and what its rule changes
VARIANTS = {
    "07-space-1999.ipynb": ("space-1999/catch-up", {"players": 3}, "greedy"),
    "08-1969.ipynb": ("1969/catch-up", {"players": 3}, "greedy"),
    "09-mission-iss.ipynb": ("mission-iss/lucky-incidents", {"players": 2}, "planner"),
    "10-1998-iss.ipynb": ("1998-iss/fedor-pays", {"players": 1}, "greedy"),
}


def _define_variants(name: str) -> dict[str, Any]:
    """Run the notebook's variant cells (tagged ``variant``), as a reader does, and return their namespace."""
    cells = [c.source for c in _cells(name) if "variant" in c.metadata.get("tags", [])]
    assert cells, f"{name} defines a variant in a cell tagged 'variant'"
    space: dict[str, Any] = {"__name__": f"course_{Path(name).stem.replace('-', '_')}", "isslab": isslab}
    for source in cells:
        exec(compile(source, name, "exec"), space)  # noqa: S102 - the notebook's own cells
    return space


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_worked_variant_plays_everywhere_a_game_does(name: str) -> None:
    vid, options, bot = VARIANTS[name]
    _define_variants(name)
    assert vid in isslab.games(variants=True)
    game = isslab.make(vid, **options)
    assert game.id == vid and game.VARIANT_OF == vid.split("/")[0]
    here = isslab.simulate(vid, bots=bot, games=6, seed=1, progress=False, **options)
    there = isslab.simulate(vid, bots=bot, games=6, seed=1, progress=False, workers=2, **options)
    pd.testing.assert_frame_equal(here.reset_index(drop=True), there.reset_index(drop=True))
    record = isslab.play(game, bot, seed=2)
    final = record.final_state()
    text = final.to_json()
    assert f'"{vid}"' in text and isslab.load(text) == final  # the save names the variant
    # 2,000 steps bound it: five random Space: 1999 games run to 7,500 steps, each checked at every step
    isslab.conformance.check_game(game, games=5, seed=0, step_budget=2_000)


def _rolls_twice(record: isslab.GameRecord) -> bool:
    return any(len(s.rolled) == 2 for s in record.states())


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_worked_variant_changes_the_rule_it_names(name: str) -> None:
    vid, options, bot = VARIANTS[name]
    _define_variants(name)
    game, base = isslab.make(vid, **options), isslab.make(vid.split("/")[0], **options)
    if vid == "space-1999/catch-up":
        # the commander behind rolls twice and then chooses: a decision at what was a chance node
        record = isslab.play(game, bot, seed=0)
        assert _rolls_twice(record)
        keep = next(s for s in record.states() if len(s.rolled) == 2)
        assert keep.current_player == keep.behind() and len(keep.legal_actions()) in (1, 2)
    elif vid == "1969/catch-up":
        # the first new year: the same history under both rules, then 3M more for the nation last alone
        record = isslab.play(game, bot, seed=0)
        states = record.states()
        turn = next(i for i in range(1, len(states)) if states[i].year != states[i - 1].year)
        plain = base.new_state()
        for action in record.actions[:turn]:
            plain = plain.apply(action)
        before = states[turn - 1]
        last = before.pp.index(min(before.pp))
        extra = [a - b for a, b in zip(states[turn].money, plain.money, strict=True)]
        assert before.pp.count(min(before.pp)) == 1, "seed 0 has one nation last after 1963"
        assert extra == [3 if s == last else 0 for s in range(game.num_players)]
    elif vid == "mission-iss/lucky-incidents":
        state = next(
            s
            for s in isslab.play(game, bot, seed=0).states()
            if s.is_chance_node() and all(type(a).__name__ == "DrawIncident" for a, _ in s.chance_outcomes())
        )
        from isslab.games.mission_iss import StateMissionISS

        odds = {a.card: p for a, p in state.chance_outcomes()}
        plain = {a.card: p for a, p in StateMissionISS._chance_outcomes(state)}  # the base game's odds here
        module = next(card for card in odds if card != "Good Job")
        assert odds["Good Job"] / odds[module] == pytest.approx(2 * plain["Good Job"] / plain[module])
        assert sum(odds.values()) == pytest.approx(1.0)
    else:  # 1998-iss/fedor-pays: FEDOR's score falls, and its ISS material pays for the cargo
        paid = isslab.simulate(game, bots=bot, games=20, seed=0, progress=False)
        free = isslab.simulate(base, bots=bot, games=20, seed=0, progress=False)
        assert paid["fedor_score"].mean() < free["fedor_score"].mean()


def test_the_sizes_tied_with_the_first_are_read_from_their_intervals() -> None:
    assert kit.size_interval(-0.1, 0.3) == (0.0, 0.3) and kit.size_interval(-0.5, -0.2) == (0.2, 0.5)
    # b's size reaches 0.5, above a's lower end 0.4; c's reaches 0.05 only
    assert kit.tied_with_first(["a", "b", "c"], [0.4, -0.5, 0.0], [0.6, -0.1, 0.05]) == ["a", "b"]
