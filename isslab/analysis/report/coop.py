"""Cooperative play: the team's result bands, and the co-op question asked right (the alpha player).

The alpha-player question asks whether a team gains when one mind decides for everyone. It is
answered with the same bot on both sides, so that skill cannot stand in for coordination:

* **one mind**: the line-up as it plays (one bot object decides for every seat: what it plans at
  one seat it can carry to the next);
* **each seat alone** (:class:`Alone`): the same bot, one copy per seat (no plan or memory shared
  between seats), each deciding from what its own seat may know (a position drawn with
  ``resample_hidden`` where something is hidden).

Both play the same seeds. When they play every game move for move the same, the section says so:
nothing is hidden and the bot keeps no plan across seats, so this line-up cannot show an
alpha-player effect, which is a fact about the bot, not about the game. Beside it, the first
line-up's team against the second's is reported for what it is: a difference of bots (planning
skill), not of shared information.
"""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final

import pandas as pd

from isslab.analysis import leads
from isslab.analysis.report.lineups import LineUp
from isslab.analysis.report.render import Report
from isslab.analysis.report.running import _figure, _plain, _rate, _Run, same_games, same_moves
from isslab.core import Action, Bot, Game, ReturnsKind, State, bot
from isslab.frames.stats import compare

#: games replayed move by move to confirm that two runs played the same games
CONFIRM: Final = 5


class Alone:
    """One seat's mind: its own copy of the bot ``name`` (nothing shared with the other seats), deciding
    from what the seat to move may know (a position drawn with ``resample_hidden`` when something is hidden).

    Picklable (the copy is made at its first move, in the process that plays).
    """

    def __init__(self, game_id: str, name: str) -> None:
        self.game_id = game_id
        self.name = name
        self.__name__ = f"{name} alone"
        self._bot: Bot | None = None

    def __call__(self, state: State, rng: random.Random) -> Action:
        """The copy's move for the seat to move, from that seat's knowledge."""
        if self._bot is None:
            self._bot = copy.deepcopy(bot(self.game_id, self.name))
        seat = state.current_player
        seen = state.resample_hidden(seat, rng) if state.game.info.hidden_information else state
        return state.resolve(self._bot(seen, rng))

    def __getstate__(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "name": self.name, "__name__": self.__name__, "_bot": None}

    def __repr__(self) -> str:
        return f"<{self.name}, one copy per seat>"


def _band_names(game: Game, column: str, values: Sequence[Any]) -> dict[Any, str]:
    """A name per result band: the game package's ``band_label(band)`` when it has one, else ``band k``."""
    if column != "band":
        return {v: f"result {_plain(v)}" for v in values}
    package = sys.modules.get(type(game).__module__.rsplit(".", 1)[0])
    label = getattr(package, "band_label", None)
    return {v: str(label(int(v))) if callable(label) else f"band {_plain(v)}" for v in values}


def _coop(rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame], lineups: Sequence[LineUp]) -> None:
    g = rep.game
    if g.info.returns is not ReturnsKind.COOPERATIVE:
        rep.notes["coop"] = "a competitive game: no team"
        return
    rows: list[dict[str, Any]] = []
    column = "band" if all("band" in df for df in frames.values()) else "returns"
    values = sorted(set().union(*(set(df[column]) for df in frames.values())))
    names = _band_names(g, column, values)
    for label, df in frames.items():
        per_game = df.drop_duplicates("game")
        for v in values:
            share, lo, hi = _rate(float((per_game[column] == v).sum()), len(per_game))
            rows.append(_figure(label, names[v], f"share_{column}", (share, lo, hi), len(per_game)))
    lines: list[str] = []
    if g.num_players > 1:
        rows += _alpha(rep, run, frames, lineups, lines)
    labels = list(frames)
    if len(labels) >= 2:
        both = pd.concat([frames[lab].assign(lineup=lab) for lab in labels[:2]], ignore_index=True)
        both.attrs.update(frames[labels[0]].attrs)
        t = compare(both, by="lineup", metric="returns", baseline=labels[1])
        r = t[t["lineup"] == labels[0]].iloc[0]
        rows.append(
            _figure(
                f"{labels[0]} - {labels[1]}",
                "skill",
                "skill_returns",
                (r["diff"], r["diff_low"], r["diff_high"]),
                r["games"],
                "a difference of bots (planning skill), paired on the same seeds",
            )
        )
        lines.append(
            f"{labels[0]} against {labels[1]} (teams of different bots): "
            + rep.conclude(
                "coop",
                f"planning skill: the {labels[0]} team's result minus the {labels[1]} team's (a "
                "difference of "
                "bots, not of shared information)",
                "no difference (0; the same seeds)",
                {f"{labels[0]} - {labels[1]}": (r["diff"], r["diff_low"], r["diff_high"])},
                what="a gain from the better bot",
                below="a loss",
                digits=1,
            )
        )
        rep.readings["coop"].pop()  # the sentence is in ``lines`` with its context
    rep.add_section("coop", rows, lines)
    rep.notes["coop"] = (
        "The alpha-player question, with the same bot on both sides: one mind deciding for every "
        "seat (the line-up "
        "as it plays) against one copy of the bot per seat, each deciding from what its own seat "
        "may know, on "
        "the same seeds. The difference between line-ups is one of bots (skill), reported apart."
    )


def _alpha(
    rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame], lineups: Sequence[LineUp], lines: list[str]
) -> list[dict[str, Any]]:
    """One mind against each seat alone, under every line-up (rows; sentences into ``lines``)."""
    g = rep.game
    n = g.num_players
    rows, figures, never = [], {}, []
    for lineup, (label, df) in zip(lineups, frames.items(), strict=True):
        alone = run.simulate([Alone(g.id, b) for b in lineup], len(df.drop_duplicates("game")))
        together = df.assign(lineup="one mind")
        both = pd.concat([together, alone.assign(lineup="alone")], ignore_index=True)
        both.attrs.update(df.attrs)
        for metric, quantity in (("win", "alpha_win"), ("returns", "alpha_returns")):
            t = compare(both, by="lineup", metric=metric, baseline="alone")
            r = t[t["lineup"] == "one mind"].iloc[0]
            rows.append(
                _figure(
                    label,
                    "one mind - alone",
                    quantity,
                    (r["diff"], r["diff_low"], r["diff_high"]),
                    r["games"],
                    "the same bot, paired on the same seeds",
                )
            )
            if metric == "returns":
                figures[label] = (r["diff"], r["diff_low"], r["diff_high"])
        jobs = [(g, b, g, [Alone(g.id, x) for x in b], s) for s, b in leads.games_of(df, CONFIRM)]
        if same_games(df, alone) and same_moves(jobs):
            never.append(label)
    claim = (
        "the alpha player: one mind for the team minus each seat alone (the same bot), in the team's result"
    )
    sentence = rep.conclude(
        "coop",
        claim,
        "no gain (0; the same seeds)",
        figures,
        what="a gain from one mind",
        below="a loss from one mind",
        digits=1,
    )
    rep.readings["coop"].pop()
    lines.append(sentence)
    hidden = g.info.hidden_information
    for label in never:
        lines.append(
            f"{label}: one mind and each seat alone played all {n}-seat games the same (results "
            "game by game, and "
            f"the first {CONFIRM} move for move): "
            + ("nothing is hidden in this game and " if not hidden else "")
            + "the bot keeps no plan from one seat to the next, so this line-up never meets the alpha-player "
            "question: it cannot show an effect, whatever the game"
        )
    return rows
