"""What every notebook of the course shares: exercises that check themselves, and prose written from numbers.

* :class:`Exercise` is one predict-then-run exercise: the student writes an answer in a cell, and
  ``exercise.check(answer, evidence)`` returns a :class:`Feedback` that says whether it is right
  and why, reading the evidence the notebook computed (a table of ``isslab.compare``,
  ``isslab.metrics`` or ``isslab.report``). An answer left as ``...`` gets a reminder, not a
  verdict. The folded solution cell calls ``check(..., solution=True)``, which raises when the
  solution fails its check, so running the notebook (the test suite does) runs every solution
  through its check.
* :func:`md` writes prose from computed values: a cell that ends with ``md(f"...")`` shows its text
  as Markdown, so a number in the course's text is the number the notebook just computed.
  :func:`est` formats a value with its 95% interval, and :func:`verdict` says what an interval shows.
* :func:`claim` is a sentence that must hold: it shows the sentence, or raises when the notebook's
  own numbers no longer support it (a change of rules or bots, a smaller game count).
* :func:`second` tells whether a conclusion read from one line-up's interval still holds under a
  second line-up's (:func:`second_lineup` names the report's second line-up of a game): "holds under
  both line-ups", "depends on the line-up" or "not shown under either line-up".
* Every check reads its answer with one of the shared readers, :func:`whole`, :func:`number`,
  :func:`word` and :func:`direction`: a numpy integer is a whole number, ``10**400`` or NaN is a
  number of the wrong size (never an ``OverflowError``), and a message echoes an answer cut short
  (:func:`said`), whatever its size. Most word their verdict with :func:`answered`: what the
  evidence shows, after what a wrong answer said.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab.checks as checks
from isslab.analysis.report import default_lineups, fmt, verdict
from isslab.analysis.report.method import across, agree
from isslab.analysis.report.method import direction as side
from isslab.core import _cut, make, short_repr

__all__ = [
    "CLAIMS",
    "Exercise",
    "Feedback",
    "Prose",
    "answered",
    "claim",
    "claims_in",
    "est",
    "exercise",
    "holds",
    "interval",
    "md",
    "number",
    "said",
    "second",
    "second_lineup",
    "size_interval",
    "shown",
    "verdict",
    "tied_with_first",
    "whole",
    "word",
]


#: the longest message a check gives about an answer of the wrong kind
MAX_MESSAGE: Final = 500


class Prose(str):
    """Text that a notebook shows as Markdown (a ``str``: print it, compare it, search it)."""

    def _repr_markdown_(self) -> str:
        return str(self)


def md(text: str) -> Prose:
    """Show ``text`` (Markdown, usually an f-string of computed values) as the cell's output."""
    return Prose(text)


def claim(holds: Any, text: str) -> Prose:
    """Show the sentence ``text``, which the notebook's numbers must support: raise if ``holds`` is false."""
    if not bool(holds):
        raise AssertionError(
            f"the notebook says {text!r}, and its own numbers no longer show it: rewrite the sentence "
            "or play more games"
        )
    return Prose(text)


