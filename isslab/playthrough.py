"""Golden playthroughs: seeded games written out as readable text, one file per game and setting.

A playthrough file lists every step of ``isslab.play(game, bots, seed)``: the action as
``describe(action)`` tells it, then the state fields the action changed; and at the end the
returns, winners, ranks, end reason, statistics and the final board. ``tests/test_playthroughs.py``
replays every setting of :func:`settings` and compares with ``tests/playthroughs/<name>.txt``, so
any change of rules, bots, chance laws or texts shows up as a readable diff.

After a deliberate change, regenerate the files and review the diff before committing::

    python -m isslab.playthrough --regenerate          # rewrite every file (and drop stale ones)
    python -m isslab.playthrough --check               # compare only; exit 1 and show a diff
    python -m isslab.playthrough --check 1969-4p-greedy-seed0   # one setting

The settings live in :data:`SETTINGS`; every registered game without one gets a default setting
(``<game>-default-seed0``, its ``info.default_bot`` on every seat) automatically.
"""

from __future__ import annotations

import argparse
import difflib
import sys
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from isslab.core import CHANCE, TERMINAL, Game, games, make
from isslab.play import play

__all__ = [
    "DIRECTORY",
    "REGENERATE",
    "SETTINGS",
    "Setting",
    "changes",
    "check",
    "diff_text",
    "main",
    "regenerate",
    "render",
    "settings",
]

#: the command that rewrites the golden files (printed by the test when a file differs)
REGENERATE = "python -m isslab.playthrough --regenerate"
#: where the golden files live, in a source checkout
DIRECTORY = Path(__file__).resolve().parent.parent / "tests" / "playthroughs"
#: longest line of the step listing before the changes wrap onto continuation lines
WIDTH = 100


@dataclass(frozen=True)
class Setting:
    """One golden playthrough: a game with options, the bots, the seed, and why it is kept."""

    name: str
    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: str | tuple[str, ...] = "greedy"
    seed: int = 0
    doc: str = ""
    #: a setting whose game runs longer is refused: keep the files small and readable
    max_steps: int = 600

    def make(self) -> Game:
        """The game of this setting."""
        return make(self.game, **self.options)


#: The playthroughs kept as golden files (short games: greedy bots, small tables).
SETTINGS: tuple[Setting, ...] = (
    Setting("space-1999-2p-greedy-seed0", "space-1999", {"players": 2}, doc="two commanders, opposite"),
    Setting("space-1999-4p-greedy-seed0", "space-1999", {}, doc="the full table, default options"),
    Setting(
        "space-1999-3p-small-disc-greedy-seed0",
        "space-1999",
        {"players": 3, "rings": 3, "spokes": 8},
        doc="an empty corner and a smaller disc",
    ),
    Setting(
        "space-1999-2p-diagonal-greedy-seed0",
        "space-1999",
        {"players": 2, "diagonal_jumps": True, "lines_per_corner": 1, "eagles": 3},
        doc="variant: diagonal hops, one line per corner",
    ),
    Setting(
        "space-1999-2p-1-eagle-random-seed3",
        "space-1999",
        {"players": 2, "eagles": 1, "forced_move": False, "green_turns": "clockwise"},
        bots="random",
        seed=3,
        doc="random bots; passing allowed, the green arrow turns clockwise",
    ),
    Setting(
        "space-1999-2p-forced-launch-greedy-seed0",
        "space-1999",
        {"players": 2, "forced_launch": True},
        doc="the other reading of the launch: compulsory while a launch is legal",
    ),
    Setting("1969-4p-greedy-seed0", "1969", {"players": 4}, doc="the default table"),
    Setting("1969-2p-random-seed0", "1969", {"players": 2}, bots="random", doc="random bots"),
    Setting(
        "1969-5p-spy-moonshot-greedy-seed0",
        "1969",
        {"players": 5},
        bots=("spy", "moonshot", "greedy", "spy", "moonshot"),
        doc="the largest table and every bot",
    ),
    Setting(
        "1969-3p-variants-seed0",
        "1969",
        {
            "players": 3,
            "spy_penalty_to": "sheet_owner",
            "intel_resolution": "net",
            "flag_penalty": "all_attempts",
            "reroll_successes": True,
            "hand_limit_after_draws": False,
        },
        bots=("spy", "greedy", "moonshot"),
        doc="the alternative rule readings",
    ),
)


