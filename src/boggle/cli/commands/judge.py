"""``boggle judge``: judge a round (or a match) by the rules, from JSON or word list files."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import escape_unwritable, escaped_as, write_json
from boggle.cli.commands._help import ExampleHelpFormatter, examples_epilog
from boggle.cli.commands.solve import board_text
from boggle.files.inputs import plain_text, read_file
from boggle.game import CHALLENGE_MODES, iter_problems, judge_json, read_round_text
from boggle.model.board import Board
from boggle.model.errors import BoardError, JudgeError
from boggle.model.wording import quoted

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""The largest round file or word list a player can hand in."""

EXAMPLE = """\
round.json: {"board": "fxie amlo ewbx astu",
             "players": [{"name": "ann", "words": ["fame", "mile"],
                          "challenged": ["mile"]},
                         {"name": "bob", "words": "fame\\nlimb\\n"}]}
a match:    {"target": 50, "rounds": [round, round, ...]}
"""
"""The help's example round, which the examples below it judge, and a match, printed as
written (its lines fit 80 columns)."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "judge",
        help="judge a round or a match by the rules",
        description="Judge each player's words by the rules: counted, crossed off (found by "
        "more than one player), not a word, not on the board, too short, repeated; with "
        "points per word and totals. Reads a round (or a match: 'rounds' and 'target') as "
        "JSON from FILE or stdin, or --board with --player NAME=FILE word lists.",
        epilog=EXAMPLE + examples_epilog("judge"),
        formatter_class=ExampleHelpFormatter,
    )
    parser.add_argument(
        "input",
        nargs="?",
        type=options.file_name("a JSON round file, or - for standard input"),
        metavar="FILE",
        help="a JSON round or match ('-': stdin)",
    )
    parser.add_argument(
        "--board",
        default=None,
        help="the board, when the lists are --player files; '@FILE' reads it from FILE, '-' "
        "from standard input (when no --player list is read from it)",
    )
    parser.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="a player's word list, one word per line (repeat for each player)",
    )
    parser.add_argument(
        "--challenge",
        choices=CHALLENGE_MODES,
        default=None,
        help="the challenge house rule: -1 for a challenged non-word, +1 for a challenged word "
        "that counts; 'listed' challenges the words in each player's 'challenged', 'all' "
        "every word (default: listed if any are, else off)",
    )
    parser.add_argument(
        "--no-cross-off",
        dest="cross_off",
        action="store_false",
        help="a word two players found scores for each of them, not for neither (for a class, "
        "where every common word is found twice)",
    )
    parser.add_argument(
        "--target",
        type=options.whole_number,
        default=None,
        metavar="SCORE",
        help="play the rounds as a match to this score, 1 or more, e.g. 50 (default: a match "
        "file's 'target', else 100; a single round is a match only with --target)",
    )
    options.add_json_option(parser)
    options.add_solving_options(parser)
    parser.set_defaults(run=run)


NotUTF8 = list[tuple[int, str, bytes]]
"""The players' lists that are not UTF-8: the player's place, the file and its bytes."""


def _read_input(args: argparse.Namespace, not_utf8: NotUTF8) -> Any:
    if args.player or args.board is not None:
        if args.input is not None:
            raise JudgeError("give either a JSON FILE or --board with --player lists, not both")
        if args.board is None or not args.player:
            raise JudgeError("--player lists need --board, and --board needs --player lists")
        from_stdin = [spec.partition("=")[0] for spec in args.player if spec.endswith("=-")]
        try:  # typed here, a board that does not parse is a typo, not a round to judge blind
            # '@FILE' as solve and play read it; '-' only when no list is read from stdin
            board = board_text([args.board], stdin=not from_stdin)
            Board.parse(board)
        except BoardError as error:
            raise BoardError(f"--board: {error}") from None
        if len(from_stdin) > 1:  # the second read an empty stdin: a player with no words
            raise JudgeError(
                "standard input holds one list: give '-' to one --player only, not to "
                f"{' and '.join(quoted(name) for name in from_stdin)}"
            )
        players = []
        for spec in args.player:
            name, sep, file = spec.partition("=")
            if not sep or not name or not file:
                raise JudgeError(f"--player {quoted(spec)} is not NAME=FILE, e.g. ann=ann.txt")
            if file == "-":
                options.tell_reading_terminal(f"the words of {quoted(name)}", per_line=True)
            data = read_file(file, "file", MAX_INPUT_BYTES, JudgeError, gzip=True)
            players.append({"name": name, "words": _player_text(data, file)})
            if not _utf8(data):  # read again in the list's code page once it is known
                not_utf8.append((len(players) - 1, file, data))
        return {"board": board, "players": players}
    if args.input is None:
        raise JudgeError("give a JSON round file (or '-' for stdin), or --board and --player")
    shown = "stdin" if args.input == "-" else quoted(args.input)
    if args.input == "-":
        options.tell_reading_terminal("the JSON round")
    return read_round_text(_read_text(args.input), shown)


CODE_PAGES = {"pl": "cp1250"}
"""The Windows code page of a language whose letters Latin-1 lacks: a player's list that is
not UTF-8, typed in Notepad on a Polish Windows, is Windows-1250 (``żaba`` read as Latin-1
was ``¿aba``); other lists' are Latin-1 (Windows-1252's letters), as any file's."""


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _player_text(data: bytes, file: str, language: str | None = None) -> str:
    """A player's list: UTF-8, else Latin-1, or the code page of the list's ``language``
    (:data:`CODE_PAGES`) where it has one."""
    shown = f"file {quoted('<stdin>' if file == '-' else file)}"
    text = plain_text(data, shown, JudgeError)
    code_page = CODE_PAGES.get(language or "")
    if code_page is None or _utf8(data):
        return text
    return data.decode(code_page, "replace")


def _read_text(file: str) -> str:
    """A round file, a player's list or ('-') standard input (plain or gzip, as a word list
    or a board file): UTF-8, else Latin-1."""
    data = read_file(file, "file", MAX_INPUT_BYTES, JudgeError, gzip=True)
    return plain_text(data, f"file {quoted('<stdin>' if file == '-' else file)}", JudgeError)


def run(args: argparse.Namespace) -> int:
    not_utf8: NotUTF8 = []
    data = _read_input(args, not_utf8)
    rules = options.rules_choice_from_args(args)  # a bad --scoring: refused before any loading
    lexicon = options.lexicon_from_args(args)
    for index, file, raw in not_utf8:  # a Polish list's are Windows-1250
        data["players"][index]["words"] = _player_text(raw, file, lexicon.language)
    result = judge_json(data, lexicon, rules, args.challenge, args.target, args.cross_off)
    if args.json:
        # The problems are in the JSON too; stderr tells a person watching the pipe.
        for problem in iter_problems(result):
            print(f"boggle: warning: {problem}", file=sys.stderr)
        write_json(result.json_text())
    else:
        # what the players typed ("żaba", "cœur") is escaped where the output's encoding (a
        # Latin-1 locale) lacks it, as `boggle play` shows it: an error ended the report
        escape_unwritable()
        sys.stdout.write(result.text(escaped_as(sys.stdout)) + "\n")  # columns as shown
    return 0
