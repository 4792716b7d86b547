"""A real Dask cluster for tests: ``dask scheduler`` and ``dask worker`` processes on 127.0.0.1.

Every process runs in its own session so that it (with its nanny's child) can be
killed as a group; every wait is bounded.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import pytest

START_TIMEOUT = 60.0
RUN_TIMEOUT = 180


def boggle(*argv: str, timeout: float = RUN_TIMEOUT) -> subprocess.CompletedProcess[str]:
    """``python -m boggle ARGV``, its output captured (bounded in time)."""
    return subprocess.run(
        [sys.executable, "-m", "boggle", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def need_distributed() -> None:
    """Skip, saying why, when the [dask] extra is absent (CI installs it through [test])."""
    pytest.importorskip("distributed", reason="needs Dask: pip install '.[dask]'")


@contextmanager
def unreachable_address() -> Iterator[str]:
    """A ``tcp://`` address on 127.0.0.1 where nothing answers until the block ends: its port
    is bound but not listening, so a connection is refused and no other test process (under
    pytest-xdist) can take the port meanwhile."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        yield f"tcp://127.0.0.1:{holder.getsockname()[1]}"


def _scheduler_address(scheduler_file: Path, scheduler: subprocess.Popen[bytes], log: Path) -> str:
    """The address the scheduler wrote to ``scheduler_file`` once it listens (its port the
    system's choice, so parallel test processes never ask for the same one)."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        with suppress(FileNotFoundError, json.JSONDecodeError):
            address: str = json.loads(scheduler_file.read_text())["address"]
            return address
        if scheduler.poll() is not None:
            raise RuntimeError(f"dask scheduler exited early: {log.read_text(errors='replace')}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"dask scheduler did not start within {START_TIMEOUT:g} s")
        time.sleep(0.1)


@dataclass
class TestCluster:
    __test__ = False

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def kill_worker(self, number: int) -> None:
        """SIGKILL one worker and its nanny: it is gone for good."""
        _kill_group(self.workers[number], signal.SIGKILL)

    def kill_scheduler(self) -> None:
        _kill_group(self.scheduler, signal.SIGKILL)


def _kill_group(process: subprocess.Popen[bytes], sig: int) -> None:
    with suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def _spawn(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "dask", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env=env,
        )


@contextmanager
def dask_cluster(workers: int, logs: Path) -> Iterator[TestCluster]:
    """A scheduler and ``workers`` single-threaded workers, stopped on leaving."""
    need_distributed()
    from distributed import Client

    scheduler_file = logs / "scheduler.json"
    scheduler_file.unlink(missing_ok=True)
    listen = ["--host", "127.0.0.1", "--port", "0", "--dashboard-address", ":0"]
    scheduler = _spawn(
        ["scheduler", *listen, "--scheduler-file", str(scheduler_file)], logs / "scheduler.log"
    )
    cluster = TestCluster("", scheduler)
    try:
        address = cluster.address = _scheduler_address(
            scheduler_file, scheduler, logs / "scheduler.log"
        )
        for number in range(workers):
            cluster.workers.append(
                _spawn(
                    [
                        "worker",
                        address,
                        "--nthreads",
                        "1",
                        "--host",
                        "127.0.0.1",
                        "--dashboard-address",
                        ":0",
                        "--name",
                        f"worker-{number}",
                    ],
                    logs / f"worker-{number}.log",
                )
            )
        with Client(address, timeout=START_TIMEOUT) as client:
            client.wait_for_workers(workers, timeout=START_TIMEOUT)
        yield cluster
    finally:
        for process in [*cluster.workers, scheduler]:
            _kill_group(process, signal.SIGTERM)
        deadline = time.monotonic() + 15
        for process in [*cluster.workers, scheduler]:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _kill_group(process, signal.SIGKILL)
                process.wait(timeout=10)
