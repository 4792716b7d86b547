"""Exceptions raised by the library for bad input.

Every error a user can cause is a :class:`BoggleError`; its message says what
was wrong and how to fix it, in one line.  The command line prints it on stderr
and exits with status 2; the web API answers it with an HTTP 4xx.

The library's messages name no command-line option or HTTP field: when the
fix is something a shell offers (a flag, a command), the error carries a
``remedy`` code, one of :data:`REMEDIES`, and the shell adds its own words; when
a parameter of the call was wrong, ``setting`` names it (as the function calls it),
and a shell may name its own option for it instead.

>>> error = DiceError("the classic dice fill a 4x4 tray only", remedy="uniform_dice")
>>> str(error), error.remedy
('the classic dice fill a 4x4 tray only', 'uniform_dice')
>>> BoggleError("jobs must be at least 1, got 0", setting="jobs").setting
'jobs'
"""

REMEDIES = {
    "uniform_dice": "other board sizes are rolled from uniform letters",
    "sorted_copy": "the word list needs a sorted, uncompressed copy",
    "skip_plots": "the figures can be left out",
    "native_engine": "the native engine scores on the CPU",
}
"""The fixes a shell may offer, by ``remedy`` code, described for people."""


class BoggleError(ValueError):
    """Base class of every error caused by bad input.

    >>> from boggle import Board
    >>> try:
    ...     Board.parse("ab c")
    ... except BoggleError as error:
    ...     print(error)
    rows have unequal lengths (2, 1); every row needs the same number of cubes
    """

    def __init__(
        self, message: str, *, remedy: str | None = None, setting: str | None = None
    ) -> None:
        super().__init__(message)
        self.remedy = remedy
        self.setting = setting
        """The parameter that was wrong, as the library calls it (``corner_buckets``)."""


class BoardError(BoggleError):
    """A board could not be parsed or is out of range.

    >>> from boggle import Board
    >>> Board.parse("ab1")
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoardError: board has '1', which is not a letter; use letters, ...
    """


class LexiconError(BoggleError):
    """A word list could not be found, read or understood.

    >>> from boggle import load_lexicon
    >>> load_lexicon("klingon")
    Traceback (most recent call last):
    ...
    boggle.model.errors.LexiconError: unknown word list 'klingon'; give a file path, a bundled ...
    """


class RulesError(BoggleError):
    """Rules (minimum length, scoring table, preset name) are invalid.

    >>> from boggle import preset
    >>> preset("huge")
    Traceback (most recent call last):
    ...
    boggle.model.errors.RulesError: unknown rules 'huge'; choose one of: classic, big
    """


class EngineError(BoggleError):
    """An engine name is unknown or an engine refuses a board.

    >>> from boggle import get_engine
    >>> get_engine("abacus")
    Traceback (most recent call last):
    ...
    boggle.model.errors.EngineError: unknown engine 'abacus'; choose one of: trie, native, ...
    """


class DiceError(BoggleError):
    """A dice set name is unknown or does not fit the board size asked for.

    >>> from boggle import roll_board
    >>> roll_board("classic", seed=1, rows=5, cols=5)
    Traceback (most recent call last):
    ...
    boggle.model.errors.DiceError: the classic dice fill a 4x4 tray only
    """


class JudgeError(BoggleError):
    """A round or match to judge is malformed (missing board, players or word lists).

    >>> from boggle import Lexicon, judge_round
    >>> judge_round("ab cd", {}, Lexicon.from_words(["cab"]))
    Traceback (most recent call last):
    ...
    boggle.model.errors.JudgeError: a round needs at least one player
    """


class UnknownSettingError(BoggleError, TypeError):
    """A keyword argument a function does not take (``prove(..., jbos=2)``): one line naming
    it and what the function takes, and a :class:`TypeError` still, as Python's own is."""


class SettingTypeError(BoggleError, TypeError):
    """A parameter given a value of a type it does not take (``search(2, 2, words, rules,
    "anneal")``, the options a string): one line naming the parameter and the type it takes,
    and a :class:`TypeError` still, as Python's own is."""


class OutputError(BoggleError):
    """An output file or directory cannot be written, or would overwrite something."""


class MissingDependencyError(BoggleError):
    """An optional package a command needs is not installed."""
