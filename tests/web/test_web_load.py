"""Room words, word checks and solves do not starve one another (issue 32, finding 10):
over real sockets, the rooms' words share one budget (past it a word waits its turn, or is
refused ``busy``) while pings go on; word checks run in a worker process of their own,
stopped when they run on, with a bounded queue.  The figures are measured by
``benchmarks/rooms_load.py --victim`` and ``benchmarks/web_load.py --check-flood``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
import time
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("websockets", reason="the web extra (websockets) is not installed")

from served import request, served
from websockets.sync.client import ClientConnection, connect

from boggle.rooms import RoomLimits, RoomsConfig
from boggle.rooms.budget import WordBudget
from boggle.web.app import Limits, WebConfig, create_app
from boggle.web.workers import PoolBusy, ProcessPool

FXIE = "fxie amlo ewbx astu"


def next_of(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=30))
        if message["type"] == kind:
            return message


def room_in_play(stack: contextlib.ExitStack, port: int, players: int) -> list[ClientConnection]:
    """``players`` sockets in one room whose round has started."""
    url = f"ws://127.0.0.1:{port}/ws/rooms"
    sockets = [stack.enter_context(connect(url)) for _ in range(players)]
    host = sockets[0]
    host.send(json.dumps({"type": "create", "name": "p0", "settings": {"seconds": 120}}))
    code = next_of(host, "joined")["code"]
    for number, socket in enumerate(sockets[1:], start=1):
        socket.send(json.dumps({"type": "join", "code": code, "name": f"p{number}"}))
        next_of(socket, "joined")
    host.send(json.dumps({"type": "start"}))
    for socket in sockets:
        next_of(socket, "round_started")
    return sockets


def answers_to_words(socket: ClientConnection, count: int) -> list[tuple[str, float]]:
    """The kind of answer (``feedback`` or an error code) to each of ``count`` words, with
    when it came."""
    answers: list[tuple[str, float]] = []
    while len(answers) < count:
        message = json.loads(socket.recv(timeout=30))
        if message["type"] == "feedback":
            answers.append(("feedback", time.monotonic()))
        elif message["type"] == "error":
            answers.append((message["code"], time.monotonic()))
    return answers


class StillWordBudget(WordBudget):
    """The server's word budget on a clock that stands still where it was made: no turn
    is paid back, however long the words take to come (its waits are still real)."""

    def wait(self, now: float) -> float | None:
        return super().wait(self.updated)


def test_words_past_the_servers_budget_wait_their_turn_or_are_refused_busy() -> None:
    """Four players send 6 words each at once to a server that takes 4 words a second in
    all (bursts of 2, turns at most 0.5 s away): the words over the budget wait their turn
    or, when it is further away, are refused ``busy``; a ping on another socket does not
    wait for them."""
    rate, burst = 4, 2
    limits = RoomLimits(words_per_second=rate, word_burst=burst, word_wait_seconds=0.5)
    app = create_app(WebConfig(preload=False, rooms=RoomsConfig(limits=limits)))
    with served(app) as port, contextlib.ExitStack() as stack:
        # the rate held at the one set: a loaded machine's late timers lower it (adapt,
        # tested on its own below), to 2 words a second or fewer, so that no word waited
        # and the assertions of the turns failed (2 runs in 40 beside three busy loops);
        # and no turn paid back while the words come (a loaded machine may take seconds to
        # send or read 24 of them: each would then find its turn near, and none be busy)
        app.state.rooms.word_budget = StillWordBudget(
            rate, burst, limits.word_wait_seconds, time.monotonic(), min_rate=rate
        )
        sockets = room_in_play(stack, port, 4)
        bystander = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/rooms"))
        started = time.monotonic()
        for socket in sockets:
            for number in range(6):
                socket.send(json.dumps({"type": "word", "word": f"zz{number}"}))
        bystander.send('{"type":"ping"}')
        assert next_of(bystander, "pong") == {"type": "pong"}
        ponged = time.monotonic()
        answers = [answer for socket in sockets for answer in answers_to_words(socket, 6)]
    kinds = [kind for kind, _ in answers]
    counted = [at for kind, at in answers if kind == "feedback"]
    assert set(kinds) == {"feedback", "busy"} and len(kinds) == 24, kinds
    # the burst at once, then the turns within the longest wait (0.25 s and 0.5 s away)
    assert len(counted) == burst + int(rate * limits.word_wait_seconds), kinds
    elapsed = max(counted) - started
    assert len(counted) <= burst + rate * elapsed + 1  # never more than the budget
    assert elapsed >= 0.5  # the words over the burst waited for their turn
    assert ponged < max(counted)  # the ping did not wait behind them


def test_the_word_budget_slows_while_the_server_runs_late_and_recovers() -> None:
    budget = WordBudget(rate=1000, burst=10, max_wait=2.0, now=0.0, lag_target=0.01)
    for _ in range(5):
        budget.adapt(lag=0.2)
    assert budget.rate == pytest.approx(1000 * 0.8**5)
    for _ in range(20):
        budget.adapt(lag=0.2)
    assert budget.rate == 250  # never below a quarter of the rate set
    for _ in range(500):
        budget.adapt(lag=0.0)
    assert budget.rate == 1000  # back to the rate set, never above


def spin(state: Any) -> None:
    while True:
        pass


def pid_of(state: Any, wait: float = 0.0) -> int:
    time.sleep(wait)
    return os.getpid()


def divide(state: Any, a: int, b: int) -> int:
    return a // b


def slow_setup(seconds: float) -> str:
    """A process's setup that takes ``seconds``, as loading word lists does on a busy
    machine."""
    time.sleep(seconds)
    return "set up"


def state_of(state: Any) -> Any:
    return state


PREPARED: set[str] = set()
"""In a test pool's process: the jobs whose preparation ran there."""