def settings() -> list[Setting]:
    """:data:`SETTINGS`, plus a default setting for every registered game that has none."""
    out = list(SETTINGS)
    covered = {s.game for s in SETTINGS}
    for game_id in games():
        if game_id not in covered:
            bot = make(game_id).info.default_bot
            out.append(Setting(f"{game_id}-default-seed0", game_id, {}, bot, doc="added automatically"))
    return out


# --------------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------------


def _fmt(value: Any) -> str:
    """A compact, deterministic text of a state value (ints, strings, bools, None, tuples)."""
    if isinstance(value, tuple | list):
        return "(" + ",".join(_fmt(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, float):
        return repr(round(value, 9))
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _diff(path: str, old: Any, new: Any) -> Iterator[str]:
    """``path=value`` for what changed from ``old`` to ``new``, down to the entries of tuples."""
    if old == new:
        return
    same_shape = isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new)
    # descend into nested and long tuples, and into short ones where at most half changed
    if same_shape and (
        any(isinstance(x, tuple) for x in new)
        or len(new) > 8
        or 2 * sum(a != b for a, b in zip(old, new, strict=True)) <= len(new)
    ):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from _diff(f"{path}[{i}]", a, b)
    else:
        yield f"{path}={_fmt(new)}"


def changes(before: Any, after: Any) -> list[str]:
    """The fields of ``after`` (a State) that differ from ``before``, as ``name[i]=value`` items."""
    out: list[str] = []
    for name in after.FIELDS:
        out.extend(_diff(name, getattr(before, name), getattr(after, name)))
    return out


def _wrap(text: str, first: str, rest: str) -> list[str]:
    """``text`` in lines of at most WIDTH characters, breaking only between items."""
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )


def _who(game: Game, player: int) -> str:
    return "chance" if player == CHANCE else game.seat_name(player)


def render(setting: Setting) -> str:
    """The text of one golden playthrough (deterministic: the same code gives the same bytes)."""
    game = setting.make()
    record = play(game, setting.bots, seed=setting.seed, max_steps=setting.max_steps)
    states = record.states()
    final = states[-1]
    n = game.num_players
    bots = "[" + ", ".join(repr(b) for b in record.bots) + "]"
    lines = [
        f"# golden playthrough {setting.name} ({game.title})",
        *([f"# {setting.doc}"] if setting.doc else []),
        *_wrap(f"game = {game!r}", "# ", "#     "),
        f"# record = isslab.play(game, {bots}, seed={setting.seed})",
        f"# regenerate after a deliberate change: {REGENERATE}",
        "# step (0-based index into the history), who acts, describe(action); then the changed fields",
        "start: " + str(states[0]).splitlines()[0],
    ]
    width = max(len(_who(game, p)) for p in (CHANCE, *range(n)))
    for i, (before, after, action) in enumerate(zip(states[:-1], states[1:], record.actions, strict=True)):
        head = f"{i:4} {_who(game, before.current_player):{width}}  {before.describe(action)}"
        changed = " ".join(changes(before, after))
        if len(head) + 3 + len(changed) <= WIDTH:
            lines.append(f"{head} | {changed}".rstrip(" |"))
        else:
            lines.append(head)
            lines += _wrap(changed, " " * 7 + "| ", " " * 9)
    reason = record.end_reason.name if record.end_reason is not None else "none"
    over = "game over" if final.current_player == TERMINAL else "not over"
    lines += [
        f"end: {over} after {record.steps} steps ({record.length} moves, {record.rounds} rounds), "
        f"reason {reason}",
        "returns: " + ", ".join(f"{game.seat_name(s)} {_fmt(r)}" for s, r in enumerate(record.returns)),
        "winners: " + (", ".join(game.seat_name(s) for s in record.winners) or "none"),
        "ranks: " + ", ".join(f"{game.seat_name(s)} {r}" for s, r in enumerate(record.ranks)),
    ]
    for s, stats in enumerate(record.seat_stats):
        items = [f"{k}={_fmt(v)}" for k, v in stats.items()]
        lines += _wrap(" ".join(items), f"stats {game.seat_name(s)}: ", "  ")
    items = [f"{k}={_fmt(v)}" for k, v in record.game_stats.items()]
    lines.append("game stats: " + (" ".join(items) or "none"))
    lines.append("final position:")
    lines += ["  " + line for line in str(final).splitlines()]
    return "\n".join(line.rstrip() for line in lines) + "\n"


