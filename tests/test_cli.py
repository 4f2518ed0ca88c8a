"""The ``isslab`` command line: rules for players, and one line (exit 2) for every bad input."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pandas as pd
import pytest

import isslab
from isslab.cli import main as cli
from isslab.cli import parse_options, plain_text, reflow

GAMES = isslab.games()
SPHINX = re.compile(r":(mod|class|func|meth|attr|data|obj|exc|ref|doc):`|``")


def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m isslab ARGS`` in a fresh process (what a shell user gets)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-m", "isslab", *args], capture_output=True, text=True, timeout=timeout, env=env
    )


# --- rules ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_read_well_in_a_100_column_terminal(game_id, capsys):
    assert cli(["rules", game_id]) == 0
    out = capsys.readouterr().out
    assert not SPHINX.search(out), SPHINX.search(out)
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "Options (" in out and "Bots: " in out
    for option in isslab.game_class(game_id).OPTIONS:
        assert f"  {option.name} = " in out


def test_rules_summarise_long_option_values(capsys):
    assert cli(["rules", "1969"]) == 0
    out = capsys.readouterr().out
    assert "missions = a table of 11 rows (`isslab rules 1969 --option missions` shows it)" in out
    assert "moon_values = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, ...] (20 entries)" in out
    assert "Satellite Launch" not in out.split("Options (")[1]
    assert cli(["rules", "1969", "--option", "missions"]) == 0
    out = capsys.readouterr().out
    assert '["Satellite Launch", ["vector"], 3, 1, [0, 1, 2, 3, 5]],' in out
    assert out.count('  ["') == 11
    assert cli(["rules", "1969", "--option", "nope"]) == 2
    err = capsys.readouterr().err
    assert "1969 has no option 'nope'; the options are: players" in err and err.count("\n") == 1


def test_plain_text_removes_sphinx_markup():
    doc = "See :mod:`.rules`, :class:`~isslab.core.Game`, :func:`make <isslab.make>` and ``players=4``."
    assert plain_text(doc) == "See rules, Game, make and players=4."


def test_reflow_wraps_paragraphs_and_list_items():
    text = (
        "A long paragraph " * 12 + "\n\n1. first item that is long " * 1 + "and goes on " * 10 + "\n* bullet"
    )
    out = reflow(text, width=60)
    assert max(len(line) for line in out.splitlines()) <= 60
    assert "\n  1. first item" in out and "\n  * bullet" in out
    assert "\n     and goes on" in out or "\n     goes on" in out  # continuation under the item text


def test_rules_into_a_closed_pipe_is_quiet():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    shell = f"set -o pipefail; {sys.executable} -m isslab rules 1969 | head -1"
    got = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=300, env=env)
    assert got.stdout == "1969 (1969)\n"
    assert "Traceback" not in got.stderr and "BrokenPipe" not in got.stderr
    assert got.returncode in (0, 1)


# --- one line for every bad input -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "-1"], "seed must be an int from 0 to 2**128 - 1, got -1"),
        (["--workers", "0"], "workers must be an int >= 1"),
        (["--games", "0"], "games must be a positive int"),
        (["-o", "players=" + "[" * 100_000], "option 'players': nested more than 32 levels deep"),
        (["-o", "players=" + "9" * 5000], "option players='99999"),
        (["-o", "players"], "an option must look like name=value"),
        (["-o", "x" * 10_000 + "=1"], "unknown option 'xxxxxxx"),
        (["--bots", "wizard"], "unknown bot 'wizard'"),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_bad_input_prints_one_short_line_and_exits_2(command, args, message, capsys):
    if command == "play" and args[0] in ("--workers", "--games"):
        pytest.skip("a simulate option")
    assert (
        cli(
            [command, "space-1999", "--quiet", *args]
            if command == "simulate"
            else [command, "space-1999", *args]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("isslab: error: ") and message in err
    assert err.count("\n") == 1 and len(err) < 600


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_out_is_checked_before_the_run(command, tmp_path, capsys):
    many = [command, "space-1999", "--games", "1000000", "--quiet"]
    if command == "sweep":
        many = [*many[:-1], "--grid", "eagles=1,2", "--quiet"]
    for out, message in (
        (str(tmp_path / "missing" / "r.csv"), "does not exist"),
        ("/", "is a folder; give a file name"),
        (str(tmp_path), "is a folder"),
        # a name longer than the system takes: one line, not an OSError's traceback
        (str(tmp_path / ("x" * 5000 + ".csv")), "cannot be written: File name too long"),
        (str(tmp_path / ("x" * 5000) / "r.csv"), "cannot be written: File name too long"),
    ):
        # a million games would take minutes of CPU: the refusal must come first (CPU time of this
        # process, with a margin no busy machine reaches: other jobs do not count against it)
        t0 = time.process_time()
        assert cli([*many, "--out", out]) == 2
        assert time.process_time() - t0 < 30
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_device_is_one_line_after_the_summary(capsys):
    assert cli(["simulate", "space-1999", "--games", "2", "--quiet", "--out", "/dev/full"]) == 2
    got = capsys.readouterr()
    assert "win_rate" in got.out
    assert "the rows could not be written to '/dev/full': No space left on device" in got.err
    assert got.err.count("\n") == 1


def test_out_replaces_a_file_only_when_the_rows_are_written(tmp_path, capsys):
    target = tmp_path / "r.csv"
    target.write_text("old rows\n")
    assert (
        cli(["simulate", "space-1999", "--games", "2", "--quiet", "--seed", "-1", "--out", str(target)]) == 2
    )
    assert target.read_text() == "old rows\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]  # no temporary file left behind
    assert (
        cli(["simulate", "space-1999", "--games", "3", "--quiet", "-o", "players=2", "--out", str(target)])
        == 0
    )
    assert len(pd.read_csv(target)) == 6 and sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]
    assert "rows written to" in capsys.readouterr().out


#: seconds any wait of the Ctrl-C tests allows: long enough that only a hang reaches them, however
#: busy the machine (never a measure of speed)
HANG = 300.0


def _ctrl_c_as_at_a_terminal() -> None:
    """In the child, before exec: SIGINT back to its default action, so Python turns it into Ctrl-C.

    A command a script starts in the background inherits SIGINT ignored (shells do that when job
    control is off), and Python keeps it ignored: the run then cannot be interrupted at all. This is
    what made the test hang, with its workers busy for minutes, under a test script on a busy machine.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _group(pgid: int) -> list[int]:
    """The live processes (zombies aside) of the process group ``pgid``."""
    if not Path("/proc/self/stat").exists():  # no /proc: ask the group as a whole
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return []
        return [pgid]
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[2]) == pgid and fields[0] not in "ZX":
            found.append(int(entry))
    return found