#: the words of a measured claim in prose: a verdict ("beats every bot", "one clear dial", "cannot tell
#: these apart", "the seats even out"), a comparison of outcomes, or a share said in number words ("one
#: in twenty games"). A markdown cell states none of them: the cell that computed the number writes the
#: sentence (``md``), or the sentence is a ``claim`` that its numbers must support.
CLAIMS: Final = (
    r"\bbeats? (?:every|all|each|the others|any)\b",
    r"\bcan(?:not|'t) tell\b[^.?;]*\bapart\b",
    r"\bindistinguishable\b",
    r"\bevens? out\b",
    r"\bno (?:skill )?effect\b",
    r"\bone clear\b",
    r"\bclear(?:ly)? (?:dial|winner|lever|effect|advantage|edge|lead|best)\b",
    r"\bhard to catch\b",
    r"\bdominat\w+",
    r"\b(?:always|never|rarely|seldom|almost never|almost always) (?:wins?|loses?|succeeds?|fails?|beats?)\b",
    r"\b(?:wins?|succeeds?|loses?) (?:more|less) often\b",
    r"\b(?:more|less) often than\b",
    r"\b(?:strongest|weakest|best|worst) (?:bot|seat|position|lever|dial|option|player|team)\b",
    r"\bby far\b",
    r"\bfar (?:from|short)\b",
    r"\b(?:lengthens?|shortens?)\b",
    r"\b(?:longer|shorter) games\b",
    r"\b(?:twice|half|\w+ times) as (?:often|likely|long|many|much|strong)\b",
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|a hundred|half|a third|a quarter|most|"
    r"all|none|every|no) (?:of|in) (?:the |its |every |ten |twenty |a hundred )?(?:\w+ )?"
    r"(?:games|intervals|runs|probes|positions|seats|bots)\b",
    r"\b(?:matters?|pays?) most\b",
    r"\bbarely\b",
    r"\blos(?:e|es|ing) to\b",
    r"\b\w+ times the\b",
    r"\bnearly (?:every|all|always|never)\b",
)
_CLAIM = re.compile("|".join(f"(?:{c})" for c in CLAIMS), re.IGNORECASE)


