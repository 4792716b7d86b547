"""The open rooms kept in a file across a server's restart (``boggle serve --rooms-file``).

A server that stops (SIGTERM, Ctrl-C) writes its open rooms to the file
(:func:`write_rooms`): each room's code, settings, players with their secrets, the phase,
the match's standings, the last round's results and a round being played with its
board, everyone's words and the time it had left.  The next server reads it at its start
(:func:`read_rooms`, :func:`restore_room`): the rooms come back under the same codes, and
each page takes its seat back with its secret.

The file is JSON whose first key is ``"format": "boggle rooms"`` (:data:`FORMAT`) with a
``version`` (:data:`VERSION`); it is written to a temporary file beside it and renamed over
it, so a reader never sees half of it, and never over a file that is not one of these
(:class:`RoomsFileError` ``foreign``): a file named by mistake, say the results' database,
is left alone.  Times are kept as seconds (left, ago), never as one process's clock.

>>> from boggle import Lexicon
>>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
>>> ann = room.join("ann", now=0.0)
>>> kept = room_json(room, now=5.0)
>>> back = restore_room(kept, Lexicon.from_words(["fame"]), now=100.0)
>>> back.code, back.player(ann.token).name, back.host == ann.token, back.last_activity
('ABCDEF', 'ann', True, 95.0)
"""

from __future__ import annotations

import json
import math
import os
import stat
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boggle.engines import solve
from boggle.files.cache import atomic_file
from boggle.game import Match
from boggle.game.word_setting import WordSetting, with_levels
from boggle.model.board import Board
from boggle.model.checks import whole_number
from boggle.model.errors import BoggleError
from boggle.rooms.compact import PackedPlayer, pack_round, unpack_round
from boggle.rooms.limits import MAX_DROPPED_NAMES, RoomLimits
from boggle.rooms.room import UNLIMITED_TARGET, Phase, Player, Room, WordFeedback
from boggle.rooms.settings import RoomSettings
from boggle.wordlists.lexicon import Lexicon

FORMAT = "boggle rooms"
"""The first key's value of every rooms file: a file without it is not one."""
VERSION = 1
"""The layout written; a file of a higher one was written by a newer boggle."""
MARK = b'{"format":"boggle rooms"'
"""How every rooms file begins (the format written first, without spaces): a damaged
one is still known as one of these."""
MAX_BYTES = 256 * 1024 * 1024
"""A rooms file larger than this is not read (500 rooms of 40 players take a few MB)."""


