"""The README's code runs: every ``python`` block, and every ``isslab ...`` line of its ``bash`` blocks.

The blocks run in order in one namespace (a block may use what an earlier one made), with the sizes
made small as the README says: ``games=``, ``workers=`` and ``simulations=`` (and ``--games``,
``--workers`` on the command line) are cut to :data:`SMALL` when larger, and ``games="auto"`` gets a
``max_games`` of that size. Nothing else is changed, so every public name the README uses must exist
and every call must work as written.
"""

from __future__ import annotations

import re
import shlex
import warnings
from pathlib import Path
from typing import Any

import pytest

from isslab.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
BLOCKS = re.findall(r"^```(python|bash)\n(.*?)^```", README, flags=re.S | re.M)

#: the most games, workers and simulations a README call is run with here
SMALL = {"games": 40, "workers": 1, "simulations": 4}
#: a report plays every section under two line-ups: its games are cut further, its expert to two games
REPORT_GAMES = 10


def small(code: str) -> str:
    """``code`` with its sizes cut to :data:`SMALL` (the README says so where it shows the blocks)."""

    def cut(m: re.Match[str]) -> str:
        name, value = m.group(1), int(m.group(2).replace("_", ""))
        return f"{name}={min(value, SMALL[name])}"

    code = re.sub(r"\b(games|workers|simulations)=([0-9][0-9_]*)", cut, code)
    code = re.sub(
        r"(\breport\([^)\n]*?)\bgames=[0-9]+", rf"\1games={REPORT_GAMES}, search_games=2", code
    )
    return code.replace('games="auto"', f'games="auto", max_games={SMALL["games"]}')


def small_args(args: list[str]) -> list[str]:
    """A command line with ``--games`` and ``--workers`` cut to :data:`SMALL`."""
    out = list(args)
    for i, word in enumerate(out[:-1]):
        name = word.removeprefix("--")
        if word.startswith("--") and name in ("games", "workers") and out[i + 1].isdigit():
            out[i + 1] = str(min(int(out[i + 1]), SMALL[name]))
    return out


def test_the_readme_has_its_blocks() -> None:
    kinds = [kind for kind, _ in BLOCKS]
    assert kinds.count("python") >= 7 and kinds.count("bash") >= 3


def test_the_sizes_are_cut_as_documented() -> None:
    assert small("simulate(g, games=10_000, workers=2)") == "simulate(g, games=40, workers=1)"
    assert (
        small('sweep(g, games="auto", precision=0.01)')
        == 'sweep(g, games="auto", max_games=40, precision=0.01)'
    )
    assert small("bot(g, 'mcts', simulations=500)") == "bot(g, 'mcts', simulations=4)"
    assert small('isslab.report("1969", games=120)') == 'isslab.report("1969", games=10, search_games=2)'
    assert small_args(["simulate", "x", "--games", "10000", "--workers", "2"])[2:] == [
        "--games",
        "40",
        "--workers",
        "1",
    ]
    assert "made small" in README and "tests/test_readme.py" in README
    assert f"a report's to {REPORT_GAMES} games and two of its expert" in README


def test_every_python_block_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In order, in one namespace: the tour, the simulation, the what-if, win chances, search, interop."""
    pytest.importorskip("pyspiel")
    monkeypatch.chdir(tmp_path)  # anything a block writes lands here
    namespace: dict[str, Any] = {"__name__": "readme"}
    ran = 0
    for kind, code in BLOCKS:
        if kind != "python":
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # games="auto" cut to a few games warns that it stopped early
            exec(compile(small(code), f"README.md block {ran + 1}", "exec"), namespace)  # noqa: S102
        ran += 1
    assert ran >= 7 and "record" in namespace and "sw" in namespace


@pytest.mark.parametrize(
    "line",
    [
        line.split("#")[0].strip()
        for kind, code in BLOCKS
        if kind == "bash"
        for line in code.splitlines()
        if line.startswith("isslab ")
    ],
)
def test_every_isslab_command_runs(line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # --out files land here
    args = small_args(shlex.split(line)[1:])
    assert cli([*args, "--quiet"] if args[0] in ("simulate", "sweep") else args) == 0
