"""Exercises of ``notebooks/12-win-chances.ipynb``: what moved a seat's chance, and does the judge judge."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import pandas as pd

from isslab.course.kit import Feedback, answered, direction_exercise, est, exercise, word

__all__ = ["judge_separates", "what_moved"]

#: the three parts of a seat's way from its chance at the start to its result, as the review names them
PARTS: Final = {"luck": "luck", "own": "own_decisions", "rivals": "rivals_decisions"}


@exercise(
    "The winner of the reviewed Space: 1999 game went from its chance at the start to 1. Which part moved it "
    "most: 'luck' (the die), 'own' (its decisions) or 'rivals' (the other seats' decisions)?",
    "'luck', 'own' or 'rivals'",
)
def what_moved(answer: Any, row: Mapping[str, Any]) -> Feedback:
    said = word(answer, PARTS, "'luck', 'own' or 'rivals'")
    sizes = {name: float(row[column]) for name, column in PARTS.items()}
    top = max(sizes, key=lambda k: abs(sizes[k]))
    seen = (
        f"{row['name']} went from {float(row['start']):.2f} to {float(row['end']):.2f}: luck "
        f"{sizes['luck']:+.2f}, its own decisions {sizes['own']:+.2f}, its rivals' {sizes['rivals']:+.2f} "
        f"(they add up to the distance travelled), so {top} moved it most in this one game"
    )
    return answered(
        said == top, seen, f"you said {said!r}", "One game is one draw: the luck share below reads many."
    )


judge_separates = direction_exercise(
    "judge_separates",
    "Random against greedy at two seats, each game reviewed: is the random seat's loss the larger in more "
    "than half of the games ('up'), in fewer ('down'), or can these games not tell ('none')?",
    "the share of games in which the random seat lost more",
    null=0.5,
)


#: every game's luck share over the report's games, as measured by ``python -m isslab.bench.luck``
LUCK_FIGURES: Final = Path(__file__).resolve().parents[2] / "docs" / "luck.json"


def measured_luck(path: Path = LUCK_FIGURES) -> pd.DataFrame:
    """The benchmark's luck shares: a row per game and line-up (value, interval, games, CPU seconds).

    The table's ``attrs`` name the command that measured them and the report call that gives the same.
    """
    data = json.loads(Path(path).read_text())
    rows = [
        {
            "game": game_id,
            "lineup": lineup["label"],
            "luck_share": lineup["luck_share"][0],
            "low": lineup["luck_share"][1],
            "high": lineup["luck_share"][2],
            "games": lineup["games"],
            "cpu_seconds": entry["cpu_seconds"],
        }
        for game_id, entry in data["games"].items()
        for lineup in entry["lineups"]
    ]
    table = pd.DataFrame(rows)
    table.attrs.update(command=data["command"], report=data["report"])
    return table


def measured_luck_in_words(table: pd.DataFrame) -> str:
    """The course's sentences on :func:`measured_luck`'s table (Markdown), every figure read from it."""
    games = sorted(set(table["games"]))
    per_game = table.drop_duplicates("game")
    lines = [
        f"Measured by `{table.attrs['command']}` (the figures in `docs/luck.json`), over "
        f"{' to '.join(str(n) for n in games)} games per line-up, every game reviewed with its game's "
        f"shipped model; the luck sections took {per_game['cpu_seconds'].sum():.0f} CPU seconds in all "
        f"({', '.join(f'{r.game} {r.cpu_seconds:.0f}' for r in per_game.itertuples())}). Each figure assumes "
        "the line-up named beside it (seats rotated from game to game), the report's two: the game's default "
        "bot in every seat, and a second.",
        "",
    ]
    readings: dict[str, set[str]] = {}
    for r in table.to_dict("records"):
        reading = (
            "more luck than decisions"
            if r["low"] > 0.5
            else ("more decisions than luck" if r["high"] < 0.5 else "not told apart from one half")
        )
        readings.setdefault(r["game"], set()).add(reading)
        lines.append(
            f"* {r['game']}, `{r['lineup']}`: {est(r['luck_share'], r['low'], r['high'])}, {reading}."
        )
    holds = [game for game, found in readings.items() if len(found) == 1]
    depends = [game for game, found in readings.items() if len(found) > 1]
    lines += [
        "",
        f"The reading holds under both line-ups in {', '.join(holds) or 'no game'}"
        + (f"; it depends on the line-up in {', '.join(depends)}." if depends else "."),
    ]
    lines += [
        "",
        f"The report's luck section gives the same figures for the same line-ups and games: "
        f"`{table.attrs['report']}` with the game's id.",
    ]
    return "\n".join(lines)