def prepare_job(state: Any, job: str, wait: float) -> None:
    time.sleep(wait)
    PREPARED.add(job)


def prepared_here(state: Any, job: str, wait: float = 0.0) -> bool:
    time.sleep(wait)
    return job in PREPARED


TEST_POOL_NICE = 0
"""The test pools' processes run at the tests' own priority: at the server's (``nice``
10) one started beside a loaded suite had a few percent of a core, and did not import
this module within a minute."""


def app_at_test_priority(config: WebConfig) -> Any:
    """The app of ``config``, its round processes (started with the server) at the tests'
    own priority: at ``nice`` 10, beside a loaded suite, their answers passed the limits."""
    app = create_app(config)
    if app.state.context.round_processes is not None:
        app.state.context.round_processes.nice = TEST_POOL_NICE
    return app


def test_a_process_pool_runs_work_elsewhere_and_ends_a_job_that_runs_on() -> None:
    async def scenario() -> None:
        # a job is given 20 times its time to end before its process is (0.2 s, then 4 s)
        pool = ProcessPool("test", processes=1, queue_limit=1, grace=20.0, nice=TEST_POOL_NICE)
        try:
            first = await pool.run(pid_of, seconds=60)  # started on first use
            assert first != os.getpid()
            with pytest.raises(ZeroDivisionError):
                await pool.run(divide, 1, 0, seconds=60)
            assert await pool.run(pid_of, seconds=60) == first  # an error keeps the process
            with pytest.raises(TimeoutError):
                await pool.run(spin, seconds=0.2)
            assert pool.status()["interrupted"] == 1
            # the spinning job is ended after its grace; a new process takes the next job
            second = await pool.run(pid_of, seconds=60)
            assert second not in (first, os.getpid())
            # a job that finishes soon after its time keeps its process (with 0.3 s to
            # spare, a loaded machine's late start of the job passed the grace)
            with pytest.raises(TimeoutError):
                await pool.run(pid_of, 0.6, seconds=0.2)
            assert await pool.run(pid_of, seconds=60) == second
        finally:
            pool.shutdown()

    asyncio.run(scenario())


