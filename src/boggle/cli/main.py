"""The ``boggle`` command line: a thin shell over the library.

Every subcommand lives in a module of :mod:`boggle.cli.commands`.  Bad input never
shows a traceback: :func:`main` is the one error boundary, where a
:class:`boggle.model.errors.BoggleError` or an :class:`OSError` (a full disk, a
closed standard stream, an unreadable file) becomes one line on stderr and
exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import importlib
import os
import sys
from collections.abc import Iterator, Sequence

from boggle import __version__
from boggle.model.errors import BoggleError
from boggle.model.wording import (
    bytes_as_typed,
    on_one_line,
    plain_unless_odd,
    quoted,
    shortened_numbers,
    shortened_texts,
)

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import Any, NoReturn

COMMAND_HELP = {
    "solve": "find every word on a board",
    "score": "score many boards, one per line",
    "stats": "score distribution of many random boards",
    "compare": "run every engine on one board and compare them with the trie engine",
    "define": "what a word means",
    "words": "keep words to learn and practise them over days",
    "roll": "roll random boards",
    "judge": "judge a round or a match by the rules",
    "play": "play a timed round in the terminal",
    "paths": "count the paths of each length on an empty grid",
    "bench": "measure engines and data structures (runtime, memory, hash table)",
    "search": "find high-scoring boards (hill climbing, annealing, evolution, populations)",
    "prove": "prove which boards score above a threshold (branch and bound)",
    "trie": "draw the trie of the first words of a word list (GraphViz)",
    "dicts": "list the word lists: the bundled ones and the system's",
    "serve": "serve the web app and its JSON API",
}
"""Each subcommand's line in ``boggle --help``, in the order listed: ``--help`` and
``--version`` show them without importing the commands (each module registers the same
line; ``tests/cli/test_cli.py`` checks they agree)."""

COMMAND_MODULES = tuple(COMMAND_HELP)
"""Modules of boggle.cli.commands, one per subcommand."""

CLI_REMEDIES = {
    "uniform_dice": "; use --dice uniform for other sizes",
    "sorted_copy": "; write a sorted copy with 'boggle dicts export LIST FILE'",
    "skip_plots": " (or give --no-plots)",
    "native_engine": "; use --engine native",
}
"""What the command line adds to an error carrying a ``remedy`` (see ``boggle.model.errors``)."""


CLI_OPTIONS = {
    "bucket_count": "--buckets",
    "max_length": "--length",
    "parameters": "--pool",
    "boards": "--random",
}
"""The options whose names are not the library's parameter (``corner_buckets`` is
``--corner-buckets``; these are not)."""


def with_option(error: BoggleError) -> str:
    """The error's message, the parameter it names written as the command's option.

    >>> with_option(BoggleError("corner_buckets must be at least 1", setting="corner_buckets"))
    '--corner-buckets must be at least 1'
    >>> with_option(BoggleError("the pool holds 1 to 9 boards", setting="pool"))
    'the pool holds 1 to 9 boards (--pool)'
    """
    message = str(error)
    if error.setting is None:
        return message
    option = CLI_OPTIONS.get(error.setting, "--" + error.setting.replace("_", "-"))
    if message.startswith(f"{error.setting} "):
        return option + message[len(error.setting) :]
    return f"{message} ({option})"


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        message = self._with_suggestion(message)
        shown = on_one_line(bytes_as_typed(message))  # argparse's repr of a byte typed: \udcff
        argument, _, said = shown.partition(": ")
        if argument.startswith("argument ") and said.startswith(argument[len("argument ") :] + " "):
            shown = said  # "argument --sizes: --sizes must be ..." names the option once
        self.exit(2, f"{self.prog}: error: {shown} (see '{self.prog} --help')\n")

    def _with_suggestion(self, message: str) -> str:
        """An unknown option with the parser's close one: ``unrecognized arguments: --rulse
        (did you mean '--rules'?)`` (a mistyped choice or command is :meth:`_check_value`'s)."""
        prefix = "unrecognized arguments: "
        if not message.startswith(prefix):
            return message
        words = message[len(prefix) :].split(" ")
        for at, word in enumerate(words):
            if word.startswith("--") and len(word) > 2:
                from boggle.model.checks import did_you_mean

                options = [name for name in self._option_string_actions if name.startswith("--")]
                if hint := did_you_mean(word.partition("=")[0], options):
                    words[at] += hint
                    return prefix + " ".join(words)
                break
        return message

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops an error writing --help or --version: `boggle --help > /dev/full`
        # (or `>&-`) exited 0 having printed nothing.  The error goes to main's boundary.
        if message:
            (file or sys.stderr).write(message)
            (file or sys.stderr).flush()

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse echoes a value outside an option's choices whole: 5,000 characters given
        # to --rules (or as a command's name) showed their start and length instead.  A value
        # close to a choice names it, as Python 3.14's suggest_on_error does: `boggle plya`
        # says "did you mean 'play'?".
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as error:
            from boggle.cli.commands._options import SHOWN_CHARACTERS, shown_value
            from boggle.model.checks import did_you_mean

            if isinstance(value, str) and len(value) > SHOWN_CHARACTERS:
                echoed = repr(value) if repr(value) in error.message else value
                error.message = error.message.replace(echoed, shown_value(value))
            elif isinstance(value, str) and action.choices and "maybe you meant" not in str(error):
                choices = [choice for choice in action.choices if isinstance(choice, str)]
                if hint := did_you_mean(value, choices):  # " (did you mean 'play'?)"
                    said = f", {hint[2:-1]} (choose from"
                    error.message = error.message.replace(" (choose from", said, 1)
            raise

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes one for every option added and finds the width with shutil, whose
        # import (bz2, lzma) would cost every start milliseconds; the width is found the same way.
        width = terminal_columns() - 2  # every HelpFormatter takes it; typeshed names only prog
        return self.formatter_class(prog=self.prog, width=width)  # type: ignore[call-arg]


class CommandParser(OneLineParser):
    """A command's parser: an argument it does not know is its own error, so the line names
    the command and its help (``boggle solve: error: unrecognized arguments: --bogus (see
    'boggle solve --help')``), not the top parser's, whose help lists only the commands."""

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        parsed, extras = super().parse_known_args(*args, **kwargs)
        if extras:  # each shown plainly, or quoted when it has a line end, a tab, a NUL ...
            self.error(f"unrecognized arguments: {' '.join(map(plain_unless_odd, extras))}")
        return parsed, extras


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it: ``$COLUMNS``, else the
    width of standard output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or of ``command`` alone (a name in
    :data:`COMMAND_MODULES`), so a run imports only the modules it uses."""
    parser, subparsers = _top_parser(CommandParser)
    for name in COMMAND_MODULES if command is None else (command,):
        module = importlib.import_module(f"boggle.cli.commands.{name}")
        module.register(subparsers)
    return parser


def listing_parser() -> argparse.ArgumentParser:
    """The parser of ``boggle``, ``boggle --help`` and ``boggle --version``: every
    subcommand listed with its line of :data:`COMMAND_HELP`, none imported."""
    parser, subparsers = _top_parser(OneLineParser)
    for name, line in COMMAND_HELP.items():
        subparsers.add_parser(name, help=line, add_help=False)
    return parser


TOP_EXAMPLES = (
    'boggle solve "fxie amlo ewbx astu"',
    "boggle roll --dice big --seed 7 --count 3",
    "boggle play --time 60",
    "boggle serve",
)
"""The examples ``boggle --help`` ends with (each command's own are in its help)."""

MORE_HELP = "'boggle COMMAND --help' gives a command's options and examples."


def _top_parser(command_parser: type[OneLineParser]) -> tuple[argparse.ArgumentParser, Any]:
    parser = OneLineParser(
        prog="boggle",
        description="Solve, roll, judge, play and study Boggle boards.",
        epilog="\n".join(["examples:", *(f"  {line}" for line in TOP_EXAMPLES), MORE_HELP]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"boggle {__version__}")
    subparsers = parser.add_subparsers(
        title="commands", metavar="COMMAND", parser_class=command_parser, dest="command"
    )
    return parser, subparsers


class ClosedStream:
    """Stands for a standard stream closed by the shell (``>&-``, ``<&-``).

    Python leaves ``sys.stdout`` as ``None`` then, so ``print`` loses the
    output silently and ``sys.stdout.write`` raises :class:`AttributeError`;
    this stream raises a clear :class:`OSError` at first use instead.
    """

    def __init__(self, label: str) -> None:
        self.label = label

    def _fail(self) -> NoReturn:
        raise OSError(errno.EBADF, f"{self.label} is closed")

    def write(self, text: str) -> int:
        self._fail()

    def read(self, size: int = -1) -> str:
        self._fail()

    def readline(self, size: int = -1) -> str:
        self._fail()

    def __iter__(self) -> Iterator[str]:
        self._fail()

    @property
    def buffer(self) -> NoReturn:
        self._fail()

    def fileno(self) -> int:
        self._fail()

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        """Nothing was written, so nothing to flush (the interpreter flushes at exit)."""


def guard_standard_streams() -> None:
    """Replace closed standard streams: stdin and stdout by :class:`ClosedStream`, stderr by null.

    The closed descriptor is also taken by ``/dev/null``, so no file the
    command opens lands on descriptor 0 or 1 by accident.
    """
    for descriptor, name, label in (
        (0, "stdin", "standard input"),
        (1, "stdout", "standard output"),
        (2, "stderr", "standard error"),
    ):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(descriptor)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != descriptor:
                os.dup2(null, descriptor)
                os.close(null)
        if name == "stderr":
            sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the life of the process
        else:
            setattr(sys, name, ClosedStream(label))


OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EROFS})


def describe_os_error(error: OSError) -> str:
    """One line for an :class:`OSError` that reached the command line's error boundary.

    >>> describe_os_error(OSError(errno.ENOSPC, "No space left on device"))
    'cannot write the output: No space left on device'
    >>> describe_os_error(FileNotFoundError(errno.ENOENT, "No such file or directory", "x.txt"))
    "'x.txt': No such file or directory"
    """
    reason = error.strerror or str(error) or type(error).__name__
    if error.filename is not None:
        return f"{quoted(os.fsdecode(error.filename))}: {reason}"
    if error.errno in OUTPUT_ERRNOS:
        return f"cannot write the output: {reason}"
    return reason


def _discard_stdout() -> None:
    """Point descriptor 1 at /dev/null, so the flush at exit cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass


def unwritable(error: UnicodeEncodeError) -> str:
    """One line for text the output's encoding cannot write: a word with an accent to a
    stream in ASCII (``PYTHONIOENCODING=ascii``, an old locale) said "'ascii' codec can't
    encode character '\\xc9' in position 0: ordinal not in range(128)".

    >>> print(unwritable(UnicodeEncodeError("ascii", "été", 0, 1, "ordinal not in range(128)")))
    cannot write 'é' in the output's encoding (ascii); use a UTF-8 locale or PYTHONIOENCODING=utf-8
    >>> unwritable(UnicodeEncodeError("utf-8", "a\\udcff", 1, 2, "surrogates not allowed"))
    'cannot write text with the byte 0xff, which is not UTF-8'
    """
    from boggle.model.letters import not_text

    text = error.object[error.start : error.end]
    problem = not_text(text)
    if problem is not None:
        return f"cannot write text with {problem}"
    return (
        f"cannot write {quoted(text)} in the output's encoding ({error.encoding}); use a UTF-8 "
        "locale or PYTHONIOENCODING=utf-8"
    )


def _report(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # stderr full or closed: nowhere to say it
        shown = on_one_line(bytes_as_typed(shortened_texts(shortened_numbers(message))))
        print(f"boggle: error: {shown}", file=sys.stderr)


@contextlib.contextmanager
def starting_up(whole_process: bool) -> Iterator[None]:
    """In a process that is one command (``whole_process``): import the command and parse
    its arguments without the cyclic garbage collector, then set what was made aside
    (:func:`gc.freeze`).  Modules, classes and functions live until exit, so collecting
    while they are made, and looking through them in every later full collection and at
    exit, is work for nothing: a few milliseconds of every start."""
    if not whole_process:
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def without_end_of_options(words: list[str]) -> list[str]:
    """The command line with a ``--`` before the command dropped: ``boggle -- solve BOARD``
    is ``boggle solve BOARD``, on every Python (3.11's argparse took the ``--`` for the
    command's name: "invalid choice: '--'"). A ``--`` after the command stays, and ends
    that command's options as always (``boggle solve -- -abc``).

    >>> without_end_of_options(["--", "solve", "abcd"]), without_end_of_options(["--"])
    (['solve', 'abcd'], [])
    >>> without_end_of_options(["solve", "--", "abcd"])
    ['solve', '--', 'abcd']
    """
    return words[1:] if words[:1] == ["--"] else words


def main(argv: Sequence[str] | None = None, whole_process: bool = False) -> int:
    """Run the command line; returns the exit status.

    ``whole_process``: the process runs this one command and exits (the ``boggle``
    program), so its start may set the garbage collector aside (:func:`starting_up`).
    """
    guard_standard_streams()
    words = without_end_of_options(sys.argv[1:] if argv is None else list(argv))
    with starting_up(whole_process):
        # Without a command first (`boggle`, `--help`, `--version`, a mistyped name) the
        # listing serves, unless it finds a command after all.
        command = words[0] if words and words[0] in COMMAND_MODULES else None
        parser = build_parser(command) if command is not None else listing_parser()
        try:
            args = parser.parse_args(words)
            if command is None and args.command is not None:
                parser = build_parser(args.command)
                args = parser.parse_args(words)
        except SystemExit as exit_:  # --help, --version and usage errors
            return exit_.code if isinstance(exit_.code, int) else 2
        except BrokenPipeError:  # `boggle --help | head -1`: the reader went away
            _discard_stdout()
            return 0
        except OSError as error:  # --help or --version to a full disk or a closed stream
            _discard_stdout()
            _report(describe_os_error(error))
            return 2
    if not hasattr(args, "run"):
        with contextlib.suppress(OSError, ValueError):  # stderr full: nowhere to say it
            parser.print_help(sys.stderr)
        return 2
    try:
        status: int = args.run(args)
        sys.stdout.flush()  # here, so a full disk is reported like any other error
    except BoggleError as error:
        _report(f"{with_option(error)}{CLI_REMEDIES.get(error.remedy or '', '')}")
        return 2
    except UnicodeEncodeError as error:
        _report(unwritable(error))
        return 2
    except ValueError as error:
        # Bad input the library passed on as it came, e.g. from the compiled core's checks.
        _report(str(error) or type(error).__name__)
        return 2
    except KeyboardInterrupt:
        # On a terminal the cursor may sit after a prompt or a "^C": start a line of its own.
        start = "\n" if sys.stderr.isatty() else ""
        with contextlib.suppress(OSError, ValueError):
            print(f"{start}boggle: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `boggle solve ... | head`): stop quietly.
        _discard_stdout()
        return 0
    except OSError as error:
        _discard_stdout()
        _report(describe_os_error(error))
        return 2
    return status


def entry_point() -> NoReturn:
    """Console-script entry: exit with :func:`main`'s status (the ``boggle`` program itself
    starts in :func:`boggle.__main__.run`, which sets the garbage collector aside sooner)."""
    status = main(whole_process=True)
    gc.freeze()  # what the command made is not looked through again at exit (see run)
    sys.exit(status)


if __name__ == "__main__":
    entry_point()
