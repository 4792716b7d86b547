"""Rounds by the rules of the game (seed 001): judging players' lists, matches, timed play.

A round is a board, the rules, a word list and each player's list of words.
Every entry of a list gets one verdict, decided in this order:

========================  =====================================================
status                    meaning
========================  =====================================================
``invalid``               an empty line, or characters other than letters
``repeated``              the player already listed this word (it counts once)
``too_short``             shorter than the rules' minimum length
``not_on_board``          no path on the board spells it
``not_a_word``            on the board, but not in the word list
``unchecked``             in the word list, but the board could not be read
``crossed_off``           a good word that another player also found: 0 points
``counted``               a good word only this player found: its points
========================  =====================================================

The challenge house rule of seed 001 is an option (``challenge``): a challenged
entry that is not in the word list scores -1 (whether or not it is on the
board); a challenged word that counts earns 1 point more.  Other verdicts
(crossed off, too short, repeated, invalid) are settled by the rules, so a
challenge changes nothing there.  ``challenge="listed"`` applies it to the
words each player's ``challenged`` names, ``"all"`` to every entry (a referee
who checks everything), ``"off"`` ignores challenges.

>>> from boggle import Board, Lexicon
>>> lexicon = Lexicon.from_words(["fame", "mile", "limb", "axe"])
>>> result = judge_round("fxie amlo ewbx astu", {"ann": ["fame", "axe", "mile"],
...     "bob": ["FAME", "limb", "limb", "xyz1"]}, lexicon)
>>> [(v.word, v.status.value) for v in result.player("bob").verdicts]
[('fame', 'crossed_off'), ('limb', 'counted'), ('limb', 'repeated'), ('xyz1', 'invalid')]
>>> result.scores()
{'ann': 1, 'bob': 1}
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from boggle import render
from boggle.board import Board, Cell
from boggle.errors import BoggleError, JudgeError
from boggle.lexicon import Lexicon
from boggle.rules import Rules, RulesChoice, choose_rules
from boggle.solution import ScoredWord, Solution

ChallengeMode = Literal["off", "listed", "all"]
CHALLENGE_MODES: tuple[str, ...] = ("off", "listed", "all")
CHALLENGE_PENALTY = -1
"""Points for a challenged entry that is not in the word list."""
CHALLENGE_BONUS = 1
"""Extra points for a challenged word that counts."""

DEFAULT_TARGET = 100
"""The score a match is played to (seed 001: 50, 100 or any agreed target)."""


class Status(StrEnum):
    """The verdict on one entry of a player's list (see the module docstring)."""

    COUNTED = "counted"
    CROSSED_OFF = "crossed_off"
    NOT_A_WORD = "not_a_word"
    NOT_ON_BOARD = "not_on_board"
    TOO_SHORT = "too_short"
    REPEATED = "repeated"
    INVALID = "invalid"
    UNCHECKED = "unchecked"

    @property
    def label(self) -> str:
        """The status for people: ``crossed off``, ``not on the board``..."""
        return _LABELS[self]


_LABELS = {
    Status.COUNTED: "counted",
    Status.CROSSED_OFF: "crossed off",
    Status.NOT_A_WORD: "not a word",
    Status.NOT_ON_BOARD: "not on the board",
    Status.TOO_SHORT: "too short",
    Status.REPEATED: "repeated",
    Status.INVALID: "invalid",
    Status.UNCHECKED: "unchecked (no board)",
}


# --------------------------------------------------------------------------- words


def find_path(board: Board, word: str) -> tuple[Cell, ...] | None:
    """A path of cells spelling ``word`` on ``board`` (each cube once), or ``None``.

    Multi-letter faces match as a whole: ``qu`` spells the two letters ``q``, ``u``.

    >>> find_path(Board.parse("fxie amlo ewbx astu"), "fame")
    ((0, 0), (1, 0), (1, 1), (2, 0))
    >>> find_path(Board.parse("q[th] ei"), "quithe"), find_path(Board.parse("ab cd"), "abba")
    (((0, 0), (1, 1), (0, 1), (1, 0)), None)
    """
    if not word:
        return None
    faces = board.faces
    used = [False] * board.size
    trail: list[int] = []

    def extend(cell: int, position: int) -> bool:
        face = faces[cell]
        if used[cell] or not word.startswith(face, position):
            return False
        used[cell] = True
        trail.append(cell)
        end = position + len(face)
        if end == len(word) or any(extend(n, end) for n in board.neighbours(cell)):
            return True
        used[cell] = False
        trail.pop()
        return False

    for start in range(board.size):
        if extend(start, 0):
            return tuple(board.cell(i) for i in trail)
    return None


