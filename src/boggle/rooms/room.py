"""One room: its players, the state of its match, and what each message does to it.

The room is a state machine driven by the web layer with the time (``now``, seconds
from any monotonic clock): ``lobby`` -> ``playing`` -> ``judging`` -> ``results``
(-> ``playing`` for the next round) or ``over`` (-> ``lobby`` on a rematch).  The
server is the authority: the deadline is the room's, words are checked here, and
the round is judged by :func:`boggle.game.judge_round` when time is up.

>>> from boggle import Lexicon
>>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame", "mile"]))
>>> ann = room.join("ann", now=0.0)
>>> bob = room.join("bob", now=0.0)
>>> _ = room.start(ann.token, now=1.0, board=Board.parse("fxie amlo ewbx astu"))
>>> room.submit(ann.token, "fame", now=2.0).status, room.submit(bob.token, "fame", 3.0).status
('accepted', 'accepted')
>>> job = room.close_round(now=61.0)
>>> summary = room.record(judge(job))
>>> [w["status"] for w in summary["players"][0]["words"]], summary["totals"]
(['crossed_off'], {'ann': 0, 'bob': 0})
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from boggle.engines import solve
from boggle.game import (
    Match,
    PlayerList,
    RoundResult,
    Status,
    check_word,
    judge_round,
    reading_note,
    typed_word,
    verdict_message,
)
from boggle.game.word_setting import EVERY_WORD, WordSetting, unfound_json, with_levels
from boggle.model.board import Board, Cell
from boggle.model.render import board_json
from boggle.model.rules import Rules
from boggle.model.solution import Solution
from boggle.model.wording import counted, plain_unless_odd
from boggle.rooms.export import (
    compact_round,
    evening_table,
    fold_evening,
    rename_in,
    renamed_keys,
    standings,
)
from boggle.rooms.limits import (
    MAX_DROPPED_NAMES,
    RoomError,
    RoomLimits,
    name_key,
    player_name,
)
from boggle.rooms.settings import RoomSettings, roll_at_random
from boggle.wordlists.lexicon import Lexicon

UNLIMITED_TARGET = 10**9
"""The target of a match played to a number of rounds only."""
MAX_RENAMES_BETWEEN_ROUNDS = 3
"""The most times a player changes their name between two rounds (:meth:`Room.rename`): each
change is said to everyone and kept in every later round's results."""
_AWAY_SEAT = (
    " by a player who is away: their seat is kept for them, and the room's link on the"
    " phone or computer they joined from takes it back"
)


class Phase(StrEnum):
    """Where a room is in its match (see the module docstring for the order).

    >>> from boggle import Lexicon
    >>> Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"])).phase
    <Phase.LOBBY: 'lobby'>
    >>> Phase("playing") is Phase.PLAYING
    True
    """

    LOBBY = "lobby"
    PLAYING = "playing"
    JUDGING = "judging"
    RESULTS = "results"
    OVER = "over"


@dataclass(frozen=True)
class WordFeedback:
    """What a player is told about one word, at once (the others see only counts).

    >>> WordFeedback("fame", "accepted", 1, ((0, 0), (1, 0), (1, 1), (2, 0)))
    WordFeedback(word='fame', status='accepted', points=1, path=((0, 0), (1, 0), (1, 1), (2, 0)), \
message='', written=())
    """

    word: str
    status: str
    """accepted, repeated, too_short, not_on_board, not_a_word, invalid, or for a word of
    the list outside the room's level other_level (refused) or set_apart (0 points)."""
    points: int = 0
    path: tuple[tuple[int, int], ...] | None = None
    message: str = ""
    written: tuple[str, ...] = ()
    """How the language writes the word where its list folds it (``("aérea",)``)."""

    def to_json(self) -> dict[str, Any]:
        """The feedback as the player's page gets it (with ``written`` when the word has
        written forms).

        >>> WordFeedback("fame", "repeated", message="you already have this word").to_json()
        {'word': 'fame', 'status': 'repeated', 'points': 0, 'path': None, \
'message': 'you already have this word'}
        >>> WordFeedback("aerea", "accepted", 2, written=("aérea",)).to_json()["written"]
        ['aérea']
        """
        shown: dict[str, Any] = {
            "word": self.word,
            "status": self.status,
            "points": self.points,
            "path": None if self.path is None else [list(cell) for cell in self.path],
            "message": self.message,
        }
        if self.written:
            shown["written"] = list(self.written)
        return shown


