"""Progress on stderr: a ``tqdm`` bar where stderr is a terminal; for the longest commands
(``prove``, ``stats``) a plain line now and then where it is not (a log file, a pipe)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

LINE_SECONDS = 60.0
"""Seconds between two progress lines off a terminal (the first after as long)."""


class ProgressLines:
    """Progress told in plain lines, for a stderr that is not a terminal: a line at most
    every ``every`` seconds, none for work done sooner (so a short run stays quiet).

    >>> import io
    >>> now = [0.0]
    >>> out = io.StringIO()
    >>> lines = ProgressLines("boggle prove", " classes", total=10, every=60, stream=out,
    ...                       clock=lambda: now[0])
    >>> lines.update(3); now[0] = 61.0; lines.update(1); lines.update(1)
    >>> out.getvalue()
    'boggle prove: 4 of 10 classes (40%), 1 min 1 s\\n'
    """

    def __init__(
        self,
        command: str,
        unit: str,
        total: int | None = None,
        initial: int = 0,
        every: float = LINE_SECONDS,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.command = command
        self.unit = unit.strip()
        self.total = total
        self.count = initial
        self.every = every
        self.stream = stream
        self.clock = clock
        self.started = self.last = clock()
        self.postfix = ""

    def update(self, count: int = 1) -> None:
        self.count += count
        now = self.clock()
        if now - self.last >= self.every:
            self.last = now
            self._say(now)

    def set_postfix_str(self, text: str) -> None:
        self.postfix = text

    def close(self) -> None:
        """Nothing to close: the lines are already written."""

    def _say(self, now: float) -> None:
        done = f"{self.count:,}"
        if self.total:
            done += f" of {self.total:,} {self.unit} ({100 * self.count // self.total}%)"
        else:
            done += f" {self.unit}"
        minutes, seconds = divmod(int(now - self.started), 60)
        spent = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
        postfix = f", {self.postfix}" if self.postfix else ""
        stream = self.stream if self.stream is not None else sys.stderr
        print(f"{self.command}: {done}, {spent}{postfix}", file=stream, flush=True)


def spelled_duration(seconds: float) -> str:
    """A length of time as a person reads it, however long: seconds, minutes, hours, days,
    then years grouped by thousands (``stats --random 10**20`` takes millions of them).

    >>> spelled_duration(42), spelled_duration(750), spelled_duration(2e5), spelled_duration(2e15)
    ('42 s', '12.5 minutes', '2.3 days', '63,376,176 years')
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} hours"
    if seconds < 2 * YEAR_SECONDS:
        return f"{seconds / 86400:.1f} days"
    return f"{seconds / YEAR_SECONDS:,.0f} years"


YEAR_SECONDS = 365.25 * 86400


def time_left(done: int, total: int, seconds: float) -> str:
    """About how long the rest of ``total`` takes at the pace of the ``done`` in
    ``seconds`` so far ("" before any is done).

    >>> time_left(50_000, 10**20, 1.0)
    'about 63,376,176 years left'
    """
    if done <= 0 or seconds <= 0 or total <= done:
        return ""
    return f"about {spelled_duration((total - done) * seconds / done)} left"


def progress_bar(
    unit: str,
    total: int | None = None,
    description: str | None = None,
    initial: int = 0,
    lines_for: str | None = None,
) -> Any:
    """A ``tqdm`` bar counting ``unit`` on stderr (from ``initial``: work done before, such as
    a resumed proof's classes); where stderr is not a terminal, :class:`ProgressLines`
    headed ``lines_for`` (a command's name) when given, else ``None``."""
    if not sys.stderr.isatty():
        if lines_for is None:
            return None
        return ProgressLines(lines_for, unit, total=total, initial=initial, every=LINE_SECONDS)
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(
        total=total,
        initial=initial,
        unit=unit,
        desc=description,
        file=sys.stderr,
        mininterval=0.5,
    )
