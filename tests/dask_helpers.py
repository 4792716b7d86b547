"""A real Dask cluster for tests: ``dask scheduler`` and ``dask worker`` processes on 127.0.0.1.

Every process runs in its own session so that it (with its nanny's child) can be
killed as a group; every wait is bounded.
"""

from __future__ import annotations

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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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

    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _spawn(
        ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0"],
        logs / "scheduler.log",
    )
    cluster = TestCluster(address, scheduler)
    try:
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