@dataclass(frozen=True)
class WordCheck:
    """One typed entry checked against the board, the word list and the rules."""

    entry: str
    word: str
    status: Status
    path: tuple[Cell, ...] | None = None
    in_dictionary: bool = False
    message: str = ""


def check_word(entry: str, board: Board | None, lexicon: Lexicon, rules: Rules) -> WordCheck:
    """The verdict on one entry on its own: ``counted`` if it is a good word.

    Cross-off and repeats need the other entries; :func:`judge_round` adds them.

    >>> from boggle.rules import CLASSIC
    >>> lexicon = Lexicon.from_words(["fame", "axe", "ox"])
    >>> board = Board.parse("fxie amlo ewbx astu")
    >>> [check_word(w, board, lexicon, CLASSIC).status.value for w in ["Fame", "ox", "fax", "exam"]]
    ['counted', 'too_short', 'not_a_word', 'not_on_board']
    """
    word = entry.strip().lower()
    if not word:
        return WordCheck(entry, word, Status.INVALID, message="empty line")
    if not word.isalpha():
        return WordCheck(
            entry,
            word,
            Status.INVALID,
            message=f"{entry.strip()!r} has characters that are not letters",
        )
    in_dictionary = word in lexicon
    if len(word) < rules.min_length:
        return WordCheck(
            entry,
            word,
            Status.TOO_SHORT,
            in_dictionary=in_dictionary,
            message=f"shorter than {rules.min_length} letters",
        )
    if board is None:
        status = Status.UNCHECKED if in_dictionary else Status.NOT_A_WORD
        return WordCheck(entry, word, status, in_dictionary=in_dictionary)
    path = find_path(board, word)
    if path is None:
        return WordCheck(entry, word, Status.NOT_ON_BOARD, in_dictionary=in_dictionary)
    status = Status.COUNTED if in_dictionary else Status.NOT_A_WORD
    return WordCheck(entry, word, status, path, in_dictionary)


# --------------------------------------------------------------------------- rounds


@dataclass(frozen=True)
class PlayerList:
    """What a player wrote down: entries in order, and the words other players challenged.

    ``PlayerList.from_text`` reads a list typed one word per line.
    """

    name: str
    entries: tuple[str, ...]
    challenged: frozenset[str] = frozenset()

    @classmethod
    def from_text(cls, name: str, text: str, challenged: Iterable[str] = ()) -> PlayerList:
        """Entries from lines of text; trailing blank lines are ignored, inner ones are kept
        (and judged ``invalid``).

        >>> PlayerList.from_text("ann", "fame\\r\\n\\r\\naxe\\n\\n").entries
        ('fame', '', 'axe')
        """
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        return cls(name, tuple(lines), frozenset(w.strip().lower() for w in challenged))


@dataclass(frozen=True)
class Verdict:
    """The judge's decision on one entry of a player's list."""

    line: int
    entry: str
    word: str
    status: Status
    points: int
    path: tuple[Cell, ...] | None = None
    in_dictionary: bool = False
    challenged: bool = False
    challenge_points: int = 0
    message: str = ""

    @property
    def total(self) -> int:
        """Points of the word plus the challenge's points."""
        return self.points + self.challenge_points

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "line": self.line,
            "entry": self.entry,
            "word": self.word,
            "status": self.status.value,
            "points": self.points,
            "challenged": self.challenged,
            "challenge_points": self.challenge_points,
            "total": self.total,
            "in_dictionary": self.in_dictionary,
            "path": None if self.path is None else [list(cell) for cell in self.path],
        }
        if self.message:
            data["message"] = self.message
        return data


