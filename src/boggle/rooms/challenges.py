"""Challenges: a round (its board, word list, rules and time) kept under a code, for friends
to play later, each under a name of their choosing; everyone's results, best first.

No accounts: a result is posted with a name, one result a name (names compared without
case).  The entries posted are judged here with :func:`~boggle.game.judge_round` (a score
from a client is never taken).  Challenges live in the rooms' results file (the tables of
:data:`boggle.rooms.storage.VERSION_2`) and are deleted with the rounds, ``keep_days`` after
they were last played.

>>> from boggle import Board, load_lexicon
>>> from boggle.rooms.storage import ResultStore
>>> store = ChallengeStore(ResultStore(None))
>>> lexicon = load_lexicon()
>>> board = Board.parse("fxie amlo ewbx astu")
>>> made = store.create(board, "en-70", lexicon, None, None, 120, now=0.0)
>>> len(made.code), made.rules.name, made.seconds
(8, 'classic', 120)
>>> store.post(made.code, "ann", ["fame", "zzz", "mile"], lexicon, now=1.0).score
2
>>> store.post(made.code, "ANN ", ["fame"], lexicon, now=2.0)
Traceback (most recent call last):
...
boggle.rooms.limits.RoomError: the name 'ANN' has a result in this challenge already
>>> [(r.name, r.score, r.only) for r in store.results(made.code)]
[('ann', 2, ('fame', 'mile'))]
"""

from __future__ import annotations

import math
import secrets
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from boggle.engines import solve
from boggle.game import Status, judge_round
from boggle.game.play import MAX_ROUND_SECONDS
from boggle.game.word_setting import unfound_json, with_levels
from boggle.model.board import Board
from boggle.model.checks import check_limits
from boggle.model.errors import RulesError
from boggle.model.render import board_json
from boggle.model.rules import LARGE_BOARD_CELLS, PRESETS, Rules, RulesChoice
from boggle.model.wording import counted, grouped
from boggle.rooms.compact import CELL_DIGITS
from boggle.rooms.hub import CODE_ALPHABET
from boggle.rooms.limits import MAX_NAME_LENGTH, KeyedRateLimiter, RoomError, name_key
from boggle.rooms.limits import player_name as checked_name
from boggle.rooms.storage import ResultStore
from boggle.wordlists.lexicon import Lexicon

CODE_LENGTH = 8
"""Characters of a challenge's code (from the rooms' alphabet: no 0/O, 1/I)."""


@dataclass(frozen=True)
class ChallengeLimits:
    """What one challenge and one client may ask (``serve`` uses these defaults).

    >>> ChallengeLimits().max_results, ChallengeLimits(max_words=50).max_words
    (100, 50)
    >>> ChallengeLimits(min_seconds=0)
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: min_seconds must be at least 1, got 0
    """

    max_name_length: int = MAX_NAME_LENGTH
    max_words: int = 300
    """Entries one result may post."""
    max_word_length: int = 40
    max_results: int = 100
    """Results one challenge takes."""
    min_seconds: int = 5
    max_seconds: int = MAX_ROUND_SECONDS
    """An hour, the longest round ``boggle play`` takes too."""
    per_address: int = 10
    """Challenges one client address may create at once; then one every
    ``seconds_per_challenge`` (0: no limit)."""
    seconds_per_challenge: float = 15.0

    def __post_init__(self) -> None:
        check_limits(self, zero_means_none={"per_address", "seconds_per_challenge"})


@dataclass(frozen=True)
class FoundWord:
    word: str
    points: int
    path: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "points": self.points, "path": [list(c) for c in self.path]}


@dataclass(frozen=True)
class Challenge:
    """A round to play again: the board, the list's name, the rules (``preset``: the
    preset they are, with ``rules.min_length``), the seconds; the solution's ``maximum``
    points and ``total`` words; when it was made and last played (Unix time)."""

    code: str
    board: Board
    dictionary: str
    preset: str
    rules: Rules
    seconds: int
    maximum: int
    total: int
    created: float
    played: float

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            **board_json(self.board),
            "dictionary": self.dictionary,
            "rules": {**self.rules.to_json(), "preset": self.preset},
            "seconds": self.seconds,
            "maximum": self.maximum,
            "total": self.total,
            "created": self.created,
        }


