"""``--engine gpu|auto`` of score, stats and search: one line and exit 2 without CuPy or a
GPU, the native engine under ``auto``, and the same output as native when the kernel runs.

Where no GPU is at hand, "the GPU" is simulated by the kernel's CPU build (the same
source compiled with g++), put where the device runner would be.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sys
import threading
import types
from collections.abc import Iterator
from typing import Any

import pytest

from boggle.cli.commands import stats as stats_command
from boggle.cli.main import main
from boggle.engines.gpu import batch_engine, device
from boggle.engines.gpu.cpu_build import cpu_build_or_none, find_compiler
from boggle.model.errors import EngineError, MissingDependencyError

BOARDS = "fxie amlo ewbx astu\nperslatgsineters\nnot a board!\nabc/def\nse[ch] ttal\n"
WORDS = ["tea", "eat", "ate", "seat", "east", "rest", "stare", "tears", "fame", "fax", "lats"]


@pytest.fixture
def words(tmp_path: object) -> str:
    path = f"{tmp_path}/words.txt"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(WORDS) + "\n")
    return path


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def no_cupy(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> object:
        raise ImportError("No module named 'cupy'")

    monkeypatch.setattr(device, "_import_cupy", missing)


@pytest.fixture
def no_device(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> int:
        raise RuntimeError("cudaErrorNoDevice: no CUDA-capable device is detected")

    fake = types.SimpleNamespace(cuda=types.SimpleNamespace(runtime=types.SimpleNamespace()))
    fake.cuda.runtime.getDeviceCount = broken
    monkeypatch.setattr(device, "_import_cupy", lambda: fake)


@pytest.fixture
def simulated_gpu(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The device runner replaced by the kernel's CPU build."""
    if find_compiler() is None:
        pytest.skip("no C++ compiler (g++) to build the kernel for the CPU")
    runner = cpu_build_or_none()
    monkeypatch.setattr(device, "device_missing", lambda: None)
    monkeypatch.setattr(device, "device_runner", lambda: runner)
    yield


COMMANDS = [
    ["score"],
    ["stats", "--random", "50", "--seed", "1"],
    ["search", "--size", "3x3", "--seconds", "1"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_without_cupy_one_line_and_status_2(
    no_cupy: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    words: str,
) -> None:
    status, out, err = run(
        monkeypatch, capsys, BOARDS, *command, "--engine", "gpu", "--dict", words
    )
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert "CuPy" in err and "pip install 'boggle[gpu]'" in err


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_without_a_gpu_one_line_and_status_2(
    no_device: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    words: str,
) -> None:
    status, out, err = run(
        monkeypatch, capsys, BOARDS, *command, "--engine", "gpu", "--dict", words
    )
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert "no usable CUDA GPU" in err and "cudaErrorNoDevice" in err


def test_auto_falls_back_to_native(
    no_cupy: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], words: str
) -> None:
    native = run(monkeypatch, capsys, BOARDS, "score", "--dict", words)
    auto = run(monkeypatch, capsys, BOARDS, "score", "--engine", "auto", "--dict", words)
    assert auto == native
    assert native[0] == 1 and "fxie amlo ewbx astu 3" in native[1]
    assert batch_engine("auto") == "native"


def test_the_library_names_what_is_missing(no_cupy: None) -> None:
    with pytest.raises(MissingDependencyError, match="CuPy"):
        batch_engine("gpu")
    with pytest.raises(EngineError, match="native, gpu, auto"):
        batch_engine("trie")


def test_score_on_the_kernel_prints_what_native_prints(
    simulated_gpu: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: str,
) -> None:
    native = run(monkeypatch, capsys, BOARDS, "score", "--dict", words)
    for engine in ("gpu", "auto"):
        assert run(monkeypatch, capsys, BOARDS, "score", "--engine", engine, "--dict", words) == (
            native
        )
    assert "<stdin>:3:" in native[2]


def test_stats_on_the_kernel_match_native(
    simulated_gpu: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: str,
) -> None:
    argv = ["stats", "--random", "3000", "--seed", "4", "--json", "--dict", words]
    native = run(monkeypatch, capsys, "", *argv)
    on_kernel = run(monkeypatch, capsys, "", *argv, "--engine", "gpu")
    assert native[0] == on_kernel[0] == 0
    assert json.loads(native[1]) == json.loads(on_kernel[1])
    assert json.loads(native[1])["max"] > 0


def test_search_on_the_kernel_finds_what_native_finds(
    simulated_gpu: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: str,
) -> None:
    argv = ["search", "--size", "3x3", "--seed", "3", "--json", "--dict", words]
    native = run(monkeypatch, capsys, "", *argv)
    on_kernel = run(monkeypatch, capsys, "", *argv, "--engine", "gpu", "--pool", "5")
    assert native[0] == on_kernel[0] == 0
    found, kernel_found = json.loads(native[1]), json.loads(on_kernel[1])
    assert kernel_found["method"] == "population"  # the gpu engine's default method
    boards = [b["board"] for b in kernel_found["best"]]
    scored = run(monkeypatch, capsys, "\n".join(boards) + "\n", "score", "--dict", words)
    assert [line.rsplit(" ", 1)[1] for line in scored[1].splitlines()] == [
        str(b["score"]) for b in kernel_found["best"]
    ]
    assert found["best"][0]["score"] == kernel_found["best"][0]["score"] > 0
    hill = run(monkeypatch, capsys, "", *argv, "--engine", "gpu", "--method", "hillclimb")
    assert hill[0] == 0 and json.loads(hill[1])["method"] == "hillclimb"


def test_gpu_with_a_cluster_is_refused(
    simulated_gpu: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: str,
) -> None:
    argv = ["search", "--size", "3x3", "--seed", "3", "--jobs", "2", "--dict", words]
    status, _, err = run(monkeypatch, capsys, "", *argv, "--engine", "gpu")
    assert status == 2 and err.count("\n") == 1 and "one process" in err


# ---------------------------------------------------------------- on a GPU

needs_gpu = pytest.mark.skipif(
    device.device_missing() is not None, reason=f"no GPU here: {device.device_missing()}"
)


@needs_gpu
def test_stats_on_the_gpu_print_what_native_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], words: str
) -> None:
    argv = ["stats", "--random", "30000", "--seed", "8", "--json", "--dict", words]
    native = run(monkeypatch, capsys, "", *argv)
    on_gpu = run(monkeypatch, capsys, "", *argv, "--engine", "gpu")
    assert native[0] == on_gpu[0] == 0
    assert json.loads(native[1]) == json.loads(on_gpu[1])


