"""The room protocol's messages: reading what a client sends, writing what it is sent.

Every message is one JSON object with a ``type``; ``docs/web.md`` lists them all.
A message that is not valid raises :class:`RoomError`; the connection gets an
``error`` message and carries on.

>>> parse_message('{"type": "word", "word": "fame"}', RoomLimits())
ClientMessage(type='word', fields={'word': 'fame'})
>>> parse_message('{"type": "rematch", "settings": {"seconds": 60}}', RoomLimits()).fields
{'settings': {'seconds': 60}}
>>> parse_message('{"type": "word", "word": 7}', RoomLimits())
Traceback (most recent call last):
...
boggle.rooms.limits.RoomError: 'word' of a 'word' message must be text
>>> parse_message('{"type": "word", "word": "fame", "word": "mile"}', RoomLimits())
Traceback (most recent call last):
...
boggle.rooms.limits.RoomError: a message names 'word' twice in one object; give each name once
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from boggle.model.json_text import RepeatedNameError, read_json
from boggle.model.render import board_json
from boggle.model.wording import counted, grouped, short_line
from boggle.rooms.limits import RoomError, RoomLimits
from boggle.rooms.room import Phase, Player, Room, WordFeedback
from boggle.wordlists.spelling import lexicon_profile

CLIENT_MESSAGES: dict[str, dict[str, type]] = {
    "create": {"name": str, "settings": dict},
    "join": {"code": str, "name": str},
    "rejoin": {"code": str, "token": str},
    "start": {},
    "word": {"word": str},
    "rematch": {},
    "leave": {},
    "remove": {"name": str},
    "challenge": {"code": str},
    "rename": {"name": str},
    "ping": {},
}
"""Each type a client may send, and its fields (all required)."""
OPTIONAL_FIELDS: dict[str, dict[str, type]] = {
    "rematch": {"settings": dict},
    "join": {"token": str},
}
"""The fields a message may leave out: a rematch's new settings (as ``create`` takes them),
and a join's ``token``, the seat its browser had in the room (a shared device's last pupil:
:meth:`~boggle.rooms.room.Room.release`)."""

TYPE_NAMES: dict[type, str] = {str: "text", dict: "an object"}

MAX_NESTING = 4
"""Objects and arrays within one another a message may have (it needs 2: the message and
its settings); deeper ones are refused before anything walks them."""


@dataclass(frozen=True)
class ClientMessage:
    type: str
    fields: dict[str, Any]


def parse_message(data: str | bytes, limits: RoomLimits) -> ClientMessage:
    """Check a client's message: its size, JSON, type and fields."""
    if len(data) > limits.max_message_bytes:
        raise RoomError(
            "too_large",
            f"the message is {counted(len(data), 'byte')}; at most "
            f"{grouped(limits.max_message_bytes)} are read",
        )
    try:
        value = read_json(data, "a message")
    except RepeatedNameError as error:
        raise RoomError("bad_field", str(error)) from None
    except (ValueError, UnicodeDecodeError):
        raise RoomError("bad_json", "a message must be one JSON object") from None
    except RecursionError:  # arrays or objects nested hundreds deep
        raise _too_deep() from None
    if _nested_deeper(value, MAX_NESTING):
        raise _too_deep()
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise RoomError("bad_message", 'a message must be a JSON object with a "type"')
    kind = value.pop("type")
    if kind not in CLIENT_MESSAGES:
        raise RoomError(
            "unknown_type", f"unknown message type {kind[:40]!r}; see docs/web.md for the types"
        )
    expected = CLIENT_MESSAGES[kind]
    optional = OPTIONAL_FIELDS.get(kind, {})
    if extra := sorted(set(value) - set(expected) - set(optional)):
        raise RoomError("bad_field", f"a {kind!r} message has no field {extra[0][:40]!r}")
    for name, kind_of in {**expected, **optional}.items():
        if name not in value:
            if name in optional:
                continue
            raise RoomError("bad_field", f"a {kind!r} message needs {name!r}")
        if not isinstance(value[name], kind_of):
            raise RoomError(
                "bad_field", f"{name!r} of a {kind!r} message must be {TYPE_NAMES[kind_of]}"
            )
    return ClientMessage(kind, value)


def _too_deep() -> RoomError:
    return RoomError(
        "too_deep", f"a message has arrays or objects at most {MAX_NESTING} levels deep"
    )


def _nested_deeper(value: Any, limit: int) -> bool:
    """Whether ``value`` has arrays or objects more than ``limit`` deep (without recursion).

    >>> _nested_deeper({"a": [1, {"b": 2}]}, 3), _nested_deeper({"a": [1, {"b": 2}]}, 2)
    (False, True)
    """
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return False


