"""The command line of the engines: compare, dicts export, solve --stream."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boggle import Lexicon, engine_names, solve
from boggle.cli.main import main

BOARD = "sla ret uop"
WORDS = ["ale", "ales", "alter", "alters", "pot", "top", "opt", "zebra"]


@pytest.fixture
def word_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "words.txt"
    path.write_text("\n".join(sorted(WORDS)) + "\n")
    return path


def test_compare_lists_every_engine_and_agreement(
    word_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compare", BOARD, "--dict", str(word_file), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = report["engines"]
    assert (report["board"], report["rows"], report["cols"]) == (BOARD, 3, 3)
    assert report["dictionary"]["name"] == word_file.name
    assert report["rules"]["name"] == "classic" and report["rules"]["min_length"] == 3
    assert rows[0]["engine"] == "trie"
    assert sorted(row["engine"] for row in rows) == sorted(engine_names())
    expected = solve(BOARD, Lexicon.from_file(word_file), engine="trie")
    for row in rows:
        assert row["agrees"] is True and row["words"] == expected.count


def test_dicts_export_writes_a_sorted_normalised_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "raw.txt"
    source.write_text("Zebra\nPOT\nale\nale\nit's\n")
    target = tmp_path / "sorted.txt"
    assert main(["dicts", "export", str(source), str(target)]) == 0
    assert target.read_text() == "ale\npot\n"


def test_dicts_json_before_export_is_refused_in_one_line_as_words_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was ignored (the file written), where `boggle words --json export` refuses it."""
    source = tmp_path / "raw.txt"
    source.write_text("ale\npot\n")
    target = tmp_path / "sorted.txt"
    assert main(["dicts", "--json", "export", str(source), str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'boggle dicts export' prints no JSON" in err
    assert not target.exists()
    assert main(["words", "--json", "export", str(target)]) == 2
    assert "'boggle words export' prints no JSON" in capsys.readouterr().err


def test_heap_streams_alphabetically_from_a_sorted_file(
    word_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", BOARD, "--engine", "heap", "--dict", str(word_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    words = [line.split()[0].lower() for line in lines[:-2]]
    expected = [w.word for w in solve(BOARD, Lexicon.from_file(word_file), engine="trie")]
    assert words == sorted(expected)
    assert lines[-2] == f"WORDS: {len(expected)}"


@pytest.mark.parametrize(
    ("content", "message"),
    [("top\nale\n", "not sorted"), ("ale\nale\n", "not sorted")],
)
def test_heap_refuses_an_unsorted_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content)
    assert main(["solve", BOARD, "--engine", "heap", "--dict", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err and captured.err.count("\n") == 1


def test_stream_and_json_together_is_a_usage_error(
    word_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", BOARD, "--stream", "--json", "--dict", str(word_file)]) == 2
    assert "--stream" in capsys.readouterr().err


def test_heap_json_is_the_usual_report(word_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", BOARD, "--engine", "heap", "--json", "--dict", str(word_file)]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "heap"
