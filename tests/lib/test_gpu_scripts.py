"""The scripts a GPU machine runs parse, and name only variants the kernel has.

``benchmarks/gpu_device_check.sh`` (and ``gpu_device_ab.sh`` and ``gpu_device_tune.sh``,
which it sources with ``MODE=ab`` and ``MODE=tune``, with its stage helpers) run only where
a GPU is lent, once, with no second try: a syntax error found there costs the run.  Their
dry mode (``DRY=1 MODE=ab``, ``DRY=1 MODE=tune``) runs every stage small on the CPU build;
it takes minutes, so it is run by hand, not here.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
import script_modules

from boggle.engines.gpu.device import compile_options
from boggle.engines.gpu.source import AB_VARIANTS, AUTO_VARIANT, KERNEL_VARIANTS, auto_variant

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = [
    BENCHMARKS / "gpu_device_check.sh",
    BENCHMARKS / "gpu_device_ab.sh",
    BENCHMARKS / "gpu_device_tune.sh",
]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash to parse the scripts")
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_the_device_scripts_parse(script: Path) -> None:
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_dry_run_names_variants_the_kernel_has() -> None:
    text = (BENCHMARKS / "gpu_device_ab.sh").read_text(encoding="utf-8")
    dry = re.search(r"VARIANTS=([a-z0-9,-]+); AB_JOBS=2", text)
    assert dry is not None
    assert set(dry.group(1).split(",")) <= {AUTO_VARIANT, *KERNEL_VARIANTS}
    assert "AB_VARIANTS" in text  # the A/B's list is the one in the source module
    assert "MODE:-full} == ab" in (BENCHMARKS / "gpu_device_check.sh").read_text()


def test_the_ab_times_the_first_the_default_and_the_lanes_variants() -> None:
    """The old kernel (``default``) first, the baseline the others are set beside; the
    engine's own choice by board size (``auto``) and every variant it can pick timed too."""
    known = {AUTO_VARIANT, *KERNEL_VARIANTS}
    assert set(AB_VARIANTS) <= known and len(set(AB_VARIANTS)) == len(AB_VARIANTS)
    lanes = {name for name in KERNEL_VARIANTS if name.startswith("lanes-")}
    assert {"first", "default", AUTO_VARIANT} | lanes <= set(AB_VARIANTS)
    assert AB_VARIANTS[:2] == ("default", AUTO_VARIANT)
    assert {auto_variant(cells) for cells in range(1, 65)} <= set(AB_VARIANTS)


def test_the_scripts_read_every_variants_name() -> None:
    """The A/B takes the fastest variant from benchmarks/gpu.py's output by a pattern, and the
    static table's rows by another: both must take names with digits (``lanes-16``), or the
    stages after the A/B would ask for a variant that does not exist."""
    text = (BENCHMARKS / "gpu_device_ab.sh").read_text(encoding="utf-8")
    fastest = re.search(r"BOGGLE_GPU_VARIANT=\\\((\[[^]]*\])\*\\\)", text)
    static = re.search(r"\^\(variant\|nvrtc warning\|(\[[^]]*\])\+ \+bg_score_boards_small\)", text)
    assert fastest is not None and static is not None
    for name in (AUTO_VARIANT, *KERNEL_VARIANTS):
        assert re.fullmatch(fastest.group(1) + "*", name) and re.fullmatch(
            static.group(1) + "+", name
        )


