"""The ``isslab`` command line: list games, show their options, play one game, simulate, sweep."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import tempfile
import textwrap
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any, Final

from isslab.core import Game, Option, bot_names, game_class, games, make, parse_json, short_repr
from isslab.frames.stats import compare
from isslab.play import play
from isslab.sim.api import simulate, summarize, sweep
from isslab.sim.args import out_path, parse_grid
from isslab.sim.spec import RunArgs

__all__ = ["build_parser", "main", "parse_grid", "parse_options", "plain_text", "reflow"]


#: longest ``name=value`` option text read from the command line
MAX_OPTION_TEXT: Final = 100_000
#: width the ``rules`` text is wrapped to
WIDTH: Final = 100


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """Parse ``name=value`` pairs; values are read as JSON when they can be (``3``, ``true``, ``[1,2]``)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"an option must look like name=value, got {short_repr(pair, 60)}")
        name, text = pair.split("=", 1)
        name = name.strip()
        what = f"option {short_repr(name, 40)}"
        if len(text) > MAX_OPTION_TEXT:
            raise ValueError(f"{what}: {len(text):,} characters, at most {MAX_OPTION_TEXT:,}")
        try:
            value = parse_json(text, what, MAX_OPTION_TEXT)  # bounded depth: nested too deep is refused
        except ValueError as exc:
            if not str(exc).startswith(f"{what}: invalid JSON"):
                raise
            value = text  # not JSON (or an int of more than 4300 digits): ``-o spy_penalty_to=hirer``
        out[name] = value
    return out


def _games_arg(text: str) -> int | str:
    """``--games``: a number of games, or ``auto`` (until --precision, at most --max-games)."""
    if text.strip().lower() == "auto":
        return "auto"
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of games or auto, not {text!r}") from None


def _cmd_games(args: argparse.Namespace) -> int:
    for gid in games():
        cls = game_class(gid)
        players = next(o for o in cls.OPTIONS if o.name == "players")
        print(
            f"{gid:12} {cls.title:16} players {players.min:g}-{players.max:g}  "
            f"bots: {', '.join(bot_names(gid))}"
        )
    return 0


_ROLE = re.compile(r":[a-zA-Z]+(?::[a-zA-Z]+)?:`~?\.?([^`<]*?)\s*(?:<[^>]*>)?`")
_LITERAL = re.compile(r"``(.+?)``")
_ITEM = re.compile(r"^(\s*)([*-] |\d+\. )")


def plain_text(doc: str) -> str:
    """A docstring for readers: Sphinx roles (``:mod:`.rules```) and double backticks removed."""
    doc = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1] if "." in m.group(1) else m.group(1), doc)
    return _LITERAL.sub(r"\1", doc)


def reflow(text: str, width: int = WIDTH, indent: str = "  ") -> str:
    """Re-wrap paragraphs and list items of ``text`` to ``width`` columns (indented by ``indent``)."""
    blocks: list[tuple[str, str]] = []  # (marker, text) per paragraph or list item
    for line in textwrap.dedent(text).strip().splitlines():
        item = _ITEM.match(line)
        if not line.strip():
            blocks.append(("", ""))
        elif item:
            blocks.append((item.group(2), line[item.end() :].strip()))
        elif blocks and blocks[-1][1]:
            marker, body = blocks[-1]
            blocks[-1] = (marker, f"{body} {line.strip()}")
        else:
            blocks.append(("", line.strip()))
    out: list[str] = []
    for marker, body in blocks:
        if not body:
            if out and out[-1]:
                out.append("")
            continue
        out.append(
            textwrap.fill(
                body,
                width=width,
                initial_indent=indent + marker,
                subsequent_indent=indent + " " * len(marker),
                break_on_hyphens=False,
            )
        )
    return "\n".join(out).rstrip()


def _value_text(game_id: str, option: Option, width: int = 48) -> str:
    """An option's default for the ``rules`` listing: tables and long sequences summarised."""
    value = option.default
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):
            return f"a table of {len(value)} rows (`isslab rules {game_id} --option {option.name}` shows it)"
        text = repr(list(value))
        if len(text) > width:
            shown = text[: width - 5].rsplit(",", 1)[0]
            return f"{shown}, ...] ({len(value)} entries)"
        return text
    return repr(value)


