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

import math
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass

from boggle.model.checks import check_limits
from boggle.model.errors import BoggleError
from boggle.model.wording import printable_name


class RoomError(BoggleError):
    """A request a room refuses: ``code`` names the reason (``room_full``, ``time_up``...),
    the message says it in one line.

    >>> from boggle.rooms.hub import normalise_code
    >>> normalise_code("ab")
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: a room code is 6 characters from A-Z and 2-9, got 'ab'
    >>> RoomError("room_full", "the room is full: 40 players at most").code
    'room_full'
    """

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after
        """Seconds after which the same request would be taken (rate limits only)."""


MAX_EVENING_MATCHES = 100
"""The most matches a room's evening keeps (:attr:`boggle.rooms.room.Room.evening`, each
finished match folded into its final standings): the older ones are dropped, and the evening
table says how many (``dropped``), so a room open for weeks does not grow without end."""

MAX_DROPPED_NAMES = 1000
"""The most names a room remembers of the matches dropped from its evening
(:attr:`boggle.rooms.room.Room.dropped_names`, refused to a name change as the evening's
names are); past it the oldest are forgotten, and a player could take one of those."""


MAX_NAME_LENGTH = 24
"""The most characters (code points, as :func:`player_name` counts them) a player's name has,
in a room and in a challenge alike: the one number both take, and that the pages read from
``GET /api/options`` (``limits.max_name_length``)."""


def player_name(text: str, max_length: int) -> str:
    """A player's name as shown: inner spaces collapsed, composed (NFC, so "José" typed
    on two phones is one name), at most ``max_length`` characters, printable; the
    invisible characters inside an emoji (a zero-width joiner between two emoji, the tags
    of a region's flag) are part of it.  Anything else is a ``bad_name`` error.

    >>> woman_technologist = "\U0001f469\u200d\U0001f4bb"
    >>> shown = player_name(f" {woman_technologist}  Bo", 24)
    >>> player_name("  ann   lee ", 24), shown == f"{woman_technologist} Bo"
    ('ann lee', True)
    >>> player_name("ann\u200d", 24)
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: a name is 1 to 24 printable characters (letters, digits, \
signs, emoji)
    """
    shown = unicodedata.normalize("NFC", " ".join(text.split()))
    if (
        not shown
        or len(shown) > max_length
        or not printable_name(shown)
        or not _shows_plainly(shown)
    ):
        raise RoomError(
            "bad_name",
            f"a name is 1 to {max_length} printable characters (letters, digits, signs, emoji)",
        )
    return shown


LOOK_ALIKES = {
    # Cyrillic, as case folding leaves it (its capital A and small a alike)
    "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0455": "s", "\u0456": "i",
    "\u0458": "j", "\u043a": "k", "\u043c": "m", "\u043d": "h", "\u043e": "o",
    "\u0440": "p", "\u0441": "c", "\u0442": "t", "\u0443": "y", "\u0445": "x",
    "\u04bb": "h", "\u0501": "d", "\u051b": "q", "\u051d": "w", "\u04af": "y",
    "\u04cf": "l",
    # Greek
    "\u03b1": "a", "\u03b2": "b", "\u03b3": "y", "\u03b5": "e", "\u03b6": "z",
    "\u03b7": "h", "\u03b9": "i", "\u03ba": "k", "\u03bc": "m", "\u03bd": "n",
    "\u03bf": "o", "\u03c1": "p", "\u03c4": "t", "\u03c5": "y", "\u03c7": "x",
    "\u03f2": "c", "\u03f3": "j",
}  # fmt: skip
"""The Cyrillic and Greek letters (lower case, as :func:`name_key` folds them) that read
as a Latin one, and that letter: a name spelled with them beside the Latin one ("\u0430nn",
its first letter Cyrillic, beside "ann") reads as the same name.  A letter whose capital and
small letter look like two Latin ones (Greek nu: N and v) goes by its capital, as the
Cyrillic letters whose small letter reads as none (\u041d, H) do.  ``static/challenge.js``
holds the same table."""
_LOOK_ALIKES = str.maketrans(LOOK_ALIKES)


def name_key(name: str) -> str:
    """The form in which two players' names are compared: a name is taken whatever its
    case, and whatever the compatibility form of its letters, so that fullwidth letters
    (a phone's East Asian keyboard), a ligature or a superscript digit do not make a second
    name that reads as the first (Unicode's NFKC and case folding, NFKC again after it);
    and a Cyrillic or Greek letter that reads as a Latin one is that letter
    (:data:`LOOK_ALIKES`), accents kept, so "\u0430nn" with a Cyrillic a is "ann".  A name
    wholly in another script keeps its letters: "\u0421\u0430\u0448\u0430" (Sasha)
    is a name beside "Sasha", only a name that reads as another is refused.

    >>> name_key("Ann"), name_key("\uff21\uff2e\uff2e"), name_key("\ufb01n"), name_key("bo\u00b2")
    ('ann', 'ann', 'fin', 'bo2')
    >>> name_key("\u0410nn"), name_key("\u0391NN"), name_key("Z\u04e7e"), name_key("Z\u00f6e")
    ('ann', 'ann', 'z\u00f6e', 'z\u00f6e')
    """
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    return unicodedata.normalize("NFKC", folded.translate(_LOOK_ALIKES))


BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters Python counts as printable that show nothing: the Hangul fillers and the
blank braille pattern (a name of them alone looks like no name)."""
MAX_MARKS_IN_A_ROW = 4
"""Combining marks one character may carry in a name: scripts stack two or three (Thai's
vowel and tone, an emoji's variation selector and keycap); more only smear over the lines
around it ("Zalgo" text)."""


def _shows_plainly(name: str) -> bool:
    """Whether a name (composed, printable) shows as itself: it has a character that is not
    blank, it does not start with a combining mark (which would sit on what the page shows
    before it), and no character carries more than :data:`MAX_MARKS_IN_A_ROW` marks.

    >>> _shows_plainly("Zoë"), _shows_plainly("\u0301ann"), _shows_plainly("\u3164")
    (True, False, False)
    >>> _shows_plainly("e" + "\u0301" * 5)
    False
    """
    marks = 0
    for at, char in enumerate(name):
        if unicodedata.category(char).startswith("M"):
            marks += 1
            if at == 0 or marks > MAX_MARKS_IN_A_ROW:
                return False
        else:
            marks = 0
    return not all(
        char.isspace() or char in BLANK_LETTERS or unicodedata.category(char).startswith("M")
        for char in name
    )


WATCHING_HOST_GRACE_SECONDS = 10 * 60
"""How long a host who shows the board and does not play (``host_plays`` off, a teacher's
projector) keeps the role while their page is away: long, for a laptop asleep or a dropped
Wi-Fi, but not for ever, for a teacher who never comes back (the pupils could start no round
until the room closed); the room's idle time when shorter (:meth:`RoomLimits.host_grace`)."""


@dataclass(frozen=True)
class RoomLimits:
    """The limits of the rooms of one server.

    >>> RoomLimits(max_players=4).max_players, RoomLimits().max_rooms
    (4, 500)
    >>> RoomLimits(max_players=0)
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: max_players must be at least 1, got 0
    """

    max_rooms: int = 500
    max_players: int = 40
    max_name_length: int = MAX_NAME_LENGTH
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
    idle_outside_room_seconds: float = 30.0
    """A connection in no room is closed after this long without a message (``ping`` aside)."""
    max_sockets_per_address: int = 100
    """Room connections open at once from one address (an IPv6 /64); 0: no cap."""
    host_grace_seconds: float = 30.0
    """A host whose connection dropped without ``leave`` is still host if back within this;
    after it the role passes to a connected player (a host who shows the board and does
    not play has longer: :meth:`host_grace`)."""
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
    """The words nobody found listed after a round, common first (0: every one)."""
    rooms_per_connection: int = 3
    """Rooms one connection may create at once; then one more every
    ``seconds_per_room_per_connection`` (0: no limit per connection)."""
    seconds_per_room_per_connection: float = 20.0
    rooms_per_address: int = 10
    """Rooms the connections of one client address may create at once; then one more every
    ``seconds_per_room_per_address`` (0: no limit per address)."""
    seconds_per_room_per_address: float = 15.0

    def __post_init__(self) -> None:
        check_limits(
            self,
            zero_means_none={
                "rooms_per_connection",
                "max_sockets_per_address",
                "rooms_per_address",
                "seconds_per_room_per_connection",
                "seconds_per_room_per_address",
                "max_unfound_shown",
                "word_wait_seconds",
                "host_grace_seconds",
            },
        )

    def to_json(self) -> dict[str, float]:
        """Every limit by name, as a number (for ``/api/health`` and the page).

        >>> limits = RoomLimits(max_players=4).to_json()
        >>> limits["max_players"], limits["idle_seconds"], len(limits)
        (4.0, 1800.0, 28)
        """
        return {name: float(value) for name, value in vars(self).items()}

    def host_grace(self, watching: bool) -> float:
        """Seconds an absent host keeps the role: ``host_grace_seconds``, or for a host who
        shows the board and does not play (``watching``) ``WATCHING_HOST_GRACE_SECONDS``, or
        ``idle_seconds`` when shorter, never less than ``host_grace_seconds``.

        >>> RoomLimits().host_grace(False), RoomLimits().host_grace(True)
        (30.0, 600.0)
        >>> RoomLimits(idle_seconds=300).host_grace(True)
        300.0
        """
        if not watching:
            return float(self.host_grace_seconds)
        longest = min(float(WATCHING_HOST_GRACE_SECONDS), float(self.idle_seconds))
        return max(float(self.host_grace_seconds), longest)


class RateLimiter:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second.

    >>> limiter = RateLimiter(rate=1, burst=2, now=0.0)
    >>> [limiter.allow(0.0) for _ in range(3)], limiter.allow(1.0)
    ([True, True, False], True)
    """

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.updated = now

    def allow(self, now: float) -> bool:
        """Take one token if there is one.

        >>> limiter = RateLimiter(rate=2, burst=1, now=0.0)
        >>> limiter.allow(0.0), limiter.allow(0.1), limiter.allow(0.5)
        (True, False, True)
        """
        self._refill(now)
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self, now: float) -> float:
        """Seconds until a token is there (0 if one is there now).

        >>> limiter = RateLimiter(rate=0.5, burst=1, now=0.0)
        >>> limiter.allow(0.0), limiter.wait(0.5)
        (True, 1.5)
        """
        self._refill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def full(self, now: float) -> bool:
        """Whether the bucket is full again (nothing taken lately).

        >>> limiter = RateLimiter(rate=1, burst=2, now=0.0)
        >>> limiter.full(0.0), limiter.allow(0.0), limiter.full(0.5), limiter.full(1.0)
        (True, True, False, True)
        """
        self._refill(now)
        return self.tokens >= self.burst

    def _refill(self, now: float) -> None:
        if math.isinf(self.rate):
            self.tokens = self.burst
        else:
            self.tokens = min(self.burst, self.tokens + max(0.0, now - self.updated) * self.rate)
        self.updated = max(self.updated, now)


class CreationLimiter:
    """How fast rooms may be created: per connection and per client address (token buckets
    from :class:`RoomLimits`).  A refusal is a ``rate_limited`` :class:`RoomError` that says
    when to try again (``retry_after``, whole seconds).

    >>> gate = CreationLimiter(RoomLimits(rooms_per_connection=1))
    >>> mine = gate.for_connection(0.0)
    >>> gate.admit(mine, "192.0.2.1", 0.0)
    >>> gate.admit(mine, "192.0.2.1", 1.0)
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: too many rooms created from this connection; try again in 19 s
    """

    MAX_ADDRESSES = 4096
    """Addresses remembered before the least recently seen are forgotten."""

    def __init__(self, limits: RoomLimits) -> None:
        self.limits = limits
        self.by_address: KeyedRateLimiter | None = None
        if limits.rooms_per_address > 0 and limits.seconds_per_room_per_address > 0:
            self.by_address = KeyedRateLimiter(
                1 / limits.seconds_per_room_per_address,
                limits.rooms_per_address,
                max_keys=self.MAX_ADDRESSES,
            )

    def for_connection(self, now: float) -> RateLimiter:
        """The bucket of a new connection.

        >>> bucket = CreationLimiter(RoomLimits(rooms_per_connection=3)).for_connection(0.0)
        >>> bucket.burst, bucket.rate
        (3.0, 0.05)
        """
        return _bucket(
            self.limits.rooms_per_connection, self.limits.seconds_per_room_per_connection, now
        )

    def admit(self, connection: RateLimiter, address: str | None, now: float) -> None:
        """Take one room from both buckets, or refuse (and take nothing).

        >>> gate = CreationLimiter(RoomLimits(rooms_per_address=1))
        >>> gate.admit(gate.for_connection(0.0), "192.0.2.1", now=0.0)
        >>> gate.admit(gate.for_connection(0.0), "192.0.2.1", now=1.0)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: too many rooms created from your address; try again in 14 s
        """
        key = address if self.by_address is not None else None
        waits = [("this connection", connection.wait(now))]
        if self.by_address is not None and key is not None:
            waits.append(("your address", self.by_address.wait(key, now, take=False)))
        who, wait = max(waits, key=lambda item: item[1])
        if wait > 0:
            seconds = math.ceil(wait)
            raise RoomError(
                "rate_limited",
                f"too many rooms created from {who}; try again in {seconds} s",
                retry_after=seconds,
            )
        connection.allow(now)
        if self.by_address is not None and key is not None:
            self.by_address.wait(key, now)


def _bucket(burst: int, every: float, now: float) -> RateLimiter:
    """``burst`` at once, then one every ``every`` seconds (no limit when either is 0)."""
    if burst <= 0 or every <= 0:
        return RateLimiter(math.inf, 1, now)
    return RateLimiter(1 / every, burst, now)


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
        wait = bucket.wait(now)
        if wait == 0.0 and take:
            bucket.allow(now)
        return wait
