"""scripts/records.py's tables: a proof's CPU seconds are its own runs', and a finished
proof says which classes they leave out (resumed from runs no row holds)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import script_modules

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "records.py"


def load_script() -> ModuleType:
    return script_modules.load_script("records_script", SCRIPT, register=True)


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


def fake_boggle(monkeypatch: Any, answer: dict[str, Any]) -> list[list[str]]:
    """Make the script's `boggle` runs answer ANSWER at once; the argument lists it ran."""
    ran: list[list[str]] = []

    def run_boggle(args: list[str]) -> tuple[dict[str, Any], float, float]:
        ran.append(args)
        return answer, 1.5, 2.5

    monkeypatch.setattr(records, "run_boggle", run_boggle)
    return ran


def test_search_sizes_and_seeds_pick_the_runs(monkeypatch: Any, tmp_path: Path) -> None:
    board = {"board": "abcdefghijklmnop", "score": 10}
    fake_boggle(monkeypatch, {"best": [board], "seed": 3})
    out = tmp_path / "runs.jsonl"
    records.search(out, "es", None, 100, [3, 4], ("4x4",))
    rows = records.read_runs(out)
    assert [row["size"] for row in rows] == ["4x4", "4x4"]
    assert [row["command"] for row in rows] == [
        f"boggle search --size 4x4 --rules classic --dict es --seconds 100 --seed {seed} "
        "--top 3 --json"
        for seed in (3, 4)
    ]
    records.search(out, "es", None, 120, [3], ("5x5",))
    assert records.read_runs(out)[-1]["command"].startswith("boggle search --size 5x5 --rules big")


def estimate_answer(*, at_least: bool, size: str = "4x4") -> dict[str, Any]:
    return {
        "cpu_hours": 2341.4, "low": 895.2, "high": 4167.0, "at_least": at_least,
        "classes_done": 200, "classes_stopped": 1 if at_least else 0,
        "classes_total": 2102800 if size == "4x4" else 1863, "above": 4540,
    }  # fmt: skip


def test_estimate4x4_runs_the_docs_command(monkeypatch: Any, tmp_path: Path) -> None:
    fake_boggle(monkeypatch, estimate_answer(at_least=False))
    out = tmp_path / "runs.jsonl"
    records.estimate4x4(out, "../shared/data/enable.txt", None, 1158, "words", 200)
    [row] = records.read_runs(out)
    doc = (SCRIPT.parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    assert row["stage"] == "estimate4x4" and row["list"] == "enable"
    assert row["command"] == (
        "boggle prove --size 4x4 --above 1158 --rules classic --objective words "
        "--dict ../shared/data/enable.txt --buckets 4 --corner-buckets 1 --estimate "
        "--samples 200 --seed 1 --json"
    )
    assert row["command"] in doc  # the command docs/records.md gives


def test_the_4x4_estimates_have_their_own_table(monkeypatch: Any, tmp_path: Path) -> None:
    runs = [
        {"list": "yawl", "stage": "estimate4x4", "size": "4x4", "cpu_seconds": 800.0,
         "wall_seconds": 900.0, "answer": estimate_answer(at_least=True),
         "command": "boggle prove --size 4x4 --above 4540 --estimate --json"},
        {"list": "it", "stage": "estimate3x4", "size": "3x4", "cpu_seconds": 17.9,
         "wall_seconds": 55.0, "answer": estimate_answer(at_least=False, size="3x4"),
         "command": "boggle prove --size 3x4 --above 1241 --estimate --json"},
    ]  # fmt: skip
    [row4] = records.estimates4x4_table(runs).splitlines()[2:]
    assert "| yawl | points | 4540 | at least 2,341 | 895-4,167 | 200 (1) of 2,102,800 |" in row4
    [row3] = records.estimates_table(runs).splitlines()[2:]
    assert row3.startswith("| it | 3x4 | 1241 |")
    assert records.estimates_table(runs, "4x4").splitlines()[2:] == [
        "| yawl | 4x4 | 4540 | at least 2341.40 | 895.20-4167.00 | 200 of 2,102,800 "
        "| `boggle prove --size 4x4 --above 4540 --estimate --json` | 800.0 |"
    ]


def test_bad_options_are_one_line(monkeypatch: Any, capsys: Any) -> None:
    for argv, message in (
        (["es", "--stages", "search", "--search-sizes", "3x3"], "unknown search size"),
        (["es", "--stages", "estimate4x4"], "estimate4x4 needs --estimate-above"),
    ):
        monkeypatch.setattr(sys, "argv", ["records.py", *argv])
        ran = fake_boggle(monkeypatch, {})
        try:
            records.main()
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(argv)
        assert message in capsys.readouterr().err and ran == []


def test_a_run_with_no_board_says_why_not_none(tmp_path: Path, capsys: Any) -> None:
    """An interrupted proof's line read "xx prove3x4: None in 30.0 CPU s: ..."."""
    out = tmp_path / "runs.jsonl"
    records.record(out, proof_run(30.0, 40, 0, stopped=True))
    finished = proof_run(60.0, 100, 0)
    finished["answer"]["boards"] = []
    records.record(out, finished)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("xx prove3x4: interrupted in 30.0 CPU s: boggle prove")
    assert lines[1].startswith("xx prove3x4: no board above the threshold in 60.0 CPU s")


def test_the_records_page_holds_the_tables_of_its_runs_file_but_the_runs_it_names() -> None:
    """docs/records.md said ``records.py --table docs/records-runs.jsonl`` prints its tables,
    but the French 3x4 row is a run made by hand whose JSON was not kept: the script prints
    the file's earlier, resumed run (597 CPU s). Every other row the script makes is on the
    page, and the page names that exception."""
    docs = SCRIPT.parents[1] / "docs"
    page = (docs / "records.md").read_text(encoding="utf-8")
    made = records.render_tables(docs / "records-runs.jsonl").splitlines()
    rows = {line for line in page.splitlines() if line.startswith("| ")}
    missing = [line for line in made if line.startswith("| ") and line not in rows]
    assert len(missing) == 2 and all(
        line.startswith("| fr |") and ("597 CPU s" in line or "| 597.0;" in line)
        for line in missing
    ), missing
    intro = " ".join(page.split("## How the runs were made")[0].split())
    assert "the earlier, resumed run (597 CPU s for its last 436 classes)" in intro


def test_a_table_of_no_results_file_is_one_line(
    monkeypatch: Any, capsys: Any, tmp_path: Path
) -> None:
    """``--table`` of a missing file was a FileNotFoundError traceback, of a file of other
    JSON a JSONDecodeError or KeyError traceback."""
    not_runs = tmp_path / "other.jsonl"
    not_runs.write_text('{"list": "xx"}\n', encoding="utf-8")
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n{bad\n", encoding="utf-8")
    for path, message in (
        (tmp_path / "none.jsonl", "none.jsonl: No such file or directory"),
        (not_runs, "other.jsonl: line 1 is not a run of this script's --out"),
        (broken, "broken.jsonl: line 2 is not a run of this script's --out"),
    ):
        monkeypatch.setattr(sys, "argv", ["records.py", "--table", str(path)])
        try:
            records.main()
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(path)
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


def test_a_table_piped_to_a_reader_that_stops_ends_quietly() -> None:
    """``records.py --table docs/records-runs.jsonl | head -1`` ended in a BrokenPipeError
    traceback."""
    import subprocess

    runs = SCRIPT.parents[1] / "docs" / "records-runs.jsonl"
    command = f"{sys.executable} {SCRIPT} --table {runs} | head -1"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "Summary\n" and done.stderr == "" and done.returncode == 0
