"""The bookkeeping every search method shares: the best boards, the clock, the stop.

A :class:`Tracker` keeps the ``top`` best distinct boards seen (distinct up
to symmetry), counts boards scored, and says when to stop: at the deadline,
when a board reaches the target, or after Ctrl-C.  ``on_progress`` is called
about twice a second with the best score, boards scored and seconds so far.
Seconds are wall-clock seconds, or with ``clock=time.process_time`` this
process's CPU seconds, so that a busy machine does not shorten a budget; the time is
never up before the first boards are scored.
``best_at`` is the time at which the best score was first reached.

>>> tracker = Tracker(rows=2, cols=2, top=2)
>>> tracker.offer(5, ("a", "b", "c", "d"), ("a", "b", "c", "d"))
>>> tracker.offer(5, ("a", "c", "b", "d"), ("a", "c", "b", "d"))  # a mirror image: same board
>>> [score for score, _, _ in tracker.best()]
[5]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from boggle.search.faces import Faces, canonical

Progress = Callable[[int, int, float], None]


class StopSignal(Protocol):
    """A flag shared by the runs of one search (``multiprocessing.Event``): set, all stop."""

    def set(self) -> None: ...
    def is_set(self) -> bool: ...


@dataclass
class Tracker:
    """The best boards so far and the stopping rules of one search."""

    rows: int
    cols: int
    top: int = 10
    seconds: float | None = None
    target: int | None = None
    on_progress: Progress | None = None
    clock: Callable[[], float] = time.monotonic
    stop: StopSignal | None = None
    boards_scored: int = 0
    started: float = field(default=0.0, init=False)
    interrupted: bool = False
    best_at: float = field(default=0.0, init=False)
    _best: dict[Faces, tuple[int, Any]] = field(default_factory=dict, init=False)
    _floor: int = field(default=-1, init=False)
    _top_score: int = field(default=-1, init=False)
    _last_report: float = field(default=0.0, init=False)

    def __post_init__(self) -> None:
        self.started = self.clock()

    @property
    def best_score(self) -> int:
        return self._top_score

    def elapsed(self) -> float:
        return self.clock() - self.started

    def offer(self, score: int, faces: Faces, state: Any) -> None:
        """Note a scored board; kept when it is among the ``top`` best distinct ones."""
        if score <= self._floor and len(self._best) >= self.top:
            return
        name = canonical(faces, self.rows, self.cols)
        if name in self._best:
            return
        self._best[name] = (score, state)
        if score > self._top_score:
            self._top_score, self.best_at = score, self.elapsed()
            if self.stop is not None and self.target is not None and score >= self.target:
                self.stop.set()
        if len(self._best) > self.top:
            worst = min(self._best, key=lambda k: (self._best[k][0], k))
            del self._best[worst]
            self._floor = min(score for score, _ in self._best.values())

    def best(self) -> list[tuple[int, Faces, Any]]:
        """The kept boards, best first (ties by canonical faces)."""
        ranked = sorted(self._best.items(), key=lambda item: (-item[1][0], item[0]))
        return [(score, name, state) for name, (score, state) in ranked]

    def count(self, boards: int) -> None:
        """Count scored boards and report progress now and then (from the first board kept:
        never a best of -1 before any board is in)."""
        self.boards_scored += boards
        if self.on_progress is not None and self._best:
            now = time.monotonic()
            if now - self._last_report >= 0.5:
                self._last_report = now
                self.on_progress(self.best_score, self.boards_scored, self.elapsed())

    def done(self) -> bool:
        """Time is up, the target is reached (here or in a run sharing ``stop``), or Ctrl-C.

        Time is never up before the first boards are scored: a run's starting boards (its
        pool, its first board) are scored however short ``seconds`` is, so a search that
        was not stopped always has a best board.

        >>> tracker = Tracker(rows=2, cols=2, seconds=1e-300)
        >>> tracker.done()
        False
        >>> tracker.count(1)
        >>> tracker.done()
        True
        """
        if self.interrupted or (self.stop is not None and self.stop.is_set()):
            return True
        if self.target is not None and self.best_score >= self.target:
            return True
        if self.boards_scored == 0 and not self._best:
            return False
        return self.seconds is not None and self.elapsed() >= self.seconds

    @property
    def restarts(self) -> bool:
        """Whether a method starts again when it converges (a time or score goal is set)."""
        return self.seconds is not None or self.target is not None
