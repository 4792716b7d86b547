"""Judging a round: every entry of every player's list gets one verdict and points.

See :mod:`boggle.game` for the verdicts and the challenge rule.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from boggle.game.words import Status, WordCheck, check_word, typed_word
from boggle.model import render
from boggle.model.board import Board, Cell
from boggle.model.errors import BoggleError, JudgeError
from boggle.model.letters import not_text, typed_letters, upper_letters, written_name
from boggle.model.rules import Rules, RulesLike, choose_rules
from boggle.model.wording import (
    LONG_TEXT,
    counted,
    display_width,
    plain_unless_odd,
    printable_name,
    quoted,
    shortened_texts,
)
from boggle.wordlists.lexicon import Lexicon

ChallengeMode = Literal["off", "listed", "all"]
CHALLENGE_MODES: tuple[str, ...] = ("off", "listed", "all")
CHALLENGE_PENALTY = -1
"""Points for a challenged entry that is not in the word list."""
CHALLENGE_BONUS = 1
"""Extra points for a challenged word that counts."""


def default_challenge(players: Iterable[PlayerList]) -> ChallengeMode:
    """The challenge mode of a round that names none: ``listed`` when some player
    challenged words, else ``off``.

    >>> ann, bob = PlayerList("ann", ("fame",)), PlayerList("bob", ("ax",), frozenset({"fame"}))
    >>> default_challenge([ann]), default_challenge([ann, bob])
    ('off', 'listed')
    """
    return "listed" if any(player.challenged for player in players) else "off"


@dataclass(frozen=True)
class PlayerList:
    """What a player wrote down: entries in order, and the words other players challenged.

    ``PlayerList.from_text`` reads a list typed one word per line.

    >>> PlayerList.from_text("ann", "fame\\nmile\\n").entries
    ('fame', 'mile')
    """

    name: str
    entries: tuple[str, ...]
    challenged: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise JudgeError(f"a player's name must be text, got {self.name!r}")
        if not self.name.strip():
            raise JudgeError(f"player name {self.name!r} is blank; give each player a name")
        problem = not_text(self.name)  # a byte that was not UTF-8 (--player $'\xff=FILE')
        if problem is not None:
            raise JudgeError(f"player name {quoted(self.name)} is not valid text: it has {problem}")
        if not printable_name(self.name):  # emoji made of several joined are shown whole
            raise JudgeError(
                f"player name {self.name!r} has a character that is not printable (a tab, "
                "a new line, a control character)"
            )
        if isinstance(self.entries, str) or not isinstance(self.entries, Iterable):
            reads = " (PlayerList.from_text reads one text of lines)"
            raise JudgeError(
                f"{self.name}'s words are a list of texts, not {type(self.entries).__name__}"
                f"{reads if isinstance(self.entries, str) else ''}"
            )
        object.__setattr__(self, "entries", tuple(self.entries))
        for entry in self.entries:
            if not isinstance(entry, str):
                raise JudgeError(
                    f"{self.name}'s words must be text, got {entry!r} ({type(entry).__name__})"
                )
        wanted = f"{self.name}'s challenged words are a list of texts like ['lima']"
        if isinstance(self.challenged, str) or not isinstance(self.challenged, Iterable):
            raise JudgeError(f"{wanted}, not {type(self.challenged).__name__}")
        challenged = tuple(self.challenged)  # a generator is read once
        for word in challenged:
            if not isinstance(word, str):
                raise JudgeError(f"{wanted}; one was {word!r}")
        # challenged words are compared as the judge reads entries: trimmed, lowercase
        object.__setattr__(self, "challenged", frozenset(map(typed_word, challenged)))

    @classmethod
    def from_text(cls, name: str, text: str, challenged: Iterable[str] = ()) -> PlayerList:
        """Entries from lines of text; trailing blank lines are ignored, inner ones are kept
        (and judged ``invalid``).

        >>> PlayerList.from_text("ann", "fame\\r\\n\\r\\naxe\\n\\n").entries
        ('fame', '', 'axe')
        """
        if not isinstance(text, str):
            raise JudgeError(
                f"{name}'s words are one text of lines here, not {type(text).__name__} "
                "(PlayerList takes a list of words)"
            )
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        return cls(name, tuple(lines), frozenset(challenged))


@dataclass(frozen=True)
class Verdict:
    """The judge's decision on one entry of a player's list.

    >>> from boggle import Lexicon
    >>> result = judge_round("fxie amlo ewbx astu", {"ann": ["Mile"]}, Lexicon.from_words(["mile"]))
    >>> result.player("ann").verdicts[0]
    Verdict(line=1, entry='Mile', word='mile', status=<Status.COUNTED: 'counted'>, points=1, \
path=((1, 1), (0, 2), (1, 2), (0, 3)), in_dictionary=True, challenged=False, \
challenge_points=0, message='')
    """

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
        """The verdict as ``boggle judge --json`` lists it.

        >>> from boggle import Lexicon
        >>> result = judge_round("ab cd", {"ann": ["bad"], "bob": ["cab"]}, Lexicon.from_words([]))
        >>> result.player("ann").verdicts[0].to_json()
        {'line': 1, 'entry': 'bad', 'word': 'bad', 'status': 'not_a_word', 'points': 0, \
'challenged': False, 'challenge_points': 0, 'total': 0, 'in_dictionary': False, \
'path': [[0, 1], [0, 0], [1, 1]]}
        """
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
    """A player's verdicts, in the order of their list, and their score.

    >>> from boggle import Lexicon
    >>> result = judge_round("ab cd", {"ann": ["cab", "dog"]}, Lexicon.from_words(["cab", "dog"]))
    >>> ann = result.player("ann")
    >>> ann.name, ann.score, [verdict.status.value for verdict in ann.verdicts]
    ('ann', 1, ['counted', 'not_on_board'])
    """

    name: str
    verdicts: tuple[Verdict, ...]

    @property
    def score(self) -> int:
        return sum(v.total for v in self.verdicts)

    def count(self, status: Status) -> int:
        """How many entries got the verdict ``status``.

        >>> from boggle import Lexicon
        >>> result = judge_round("ab cd", {"ann": ["cab", "cab"]}, Lexicon.from_words(["cab"]))
        >>> ann = result.player("ann")
        >>> ann.count(Status.REPEATED), ann.count(Status.COUNTED)
        (1, 1)
        """
        return sum(1 for v in self.verdicts if v.status is status)

    def counts(self) -> dict[str, int]:
        """How many entries got each verdict (every status listed, zeros included).

        >>> from boggle import Lexicon
        >>> result = judge_round("ab cd", {"ann": ["cab", "x"]}, Lexicon.from_words(["cab"]))
        >>> ann = result.player("ann")
        >>> ann.counts()
        {'counted': 1, 'crossed_off': 0, 'not_a_word': 0, 'not_on_board': 0, 'too_short': 1, \
'repeated': 0, 'invalid': 0, 'unchecked': 0}
        """
        found = Counter(v.status for v in self.verdicts)
        return {status.value: found[status] for status in Status}

    def to_json(self) -> dict[str, Any]:
        """The player's result as ``boggle judge --json`` lists it.

        >>> from boggle import Lexicon
        >>> result = judge_round("ab cd", {"ann": []}, Lexicon.from_words([]))
        >>> result.player("ann").to_json()["score"], result.player("ann").to_json()["words"]
        (0, [])
        """
        return {
            "name": self.name,
            "score": self.score,
            "counts": self.counts(),
            "words": [v.to_json() for v in self.verdicts],
        }


@dataclass(frozen=True)
class RoundResult:
    """A judged round: each player's verdicts, the scores, and any problem with the input.

    >>> from boggle import Lexicon
    >>> ann = PlayerList.from_text("ann", "fame\\nmile\\n")
    >>> result = judge_round("fxie amlo ewbx astu", [ann], Lexicon.from_words(["fame"]))
    >>> result.player("ann").score, result.winners(), result.problems
    (1, ['ann'], ())
    """

    board: Board | None
    board_text: str
    rules: Rules
    lexicon: Lexicon
    players: tuple[PlayerResult, ...]
    challenge: str = "off"
    problems: tuple[str, ...] = ()

    def player(self, name: str) -> PlayerResult:
        """The result of the player called ``name`` (:class:`KeyError` if none is).

        >>> from boggle import Lexicon
        >>> judge_round("ab cd", {"ann": ["cab"]}, Lexicon.from_words(["cab"])).player("ann").score
        1
        """
        for result in self.players:
            if result.name == name:
                return result
        raise KeyError(name)

    def scores(self) -> dict[str, int]:
        """Each player's points in this round, in the order the players were given.

        >>> from boggle import Lexicon
        >>> players = {"bob": ["cab"], "ann": ["cab", "dab"]}
        >>> judge_round("ab cd", players, Lexicon.from_words(["cab", "bad"])).scores()
        {'bob': 0, 'ann': 0}
        """
        return {p.name: p.score for p in self.players}

    def winners(self) -> list[str]:
        """The players with the most points (more than one on a tie); none when the
        board is not valid, since no word could be judged.

        >>> from boggle import Lexicon
        >>> lexicon = Lexicon.from_words(["cab"])
        >>> judge_round("ab cd", {"ann": ["cab"], "bob": []}, lexicon).winners()
        ['ann']
        >>> judge_round("ab c", {"ann": ["cab"], "bob": []}, lexicon).winners()
        []
        """
        if self.board is None:
            return []
        scores = self.scores()
        best = max(scores.values(), default=0)
        return [name for name, score in scores.items() if score == best]

    def to_json(self) -> dict[str, Any]:
        """The round as ``boggle judge --json`` prints it.

        >>> from boggle import Lexicon
        >>> result = judge_round("ab cd", {"ann": ["cab"]}, Lexicon.from_words(["cab"]))
        >>> {key: result.to_json()[key] for key in ["board", "scores", "winners", "problems"]}
        {'board': 'ab cd', 'scores': {'ann': 1}, 'winners': ['ann'], 'problems': []}
        """
        return {
            "board": str(self.board) if self.board is not None else self.board_text,
            "rows": None if self.board is None else self.board.rows,
            "cols": None if self.board is None else self.board.cols,
            "rules": self.rules.to_json(),
            "dictionary": self.lexicon.to_json(),
            "challenge": self.challenge,
            "players": [self.player_json(p) for p in self.players],
            "scores": self.scores(),
            "winners": self.winners(),
            "problems": list(self.problems),
        }

    def player_json(self, player: PlayerResult) -> dict[str, Any]:
        """A player's result as :meth:`to_json` lists it: with ``written`` on each verdict
        whose word its language writes otherwise (the Spanish list's ``aerea``).

        >>> from boggle import load_lexicon
        >>> result = judge_round("aer aea xxx", {"ann": ["aerea", "era"]}, load_lexicon("es"))
        >>> [v.get("written") for v in result.player_json(result.player("ann"))["words"]]
        [['aérea'], None]
        """
        shown = player.to_json()
        forms = self.lexicon.written_forms()
        for verdict in shown["words"]:
            written = forms.get(verdict["word"])
            if written is not None:
                verdict["written"] = list(written)
        return shown

    def __repr__(self) -> str:
        """The board and each player's points, in one line (``str()`` is :meth:`text`).

        >>> from boggle import Lexicon
        >>> judge_round("ab cd", {"ann": ["cab"], "bob": []}, Lexicon.from_words(["cab"]))
        <RoundResult ab cd: ann 1 point, bob 0 points>
        """
        scores = ", ".join(
            f"{name} {counted(score, 'point')}" for name, score in self.scores().items()
        )
        problems = f"; {counted(len(self.problems), 'problem')}" if self.problems else ""
        board = self.board if self.board is not None else quoted(self.board_text)
        return f"<RoundResult {board}: {scores}{problems}>"

    def __str__(self) -> str:
        """What ``print(result)`` shows: the report of :meth:`text`.

        >>> from boggle import Lexicon
        >>> print(judge_round("ab cd", {"ann": ["cab"]}, Lexicon.from_words(["cab"])))
        A B
        C D
        <BLANKLINE>
        ann: 1 point
          CAB   1  counted
        <BLANKLINE>
        SCORES: ann 1
        WINNER: ann
        """
        return self.text()

    def json_text(self) -> str:
        """:meth:`to_json` as one line of JSON text.

        >>> from boggle import Lexicon
        >>> judge_round("ab cd", {"ann": []}, Lexicon.from_words([])).json_text()[:44]
        '{"board": "ab cd", "rows": 2, "cols": 2, "ru'
        """
        return json.dumps(self.to_json(), ensure_ascii=False)

    def text(self, escape: Callable[[str], str] | None = None) -> str:
        """A report for people: the board, each player's words with verdicts, the scores.
        ``escape``: how the output shows a text it cannot write as it is (a Latin-1
        locale's ``\\u017bABA`` for ``ŻABA``); each entry is shown through it before the
        columns are aligned, by the width on the screen of what is shown.

        >>> from boggle import Lexicon
        >>> players = {"ann": ["cab", "dog"], "bob": ["cab"]}
        >>> print(judge_round("ab cd", players, Lexicon.from_words(["cab", "dog"])).text())
        A B
        C D
        <BLANKLINE>
        ann: 0 points
          CAB   0  crossed off (also found by bob)
          DOG   0  not on the board
        <BLANKLINE>
        bob: 0 points
          CAB   0  crossed off (also found by ann)
        <BLANKLINE>
        SCORES: ann 0, bob 0
        WINNER: ann and bob
        """
        lines = [
            render.board_text(self.board)
            if self.board is not None
            else f"board: {_shown_board(self.board_text)}"
        ]
        lines.append("")
        forms = self.lexicon.written_forms()
        show = escape or str
        shown = [[show(_shown(v, forms)) for v in p.verdicts] for p in self.players]
        width = max((display_width(entry) for entries in shown for entry in entries), default=4)
        for player, entries in zip(self.players, shown, strict=True):
            lines.append(f"{player.name}: {counted(player.score, 'point')}")
            for v, entry in zip(player.verdicts, entries, strict=True):
                note = v.status.label
                if v.challenge_points:
                    note += f", challenged {v.challenge_points:+d}"
                elif v.challenged and self.challenge == "listed":
                    note += ", challenged (no effect)"
                if v.message:
                    note += f" ({v.message})"
                padding = " " * (width - display_width(entry))
                lines.append(f"  {entry}{padding} {v.total:>3,}  {note}")
            lines.append("")
        lines.append("SCORES: " + ", ".join(f"{n} {s:,}" for n, s in self.scores().items()))
        if self.players:
            lines.append("WINNER: " + (" and ".join(self.winners()) or "none (no valid board)"))
        lines.extend(f"problem: {problem}" for problem in self.problems)
        return "\n".join(lines)


def _shown_board(text: str) -> str:
    r"""A board that does not parse as the text shows it: a long one (2,000,000 letters) by
    its start and length, as the problem line names it, and one with a character that does
    not print (an escape sequence, a line end) quoted.

    >>> _shown_board("ab cd"), _shown_board("a" * 5000)
    ('ab cd', 'aaaaaaaaaaaaaaaaaaaa... (5,000 characters)')
    >>> print(_shown_board("ab\x1b[31m"))
    'ab\x1b[31m'
    """
    if len(text) <= LONG_TEXT:
        return plain_unless_odd(text)
    return f"{plain_unless_odd(text[:20])}... ({len(text):,} characters)"


def _shown(verdict: Verdict, forms: Mapping[str, tuple[str, ...]]) -> str:
    """The entry as the judge read it, so the columns align and one word reads one way: the
    word in capitals (fullwidth letters as letters, spelled as the list spells), with how its
    language writes it where the list folds it: ``AEREA (aérea)`` typed ``aerea`` or
    ``AÉREA`` alike, as a round in the terminal says it.  An entry that is no word is shown
    as typed (its letters in their normal form, escaped where they do not print plainly).

    >>> from boggle import load_lexicon
    >>> result = judge_round("aer aea xxx", {"ann": ["aerea", "AÉREA", "era!"]}, load_lexicon("es"))
    >>> [_shown(v, result.lexicon.written_forms()) for v in result.player("ann").verdicts]
    ['AEREA (aérea)', 'AEREA (aérea)', 'ERA!']
    """
    if verdict.status is Status.INVALID or not verdict.word:
        return shown_entry(typed_letters(verdict.entry))
    written = forms.get(verdict.word, ())
    if written:  # a word of the list: its letters print plainly
        return written_name(verdict.word, written)
    return plain_unless_odd(upper_letters(verdict.word))


def shown_entry(entry: str) -> str:
    """A typed entry as a text shows it: upper case, quoted and escaped when it holds a
    character that does not print plainly (an escape sequence, a right-to-left override, a
    tab), which would otherwise reach the terminal as it is.

    >>> print(shown_entry(" fame "), shown_entry("f\\x1b[2J"), shown_entry(""))
    FAME 'F\\x1b[2J' (empty line)
    """
    return plain_unless_odd(entry.strip().upper()) or "(empty line)"


def _as_player_lists(
    players: Sequence[PlayerList] | Mapping[str, Sequence[str] | str],
) -> list[PlayerList]:
    if isinstance(players, Mapping):
        lists = []
        for name, words in players.items():
            if isinstance(words, str):
                lists.append(PlayerList.from_text(name, words))
            else:  # PlayerList checks the words, and keeps them as a tuple
                lists.append(PlayerList(name, words))  # type: ignore[arg-type]
        return lists
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise JudgeError(
            "the players are a mapping of name to words ({'ann': ['fame', ...]}) or a list of "
            f"PlayerList, not {type(players).__name__}"
        )
    lists = list(players)
    for player in lists:
        if not isinstance(player, PlayerList):
            raise JudgeError(
                "the players are a mapping of name to words ({'ann': ['fame', ...]}) or a list "
                f"of PlayerList, not a list of {type(player).__name__}"
            )
    return lists


def judge_round(
    board: Board | str,
    players: Sequence[PlayerList] | Mapping[str, Sequence[str] | str],
    lexicon: Lexicon | str | None = None,
    rules: RulesLike = None,
    challenge: ChallengeMode | str | None = "off",
    cross_off: bool = True,
) -> RoundResult:
    """Judge every player's list by the rules (see :mod:`boggle.game`).

    ``board`` may be text in the compact form; if it does not parse, the round is
    still judged without it (words in the word list are ``unchecked``) and the
    reason is in ``problems``.  Players are :class:`PlayerList` or a mapping of
    name to entries (a list, or one text of lines).  ``lexicon`` is a :class:`Lexicon`,
    a bundled list's name or a file path (default: the bundled default list), as for
    :func:`boggle.solve`.  ``challenge=None`` is the :func:`default_challenge` of the
    players.  ``cross_off=False`` leaves out the cross-off rule: a good word scores for
    every player who found it (for a class of thirty, where a word two players find is
    crossed off, the common words would score for nobody).

    >>> from boggle import Lexicon
    >>> players = {"ann": ["fame", "mile", "zzz"], "bob": ["fame"]}
    >>> result = judge_round("fxie amlo ewbx astu", players, Lexicon.from_words(["fame", "mile"]))
    >>> result.scores()
    {'ann': 1, 'bob': 0}
    >>> [(verdict.entry, verdict.status.value) for verdict in result.player("ann").verdicts]
    [('fame', 'crossed_off'), ('mile', 'counted'), ('zzz', 'not_on_board')]
    >>> judge_round("fxie amlo ewbx astu", {"ann": ["limbo"]}).scores()  # the default list
    {'ann': 2}
    >>> lexicon = Lexicon.from_words(["fame", "mile"])
    >>> judge_round("fxie amlo ewbx astu", players, lexicon, cross_off=False).scores()
    {'ann': 2, 'bob': 1}
    """
    if not isinstance(board, Board | str):
        raise JudgeError(
            "judge_round takes the board as a Board or its text like 'fxie amlo ewbx astu', "
            f"not {type(board).__name__}"
        )
    lists = _as_player_lists(players)
    if challenge is None:
        challenge = default_challenge(lists)
    if challenge not in CHALLENGE_MODES:
        raise JudgeError(
            f"unknown challenge mode {challenge!r}; choose {', '.join(CHALLENGE_MODES)}"
        )
    if not lists:
        raise JudgeError("a round needs at least one player")
    names = Counter(p.name for p in lists)
    if doubled := [name for name, n in names.items() if n > 1]:
        raise JudgeError(f"player name {doubled[0]!r} is given twice; names must differ")
    # 'ann' and 'ann ' were two players, shown alike ("WINNER: ann and ann ")
    trimmed: dict[str, str] = {}
    for name in names:
        if (same := trimmed.setdefault(name.strip(), name)) != name:
            raise JudgeError(
                f"player names {same!r} and {name!r} differ only in spaces at their ends; "
                "names must differ"
            )
    if not isinstance(lexicon, Lexicon):
        from boggle.wordlists.loading import load_lexicon  # here: loading costs an import

        lexicon = load_lexicon(lexicon)
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
            problem = f"board {board!r} does not parse: {error}; words were not looked for"
            problems.append(shortened_texts(problem))  # a huge board: its start and length
    rules = choose_rules(rules, parsed)

    checks: dict[str, list[tuple[WordCheck, bool]]] = {}
    finders: dict[str, set[str]] = {}  # good word -> players who listed it
    checked: dict[str, WordCheck] = {}  # each entry checked once, however many list it
    for player in lists:
        seen: set[str] = set()
        rows = []
        for entry in player.entries:
            check = checked.get(entry)
            if check is None:
                check = checked[entry] = check_word(entry, parsed, lexicon, rules)
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
        listed = {typed_word(word, lexicon) for word in player.challenged}
        for line, (check, repeated) in enumerate(checks[player.name], start=1):
            status, message = check.status, check.message
            if repeated:
                status, message = Status.REPEATED, ""
            elif status is Status.COUNTED and cross_off and len(finders[check.word]) > 1:
                status = Status.CROSSED_OFF
                others = sorted(finders[check.word] - {player.name})
                message = "also found by " + ", ".join(others)
            points = check.points if status is Status.COUNTED else 0
            challenged = status not in (Status.INVALID, Status.REPEATED) and (
                challenge == "all" or (challenge == "listed" and check.word in listed)
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
