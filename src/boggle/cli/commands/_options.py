"""Options shared by several subcommands: word list, rules, engine."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from boggle.dice.cubes import seed_in_range
from boggle.engines import default_engine, engine_names
from boggle.model.board import MAX_CELLS, MAX_SIDE
from boggle.model.errors import DiceError, RulesError
from boggle.model.rules import LARGE_BOARD_CELLS, MAX_WORD_LENGTH, PRESETS, Rules, RulesChoice
from boggle.model.wording import grouped, shown_number
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_wordlist
from boggle.wordlists.sources import DEFAULT_WORDLIST
from boggle.wordlists.spelling import PROFILES


def add_dictionary_option(
    parser: argparse.ArgumentParser,
    language_help: str = "the word list's language: its spelling rules for a --dict "
    "file, or alone its list (--language es is --dict es); default: English",
) -> None:
    parser.add_argument(
        "--dict",
        dest="dictionary",
        type=not_empty("a bundled list name or a word list file (see 'boggle dicts')"),
        metavar="NAME|PATH",
        default=None,
        help=f"a bundled word list name or a word list file (default: {DEFAULT_WORDLIST}; "
        "see 'boggle dicts')",
    )
    add_language_option(parser, language_help)


def add_language_option(parser: argparse.ArgumentParser, help: str) -> None:
    """``--language CODE`` (``en``, ``es``, ``de``, ...; see ``docs/languages.md``)."""
    parser.add_argument(
        "--language",
        type=str.lower,
        default=None,
        metavar="CODE",
        choices=list(PROFILES),
        help=f"{help} ({', '.join(PROFILES)})",
    )


RULES_BY_SIZE = (
    f"classic below {LARGE_BOARD_CELLS} cells, as on 4x4; big from {LARGE_BOARD_CELLS}, as on 5x5"
)
"""Which preset a board gets when ``--rules`` is left out (``RulesChoice.for_cells``)."""


def add_rules_options(parser: argparse.ArgumentParser, default: str = RULES_BY_SIZE) -> None:
    """``--rules``, ``--min-length`` and ``--scoring``; ``default`` says, for the help, which
    preset applies without ``--rules``."""
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default=None,
        help=f"rules preset (default: {default})",
    )
    group.add_argument(
        "--min-length",
        type=_whole_number,
        default=None,
        metavar="N",
        help=f"shortest word allowed, 1 to {MAX_WORD_LENGTH:,} (default: classic 3, big 4)",
    )
    group.add_argument(
        "--scoring",
        default=None,
        metavar="STEPS",
        help="points by length as LENGTH:POINTS steps (default '3:1,5:2,6:3,7:5,8:11')",
    )


def add_solving_options(
    parser: argparse.ArgumentParser, *, engine: bool = False, rules: str = RULES_BY_SIZE
) -> None:
    """What a command that solves boards asks: the word list (``--dict``, ``--language``),
    the rules (``--rules``, ``--min-length``, ``--scoring``; ``rules`` says which preset
    applies without ``--rules``) and, with ``engine``, ``--engine``."""
    add_dictionary_option(parser)
    add_rules_options(parser, rules)
    if engine:
        add_engine_option(parser)


def add_json_option(parser: argparse.ArgumentParser, instead_of: str = "text") -> None:
    """``--json``: print JSON instead of ``instead_of`` (text, a table)."""
    parser.add_argument("--json", action="store_true", help=f"print JSON instead of {instead_of}")


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        type=engine_name,
        default=None,
        metavar="NAME",
        help=f"solving algorithm: {', '.join(engine_names())} (default: {default_engine()})",
    )


def not_empty(wanted: str) -> Callable[[str], str]:
    """The ``type=`` of an option whose value may not be empty: ``--dict ""`` is a mistake."""

    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"is empty; give {wanted}")
        return text

    return check


def file_name(wanted: str) -> Callable[[str], str]:
    """The ``type=`` of an option naming a file or folder to write: ``--out ""`` is a
    mistake, not the current folder (``Path("")`` is ``.``); a name of spaces is a name."""

    def check(text: str) -> str:
        if not text:
            raise argparse.ArgumentTypeError(f"is empty; give {wanted}")
        return text

    return check


def engine_name(text: str) -> str:
    """The ``type=`` of ``--engine``: a name, not an empty string (unknown names are the
    library's to refuse, with the list of engines)."""
    return not_empty(f"an engine name: {', '.join(engine_names())}")(text)


SHOWN_CHARACTERS = 40
"""The longest value an error line shows whole; a longer one shows its start and length."""


def shown_value(text: str) -> str:
    """``text`` as an error line shows it: quoted, shortened when long (a 5,000-digit
    ``--seed`` is one short line, not 5,000 characters).

    >>> shown_value("abc")
    "'abc'"
    >>> shown_value("9" * 5000)
    "'99999999999999999999'... (5,000 characters)"
    """
    if len(text) <= SHOWN_CHARACTERS:
        return repr(text)
    return f"{text[:20]!r}... ({len(text):,} characters)"


def _whole_number(text: str) -> int:
    """A whole number written in ASCII digits, with a sign or spaces around it if need be:
    ``int()`` alone takes other scripts' digits (``'٣'`` is 3) and ``1_000``, which
    ``--size`` refuses; every number option reads numbers alike.

    >>> _whole_number(" +42 "), _whole_number("-7")
    (42, -7)
    >>> _whole_number("٣")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '٣' is not a whole number (write it in the digits 0-9)
    """
    written = text.strip()
    digits = written[1:] if written[:1] in ("+", "-") else written
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"{shown_value(text)} is not a whole number{_hint(text)}")
    try:
        return int(written)
    except ValueError:  # int() stops at 4,300 digits
        raise argparse.ArgumentTypeError(f"{shown_value(text)} has far too many digits") from None


