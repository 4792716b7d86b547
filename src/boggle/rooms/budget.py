"""The words all the rooms of a server take a second, together: a budget shared by every
connection, so that many players typing fast slow down their own words, not the pings,
pages and solves of everyone else.

A word that finds the budget spent waits its turn (the connection it came on is read no
further meanwhile, so a flood slows the flooders); a word whose turn is further away than
``max_wait`` seconds is refused at once instead.  The rate is at most the one set, and lower
while the server runs late (:meth:`WordBudget.adapt`, told how late a timer woke): a machine
busy with other work takes fewer words a second, and the pings and solves keep their time.

>>> budget = WordBudget(rate=2, burst=2, max_wait=1.0, now=0.0)
>>> [budget.wait(0.0) for _ in range(5)]
[0.0, 0.0, 0.5, 1.0, None]
>>> budget.wait(1.0)  # the turns taken are paid back at ``rate`` a second
0.5
>>> budget.adapt(lag=0.5); budget.rate  # the server ran late: fewer words a second
1.6
"""

from __future__ import annotations


class WordBudget:
    """A token bucket whose takers queue: ``burst`` words at once, then ``rate`` a second,
    each word told how long to wait for its turn (``None``: longer than ``max_wait``)."""

    def __init__(
        self,
        rate: float,
        burst: int,
        max_wait: float,
        now: float,
        lag_target: float = 0.01,
        min_rate: float | None = None,
    ) -> None:
        self.rate = rate
        self.max_rate = rate
        self.min_rate = rate / 4 if min_rate is None else min_rate
        self.lag_target = lag_target
        """A timer that wakes later than this says the server is behind."""
        self.burst = float(burst)
        self.max_wait = max_wait
        self.tokens = float(burst)
        """Words that may go at once; below zero, the turns already promised."""
        self.updated = now
        self.refused = 0
        """Words refused for a wait past ``max_wait``, since the budget was made."""

    def wait(self, now: float) -> float | None:
        """Seconds until this word's turn (its turn is taken), or ``None`` when that is
        longer than ``max_wait`` (nothing taken)."""
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        wait = 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate
        if wait > self.max_wait:
            self.refused += 1
            return None
        self.tokens -= 1
        return wait

    def adapt(self, lag: float) -> None:
        """Take a fifth off the rate when a timer woke ``lag`` seconds late, over the target;
        give back 2% and one word (up to the rate set) when it woke in time."""
        if lag > self.lag_target:
            self.rate = max(self.min_rate, self.rate * 0.8)
        else:
            self.rate = min(self.max_rate, self.rate * 1.02 + 1)