@dataclass(frozen=True)
class PlayerResult:
    """A player's verdicts, in the order of their list, and their score."""

    name: str
    verdicts: tuple[Verdict, ...]

    @property
    def score(self) -> int:
        return sum(v.total for v in self.verdicts)

    def count(self, status: Status) -> int:
        return sum(1 for v in self.verdicts if v.status is status)

    def counts(self) -> dict[str, int]:
        """How many entries got each verdict (every status listed, zeros included)."""
        found = Counter(v.status for v in self.verdicts)
        return {status.value: found[status] for status in Status}

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "score": self.score,
            "counts": self.counts(),
            "words": [v.to_json() for v in self.verdicts],
        }


@dataclass(frozen=True)
class RoundResult:
    """A judged round: each player's verdicts, the scores, and any problem with the input."""

    board: Board | None
    board_text: str
    rules: Rules
    lexicon: Lexicon
    players: tuple[PlayerResult, ...]
    challenge: str = "off"
    problems: tuple[str, ...] = ()

    def player(self, name: str) -> PlayerResult:
        for result in self.players:
            if result.name == name:
                return result
        raise KeyError(name)

    def scores(self) -> dict[str, int]:
        """Each player's points in this round, in the order the players were given."""
        return {p.name: p.score for p in self.players}

    def winners(self) -> list[str]:
        """The players with the most points (more than one on a tie)."""
        scores = self.scores()
        best = max(scores.values(), default=0)
        return [name for name, score in scores.items() if score == best]

    def to_json(self) -> dict[str, Any]:
        """The round as ``boggle judge --json`` prints it."""
        return {
            "board": str(self.board) if self.board is not None else self.board_text,
            "rows": None if self.board is None else self.board.rows,
            "cols": None if self.board is None else self.board.cols,
            "rules": self.rules.to_json(),
            "dictionary": self.lexicon.to_json(),
            "challenge": self.challenge,
            "players": [p.to_json() for p in self.players],
            "scores": self.scores(),
            "winners": self.winners(),
            "problems": list(self.problems),
        }

    def json_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    def text(self) -> str:
        """A report for people: the board, each player's words with verdicts, the scores."""
        lines = [
            render.board_text(self.board) if self.board is not None else f"board: {self.board_text}"
        ]
        lines.append("")
        width = max((len(_shown(v)) for p in self.players for v in p.verdicts), default=4)
        for player in self.players:
            lines.append(f"{player.name}: {player.score} points")
            for v in player.verdicts:
                note = v.status.label
                if v.challenge_points:
                    note += f", challenged {v.challenge_points:+d}"
                elif v.challenged and self.challenge == "listed":
                    note += ", challenged (no effect)"
                if v.message:
                    note += f" ({v.message})"
                lines.append(f"  {_shown(v).ljust(width)} {v.total:>3}  {note}")
            lines.append("")
        lines.append("SCORES: " + ", ".join(f"{n} {s}" for n, s in self.scores().items()))
        if self.players:
            lines.append("WINNER: " + " and ".join(self.winners()))
        lines.extend(f"problem: {problem}" for problem in self.problems)
        return "\n".join(lines)


def _shown(verdict: Verdict) -> str:
    return verdict.entry.strip().upper() or "(empty line)"


def _as_player_lists(
    players: Sequence[PlayerList] | Mapping[str, Sequence[str] | str],
) -> list[PlayerList]:
    if isinstance(players, Mapping):
        return [
            PlayerList.from_text(name, words)
            if isinstance(words, str)
            else PlayerList(name, tuple(words))
            for name, words in players.items()
        ]
    return list(players)