def error_message(error: RoomError) -> dict[str, Any]:
    """An ``error`` message of one short line (:func:`~boggle.model.wording.short_line`: a
    value of thousands of characters it echoes is shown by its start and length); a
    refusal that passes with time says when (``retry_after``).

    >>> error_message(RoomError("rate_limited", "try again in 3 s", retry_after=3))
    {'type': 'error', 'code': 'rate_limited', 'message': 'try again in 3 s', 'retry_after': 3}
    """
    shown = short_line(error.message)
    message: dict[str, Any] = {"type": "error", "code": error.code, "message": shown}
    if error.retry_after is not None:
        message["retry_after"] = error.retry_after
    return message


def word_counts(room: Room) -> dict[str, int]:
    """How many good words each player has (all anyone sees of the others' words)."""
    return {p.name: p.good_words for p in room.players.values()}


def feedback_message(feedback: WordFeedback, room: Room) -> dict[str, Any]:
    """The verdict on one word, for its player, with everyone's word counts."""
    return {"type": "feedback", **feedback.to_json(), "words": word_counts(room)}


def progress_message(room: Room) -> dict[str, Any]:
    return {"type": "progress", "words": word_counts(room)}


def room_board_json(room: Room) -> dict[str, Any] | None:
    """The room's board as the page reads it (:func:`boggle.model.render.board_json`), if rolled."""
    return None if room.board is None else board_json(room.board)


def board_language(room: Room) -> dict[str, str]:
    """The language of the room's list, which decides its boards: English rolls the dice,
    another language draws each cell from its list's letters (the dice are not used).

    >>> from boggle import Lexicon
    >>> from boggle.rooms.settings import RoomSettings
    >>> spanish = Lexicon.from_words(["casa"])
    >>> spanish.language = "es"
    >>> board_language(Room("ABCDEF", RoomSettings(), spanish))
    {'language': 'es', 'language_name': 'Spanish'}
    """
    profile = lexicon_profile(room.lexicon)
    return {"language": profile.code, "language_name": profile.name}


def room_message(room: Room, you: Player, now: float, with_results: bool = True) -> dict[str, Any]:
    """The whole state of the room as ``you`` may see it (sent on joining and changes);
    the last round's results (large) only ``with_results``, else ``null``.  ``host_away``:
    the seconds until the role passes on while the host's connection is gone, else ``None``.

    >>> from boggle import Lexicon
    >>> from boggle.rooms.settings import RoomSettings
    >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
    >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
    >>> room.dropped(ann.token, now=1.0)
    >>> message = room_message(room, bob, now=1.5)
    >>> message["host"], message["host_away"], [p["connected"] for p in message["players"]]
    ('ann', 30, [False, True])
    """
    playing = room.phase is Phase.PLAYING
    grace = room.host_grace_left(now)
    return {
        "type": "room",
        "code": room.code,
        "you": you.name,
        "host": room.players[room.host].name if room.host in room.players else None,
        "host_away": None if grace is None else math.ceil(grace),
        "phase": room.phase.value,
        "settings": {**room.settings.to_json(), **board_language(room)},
        "match": room.match_number,
        "round": room.round_number,
        "remaining": round(room.remaining(now), 3),
        "players": [
            {
                "name": p.name,
                "connected": p.connected,
                "watching": p.watching,
                "words": p.good_words if playing else len(p.entries),
                "total": room.match.totals.get(p.name, 0),
            }
            for p in room.players.values()
        ],
        "board": room_board_json(room) if room.phase is not Phase.LOBBY else None,
        "your_words": [f.to_json() for f in you.feedback] if playing else [],
        "results": room.last_summary if with_results else None,
        # a rematch's lobby shows the evening so far (the results, which had it, are gone)
        "evening": room.evening_table() if room.phase is Phase.LOBBY else None,
        "removed": list(room.removed),  # kept in the standings, marked "(removed)"
        # the challenge the host made of a round (kept by the room: any page of it sees it)
        "challenge": room.challenge,
    }


def round_started_message(room: Room, now: float) -> dict[str, Any]:
    return {
        "type": "round_started",
        "round": room.round_number,
        "seconds": room.settings.seconds,
        "remaining": round(room.remaining(now), 3),
        "rules": room.rules.to_json(),
        **(room_board_json(room) or {}),
    }


def results_message(summary: dict[str, Any]) -> dict[str, Any]:
    return {"type": "results", **summary}
