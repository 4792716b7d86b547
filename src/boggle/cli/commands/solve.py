"""``boggle solve BOARD``: every word on a board, grouped by points, or as JSON.

``--stream`` prints each word on its own line as the engine finds it
(``WORD POINTS [PATH]``), then the totals.  It is the default for the
``heap`` engines, whose words come out in alphabetical order as they are
found; with them and ``--dict FILE`` the file is read by the engine alone,
never loaded, and must be sorted (``boggle dicts export``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import escape_unwritable, write_json
from boggle.cli.commands._help import with_examples
from boggle.cli.commands.roll import (
    add_dice_options,
    check_board_given,
    dice_from_args,
    seed_from_args,
    size_from_args,
    tell_seed,
)
from boggle.dice.cubes import roll_board
from boggle.dice.measured import check_chosen_dice, roll_for_language
from boggle.engines import default_engine, get_engine, solve
from boggle.files.inputs import read_file, text_file
from boggle.model import render
from boggle.model.board import MAX_TEXT_CHARS, ROW_SEPARATORS_SAID, Board
from boggle.model.errors import BoardError, BoggleError, MissingDependencyError
from boggle.model.rules import Rules
from boggle.model.solution import Found, Solution
from boggle.model.word_levels import ALL
from boggle.model.wording import quoted
from boggle.wordlists.sources import word_file
from boggle.wordlists.spelling import foreign_letters_warning

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="find every word on a board",
        description="Find every word on a board. The board is its rows of letters, separated "
        f"by {ROW_SEPARATORS_SAID}: 'fxie amlo ewbx astu' (q is the Qu cube; write other "
        "multi-letter faces in brackets: '[th]').",
        **with_examples("solve"),
    )
    add_board_arguments(parser, "solve it")
    options.add_json_option(parser)
    parser.add_argument(
        "--no-paths", action="store_true", help="words only, without their paths (--json too)"
    )
    parser.add_argument(
        "--stream",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="print each word as it is found, one per line, then the totals "
        "(default for the heap engines, whose words come in alphabetical order)",
    )
    parser.add_argument(
        "--define",
        action="store_true",
        help="give each word its definition (English: WordNet's first gloss; other "
        "languages: a link to Wiktionary)",
    )
    options.add_solving_options(parser, engine=True)
    options.add_words_option(parser, "are found")
    options.add_offensive_option(parser)
    parser.set_defaults(run=run)


def add_board_arguments(parser: argparse.ArgumentParser, then: str) -> None:
    """The board, or ``--random`` with the dice options to roll one."""
    parser.add_argument(
        "board",
        nargs="*",
        help="the board, e.g. 'fxie amlo ewbx astu'; '@FILE' reads it from FILE, '-' from "
        "standard input (for boards too long for a command line, up to 500x500)",
    )
    parser.add_argument(
        "--random",
        action="store_true",
        help=f"roll a board (see --dice, --seed, --size) and {then}",
    )
    add_dice_options(parser)


def board_from_args(args: argparse.Namespace) -> Board:
    """The board given on the command line (its words joined by spaces), or rolled."""
    if getattr(args, "random", False):
        if args.board:
            raise BoardError("give either a board or --random, not both")
        rows, cols = size_from_args(args)
        seed, fresh = seed_from_args(args)
        dice = dice_from_args(args)
        if args.language not in (None, "en") or args.dictionary is not None:
            # the list's language rolls (--dict es as --language es; play does the same)
            lexicon = options.lexicon_from_args(args)
            if args.dice is not None:
                check_chosen_dice(lexicon, args.dice)
            board = roll_for_language(lexicon, dice, seed, rows, cols)
        else:
            board = roll_board(dice, seed, rows, cols)
        tell_seed(seed, fresh, board)
        return board
    if not args.board:
        raise BoardError("give a board, e.g. boggle solve 'fxie amlo ewbx astu'")
    check_board_given(args)
    return Board.parse(board_text(args.board))


def board_text(words: list[str], stdin: bool = True) -> str:
    """The board's text from the command line: its words joined by spaces, or the content
    of ``@FILE`` or (``-``, when ``stdin``) standard input, plain or gzip, UTF-8 or Latin-1."""
    if not stdin and words in (["-"], ["@-"]):  # '@-' read the words as the board
        raise BoardError("standard input holds the words here, not the board: give it as @FILE")
    if len(words) == 1 and (words[0].startswith("@") or (stdin and words[0] == "-")):
        source = words[0].removeprefix("@") if words[0] != "-" else "-"
        if not source:
            raise BoardError("'@' needs the board file's name after it, e.g. @board.txt")
        if source == "-":
            options.tell_reading_terminal("the board")
        data = read_file(source, "board file", 4 * MAX_TEXT_CHARS, BoardError, gzip=True)
        shown = "<stdin>" if source == "-" else source
        return text_file(data, f"board file {quoted(shown)}", BoardError)
    return " ".join(words)


def run(args: argparse.Namespace) -> int:
    # the options are checked before a board is rolled: an error is then the only line on
    # stderr, never after "rolled the board ..."
    choice = options.rules_choice_from_args(args)
    engine = args.engine or default_engine()
    streams = get_engine(engine).streams_in_order
    stream = args.stream if args.stream is not None else streams
    if stream and args.define:
        if args.stream:
            raise BoggleError("--stream prints words as found; drop --define or --stream")
        stream = False
    if stream and args.json:
        if args.stream:
            raise BoggleError("--stream prints text; drop --json or --stream")
        stream = False
    if stream and args.words != ALL:
        if args.stream:
            raise BoggleError("--stream prints every word as found; drop --stream or --words")
        stream = False
    board = board_from_args(args)
    # a board given is held to --min-length; a rolled one (its line printed) by its size
    rules = choice.for_size(board.rows, board.cols) if args.random else choice.for_board(board)
    # a word ("área") or a board's letter the output's encoding (a Latin-1 locale) lacks is
    # shown escaped, as `boggle judge` shows it: an error stopped the report
    escape_unwritable()
    if stream:
        return _stream(board, rules, engine, args)
    lexicon = options.lexicon_from_args(args)
    solution = solve(board, lexicon, rules, engine=engine, words=args.words)
    if args.json and solution.frequencies is None:
        solution = _with_frequencies_if_installed(solution)
    if solution.foreign_letters:
        print(
            f"boggle: {foreign_letters_warning(solution.foreign_letters, lexicon)}", file=sys.stderr
        )
    if args.define:
        return _defined(solution, args)
    if args.json:
        write_json(solution.json_text(paths=not args.no_paths))
    else:
        sys.stdout.write(solution.text(paths=not args.no_paths) + "\n")
    return 0


def _with_frequencies_if_installed(solution: Solution) -> Solution:
    """The words with their frequencies, or as they are, with one line on stderr saying
    what to install, when ``wordfreq`` is not installed."""
    from boggle.wordlists.frequencies import with_frequencies  # here: only --json needs it

    try:
        return with_frequencies(solution)
    except MissingDependencyError as error:
        print(f"boggle: warning: {error} (words are shown without zipf and level)", file=sys.stderr)
        return solution


def _defined(solution: Solution, args: argparse.Namespace) -> int:
    """The solution with each word's definition (``--define``): ``definition`` in each entry
    of ``words`` (the first gloss, or null) with its ``forms`` as ``boggle define --json``
    gives them, or under each word of the text its form and gloss as ``boggle define``'s
    heading says it: "(plural of lapse; ...) a mistake resulting from inattention"."""
    import json

    from boggle.definitions import definitions_for
    from boggle.wordlists.spelling import lexicon_profile

    language = lexicon_profile(solution.lexicon).code
    found, warning = definitions_for([item.word for item in solution], language, solution.lexicon)
    if warning:
        print(f"boggle: warning: {warning}", file=sys.stderr)
    if args.json:
        result = solution.to_json(paths=not args.no_paths)
        for entry in result["words"]:
            definition = found.get(entry["word"])
            entry["definition"] = None if definition is None else definition.first
            if definition is not None and definition.forms:
                entry["forms"] = list(definition.forms)
            if definition is not None and definition.url is not None:
                entry["definition_url"] = definition.url
        write_json(json.dumps(result, ensure_ascii=False))
        return 0
    # each word's line as the text shows it ("  AJI (ají): [...]": its written form too)
    by_shown = {solution.shown(item.word): item.word for item in solution}
    for line in solution.text(paths=not args.no_paths).split("\n"):
        sys.stdout.write(line + "\n")
        shown = line.strip().split(": ")[0] if line.startswith("  ") else ""
        definition = found.get(by_shown.get(shown, ""))
        if definition is None or not (definition.first or definition.url):
            continue
        form = f"({definition.form}) " if definition.first and definition.form else ""
        sys.stdout.write(f"      {form}{definition.first or definition.url}\n")
    return 0


def _stream(board: Board, rules: Rules, engine: str, args: argparse.Namespace) -> int:
    """Print words as the engine yields them, each once, then the totals."""
    found: Iterator[Found]
    chosen = get_engine(engine)
    reads_file = chosen.reads_word_file and not args.no_offensive  # the file holds them all
    file = word_file(args.dictionary, args.language) if reads_file else None
    if file is not None:
        found = chosen.solve_file(board, file, rules)
    else:
        found = chosen.function(board, options.lexicon_from_args(args), rules)
    seen: set[str] = set()
    score = 0
    for word, path in found:
        if word in seen:
            continue
        seen.add(word)
        points = rules.points(word)
        score += points
        line = f"{word.upper()} {points}"
        if not args.no_paths:
            line += " " + render.path_text(path)
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    sys.stdout.write(f"WORDS: {len(seen):,}\nTOTAL SCORE: {score:,}\n")
    return 0