def judge_round(
    board: Board | str,
    players: Sequence[PlayerList] | Mapping[str, Sequence[str] | str],
    lexicon: Lexicon,
    rules: Rules | RulesChoice | None = None,
    challenge: ChallengeMode | str = "off",
) -> RoundResult:
    """Judge every player's list by the rules (see the module docstring).

    ``board`` may be text in the compact form; if it does not parse, the round is
    still judged without it (words in the word list are ``unchecked``) and the
    reason is in ``problems``.  Players are :class:`PlayerList` or a mapping of
    name to entries (a list, or one text of lines).
    """
    if challenge not in CHALLENGE_MODES:
        raise JudgeError(
            f"unknown challenge mode {challenge!r}; choose {', '.join(CHALLENGE_MODES)}"
        )
    lists = _as_player_lists(players)
    if not lists:
        raise JudgeError("a round needs at least one player")
    names = Counter(p.name for p in lists)
    if doubled := [name for name, n in names.items() if n > 1]:
        raise JudgeError(f"player name {doubled[0]!r} is given twice; names must differ")
    problems: list[str] = []
    board_text = str(board)
    parsed: Board | None
    if isinstance(board, Board):
        parsed = board
    else:
        try:
            parsed = Board.parse(board)
        except BoggleError as error:
            parsed = None
            problems.append(f"board {board!r} does not parse: {error}; words were not looked for")
    rules = choose_rules(rules, parsed)

    checks: dict[str, list[tuple[WordCheck, bool]]] = {}
    finders: dict[str, set[str]] = {}  # good word -> players who listed it
    for player in lists:
        seen: set[str] = set()
        rows = []
        for entry in player.entries:
            check = check_word(entry, parsed, lexicon, rules)
            repeated = check.status is not Status.INVALID and check.word in seen
            seen.add(check.word)
            rows.append((check, repeated))
            if check.status is Status.INVALID:
                problems.append(f"{player.name}, line {len(rows)}: {check.message}")
            elif check.status is Status.COUNTED and not repeated:
                finders.setdefault(check.word, set()).add(player.name)
        checks[player.name] = rows

    results = []
    for player in lists:
        verdicts = []
        for line, (check, repeated) in enumerate(checks[player.name], start=1):
            status, message = check.status, check.message
            if repeated:
                status, message = Status.REPEATED, ""
            elif status is Status.COUNTED and len(finders[check.word]) > 1:
                status = Status.CROSSED_OFF
                others = sorted(finders[check.word] - {player.name})
                message = "also found by " + ", ".join(others)
            points = rules.points(check.word) if status is Status.COUNTED else 0
            challenged = status not in (Status.INVALID, Status.REPEATED) and (
                challenge == "all" or (challenge == "listed" and check.word in player.challenged)
            )
            verdicts.append(
                Verdict(
                    line=line,
                    entry=check.entry,
                    word=check.word,
                    status=status,
                    points=points,
                    path=check.path,
                    in_dictionary=check.in_dictionary,
                    challenged=challenged,
                    challenge_points=_challenge_points(status, check.in_dictionary)
                    if challenged
                    else 0,
                    message=message,
                )
            )
        results.append(PlayerResult(player.name, tuple(verdicts)))
    return RoundResult(
        parsed, board_text, rules, lexicon, tuple(results), str(challenge), tuple(problems)
    )


def _challenge_points(status: Status, in_dictionary: bool) -> int:
    if status is Status.COUNTED:
        return CHALLENGE_BONUS
    if status in (Status.NOT_A_WORD, Status.NOT_ON_BOARD) and not in_dictionary:
        return CHALLENGE_PENALTY
    return 0


# --------------------------------------------------------------------------- matches


