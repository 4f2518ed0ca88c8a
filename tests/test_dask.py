"""Beyond one machine: a real ``dask.distributed`` LocalCluster with two worker processes, and cancelling.

One cluster for the module (starting worker processes takes a few seconds). The rows must be those
of ``workers=1``; a stop keeps the finished games and leaves no worker process behind.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

import isslab
from isslab.play import derive_seeds

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")


#: helper processes Python starts once per parent and keeps until it exits: they run no games
HELPERS = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")


def children() -> list[Any]:
    """Live child processes of this test process (zombies and Python's own helpers do not count)."""
    alive = []
    for p in psutil.Process().children(recursive=True):
        try:
            if p.status() != psutil.STATUS_ZOMBIE and not any(h in " ".join(p.cmdline()) for h in HELPERS):
                alive.append(p)
        except psutil.NoSuchProcess:
            pass
    return alive


#: seconds the waits below allow: long enough that only a hang reaches them on a busy machine
HANG: float = 120.0


def wait_gone(before: set[int], timeout: float = HANG) -> list[Any]:
    """Children that are not in ``before`` and still alive after ``timeout`` seconds (a hang)."""
    deadline = time.monotonic() + timeout
    while True:
        extra = [p for p in children() if p.pid not in before]
        if not extra or time.monotonic() > deadline:
            return extra
        time.sleep(0.1)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    before = {p.pid for p in children()}
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()
    assert not wait_gone(before), "the cluster's worker processes outlived it"


KW: dict[str, Any] = dict(bots=["greedy", "random"], seed=5, progress=False, players=2, eagles=3)


def test_a_local_cluster_runs_in_two_worker_processes(client: Any) -> None:
    workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    pids = set(client.run(lambda: __import__("os").getpid()).values())
    assert len(pids) == 2 and not pids & {psutil.Process().pid}


def test_the_cluster_gives_the_rows_of_one_process(client: Any) -> None:
    kw = {**KW, "games": 60, "rotate_seats": True, "trace": True}
    local = isslab.simulate("space-1999", workers=1, **kw)
    remote = isslab.simulate("space-1999", workers=client, **kw)  # a Client: its executor is used
    pd.testing.assert_frame_equal(local, remote)
    chunks: list[int] = []
    via_executor = isslab.simulate(
        "space-1999", workers=client.get_executor(), on_chunk=lambda d: chunks.append(len(d)), **kw
    )
    pd.testing.assert_frame_equal(local, via_executor)
    assert len(chunks) > 1 and sum(chunks) == len(local)  # results streamed back chunk by chunk
    grid = {"eagles": [2, 3]}
    one = isslab.sweep("space-1999", grid, "greedy", games=20, progress=False, players=2)
    many = isslab.sweep("space-1999", grid, "greedy", games=20, progress=False, players=2, workers=client)
    pd.testing.assert_frame_equal(one, many)


def stop_after_first_chunk() -> tuple[threading.Event, Any]:
    stop = threading.Event()
    return stop, lambda _df: stop.set()


def test_stopping_a_cluster_run_keeps_the_finished_games(client: Any) -> None:
    stop, on_chunk = stop_after_first_chunk()
    kw = {**KW, "games": 20_000}
    # no clock: stopping shows in the games played (far fewer than asked), not in seconds
    with pytest.warns(UserWarning, match=r"simulation interrupted: \d+ of 20000 games were played"):
        df = isslab.simulate("space-1999", workers=client, stop=stop, on_chunk=on_chunk, **kw)
    assert df.attrs["interrupted"] is True
    played = sorted(df["game"].unique())
    assert 0 < len(played) < 20_000 and (df.groupby("game").size() == 2).all()
    full = isslab.simulate("space-1999", workers=1, **{**kw, "games": max(played) + 1})
    pd.testing.assert_frame_equal(
        df.reset_index(drop=True), full[full.game.isin(played)].reset_index(drop=True)
    )
    # the cluster is still usable, and nothing of the stopped run is left queued on it
    deadline = time.monotonic() + HANG
    while client.processing() and any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(client.processing().values())


def test_stopping_our_own_pool_keeps_the_finished_games_and_ends_its_processes() -> None:
    before = {p.pid for p in children()}
    stop, on_chunk = stop_after_first_chunk()
    with pytest.warns(UserWarning, match="simulation interrupted"):
        df = isslab.simulate("space-1999", workers=2, stop=stop, on_chunk=on_chunk, **{**KW, "games": 20_000})
    played = sorted(df["game"].unique())
    assert 0 < len(played) < 20_000
    assert not wait_gone(before), "worker processes were left behind"
    full = isslab.simulate("space-1999", workers=1, **{**KW, "games": max(played) + 1})
    pd.testing.assert_frame_equal(
        df.reset_index(drop=True), full[full.game.isin(played)].reset_index(drop=True)
    )


class InterruptIn:
    """A random bot that raises KeyboardInterrupt (Ctrl-C) in game ``k`` of a run with seed 0."""

    def __init__(self, k: int) -> None:
        game_seed = derive_seeds(0, k + 1)[k]
        self.target = random.Random(derive_seeds(game_seed, 2)[1]).getstate()  # play's bot stream
        self.__name__ = "interrupt"

    def __call__(self, state: isslab.State, rng: random.Random) -> Any:
        if state.move_number < 3 and rng.getstate() == self.target:
            raise KeyboardInterrupt
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]


def test_ctrl_c_in_our_own_pool_leaves_no_worker_behind() -> None:
    before = {p.pid for p in children()}
    with pytest.warns(UserWarning, match="simulation interrupted"):
        df = isslab.simulate("space-1999", bots=InterruptIn(300), games=20_000, workers=2, progress=False)
    assert df.attrs["interrupted"] is True and 300 not in set(df["game"])
    assert not wait_gone(before), "worker processes were left behind"


def test_a_killed_parent_leaves_no_orphan_workers(tmp_path) -> None:
    """``kill -9`` of a process running simulate(workers=2): its workers end with it (Linux)."""
    import os
    import signal
    import subprocess
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("parent-death signals are a Linux feature")
    script = (
        "import isslab; isslab.simulate('space-1999', 'greedy', games=200_000, workers=2, progress=False)"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, "-c", script], env=env)
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + HANG
    workers: list[Any] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        workers = [p for p in parent.children() if not any(h in " ".join(p.cmdline()) for h in HELPERS)]
        time.sleep(0.1)
    assert len(workers) == 2
    proc.send_signal(signal.SIGKILL)
    proc.wait(HANG)
    _, alive = psutil.wait_procs(workers, timeout=HANG)
    for p in alive:  # a failing test must not leave them running either
        p.kill()
    assert not alive, "workers outlived their killed parent"