def ctrl_c_once_a_batch_is_done(monkeypatch: pytest.MonkeyPatch) -> threading.Thread:
    """A SIGINT, as a terminal's Ctrl-C, sent from another thread once the command has
    summarised its first batch: it lands wherever the run then is (the main thread must
    turn it into ``KeyboardInterrupt``: the caller sets Python's own handler)."""
    counted, first_done = stats_command._Pace.update, threading.Event()

    def update(pace: Any, count: int) -> None:
        counted(pace, count)
        first_done.set()

    def send() -> None:
        first_done.wait()
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(stats_command._Pace, "update", update)
    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    return sender


@needs_gpu
@pytest.mark.parametrize("form", [[], ["--json"]])
def test_a_ctrl_c_on_the_gpu_prints_what_random_done_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], words: str, form: list[str]
) -> None:
    """``stats --random 10**12 --engine gpu`` stopped by a SIGINT: the summary of the boards
    done, as ``--random DONE --seed SEED`` prints it on the gpu and on the native engine, the
    line naming that command, status 130 (batches of 4 x 2^16 boards, so DONE stays small)."""
    monkeypatch.setattr(device.DeviceRunner, "batch_boards", 1 << 16)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        sender = ctrl_c_once_a_batch_is_done(monkeypatch)
        argv = ["stats", "--seed", "8", "--top", "5", "--dict", words, *form]
        stopped = run(monkeypatch, capsys, "", *argv, "--random", str(10**12), "--engine", "gpu")
        sender.join()
    finally:
        signal.signal(signal.SIGINT, before)
    # (a machine without an optional package may warn first: not this test's line)
    said = [line for line in stopped[2].splitlines() if not line.startswith("boggle: warning:")]
    assert stopped[0] == 130 and len(said) == 1, stopped[2]
    done = int(said[0].split("; --random ")[1].split()[0])
    assert said[0].endswith(f"; --random {done} --seed 8 summarises those")
    assert done > 0 and done % (1 << 18) == 0
    for engine in ("gpu", "native"):
        shorter = run(monkeypatch, capsys, "", *argv, "--random", str(done), "--engine", engine)
        assert shorter[0] == 0
        if form:
            summary, whole = json.loads(stopped[1]), json.loads(shorter[1])
            assert (summary.pop("interrupted"), whole.pop("interrupted")) == (True, False)
            assert summary == whole and summary["boards"] == done
        else:
            assert stopped[1] == shorter[1]


@needs_gpu
def test_score_on_the_gpu_prints_what_native_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], words: str
) -> None:
    native = run(monkeypatch, capsys, BOARDS, "score", "--dict", words)
    assert run(monkeypatch, capsys, BOARDS, "score", "--engine", "gpu", "--dict", words) == native


def test_dice_searches_on_the_kernel_climb_one_pool(
    simulated_gpu: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: str,
) -> None:
    """The population method makes letter boards; a --dice search keeps hillclimb."""
    argv = ["search", "--size", "4x4", "--dice", "new", "--seed", "2", "--json", "--dict", words]
    status, out, _ = run(monkeypatch, capsys, "", *argv, "--engine", "gpu", "--pool", "3")
    assert status == 0 and json.loads(out)["method"] == "hillclimb"
    status, _, err = run(
        monkeypatch, capsys, "", *argv, "--engine", "gpu", "--method", "population"
    )
    assert status == 2 and err.count("\n") == 1 and "letter boards" in err


@pytest.mark.parametrize("value", ["abc", "-1", "1e3", "9" * 50, "2000000"])
def test_a_gpu_tuning_variable_that_is_not_a_number_is_one_line(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sweep 14: ``BOGGLE_GPU_BLOCK=abc`` stopped the gpu engine with "invalid literal for
    int() with base 10: 'abc'" (checked without a GPU: the variables are read as the engine
    starts, before the kernel is compiled)."""
    from boggle.engines.gpu.device import _knob
    from boggle.model.errors import EngineError

    monkeypatch.setenv("BOGGLE_GPU_BLOCK", value)
    with pytest.raises(EngineError, match="BOGGLE_GPU_BLOCK must be a whole number from 0 to"):
        _knob("BOGGLE_GPU_BLOCK", 128)
    monkeypatch.setenv("BOGGLE_GPU_BLOCK", " 256 ")
    assert _knob("BOGGLE_GPU_BLOCK", 128) == 256
    monkeypatch.delenv("BOGGLE_GPU_BLOCK")
    assert _knob("BOGGLE_GPU_BLOCK", 128) == 128