@dataclass
class Player:
    """A player of a room; ``token`` is their secret to rejoin after a reload.

    >>> from boggle import Lexicon
    >>> ann = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"])).join("ann", now=0.0)
    >>> ann.name, ann.connected, ann.entries, len(ann.token)
    ('ann', True, [], 24)
    """

    name: str
    token: str
    entries: list[str] = field(default_factory=list)
    feedback: list[WordFeedback] = field(default_factory=list)
    sent: set[str] = field(default_factory=set)
    good_words: int = 0
    connected: bool = False
    dropped_at: float | None = None
    """When the player's connection last dropped (without ``leave``)."""
    set_apart: list[str] = field(default_factory=list)
    watching: bool = False
    """The host of a room made with ``host_plays`` off: shows the board (a teacher's
    projector), sends no words, and is in no round's results nor the standings."""
    renames: int = 0
    """The times the player changed their name since the last round started
    (:data:`MAX_RENAMES_BETWEEN_ROUNDS`; not kept in the rooms file)."""


@dataclass(frozen=True)
class RoundJob:
    """A round closed and waiting to be judged (judging may run on a worker thread)."""

    number: int
    board: Board
    lists: tuple[PlayerList, ...]
    lexicon: Lexicon
    rules: Rules
    challenge: str
    solution: Solution
    max_unfound: int
    words: WordSetting = EVERY_WORD
    set_apart: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each player's words outside the game's level (``other_words: zero``), shown apart."""
    cross_off: bool = True
    """A word two players found scores for neither (the room's ``cross_off`` setting)."""


@dataclass(frozen=True)
class JudgedRound:
    """A judged round with its JSON made (on the judging thread, not the event loop)."""

    job: RoundJob
    result: RoundResult
    players: list[dict[str, Any]]
    unfound: list[dict[str, Any]]
    unfound_count: int


def judge(job: RoundJob) -> JudgedRound:
    """Judge a closed round with ``judge_round``; the words nobody found, best first.

    >>> from boggle import Lexicon
    >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame", "mile"]))
    >>> ann = room.join("ann", now=0.0)
    >>> _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
    >>> _ = room.submit(ann.token, "fame", now=5.0)
    >>> judged = judge(room.close_round(now=60.0))
    >>> judged.result.scores(), [word["word"] for word in judged.unfound], judged.unfound_count
    ({'ann': 1}, ['mile'], 1)
    """
    result = judge_round(
        job.board, job.lists, job.lexicon, job.rules, job.challenge, cross_off=job.cross_off
    )
    good = (Status.COUNTED, Status.CROSSED_OFF)
    found = {v.word for p in result.players for v in p.verdicts if v.status in good}
    unfound = unfound_json(job.solution, found, job.max_unfound)
    missed = sum(1 for w in job.solution.words if w.word not in found)
    players = [result.player_json(p) for p in result.players]
    return JudgedRound(job, result, players, unfound, missed)


class Room:
    """A room's players and match (see the module docstring).

    >>> from boggle import Lexicon
    >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
    >>> room.code, room.phase, room.rules.name, room.players
    ('ABCDEF', <Phase.LOBBY: 'lobby'>, 'classic', {})
    """

    def __init__(
        self,
        code: str,
        settings: RoomSettings,
        lexicon: Lexicon,
        limits: RoomLimits | None = None,
        now: float = 0.0,
    ) -> None:
        self.code = code
        self.settings = settings
        self.lexicon = lexicon
        self.rules = settings.rules()
        self.limits = limits or RoomLimits()
        self.players: dict[str, Player] = {}  # by token
        self.host: str | None = None  # a token
        self.phase = Phase.LOBBY
        self.match_number = 1
        self.match = self._new_match()
        self.round_number = 0
        self.board: Board | None = None
        self.solution: Solution | None = None
        self.deadline = 0.0
        self.last_summary: dict[str, Any] | None = None
        self.last_activity = now
        # the room's matches, each folded into its standings (export.fold_evening): the evening
        self.evening: list[dict[str, Any]] = []
        self.evening_dropped = 0
        """The oldest matches dropped from :attr:`evening` (past ``MAX_EVENING_MATCHES``)."""
        self.dropped_names: list[str] = []
        """The names with points in the matches dropped from :attr:`evening`, oldest first (at
        most :data:`~boggle.rooms.limits.MAX_DROPPED_NAMES`): their rounds are still stored,
        so :meth:`rename` refuses them to another player as it refuses the evening's names
        (the spreadsheets would add the two players' points up under one name)."""
        self.removed: list[str] = []
        """The names the host removed (:meth:`remove`): their points stay in the standings,
        marked "(removed)" on the room page and in the spreadsheets; a name joined again is
        a new player's."""
        self.challenge: dict[str, Any] | None = None
        """The challenge the host made of a round of the room (:meth:`keep_challenge`):
        ``code``, ``path``, ``match`` and ``round``; every page of the room is told it."""
        self.renames: list[dict[str, Any]] = []
        """Each name a player changed (:meth:`rename`), in order: ``old``, ``name``, and the
        ``match`` and the number of the ``round`` last started before it (the rounds stored
        up to it are read under the new name: :func:`~boggle.rooms.export.renamed_rounds`)."""

    # ------------------------------------------------------------------ players

    def join(self, name: str, now: float, device: str | None = None) -> Player:
        """A new player; the first one is the host, and a host gone past the grace time
        passes the role on (:meth:`pass_host_on`).  A full room gives the newcomer the seat
        of the player gone longest, if gone for over ``host_grace_seconds`` and with no words
        in the round being played (:meth:`seat_to_free`).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann = room.join("  ann ", now=0.0)
        >>> ann.name, room.host == ann.token
        ('ann', True)
        >>> room.join("ANN", now=1.0)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: the name 'ANN' is taken in this room
        >>> room.dropped(ann.token, now=2.0)
        >>> room.join("Ann", now=3.0)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: the name 'Ann' is taken in this room by a player who is \
away: their seat is kept for them, and the room's link on the phone or computer they joined \
from takes it back
        """
        shown = player_name(name, self.limits.max_name_length)
        holder = next(
            (p for p in self.players.values() if name_key(p.name) == name_key(shown)), None
        )
        if holder is not None:
            away = "" if holder.connected else _AWAY_SEAT
            raise RoomError("name_taken", f"the name {shown!r} is taken in this room{away}")
        if device is not None:
            self.release(device, now)
        if len(self.players) >= self.limits.max_players:
            gone = self.seat_to_free(now)
            if gone is None:
                raise RoomError(
                    "room_full",
                    f"the room is full: {counted(self.limits.max_players, 'player')} at most",
                )
            self.leave(gone.token, now)  # their match total stays, by name
        player = Player(shown, secrets.token_urlsafe(18), connected=True)
        self.players[player.token] = player
        back = [gone for gone in self.removed if name_key(gone) != name_key(shown)]
        if len(back) != len(self.removed):  # removed, then joined again: no longer marked
            self.removed = back
            self._mark_removed()
        if self.host is None:
            self.host = player.token
        self.last_activity = now
        self.pass_host_on(now)  # a host gone past the grace time while nobody was here
        return player

    def release(self, token: str, now: float) -> Player | None:
        """A shared device's old seat (``token``, kept by its browser) as it joins the room
        under another name (a school laptop passed on to the next pupil): the seat is
        released, as if its player had left, their points kept under their name in the
        match's standings and the evening (they may join again under it on any device).
        Kept, and ``None`` returned, when its player's words count in the round being played
        (released by the host's **Remove**, or taken by a newcomer to a full room, later),
        when it is in use (connected from another tab or device), or when it is the host's.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
        >>> room.dropped(bob.token, now=1.0)
        >>> cy = room.join("cy", now=2.0, device=bob.token)
        >>> [p.name for p in room.players.values()], room.match.totals.get("bob", 0)
        (['ann', 'cy'], 0)
        """
        seat = self.players.get(token)
        if seat is None or seat.connected or token == self.host:
            return None
        if self.phase is Phase.PLAYING and (seat.entries or seat.set_apart):
            return None
        self.leave(token, now)
        return seat

    def rejoin(self, token: str, now: float) -> Player:
        """The player of ``token`` is back (after a reload or a dropped connection), with
        their seat and words: a host back keeps the role, a dropped player the role passed
        to takes it up, and a host gone past the grace time while nobody was here passes it
        on to the first connected player (:meth:`pass_host_on`).  An unknown token is a
        ``RoomError`` ``unknown_player``.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
        >>> room.dropped(ann.token, now=1.0)
        >>> room.rejoin(ann.token, now=20.0) is ann, ann.connected, room.host == ann.token
        (True, True, True)
        """
        player = self.player(token)
        player.connected = True
        self.last_activity = now
        self.pass_host_on(now)
        return player

    def seat_to_free(self, now: float) -> Player | None:
        """The player whose seat a newcomer to a full room may take: gone (dropped, not
        back) for longer than ``host_grace_seconds``, the longest, and with no words in the
        round being played (they count when it is judged), never the host's; ``None`` when
        there is none.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
        >>> room.dropped(bob.token, now=1.0)
        >>> room.seat_to_free(now=2.0), room.seat_to_free(now=40.0) is bob
        (None, True)
        >>> room.dropped(ann.token, now=0.5)  # the host: their seat is never given away
        >>> room.seat_to_free(now=99.0) is bob
        True
        """
        playing = self.phase is Phase.PLAYING
        gone = [
            p
            for p in self.players.values()
            if not p.connected
            and p.token != self.host  # a teacher's laptop asleep keeps the seat it shows from
            and p.dropped_at is not None
            and now - p.dropped_at >= self.limits.host_grace_seconds
            and not (playing and (p.entries or p.set_apart))
        ]
        return min(gone, key=lambda p: p.dropped_at or 0.0, default=None)

    def player(self, token: str) -> Player:
        """The player whose secret is ``token`` (a ``RoomError`` ``unknown_player`` if none).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> room.player(room.join("ann", now=0.0).token).name
        'ann'
        >>> room.player("forged")
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: no such player in this room: join again
        """
        try:
            return self.players[token]
        except KeyError:
            raise RoomError("unknown_player", "no such player in this room: join again") from None

    def leave(self, token: str, now: float) -> None:
        """The player leaves for good (their words of a finished round stay in the results).
        A host who leaves passes the role to the first connected player; with nobody
        connected, to the first player, who holds it as a dropped host does
        (:meth:`pass_host_on`).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann, bob, cat = (room.join(name, now=0.0) for name in ("ann", "bob", "cat"))
        >>> room.dropped(bob.token, now=9.0)
        >>> room.leave(ann.token, now=10.0)
        >>> room.host == cat.token
        True
        """
        self.players.pop(token, None)
        if self.host == token:
            heir = self._first_connected() or next(iter(self.players.values()), None)
            self.host = heir.token if heir is not None else None
        self.last_activity = now

    def remove(self, token: str, name: str, now: float) -> Player:
        """The host removes the player ``name`` (compared as names are: any case) from the
        room, as if they had left (a pupil who joined under a name the class should not
        read, or twice); they may join again under another name.  Only the host may
        (``not_host``), not themself (``bad_field``: leave instead), and the name must be a
        player's (``unknown_name``).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("Bob", now=0.0)
        >>> room.remove(ann.token, "BOB", now=1.0) is bob, [p.name for p in room.players.values()]
        (True, ['ann'])
        """
        if token != self.host:
            raise RoomError("not_host", "only the host removes players")
        gone = next((p for p in self.players.values() if name_key(p.name) == name_key(name)), None)
        if gone is None:
            raise RoomError("unknown_name", f"no player {plain_unless_odd(name)!r} in this room")
        if gone.token == token:
            raise RoomError("bad_field", "the host leaves the room rather than removing themself")
        self.leave(gone.token, now)
        # their points stay, marked: in the results shown now and the evening too
        self.removed.append(gone.name)
        self._mark_removed()
        return gone

    def rename(self, token: str, name: str, now: float) -> str:
        """The player of ``token`` takes the name ``name`` between rounds (not while one is
        played or judged: ``round_running``), under the rules of :meth:`join` (``bad_name``,
        ``name_taken``), and not a name with points in the room's standings that is not
        theirs (``name_taken``: a player who left keeps them), and at most
        :data:`MAX_RENAMES_BETWEEN_ROUNDS` times between two rounds (``too_many_renames``);
        their points, this match's and the evening's, go with them.  Returns the name they
        had.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        >>> _ = room.submit(bob.token, "fame", now=1.0)
        >>> _ = room.record(judge(room.close_round(now=60.0)))
        >>> room.rename(bob.token, " Bobby ", now=61.0), bob.name, room.match.totals
        ('bob', 'Bobby', {'ann': 0, 'Bobby': 1})
        >>> room.rename(bob.token, "ANN", now=62.0)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: the name 'ANN' is taken in this room
        """
        player = self.player(token)
        if self.phase is Phase.PLAYING or self.phase is Phase.JUDGING:
            raise RoomError(
                "round_running", "a name changes between rounds: change it once the round is over"
            )
        if player.renames >= MAX_RENAMES_BETWEEN_ROUNDS:
            raise RoomError(
                "too_many_renames",
                f"a name changes at most {MAX_RENAMES_BETWEEN_ROUNDS} times between two rounds:"
                " change it again once the next round has started",
            )
        shown = player_name(name, self.limits.max_name_length)
        old = player.name
        key = name_key(shown)
        holder = next(
            (p for p in self.players.values() if p is not player and name_key(p.name) == key),
            None,
        )
        if holder is not None:
            away = "" if holder.connected else _AWAY_SEAT
            raise RoomError("name_taken", f"the name {shown!r} is taken in this room{away}")
        scored = {n for n in self._standing_names() if name_key(n) != name_key(old)}
        if any(name_key(n) == key for n in scored):
            raise RoomError(
                "name_taken",
                f"the name {shown!r} has points in this room's standings (a player who left):"
                " choose another",
            )
        if shown == old:
            return old
        player.name = shown
        player.renames += 1
        self.match.totals = renamed_keys(self.match.totals, old, shown)
        for entry in self.match.table:
            rename_in(entry, old, shown)
        for entry in [*self.evening, *([self.last_summary] if self.last_summary else [])]:
            rename_in(entry, old, shown)
        # their rounds of the matches dropped from the evening are read under the new name too
        self.dropped_names = [shown if name == old else name for name in self.dropped_names]
        # the rounds stored before keep the old name: the spreadsheets read them under the new
        # placed after the last round numbered (a round that could not be judged has its
        # number, not a row of the table: the next one stored is numbered after it)
        self.renames.append(
            {"old": old, "name": shown, "match": self.match_number, "round": self.round_number}
        )
        back = [gone for gone in self.removed if name_key(gone) != key]
        if len(back) != len(self.removed):  # a name removed before it scored: no longer marked
            self.removed = back
            self._mark_removed()
        self.last_activity = now
        return old

    def _keep_dropped_names(self, entries: Iterable[dict[str, Any]]) -> None:
        """Add the names of ``entries`` (matches dropped from :attr:`evening`) to
        :attr:`dropped_names`, the oldest forgotten past ``MAX_DROPPED_NAMES``."""
        known = set(self.dropped_names)
        for entry in entries:
            names = [row["name"] for row in entry.get("standings", [])]
            names += [*entry.get("scores", {}), *entry.get("played", {})]
            for name in names:
                if name not in known:
                    known.add(name)
                    self.dropped_names.append(name)
        del self.dropped_names[: max(0, len(self.dropped_names) - MAX_DROPPED_NAMES)]

    def _standing_names(self) -> set[str]:
        """The names with points in this match or the evening's (players who left too), and
        in the matches dropped from the evening (:attr:`dropped_names`)."""
        names = set(self.match.totals) | set(self.dropped_names)
        for entry in self.evening:
            names.update(row["name"] for row in entry.get("standings", []))
            names.update(entry.get("scores", {}), entry.get("played", {}))
        return names

    def _mark_removed(self) -> None:
        """The names removed now (:attr:`removed`) in the evening's entries and the results
        shown, whose latest list is the one read (:func:`~boggle.rooms.export.removed_names`)."""
        for entry in [*self.evening, *([self.last_summary] if self.last_summary else [])]:
            entry["removed"] = list(self.removed)

    def dropped(self, token: str, now: float) -> None:
        """The player's connection dropped without ``leave``: they keep their seat.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> room.dropped(ann.token, now=5.0)
        >>> ann.connected, ann.dropped_at, ann.token in room.players
        (False, 5.0, True)
        """
        player = self.players.get(token)
        if player is not None:
            player.connected = False
            player.dropped_at = now

    def pass_host_on(self, now: float) -> bool:
        """Make the first connected player host when the host's connection has been gone
        for longer than their grace time (:meth:`host_grace_left`); True when the role
        changed hands.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
        >>> room.dropped(ann.token, now=1.0)
        >>> room.pass_host_on(now=2.0), room.pass_host_on(now=31.0), room.host == bob.token
        (False, True, True)
        """
        left = self.host_grace_left(now)
        if left is None or left > 0:
            return False
        heir = self._first_connected()
        if heir is None:
            return False
        self.host = heir.token
        return True

    def host_grace_left(self, now: float) -> float | None:
        """Seconds until an absent host's grace time is over (0 when it is); ``None`` when
        the host is connected or there is none.  The grace time is ``host_grace_seconds``,
        or for a host who shows the board and does not play (``watching``: a teacher's
        projector whose laptop sleeps) ``WATCHING_HOST_GRACE_SECONDS``, 10 minutes, or the
        room's idle time if shorter (:meth:`RoomLimits.host_grace`): long enough for the
        laptop to wake, yet a teacher who never comes back leaves the pupils a host.  It
        counts from the host's drop, for a host who dropped and for a dropped player the
        role passed to.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> room.host_grace_left(now=1.0)
        >>> room.dropped(ann.token, now=1.0)
        >>> room.host_grace_left(now=11.0), room.host_grace_left(now=99.0)
        (20.0, 0.0)
        """
        host = self.players.get(self.host) if self.host is not None else None
        if host is None or host.connected or host.dropped_at is None:
            return None
        return max(0.0, host.dropped_at + self.limits.host_grace(host.watching) - now)

    def _first_connected(self) -> Player | None:
        return next((p for p in self.players.values() if p.connected), None)

    def _host_only(self, token: str, what: str) -> None:
        self.player(token)
        if token != self.host:
            raise RoomError("not_host", f"only the host can {what}")

    # ------------------------------------------------------------------ rounds

    def start(self, token: str, now: float, board: Board | None = None) -> Board:
        """The host starts the next round: a new board (rolled unless given), the clock runs.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
        >>> room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        Board.parse('fxie amlo ewbx astu')
        >>> room.phase, room.round_number, room.deadline
        (<Phase.PLAYING: 'playing'>, 1, 60.0)
        >>> room.start(bob.token, now=1.0)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: only the host can start a round
        """
        self._host_only(token, "start a round")
        if self.phase is Phase.PLAYING or self.phase is Phase.JUDGING:
            raise RoomError("round_running", "a round is already being played")
        if self.phase is Phase.OVER:
            raise RoomError("match_over", "the match is over: the host can start a rematch")
        self.board = board or roll_at_random(self.settings, self.lexicon)
        self.solution = with_levels(solve(self.board, self.lexicon, self.rules))
        self.round_number += 1
        self.deadline = now + self.settings.seconds
        self.phase = Phase.PLAYING
        for player in self.players.values():
            player.entries, player.feedback, player.good_words = [], [], 0
            player.sent, player.set_apart, player.renames = set(), [], 0
        self.last_activity = now
        return self.board

    def remaining(self, now: float) -> float:
        """Seconds left in the round being played (0 when none is).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> room.remaining(now=0.0)
        0.0
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("ab cd"))
        >>> room.remaining(now=15.0), room.remaining(now=99.0)
        (45.0, 0.0)
        """
        return max(0.0, self.deadline - now) if self.phase is Phase.PLAYING else 0.0

    def due(self, now: float) -> bool:
        """Whether the round being played has run out of time (and is to be closed).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("ab cd"))
        >>> room.due(now=59.0), room.due(now=60.0)
        (False, True)
        """
        return self.phase is Phase.PLAYING and now >= self.deadline

    def submit(self, token: str, entry: str, now: float) -> WordFeedback:
        """Check one word of a player against the board, the list and their own words.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        >>> [room.submit(ann.token, word, now=1.0).status for word in ["Fame", "fame", "fax"]]
        ['accepted', 'repeated', 'not_a_word']
        >>> room.submit(ann.token, "mile", now=60.0)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: time is up: MILE came after the end of the round and does \
not count
        """
        player = self.player(token)
        self.last_activity = now
        if player.watching:
            raise RoomError(
                "watching", "you show the board and do not play: the players' words count"
            )
        if self.phase is Phase.LOBBY or self.board is None or self.solution is None:
            raise RoomError("not_playing", "no round is being played: wait for the host")
        if now >= self.deadline or self.phase is not Phase.PLAYING:
            # named: a word typed while the connection was lost arrives after the others
            shown = plain_unless_odd(" ".join(entry.split()).upper()) or "''"
            raise RoomError(
                "time_up",
                f"time is up: {shown} came after the end of the round and does not count",
            )
        if len(entry) > self.limits.max_word_length:
            raise RoomError(
                "word_too_long",
                f"a word is at most {counted(self.limits.max_word_length, 'letter')}",
            )
        if len(player.entries) >= self.limits.max_words_per_round:
            raise RoomError(
                "too_many_words",
                f"at most {counted(self.limits.max_words_per_round, 'word')} a player in a round",
            )
        word = typed_word(entry, self.lexicon)
        read = reading_note(entry, self.lexicon)  # read as CAFE, without accents
        found = self.solution.by_word.get(word)
        outside = found is not None and self.settings.words.outside(self.solution, word)
        if found is not None and outside:
            feedback = self._outside_feedback(word, found.path, read)
        elif found is not None:
            feedback = WordFeedback(word, "accepted", found.points, found.path, read)
        else:
            check = check_word(entry, self.board, self.lexicon, self.rules)
            feedback = WordFeedback(word, check.status.value, 0, check.path, check.message)
        if feedback.status != "invalid" and word in player.sent:
            message = verdict_message("you already have this word", read)
            feedback = WordFeedback(word, "repeated", message=message)
        if outside and feedback.status != "repeated":
            player.sent.add(word)
            if feedback.status == "set_apart":
                player.set_apart.append(word)
        elif feedback.status not in ("invalid", "repeated"):
            player.entries.append(word)
            player.sent.add(word)
            player.good_words += feedback.status == "accepted"
        forms = self.solution.written.get(word)
        if forms is not None:
            feedback = replace(feedback, written=forms)
        player.feedback.append(feedback)
        return feedback

    def _outside_feedback(self, word: str, path: tuple[Cell, ...], read: str) -> WordFeedback:
        """A word of the list outside the room's level: refused, or 0 points and set apart
        (``read``: how the entry was read, said after)."""
        level = self.settings.words.word_level
        if self.settings.words.other_words == "zero":
            message = f"not a {level} word: it scores 0 here and is shown apart"
            status = "set_apart"
        else:
            message, status = f"this room counts {level} words only", "other_level"
        return WordFeedback(word, status, 0, path, verdict_message(message, read))

    def close_round(self, now: float) -> RoundJob | None:
        """Close the round once its time is up: the lists to judge (``None`` if not due).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        >>> _ = room.submit(ann.token, "fame", now=1.0)
        >>> room.close_round(now=30.0) is None
        True
        >>> job = room.close_round(now=60.0)
        >>> job.number, job.lists[0].entries, room.phase
        (1, ('fame',), <Phase.JUDGING: 'judging'>)
        """
        if not self.due(now) or self.board is None or self.solution is None:
            return None
        self.phase = Phase.JUDGING
        lists = tuple(
            PlayerList(p.name, tuple(p.entries)) for p in self.players.values() if not p.watching
        )
        return RoundJob(
            self.round_number,
            self.board,
            lists,
            self.lexicon,
            self.rules,
            self.settings.challenge_mode,
            self.solution,
            self.limits.max_unfound_shown,
            self.settings.words,
            tuple((p.name, tuple(p.set_apart)) for p in self.players.values() if p.set_apart),
            self.settings.cross_off,
        )

    def abandon_round(self) -> None:
        """A closed round that could not be judged is dropped: the room goes back to the
        phase it had before the round (the host may start another).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("ab cd"))
        >>> _ = room.close_round(now=60.0)
        >>> room.abandon_round()
        >>> room.phase
        <Phase.LOBBY: 'lobby'>
        """
        if self.phase is Phase.JUDGING:
            self.phase = Phase.RESULTS if self.match.table else Phase.LOBBY

    def record(self, judged: JudgedRound) -> dict[str, Any]:
        """Add the judged round to the match; the results everyone is shown.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        >>> _ = room.submit(ann.token, "fame", now=1.0)
        >>> summary = room.record(judge(room.close_round(now=60.0)))
        >>> summary["scores"], summary["totals"], summary["match_over"], room.phase
        ({'ann': 1}, {'ann': 1}, False, <Phase.RESULTS: 'results'>)
        """
        self.match.add(judged.result)
        over = self.match.finished or (
            self.settings.rounds is not None and len(self.match.table) >= self.settings.rounds
        )
        self.phase = Phase.OVER if over else Phase.RESULTS
        board = judged.job.board
        totals = {
            p.name: self.match.totals.get(p.name, 0)
            for p in self.players.values()
            if not p.watching
        }
        totals.update(self.match.totals)
        summary = {
            "code": self.code,
            "match": self.match_number,
            "round": judged.job.number,
            **board_json(board),
            "rules": self.rules.to_json(),
            "challenge": self.settings.challenge,
            "cross_off": self.settings.cross_off,
            "players": judged.players,
            "scores": judged.result.scores(),
            "totals": totals,
            "standings": standings(totals),
            "unfound": judged.unfound,
            "unfound_count": judged.unfound_count,
            "maximum": judged.job.words.counted(judged.job.solution).score,
            "levels": judged.job.solution.level_counts(),
            **judged.job.words.to_json(),
            "set_apart": {name: list(words) for name, words in judged.job.set_apart},
            "match_over": over,
            "winners": _leaders(totals) if over else [],
            "target": self.settings.target,
            "rounds": self.settings.rounds,
            "removed": list(self.removed),
            **({"renamed": [dict(entry) for entry in self.renames]} if self.renames else {}),
        }

        # each match folded into its standings, the oldest past MAX_EVENING_MATCHES dropped
        before = self.evening
        self.evening, dropped = fold_evening([*self.evening, compact_round(summary)])
        self.evening_dropped += dropped
        if dropped:  # their names stay taken (rename): the stored rounds still have them
            kept = {int(entry.get("match", 1)) for entry in self.evening}
            self._keep_dropped_names(
                entry for entry in before if int(entry.get("match", 1)) not in kept
            )
        self.last_summary = summary
        return summary

    def evening_table(self) -> dict[str, Any] | None:
        """The evening over the room's matches (:func:`boggle.rooms.export.evening_table`),
        ``None`` while there has been one match: sent with a round's results, not stored.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60, rounds=1), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> for match in (1, 2):
        ...     _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        ...     _ = room.submit(ann.token, "fame", now=1.0)
        ...     _ = room.record(judge(room.close_round(now=60.0)))
        ...     if match == 1:
        ...         assert room.evening_table() is None
        ...         room.rematch(ann.token, now=61.0)
        >>> table = room.evening_table()
        >>> table["matches"], table["finished"], table["players"]
        (2, True, [{'rank': 1, 'name': 'ann', 'total': 2, 'rounds': 2, 'won': 2}])
        """
        return evening_table(self.evening, dropped=self.evening_dropped)

    def rematch(
        self,
        token: str,
        now: float,
        settings: RoomSettings | None = None,
        lexicon: Lexicon | None = None,
    ) -> None:
        """The host starts a new match with the same players, and the same settings or
        new ones (another board size, round length or goal; ``lexicon`` is the word list
        of new settings that name another one).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> room.rematch(ann.token, now=1.0)
        >>> room.match_number, room.phase
        (2, <Phase.LOBBY: 'lobby'>)
        >>> room.rematch(ann.token, now=2.0, settings=RoomSettings(dice="big", rows=5, cols=5))
        >>> room.match_number, room.settings.rows, room.rules.name
        (3, 5, 'big')
        """
        self.check_rematch(token)
        if settings is not None:
            if lexicon is None and settings.dictionary != self.settings.dictionary:
                raise ValueError(f"the word list {settings.dictionary!r} was not given")
            self.settings = settings
            self.rules = settings.rules()
            self.lexicon = lexicon or self.lexicon
        self.match_number += 1
        self.match = self._new_match()
        self.round_number = 0
        self.phase = Phase.LOBBY
        self.last_summary = None
        self.last_activity = now

    def keep_challenge(self, token: str, code: str, board: str) -> dict[str, Any]:
        """The host made the challenge ``code`` of the board of the round whose results are
        shown (``board``: the challenge's, as text): the room keeps it, for the host's page
        after a reload or on another device, and the room's results once it is closed.  Only
        the host (``not_host``), of the round shown (``no_results``, ``bad_field``).

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        >>> _ = room.record(judge(room.close_round(now=60.0)))
        >>> room.keep_challenge(ann.token, "ABCDEFGH", "fxie amlo ewbx astu")
        {'code': 'ABCDEFGH', 'path': '/challenge/ABCDEFGH', 'match': 1, 'round': 1}
        >>> room.keep_challenge(ann.token, "ABCDEFGH", "ab cd")
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: the challenge is of another board than this room's last round
        """
        summary = self.check_challenge(token)
        if board != summary.get("board"):
            raise RoomError(
                "bad_field", "the challenge is of another board than this room's last round"
            )
        self.challenge = {
            "code": code,
            "path": f"/challenge/{code}",
            "match": summary.get("match", self.match_number),
            "round": summary.get("round", self.round_number),
        }
        return self.challenge

    def check_challenge(self, token: str) -> dict[str, Any]:
        """Refuse to keep a challenge now (not the host, or no round's results shown), before
        the challenge is looked up; the results shown.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> room.check_challenge(ann.token)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: no round's results are shown: play a round first
        """
        self._host_only(token, "keep a challenge for the room")
        if self.last_summary is None:
            raise RoomError("no_results", "no round's results are shown: play a round first")
        return self.last_summary

    def check_rematch(self, token: str) -> None:
        """Refuse a rematch now (not the host, or a round being played), before its word
        list is loaded.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(), Lexicon.from_words(["fame"]))
        >>> ann, bob = room.join("ann", now=0.0), room.join("bob", now=0.0)
        >>> room.check_rematch(bob.token)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: only the host can start a rematch
        """
        self._host_only(token, "start a rematch")
        if self.phase is Phase.PLAYING or self.phase is Phase.JUDGING:
            raise RoomError("round_running", "a round is being played; wait for its results")

    def match_json(self) -> dict[str, Any]:
        """The match as stored: the table of rounds, totals and winners.

        >>> from boggle import Lexicon
        >>> room = Room("ABCDEF", RoomSettings(seconds=60), Lexicon.from_words(["fame"]))
        >>> ann = room.join("ann", now=0.0)
        >>> _ = room.start(ann.token, now=0.0, board=Board.parse("fxie amlo ewbx astu"))
        >>> _ = room.submit(ann.token, "fame", now=1.0)
        >>> _ = room.record(judge(room.close_round(now=60.0)))
        >>> stored = room.match_json()
        >>> stored["table"], stored["standings"], stored["winners"]
        ([{'round': 1, 'board': 'fxie amlo ewbx astu', 'scores': {'ann': 1}, \
'totals': {'ann': 1}}], [{'name': 'ann', 'total': 1, 'rank': 1}], ['ann'])
        """
        totals = dict(self.match.totals)
        return {
            "code": self.code,
            "match": self.match_number,
            "settings": self.settings.to_json(),
            "table": self.match.table,
            "totals": totals,
            "standings": standings(totals),
            "winners": _leaders(totals),
        }

    def _new_match(self) -> Match:
        return Match(target=self.settings.target or UNLIMITED_TARGET)


def _leaders(totals: dict[str, int]) -> list[str]:
    best = max(totals.values(), default=0)
    return [name for name, total in totals.items() if total == best]
