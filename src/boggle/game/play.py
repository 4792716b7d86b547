"""One player's round against everything the board holds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from boggle.game.words import PathSearchError, Status, check_word, find_path, typed_word
from boggle.model.board import Board, Cell
from boggle.model.checks import whole_number
from boggle.model.errors import BoardError, JudgeError
from boggle.model.solution import ScoredWord, Solution
from boggle.model.wording import counted, grouped

FeedbackStatus = Literal[
    "accepted", "already_found", "not_a_word", "not_on_board", "too_short", "invalid"
]
MAX_ENTRY_CHARS = 256
"""The longest line of typed words read (a word list's words have at most 64 letters); a
longer line is cut to one more character, which no word matches, and the rest skipped."""

MAX_ROUND_SECONDS = 3600
"""The longest round, an hour: as long as a web challenge's round may be (a room's rounds
take up to 10 minutes); a longer clock is a mistake, not a game."""


def round_seconds(seconds: int) -> int:
    """``seconds`` when a round may last that long: 1 to :data:`MAX_ROUND_SECONDS`; else a
    :class:`~boggle.model.errors.BoggleError` in one line (``setting`` ``time``).

    >>> round_seconds(180)
    180
    >>> round_seconds(10**20)
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: time must be from 1 to 3,600, got 100,000,000,000,000,000,000
    """
    return whole_number("time", seconds, at_least=1, at_most=MAX_ROUND_SECONDS)


_FEEDBACK: dict[Status, FeedbackStatus] = {
    Status.NOT_A_WORD: "not_a_word",
    Status.NOT_ON_BOARD: "not_on_board",
    Status.TOO_SHORT: "too_short",
}


@dataclass(frozen=True)
class Feedback:
    """What a player is told about a word typed during a round.

    >>> from boggle import Lexicon, solve
    >>> board = Board.parse("fxie amlo ewbx astu")
    >>> PlaySession(board, solve(board, Lexicon.from_words(["fame"]))).submit("Fame")
    Feedback(word='fame', status='accepted', points=1, message='')
    """

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
        if not isinstance(board, Board):
            raise BoardError(
                f"PlaySession takes the board as a Board (Board.parse reads its text), "
                f"not {type(board).__name__}"
            )
        if not isinstance(solution, Solution):
            raise JudgeError(
                "PlaySession takes the board's Solution (solve(board, lexicon)), "
                f"not {type(solution).__name__}"
            )
        self.board = board
        self.solution = solution
        self.rules = solution.rules
        self.found: list[str] = []

    def __repr__(self) -> str:
        """The board, the words found and the points, in one line.

        >>> from boggle import Lexicon, solve
        >>> board = Board.parse("fxie amlo ewbx astu")
        >>> session = PlaySession(board, solve(board, Lexicon.from_words(["fame", "limbo"])))
        >>> _ = session.submit("fame")
        >>> session
        <PlaySession fxie amlo ewbx astu: 1 word found of 2, 1 of 3 points>
        """
        found = f"{counted(len(self.found), 'word')} found of {grouped(len(self.solution))}"
        return (
            f"<PlaySession {self.board}: {found}, {self.score} of {counted(self.maximum, 'point')}>"
        )

    def submit(self, entry: str) -> Feedback:
        """Check a typed word and record it when it is good.

        >>> from boggle import Lexicon, solve
        >>> board = Board.parse("fxie amlo ewbx astu")
        >>> session = PlaySession(board, solve(board, Lexicon.from_words(["fame"])))
        >>> session.submit("fame").points, session.submit("ax").status, session.found
        (1, 'too_short', ['fame'])

        Accents the list has no letter for are dropped, and the feedback says so:

        >>> session.submit("Fâme").message
        'read as FAME, without accents'
        """
        check = check_word(entry, self.board, self.solution.lexicon, self.rules, self.solution)
        if check.status is Status.INVALID:
            return Feedback(check.word, "invalid", message=check.message)
        if check.word in self.found:
            return Feedback(check.word, "already_found", message=check.message)
        if check.status is Status.COUNTED:
            self.found.append(check.word)
            return Feedback(check.word, "accepted", check.points, check.message)
        return Feedback(check.word, _FEEDBACK[check.status], message=check.message)

    @property
    def score(self) -> int:
        return sum(self.rules.points(word) for word in self.found)

    @property
    def maximum(self) -> int:
        """The most points the board allows: every word of the solution."""
        return self.solution.score

    def missed(self) -> list[ScoredWord]:
        """The words of the solution not found, best first (most points, then longest, A-Z).

        >>> from boggle import Lexicon, solve
        >>> board = Board.parse("fxie amlo ewbx astu")
        >>> session = PlaySession(board, solve(board, Lexicon.from_words(["fame", "fax", "limbo"])))
        >>> [word.word for word in session.missed()]
        ['limbo', 'fame', 'fax']
        """
        found = set(self.found)
        missed = [w for w in self.solution.words if w.word not in found]
        return sorted(missed, key=lambda w: (-w.points, -len(w.word), w.word))

    def path_of(self, word: str) -> tuple[Cell, ...] | None:
        """The path of a word on the board, or ``None`` (also when the search gives up).

        >>> from boggle import Lexicon, solve
        >>> board = Board.parse("fxie amlo ewbx astu")
        >>> session = PlaySession(board, solve(board, Lexicon.from_words(["fame"])))
        >>> session.path_of("fame"), session.path_of("fax"), session.path_of("zoo")
        (((0, 0), (1, 0), (1, 1), (2, 0)), ((0, 0), (1, 0), (0, 1)), None)
        """
        word = typed_word(word, self.solution.lexicon)
        if word in self.solution:
            return self.solution.by_word[word].path
        try:
            return find_path(self.board, word)
        except PathSearchError:
            return None
