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
    make lives until exit (see :func:`boggle.cli.main.starting_up`).
    """
    gc.disable()
    from boggle.cli.main import main

    sys.exit(main(whole_process=True))


if __name__ == "__main__":
    run()
