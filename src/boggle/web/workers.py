"""Worker threads for the web app's slow work, with a time limit that really stops it.

A thread cannot be killed, so work past its time is *interrupted*: the thread gets a
:class:`WorkInterrupted` exception raised into it (CPython's ``PyThreadState_SetAsyncExc``),
which stops pure-Python work (a path search, judging a round) at its next step and compiled
work (a solve in C) as soon as the call returns.  The thread is then free for the next job,
so requests that time out can never leave the pool stuck.  A pool also refuses new work at
once (:class:`PoolBusy`) when too many jobs wait, instead of queueing without end.

Pure-Python work that runs long (path searches) holds the interpreter's lock while it runs,
and on a thread of the server that is time taken from every request and WebSocket.
:class:`ProcessPool` runs such work in worker processes of their own, at a lower CPU
priority, a job past its time stopped by ending its process (a new one takes its place).

>>> import asyncio
>>> pool = WorkerPool("example", threads=1)
>>> asyncio.run(pool.run(lambda: 6 * 7, seconds=5))
42
>>> pool.status()["threads"], pool.status()["interrupted"]
(1, 0)
>>> pool.shutdown()
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import ctypes
import enum
import multiprocessing
import os
import pickle
import queue
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class WorkInterrupted(BaseException):
    """Raised into a worker thread whose job ran out of time (a BaseException, so that no
    ``except Exception`` in the work swallows it)."""


class PoolBusy(Exception):
    """Every thread is busy and the queue is full: try again later."""


class _State(enum.Enum):
    WAITING = "waiting"
    RUNNING = "running"
    INTERRUPTED = "interrupted"
    FINISHED = "finished"


def _raise_in_thread(thread_id: int, error: type[BaseException] | None) -> None:
    """Raise ``error`` in the thread at its next Python step (``None``: take it back)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(error) if error else None
    )


class _Job(Generic[T]):
    def __init__(self, work: Callable[[], T]) -> None:
        self.work = work
        self.future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self.state = _State.WAITING
        self.thread_id = 0
        self.lock = threading.Lock()