def test_the_tuning_run_names_variants_the_kernel_has() -> None:
    """``MODE=tune``: its A/B's variants and the ones it tunes when the A/B gives none exist,
    and every lanes variant not in the H200's A/B of 2026-11-28 is among those timed."""
    text = (BENCHMARKS / "gpu_device_tune.sh").read_text(encoding="utf-8")
    known = {AUTO_VARIANT, *KERNEL_VARIANTS}
    ab = re.search(r"TUNE_AB=\$\{TUNE_AB:-([a-z0-9,-]+)\}", text)
    assert ab is not None and {"default", AUTO_VARIANT} <= set(ab.group(1).split(",")) <= known
    measured = {"lanes-4", "lanes-8", "lanes-16", "lanes-8-next", "lanes-16-next", "lanes-32"}
    measured |= {"lanes-16-split2", "lanes-16-split8", "lanes-32-split2"}
    lanes = {name for name in KERNEL_VARIANTS if name.startswith("lanes-")}
    assert lanes - measured <= set(ab.group(1).split(","))
    for fallback in re.findall(r"TUNE[45]:-([a-z0-9,-]+)\}", text):
        assert set(fallback.split(",")) <= known
    assert "MODE:-full} == tune" in (BENCHMARKS / "gpu_device_check.sh").read_text()


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash to run the script's function")
def test_the_tuning_run_takes_the_fastest_lanes_variants_whose_scores_agreed(
    tmp_path: Path,
) -> None:
    """``fastest_lanes`` reads benchmarks/gpu.py's lines (this one as the H200 printed it):
    lanes-* variants only, by rate, none whose scores differed from the first variant's."""
    text = (BENCHMARKS / "gpu_device_tune.sh").read_text(encoding="utf-8")
    function = re.search(r"^fastest_lanes\(\) \{\n.*?^\}\n", text, re.S | re.M)
    assert function is not None
    tail = "stats 31,929,017 boards/s, total 846,448,872, same as default: {}; 48 regs"
    lines = [
        "auto: 0.214 s 38,056,730 boards/s, " + tail.format("True") + ", lanes-16",
        "lanes-16: 0.214 s 28,056,730 boards/s, " + tail.format("True"),
        "lanes-32: 0.200 s 30,000,000 boards/s, " + tail.format("False"),
        "lanes-16-split8: 0.250 s 9,100,000 boards/s, " + tail.format("True"),
        "lanes-8-next: 0.260 s 26,000,000 boards/s, " + tail.format("True"),
    ]
    (tmp_path / "ab4.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    script = f"{function.group(0)}LOGS={tmp_path}; TUNE_COUNT=2; fastest_lanes ab4"
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "lanes-16,lanes-8-next"


def _gpu_static() -> types.ModuleType:
    return script_modules.load_script("gpu_static", BENCHMARKS / "gpu_static.py")


def test_the_static_table_never_takes_nvrtcs_stub_library(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CUDA 13 ships ``targets/*/lib/stubs/libnvrtc.so`` beside the real library; it sorts
    last, and the H100 run of 2026-11-26 took it ("You are running using the stub version of
    nvrtc"): the lookup skips any ``stubs`` folder and finds the real one, or nothing."""
    cuda = tmp_path / "cuda"
    for folder in ("lib64", "targets/x86_64-linux/lib", "targets/x86_64-linux/lib/stubs"):
        (cuda / folder).mkdir(parents=True)
    (cuda / "targets/x86_64-linux/lib/stubs/libnvrtc.so").write_bytes(b"")
    monkeypatch.delenv("CUDA_HOME", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    static = _gpu_static()
    monkeypatch.setitem(sys.modules, "nvidia", None)  # no NVIDIA wheels in this Python
    assert static.find_tool("libnvrtc.so*", str(cuda)) is None
    for folder in ("lib64", "targets/x86_64-linux/lib"):
        for name in ("libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.13.0.88"):
            (cuda / folder / name).write_bytes(b"")
    found = static.find_tool("libnvrtc.so*", str(cuda))
    assert found == str(cuda / "lib64" / "libnvrtc.so.13.0.88")


def test_the_static_table_compiles_each_variant_with_the_engines_launch_bounds() -> None:
    """The lanes variants run under launch bounds (6 blocks of 256 threads a multiprocessor:
    40 registers), which the table left out: it gave ``warp-list`` the registers of a kernel
    without them (nvcc 13.0, sm_90: 56, no spills), not the engine's (40, 16 bytes spilled).
    Now its options are the engine's, whole warps under a block of 16, no bounds with
    ``--min-blocks 0``."""
    static = _gpu_static()
    warp_list = KERNEL_VARIANTS["warp-list"]
    assert static.static_options(warp_list, 256, 10) == compile_options(
        256, 9, 6, defines=warp_list
    )
    assert static.static_options(warp_list, 16, 10) == compile_options(32, 9, 48, defines=warp_list)
    assert static.static_options(warp_list, 256, 10, 0) == compile_options(
        256, 9, None, defines=warp_list
    )
    assert static.static_options((), 256, 10) == compile_options(256, 10, None)


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash to run the script's function")
def test_the_ab_and_the_tuning_run_share_their_first_stages() -> None:
    """The tests, ab4 and ab5 stages were written out twice (``MODE=ab`` and ``MODE=tune``);
    they are ``ab_stages`` in gpu_device_check.sh, which both call with their own limits."""
    check = (BENCHMARKS / "gpu_device_check.sh").read_text(encoding="utf-8")
    function = re.search(r"^ab_stages\(\) \{\n.*?^\}\n", check, re.S | re.M)
    assert function is not None
    for name, call in (
        ("gpu_device_ab.sh", 'ab_stages 100 "the_gpu" 110 90 "$VARIANTS"'),
        ("gpu_device_tune.sh", 'ab_stages 60 "$TEST_PICK" 70 60 "$TUNE_AB"'),
    ):
        text = (BENCHMARKS / name).read_text(encoding="utf-8")
        assert call in text and "stage ab4" not in text and "tests/lib/test_gpu_kernel" not in text
    script = (
        'stage() { echo "$*"; }\n'
        f"{function.group(0)}PY=py; ENABLE=e.txt; NAB4=40; NAB5=50; AB_JOBS=2\n"
        "ab_stages 60 'lanes or split' 70 65 default,auto"
    )
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("tests 60 py -m pytest tests/lib/test_gpu_kernel.py ")
    assert "-k lanes or split --durations=5" in lines[0]
    gpu = "py benchmarks/gpu.py --dict e.txt --size"
    assert lines[1:] == [
        f"ab4 70 {gpu} 4x4 --boards 40 --check 100000 --jobs 2 --repeat 2 --variants default,auto",
        f"ab5 65 {gpu} 5x5 --boards 50 --check 30000 --jobs 2 --repeat 2 --variants default,auto",
    ]
