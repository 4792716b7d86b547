"""Work that runs out of time is stopped, never left to starve the server: over a real
socket, the worst word checks there are time out and `/api/solve` goes on answering."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from served import request, served

from boggle.web.app import Limits, WebConfig, create_app
from boggle.web.workers import PoolBusy, WorkerPool

FXIE = "fxie amlo ewbx astu"
ALL_A = "/".join(["a" * 20] * 20)
WORST_WORD = "a" * 63 + "b"  # not on the board, but a path search tries every a-path first


def test_worst_case_checks_answer_at_once_and_solves_go_on() -> None:
    """The four worst word checks there are (a 20x20 board of `a`, a word of 63 `a` and a
    `b`) once held every worker for seconds; the bounded path search answers them at once,
    and a solve sent meanwhile answers within a second."""
    config = WebConfig(limits=Limits(solve_seconds=2.0), preload=False)
    with served(create_app(config)) as port:
        assert request(port, "POST", "/api/solve", {"board": FXIE})[0] == 200
        answers: list[int] = []

        def worst_check() -> None:
            answers.append(
                request(port, "POST", "/api/check", {"board": ALL_A, "word": WORST_WORD})[0]
            )

        checks = [threading.Thread(target=worst_check) for _ in range(4)]
        started = time.monotonic()
        for check in checks:
            check.start()
        status, body, _ = request(port, "POST", "/api/solve", {"board": FXIE})
        assert status == 200 and body["count"] > 0
        assert time.monotonic() - started < 1.0, "a solve waited behind the checks"
        for check in checks:
            check.join(20)
        assert answers == [200] * 4
        status, health, _ = request(port, "GET", "/api/health")
        assert (status, health["status"]) == (200, "ok"), health
        assert health["workers"]["round"]["running"] == 0


def spin(started: threading.Event) -> None:
    started.set()
    steps = 0
    while True:
        steps += 1


def wait_until(condition: Any, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.01)


def test_a_pool_interrupts_a_job_past_its_time_or_given_up() -> None:
    pool = WorkerPool("test", threads=1)
    try:
        started = threading.Event()
        with pytest.raises(TimeoutError):
            asyncio.run(pool.run(lambda: spin(started), seconds=0.2))
        assert started.is_set() or pool.status()["interrupted"] == 0  # dropped unstarted
        wait_until(lambda: pool.status()["running"] == 0)

        async def given_up() -> None:  # as when the client goes away
            started.clear()
            task = asyncio.ensure_future(pool.run(lambda: spin(started), seconds=60))
            while not started.is_set():
                await asyncio.sleep(0.01)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

        asyncio.run(given_up())
        wait_until(lambda: pool.status()["running"] == 0)
        assert pool.status()["interrupted"] >= 1
        assert pool.status()["saturated"] is False
        assert asyncio.run(pool.run(lambda: "next", seconds=5)) == "next"
    finally:
        pool.shutdown()


def test_a_full_queue_is_refused_at_once() -> None:
    pool = WorkerPool("test", threads=1, queue_limit=1)
    gate = threading.Event()
    try:
        pool.submit(gate.wait)  # holds the one thread
        wait_until(lambda: pool.status()["saturated"])
        pool.submit(lambda: None)  # waits
        with pytest.raises(PoolBusy):
            pool.submit(lambda: None)
    finally:
        gate.set()
        pool.shutdown()


def test_errors_in_the_work_reach_the_caller() -> None:
    pool = WorkerPool("test", threads=1)
    try:
        with pytest.raises(ZeroDivisionError):
            asyncio.run(pool.run(lambda: 1 // 0, seconds=5))
    finally:
        pool.shutdown()
