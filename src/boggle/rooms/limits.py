"""What one room, one player and one connection may ask of the server.

Every limit is refused with a :class:`RoomError` whose ``code`` a client can act on
and whose message is one line for people.

>>> limiter = RateLimiter(rate=2, burst=2, now=0.0)
>>> [limiter.allow(0.0), limiter.allow(0.0), limiter.allow(0.0), limiter.allow(0.5)]
[True, True, False, True]
"""

from __future__ import annotations

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
    words_per_second: float = 1000.0
    """Words all the rooms of the server take a second, together (a word over it waits its
    turn: see :mod:`boggle.rooms.budget`)."""
    word_burst: int = 200
    word_wait_seconds: float = 2.0
    """A word whose turn in the server's budget is further away is refused (``busy``)."""
    max_message_bytes: int = 2048
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
        self.tokens = min(self.burst, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
