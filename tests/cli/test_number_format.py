"""Every command's text groups numbers of 1,000 or more by thousands (``2,438``), as
``boggle stats`` and ``boggle prove`` always did; JSON keeps plain numbers, and so do the
``BOARD SCORE`` lines other programs read (``score``, ``search``, ``prove``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boggle.cli.main import main
from boggle.search.estimate import ProofEstimate, SampledClass
from boggle.search.prove import CostEstimate

BOARD = "pers latg sine terd"  # 764 words, 2,441 points in en-70


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_solve_text_groups_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "solve", BOARD, "--dict", "en-70")
    assert status == 0
    assert out.splitlines()[-2:] == ["WORDS: 764", "TOTAL SCORE: 2,441"]


def test_solve_stream_groups_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "solve", BOARD, "--dict", "en-70", "--stream", "--engine", "native")
    assert status == 0
    assert out.splitlines()[-1] == "TOTAL SCORE: 2,441"


def test_solve_json_keeps_plain_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "solve", BOARD, "--dict", "en-70", "--json")
    assert status == 0 and json.loads(out)["score"] == 2441


def test_score_lines_stay_plain_for_programs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("perslatgsineterd\n")
    status, out = run(capsys, "score", str(boards), "--dict", "en-70")
    assert status == 0 and out == "perslatgsineterd 2441\n"


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


SIZE = re.compile(r"\d+x\d+")  # a size is shown as it is typed (--size 600x600)
UNGROUPED = re.compile(r"\d{4,}")


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "--count", "-100000"],
        ["stats", "--random", "-100000"],
        ["stats", "--random", "1", "--top", "100000"],
        ["stats", "--random", "1", "--jobs", "100000"],
        ["solve", BOARD, "--min-length", "100000"],
        ["paths", "--size", "4", "--length", "100000"],
        ["prove", "--size", "3", "--above", "1", "--buckets", "-100000"],
        ["trie", "--words", "-100000"],
        ["search", "--size", "3", "--pool", "100000"],
    ],
    ids=lambda argv: " ".join(argv[:2]) + " " + argv[-2],
)
def test_a_refusal_groups_its_numbers(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """A refusal writes the limit and the value given as every other message does
    (``got -100,000``, not ``got -100000``); only a size stays as it is typed."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "100,000" in err, err
    assert not UNGROUPED.search(SIZE.sub("", err)), err


TOO_LARGE = re.compile(
    r"boggle: error: an? \d+x\d+ (board|grid)( \([\d,]+ cells\))? is too large"
    r"( for [a-z -]+)?: the limit is [\d,]+ (rows and columns|cells)( and [\d,]+ cells)?"
)


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "--size", "1x1001"],
        ["solve", "--random", "--size", "600x600"],
        ["stats", "--random", "1", "--size", "1000x1000"],
        ["search", "--size", "100x100"],
        ["prove", "--size", "9x9", "--above", "1"],
        ["paths", "--size", "20x20"],
        ["bench", "solve-random", "--size", "600"],
    ],
    ids=" ".join,
)
def test_every_board_too_large_is_refused_in_one_wording(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """ "board of 600x600 is too large; the limit is ...", "a board is 1 to 1,000 rows ...",
    "--size 100x100 has 10,000 cells; search and prove handle boards of 1 to 64 cells" and
    "a 20x20 grid has 400 cells; path counting takes at most 58 cells" were four wordings of
    one refusal: now one (:func:`boggle.model.wording.too_large`)."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and TOO_LARGE.match(err), err
