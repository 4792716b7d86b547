"""Exceptions raised by the library for bad input.

Every error a user can cause is a :class:`BoggleError`; its message says what
was wrong and how to fix it, in one line.  The command line prints it on stderr
and exits with status 2; the web API answers it with an HTTP 4xx.

The library's messages name no command-line option or HTTP field: when the
fix is something a shell offers (a flag, a command), the error carries a
``remedy`` code, one of :data:`REMEDIES`, and the shell adds its own words.

>>> error = DiceError("the classic dice fill a 4x4 tray only", remedy="uniform_dice")
>>> str(error), error.remedy
('the classic dice fill a 4x4 tray only', 'uniform_dice')
"""

REMEDIES = {
    "uniform_dice": "other board sizes are rolled from uniform letters",
    "sorted_copy": "the word list needs a sorted, uncompressed copy",
    "skip_plots": "the figures can be left out",
}
"""The fixes a shell may offer, by ``remedy`` code, described for people."""


class BoggleError(ValueError):
    """Base class of every error caused by bad input."""

    def __init__(self, message: str, *, remedy: str | None = None) -> None:
        super().__init__(message)
        self.remedy = remedy


class BoardError(BoggleError):
    """A board could not be parsed or is out of range."""


class LexiconError(BoggleError):
    """A word list could not be found, read or understood."""


class RulesError(BoggleError):
    """Rules (minimum length, scoring table, preset name) are invalid."""


class EngineError(BoggleError):
    """An engine name is unknown or an engine refuses a board."""


class DiceError(BoggleError):
    """A dice set name is unknown or does not fit the board size asked for."""


class JudgeError(BoggleError):
    """A round or match to judge is malformed (missing board, players or word lists)."""


class OutputError(BoggleError):
    """An output file or directory cannot be written, or would overwrite something."""


class MissingDependencyError(BoggleError):
    """An optional package a command needs is not installed."""
