"""Every command's text groups numbers of 1,000 or more by thousands (``2,438``), as
``boggle stats`` and ``boggle prove`` always did; JSON keeps plain numbers, and so do the
``BOARD SCORE`` lines other programs read (``score``, ``search``, ``prove``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boggle.cli.main import main
from boggle.search.estimate import ProofEstimate, SampledClass
from boggle.search.prove import CostEstimate

BOARD = "pers latg sine terd"  # 762 words, 2,438 points in en-70


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_solve_text_groups_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "solve", BOARD, "--dict", "en-70")
    assert status == 0
    assert out.splitlines()[-2:] == ["WORDS: 762", "TOTAL SCORE: 2,438"]


def test_solve_stream_groups_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "solve", BOARD, "--dict", "en-70", "--stream", "--engine", "native")
    assert status == 0
    assert out.splitlines()[-1] == "TOTAL SCORE: 2,438"


def test_solve_json_keeps_plain_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "solve", BOARD, "--dict", "en-70", "--json")
    assert status == 0 and json.loads(out)["score"] == 2438


def test_score_lines_stay_plain_for_programs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("perslatgsineterd\n")
    status, out = run(capsys, "score", str(boards), "--dict", "en-70")
    assert status == 0 and out == "perslatgsineterd 2438\n"


def test_stats_text_groups_scores(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(
        capsys, "stats", "--random", "200", "--seed", "1", "--scoring", "3:100", "--top", "1"
    )
    lines = out.splitlines()
    assert status == 0
    maximum = next(line for line in lines if line.startswith("min / max")).split()[-1]
    assert int(maximum.replace(",", "")) >= 1000 and "," in maximum
    best = lines[lines.index("best boards") + 1].split()[0]
    assert best == maximum


def test_the_estimates_group_their_counts() -> None:
    cost = CostEstimate(8250, 1200, 3.0, False, 2).text()
    assert "8,250 classes left, 1,200 sampled" in cost
    one = (SampledClass(("aeiou",) * 16, 0.43, 1200, 0),)
    proof = ProofEstimate(4, 4, 3625, 1, 2000, 2_097_152, one, 250.0, 180.0, 340.5, 60.0)
    assert "from 1 of 2,000 classes" in proof.text()
