"""Exceptions raised by the library for bad input.

Every error a user can cause is a :class:`BoggleError`; its message says what
was wrong and how to fix it, in one line.  The command line prints it on stderr
and exits with status 2; the web API answers it with an HTTP 4xx.
"""


class BoggleError(ValueError):
    """Base class of every error caused by bad input."""


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
