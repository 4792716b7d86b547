"""Finished rounds and matches kept in SQLite, so they outlive the server process.

``boggle serve --data DIR`` keeps them in ``DIR/results.sqlite3``; without ``--data``
the directory is the user's data directory (:func:`default_data_dir`).  A store
without a path lives in memory (tests, apps built without a data directory).

A round's words are stored compactly (:mod:`boggle.rooms.compact`: one row a player and
round, a few bytes a word); a file written before that is upgraded when it is opened.
Rounds and matches older than ``keep_days`` are deleted (:meth:`ResultStore.prune`), and
so are the challenges (:mod:`boggle.rooms.challenges`, kept in the same file) nobody has
played for that long.
A write that fails (a full or read-only disk) is held and tried again
(:meth:`ResultStore.flush`), up to :data:`MAX_HELD` of them; the failure is logged once
per cause and shown by :meth:`ResultStore.health`.

>>> store = ResultStore(None)
>>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
>>> store.save_match("ABCDEF", 1, {"winners": ["ann"]})
>>> store.results("ABCDEF")["rounds"][0]["scores"], store.known("ABCDEF"), store.known("XYZXYZ")
({'ann': 3}, True, False)
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boggle.files.cache import writable_dir
from boggle.model.errors import BoggleError
from boggle.rooms.compact import PackedPlayer, pack_json, pack_round, unpack_round
from boggle.rooms.limits import name_key

FILE_NAME = "results.sqlite3"
SCHEMA_VERSION = 4
"""0: each round one JSON document; 1: words packed, one row a player and round;
2: challenges and their results; 3: the results' ``name_key`` as names are compared since
Cyrillic and Greek look-alikes read as Latin letters (:data:`~boggle.rooms.limits.LOOK_ALIKES`);
4: each room's notes (:data:`VERSION_4`)."""
READ_ONLY_LAYOUTS = (3,)
"""The older layouts a read-only file of is opened as it is (and its results served, nothing
new kept) rather than refused: layout 3 reads as this one, without the rooms' notes of 4."""
DEFAULT_KEEP_DAYS = 90.0
"""Rounds and matches finished longer ago than this are deleted (``serve --keep-days``)."""
MAX_HELD = 1000
"""Writes held while the file cannot be written; past this the oldest are dropped."""
DAY = 86400.0

log = logging.getLogger("boggle.rooms")

TABLES = """
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT NOT NULL, match INTEGER NOT NULL, round INTEGER NOT NULL,
    finished REAL NOT NULL, data TEXT NOT NULL, unfound TEXT,
    PRIMARY KEY (code, match, round));
CREATE TABLE IF NOT EXISTS matches (
    code TEXT NOT NULL, match INTEGER NOT NULL,
    finished REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (code, match));
"""
VERSION_1 = """
CREATE TABLE IF NOT EXISTS round_players (
    code TEXT NOT NULL, match INTEGER NOT NULL, round INTEGER NOT NULL, seat INTEGER NOT NULL,
    name TEXT NOT NULL, words TEXT NOT NULL, extra TEXT,
    PRIMARY KEY (code, match, round, seat)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rounds_finished ON rounds (finished);
CREATE INDEX IF NOT EXISTS matches_finished ON matches (finished);
"""
"""``rounds.unfound`` is the packed words nobody found (``NULL``: ``data`` is the whole
summary, as version 0 kept it); ``round_players`` the packed words of each player."""
VERSION_2 = """
CREATE TABLE IF NOT EXISTS challenges (
    code TEXT PRIMARY KEY, board TEXT NOT NULL, dictionary TEXT NOT NULL,
    rules TEXT NOT NULL, min_length INTEGER NOT NULL, seconds INTEGER NOT NULL,
    maximum INTEGER NOT NULL, total INTEGER NOT NULL,
    created REAL NOT NULL, played REAL NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS challenges_played ON challenges (played);
CREATE TABLE IF NOT EXISTS challenge_results (
    code TEXT NOT NULL, name_key TEXT NOT NULL, name TEXT NOT NULL, posted REAL NOT NULL,
    score INTEGER NOT NULL, words TEXT NOT NULL,
    PRIMARY KEY (code, name_key)) WITHOUT ROWID;
"""
"""A challenge (:mod:`boggle.rooms.challenges`): its board, list, rules and time, when it
was made and last ``played``; each result under its name (``name_key``: the name as
:func:`boggle.rooms.limits.name_key` compares names, one result a name) with its score and
counted words packed as ``word:POINTS.PATH``."""
VERSION_4 = """
CREATE TABLE IF NOT EXISTS room_notes (
    code TEXT NOT NULL, name TEXT NOT NULL, changed REAL NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (code, name)) WITHOUT ROWID;
"""
"""What a room says of itself besides its rounds, each note under its name, its latest
value as JSON (:data:`NOTES`): it changes between rounds, and a room closed after its last
round keeps it (:meth:`ResultStore.keep_note`)."""
NOTES = ("removed", "challenge", "renamed")
"""The notes a room keeps: ``removed``, the names the host removed (the spreadsheets mark
them "(removed)"), ``challenge``, the challenge the host made of a round of the room
(``{"code", "path", "match", "round"}``), and ``renamed``, the names its players changed
(:attr:`boggle.rooms.room.Room.renames`: the spreadsheets read the rounds before a change
under the new name)."""