@dataclass(frozen=True)
class ChallengeResult:
    """One player's result: the words counted, with ``only`` those nobody else found
    (filled in by :meth:`ChallengeStore.results`)."""

    name: str
    score: int
    words: tuple[FoundWord, ...]
    posted: float
    only: tuple[str, ...] = ()
    rank: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "score": self.score,
            "count": len(self.words),
            "words": [w.to_json() for w in self.words],
            "only": list(self.only),
            "posted": self.posted,
        }


def normalise_challenge_code(text: str) -> str:
    """A code as typed in its canonical form, or an ``unknown_challenge`` error.

    >>> normalise_challenge_code(" abcd2345 ")
    'ABCD2345'
    """
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise RoomError("unknown_challenge", f"there is no challenge {text[:20]!r}")
    return code


def player_name(text: str, limits: ChallengeLimits) -> str:
    """A name as shown (inner spaces collapsed), or a ``bad_name`` error.

    >>> player_name("  ann   lee ", ChallengeLimits())
    'ann lee'
    """
    return checked_name(text, limits.max_name_length)


def pack_words(words: tuple[FoundWord, ...], board: Board) -> str:
    """Counted words as ``word:POINTS.PATH`` tokens, a path one character a cell (two on
    boards of more than 64 cells), as a round's words nobody found are stored.

    >>> board = Board.parse("fxie amlo ewbx astu")
    >>> packed = pack_words((FoundWord("fame", 1, ((0, 0), (1, 0), (1, 1), (2, 0))),), board)
    >>> packed, unpack_words(packed, board)[0].path
    ('fame:1.0458', ((0, 0), (1, 0), (1, 1), (2, 0)))
    """
    base, width = len(CELL_DIGITS), _cell_width(board)

    def cell(row: int, col: int) -> str:
        index = row * board.cols + col
        low = CELL_DIGITS[index % base]
        return CELL_DIGITS[index // base] + low if width == 2 else low

    return " ".join(f"{w.word}:{w.points}." + "".join(cell(r, c) for r, c in w.path) for w in words)


def unpack_words(text: str, board: Board) -> tuple[FoundWord, ...]:
    base, width = len(CELL_DIGITS), _cell_width(board)
    found = []
    for token in text.split(" ") if text else []:
        word, _, code = token.rpartition(":")
        points, _, cells = code.partition(".")
        path = []
        for start in range(0, len(cells), width):
            index = 0
            for digit in cells[start : start + width]:
                index = index * base + CELL_DIGITS.index(digit)
            path.append(divmod(index, board.cols))
        found.append(FoundWord(word, int(points), tuple(path)))
    return tuple(found)


def _cell_width(board: Board) -> int:
    return 1 if board.size <= len(CELL_DIGITS) else 2


def judged_words(
    board: Board, rules: Rules, entries: list[str], lexicon: Lexicon
) -> tuple[int, tuple[FoundWord, ...]]:
    """The score and the counted words of one player's entries, by ``judge_round``."""
    result = judge_round(board, {"player": entries}, lexicon, rules).player("player")
    counted = tuple(
        FoundWord(v.word, v.total, tuple(v.path or ()))
        for v in result.verdicts
        if v.status is Status.COUNTED
    )
    return result.score, counted


def missed_words(
    challenge: Challenge, result: ChallengeResult, lexicon: Lexicon, limit: int
) -> list[dict[str, Any]]:
    """The words of the challenge's board (``lexicon``: its list, with its rules) that
    ``result`` did not find, common first, as a round's words nobody found are listed
    (:func:`~boggle.game.word_setting.unfound_json`: at most ``limit``, 0 for all). A player
    who found no word misses every word of the board, not only the words the others found.

    >>> from boggle import Lexicon
    >>> store = ChallengeStore(ResultStore(None))
    >>> lexicon = Lexicon.from_words(["fame", "mile", "lime"])
    >>> made = store.create(Board.parse("fxie amlo ewbx astu"), "mine", lexicon, None, None, 90)
    >>> posted = store.post(made.code, "ann", [], lexicon)
    >>> sorted(w["word"] for w in missed_words(made, posted, lexicon, 0))
    ['fame', 'lime', 'mile']
    >>> posted = store.post(made.code, "bob", ["mile"], lexicon)
    >>> sorted(w["word"] for w in missed_words(made, posted, lexicon, 0))
    ['fame', 'lime']
    """
    whole = with_levels(solve(challenge.board, lexicon, challenge.rules))
    return unfound_json(whole, {found.word for found in result.words}, limit)


class CreationGate:
    """How fast one client address may create challenges (a token bucket an address).

    >>> gate = CreationGate(ChallengeLimits(per_address=1, seconds_per_challenge=10))
    >>> gate.admit("192.0.2.1", 0.0)
    >>> gate.admit("192.0.2.1", 1.0)
    Traceback (most recent call last):
    ...
    boggle.rooms.limits.RoomError: too many challenges created from your address; try again in 9 s
    """

    def __init__(self, limits: ChallengeLimits) -> None:
        self.limits = limits
        self.by_address: KeyedRateLimiter | None = None
        if limits.per_address > 0 and limits.seconds_per_challenge > 0:
            self.by_address = KeyedRateLimiter(
                1 / limits.seconds_per_challenge, limits.per_address, max_keys=4096
            )

    def admit(self, address: str | None, now: float, players: int = 0) -> None:
        """Take one challenge from ``address``'s bucket, or refuse (``rate_limited``).

        ``players``: the room connections open from ``address`` (a class behind one
        school address); each has an allowance of its own, as another address would, so
        thirty pupils in a room may each make a challenge (the connections an address may
        hold are capped by ``RoomLimits.max_sockets_per_address``).

        >>> gate = CreationGate(ChallengeLimits(per_address=1, seconds_per_challenge=10))
        >>> for _ in range(3):
        ...     gate.admit("192.0.2.1", 0.0, players=2)
        >>> gate.admit("192.0.2.1", 0.0, players=2)
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: too many challenges created from your address; try ...
        """
        if address is None or self.by_address is None:
            return
        keys = [address] + [f"{address}#{n}" for n in range(1, max(players, 0) + 1)]
        waits = []
        for key in keys:
            wait = self.by_address.wait(key, now)
            if wait == 0.0:
                return
            waits.append(wait)
        wait = min(waits)
        if wait > 0:
            seconds = math.ceil(wait)
            raise RoomError(
                "rate_limited",
                f"too many challenges created from your address; try again in {seconds} s",
                retry_after=seconds,
            )


class ChallengeStore:
    """Challenges and their results in the results file of ``store`` (thread-safe).

    >>> from boggle import Lexicon
    >>> store = ChallengeStore(ResultStore(None), ChallengeLimits(max_results=10))
    >>> store.limits.max_results
    10
    """

    def __init__(self, store: ResultStore, limits: ChallengeLimits | None = None) -> None:
        self.store = store
        self.limits = limits or ChallengeLimits()

    def create(
        self,
        board: Board,
        dictionary: str,
        lexicon: Lexicon,
        preset: str | None,
        min_length: int | None,
        seconds: int,
        now: float | None = None,
    ) -> Challenge:
        """A new challenge (its board solved once with ``lexicon``, the list called
        ``dictionary``, for the maximum) under a fresh code.  ``preset`` ``None``: the
        preset of the board's size.

        >>> from boggle import Lexicon
        >>> store = ChallengeStore(ResultStore(None))
        >>> lexicon = Lexicon.from_words(["fame", "mile"])
        >>> made = store.create(Board.parse("fxie amlo ewbx astu"), "mine", lexicon, None, None, 90)
        >>> made.preset, made.maximum, made.total, made.seconds, len(made.code)
        ('classic', 2, 2, 90, 8)
        """
        limits = self.limits
        if not limits.min_seconds <= seconds <= limits.max_seconds:
            raise RoomError(
                "bad_seconds",
                f"a round lasts {grouped(limits.min_seconds)} to "
                f"{grouped(limits.max_seconds)} seconds",
            )
        chosen = preset or ("big" if board.size >= LARGE_BOARD_CELLS else "classic")
        try:
            rules = _choice(chosen, min_length).for_board(board)
        except RulesError as error:  # a minimum no word on the board reaches
            raise RoomError("bad_min_length", str(error)) from None
        solution = solve(board, lexicon, rules)
        stamp = time.time() if now is None else now
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            challenge = Challenge(
                code, board, dictionary, chosen, rules, seconds,
                solution.score, solution.count, stamp, stamp,
            )  # fmt: skip
            try:
                with self.store.transaction() as db:
                    db.execute(
                        "INSERT INTO challenges VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            code, str(board), dictionary, chosen, rules.min_length, seconds,
                            solution.score, solution.count, stamp, stamp,
                        ),
                    )  # fmt: skip
            except sqlite3.IntegrityError:
                continue  # the code is taken: draw another
            return challenge

    def kept_by_room(self, kept: dict[str, Any]) -> dict[str, Any]:
        """The challenge a room keeps (:attr:`boggle.rooms.room.Room.challenge`: ``code``,
        ``path``, ``match``, ``round``) as the room's results show it: as it is while the
        challenge is stored; once deleted (nobody played it for ``keep_days``), without its
        ``path`` and with ``expired`` true, so that no link leads to a page that is gone.  A
        file that cannot be read now leaves it as it is.

        >>> from boggle import Lexicon
        >>> store = ChallengeStore(ResultStore(None))
        >>> made = store.create(Board.parse("ab cd"), "mine", Lexicon.from_words(["cab"]),
        ...     None, None, 60)
        >>> kept = {"code": made.code, "path": f"/challenge/{made.code}", "match": 1, "round": 2}
        >>> store.kept_by_room(kept) == kept
        True
        >>> store.kept_by_room({**kept, "code": "ABCDEFGH"})
        {'code': 'ABCDEFGH', 'match': 1, 'round': 2, 'expired': True}
        """
        code = kept.get("code")
        if not isinstance(code, str):
            return kept
        try:
            with self.store.transaction() as db:
                row = db.execute("SELECT 1 FROM challenges WHERE code = ?", (code,)).fetchone()
        except sqlite3.Error:
            return kept
        if row is not None:
            return kept
        return {**{key: value for key, value in kept.items() if key != "path"}, "expired": True}

    def find(self, code: str) -> Challenge:
        """The challenge with this code, or an ``unknown_challenge`` error.

        >>> from boggle import Lexicon
        >>> store = ChallengeStore(ResultStore(None))
        >>> made = store.create(Board.parse("ab cd"), "mine", Lexicon.from_words(["cab"]),
        ...     None, None, 60)
        >>> store.find(made.code.lower()) == made
        True
        >>> store.find("ABCDEFGH")
        Traceback (most recent call last):
        ...
        boggle.rooms.limits.RoomError: there is no challenge 'ABCDEFGH'
        """
        code = normalise_challenge_code(code)
        with self.store.transaction() as db:
            row = db.execute(
                "SELECT board, dictionary, rules, min_length, seconds, maximum, total, created, "
                "played FROM challenges WHERE code = ?",
                (code,),
            ).fetchone()
        if row is None:
            raise RoomError("unknown_challenge", f"there is no challenge {code!r}")
        text, dictionary, preset, min_length, seconds, maximum, total, created, played = row
        board = Board.parse(text)
        rules = _choice(preset, min_length).for_cells(board.size)  # as kept, not re-checked
        return Challenge(
            code, board, dictionary, preset, rules, seconds, maximum, total, created, played
        )

    def post(
        self,
        code: str,
        name: str,
        entries: list[str],
        lexicon: Lexicon,
        now: float | None = None,
    ) -> ChallengeResult:
        """Judge a player's entries (``lexicon``: the challenge's list) and keep the result
        under their name: ``name_taken``
        when the name has one already, ``full`` past :attr:`ChallengeLimits.max_results`.

        >>> from boggle import Lexicon
        >>> store = ChallengeStore(ResultStore(None))
        >>> lexicon = Lexicon.from_words(["fame", "mile"])
        >>> made = store.create(Board.parse("fxie amlo ewbx astu"), "mine", lexicon, None, None, 90)
        >>> posted = store.post(made.code, " ann ", ["fame", "zzz"], lexicon, now=1.0)
        >>> posted.name, posted.score, [found.word for found in posted.words]
        ('ann', 1, ['fame'])
        """
        limits = self.limits
        shown = player_name(name, limits)
        if len(entries) > limits.max_words:
            raise RoomError(
                "too_many_words",
                f"{counted(len(entries), 'word')}; a result has at most "
                f"{grouped(limits.max_words)}",
            )
        challenge = self.find(code)
        score, words = judged_words(challenge.board, challenge.rules, entries, lexicon)
        stamp = time.time() if now is None else now
        with self.store.transaction() as db:
            taken = db.execute(
                "SELECT count(*) FROM challenge_results WHERE code = ?", (challenge.code,)
            ).fetchone()[0]
            if taken >= limits.max_results:
                raise RoomError("full", f"this challenge has {taken} results, the most it takes")
            try:
                db.execute(
                    "INSERT INTO challenge_results VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        challenge.code, name_key(shown), shown, stamp, score,
                        pack_words(words, challenge.board),
                    ),
                )  # fmt: skip
            except sqlite3.IntegrityError:
                raise RoomError(
                    "name_taken", f"the name {shown!r} has a result in this challenge already"
                ) from None
            db.execute("UPDATE challenges SET played = ? WHERE code = ?", (stamp, challenge.code))
        return ChallengeResult(shown, score, words, stamp)

    def results(self, code: str) -> list[ChallengeResult]:
        """Everyone's results, best first (most points, then most words, then the first
        posted), ranked (equal points, equal rank), with the words only each one found.

        >>> from boggle import Lexicon
        >>> store = ChallengeStore(ResultStore(None))
        >>> lexicon = Lexicon.from_words(["fame", "mile"])
        >>> made = store.create(Board.parse("fxie amlo ewbx astu"), "mine", lexicon, None, None, 90)
        >>> _ = store.post(made.code, "bob", ["fame"], lexicon, now=1.0)
        >>> _ = store.post(made.code, "ann", ["fame", "mile"], lexicon, now=2.0)
        >>> [(r.rank, r.name, r.score, r.only) for r in store.results(made.code)]
        [(1, 'ann', 2, ('mile',)), (2, 'bob', 1, ())]
        """
        challenge = self.find(code)
        with self.store.transaction() as db:
            rows = db.execute(
                "SELECT name, score, words, posted FROM challenge_results WHERE code = ?",
                (challenge.code,),
            ).fetchall()
        players = [
            ChallengeResult(name, score, unpack_words(words, challenge.board), posted)
            for name, score, words, posted in rows
        ]
        finders: dict[str, int] = {}
        for player in players:
            for found in {w.word for w in player.words}:
                finders[found] = finders.get(found, 0) + 1
        players.sort(key=lambda p: (-p.score, -len(p.words), p.posted, p.name))
        ranked: list[ChallengeResult] = []
        for position, player in enumerate(players, start=1):
            previous = ranked[-1] if ranked else None
            rank = previous.rank if previous and previous.score == player.score else position
            only = tuple(w.word for w in player.words if finders[w.word] == 1)
            ranked.append(
                ChallengeResult(player.name, player.score, player.words, player.posted, only, rank)
            )
        return ranked


def _choice(preset: str, min_length: int | None) -> RulesChoice:
    """The preset, with ``min_length`` if it differs from the preset's."""
    if preset not in PRESETS:
        raise RoomError("bad_rules", f"unknown rules {preset!r}")
    if min_length == PRESETS[preset].min_length:
        min_length = None
    return RulesChoice(preset, min_length=min_length)
