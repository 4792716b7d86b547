"""Work that runs out of time is stopped, never left to starve the server: over a real
socket, the worst word checks there are time out and `/api/solve` goes on answering.

No assertion here times the server (the suite runs on two loaded cores): the waits are
generous guards against a hang, and "a solve does not wait behind the checks" is shown by
order, with checks held until the test lets them go."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from served import request, served

from boggle.web import routes as web_routes
from boggle.web.app import Limits, WebConfig, create_app
from boggle.web.workers import PoolBusy, WorkerPool

FXIE = "fxie amlo ewbx astu"
ALL_A = "/".join(["a" * 20] * 20)
WORST_WORD = "a" * 63 + "b"  # not on the board; a plain path search tries every a-path first


HANG_SECONDS = 60
"""How long a wait for the server may take before the test calls it a hang."""

STOPPED_SECONDS = 6.0
"""The time limit of checks that never end: each such test lasts that long."""


def solve_answers(port: int) -> None:
    status, body, _ = request(port, "POST", "/api/solve", {"board": FXIE})
    assert status == 200 and body["count"] > 0


def wait_for_health(port: int, wanted: int, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        status, health, _ = request(port, "GET", "/api/health")
        if status == wanted or time.monotonic() > deadline:
            assert status == wanted, health
            return dict(health)
        time.sleep(0.05)


def run_concurrently(port: int, body: dict[str, Any], count: int) -> tuple[list[Any], Any]:
    """``count`` POST /api/check requests at once: (their statuses, a join function)."""
    answers: list[int] = []

    def one() -> None:
        answers.append(request(port, "POST", "/api/check", body)[0])

    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()

    def join() -> None:
        for thread in threads:
            thread.join(30)

    return answers, join


def test_four_worst_case_checks_leave_solves_answering() -> None:
    """The issue's case: a 20x20 board of a and a*63+b, four at once.  They settle (a
    fraction of a second each on an idle core) or are stopped at the limit, given room
    enough that a solve among them is not stopped on a loaded machine."""
    config = WebConfig(limits=Limits(solve_seconds=HANG_SECONDS), preload=False)
    with served(create_app(config)) as port:
        solve_answers(port)
        answers, join = run_concurrently(port, {"board": ALL_A, "word": WORST_WORD}, 4)
        time.sleep(0.2)
        solve_answers(port)
        join()
        assert sorted(set(answers)) in ([200], [408], [200, 408])  # settled or stopped
        wait_for_health(port, 200, seconds=HANG_SECONDS)
        wait_until(lambda: round_workers(port)["running"] == 0)
        solve_answers(port)
        status, verdict, _ = request(port, "POST", "/api/check", {"board": FXIE, "word": "fame"})
        assert (status, verdict["status"]) == (200, "counted")


def round_workers(port: int) -> dict[str, Any]:
    """The round workers' figures in ``/api/health`` (answered with 200 or 503)."""
    status, health, _ = request(port, "GET", "/api/health")
    assert status in (200, 503), health
    workers: dict[str, Any] = health["workers"]["round"]
    return workers


def test_a_solve_is_answered_while_every_round_worker_is_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Solves have workers of their own: with every round worker held by a check that
    cannot end until the test lets it go, health says saturated and a solve is answered,
    before any check is."""
    gate = threading.Event()
    real_check = web_routes.check_word

    def held_check(*args: Any, **kwargs: Any) -> Any:
        gate.wait(HANG_SECONDS)
        return real_check(*args, **kwargs)

    monkeypatch.setattr(web_routes, "check_word", held_check)
    threads = Limits().round_threads
    config = WebConfig(limits=Limits(solve_seconds=HANG_SECONDS), preload=False)
    with served(create_app(config)) as port:
        answers, join = run_concurrently(port, {"board": FXIE, "word": "fame"}, threads)
        try:
            wait_until(lambda: round_workers(port)["running"] == threads)
            health = wait_for_health(port, 503, seconds=HANG_SECONDS)
            assert health["status"] == "saturated"
            solve_answers(port)
            assert answers == [], "a check ended before the test let it go"
        finally:
            gate.set()
            join()
        assert answers == [200] * threads
        wait_for_health(port, 200, seconds=HANG_SECONDS)


def test_checks_that_never_end_are_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a check does, past its time it is stopped on its thread: here a check
    that would run forever (pure Python, as a path search is).  The limit leaves a solve
    among them, slowed by the spinning threads' hold on the GIL, time enough on a loaded
    machine."""

    def endless_check(*args: Any, **kwargs: Any) -> Any:
        steps = 0
        while True:
            steps += 1

    monkeypatch.setattr(web_routes, "check_word", endless_check)
    config = WebConfig(limits=Limits(solve_seconds=STOPPED_SECONDS), preload=False)
    with served(create_app(config)) as port:
        solve_answers(port)  # the list loaded before the checks take the GIL
        answers, join = run_concurrently(port, {"board": FXIE, "word": "fame"}, 4)
        threads = Limits().round_threads
        assert request(port, "POST", "/api/solve", {"board": FXIE})[0] == 200  # slower: GIL
        join()
        assert answers == [408] * 4
        wait_for_health(port, 200, seconds=HANG_SECONDS)
        wait_until(lambda: round_workers(port)["running"] == 0)
        health = wait_for_health(port, 200, seconds=HANG_SECONDS)
        # the two that waited were dropped, or interrupted if a freed thread took them first
        assert threads <= health["workers"]["round"]["interrupted"] <= 4
        solve_answers(port)


def spin(started: threading.Event) -> None:
    started.set()
    steps = 0
    while True:
        steps += 1


def wait_until(condition: Any, seconds: float = HANG_SECONDS) -> None:
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
        assert asyncio.run(pool.run(lambda: "next", seconds=HANG_SECONDS)) == "next"
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
            asyncio.run(pool.run(lambda: 1 // 0, seconds=HANG_SECONDS))
    finally:
        pool.shutdown()
