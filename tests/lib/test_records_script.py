"""scripts/records.py's tables: a proof's CPU seconds are its own runs', and a finished
proof says which classes they leave out (resumed from runs no row holds)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "records.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("records_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


records = load_script()


def proof_run(cpu: float, finished: int, resumed: int, *, stopped: bool = False) -> dict[str, Any]:
    """One `boggle prove` row of a 3x4 proof of 100 classes."""
    boards = [] if stopped else [{"board": "abcd/efgh/ijkl", "score": 1000}]
    return {
        "list": "xx",
        "stage": "prove3x4",
        "size": "3x4",
        "command": "boggle prove --size 3x4 --above 999 --json",
        "cpu_seconds": cpu,
        "wall_seconds": cpu,
        "answer": {
            "boards": boards,
            "interrupted": stopped,
            "finished_classes": finished,
            "resumed_classes": resumed,
            "top_level_classes": 100,
        },
    }


def proof_row(runs: list[dict[str, Any]]) -> list[str]:
    """The proofs table's rows (past its header)."""
    return records.proofs_table(runs).splitlines()[2:]


def test_a_stopped_run_resumed_from_an_unrecorded_one_leaves_classes_out() -> None:
    # a stopped run that had resumed 10 classes no row holds proved 30 itself; the proof
    # resumed all 40: 10 classes' CPU time is in no row
    runs = [proof_run(30.0, 40, 10, stopped=True), proof_run(60.0, 100, 40)]
    [row] = proof_row(runs)
    assert "| 90.0; 10 of the first 40 of 100 classes not counted |" in row
    summary = records.summary_table(runs)
    assert "(90 CPU s; 10 of the first 40 of 100 classes not counted)" in summary


def test_a_chain_of_stopped_runs_counts_every_class() -> None:
    runs = [
        proof_run(10.0, 20, 0, stopped=True),
        proof_run(10.0, 50, 20, stopped=True),
        proof_run(50.0, 100, 50),
    ]
    [row] = proof_row(runs)
    assert "| 70.0 |" in row and "not counted" not in row
    assert "(70 CPU s)" in records.summary_table(runs)


def test_a_later_proof_of_the_same_list_and_size_starts_afresh() -> None:
    # a proof stopped and finished, then the same proof run again from the start: the
    # second row holds its own run only, and nothing of the first chain is left out of it
    runs = [proof_run(10.0, 20, 0, stopped=True), proof_run(40.0, 100, 20), proof_run(45.0, 100, 0)]
    first, second = proof_row(runs)
    assert "| 50.0 |" in first and "| 45.0 |" in second
    assert "(45 CPU s)" in records.summary_table(runs)
