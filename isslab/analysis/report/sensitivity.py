"""Assumption sensitivity: the plausible values of an option marked as an assumption, and the
section that plays the game at each of them under every line-up and ranks the options by how far
the main outcome moves.

Two readings keep the ranking honest. A rule the line-up never meets (``greedy`` never hires a spy)
gives the same games at every value: the section says "never met" instead of "no effect shown",
after checking every game's results and the first games move for move. And the first of a ranking is
said to matter more than the runner-up only when the intervals of their sizes do not overlap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pandas as pd

from isslab.analysis import leads
from isslab.analysis.report.lineups import LineUp, lineup_label
from isslab.analysis.report.method import overlap, verdict
from isslab.analysis.report.render import OUTCOME_WORDS, Figure, Report, fmt
from isslab.analysis.report.running import _compared, _figure, _plain, _Run, same_games, same_moves
from isslab.core import Game, ReturnsKind, make, short_repr
from isslab.frames.stats import compare
from isslab.games.iss_1998.components import DEFAULT_FEDOR_DECK

__all__ = ["DEFAULT_OUTCOME", "plausible_values"]

#: games replayed move by move to confirm that an option's values played the same games
CONFIRM: Final = 5


#: the main outcome of each game (a per-game column, see :func:`_add_columns`), for the sensitivity
DEFAULT_OUTCOME: Final[dict[str, str]] = {
    "space-1999": "rounds",
    "1969": "best_score",
    "mission-iss": "win",
}


def _default_outcome(game: Game) -> str:
    if game.id == "1998-iss":
        return "margin" if game.num_players == 1 else "best_score"
    if game.id in DEFAULT_OUTCOME:
        return DEFAULT_OUTCOME[game.id]
    return "win" if game.info.returns is ReturnsKind.COOPERATIVE else "length"


def _recast(deck: tuple[tuple[str, str], ...], old: str, new: str) -> tuple[tuple[str, str], ...]:
    """A FEDOR deck with every ``old`` card made a ``new`` card (same backs)."""
    return tuple((new if action == old else action, back) for action, back in deck)


#: plausible values of assumed options that no generic rule finds (years, compositions, tables of
#: names), as (label, value) pairs, or None when the option has no plausible alternative we can
#: name (the reason follows)
_PLAUSIBLE: Final[dict[tuple[str, str], tuple[list[tuple[str, Any]] | None, str]]] = {
    ("1969", "die_faces"): (
        [("4/1/1", (4, 1, 1)), ("2/3/1", (2, 3, 1)), ("3/1/2", (3, 1, 2))],
        "die faces (success/neutral/failure) moved by one",
    ),
    ("1969", "intel_deck"): (
        [("26/13/0", (26, 13, 0)), ("0/13/26", (0, 13, 26))],
        "more low or more high cards (of values 1/2/3)",
    ),
    ("mission-iss", "track_years"): (
        [
            ("no 2002", (1998, 1999, 2000, 2001, 2005, 2006, 2007, 2008, 2009, 2010, 2011)),
            ("2003 added", (1998, 1999, 2000, 2001, 2002, 2003, 2005, 2006, 2007, 2008, 2009, 2010, 2011)),
        ],
        "one space fewer or more before 2005",
    ),
    ("mission-iss", "incident_years"): (
        [("2001", (2001,)), ("2001, 2007, 2010", (2001, 2007, 2010))],
        "one incident space fewer or more",
    ),
    ("mission-iss", "milestones"): (
        [
            ("9 by 2008", ((2005, 6), (2008, 9))),
            ("5 by 2005", ((2005, 5), (2009, 9))),
            ("7 by 2005, 10 by 2009", ((2005, 7), (2009, 10))),
        ],
        "a review's 2008, and one module fewer or more",
    ),
    ("mission-iss", "setup_tile_fields"): (
        [("T", ("T",)), ("T, R, S", ("T", "R", "S"))],
        "one research tile fewer or more",
    ),
    ("mission-iss", "module_parents"): (None, "the station's shape: no plausible alternative to name"),
    ("mission-iss", "research_bonuses"): (None, "bonus names: no plausible alternative to name"),
    ("1998-iss", "fedor_deck"): (
        [
            ("conduct cards made install", _recast(DEFAULT_FEDOR_DECK, "conduct", "install")),
            ("install cards made conduct", _recast(DEFAULT_FEDOR_DECK, "install", "conduct")),
            ("outside cards made long stay", _recast(DEFAULT_FEDOR_DECK, "outside", "long_stay")),
        ],
        "two cards of one action made another action",
    ),
    ("1998-iss", "shuttle_copies"): (
        [("4/2/2/2/2", (4, 2, 2, 2, 2)), ("2/4/2/2/2", (2, 4, 2, 2, 2)), ("3/3/3/2/1", (3, 3, 3, 2, 1))],
        "other splits of 6 Russian + 6 US cards",
    ),
    ("1998-iss", "shuttle_materials"): (None, "read from the rulebook's examples"),
    ("1998-iss", "shuttle_modules"): (None, "read from the rulebook's examples"),
    ("1998-iss", "shuttle_replacement"): (None, "read from the rulebook's examples"),
    ("1998-iss", "initial_modules"): (None, "compartment types: no plausible alternative to name"),
    ("1998-iss", "module_deck"): (None, "compartment types: no plausible alternative to name"),
}


# --------------------------------------------------------------------------------------------------
# plausible values of an assumption
# --------------------------------------------------------------------------------------------------


def _nudge(x: Any, sign: int) -> Any:
    """A number moved by a fifth (at least 1) towards ``sign``; 0 stays 0, a positive stays positive."""
    if isinstance(x, bool) or not isinstance(x, int | float) or x == 0:
        return x
    step = max(1, round(abs(x) * 0.2))
    moved = x + sign * step
    return max(1, moved) if x > 0 else moved


def _nudged(value: Any, sign: int) -> Any:
    """Every number inside a (nested) tuple nudged the same way; strings and flags kept."""
    if isinstance(value, tuple):
        return tuple(_nudged(v, sign) for v in value)
    return _nudge(value, sign)


def plausible_values(game: Game | str, name: str) -> tuple[list[tuple[str, Any]], str]:
    """Plausible values of the option ``name`` other than the game's, as ``(label, value)`` pairs, and how.

    A flag is flipped; an option with choices takes the others; a number, or every number of a
    tuple or table, moves by a fifth (at least 1) down and up (the labels say ``down``/``up`` for a
    tuple); a few options (years, deck compositions, tables of names) have values of their own in
    ``_PLAUSIBLE``. Values the game refuses are dropped. An empty list comes with the reason.
    """
    g = make(game) if isinstance(game, str) else game
    option = next((o for o in g.OPTIONS if o.name == name), None)
    if option is None:
        names = ", ".join(o.name for o in g.OPTIONS)
        raise ValueError(f"{g.id} has no option {short_repr(name, 40)}; its options are: {names}")
    current = g.options[name]
    special = _PLAUSIBLE.get((g.id, name))
    candidates: list[tuple[str, Any]]
    if special is not None:
        listed, how = special
        if listed is None:
            return [], how
        candidates = list(listed)
    elif isinstance(current, bool):
        candidates, how = [(str(not current), not current)], "the other reading"
    elif option.choices is not None:
        candidates, how = [(str(c), c) for c in option.choices if c != current], "the other choices"
    elif isinstance(current, tuple):
        candidates = [("down", _nudged(current, -1)), ("up", _nudged(current, +1))]
        how = "every number a fifth (at least 1) down, and up"
    else:
        candidates = [(str(_nudge(current, s)), _nudge(current, s)) for s in (-1, +1)]
        how = "a fifth (at least 1) down and up"
    out: list[tuple[str, Any]] = []
    for label, value in candidates:
        if value == current or any(value == v for _, v in out):
            continue
        try:
            make(g.id, **{**g.options, name: value})
        except ValueError:
            continue
        out.append((label, value))
    return out, (how if out else f"{how}: no value the game accepts")


# --------------------------------------------------------------------------------------------------
# the section
# --------------------------------------------------------------------------------------------------


def _sensitivity(rep: Report, run: _Run, lineups: Sequence[LineUp], games: int, outcome: str) -> None:
    g = rep.game
    assumed = [o for o in g.OPTIONS if o.assumption]
    tried: dict[str, tuple[list[Any], list[str], str]] = {}
    skipped = []
    for option in assumed:
        values, how = plausible_values(g, option.name)
        if not values:
            skipped.append(f"{option.name} ({how})")
            continue
        tried[option.name] = (
            [g.options[option.name], *(v for _, v in values)],
            ["the game's value", *(label for label, _ in values)],
            how,
        )
    rows, ranking, lines = [], [], []
    # per option, per line-up, per value's label: the move (d, low, high) from the game's value
    moves: dict[str, dict[str, dict[str, Figure]]] = {}
    tops: dict[str, str] = {}
    never: dict[str, list[str]] = {}
    for lineup in lineups:
        label = lineup_label(lineup)
        trace = outcome == "first_won"
        base = run.simulate(lineup, games, trace=trace)  # the game's own values, played once per line-up
        ranked = []
        for name, (values, labels, how) in tried.items():
            df = run.variants(name, values[1:], lineup, games, trace, base)
            table = compare(df, by="variant", metric=outcome, baseline=0)
            unmet = all(
                same_games(base, df[df["variant"] == k].drop(columns="variant"))
                for k in range(1, len(values))
            )
            if unmet and not _moves_differ(g, name, values[1:], base):
                never.setdefault(name, []).append(label)
            for k, r in zip(table["variant"].astype(int).tolist(), table.itertuples(), strict=True):
                if k:
                    moves.setdefault(name, {}).setdefault(label, {})[labels[k]] = (
                        r.diff,
                        r.diff_low,
                        r.diff_high,
                    )
                rows.append(_compared(label, labels[k], name, r, _short_value(values[k]) if k == 0 else how))
            others = table[table["variant"] != 0]
            top = others.iloc[int(np.argmax(others["diff"].abs().to_numpy()))]
            met = label not in never.get(name, [])
            item = _figure(
                label,
                labels[int(top["variant"])],
                name,
                (top["diff"], top["diff_low"], top["diff_high"]),
                int(top["games"]),
                verdict(top["diff_low"], top["diff_high"], what="an effect")
                if met
                else f"never met: {label} played every game the same at every value",
            )
            ranked.append(item)
            tops.setdefault(name, labels[int(top["variant"])])  # the first line-up's largest move
        ranked.sort(key=lambda item: -abs(item["value"]))
        for i, item in enumerate(ranked):
            item["rank"] = i + 1
        ranking += ranked
        if len(ranked) >= 2:
            lines.append(_runner_up(label, ranked[0], ranked[1], OUTCOME_WORDS.get(outcome, outcome)))
    rep.sections["sensitivity"] = pd.DataFrame(ranking)
    rep.sections["sensitivity_values"] = pd.DataFrame(rows)
    words = OUTCOME_WORDS.get(outcome, outcome)
    first_label = lineup_label(lineups[0])
    order = [x["quantity"] for x in ranking if x["lineup"] == first_label]
    for name in order:
        if len(never.get(name, [])) == len(lineups):
            lines.append(
                f"{name}: never met under any line-up: every game was played the same at every "
                "value (results "
                "game by game, and the first games move for move), so the bots never meet this rule and no "
                "effect can show, whatever the rule does for players who do"
            )
            continue
        for label in never.get(name, []):
            lines.append(
                f"{name}: never met under {label} (every game the same at every value): only the "
                "other line-up "
                "can show its effect"
            )
        at = tops[name]
        figures = {label: by_value[at] for label, by_value in moves[name].items()}
        rep.conclude(
            "sensitivity",
            f"{name} at {at} (the value of its largest move under {first_label}), in {words}",
            f"the game's value {_short_value(g.options[name])} (0; the same seeds)",
            figures,
            what="an effect",
            digits=1 if max(abs(v) for v, _, _ in figures.values()) >= 1.5 else 3,
        )
    rep.readings["sensitivity"] = lines + rep.readings.get("sensitivity", [])
    rep.notes["sensitivity"] = (
        f"For each assumed option, {words} at each plausible value, against the game's value on the same "
        f"seeds ({games} games each), under every line-up; ranked by the largest move. An option "
        "is never met "
        "under a line-up when its games are the same at every value. "
        + (f"Not varied: {'; '.join(skipped)}." if skipped else "")
    )


def _moves_differ(game: Game, name: str, values: Sequence[Any], base: pd.DataFrame) -> bool:
    """Whether the first games of ``base``, replayed at each of ``values`` of option ``name``, differ in
    any move (results alike can hide different moves)."""
    pairs = [
        (game, bots, make(game.id, **{**game.options, name: v}), bots, seed)
        for v in values
        for seed, bots in leads.games_of(base, CONFIRM)
    ]
    return not same_moves(pairs)


def _runner_up(label: str, first: dict[str, Any], second: dict[str, Any], words: str) -> str:
    """Whether the first of a ranking is told apart from the runner-up: their intervals must not overlap."""
    text = (
        f"{label}: {first['quantity']} moves {words} most "
        f"({fmt(first['value'], first['low'], first['high'], signed=True)} "
        f"at {first['label']}), then {second['quantity']} "
        f"({fmt(second['value'], second['low'], second['high'], signed=True)} "
        f"at {second['label']})"
    )
    if _sizes_overlap(first, second):
        return text + ": their intervals overlap, so the first is not shown to matter more (not shown)"
    return text + ": the first is shown to matter more (the intervals do not overlap)"


def _sizes_overlap(first: dict[str, Any], second: dict[str, Any]) -> bool:
    """Whether the sizes of two moves (their absolute values) cannot be told apart: the intervals of the
    sizes overlap."""
    return overlap(*_size(first), *_size(second))


def _size(item: dict[str, Any]) -> tuple[float, float]:
    """The interval of a move's size |d| from the interval of d."""
    low, high = float(item["low"]), float(item["high"])
    if low >= 0:
        return low, high
    if high <= 0:
        return -high, -low
    return 0.0, max(-low, high)


def _short_value(value: Any) -> str:
    return short_repr(_plain(value), 48)
