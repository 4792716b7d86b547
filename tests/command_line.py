"""The command line as a test runs it: in the test's own process (:func:`run_cli`: its exit
status and what it printed, read from pytest's ``capsys``), or in a child process as if some
packages were not installed (:func:`run_without`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boggle.cli.main import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``boggle ARGV...`` in this process: its exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


WITHOUT = """\
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None  # 'import name' now fails as if it were not installed
from boggle.cli.main import main
sys.exit(main(sys.argv[2:]))
"""


def run_without(
    modules: str, *args: str, cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``boggle ARGS...`` in a child process (in ``cwd``) as if the packages ``modules``
    (comma-separated) were absent."""
    return subprocess.run(
        [sys.executable, "-c", WITHOUT, modules, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
    )
