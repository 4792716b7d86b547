"""A command in a process of its own that a Ctrl-C (SIGINT) stops as it would in a terminal,
for the tests that interrupt one and read what it says::

    child = interruptible([sys.executable, "-m", "boggle", "roll", "--count", "1000000"])
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Sequence
from typing import Any


def interruptible(argv: Sequence[str], **options: Any) -> subprocess.Popen[str]:
    """``argv`` started with its output and errors piped as text, in the test's environment,
    SIGINT stopping it as a terminal's Ctrl-C does: a test run started in the background
    inherits SIGINT ignored, and so would the command. ``options`` go to ``Popen``."""
    return subprocess.Popen(
        list(argv),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        **options,
    )
