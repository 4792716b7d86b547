"""What one room, one player and one connection may ask of the server.

Every limit is refused with a :class:`RoomError` whose ``code`` a client can act on
and whose message is one line for people.

>>> limiter = RateLimiter(rate=2, burst=2, now=0.0)
>>> [limiter.allow(0.0), limiter.allow(0.0), limiter.allow(0.0), limiter.allow(0.5)]
[True, True, False, True]
>>> by_address = KeyedRateLimiter(rate=1, burst=1)
>>> by_address.wait("a", now=0.0), by_address.wait("a", now=0.25), by_address.wait("b", now=0.25)
(0.0, 0.75, 0.0)
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from boggle.errors import BoggleError


class RoomError(BoggleError):
    """A request a room refuses: ``code`` names the reason (``room_full``, ``time_up``...),
    the message says it in one line."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class RoomLimits:
    """The limits of the rooms of one server."""

    max_rooms: int = 500
    max_players: int = 16
    max_name_length: int = 24
    max_words_per_round: int = 300
    max_word_length: int = 40
    messages_per_second: float = 10.0
    message_burst: int = 20
    """Messages a connection may send at once before the rate applies."""
    max_refused_in_a_row: int = 200
    """Messages over the rate, in a row, after which the connection is closed."""
    max_message_bytes: int = 2048
    idle_outside_room_seconds: float = 30.0
    """A connection in no room is closed after this long without a message (``ping`` aside)."""
    max_sockets_per_address: int = 100
    """Room connections open at once from one address (an IPv6 /64); 0: no cap."""
    host_grace_seconds: float = 30.0
    """A host whose connection dropped without ``leave`` is still host if back within this;
    after it the role passes to a connected player."""
    code_lookups_per_second: float = 2.0
    """Room codes one address may look up: each stored-results request, each ``join`` or
    ``rejoin`` of a code no room has (so codes cannot be guessed)."""
    code_lookup_burst: int = 10
    idle_seconds: float = 30 * 60
    """A room with no message from any player for this long is closed."""
    min_round_seconds: int = 5
    max_round_seconds: int = 600
    max_side: int = 10
    max_rounds: int = 50
    max_target: int = 10_000
    max_unfound_shown: int = 400

    def to_json(self) -> dict[str, float]:
        return {name: float(value) for name, value in vars(self).items()}


class RateLimiter:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.updated = now

    def allow(self, now: float) -> bool:
        """Take one token if there is one."""
        return self.wait(now) == 0.0

    def wait(self, now: float, take: bool = True) -> float:
        """Take one token (unless not ``take``) if there is one (0.0); else the seconds until
        there is one."""
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= take
            return 0.0
        return (1 - self.tokens) / self.rate


class KeyedRateLimiter:
    """A :class:`RateLimiter` for each key (a client address), ``max_keys`` kept at most:
    past that the least recently used are dropped (which starts them afresh)."""

    def __init__(self, rate: float, burst: int, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.buckets: OrderedDict[str, RateLimiter] = OrderedDict()

    def wait(self, key: str, now: float, take: bool = True) -> float:
        """0.0 when ``key`` may go on now (a token taken unless not ``take``), else the
        seconds to wait."""
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = RateLimiter(self.rate, self.burst, now)
            while len(self.buckets) > self.max_keys:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        return bucket.wait(now, take)