@dataclass
class Match:
    """Rounds played until a player reaches ``target`` points, with the running table.

    >>> from boggle import Lexicon
    >>> match = Match(target=2)
    >>> lexicon = Lexicon.from_words(["fame", "lame"])
    >>> match.add(judge_round("fxie amlo ewbx astu", {"ann": ["fame"], "bob": []}, lexicon))
    >>> match.finished, match.totals
    (False, {'ann': 1, 'bob': 0})
    >>> match.add(judge_round("fxie amlo ewbx astu", {"ann": ["fame"], "bob": []}, lexicon))
    >>> match.finished, match.winners()
    (True, ['ann'])
    """

    target: int = DEFAULT_TARGET
    rounds: list[RoundResult] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    table: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.target < 1:
            raise JudgeError(f"a match's target must be at least 1 point, got {self.target}")

    @property
    def finished(self) -> bool:
        """True once some player has reached or passed the target."""
        return any(total >= self.target for total in self.totals.values())

    def add(self, result: RoundResult) -> None:
        """Record a judged round; refused once the match is over."""
        if self.finished:
            raise JudgeError(
                f"the match is over: {' and '.join(self.winners())} reached {self.target}"
            )
        for name in result.scores():
            self.totals.setdefault(name, 0)
        for name, score in result.scores().items():
            self.totals[name] += score
        self.rounds.append(result)
        self.table.append(
            {
                "round": len(self.rounds),
                "board": result.board_text if result.board is None else str(result.board),
                "scores": result.scores(),
                "totals": dict(self.totals),
            }
        )

    def winners(self) -> list[str]:
        """The leaders: the players with the highest total so far."""
        best = max(self.totals.values(), default=0)
        return [name for name, total in self.totals.items() if total == best]

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "finished": self.finished,
            "winners": self.winners() if self.finished else [],
            "leaders": self.winners(),
            "totals": dict(self.totals),
            "table": self.table,
            "rounds": [r.to_json() for r in self.rounds],
        }

    def json_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)

    def table_text(self) -> str:
        """The running table: one line per round, each player's round score and total."""
        names = list(self.totals)
        width = max([len(n) for n in names] + [9])
        header = "ROUND  " + "  ".join(n.rjust(width) for n in names)
        lines = [header]
        for row in self.table:
            cells = [
                f"{row['scores'].get(n, 0):+d} = {row['totals'].get(n, 0)}".rjust(width)
                for n in names
            ]
            lines.append(f"{row['round']:>5}  " + "  ".join(cells))
        if self.finished:
            lines.append(f"{' and '.join(self.winners())} reached {self.target}: match over")
        else:
            lines.append(f"no one has reached {self.target} yet")
        return "\n".join(lines)

    def text(self) -> str:
        parts = []
        for number, result in enumerate(self.rounds, start=1):
            parts.append(f"=== ROUND {number} ===\n{result.text()}\n")
        parts.append(self.table_text())
        return "\n".join(parts)


def play_match(rounds: Iterable[RoundResult], target: int = DEFAULT_TARGET) -> Match:
    """A match from judged rounds, stopping at the round where someone reaches ``target``
    (later rounds are not counted)."""
    match = Match(target=target)
    for result in rounds:
        if match.finished:
            break
        match.add(result)
    return match


# --------------------------------------------------------------------------- JSON input


def _player_lists_from_json(data: Any) -> list[PlayerList]:
    if isinstance(data, Mapping):
        data = [{"name": name, "words": words} for name, words in data.items()]
    if not isinstance(data, list) or not data:
        raise JudgeError("'players' must be a non-empty list of {name, words} or {name: words}")
    lists = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, Mapping) or "name" not in item or "words" not in item:
            raise JudgeError(f"player {number} needs a 'name' and 'words'")
        name, words = str(item["name"]), item["words"]
        challenged = item.get("challenged", [])
        if not isinstance(challenged, list):
            raise JudgeError(f"player {name!r}: 'challenged' must be a list of words")
        if isinstance(words, str):
            lists.append(PlayerList.from_text(name, words, map(str, challenged)))
        elif isinstance(words, list) and all(isinstance(w, str) for w in words):
            lists.append(
                PlayerList(
                    name, tuple(words), frozenset(str(w).strip().lower() for w in challenged)
                )
            )
        else:
            raise JudgeError(f"player {name!r}: 'words' must be a list of strings or one text")
    return lists


def judge_json(
    data: Any,
    lexicon: Lexicon,
    rules: Rules | RulesChoice | None = None,
    challenge: str | None = None,
    target: int | None = None,
) -> RoundResult | Match:
    """Judge a round ``{"board", "players", "challenge"?}`` or a match
    ``{"target"?, "rounds": [round, ...]}`` read from JSON.

    ``challenge`` and ``target`` given here override the document's.  A round's
    default challenge mode is ``listed`` when some player has ``challenged``
    words, else ``off``.
    """
    if not isinstance(data, Mapping):
        raise JudgeError("the input must be a JSON object with 'board' and 'players', or 'rounds'")
    if "rounds" in data:
        rounds = data["rounds"]
        if not isinstance(rounds, list) or not rounds:
            raise JudgeError("'rounds' must be a non-empty list of rounds")
        goal = target if target is not None else data.get("target", DEFAULT_TARGET)
        if not isinstance(goal, int):
            raise JudgeError("'target' must be a whole number of points")
        judged = (
            _judge_round_json(r, lexicon, rules, challenge, n) for n, r in enumerate(rounds, 1)
        )
        return play_match(judged, goal)
    result = _judge_round_json(data, lexicon, rules, challenge, None)
    if target is not None:
        return play_match([result], target)
    return result


