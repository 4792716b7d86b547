"""``python -m boggle`` and the ``boggle`` program: the command line, in a process of its own."""

from __future__ import annotations

import gc
import sys

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import NoReturn


def run() -> NoReturn:
    """Run the command line and exit with its status.

    The garbage collector is off from here until the command starts: what the imports
    make lives until exit (see :func:`boggle.cli.main.starting_up`). Ctrl-C while the
    program starts (its imports take a tenth of a second, seconds on a loaded machine) is
    said in the one line a command's is, status 130, not in a traceback.
    """
    gc.disable()
    try:
        from boggle.cli.main import main

        status = main(whole_process=True)
    except KeyboardInterrupt:
        import contextlib

        # as boggle.cli.main says it (which may not be imported yet)
        start = "\n" if sys.stderr.isatty() else ""
        with contextlib.suppress(OSError, ValueError):  # stderr closed or full
            print(f"{start}boggle: interrupted", file=sys.stderr)
        status = 130
    # What the command made (a word list's tries and tables, millions of objects) is set
    # aside, as the imports were: the collections the interpreter runs at exit would look
    # through it all again (`boggle compare --random --size 20` took 0.8 s to exit, 0.1 s now).
    gc.freeze()
    sys.exit(status)


if __name__ == "__main__":
    run()