class WorkerPool:
    """``threads`` worker threads (started on first use) and a queue of at most
    ``queue_limit`` waiting jobs; :meth:`run` awaits a job with a time limit."""

    def __init__(self, name: str, threads: int, queue_limit: int | None = None) -> None:
        self.name = name
        self.threads = threads
        self.queue_limit = threads * 8 if queue_limit is None else queue_limit
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[_Job[Any] | None] = queue.SimpleQueue()
        self._workers: list[threading.Thread] = []
        self._running = 0
        self._waiting = 0
        self.interrupted = 0
        """Jobs stopped for running out of time, since the pool was made."""

    def submit(self, work: Callable[[], T]) -> _Job[T]:
        """Queue ``work``; :class:`PoolBusy` when the queue is full."""
        job = _Job(work)
        with self._lock:
            if self._waiting >= self.queue_limit:
                raise PoolBusy(f"the {self.name} workers are all busy")
            if not self._workers:
                self._workers = [
                    threading.Thread(
                        target=self._serve, name=f"boggle-{self.name}-{i}", daemon=True
                    )
                    for i in range(self.threads)
                ]
                for worker in self._workers:
                    worker.start()
            self._waiting += 1
        self._queue.put(job)
        return job

    async def run(self, work: Callable[[], T], seconds: float) -> T:
        """The result of ``work`` run on a worker thread; :class:`TimeoutError` after
        ``seconds``, when the work is interrupted (also when the awaiting task is cancelled)."""
        job = self.submit(work)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(job.future), seconds)
        except BaseException:
            self.interrupt(job)
            raise

    def interrupt(self, job: _Job[Any]) -> None:
        """Stop a job: dropped if it still waits, interrupted if it runs."""
        with job.lock:
            if job.state is _State.WAITING:
                job.state = _State.FINISHED
            elif job.state is _State.RUNNING:
                job.state = _State.INTERRUPTED
                _raise_in_thread(job.thread_id, WorkInterrupted)
                with self._lock:
                    self.interrupted += 1

    def status(self) -> dict[str, Any]:
        """Threads, jobs running and waiting, and whether every thread is busy."""
        with self._lock:
            running, waiting = self._running, self._waiting
        return {
            "threads": self.threads,
            "running": running,
            "waiting": waiting,
            "interrupted": self.interrupted,
            "saturated": running >= self.threads,
        }

    def shutdown(self) -> None:
        """Stop the threads once their jobs end (the pool starts again on the next submit)."""
        with self._lock:
            workers, self._workers = self._workers, []
        for _ in workers:
            self._queue.put(None)

    def _serve(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            with self._lock:
                self._waiting -= 1
                self._running += 1
            try:
                self._run(job)
            finally:
                with self._lock:
                    self._running -= 1

    @staticmethod
    def _run(job: _Job[Any]) -> None:
        with job.lock:
            if job.state is not _State.WAITING or not job.future.set_running_or_notify_cancel():
                job.state = _State.FINISHED
                return
            job.state = _State.RUNNING
            job.thread_id = threading.get_ident()
        try:
            try:
                job.future.set_result(job.work())
            except WorkInterrupted:
                if not job.future.done():
                    job.future.set_exception(TimeoutError("the work was interrupted"))
            except BaseException as error:  # handed to whoever awaits the job
                job.future.set_exception(error)
            with job.lock:
                interrupted = job.state is _State.INTERRUPTED
                job.state = _State.FINISHED
                if interrupted:
                    _raise_in_thread(job.thread_id, None)  # one still on its way
        except WorkInterrupted:
            job.state = _State.FINISHED  # it landed after the work had ended


_READY = "ready"
"""What a worker process sends once its setup is done (its replies are pairs)."""

_PREPARED = "prepared"
"""What a worker process sends once a job's preparation is done: the job's time starts."""


class _Process:
    """One worker process and the parent's end of its pipe."""

    ready = False
    """Whether its setup is done: until then a job's time has not started."""

    def __init__(self, pool: ProcessPool, number: int) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a threaded server
        self.connection, child_end = context.Pipe()
        self.process = context.Process(
            target=_process_main,
            args=(child_end, pool.nice, pool.setup, pool.setup_args),
            name=f"boggle-{pool.name}-{number}",
            daemon=True,
        )
        _start_deaf_to_ctrl_c(self.process)
        child_end.close()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(5)
        self.connection.close()

    def stop(self) -> None:
        """Ask it to end once its job (if any) is done."""
        with contextlib.suppress(Exception):
            self.connection.send(None)
        self.connection.close()


def _start_deaf_to_ctrl_c(process: multiprocessing.process.BaseProcess) -> None:
    """Start ``process`` ignoring Ctrl-C from its first instruction: a terminal's Ctrl-C
    reaches every process of the foreground group, and one that came while the new
    interpreter was still importing (a server stopped at once) ended it with a
    ``KeyboardInterrupt`` traceback before :func:`_process_main` could ignore it.  An ignored
    SIGINT outlives ``exec``, and Python then leaves it ignored; the server's own handler is
    back once the process has started (a Ctrl-C in those milliseconds is lost, and is typed
    again)."""
    if threading.current_thread() is not threading.main_thread():
        process.start()  # signals are the main thread's to set (a test's server in a thread)
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        process.start()
    finally:
        signal.signal(signal.SIGINT, before)


def _process_main(
    connection: Connection, nice: int, setup: Callable[..., Any] | None, setup_args: tuple[Any, ...]
) -> None:
    """A worker process: ``setup(*setup_args)`` once, then each job ``(function, args,
    preparation)`` as ``function(state, *args)``, its result or error sent back; where the
    job has a ``preparation`` ``(prepare, prepare_args)``, ``prepare(state, *prepare_args)``
    first, its end told (:data:`_PREPARED`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server, which ends us
    with contextlib.suppress(OSError):
        os.nice(nice)
    state = setup(*setup_args) if setup is not None else None
    try:
        connection.send(_READY)
    except OSError:  # the server stopped while this process set up: nothing to say
        return
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        function, args, preparation = job
        try:
            if preparation is not None:
                prepare, prepare_args = preparation
                prepare(state, *prepare_args)
                connection.send(_PREPARED)
            reply: tuple[bool, Any] = (True, function(state, *args))
        except Exception as error:  # handed to whoever awaits the job
            reply = (False, error)
        try:
            pickle.loads(pickle.dumps(reply))  # one that cannot be sent whole goes as a line
        except Exception as error:
            reply = (False, RuntimeError(f"{type(error).__name__}: {error}"))
        connection.send(reply)


class ProcessPool:
    """``processes`` worker processes (started on first use, ``nice`` lowered) and a queue
    of at most ``queue_limit`` waiting jobs; :meth:`run` awaits ``function(state, *args)``
    in one of them, where ``state`` is what ``setup(*setup_args)`` gave that process.  The
    function, its arguments and its result travel by pickle (module-level functions).  A job
    past its time is answered with :class:`TimeoutError` at once; its process is ended if
    the job has not ended ``grace`` times its time later.  A process's setup (loading word
    lists, on a busy machine many seconds at its low priority) is not part of a job's time:
    a job sent to a process still setting up gets its whole time once the setup is done,
    which may take ``setup_seconds``.  Nor is a job's own preparation, run first in the
    same process (:meth:`run`'s ``prepare``: an index the work reads, built once a
    process)."""

    def __init__(
        self,
        name: str,
        processes: int,
        queue_limit: int | None = None,
        setup: Callable[..., Any] | None = None,
        setup_args: tuple[Any, ...] = (),
        nice: int = 10,
        grace: float = 2.0,
        setup_seconds: float = 60.0,
    ) -> None:
        self.name = name
        self.processes = processes
        self.queue_limit = processes * 8 if queue_limit is None else queue_limit
        self.setup = setup
        self.setup_args = setup_args
        self.nice = nice
        self._idle: list[_Process] = []
        self._busy: set[_Process] = set()
        self._started = 0
        self._waiters: collections.deque[asyncio.Future[_Process]] = collections.deque()
        self.grace = grace
        self.setup_seconds = setup_seconds
        self._drains: set[asyncio.Future[None]] = set()
        self.interrupted = 0
        """Jobs given up for running out of time, since the pool was made."""

    async def run(
        self,
        function: Callable[..., T],
        *args: Any,
        seconds: float,
        prepare: tuple[Callable[..., Any], tuple[Any, ...]] | None = None,
        prepare_seconds: float = 60.0,
    ) -> T:
        """``function(state, *args)`` in a worker process; :class:`TimeoutError` after
        ``seconds`` (waiting for a process included, its setup not), when the process is
        ended (also when the awaiting task is cancelled); :class:`PoolBusy` when the queue
        is full.  With ``prepare`` ``(preparation, prepare_args)``,
        ``preparation(state, *prepare_args)`` runs first in the same process, within
        ``prepare_seconds``, and ``seconds`` start when it ends."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        worker = await self._acquire(deadline)
        self._busy.add(worker)
        # the time from each of the process's words: its setup done, the preparation done
        limits = {_READY: seconds} if prepare is None else {_READY: prepare_seconds}
        if prepare is not None:
            limits[_PREPARED] = seconds
        try:
            worker.connection.send((function, args, prepare))
            if not worker.ready:
                deadline = max(deadline, loop.time() + self.setup_seconds + limits[_READY])
            elif prepare is not None:
                deadline = max(deadline, loop.time() + prepare_seconds)
            ok, value = await self._reply(worker, deadline, limits)
        except (TimeoutError, asyncio.CancelledError):
            self.interrupted += 1
            grace = max(limits.values()) * self.grace
            self._drains.add(asyncio.ensure_future(self._drain(worker, grace)))
            raise
        except BaseException:
            self._busy.discard(worker)
            self._replace(worker)
            raise
        self._busy.discard(worker)
        self._release(worker)
        if ok:
            result: T = value
            return result
        raise value

    def start(self) -> None:
        """Start the processes now (their setup runs while the server starts), not on
        first use."""
        while self._started < self.processes:
            self._started += 1
            self._idle.append(_Process(self, self._started))

    def status(self) -> dict[str, Any]:
        """Processes, jobs running and waiting, and whether every process is busy."""
        return {
            "threads": self.processes,
            "processes": True,
            "running": len(self._busy),
            "waiting": len(self._waiters),
            "interrupted": self.interrupted,
            "saturated": len(self._busy) >= self.processes,
        }

    def shutdown(self) -> None:
        """End the processes (the pool starts again on the next run)."""
        for drain in self._drains:
            drain.cancel()
        for worker in self._idle:
            worker.stop()
        for worker in self._busy:
            worker.kill()
        self._idle, self._busy, self._started = [], set(), 0

    async def _acquire(self, deadline: float) -> _Process:
        if self._idle:
            return self._idle.pop()
        if self._started < self.processes:
            self._started += 1
            return _Process(self, self._started)
        if len(self._waiters) >= self.queue_limit:
            raise PoolBusy(f"the {self.name} workers are all busy")
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[_Process] = loop.create_future()
        self._waiters.append(turn)
        try:
            await asyncio.wait({turn}, timeout=max(0.0, deadline - loop.time()))
        except BaseException:
            self._give_up(turn)
            raise
        if not turn.done():
            self._give_up(turn)
            raise TimeoutError("the work waited longer than its time")
        return turn.result()

    def _give_up(self, turn: asyncio.Future[_Process]) -> None:
        if turn.done() and not turn.cancelled():
            self._release(turn.result())  # a process came as the waiter gave up: pass it on
            return
        turn.cancel()
        with contextlib.suppress(ValueError):
            self._waiters.remove(turn)

    def _release(self, worker: _Process) -> None:
        while self._waiters:
            turn = self._waiters.popleft()
            if not turn.done():
                turn.set_result(worker)
                return
        self._idle.append(worker)

    async def _drain(self, worker: _Process, seconds: float) -> None:
        """A job given up: its answer is waited for another ``seconds`` (work bounded on its
        own, as a path search is, ends soon, and the process is kept: starting another
        costs far more), else the process is ended and another takes its place."""
        loop = asyncio.get_running_loop()
        try:
            await self._reply(worker, loop.time() + seconds)
        except BaseException:
            self._busy.discard(worker)
            self._replace(worker)
            return
        finally:
            self._drains.discard(asyncio.current_task())
        self._busy.discard(worker)
        self._release(worker)

    def _replace(self, worker: _Process) -> None:
        """End a process whose job was given up; start another if a job waits."""
        worker.kill()
        self._started -= 1
        if self._waiters:
            self._started += 1
            self._release(_Process(self, self._started))

    @staticmethod
    async def _reply(
        worker: _Process, deadline: float, limits: dict[str, float] | None = None
    ) -> tuple[bool, Any]:
        """The job's reply by ``deadline``; when the process says first that its setup or
        the job's preparation is done, the job has that word's ``limits`` from then (if
        given)."""
        loop = asyncio.get_running_loop()
        while True:
            readable: asyncio.Future[None] = loop.create_future()
            descriptor = worker.connection.fileno()

            def ready(readable: asyncio.Future[None] = readable) -> None:
                if not readable.done():
                    readable.set_result(None)

            loop.add_reader(descriptor, ready)
            try:
                await asyncio.wait_for(readable, max(0.0, deadline - loop.time()))
            finally:
                loop.remove_reader(descriptor)
            try:
                reply: tuple[bool, Any] | str = worker.connection.recv()
            except (EOFError, OSError):
                raise RuntimeError(f"a {worker.process.name} process ended in its work") from None
            if not isinstance(reply, str):
                return reply
            if reply == _READY:
                worker.ready = True
            if limits is not None and reply in limits:
                deadline = loop.time() + limits[reply]