def _judge_round_json(
    data: Any,
    lexicon: Lexicon,
    rules: Rules | RulesChoice | None,
    challenge: str | None,
    number: int | None,
) -> RoundResult:
    where = "" if number is None else f"round {number}: "
    if not isinstance(data, Mapping) or "board" not in data or "players" not in data:
        raise JudgeError(f"{where}a round needs 'board' and 'players'")
    try:
        lists = _player_lists_from_json(data["players"])
        mode = (
            challenge
            or data.get("challenge")
            or ("listed" if any(p.challenged for p in lists) else "off")
        )
        return judge_round(str(data["board"]), lists, lexicon, rules, mode)
    except JudgeError as error:
        raise JudgeError(f"{where}{error}") from None


def iter_problems(result: RoundResult | Match) -> Iterator[str]:
    """Every problem found in the input, prefixed by its round in a match."""
    if isinstance(result, RoundResult):
        yield from result.problems
        return
    for number, round_result in enumerate(result.rounds, start=1):
        for problem in round_result.problems:
            yield f"round {number}: {problem}"


# --------------------------------------------------------------------------- play


FeedbackStatus = Literal[
    "accepted", "already_found", "not_a_word", "not_on_board", "too_short", "invalid"
]
_FEEDBACK: dict[Status, FeedbackStatus] = {
    Status.NOT_A_WORD: "not_a_word",
    Status.NOT_ON_BOARD: "not_on_board",
    Status.TOO_SHORT: "too_short",
}


@dataclass(frozen=True)
class Feedback:
    """What a player is told about a word typed during a round."""

    word: str
    status: FeedbackStatus
    points: int = 0
    message: str = ""


class PlaySession:
    """One player's round against the full solution of a board.

    >>> from boggle import Lexicon, solve
    >>> board = Board.parse("fxie amlo ewbx astu")
    >>> lexicon = Lexicon.from_words(["fame", "famed", "mile", "limb", "east"])
    >>> session = PlaySession(board, solve(board, lexicon))
    >>> [session.submit(w).status for w in ["fame", "FAME", "xyz", "zebra"]]
    ['accepted', 'already_found', 'not_on_board', 'not_on_board']
    >>> session.score, session.maximum, [w.word for w in session.missed()]
    (1, 4, ['east', 'limb', 'mile'])
    """

    def __init__(self, board: Board, solution: Solution) -> None:
        self.board = board
        self.solution = solution
        self.rules = solution.rules
        self.found: list[str] = []

    def submit(self, entry: str) -> Feedback:
        """Check a typed word and record it when it is good."""
        check = check_word(entry, self.board, self.solution.lexicon, self.rules)
        if check.status is Status.INVALID:
            return Feedback(check.word, "invalid", message=check.message)
        if check.word in self.found:
            return Feedback(check.word, "already_found")
        if check.status is Status.COUNTED:
            self.found.append(check.word)
            return Feedback(check.word, "accepted", self.rules.points(check.word))
        return Feedback(check.word, _FEEDBACK[check.status], message=check.message)

    @property
    def score(self) -> int:
        return sum(self.rules.points(word) for word in self.found)

    @property
    def maximum(self) -> int:
        """The most points the board allows: every word of the solution."""
        return self.solution.score

    def missed(self) -> list[ScoredWord]:
        """The words of the solution not found, best first (most points, then longest, A-Z)."""
        found = set(self.found)
        missed = [w for w in self.solution.words if w.word not in found]
        return sorted(missed, key=lambda w: (-w.points, -len(w.word), w.word))

    def path_of(self, word: str) -> tuple[Cell, ...] | None:
        """The path of a word on the board, or ``None``."""
        return find_path(self.board, word.strip().lower())
