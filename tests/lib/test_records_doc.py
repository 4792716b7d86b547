"""docs/records.md stays true: its cheapest proof is run again and must give the doc's board.

The doc's proofs table lists each proof's command as a user types it; this test runs the
3x3 Spanish one (a bundled list, about 5 CPU s on a quiet core) through the CLI and checks
that the best board and its score are the ones the doc states.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from boggle.cli.main import main

RECORDS = Path(__file__).resolve().parents[2] / "docs" / "records.md"


def proof_rows() -> dict[tuple[str, str], dict[str, str]]:
    """The rows of the doc's '## Proofs' table, by (list, size)."""
    text = RECORDS.read_text(encoding="utf-8")
    section = text[text.index("\n## Proofs") :]
    section = section[: section.index("\n## ", 1)]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        row = dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")), strict=True))
        rows[(row["list"], row["size"])] = row
    return rows


def test_the_proofs_table_has_the_3x3_rows_of_the_bundled_lists() -> None:
    rows = proof_rows()
    for name in ("en-70", "es", "nl", "pt", "pl"):  # Polish: 44 letters, rare ones one face
        assert (name, "3x3") in rows, name
        assert int(rows[(name, "3x3")]["score"]) > 0


def test_the_spanish_3x3_proof_gives_the_docs_board(capsys: pytest.CaptureFixture[str]) -> None:
    row = proof_rows()[("es", "3x3")]
    command = shlex.split(row["command"].strip("`"))
    assert command[:2] == ["boggle", "prove"] and "--json" in command
    assert main(command[1:]) == 0
    boards = json.loads(capsys.readouterr().out)["boards"]
    assert boards[0]["board"] == row["best board"].strip("`")
    assert boards[0]["score"] == int(row["score"])
    assert all(board["score"] <= boards[0]["score"] for board in boards)