# --------------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------------


def _select(names: Sequence[str]) -> list[Setting]:
    every = settings()
    if not names:
        return every
    known = {s.name: s for s in every}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"no playthrough setting {', '.join(unknown)}; the settings are: {', '.join(known)}")
    return [known[n] for n in names]


def diff_text(expected: str, actual: str, name: str, context: int = 2, limit: int = 40) -> str:
    """A unified diff of a golden file against the regenerated text, cut after ``limit`` lines."""
    lines = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"tests/playthroughs/{name}.txt (golden)",
            f"{name} (this code)",
            n=context,
            lineterm="",
        )
    )
    if len(lines) > limit:
        lines = lines[:limit] + [f"... ({len(lines) - limit} more diff lines)"]
    return "\n".join(lines)


def check(directory: Path = DIRECTORY, names: Sequence[str] = ()) -> list[str]:
    """Compare the golden files with this code; one readable problem per differing, missing or stale file."""
    problems = []
    chosen = _select(names)
    for setting in chosen:
        path = directory / f"{setting.name}.txt"
        actual = render(setting)
        if not path.exists():
            problems.append(f"{path.name}: missing (no golden playthrough of {setting.game} yet)")
            continue
        expected = path.read_text(encoding="utf-8")
        if expected != actual:
            problems.append(f"{path.name} differs:\n{diff_text(expected, actual, setting.name)}")
    if not names:
        wanted = {f"{s.name}.txt" for s in chosen}
        for path in sorted(directory.glob("*.txt")):
            if path.name not in wanted:
                problems.append(f"{path.name}: stale (no setting in isslab.playthrough.SETTINGS makes it)")
    return problems


def regenerate(directory: Path = DIRECTORY, names: Sequence[str] = ()) -> list[str]:
    """Write the golden files (and, when all are written, delete stale ones); what changed, in words."""
    directory.mkdir(parents=True, exist_ok=True)
    done = []
    chosen = _select(names)
    for setting in chosen:
        path = directory / f"{setting.name}.txt"
        text = render(setting)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            done.append(f"{'wrote' if old is None else 'updated'} {path.name}")
    if not names:
        wanted = {f"{s.name}.txt" for s in chosen}
        for path in sorted(directory.glob("*.txt")):
            if path.name not in wanted:
                path.unlink()
                done.append(f"deleted stale {path.name}")
    return done


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m isslab.playthrough --regenerate | --check [names]``: 0 when all is well."""
    parser = argparse.ArgumentParser(prog="python -m isslab.playthrough", description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--regenerate", action="store_true", help="rewrite the golden files")
    mode.add_argument("--check", action="store_true", help="compare the golden files with this code")
    parser.add_argument("--dir", type=Path, default=DIRECTORY, help=f"the files' folder ({DIRECTORY})")
    parser.add_argument("names", nargs="*", help="only these settings (default: all)")
    args = parser.parse_args(argv)
    try:
        _select(args.names)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.regenerate:
        done = regenerate(args.dir, args.names)
        print("\n".join(done) if done else "every playthrough is up to date")
        return 0
    problems = check(args.dir, args.names)
    for problem in problems:
        print(problem)
    if problems:
        print(f"\nif the change is intended: {REGENERATE}, then review `git diff tests/playthroughs`")
        return 1
    print("every playthrough matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