def test_a_process_setting_up_does_not_use_up_the_first_jobs_time() -> None:
    """The first word check of a fresh server on a busy machine was a 408: its 5 s were
    spent in the round process's loading of the word list, not in the check."""

    async def scenario() -> None:
        pool = ProcessPool(
            "test", processes=1, setup=slow_setup, setup_args=(3.0,), nice=TEST_POOL_NICE
        )
        try:
            started = time.monotonic()
            assert await pool.run(state_of, seconds=1.0) == "set up"
            assert time.monotonic() - started >= 3.0  # it did wait for the setup
            with pytest.raises(TimeoutError):  # the job's own time still counts
                await pool.run(spin, seconds=0.2)
        finally:
            pool.shutdown()

    asyncio.run(scenario())


def test_a_job_s_preparation_runs_in_its_process_outside_its_time() -> None:
    """``/api/offline`` built the index its rounds read in one pool job (outside the round's
    limit) and made the rounds in another: with 2 round processes the second could go to
    the other process, which then built the index inside the 5 s limit (a 408 on a busy
    machine). A job's preparation runs first in the job's own process, and the job's time
    starts when it ends."""

    async def scenario() -> None:
        pool = ProcessPool("test", processes=2, nice=TEST_POOL_NICE)
        try:
            # jobs at once on both processes (the time is room enough to wait for one)
            jobs = [
                pool.run(
                    prepared_here,
                    f"job{number}",
                    0.1 * (number % 3),
                    seconds=60.0,
                    prepare=(prepare_job, (f"job{number}", 0.2)),
                )
                for number in range(6)
            ]
            assert await asyncio.gather(*jobs) == [True] * 6
            # a preparation longer than the job's time
            prepared = ("long", 1.0)
            assert await pool.run(
                prepared_here, "long", seconds=0.5, prepare=(prepare_job, prepared)
            )
            with pytest.raises(TimeoutError):  # the preparation's own limit
                await pool.run(state_of, seconds=60, prepare=(spin, ()), prepare_seconds=0.3)
            with pytest.raises(TimeoutError):  # the job's time, once prepared
                await pool.run(spin, seconds=0.3, prepare=(prepare_job, ("x", 0.0)))
        finally:
            pool.shutdown()

    asyncio.run(scenario())


def test_a_process_whose_setup_runs_on_past_its_limit_is_given_up() -> None:
    async def scenario() -> None:
        pool = ProcessPool(
            "test",
            processes=1,
            setup=slow_setup,
            setup_args=(30.0,),
            nice=TEST_POOL_NICE,
            setup_seconds=0.5,
        )
        try:
            started = time.monotonic()
            with pytest.raises(TimeoutError):
                await pool.run(state_of, seconds=0.5)
            assert time.monotonic() - started < 20.0
        finally:
            pool.shutdown()

    asyncio.run(scenario())


def test_a_process_pool_refuses_work_past_its_queue_at_once() -> None:
    async def scenario() -> None:
        pool = ProcessPool("test", processes=1, queue_limit=1, nice=TEST_POOL_NICE)
        try:
            await pool.run(pid_of, seconds=60)
            # the running job holds the process for 5 s: the queue is full until it ends,
            # whenever a loaded machine gets there (a wait for it is a guard against a hang)
            running = asyncio.ensure_future(pool.run(pid_of, 5.0, seconds=60))
            waiting = asyncio.ensure_future(pool.run(pid_of, seconds=60))
            for _ in range(600):
                if pool.status()["saturated"] and pool.status()["waiting"] == 1:
                    break
                await asyncio.sleep(0.05)
            assert pool.status()["saturated"] and pool.status()["waiting"] == 1
            with pytest.raises(PoolBusy):
                await pool.run(pid_of, seconds=60)
            assert not running.done(), "the running job ended before the queue was tested"
            assert await running == await waiting
        finally:
            pool.shutdown()

    asyncio.run(scenario())