def claims_in(text: str) -> list[str]:
    """The measured claims a Markdown text states in words, sentence by sentence (see :data:`CLAIMS`).

    Code (fenced or inline), headings and questions are not claims: they are left out.
    """
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*`", "", text)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    found = []
    for sentence in re.split(r"(?<=[.?!;:])\s+|\n\s*\n|\n\s*[*-]\s+", text.replace("*", "")):
        if not sentence.strip().endswith("?"):
            found += [m.group(0) for m in _CLAIM.finditer(" ".join(sentence.split()))]
    return found


def holds(report: Any, sections: Iterable[str] | None = None) -> Prose:
    """The report's conclusions under every line-up, one bullet each, saying whether each still holds.

    Reads :meth:`isslab.analysis.report.Report.conclusions` (every line-up and the expert's rung): a
    conclusion that holds under one line-up only is said to depend on the line-up.
    """
    table = report.conclusions()
    if sections is not None:
        table = table[table["section"].isin(list(sections))]
    lines = []
    for (_, text), rows in table.groupby(["section", "claim"], sort=False):
        figures = "; ".join(
            f"{r.lineup}: {fmt(r.value, r.low, r.high, 2, not math.isnan(r.null))}" for r in rows.itertuples()
        )
        lines.append(f"* {text}: {figures}. **{rows['across'].iloc[0]}**.")
    return Prose("\n".join(lines) or "The report states no conclusion in these sections.")


def est(value: Any, low: Any = math.nan, high: Any = math.nan, digits: int = 2, signed: bool = False) -> str:
    """``0.31 [0.27, 0.35]``: a value with its 95% interval (``signed=True`` for a difference)."""
    return fmt(value, low, high, digits, signed)


def interval(row: Any, value: str = "value") -> tuple[float, float, float]:
    """``(value, low, high)`` of a row of ``compare`` (``estimate`` or ``diff``), ``metrics`` or a report.

    ``value="diff"`` reads a difference (``diff``, ``diff_low``, ``diff_high``); ``"estimate"`` a
    compare estimate; ``"value"`` a metrics or report row. A tuple of three numbers passes through.
    """
    if isinstance(row, tuple) and len(row) == 3:
        return (float(row[0]), float(row[1]), float(row[2]))
    if isinstance(row, pd.DataFrame):
        if len(row) != 1:
            raise ValueError(f"interval needs one row, got a table of {len(row)} rows")
        row = row.iloc[0]
    get = row.__getitem__ if isinstance(row, pd.Series | Mapping) else lambda k: getattr(row, k)
    if value == "diff":
        return (float(get("diff")), float(get("diff_low")), float(get("diff_high")))
    key = "estimate" if value == "estimate" else "value"
    return (float(get(key)), float(get("low")), float(get("high")))


def shown(low: float, high: float, null: float = 0.0) -> int:
    """+1 when an interval lies above ``null``, -1 below it, 0 when it includes it (nothing shown)."""
    return 1 if low > null else (-1 if high < null else 0)


def second_lineup(game: str, players: int | None = None) -> list[str]:
    """The report's second line-up of ``game`` at ``players``, one bot name per seat (the heuristic bots in
    turn, in a cooperative game too; solo, the second heuristic bot)."""
    g = make(game) if players is None else make(game, players=players)
    return list(default_lineups(g)[1])


def second(
    first: Any,
    other: Any,
    what: str = "a difference",
    below: str | None = None,
    null: float | None = 0.0,
    kind: str = "diff",
    lineups: tuple[str, str] = ("the first line-up", "the second line-up"),
    digits: int = 2,
) -> Prose:
    """Whether a conclusion still holds under a second line-up, in words computed from the two intervals.

    ``first`` and ``other`` are the same measurement under the two line-ups (rows or triples that
    :func:`interval` reads with ``kind``). Against ``null`` each shows ``what`` (above), ``below``
    (under) or nothing; the sentence gives the second interval and ends with
    :func:`~isslab.analysis.report.method.across`: **holds under both line-ups** (the same direction
    under both), **depends on the line-up** (shown under one only, or opposite directions) or **not
    shown under either line-up**; an interval of no width under the second line-up (every game ended
    alike: a team that never wins) **cannot tell**. ``null=None`` compares two estimates with no null
    (a length, a share): **not shown to differ between line-ups** when the intervals overlap, else
    **depends on the line-up**.
    """
    a, b = interval(first, kind), interval(other, kind)
    # an interval of no width: every game (or pair) ended alike, so there is no spread to read
    if b[1] == b[2]:
        return Prose(
            f"Under {lineups[1]}: {est(*b, digits=digits)}, every game ended alike, so this line-up **cannot "
            f"tell**: the reading is stated for {lineups[0]} only."
        )
    if null is None:
        summary = agree([(a[1], a[2]), (b[1], b[2])])
        reading = f" (under {lineups[0]}: {est(*a, digits=digits)})"
        figure = est(*b, digits=digits)
    else:
        summary = across([side(x[1], x[2], null) for x in (a, b)], list(lineups))
        reading = ", " + verdict(b[1], b[2], null, what=what, below=below)
        figure = est(*b, digits=digits, signed=null == 0)
    return Prose(f"Under {lineups[1]}: {figure}{reading}. **{summary[0].upper()}{summary[1:]}**.")


# --- reading an answer: one reader per kind, shared by every check ---------------------------------

#: the longest text of an answer echoed in a message (a million-character answer is cut)
ECHO: Final = 40
#: the largest whole number an answer may be (a count of games, outcomes, intervals)
MAX_WHOLE: Final = 10**9


def said(answer: Any) -> str:
    """An answer as a message echoes it: cut to ``ECHO`` characters, whatever its size or kind."""
    return short_repr(answer, ECHO)


def size_interval(low: float, high: float) -> tuple[float, float]:
    """The interval of the size ``|x|`` of an estimate whose interval is ``[low, high]``."""
    if low <= 0 <= high:
        return (0.0, max(-low, high))
    return (min(abs(low), abs(high)), max(abs(low), abs(high)))


def tied_with_first(names: Iterable[Any], lows: Iterable[float], highs: Iterable[float]) -> list[str]:
    """The names, ranked by size with the largest first, whose size cannot be told from the first's: the
    upper end of their size's interval reaches the lower end of the first's (the first included)."""
    rows = [(str(n), float(lo), float(hi)) for n, lo, hi in zip(names, lows, highs, strict=True)]
    floor = size_interval(rows[0][1], rows[0][2])[0]
    return [n for n, lo, hi in rows if size_interval(lo, hi)[1] >= floor]


def whole(answer: Any, what: str = "a whole number", among: Iterable[Any] | None = None) -> int:
    """A whole-number answer: an int or a numpy integer (``np.int64(3)`` is 3), never a bool or a float.

    ``among``: the values allowed (a position, a team size); ``ValueError`` saying what was expected.
    """
    got = checks.as_count(answer)
    allowed = None if among is None else sorted({int(v) for v in among})
    if got is None:
        hint = ""
        x = checks.real(answer)
        if math.isfinite(x) and x == int(x) and abs(x) <= MAX_WHOLE:
            hint = f" (write {int(x)}, without the decimal point)"
        raise ValueError(f"answer with {what}, got {said(answer)}{hint}")
    if allowed is not None and got not in allowed:
        raise ValueError(f"answer with {what} from {allowed}, got {said(answer)}")
    if abs(got) > MAX_WHOLE:  # 10**400 is a whole number, but none a course asks for
        raise ValueError(f"answer with {what} of at most {MAX_WHOLE:,}, got {said(answer)}")
    return got


def number(answer: Any, what: str = "a number", lo: float | None = None, hi: float | None = None) -> float:
    """A numeric answer: any finite real number (numpy's too, not a bool), within ``[lo, hi]``.

    ``10**400`` is a number too large, not an ``OverflowError``; NaN and infinities are refused.
    """
    x = checks.real(answer)
    ok = math.isfinite(x) and (lo is None or x >= lo) and (hi is None or x <= hi)
    if not ok:
        raise ValueError(f"answer with {what}, got {said(answer)}")
    return x


def word(answer: Any, words: Iterable[str], what: str = "") -> str:
    """A text answer that must be one of ``words`` (case and spaces around it do not matter)."""
    allowed = list(words)
    text = answer.strip() if isinstance(answer, str) and len(answer) <= 1000 else None
    lowered = {w.lower(): w for w in allowed}
    if text is None or text.lower() not in lowered:
        shown = what or ", ".join(repr(w) for w in allowed)
        raise ValueError(f"answer with {shown}; got {said(answer)}")
    return lowered[text.lower()]


#: the words a student may use for a direction, and what they mean
DIRECTIONS: dict[str, int] = {
    "up": 1,
    "more": 1,
    "higher": 1,
    "longer": 1,
    "positive": 1,
    "yes": 1,
    "down": -1,
    "less": -1,
    "lower": -1,
    "shorter": -1,
    "negative": -1,
    "none": 0,
    "no": 0,
    "same": 0,
    "no effect": 0,
}


def direction(answer: Any) -> int:
    """A direction answer (``"up"``, ``"positive"``, ``"none"``, +1, -1, 0 ...) as +1, -1 or 0."""
    if isinstance(answer, bool | np.bool_):
        return int(answer)
    if checks.real(answer) in (-1.0, 0.0, 1.0):  # an int, a float or a numpy number
        return int(checks.real(answer))
    if isinstance(answer, str) and len(answer) <= 100 and answer.strip().lower() in DIRECTIONS:
        return DIRECTIONS[answer.strip().lower()]
    raise ValueError(
        f"answer with a direction: one of {', '.join(repr(k) for k in DIRECTIONS)} (or +1, 0, -1); "
        f"got {said(answer)}"
    )


WORDS = {1: "up (positive)", -1: "down (negative)", 0: "no effect shown"}


@dataclass(frozen=True)
class Feedback:
    """A check's verdict on an answer: right (True), not right (False) or no answer yet (None), and why."""

    correct: bool | None
    message: str

    def __bool__(self) -> bool:
        return self.correct is True

    def __str__(self) -> str:
        head = {True: "Right.", False: "Not quite.", None: "No answer yet."}[self.correct]
        return f"{head} {self.message}"

    def _repr_markdown_(self) -> str:
        mark = {True: "✅ **Right.**", False: "❌ **Not quite.**", None: "✍️ **No answer yet.**"}[self.correct]
        return f"{mark} {self.message}"


def answered(right: bool, seen: str, wrong: str = "", lesson: str = "") -> Feedback:
    """The verdict on an answer, worded as every check words it: ``seen`` (what the evidence shows) ends
    with a full stop; a right answer may get a ``lesson`` after it, a wrong one is first told what it
    said (``wrong``: ``you said 3``)."""
    if right:
        return Feedback(True, f"{seen}. {lesson}" if lesson else f"{seen}.")
    return Feedback(False, f"{wrong}; {seen}." if wrong else f"{seen}.")


@dataclass(frozen=True)
class Exercise:
    """One predict-then-run exercise of a notebook: its question and its check."""

    #: a short name, unique in its module (``first_player``)
    name: str
    #: the question, as the notebook asks it
    question: str
    #: what an answer looks like (``"a number from -1 to 1"``, ``"'up', 'down' or 'none'"``)
    expects: str
    #: ``(answer, *evidence) -> Feedback``: the verdict on an answer given the notebook's evidence
    judge: Callable[..., Feedback]

    def check(self, answer: Any, *evidence: Any, solution: bool = False) -> Feedback:
        """The verdict on ``answer``; ``solution=True`` raises ``AssertionError`` unless it is right."""
        solution = checks.flag("solution", solution)
        if answer is ... or answer is None:
            return Feedback(
                None, f"Write your answer ({self.expects}) in place of `...`, then run the cell again."
            )
        try:
            feedback = self.judge(answer, *evidence)
        except ValueError as exc:  # the answer's kind or size: said in a short message, never echoed whole
            feedback = Feedback(False, f"{_cut(str(exc), MAX_MESSAGE)} (expected {self.expects})")
        if solution and not feedback.correct:
            raise AssertionError(
                f"the solution of exercise {self.name!r} fails its check: {feedback.message}"
            )
        return feedback

    __call__ = check


def exercise(question: str, expects: str) -> Callable[[Callable[..., Feedback]], Exercise]:
    """Declare an exercise on its judge: ``@exercise(question, expects)`` over ``def name(answer, ...)``.

    The exercise is named after the judge, so each exercise states its name once, where it is defined.
    """

    def declare(judge: Callable[..., Feedback]) -> Exercise:
        return Exercise(judge.__name__, question, expects, judge)

    return declare


def direction_exercise(
    name: str, question: str, what: str, null: float = 0.0, borderline: float = 0.0
) -> Exercise:
    """An exercise whose answer is a direction, judged by the interval of the evidence (a row or a triple).

    ``borderline``: an interval whose nearer end lies within this distance of ``null`` shows its
    direction only just (a lower end of 0.01 above 0): then "none" is accepted too, and the feedback
    says that more games would settle it, so no verdict rests on the last digit of an interval.
    """

    def judge(answer: Any, evidence: Any, kind: str = "value") -> Feedback:
        guess = direction(answer)
        v, lo, hi = interval(evidence, kind)
        truth = shown(lo, hi, null)
        seen = f"{what} is {est(v, lo, hi, signed=null == 0)}: {verdict(lo, hi, null)}"
        near = lo - null if truth > 0 else null - hi
        right = guess == truth
        if truth != 0 and near < borderline:
            seen += (
                f", but only just (the interval ends {abs(near):.2f} from {null:g}): 'none' is as fair a "
                "reading of these games, and more games would settle it"
            )
            right = guess in (truth, 0)
        return answered(right, seen, f"you said {WORDS[guess]}")

    return Exercise(name, question, "'up', 'down' or 'none' (or +1, -1, 0)", judge)