def _package_doc(cls: type[Game]) -> str:
    """The docstring of the game's package (its rules summary for players), else of its module."""
    module = sys.modules[cls.__module__]
    package = sys.modules.get(module.__package__ or "")
    return (package.__doc__ if package is not None else None) or module.__doc__ or ""


def _cmd_rules(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    options = {o.name: o for o in cls.OPTIONS}
    if args.option is not None:
        opt = options.get(args.option)
        if opt is None:
            raise ValueError(
                f"{cls.id} has no option {short_repr(args.option, 40)}; the options are: {', '.join(options)}"
            )
        print(textwrap.fill(f"{opt.name}: {opt.doc}", width=WIDTH, subsequent_indent="  "))
        value = opt.default
        if isinstance(value, tuple) and value and isinstance(value[0], tuple):
            print(f"{opt.name} = [")
            for row in value:
                print(f"  {json.dumps(_as_lists(row))},")
            print("]")
        else:
            print(f"{opt.name} = {json.dumps(_as_lists(value))}")
        print(f"allowed: {opt.allowed(example=False)}")
        return 0
    print(f"{cls.title} ({cls.id})\n")
    doc = plain_text(_package_doc(cls))
    if doc.strip():
        print(reflow(doc) + "\n")
    print(f'Options (isslab.make("{cls.id}", name=value), or -o name=value; [assumption]: a guessed value):')
    for o in cls.OPTIONS:
        flag = "  [assumption]" if o.assumption else ""
        line = f"{o.name} = {_value_text(cls.id, o)}: {o.doc}; {o.allowed(example=False)}{flag}"
        print(textwrap.fill(line, width=WIDTH, initial_indent="  ", subsequent_indent="      "))
    print(f"\nBots: {', '.join(bot_names(cls.id))}")
    return 0


def _as_lists(value: Any) -> Any:
    return [_as_lists(v) for v in value] if isinstance(value, tuple) else value


def _bots_arg(text: str) -> list[str] | str:
    # commas inside parentheses belong to a bot's parameters: "mcts(simulations=50, rollout=random),greedy"
    parts = [p.strip() for p in re.split(r",(?![^()]*\))", text) if p.strip()]
    return parts[0] if len(parts) == 1 else parts


def _cmd_play(args: argparse.Namespace) -> int:
    game = make(args.game, **parse_options(args.option))
    seat = args.seat
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(
            f"--seat {seat}: {game.id} with {game.num_players} players has seats 0 to {game.num_players - 1}"
        )
    rec = play(game, args.bots, seed=args.seed)
    state = game.new_state()
    for a in rec.actions:
        if args.log:  # as the chosen seat was told it (hidden values masked), or everything
            print(state.describe(a, seat))
        state = state.apply(a)
    if seat is None or not game.info.hidden_information:
        print(state)
    else:
        print(json.dumps(state.view(seat), indent=1))
    reason = rec.end_reason.value if rec.end_reason is not None else "?"
    winners = ", ".join(game.seat_name(w) for w in rec.winners) or "nobody"
    print(f"\n{rec.length} moves, {rec.rounds} rounds; {reason}; winners: {winners}")
    return 0


class _Out:
    """The ``--out`` file, checked before the run and written at the end without losing the old one.

    A regular file is written to a temporary file beside it, then renamed over it: a failed write
    (a full disk) leaves the old file as it was. A device or pipe (``/dev/stdout``) is written directly.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        target = out_path(path, "--out ")  # a folder, a missing folder, a name too long: one line
        folder = target.parent
        self.direct = target.exists() and not target.is_file()
        self.tmp: str | None = None
        try:
            if self.direct:
                with open(target, "a"):
                    pass
            else:  # proves the folder writable now, not after an hour of simulation
                fd, self.tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
                os.close(fd)
        except OSError as exc:
            raise ValueError(
                f"--out {short_repr(path, 80)} cannot be written: {exc.strerror or exc}"
            ) from None

    def write(self, df: Any) -> None:
        """Write the rows; ``ValueError`` (the old file kept) if the device refuses them."""
        parquet = Path(self.path).suffix.lower() in (".parquet", ".pq")
        try:
            if self.tmp is None:
                df.to_csv(self.path, index=False)
            else:
                if parquet:
                    df.to_parquet(self.tmp, index=False)
                else:
                    df.to_csv(self.tmp, index=False)
                os.replace(self.tmp, self.path)
                self.tmp = None
        except OSError as exc:
            self.discard()
            raise ValueError(
                f"the rows could not be written to {short_repr(self.path, 80)}: {exc.strerror or exc}"
            ) from None

    def discard(self) -> None:
        """Remove the temporary file (the run failed or was not written)."""
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)
            self.tmp = None


def _cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    out = _Out(args.out) if args.out else None
    try:
        t0 = time.perf_counter()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            df = simulate(args.game, **_run_keywords(args), **options)
        elapsed = max(time.perf_counter() - t0, 1e-9)
        for w in caught:
            print(f"isslab: warning: {w.message}", file=sys.stderr)
        played = int(df["game"].nunique())
        summary = summarize(df)
        print(
            f"{args.game}: {played} games in {elapsed:.2f} s "
            f"({played / elapsed:,.0f} games/s), seed {args.seed}"
        )
        if played:
            print(summary.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
        if "end_reason" in df and played:
            reasons = df.drop_duplicates("game")["end_reason"].value_counts()
            print("end reasons: " + ", ".join(f"{k} {v}" for k, v in reasons.items()))
        if out is not None:
            out.write(df)
            print(f"rows written to {args.out}")
    finally:
        if out is not None:
            out.discard()
    return 130 if df.attrs.get("interrupted") else 0


def _print_comparison(df: Any, grid: Sequence[str], quiet_label: str = "") -> None:
    """The comparison tables of a sweep: moves per game, then wins per bot (or per seat)."""

    def show(title: str, table: Any) -> None:
        cols = [*grid, "games", "estimate", "low", "high", "diff", "diff_low", "diff_high"]
        print(f"\n{title}")
        print(table[cols].to_string(index=False, float_format=lambda x: f"{x:.3f}"))

    paired = "paired" if bool(compare(df, grid, "length")["paired"].iloc[1:].all()) else "unpaired"
    show(
        f"moves per game (95% intervals; differences from the first point, {paired})",
        compare(df, grid, "length"),
    )
    bots = sorted(map(str, df["bot"].unique()))
    if df.groupby([*grid, "game"])["win"].nunique().max() <= 1:
        show("win rate (every seat shares one result)", compare(df, grid, "win"))
    elif len(bots) > 1:
        for b in bots:
            show(f"win rate of {b}", compare(df, grid, "win", bot=b))
    else:
        names = df.attrs.get("seat_names") or []
        for seat in sorted(df["seat"].unique()):
            label = names[seat] if seat < len(names) else f"seat {seat}"
            show(f"win rate of seat {seat} ({label})", compare(df, grid, "win", seat=int(seat)))


def _cmd_sweep(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    grid = parse_grid(args.grid)
    t0 = time.perf_counter()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        df = sweep(args.game, grid, **_run_keywords(args), out=args.out, **options)
    elapsed = max(time.perf_counter() - t0, 1e-9)
    for w in caught:
        print(f"isslab: warning: {w.message}", file=sys.stderr)
    played = int(df.attrs.get("games_played", 0))
    points = len(df.drop_duplicates(list(grid))) if len(df) else 0
    print(
        f"{args.game}: {points} points x {played} games in {elapsed:.2f} s, seed {args.seed}"
        + (f"; rows written to {args.out}" if args.out else "")
    )
    auto = df.attrs.get("auto")
    if auto:
        print(
            f"games=auto reached {auto['reached']}: {auto['games']} games per point, widest interval "
            f"+-{auto['widest']:.4f} (precision {auto['precision']:g}, max_games {auto['max_games']:,})"
        )
    if not played:
        return 130 if df.attrs.get("interrupted") else 0
    if args.out:  # the rows are in the file; the summary came back
        print(df.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
        print(
            f"intervals: isslab.compare(pd.read_parquet({args.out!r}), by={list(grid)!r}, metric='win', ...)"
        )
    else:
        _print_comparison(df, list(grid))
    return 130 if df.attrs.get("interrupted") else 0


#: how the command line reads each run keyword it takes (the texts and defaults are RunArgs')
_RUN_FLAGS: Final[dict[str, Callable[[str], Any] | None]] = {
    "bots": _bots_arg,
    "games": _games_arg,
    "seed": int,
    "workers": int,
    "rotate_seats": None,  # a switch
    "trace": None,
    "precision": float,
    "max_games": int,
    "metric": str,
}
#: the command line's own defaults (a thousand games: the API's hundred is for a quick look)
_RUN_DEFAULTS: Final[dict[str, Any]] = {"games": 1000}
_HELP: Final = {f.name: str(f.metadata.get("help", "")) for f in fields(RunArgs)}


def _add_run_flags(p: argparse.ArgumentParser) -> None:
    """The flags of a run (``--games``, ``--rotate-seats``, ...), made from :class:`RunArgs`."""
    for f in fields(RunArgs):
        if f.name not in _RUN_FLAGS:
            continue
        flag = "--" + f.name.replace("_", "-")
        default = _RUN_DEFAULTS.get(f.name, f.default)
        text = _HELP[f.name].replace("%", "%%")  # argparse formats help texts with %
        read = _RUN_FLAGS[f.name]
        if read is None:
            p.add_argument(flag, action="store_true", help=text)
        else:
            p.add_argument(flag, type=read, default=default, help=text)


def _run_keywords(args: argparse.Namespace) -> dict[str, Any]:
    """The run keywords of parsed flags, as ``simulate`` and ``sweep`` take them."""
    return {name: getattr(args, name) for name in _RUN_FLAGS} | {"progress": not args.quiet}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``isslab`` command."""
    p = argparse.ArgumentParser(
        prog="isslab", description="Space-race board games: engines, bots, simulation."
    )
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games").set_defaults(func=_cmd_games)
    r = sub.add_parser("rules", help="show a game's rules summary and options with defaults")
    r.add_argument("game")
    r.add_argument("--option", metavar="NAME", help="show the whole default value of one option")
    r.set_defaults(func=_cmd_rules)
    for name, func, helptext in (
        ("play", _cmd_play, "play one game with bots and print the end position"),
        ("simulate", _cmd_simulate, "simulate many games and print a summary"),
    ):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("game")
        s.add_argument(
            "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="game option"
        )
        s.set_defaults(func=func)
        if name == "simulate":
            _add_run_flags(s)
            s.add_argument("--out", help="write one row per game and seat to this .csv or .parquet file")
            s.add_argument("--quiet", action="store_true", help="no progress bar")
        else:
            s.add_argument("--bots", type=_bots_arg, default="random", help=_HELP["bots"])
            s.add_argument("--seed", type=int, default=0, help=_HELP["seed"])
            s.add_argument("--log", action="store_true", help="print every action")
            s.add_argument(
                "--seat",
                type=int,
                help="show the game as this seat saw it (other seats' hidden cards masked)",
            )
    w = sub.add_parser(
        "sweep",
        help="simulate every combination of option values and compare them with intervals",
        description="Every point of the grid plays the same seeds (common random numbers), so the "
        "differences between points come with paired 95% intervals.",
    )
    w.add_argument("game")
    w.add_argument(
        "--grid",
        action="append",
        default=[],
        metavar="NAME=V1,V2",
        help="an option and its values (JSON values; name=[[..],[..]] for tuple values); repeat for more",
    )
    _add_run_flags(w)
    w.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="fixed option")
    w.add_argument("--out", help=_HELP["out"])
    w.add_argument("--quiet", action="store_true", help="no progress bar")
    w.set_defaults(func=_cmd_sweep)
    return p


def _one_line(exc: BaseException) -> str:
    """An error and its notes (a simulated game's seed) on one line."""
    parts = [str(exc), *getattr(exc, "__notes__", ())]
    return " ".join("; ".join(p for p in parts if p).split())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors in the input print one line and return 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = int(args.func(args))
        sys.stdout.flush()  # a closed pipe shows up here, inside the try, not at exit
        return code
    except ValueError as exc:
        print(f"isslab: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``isslab rules 1969 | head -1``): stop quietly, like other tools;
        # what is still buffered goes to /dev/null so that the flush at exit cannot fail again
        with contextlib.suppress(OSError, ValueError, AttributeError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("isslab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
