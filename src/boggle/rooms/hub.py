"""All the rooms of a server: creating them under a fresh 6-character code, finding
them by code, closing the idle ones and those everyone has left.

>>> from boggle import Lexicon
>>> hub = Hub(RoomLimits(max_rooms=1))
>>> room, host = hub.create(RoomSettings(), Lexicon.from_words(["fame"]), "ann", now=0.0)
>>> len(room.code), hub.find(room.code.lower()) is room, room.host == host.token
(6, True, True)
>>> hub.create(RoomSettings(), Lexicon.from_words(["fame"]), "bob", now=0.0)
Traceback (most recent call last):
...
boggle.rooms.limits.RoomError: this server has 1 room open, its limit; try again later
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable

from boggle.model.wording import counted
from boggle.rooms.limits import RoomError, RoomLimits
from boggle.rooms.room import Player, Room
from boggle.rooms.settings import RoomSettings
from boggle.wordlists.lexicon import Lexicon

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for one another (no 0/O, 1/I)."""
CODE_LENGTH = 6


CODE_SEPARATORS = str.maketrans("", "", " \t\n\r\u00a0-\u2010\u2011\u2013")
"""What people put inside a code read out or pasted (``ABC 234``, ``abc-234``): left out."""
ROOM_PATH = "/room/"
"""Where a room's link has its code (``http://host:8000/room/ABC234``)."""


MAX_CODE_SHOWN = 80
"""Characters of a code that is not one an error shows (a room's link is shorter)."""


def normalise_code(text: str) -> str:
    """A room code as typed (any case, spaces or a dash around or inside it, as a code
    read out in two halves is written), or the room's whole link pasted, in its canonical
    form.

    >>> normalise_code(" abc234 "), normalise_code("abc 234"), normalise_code("ABC-234")
    ('ABC234', 'ABC234', 'ABC234')
    >>> normalise_code("https://example.org/room/abc234?from=qr")
    'ABC234'
    >>> normalise_code("ABC10O")
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: a room code is 6 characters from A-Z and 2-9, got 'ABC10O'
    """
    _, link, after = text.rpartition(ROOM_PATH)
    given = re.split(r"[/?#]", after, maxsplit=1)[0] if link else text
    code = given.translate(CODE_SEPARATORS).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        # a link pasted is shown whole; 5,000 characters sent as a code are not echoed back
        shown = text if len(text) <= MAX_CODE_SHOWN else text[: MAX_CODE_SHOWN - 3] + "..."
        raise RoomError(
            "bad_code", f"a room code is {CODE_LENGTH} characters from A-Z and 2-9, got {shown!r}"
        )
    return code


class Hub:
    """The open rooms of a server, by code.

    >>> from boggle import Lexicon
    >>> hub = Hub()
    >>> room, ann = hub.create(RoomSettings(), Lexicon.from_words(["fame"]), "ann", now=0.0)
    >>> list(hub.rooms.values()) == [room], room.players[ann.token] is ann
    (True, True)
    """

    def __init__(
        self, limits: RoomLimits | None = None, taken: Callable[[str], bool] | None = None
    ) -> None:
        self.limits = limits or RoomLimits()
        self.rooms: dict[str, Room] = {}
        self._taken = taken or (lambda code: False)
        """Codes used before (by rooms whose results are stored) are not given again."""

    def create(
        self, settings: RoomSettings, lexicon: Lexicon, host_name: str, now: float
    ) -> tuple[Room, Player]:
        """A new room with its host as the first player.

        >>> from boggle import Lexicon
        >>> room, ann = Hub().create(RoomSettings(), Lexicon.from_words(["fame"]), "ann", now=0.0)
        >>> room.host == ann.token, ann.name, room.code.isalnum()
        (True, 'ann', True)
        """
        if len(self.rooms) >= self.limits.max_rooms:
            raise RoomError(
                "too_many_rooms",
                f"this server has {counted(len(self.rooms), 'room')} open, its limit; "
                "try again later",
            )
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not self._taken(code):
                break
        room = Room(code, settings, lexicon, self.limits, now)
        host = room.join(host_name, now)
        host.watching = not settings.host_plays
        self.rooms[code] = room
        return room, host

    def find(self, code: str) -> Room:
        """The open room with this code (typed in any case).

        >>> from boggle import Lexicon
        >>> hub = Hub()
        >>> room, _ = hub.create(RoomSettings(), Lexicon.from_words(["fame"]), "ann", now=0.0)
        >>> hub.find(f" {room.code.lower()} ") is room
        True
        >>> hub.find("ZZZZZZ")
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: there is no open room 'ZZZZZZ': a room closes once all \
its players have left, after 30 minutes without a message, or when the server stops
        """
        canonical = normalise_code(code)
        room = self.rooms.get(canonical)
        if room is None:
            minutes = self.limits.idle_seconds / 60
            raise RoomError(
                "unknown_room",
                # a restart too: a page back after it, the stop's notice missed, reads why
                f"there is no open room {canonical!r}: a room closes once all its players"
                f" have left, after {minutes:g} minutes without a message, or when the server"
                " stops",
            )
        return room

    def leave(self, room: Room, token: str, now: float) -> bool:
        """A player leaves ``room`` for good; a room whose players have all left is closed at
        once (one whose players only dropped stays open for them to come back).  Whether the
        room was closed.

        >>> from boggle import Lexicon
        >>> hub = Hub()
        >>> room, ann = hub.create(RoomSettings(), Lexicon.from_words(["fame"]), "ann", now=0.0)
        >>> hub.leave(room, ann.token, now=1.0), room.code in hub.rooms
        (True, False)
        """
        room.leave(token, now)
        if room.players:
            return False
        if self.rooms.get(room.code) is room:
            self.close(room.code)
        return True

    def idle(self, now: float) -> list[Room]:
        """The rooms nobody has sent anything to for longer than the limit.

        >>> from boggle import Lexicon
        >>> hub = Hub(RoomLimits(idle_seconds=60))
        >>> room, _ = hub.create(RoomSettings(), Lexicon.from_words(["fame"]), "ann", now=0.0)
        >>> hub.idle(now=30.0), hub.idle(now=61.0) == [room]
        ([], True)
        """
        return [r for r in self.rooms.values() if now - r.last_activity > self.limits.idle_seconds]

    def close(self, code: str) -> None:
        """Close the room with this code (nothing happens if none is open).

        >>> from boggle import Lexicon
        >>> hub = Hub()
        >>> room, _ = hub.create(RoomSettings(), Lexicon.from_words(["fame"]), "ann", now=0.0)
        >>> hub.close(room.code)
        >>> hub.rooms
        {}
        """
        self.rooms.pop(code, None)
