"""Finished rounds and matches kept in SQLite, so they outlive the server process.

``boggle serve --data DIR`` keeps them in ``DIR/results.sqlite3``; without ``--data``
the directory is the user's data directory (:func:`default_data_dir`).  A store
without a path lives in memory (tests, apps built without a data directory).

>>> store = ResultStore(None)
>>> store.save_round("ABCDEF", 1, 1, {"scores": {"ann": 3}})
>>> store.save_match("ABCDEF", 1, {"winners": ["ann"]})
>>> store.results("ABCDEF")["rounds"][0]["scores"], store.known("ABCDEF"), store.known("XYZXYZ")
({'ann': 3}, True, False)
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

from boggle.cache import writable_dir
from boggle.errors import BoggleError

FILE_NAME = "results.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT NOT NULL, match INTEGER NOT NULL, round INTEGER NOT NULL,
    finished REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (code, match, round));
CREATE TABLE IF NOT EXISTS matches (
    code TEXT NOT NULL, match INTEGER NOT NULL,
    finished REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (code, match));
"""


def default_data_dir() -> Path:
    """``$BOGGLE_DATA_DIR``, else the platform's per-user data directory + ``/boggle``."""
    if chosen := os.environ.get("BOGGLE_DATA_DIR"):
        return Path(chosen)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "boggle"


class ResultStore:
    """Rounds and matches by room code, as JSON documents in SQLite (thread-safe)."""

    def __init__(self, directory: Path | None) -> None:
        self.path: Path | None = None
        target = ":memory:"
        if directory is not None:
            self.path = writable_dir(directory, "the data directory") / FILE_NAME
            target = str(self.path)
        try:
            self._db = sqlite3.connect(target, check_same_thread=False)
            self._db.executescript(SCHEMA)
        except sqlite3.Error as error:
            raise BoggleError(f"cannot use the results file {target}: {error}") from None
        self._lock = threading.Lock()

    def save_round(self, code: str, match: int, number: int, data: dict[str, Any]) -> None:
        self._write(
            "INSERT OR REPLACE INTO rounds VALUES (?, ?, ?, ?, ?)",
            code,
            match,
            number,
            time.time(),
            json.dumps(data, separators=(",", ":")),
        )

    def save_match(self, code: str, match: int, data: dict[str, Any]) -> None:
        self._write(
            "INSERT OR REPLACE INTO matches VALUES (?, ?, ?, ?)",
            code,
            match,
            time.time(),
            json.dumps(data, separators=(",", ":")),
        )

    def _write(self, sql: str, *values: object) -> None:
        with self._lock, self._db:
            self._db.execute(sql, values)

    def known(self, code: str) -> bool:
        """Whether any result of a room with this code is stored."""
        with self._lock:
            row = self._db.execute("SELECT 1 FROM rounds WHERE code = ? LIMIT 1", (code,))
            return row.fetchone() is not None

    def results(self, code: str) -> dict[str, Any]:
        """``{"code", "rounds": [...], "matches": [...]}``, oldest first."""
        with self._lock:
            rounds = self._db.execute(
                "SELECT finished, data FROM rounds WHERE code = ? ORDER BY match, round", (code,)
            ).fetchall()
            matches = self._db.execute(
                "SELECT finished, data FROM matches WHERE code = ? ORDER BY match", (code,)
            ).fetchall()
        return {
            "code": code,
            "rounds": [{**json.loads(data), "finished": stamp} for stamp, data in rounds],
            "matches": [{**json.loads(data), "finished": stamp} for stamp, data in matches],
        }

    def close(self) -> None:
        with self._lock:
            self._db.close()
