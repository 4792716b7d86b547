"""`boggle play` on a clock the test moves, for the tests that drive it through a terminal:
run as ``python tests/clocked_play.py CLOCK_FILE play BOARD ...``, the round's clock reads
the seconds written in ``CLOCK_FILE`` (:func:`set_clock`) and stands still meanwhile, so a
loaded machine's slow answers cannot run a round out before the test says so::

    set_clock(clock_file, 0)  # the round starts at 0:00 of this clock
    child = pexpect.spawn(sys.executable, [CLOCKED_PLAY, str(clock_file), "play", ...])
    set_clock(clock_file, 5)  # five seconds of the round gone, at the next tick
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

CLOCKED_PLAY = __file__
"""This script, to run with the clock's file and the command line of `boggle`."""


def set_clock(clock_file: Path, seconds: float) -> None:
    """Set the clock of ``clock_file`` to ``seconds``, in one step (never half written)."""
    written = clock_file.with_suffix(".new")
    written.write_text(repr(float(seconds)))
    os.replace(written, clock_file)


def clock_of(clock_file: Path) -> float:
    """The seconds on the clock of ``clock_file``."""
    return float(clock_file.read_text())


def main(argv: list[str]) -> int:
    from boggle.cli.commands import play
    from boggle.cli.main import main as boggle

    clock_file = Path(argv[0])
    play.round_clock = lambda: clock_of(clock_file)
    return boggle(argv[1:], whole_process=True)  # as the `boggle` program runs it


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