WORST_CHECK_BOARD = (
    "zzzzzzzzzzzzzzzzzzzz/zzzzzzzzzzzzzzzzzzzz/zzzzzzzzzzzzzzzzzzzz/zzzzzzzzzzzzzzzzzzzz/"
    "zzzzzzzzzzzzzzzzzzzz/zzzzzzzzzzzzzzzzzzzz/zzzzzzzzzzzzzzzzzzzz/zzzzzzzzzzzzzzzzzzzz/"
    "zzzzzzzzzzzzzzzzzzzz/zzaaaaaaazzzaaaaaaaz/zzaaaaaaaaaaaaaaaaaz/zzzaaaaaazzzaaaaaazz/"
    "zzzzzzzzzaaazzzzzzzz/zzzzzzzzzaaazzzzzzzz/zzzzzzzzzaaazzzzzzzz/zzzzzzzzzaaazzzzzzzz/"
    "zzzzzzzzzaaazzzzzzzz/zzzzzzzzzaaazzzzzzzz/zzzzzzzzzaaazzzzzzzz/zzzzzzzzzzzzzzzzzzzz"
)
"""64 a's in three arms meeting at one cell: no path spells a*64, and the search only
learns it after its whole step budget (the worst check, as ``benchmarks/web_load.py``)."""


def test_checks_play_and_judge_in_the_round_process_answer_as_on_threads() -> None:
    bodies = [
        ("/api/check", {"board": FXIE, "word": "fame"}),
        ("/api/check", {"board": FXIE, "word": "faxe"}),
        ("/api/play", {"board": FXIE, "words": ["fame", "fame", "zzz"], "finished": True}),
        ("/api/judge", {"board": FXIE, "players": [{"name": "a", "words": ["fame", "mile"]}]}),
        ("/api/check", {"board": WORST_CHECK_BOARD, "word": "a" * 64}),
    ]
    answers = {}
    for processes in (0, 1):
        # Not a test of the time limit: room enough for a machine under load.
        config = WebConfig(limits=Limits(round_processes=processes, solve_seconds=60.0))
        with served(app_at_test_priority(config)) as port:
            answers[processes] = [request(port, "POST", path, body)[:2] for path, body in bodies]
            health = request(port, "GET", "/api/health")[1]
        assert health["workers"]["round"].get("processes", False) is (processes == 1)
    assert answers[1] == answers[0]
    assert answers[1][0][1]["status"] == "counted"
    assert answers[1][4][1]["status"] == "not_a_word"  # the search gave up: not on the board


def test_a_flood_of_worst_checks_waits_in_the_bounded_queue_or_is_refused() -> None:
    """More worst checks at once than the round queue holds: the ones past it get 503 at
    once, the others are answered or stopped at the time limit; solves answer meanwhile
    and the round process is there for the next check."""
    # The limit is room enough for a machine under load: the queue's bound is what is tested.
    limits = Limits(round_processes=1, round_queue=2, solve_seconds=30.0)
    with served(app_at_test_priority(WebConfig(limits=limits))) as port:
        statuses: list[int] = []

        def check() -> None:
            body = {"board": WORST_CHECK_BOARD, "word": "a" * 64}
            # the client waits past the server's limit: a 408 sent at 30 s is read, not lost
            # to a client giving up at the same 30 s (request's default) on a loaded machine
            statuses.append(request(port, "POST", "/api/check", body, timeout=90)[0])

        threads = [threading.Thread(target=check) for _ in range(8)]
        for thread in threads:
            thread.start()
        time.sleep(0.3)
        solved = request(port, "POST", "/api/solve", {"board": FXIE})
        assert solved[0] == 200 and solved[1]["count"] > 0
        for thread in threads:
            thread.join(120)
        assert len(statuses) == 8 and set(statuses) <= {200, 408, 503}
        assert statuses.count(503) >= 5  # one running, two waiting: the rest refused
        status, verdict, _ = request(port, "POST", "/api/check", {"board": FXIE, "word": "fame"})
        assert (status, verdict["status"]) == (200, "counted")