def default_data_dir() -> Path:
    """``$BOGGLE_DATA_DIR``, else the platform's per-user data directory + ``/boggle``.

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"BOGGLE_DATA_DIR": "/srv/words"}):
    ...     default_data_dir() == Path("/srv/words")
    True
    """
    if chosen := os.environ.get("BOGGLE_DATA_DIR"):
        return Path(chosen)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "boggle"


Statement = tuple[str, tuple[object, ...]]


@dataclass(frozen=True)
class Write:
    """One round or match to store: its statements, run in one transaction."""

    code: str
    what: str
    statements: tuple[Statement, ...]


class ResultStore:
    """Rounds and matches by room code in SQLite (thread-safe).

    ``keep_days``: rounds and matches finished longer ago are deleted by :meth:`prune`
    (``None``: kept for ever).  ``quiet``: opened only to check that it can be, a read-only
    file of an older layout (:attr:`behind`) is not said in the log.

    >>> store = ResultStore(None, keep_days=30)
    >>> store.path, store.keep_days, store.known("ABCDEF")
    (None, 30, False)
    """

    def __init__(
        self,
        directory: Path | None,
        keep_days: float | None = DEFAULT_KEEP_DAYS,
        *,
        quiet: bool = False,
    ) -> None:
        self.path: Path | None = None
        self._quiet = quiet  # opened only to check that it can be: a file read-only not said
        self.keep_days = keep_days
        target = ":memory:"
        if directory is not None:
            self.path = writable_dir(directory, "the data directory") / FILE_NAME
            target = str(self.path)
        self._error: str | None = None
        self._failing_since: float | None = None
        self.behind: int | None = None
        """The layout of a file opened read-only, older than this one: it cannot be upgraded
        (:data:`READ_ONLY_LAYOUTS`); ``None`` for a file of this layout."""
        try:
            self._db = sqlite3.connect(target, check_same_thread=False)
            self._upgrade()
        except sqlite3.Error as error:
            raise BoggleError(f"cannot use the results file {target}: {error}") from None
        self._lock = threading.Lock()
        self._held: deque[Write] = deque()
        self._dropped = 0
        self._logged: set[str] = set()

    # ------------------------------------------------------------------ the file's layout

    def _upgrade(self) -> None:
        """Make the tables, or bring a file of an older layout to this one."""
        db = self._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"it was written by a newer boggle (layout {version}, this one reads "
                f"{SCHEMA_VERSION} and older)"
            )
        if version == SCHEMA_VERSION:
            return
        fresh = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        if fresh:
            db.execute("PRAGMA auto_vacuum = INCREMENTAL")  # pruning gives space back
        try:
            with db:  # one transaction: a file is upgraded whole or not at all
                db.execute("BEGIN")
                if version < 1:
                    _run_script(db, TABLES)
                    columns = {row[1] for row in db.execute("PRAGMA table_info(rounds)")}
                    if "unfound" not in columns:
                        db.execute("ALTER TABLE rounds ADD COLUMN unfound TEXT")
                    _run_script(db, VERSION_1)
                    if not fresh:
                        self._pack_old_rounds()
                _run_script(db, VERSION_2)
                if not fresh and version < 3:
                    self._key_names_again()
                _run_script(db, VERSION_4)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.Error as error:  # a file of this layout that cannot be written opens
            if fresh:
                raise
            if version in READ_ONLY_LAYOUTS and _read_only(error):
                self._open_behind(version, error)
                return
            raise sqlite3.DatabaseError(
                f"{error} (it is of layout {version}, upgraded to {SCHEMA_VERSION} when "
                "opened: make it writable)"
            ) from None
        if not fresh and version < 1:
            try:  # the space of the old documents back, and pruning's from now on
                db.execute("PRAGMA auto_vacuum = INCREMENTAL")
                db.execute("VACUUM")
            except sqlite3.Error as error:
                log.warning("the results file was upgraded but not compacted: %s", error)

    def _open_behind(self, version: int, error: sqlite3.Error) -> None:
        """A read-only file of an older layout that reads as this one (:data:`READ_ONLY_LAYOUTS`):
        its results are served as they are, nothing new is written (each write is held, and
        fails, as on a read-only file of this layout), and one line of the log says so."""
        self.behind = version
        self._error = (
            f"the results file is read-only ({error}) and of layout {version}, not upgraded to "
            f"{SCHEMA_VERSION}: make it writable and start the server again"
        )
        self._failing_since = time.time()
        if self._quiet:
            return
        log.warning(
            "the results file %s is of layout %d and cannot be written (%s): its results are "
            "served read-only, and nothing new is kept until it is made writable and the server "
            "started again (it is then upgraded to layout %d)",
            self.path,
            version,
            error,
            SCHEMA_VERSION,
        )

    def _key_names_again(self) -> None:
        """The challenge results' names keyed as :func:`~boggle.rooms.limits.name_key` keys
        them now, so a name kept under an older key is still taken ("\u0430nn", its a
        Cyrillic, posted before look-alikes were compared, takes no second result); a name
        whose new key another result of its challenge holds (both posted before) keeps its
        old one, both results kept."""
        rows = self._db.execute("SELECT code, name_key, name FROM challenge_results").fetchall()
        for code, key, name in rows:
            if (new := name_key(name)) != key:
                self._db.execute(
                    "UPDATE OR IGNORE challenge_results SET name_key = ? "
                    "WHERE code = ? AND name_key = ?",
                    (new, code, key),
                )

    def _pack_old_rounds(self) -> None:
        """Version 0's whole documents packed (those that would not unpack the same stay)."""
        rows = self._db.execute(
            "SELECT code, match, round, finished, data FROM rounds WHERE unfound IS NULL"
        ).fetchall()
        for code, match, number, finished, text in rows:
            try:
                summary = json.loads(text)
            except ValueError:
                continue  # shown as it is, as before
            if pack_round(summary) is None:
                continue
            for sql, values in _round_statements(code, match, number, finished, summary):
                self._db.execute(sql, values)

    # ------------------------------------------------------------------ writing

    def save_round(self, code: str, match: int, number: int, data: dict[str, Any]) -> None:
        """Store a round now (``sqlite3.Error`` if the file cannot be written).

        >>> store = ResultStore(None)
        >>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
        >>> store.results("ABCDEF")["rounds"][0]["scores"]
        {'ann': 3}
        """
        self._run(self._round_write(code, match, number, data))

    def save_match(self, code: str, match: int, data: dict[str, Any]) -> None:
        """Store a match now (``sqlite3.Error`` if the file cannot be written).

        >>> store = ResultStore(None)
        >>> store.save_match("ABCDEF", 1, {"winners": ["ann"]})
        >>> store.results("ABCDEF")["matches"][0]["winners"]
        ['ann']
        """
        self._run(self._match_write(code, match, data))

    def keep_round(self, code: str, match: int, number: int, data: dict[str, Any]) -> bool:
        """Store a round, or hold it to try again: whether everything held is written.

        >>> store = ResultStore(None)
        >>> store.keep_round("ABCDEF", 1, 1, {"scores": {"ann": 3}}), store.known("ABCDEF")
        (True, True)
        """
        return self._keep(self._round_write(code, match, number, data))

    def keep_match(self, code: str, match: int, data: dict[str, Any]) -> bool:
        """Store a match, or hold it to try again: whether everything held is written.

        >>> ResultStore(None).keep_match("ABCDEF", 1, {"winners": ["ann"]})
        True
        """
        return self._keep(self._match_write(code, match, data))

    def keep_note(self, code: str, name: str, value: Any) -> bool:
        """Store a room's note ``name`` (one of :data:`NOTES`) as it is now, or hold it to try
        again: whether everything held is written.  A later note of the same name replaces
        it; :meth:`results` gives each note of the room under its name.

        >>> store = ResultStore(None)
        >>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3, "bob": 1}, "removed": []})
        >>> store.keep_note("ABCDEF", "removed", ["bob"]), store.results("ABCDEF")["removed"]
        (True, ['bob'])
        """
        if name not in NOTES:
            raise ValueError(f"a room keeps no note {name!r}")
        statement = (
            "INSERT OR REPLACE INTO room_notes VALUES (?, ?, ?, ?)",
            (code, name, time.time(), _dumps(value)),
        )
        return self._keep(Write(code, f"the {name} of room {code}", (statement,)))

    def _round_write(self, code: str, match: int, number: int, data: dict[str, Any]) -> Write:
        statements = _round_statements(code, match, number, time.time(), data)
        return Write(code, f"round {number} of room {code}", tuple(statements))

    def _match_write(self, code: str, match: int, data: dict[str, Any]) -> Write:
        statement = (
            "INSERT OR REPLACE INTO matches VALUES (?, ?, ?, ?)",
            (code, match, time.time(), _dumps(data)),
        )
        return Write(code, f"match {match} of room {code}", (statement,))

    def _run(self, write: Write) -> None:
        with self._lock, self._db:
            for sql, values in write.statements:
                self._db.execute(sql, values)

    def _keep(self, write: Write) -> bool:
        with self._lock:
            self._held.append(write)
            while len(self._held) > MAX_HELD:
                lost = self._held.popleft()
                self._dropped += 1
                log.error("results not saved, too many held: %s is lost", lost.what)
        return self.flush()

    def flush(self) -> bool:
        """Write what is held, oldest first, until one fails: whether none is left.
        A failure is logged once per cause; the first success after it says so.

        >>> store = ResultStore(None)
        >>> store.flush(), store.health()["held"]
        (True, 0)
        """
        with self._lock:
            written = 0
            if self.behind is not None:  # never written (nor saved "again"): the reason once
                if self._held and self._error and self._error not in self._logged:
                    self._logged.add(self._error)
                    log.error("results not saved: %s; held", self._error)
                return not self._held
            while self._held:
                write = self._held[0]
                try:
                    with self._db:
                        for sql, values in write.statements:
                            self._db.execute(sql, values)
                except sqlite3.Error as error:
                    cause = str(error)
                    self._error = f"{write.what}: {cause}"
                    self._failing_since = self._failing_since or time.time()
                    if cause not in self._logged:
                        self._logged.add(cause)
                        log.error(
                            "results not saved (%s): %s; held to try again", cause, write.what
                        )
                    return False
                self._held.popleft()
                written += 1
            if self._error is not None:
                log.warning("results are saved again (%d held writes done)", written)
                self._error, self._failing_since = None, None
                self._logged.clear()
            return True

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """The file's connection, for this store's other tables (the challenges): locked
        for the block, which is one transaction (rolled back if it raises).

        >>> store = ResultStore(None)
        >>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
        >>> with store.transaction() as db:
        ...     db.execute("SELECT count(*) FROM rounds").fetchone()
        (1,)
        """
        with self._lock, self._db:
            yield self._db

    # ------------------------------------------------------------------ reading

    def known(self, code: str) -> bool:
        """Whether any result or note of a room with this code is stored (or held to be):
        its code is not given to a new room, whose results would read them as its own.

        >>> store = ResultStore(None)
        >>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
        >>> store.known("ABCDEF"), store.known("GHJKLM")
        (True, False)
        """
        with self._lock:
            if any(write.code == code for write in self._held):
                return True
            if self.behind is not None:  # an older layout, read-only: no notes
                row = self._db.execute("SELECT 1 FROM rounds WHERE code = ? LIMIT 1", (code,))
                return row.fetchone() is not None
            row = self._db.execute(  # a room closed before its first round may have notes
                "SELECT 1 FROM rounds WHERE code = ? UNION ALL "
                "SELECT 1 FROM room_notes WHERE code = ? LIMIT 1",
                (code, code),
            )
            return row.fetchone() is not None

    def results(self, code: str) -> dict[str, Any]:
        """``{"code", "rounds": [...], "matches": [...]}``, oldest first, and the room's
        notes kept (:meth:`keep_note`), each under its name.

        >>> store = ResultStore(None)
        >>> store.save_round("ABCDEF", 1, 2, {"scores": {"ann": 5}})
        >>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
        >>> found = store.results("ABCDEF")
        >>> [round_["scores"] for round_ in found["rounds"]], found["matches"]
        ([{'ann': 3}, {'ann': 5}], [])
        """
        with self._lock:
            rounds = self._db.execute(
                "SELECT match, round, finished, data, unfound FROM rounds WHERE code = ? "
                "ORDER BY match, round",
                (code,),
            ).fetchall()
            seats = self._db.execute(
                "SELECT match, round, name, words, extra FROM round_players WHERE code = ? "
                "ORDER BY match, round, seat",
                (code,),
            ).fetchall()
            matches = self._db.execute(
                "SELECT finished, data FROM matches WHERE code = ? ORDER BY match", (code,)
            ).fetchall()
            notes = (
                []  # an older layout, read-only: no notes kept
                if self.behind is not None
                else self._db.execute(
                    "SELECT name, data FROM room_notes WHERE code = ? ORDER BY name", (code,)
                ).fetchall()
            )
        players: dict[tuple[int, int], list[PackedPlayer]] = {}
        for match, number, name, words, extra in seats:
            packed = PackedPlayer(name, words, None if extra is None else json.loads(extra))
            players.setdefault((match, number), []).append(packed)
        shown = []
        for match, number, stamp, data, unfound in rounds:
            summary = json.loads(data)
            if unfound is not None:
                summary = unpack_round(summary, unfound, players.get((match, number), []))
            shown.append({**summary, "finished": stamp})
        return {
            "code": code,
            "rounds": shown,
            "matches": [{**json.loads(data), "finished": stamp} for stamp, data in matches],
            **{name: json.loads(data) for name, data in notes if name in NOTES},
        }

    # ------------------------------------------------------------------ keeping it small

    def prune(self, now: float | None = None) -> int:
        """Delete the rounds and matches older than ``keep_days``, and the challenges nobody
        has played for that long: how many rounds and challenges went.

        >>> store = ResultStore(None, keep_days=1)
        >>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
        >>> store.prune(), store.prune(now=time.time() + 2 * DAY), store.known("ABCDEF")
        (0, 1, False)
        """
        if self.keep_days is None or self.behind is not None:  # behind: read-only, said once
            return 0
        before = (time.time() if now is None else now) - self.keep_days * DAY
        with self._lock, self._db:
            self._db.execute(
                "DELETE FROM round_players WHERE (code, match, round) IN "
                "(SELECT code, match, round FROM rounds WHERE finished < ?)",
                (before,),
            )
            gone = self._db.execute("DELETE FROM rounds WHERE finished < ?", (before,)).rowcount
            self._db.execute("DELETE FROM matches WHERE finished < ?", (before,))
            self._db.execute(
                "DELETE FROM challenge_results WHERE code IN "
                "(SELECT code FROM challenges WHERE played < ?)",
                (before,),
            )
            gone += self._db.execute("DELETE FROM challenges WHERE played < ?", (before,)).rowcount
            self._db.execute(  # a room's notes go with its last round
                "DELETE FROM room_notes WHERE changed < ? AND code NOT IN "
                "(SELECT code FROM rounds)",
                (before,),
            )
        if gone:
            with self._lock:
                self._db.execute("PRAGMA incremental_vacuum")
        return gone

    def size(self) -> int:
        """Bytes the results take on disk (with SQLite's journal, if one is open).

        >>> store = ResultStore(None)
        >>> store.size() > 0
        True
        """
        if self.path is None:
            with self._lock:
                pages = self._db.execute("PRAGMA page_count").fetchone()[0]
                page = self._db.execute("PRAGMA page_size").fetchone()[0]
            return int(pages * page)
        total = 0
        for suffix in ("", "-journal", "-wal"):
            with contextlib.suppress(OSError):  # no journal: nothing to add
                total += os.stat(f"{self.path}{suffix}").st_size
        return total

    def health(self) -> dict[str, Any]:
        """How saving goes, for ``/api/health``: ``saving`` (``ok`` or ``failing``),
        ``error`` (the last failure, or ``None``), ``failing_since`` (Unix time), ``held``
        (writes waiting to be tried again), ``lost`` (dropped, past :data:`MAX_HELD`),
        ``bytes`` (the size on disk) and ``keep_days``.

        >>> ResultStore(None).health()["saving"]
        'ok'
        """
        with self._lock:
            held, error, since = len(self._held), self._error, self._failing_since
        return {
            "saving": "ok" if error is None else "failing",
            "error": error,
            "failing_since": since,
            "held": held,
            "lost": self._dropped,
            "bytes": self.size(),
            "keep_days": self.keep_days,
        }

    def close(self) -> None:
        """Close the file; the store cannot be used after.

        >>> store = ResultStore(None)
        >>> store.close()
        >>> store.known("ABCDEF")
        Traceback (most recent call last):
        ...
        sqlite3.ProgrammingError: Cannot operate on a closed database.
        """
        with self._lock:
            self._db.close()