class RoomsFileError(BoggleError):
    """A rooms file that cannot be used, in one line; ``kind`` says why: ``foreign`` (not a
    rooms file: never read, never written over), ``damaged`` (a rooms file that does not
    read), ``newer`` (written by a newer boggle) or ``unwritable`` (its directory)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class KeptRooms:
    """A rooms file read: its rooms (each as :func:`room_json` wrote it) and how long ago
    they were written (seconds, by the wall clock; 0 if the clock went back)."""

    rooms: tuple[dict[str, Any], ...]
    ago: float


def _foreign(path: Path, why: str) -> RoomsFileError:
    return RoomsFileError(
        f"{path} is not a rooms file of boggle ({why}), and rooms are never written over "
        "another file: name a new one",
        "foreign",
    )


def _head(path: Path) -> bytes | None:
    """The file's bytes (``None``: no file); :class:`RoomsFileError` for a directory, a
    device or a file too large to be a rooms file, ``OSError`` if it cannot be read."""
    try:
        found = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    if stat.S_ISDIR(found.st_mode):
        raise _foreign(path, "a directory")
    if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_BYTES:
        raise _foreign(path, "not a regular file, or too large")
    with open(path, "rb") as handle:
        return handle.read(MAX_BYTES + 1)


def read_rooms(path: Path, now: float | None = None) -> KeptRooms:
    """The rooms kept in ``path``: none when there is no file or an empty one;
    :class:`RoomsFileError` when it is not a rooms file, is damaged or is newer.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> read_rooms(folder / "rooms.json")
    KeptRooms(rooms=(), ago=0.0)
    >>> _ = (folder / "notes.txt").write_text("my notes")
    >>> read_rooms(folder / "notes.txt")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boggle.rooms.state.RoomsFileError: ...notes.txt is not a rooms file of boggle (it does not \
begin with {"format":"boggle rooms"), and rooms are never written over another file: name a new one
    """
    try:
        data = _head(path)
    except OSError as error:
        raise RoomsFileError(
            f"cannot read the rooms file {path}: {error.strerror}", "damaged"
        ) from None
    if not data:
        return KeptRooms((), 0.0)
    if not data.startswith(MARK):
        raise _foreign(path, 'it does not begin with {"format":"boggle rooms"')
    try:
        kept = json.loads(data.decode("utf-8"))
        version = kept["version"]
        if not isinstance(version, int) or isinstance(version, bool):
            raise TypeError(f"its version is {version!r}")
        newer = version > VERSION
        if not newer:
            rooms = kept["rooms"]
            saved = float(kept["saved"])
            if not isinstance(rooms, list) or not all(isinstance(room, dict) for room in rooms):
                raise TypeError("its rooms are not a list of rooms")
    except (ValueError, KeyError, TypeError) as error:
        raise RoomsFileError(
            f"the rooms file {path} is damaged ({type(error).__name__}: {str(error)[:80]}): it is"
            " left as it is",
            "damaged",
        ) from None
    if newer:  # whatever its layout: not this boggle's to read or write over
        raise RoomsFileError(
            f"the rooms file {path} was written by a newer boggle (version {version}; this "
            f"one reads {VERSION}): it is left as it is for that boggle",
            "newer",
        )
    ago = max(0.0, (time.time() if now is None else now) - saved)
    return KeptRooms(tuple(rooms), ago)


def check_rooms_file(path: Path) -> None:
    """Refuse now a ``path`` the server could not write its rooms to: not a rooms file
    (``foreign``) or in a directory that cannot be written; a damaged or newer rooms file
    passes (the server says so when it starts, and leaves it as it is).

    >>> import tempfile
    >>> check_rooms_file(Path(tempfile.mkdtemp()) / "rooms.json")
    >>> check_rooms_file(Path("/no/such/folder/rooms.json"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    boggle.rooms.state.RoomsFileError: the rooms file /no/such/folder/rooms.json cannot be \
written: ...
    """
    readable = True
    try:
        read_rooms(path)
    except RoomsFileError as error:
        if error.kind == "foreign":
            raise
        readable = False  # damaged or newer: never removed nor written over, left as it is
    folder = path.parent if str(path.parent) else Path(".")
    if not (folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)):
        raise RoomsFileError(
            f"the rooms file {path} cannot be written: its directory {folder} is not one this "
            "user can write to (a directory that exists)",
            "unwritable",
        )
    if readable and (why := _kept_by_another_user(path, folder)) is not None:
        raise RoomsFileError(
            f"the rooms file {path} cannot be removed or replaced by this user: {why}; "
            "give a file in a directory of the server's own",
            "unwritable",
        )


def _kept_by_another_user(path: Path, folder: Path) -> str | None:
    """Why this user, though it may write to ``folder``, cannot remove or rename over the
    file ``path`` there: a sticky directory (``/tmp``) lets only the file's owner, the
    directory's or root do so; ``None`` when it can (or there is no file)."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:  # Windows: no such rule
        return None
    try:
        found, holder = os.lstat(path), os.stat(folder)
    except OSError:
        return None
    user = geteuid()
    if user == 0 or not holder.st_mode & stat.S_ISVTX or user in (found.st_uid, holder.st_uid):
        return None
    return (
        f"its directory {folder} is sticky (as /tmp is) and the file belongs to another user "
        f"(uid {found.st_uid})"
    )


def write_rooms(path: Path, rooms: Iterable[Room], now: float) -> int:
    """Write ``rooms`` (``now``: the rooms' clock) to ``path``, replacing it whole, unless
    what is there is not a rooms file (:class:`RoomsFileError` ``foreign``, nothing written);
    ``OSError`` if it cannot be written.  How many rooms were written.

    >>> import tempfile
    >>> from boggle import Lexicon
    >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
    >>> _ = room.join("ann", now=0.0)
    >>> target = Path(tempfile.mkdtemp()) / "rooms.json"
    >>> write_rooms(target, [room], now=1.0), [r["code"] for r in read_rooms(target).rooms]
    (1, ['ABCDEF'])
    """
    _head(path)  # a directory, a device: refused
    try:
        read_rooms(path)
    except RoomsFileError as error:
        if error.kind == "foreign":
            raise
    kept = [room_json(room, now) for room in rooms]
    document = {"format": FORMAT, "version": VERSION, "saved": time.time(), "rooms": kept}
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False)
    # the players' secrets: the server's user's only from the file's creation (a mode set
    # after it left a moment in which another user could open the file and read it later)
    with atomic_file(path, mode=0o600) as out:
        out.write(text.encode("utf-8"))
    return len(kept)


# ---------------------------------------------------------------------- one room


def room_json(room: Room, now: float) -> dict[str, Any]:
    """One room as the rooms file keeps it (``now``: the room's clock).  A round being
    judged is kept as played, with no time left: the next server judges it."""
    settings = room.settings
    playing = room.phase in (Phase.PLAYING, Phase.JUDGING) and room.board is not None
    return {
        "code": room.code,
        "settings": {
            "dice": settings.dice,
            "rows": settings.rows,
            "cols": settings.cols,
            "dictionary": settings.dictionary,
            "rules_name": settings.rules_name,
            "seconds": settings.seconds,
            "target": settings.target,
            "rounds": settings.rounds,
            "challenge": settings.challenge,
            "word_level": settings.words.word_level,
            "other_words": settings.words.other_words,
            "cross_off": settings.cross_off,
            "host_plays": settings.host_plays,
            "min_length": settings.min_length,
        },
        "phase": Phase.PLAYING.value if playing else _settled(room).value,
        "host": room.host,
        "match_number": room.match_number,
        "round_number": room.round_number,
        "board": None if room.board is None else str(room.board),
        "left": room.remaining(now) if room.phase is Phase.PLAYING else 0.0,
        "idle": max(0.0, now - room.last_activity),
        "players": [_player_json(player, now) for player in room.players.values()],
        "match": {
            "target": room.match.target,
            "totals": room.match.totals,
            "table": room.match.table,
        },
        "last_summary": _summary_json(room.last_summary),
        "evening": room.evening,
        "evening_dropped": room.evening_dropped,
        "dropped_names": room.dropped_names,
        "removed": room.removed,
        "challenge": room.challenge,
        "renames": room.renames,
    }


def _settled(room: Room) -> Phase:
    """The phase of a room not playing (a round judging without a board cannot be)."""
    if room.phase in (Phase.PLAYING, Phase.JUDGING):
        return Phase.RESULTS if room.match.table else Phase.LOBBY
    return room.phase


def _player_json(player: Player, now: float) -> dict[str, Any]:
    return {
        "name": player.name,
        "token": player.token,
        "entries": player.entries,
        "feedback": [feedback.to_json() for feedback in player.feedback],
        "sent": sorted(player.sent),
        "good_words": player.good_words,
        "away": None
        if player.connected or player.dropped_at is None
        else max(0.0, now - player.dropped_at),
        "set_apart": player.set_apart,
        "watching": player.watching,
    }


def _summary_json(summary: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last results, their words packed as the results file packs them
    (:mod:`boggle.rooms.compact`) when they pack exactly, else whole."""
    if summary is None:
        return None
    packed = pack_round(summary)
    if packed is None:
        return {"whole": summary}
    players = [[p.name, p.words, p.extra] for p in packed.players]
    return {"data": packed.data, "unfound": packed.unfound, "players": players}


def _summary_of(kept: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if kept is None:
        return None
    if "whole" in kept:
        return dict(kept["whole"])
    players = [PackedPlayer(name, words, extra) for name, words, extra in kept["players"]]
    return unpack_round(dict(kept["data"]), kept["unfound"], players)


def restore_room(
    kept: Mapping[str, Any],
    lexicon: Lexicon,
    limits: RoomLimits | None = None,
    now: float = 0.0,
) -> Room:
    """The room :func:`room_json` kept, on the clock of the server that reads it (``now``):
    its round goes on with the time it had left, its idle time and its players' absences
    go on from where they were, and the players connected when it was kept are away from
    ``now`` on (their pages reconnect).  ``KeyError``, ``TypeError`` or ``ValueError``
    (a :class:`~boggle.model.errors.BoggleError` among them) when ``kept`` is not a room."""
    try:
        return _restored_room(kept, lexicon, limits, now)
    except OverflowError as error:  # JSON's Infinity as a whole number (a match, a total)
        raise ValueError(f"a number that is not a whole one ({error})") from None


def _restored_room(
    kept: Mapping[str, Any], lexicon: Lexicon, limits: RoomLimits | None, now: float
) -> Room:
    """:func:`restore_room`, whose ``OverflowError`` it says as a ``ValueError``."""
    fields = dict(kept["settings"])
    words = WordSetting(fields.pop("word_level"), fields.pop("other_words"))
    settings = RoomSettings(**fields, words=words)
    _check_settings(settings, limits or RoomLimits())
    room = Room(_text(kept["code"]), settings, lexicon, limits, now)
    room.last_activity = now - _seconds(kept["idle"])
    for entry in kept["players"]:
        away = entry["away"]
        player = Player(
            _text(entry["name"]),
            _text(entry["token"]),
            entries=[_text(word) for word in entry["entries"]],
            feedback=[_feedback(item) for item in entry["feedback"]],
            sent={_text(word) for word in entry["sent"]},
            good_words=int(entry["good_words"]),
            connected=False,
            dropped_at=now if away is None else now - _seconds(away),
            set_apart=[_text(word) for word in entry["set_apart"]],
            watching=bool(entry["watching"]),
        )
        room.players[player.token] = player
    host = kept["host"]
    room.host = host if host in room.players else None
    room.match_number = int(kept["match_number"])
    room.round_number = int(kept["round_number"])
    match = kept["match"]
    room.match = Match(
        target=int(match["target"] or UNLIMITED_TARGET),
        totals={_text(name): int(total) for name, total in match["totals"].items()},
        table=list(match["table"]),
    )
    room.last_summary = _summary_of(kept["last_summary"])
    room.evening = _evening(kept.get("evening", []))  # none in an older file
    room.evening_dropped = whole_number(
        "the evening's dropped matches", kept.get("evening_dropped", 0), at_least=0
    )
    room.dropped_names = _dropped_names(kept.get("dropped_names", []))  # none in an older file
    room.removed = _names("removed", kept.get("removed", []))  # none in an older file
    room.challenge = _challenge(kept.get("challenge"))  # none in an older file
    room.renames = [_rename(entry) for entry in kept.get("renames", [])]  # none in an older file
    phase = Phase(kept["phase"])
    if kept["board"] is not None:
        room.board = Board.parse(kept["board"])
    if phase is Phase.PLAYING:
        if room.board is None:
            raise ValueError("a round being played without its board")
        room.solution = with_levels(solve(room.board, lexicon, room.rules))
        room.deadline = now + max(0.0, float(kept["left"]))
    room.phase = phase
    return room


def _check_settings(settings: RoomSettings, limits: RoomLimits) -> None:
    """:class:`BoggleError` unless each number of the settings kept is one a room may be
    made with on this server's ``limits``, as the create form and the API check them
    (:func:`~boggle.rooms.fields.setting_ends`): a file's ``seconds`` of 1 or 100000, its
    ``rounds`` of 999 or a board of 40x40 came back as a room no host could have made (they
    were checked only to be at least 1); the dice of a tray fill their tray.  Then the
    shortest word, at most the board's cells: a file's 1 or 99 came back as a room in which
    two-letter words counted, or none did."""
    from typing import get_args

    from boggle.dice.cubes import DICE_SETS
    from boggle.game.word_setting import OTHER_WORDS
    from boggle.model.word_levels import CHOICES
    from boggle.rooms.fields import MIN_LENGTHS, RoomDiceName, setting_ends

    for name, value, choices in (  # a room of dice 'golden' failed at each Start
        ("dice", settings.dice, get_args(RoomDiceName)),
        ("word_level", settings.words.word_level, CHOICES),
        ("other_words", settings.words.other_words, OTHER_WORDS),
    ):
        if not isinstance(value, str) or value not in choices:
            raise BoggleError(
                f"'{name}' must be one of: {', '.join(choices)}; got {str(value)[:40]!r}",
                setting=name,
            )
    ends = setting_ends(limits)
    for name in ("rows", "cols", "seconds", "rounds", "target"):
        value = getattr(settings, name)
        low, high = ends[name]
        if value is not None and not max(low, 1) <= value <= high:
            raise BoggleError(
                f"'{name}' must be a whole number from {max(low, 1)} to {high}, got {value}",
                setting=name,
            )
    tray = DICE_SETS.get(settings.dice)
    if tray is not None and (settings.rows, settings.cols) != (tray.rows, tray.cols):
        raise BoggleError(
            f"the {settings.dice} dice fill a {tray.rows}x{tray.cols} tray, "
            f"got {settings.rows}x{settings.cols}",
            setting="dice",
        )
    shortest = settings.min_length
    highest = min(MIN_LENGTHS[1], settings.rows * settings.cols)
    if shortest is not None and not MIN_LENGTHS[0] <= shortest <= highest:
        raise BoggleError(
            f"'min_length' must be a whole number from {MIN_LENGTHS[0]} to {highest}, "
            f"got {shortest}",
            setting="min_length",
        )


def _challenge(kept: Any) -> dict[str, Any] | None:
    """The challenge a room kept (:meth:`Room.keep_challenge`), checked field by field."""
    from boggle.rooms.challenges import normalise_challenge_code

    if kept is None:
        return None
    code = normalise_challenge_code(_text(kept["code"]))  # the link the host's page makes
    place = {"match": int(kept["match"]), "round": int(kept["round"])}
    expired = kept.get("expired", False)  # none in an older file
    if not isinstance(expired, bool):  # "yes" was read as not expired: a dead link
        raise TypeError(f"a challenge's expired must be true or false, got {str(expired)[:40]!r}")
    if expired:  # deleted since (ChallengeStore.kept_by_room): no link
        return {"code": code, **place, "expired": True}
    return {"code": code, "path": f"/challenge/{code}", **place}  # the code's, not the file's


def _seconds(value: Any) -> float:
    """A time kept in seconds (a room's idle time, a player's absence): a number of 0 or
    more, not NaN (no time is past it: the room was never closed as idle) nor infinite.

    >>> _seconds(12)
    12.0
    >>> _seconds(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: a number of seconds was expected, got nan
    """
    seconds = float(value)
    if not 0.0 <= seconds < math.inf:
        raise ValueError(f"a number of seconds was expected, got {str(value)[:40]}")
    return seconds


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"a text was expected, got {type(value).__name__}")
    return value


def _names(field: str, kept: Any) -> list[str]:
    """A list of names kept as ``field``: a list of texts (``TypeError`` otherwise: a text
    would be read as its letters, an object as its keys).

    >>> _names("removed", ["Cy"])
    ['Cy']
    >>> _names("removed", "Cy")
    Traceback (most recent call last):
    ...
    TypeError: removed: a list of names was expected, got str
    """
    if not isinstance(kept, list):
        raise TypeError(f"{field}: a list of names was expected, got {type(kept).__name__}")
    return [_text(name) for name in kept]


def _dropped_names(kept: Any) -> list[str]:
    """The names of the matches dropped from the evening (:attr:`Room.dropped_names
    <boggle.rooms.room.Room.dropped_names>`): a list of texts (:func:`_names`), the last
    :data:`~boggle.rooms.limits.MAX_DROPPED_NAMES` kept, as the room keeps them."""
    return _names("dropped_names", kept)[-MAX_DROPPED_NAMES:]


def _evening(kept: Any) -> list[dict[str, Any]]:
    """The evening over a room's matches (:attr:`Room.evening
    <boggle.rooms.room.Room.evening>`), each entry checked (:func:`_evening_entry`): one
    read back unchecked made the next round's results (``Room.record``) fail, or the room's
    evening table and spreadsheets."""
    if not isinstance(kept, list):
        raise TypeError(f"the evening: a list of matches was expected, got {type(kept).__name__}")
    return [_evening_entry(entry) for entry in kept]


def _evening_entry(entry: Any) -> dict[str, Any]:
    """One match of the evening as the room keeps it (:func:`~boggle.rooms.export.fold_evening`
    of :func:`~boggle.rooms.export.compact_round`): its ``match`` and last ``round``, its
    ``standings`` (``name``, ``total``, ``rank``), ``match_over``, ``winners``, and the
    optional ``played`` (rounds a player had a seat in), ``scores`` (a round not folded: an
    older file) and ``removed``. ``KeyError``, ``TypeError`` or ``ValueError`` when a field
    is missing or not its kind; other fields are not kept.

    >>> entry = {"match": 1, "round": 2, "standings": [{"name": "ann", "total": 3, "rank": 1}],
    ...     "match_over": True, "winners": ["ann"], "played": {"ann": 2}}
    >>> _evening_entry(entry) == entry
    True
    >>> _evening_entry({**entry, "standings": [{"name": "ann", "total": "3", "rank": 1}]})
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: a standings row's total must be a whole number, got '3'
    """
    if not isinstance(entry, dict):
        raise TypeError(f"a match of the evening was expected, got {type(entry).__name__}")
    rows = entry["standings"]
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise TypeError("a match of the evening: its standings are not a list of rows")
    over = entry["match_over"]
    if not isinstance(over, bool):
        raise TypeError(f"a match of the evening: match_over must be true or false, got {over!r}")
    checked: dict[str, Any] = {
        "match": whole_number("an evening match's number", entry["match"], at_least=1),
        "round": whole_number("an evening match's round", entry["round"], at_least=0),
        "standings": [
            {
                "name": _text(row["name"]),
                "total": whole_number("a standings row's total", row["total"]),
                "rank": whole_number("a standings row's rank", row["rank"], at_least=1),
            }
            for row in rows
        ],
        "match_over": over,
        "winners": _names("winners", entry["winners"]),
    }
    for field, least in (("played", 0), ("scores", None)):
        if field in entry:
            counts = entry[field]
            if not isinstance(counts, dict):
                raise TypeError(f"a match of the evening: {field} must be an object of names")
            checked[field] = {
                _text(name): whole_number(f"an evening match's {field}", n, at_least=least)
                for name, n in counts.items()
            }
    if "removed" in entry:
        checked["removed"] = _names("removed", entry["removed"])
    return checked


def _rename(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A name change as :attr:`Room.renames <boggle.rooms.room.Room.renames>` keeps it:
    ``KeyError``, ``TypeError`` or ``ValueError`` when a field is missing or not its kind (the
    room's results, read under the new names, would fail on every request)."""
    return {
        "old": _text(entry["old"]),
        "name": _text(entry["name"]),
        "match": whole_number("a name change's match", entry["match"], at_least=1),
        "round": whole_number("a name change's round", entry["round"], at_least=0),
    }


def _feedback(item: Mapping[str, Any]) -> WordFeedback:
    path = item["path"]
    return WordFeedback(
        _text(item["word"]),
        _text(item["status"]),
        int(item["points"]),
        None if path is None else tuple((int(row), int(col)) for row, col in path),
        _text(item["message"]),
        tuple(_text(form) for form in item.get("written", ())),
    )