class CliRun:
    """``python -m isslab ARGS`` in a process group of its own, its stderr read as it comes."""

    def __init__(self, args: list[str]) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "isslab", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,  # the group holds the run and its workers: one kill ends them all
            preexec_fn=_ctrl_c_as_at_a_terminal,
        )
        self.err: list[str] = []
        self.out: list[str] = []
        self.started = threading.Event()
        # both pipes read by threads: a worker that outlived the command would keep them open, and a
        # read in the test would then wait for ever
        self.readers = [
            threading.Thread(target=self._read, daemon=True),
            threading.Thread(target=self._read_out, daemon=True),
        ]
        for reader in self.readers:
            reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        while chunk := self.proc.stderr.read(1):
            self.err.append(chunk)
            # a game finished: the progress bar shows it, so the command's handler is in place (an
            # interrupt during the imports would end Python before it)
            if chunk in "\r\n" and re.search(r"\| *[1-9]\d*/\d+", "".join(self.err[-200:])):
                self.started.set()

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        self.out.append(self.proc.stdout.read())

    def finish(self) -> tuple[str, str]:
        """Wait for the command (a hang fails here) and return its stdout and stderr."""
        self.proc.wait(HANG)
        for reader in self.readers:
            reader.join(HANG)
        return "".join(self.out), "".join(self.err)

    def leftovers(self) -> list[int]:
        """The processes of the run still alive once its command has ended (polled until a hang)."""
        deadline = time.monotonic() + HANG
        while (left := _group(self.proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        return left

    def kill(self) -> None:
        """End the run and every process of its group, whatever state they are in."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(HANG)


@pytest.fixture
def cli_run() -> Iterator[Callable[..., CliRun]]:
    """Start ``isslab`` commands; whatever happens, their process groups are killed at the end.

    A watchdog kills them too once ``2 * HANG`` seconds have passed, so that a test waiting on a
    command that hangs fails instead of holding up the whole test script.
    """
    runs: list[CliRun] = []

    def start(*args: str) -> CliRun:
        run = CliRun(list(args))
        runs.append(run)
        return run

    watchdog = threading.Timer(2 * HANG, lambda: [run.kill() for run in runs])
    watchdog.daemon = True
    watchdog.start()
    try:
        yield start
    finally:
        watchdog.cancel()
        for run in runs:
            run.kill()


LONG_RUN = ("simulate", "space-1999", "--games", "100000", "--workers", "2")


def test_ctrl_c_returns_promptly_with_the_games_played(tmp_path, cli_run):
    """SIGINT to a long run on two workers: it stops, reports the finished games, ends its workers.

    No clock is read: the signal is sent once the progress bar shows finished games, and the only
    timeouts catch a hang (the run would otherwise play 100,000 games).
    """
    out = tmp_path / "rows.csv"
    run = cli_run(*LONG_RUN, "--out", str(out))
    assert run.started.wait(HANG), "no game finished (a hang)"
    run.proc.send_signal(signal.SIGINT)
    stdout, stderr = run.finish()
    assert run.proc.returncode == 130, stderr[-2000:]
    assert "Traceback" not in stderr
    assert re.search(r"isslab: warning: simulation interrupted: \d+ of 100000 games were played", stderr)
    played = int(re.search(r"space-1999: (\d+) games in", stdout).group(1))
    assert 0 < played < 100_000
    assert pd.read_csv(out)["game"].nunique() == played
    assert not run.leftovers(), "worker processes outlived the interrupted run"


def test_a_second_ctrl_c_stops_at_once(tmp_path, cli_run):
    """Two SIGINTs in a row: the run stops without waiting for the chunks being played."""
    out = tmp_path / "rows.csv"
    run = cli_run(*LONG_RUN, "--out", str(out))
    assert run.started.wait(HANG), "no game finished (a hang)"
    run.proc.send_signal(signal.SIGINT)
    run.proc.send_signal(signal.SIGINT)
    _, stderr = run.finish()
    assert run.proc.returncode == 130, stderr[-2000:]
    assert "Traceback" not in stderr
    assert "simulation interrupted" in stderr or "isslab: interrupted" in stderr
    assert not run.leftovers(), "worker processes outlived the interrupted run"


def test_parse_options_reads_json_and_falls_back_to_text():
    assert parse_options(["players=3", "rule=net", "deck=[1,2]", "flag=true"]) == {
        "players": 3,
        "rule": "net",
        "deck": [1, 2],
        "flag": True,
    }
    with pytest.raises(ValueError, match="100,000"):
        parse_options(["x=" + "1" * 100_001])


def test_cli_still_works_end_to_end(tmp_path, capsys):
    assert cli(["games"]) == 0
    assert "space-1999" in capsys.readouterr().out
    assert cli(["play", "space-1999", "--bots", "greedy", "--seed", "2"]) == 0
    assert "won" in capsys.readouterr().out
    csv = tmp_path / "r.csv"
    assert cli(["simulate", "1969", "--games", "4", "--quiet", "--out", str(csv), "--workers", "48"]) == 0
    assert "4 games" in capsys.readouterr().out and len(pd.read_csv(csv)) == 16
    assert Path(csv).exists()


def test_play_log_shows_a_seat_only_what_it_was_told(capsys):
    assert cli(["play", "1969", "--bots", "greedy", "-o", "players=2", "--log", "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^USSR draws \d+ cards?$", out, re.M)  # another nation's draw: the count only
    assert re.search(r"^USA draws [0-9+]+$", out, re.M)  # its own draw: the values
    assert cli(["play", "1969", "--bots", "greedy", "-o", "players=2", "--log"]) == 0
    assert not re.search(r"^USSR draws \d+ cards?$", capsys.readouterr().out, re.M)  # everything
    assert cli(["play", "1969", "--bots", "greedy", "-o", "players=2", "--seat", "2"]) == 2
    assert "--seat 2" in capsys.readouterr().err


def test_the_run_flags_of_simulate_and_sweep_are_made_from_one_definition(capsys) -> None:
    """``--games``, ``--rotate-seats``, ... come from ``isslab.sim.RunArgs``: the same flags, read the
    same way, with the same help texts, in both commands."""
    from dataclasses import fields

    from isslab.cli import _run_keywords, build_parser
    from isslab.sim import RunArgs

    flags = ["--games", "auto", "--rotate-seats", "--precision", "0.05", "--max-games", "300"]
    flags += ["--metric", "length", "--workers", "2", "--seed", "5", "--bots", "greedy,random", "--quiet"]
    a = build_parser().parse_args(["simulate", "space-1999", *flags])
    b = build_parser().parse_args(["sweep", "space-1999", "--grid", "eagles=1,2", *flags])
    expected = dict(games="auto", rotate_seats=True, trace=False, precision=0.05, max_games=300)
    expected |= dict(metric="length", workers=2, seed=5, bots=["greedy", "random"], progress=False)
    assert _run_keywords(a) == _run_keywords(b) == expected
    helps = {f.name: f.metadata["help"] for f in fields(RunArgs)}
    for command in ("simulate", "sweep"):
        with pytest.raises(SystemExit):
            cli([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        for name in expected:
            if name != "progress":
                assert helps[name] in text, (command, name)


def test_simulate_takes_games_auto_and_rotated_seats_like_sweep(capsys) -> None:
    args = ["simulate", "space-1999", "--games", "auto", "--max-games", "200", "--precision", "0.5"]
    assert cli([*args, "--rotate-seats", "--bots", "greedy,random", "-o", "players=2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "space-1999: " in out and "greedy" in out and "random" in out