def _read_only(error: sqlite3.Error) -> bool:
    """Whether ``error`` is SQLite's "attempt to write a readonly database" (any of its
    extended codes: a read-only file, directory or connection)."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_READONLY


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Each statement of ``script`` (``executescript`` would commit the transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _round_statements(
    code: str, match: int, number: int, finished: float, summary: dict[str, Any]
) -> list[Statement]:
    """The statements that store a round: packed if it packs, else whole."""
    key = (code, match, number)
    packed = pack_round(summary)
    statements: list[Statement] = [
        ("DELETE FROM round_players WHERE code = ? AND match = ? AND round = ?", key)
    ]
    if packed is None:
        sql = "INSERT OR REPLACE INTO rounds VALUES (?, ?, ?, ?, ?, NULL)"
        return [*statements, (sql, (*key, finished, _dumps(summary)))]
    data, unfound, rows = pack_json(packed)
    sql = "INSERT OR REPLACE INTO rounds VALUES (?, ?, ?, ?, ?, ?)"
    statements.append((sql, (*key, finished, data, unfound)))
    for seat, (name, words, extra) in enumerate(rows):
        sql = "INSERT INTO round_players VALUES (?, ?, ?, ?, ?, ?, ?)"
        statements.append((sql, (*key, seat, name, words, extra)))
    return statements
