"""The scripts a GPU machine runs parse, and name only variants the kernel has.

``benchmarks/gpu_device_check.sh`` (and ``gpu_device_ab.sh``, which it sources with
``MODE=ab``) run only where a GPU is lent, once, with no second try: a syntax error found
there costs the run.  Their dry mode (``DRY=1 MODE=ab``) runs every stage small on the
CPU build; it takes minutes, so it is run by hand, not here.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from boggle.engines.gpu.source import KERNEL_VARIANTS

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = [BENCHMARKS / "gpu_device_check.sh", BENCHMARKS / "gpu_device_ab.sh"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash to parse the scripts")
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_the_device_scripts_parse(script: Path) -> None:
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_dry_run_names_variants_the_kernel_has() -> None:
    text = (BENCHMARKS / "gpu_device_ab.sh").read_text(encoding="utf-8")
    dry = re.search(r"VARIANTS=([a-z,-]+); AB_JOBS=2", text)
    assert dry is not None
    assert set(dry.group(1).split(",")) <= set(KERNEL_VARIANTS)
    assert "MODE:-full} == ab" in (BENCHMARKS / "gpu_device_check.sh").read_text()