def _hint(text: str) -> str:
    """What the line refusing ``text`` as a number adds when ``text`` looks like one
    written otherwise (another script's digits, ``_`` between digits): the digits read.

    >>> _hint("١٢"), _hint("1_000"), _hint("abc")
    (' (write it in the digits 0-9)', ' (write it in the digits 0-9)', '')
    """
    if any(c.isdigit() and not c.isascii() for c in text) or "_" in text:
        return " (write it in the digits 0-9)"
    return ""


def real_number(text: str) -> float:
    """The ``type=`` of an option taking a number that may have decimals (seconds, a
    rate), written in ASCII as :func:`_whole_number`'s are (``float()`` alone takes
    ``'٣'`` and ``'1_0'``); its range is the command's or the library's to check.

    >>> real_number("2.5"), real_number("1e3")
    (2.5, 1000.0)
    >>> real_number("x" * 100)
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'xxxxxxxxxxxxxxxxxxxx'... (100 characters) is not a number
    """
    if text.isascii() and "_" not in text:
        try:
            return float(text)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"{shown_value(text)} is not a number{_hint(text)}")


SIZE_SYNTAX = "ROWSxCOLS, or N for NxN, e.g. 4x4, 3x5 or 5"
SIZE_RANGE = f"1 to {MAX_SIDE:,} rows and columns, {MAX_CELLS:,} cells at most"
"""The boards ``--size`` takes (``Board`` refuses others), as its help says."""


def board_size(text: str) -> tuple[int, int]:
    """The ``type=`` of every command's ``--size``: ``ROWSxCOLS`` or ``N`` (``NxN``), as
    ``(rows, cols)``; how large a board may be is the command's to say.

    >>> board_size("3x5"), board_size("5"), board_size(" 4X4 ")
    ((3, 5), (5, 5), (4, 4))
    >>> board_size("5x")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '5x' is not a size: give ROWSxCOLS, or N for NxN, e.g. 4x4, 3x5 or 5
    """
    parts = text.strip().lower().split("x")
    if len(parts) > 2 or not all(part.isascii() and part.isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"{shown_value(text)} is not a size: give {SIZE_SYNTAX}")
    if any(len(part.lstrip("0")) > 9 for part in parts):  # int() stops at 4,300 digits
        raise argparse.ArgumentTypeError(f"{shown_value(text)} is far too large for a board")
    rows = int(parts[0])
    cols = int(parts[-1])
    if rows < 1 or cols < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} has no cells: a board has at least one row and one column"
        )
    return rows, cols


def seed_number(text: str) -> int:
    """The ``type=`` of every ``--seed``: a whole number in the library's one range
    (:func:`~boggle.dice.cubes.seed_in_range`), refused in its words otherwise.

    >>> seed_number("7")
    7
    >>> seed_number("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: a seed is a whole number from 0 to 18,...,615, got -1
    """
    try:
        return seed_in_range(_whole_number(text))
    except DiceError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


MAX_JOBS = 256
"""The most threads ``--jobs`` may ask for."""


def jobs_number(text: str) -> int:
    """The ``type=`` of ``--jobs``: a whole number from 1 to :data:`MAX_JOBS`."""
    jobs = _whole_number(text)
    if not 1 <= jobs <= MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"must be from 1 to {grouped(MAX_JOBS)}, got {shown_number(jobs)}"
        )
    return jobs


