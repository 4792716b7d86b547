"""Worker threads for the web app's slow work, with a time limit that really stops it.

A thread cannot be killed, so work past its time is *interrupted*: the thread gets a
:class:`WorkInterrupted` exception raised into it (CPython's ``PyThreadState_SetAsyncExc``),
which stops pure-Python work (a path search, judging a round) at its next step and compiled
work (a solve in C) as soon as the call returns.  The thread is then free for the next job,
so requests that time out can never leave the pool stuck.  A pool also refuses new work at
once (:class:`PoolBusy`) when too many jobs wait, instead of queueing without end.

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
import concurrent.futures
import ctypes
import enum
import queue
import threading
from collections.abc import Callable
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
