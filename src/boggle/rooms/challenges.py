"""Challenges: a round anyone can play later on the same board, word list, rules and time,
and everyone's results for it, best first, with the words only each player found.

Kept in the same SQLite file as room results (``boggle serve --data DIR``:
``DIR/results.sqlite3``); a store without a directory lives in memory.  No accounts: a
player picks a name each play, and a name (any case) plays a challenge once.  A result's
words are judged here, from the board, never taken from the client: every word must count.

>>> from boggle import Board, Lexicon, solve
>>> store = ChallengeStore(None)
>>> code = store.create({"board": "fxie amlo ewbx astu", "seconds": 60})
>>> store.challenge(code)["seconds"], store.challenge("NOSUCH")
(60, None)
>>> board = Board.parse("fxie amlo ewbx astu")
>>> solution = solve(board, Lexicon.from_words(["fame", "mile", "limb", "east"]))
>>> ann = judge_entries(board, solution, ["fame", "mile"])
>>> store.add_result(code, "ann", ann)
>>> store.add_result(code, "ANN", ann)
Traceback (most recent call last):
  ...
boggle.rooms.challenges.NameTaken: the name 'ANN' has played this challenge already
>>> store.add_result(code, "bob", judge_entries(board, solution, ["fame", "east", "limb"]))
>>> [(r["name"], r["score"], r["only_you"]) for r in store.results(code)]
[('bob', 3, ['east', 'limb']), ('ann', 2, ['mile'])]
>>> judge_entries(board, solution, ["fame", "zebra"])
Traceback (most recent call last):
  ...
boggle.rooms.challenges.ChallengeError: 'zebra' does not count: not on the board
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from boggle.board import Board
from boggle.cache import writable_dir
from boggle.errors import BoggleError
from boggle.game.play import PlaySession
from boggle.rooms.hub import CODE_ALPHABET, CODE_LENGTH
from boggle.rooms.storage import FILE_NAME
from boggle.solution import Solution

__all__ = ["ChallengeError", "ChallengeStore", "NameTaken", "judge_entries", "ranked"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS challenges (
    code TEXT PRIMARY KEY, created REAL NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS challenge_results (
    code TEXT NOT NULL, name_key TEXT NOT NULL, finished REAL NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (code, name_key));
"""

FEEDBACK_WORDS = {
    "already_found": "a repeat",
    "not_a_word": "not in the word list",
    "not_on_board": "not on the board",
    "too_short": "too short",
    "invalid": "not letters",
}


class ChallengeError(BoggleError):
    """A result the challenge refuses: a name that played it already, a word that does not
    count."""


class NameTaken(ChallengeError):
    """A name (any case) that has played this challenge already."""


def judge_entries(board: Board, solution: Solution, entries: list[str]) -> dict[str, Any]:
    """One player's words judged as a round on ``board``: ``{"score", "words": [{"word",
    "points"}]}``; a word that does not count (or comes twice) is a :class:`ChallengeError`,
    since the page sends only the words it was told count."""
    session = PlaySession(board, solution)
    words = []
    for entry in entries:
        said = session.submit(entry)
        if said.status != "accepted":
            raise ChallengeError(f"{said.word!r} does not count: {FEEDBACK_WORDS[said.status]}")
        words.append({"word": said.word, "points": said.points})
    return {"score": session.score, "words": words}


def ranked(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Results best first (score, then fewer words, then name), each with ``only_you``:
    its words no other player found, A to Z."""
    counts: dict[str, int] = {}
    for result in results:
        for word in {entry["word"] for entry in result["words"]}:
            counts[word] = counts.get(word, 0) + 1
    shown = [
        {
            **result,
            "only_you": sorted(e["word"] for e in result["words"] if counts[e["word"]] == 1),
        }
        for result in results
    ]
    return sorted(shown, key=lambda r: (-r["score"], len(r["words"]), r["name"].lower()))


class ChallengeStore:
    """Challenges and their results by code, as JSON documents in SQLite (thread-safe)."""

    def __init__(self, directory: Path | None) -> None:
        target = ":memory:"
        if directory is not None:
            target = str(writable_dir(directory, "the data directory") / FILE_NAME)
        try:
            self._db = sqlite3.connect(target, check_same_thread=False, timeout=10)
            self._db.executescript(SCHEMA)
        except sqlite3.Error as error:
            raise BoggleError(f"cannot use the results file {target}: {error}") from None
        self._lock = threading.Lock()

    def create(self, settings: dict[str, Any]) -> str:
        """A new challenge of ``settings`` (board, list, rules, seconds); its code."""
        data = json.dumps(settings, separators=(",", ":"))
        with self._lock, self._db:
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                try:
                    self._db.execute(
                        "INSERT INTO challenges VALUES (?, ?, ?)", (code, time.time(), data)
                    )
                    return code
                except sqlite3.IntegrityError:
                    continue  # that code is taken: another

    def challenge(self, code: str) -> dict[str, Any] | None:
        """The settings of the challenge ``code``, or ``None``."""
        with self._lock:
            row = self._db.execute("SELECT data FROM challenges WHERE code = ?", (code,))
            found = row.fetchone()
        return None if found is None else dict(json.loads(found[0]))

    def add_result(self, code: str, name: str, result: dict[str, Any]) -> None:
        """Keep ``name``'s result; a name (any case) that played already is refused."""
        data = json.dumps({"name": name, **result}, separators=(",", ":"))
        with self._lock, self._db:
            try:
                self._db.execute(
                    "INSERT INTO challenge_results VALUES (?, ?, ?, ?)",
                    (code, name.casefold(), time.time(), data),
                )
            except sqlite3.IntegrityError:
                raise NameTaken(f"the name {name!r} has played this challenge already") from None

    def results(self, code: str) -> list[dict[str, Any]]:
        """Everyone's results for ``code``, best first (:func:`ranked`)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT data FROM challenge_results WHERE code = ? ORDER BY finished", (code,)
            ).fetchall()
        return ranked([json.loads(data) for (data,) in rows])

    def close(self) -> None:
        with self._lock:
            self._db.close()