def add_offensive_option(parser: argparse.ArgumentParser, why: str = "") -> None:
    """``--no-offensive``, one definition for every command that takes it (``solve``,
    ``play``, ``serve``; ``why`` ends its help's parenthesis): :func:`lexicon_from_args`
    applies it.

    >>> parser = argparse.ArgumentParser()
    >>> add_offensive_option(parser)
    >>> parser.parse_args(["--no-offensive"]).no_offensive, parser.parse_args([]).no_offensive
    (True, False)
    """
    parser.add_argument(
        "--no-offensive",
        action="store_true",
        help="leave slurs, swear words and sexual slang out of every English list (for a "
        f"class: they neither count nor are shown{why})",
    )


def lexicon_from_args(args: argparse.Namespace) -> Lexicon:
    """The word list the options name, less its offensive words with ``--no-offensive``."""
    lexicon = load_wordlist(args.dictionary, getattr(args, "language", None))
    if getattr(args, "no_offensive", False):
        from boggle.wordlists.offensive import offensive_words, without_offensive

        if not offensive_words(lexicon.language):  # said, not silently a no-op
            print(
                f"boggle: note: --no-offensive knows the offensive words of English only; "
                f"{lexicon.name} is used whole",
                file=sys.stderr,
            )
        return without_offensive(lexicon)
    return lexicon


def rules_choice_from_args(args: argparse.Namespace) -> RulesChoice:
    """The rules the options ask for, before the board is known."""
    if args.min_length is not None and not 1 <= args.min_length <= MAX_WORD_LENGTH:
        raise RulesError(
            f"--min-length must be from 1 to {grouped(MAX_WORD_LENGTH)}, "
            f"got {shown_number(args.min_length)}"
        )
    scoring = Rules.parse_scoring(args.scoring) if args.scoring is not None else None
    return RulesChoice(args.rules, args.min_length, scoring)


def rules_from_args(args: argparse.Namespace, rows: int, cols: int) -> Rules:
    """The rules the options give for a board of ``rows`` x ``cols``."""
    return rules_choice_from_args(args).for_size(rows, cols)


whole_number = _whole_number
"""The ``type=`` of an option that takes a whole number (a one-line usage error otherwise)."""


def add_words_option(parser: argparse.ArgumentParser, counts: str) -> None:
    """``--words common|standard|all``: which words ``counts`` (see ``docs/words.md``)."""
    from boggle.model.word_levels import CHOICES, COMMON_ZIPF, DEFAULT_CHOICE, STANDARD_ZIPF

    parser.add_argument(
        "--words",
        choices=CHOICES,
        type=str.lower,
        default=DEFAULT_CHOICE,
        help=f"which words {counts}: common (Zipf frequency >= {COMMON_ZIPF}), standard "
        f"(>= {STANDARD_ZIPF}, or in en-50 for English) or all (default: all; the others "
        "need the wordfreq package, see docs/words.md)",
    )


def add_batch_engine_option(parser: argparse.ArgumentParser) -> None:
    """``--engine native|gpu|auto`` of the batch commands (``score``, ``stats``, ``search``)."""
    parser.add_argument(
        "--engine",
        choices=("native", "gpu", "auto"),
        default="native",
        metavar="NAME",
        help="native: the compiled C core (default); gpu: the CUDA kernel (needs "
        "pip install 'boggle[gpu]' and an NVIDIA GPU); auto: the GPU when there is one",
    )


def batch_engine_from_args(args: argparse.Namespace, *, in_process: bool = True) -> str:
    """``native`` or ``gpu`` (one clear error when the GPU is asked for and missing);
    ``in_process``: false when the work is sent to a cluster, which the GPU does not join."""
    from boggle.engines.gpu import batch_engine
    from boggle.model.errors import EngineError

    engine = batch_engine(args.engine)
    if engine == "gpu" and not in_process:
        if args.engine == "auto":
            return "native"
        raise EngineError("the gpu engine runs in this process; leave out the cluster options")
    return engine


END_OF_INPUT = "end with Ctrl-D (Ctrl-Z then Enter on Windows)"
"""How a person at a terminal ends what they type."""


def tell_reading_terminal(what: str, per_line: bool = False) -> None:
    """Say on stderr that ``what`` is read from standard input, when that is a terminal:
    ``boggle score`` with no file (or ``boggle solve -``) waited in silence, as if hung.
    ``per_line``: one item a line (boards, words).

    Nothing is said when standard input is a pipe or a file, so scripts see no change:

    >>> tell_reading_terminal("boards", per_line=True)  # a doctest's stdin: no terminal
    """
    stdin = sys.stdin
    if stdin is not None and stdin.isatty():
        how = ", one a line" if per_line else ""
        print(f"boggle: reading {what} from the terminal{how}; {END_OF_INPUT}", file=sys.stderr)
