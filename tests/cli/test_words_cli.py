"""``--words common|standard|all`` on solve, score, play, search, prove and stats; ``zipf`` and
``level`` in ``solve --json``; the one line without wordfreq."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from boggle import solve
from boggle.cli.main import main
from boggle.wordlists.frequencies import with_frequencies

pytest.importorskip("wordfreq", reason="the word levels need wordfreq ([test] extra)")

BOARD = "fxie amlo ewbx astu"


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None
) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        status = main(list(argv))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_json_gives_each_word_its_zipf_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "--json", BOARD)
    assert status == 0 and err == ""
    result = json.loads(out)
    expected = with_frequencies(solve(BOARD))
    for entry in result["words"]:
        assert (entry["zipf"], entry["level"]) == expected.frequency(entry["word"])
        assert isinstance(entry["zipf"], float) and entry["level"] in {
            "common",
            "standard",
            "obscure",
        }
    assert result["levels"] == expected.level_counts()


@pytest.mark.parametrize("choice", ["common", "standard", "all"])
def test_solve_words_keeps_the_level(capsys: pytest.CaptureFixture[str], choice: str) -> None:
    status, out, _ = run(capsys, "solve", "--json", "--words", choice, BOARD)
    assert status == 0
    result = json.loads(out)
    kept = {"common": {"common"}, "standard": {"common", "standard"}}.get(choice)
    levels = {entry["level"] for entry in result["words"]}
    assert kept is None or levels <= kept
    assert result["score"] == sum(entry["points"] for entry in result["words"])
    assert result["count"] == solve(BOARD, words=choice).count


def test_score_search_and_stats_count_only_the_level(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    boards = [BOARD, "serslpeaitnrdest"]
    status, out, _ = run(capsys, "score", "--words", "common", stdin="\n".join(boards) + "\n")
    assert status == 0
    assert out.splitlines() == [f"{b} {solve(b, words='common').score}" for b in boards]
    status, out, _ = run(capsys, "stats", "--random", "50", "--seed", "3", "--json")
    whole = json.loads(out)
    status, out, _ = run(
        capsys, "stats", "--random", "50", "--seed", "3", "--json", "--words", "common"
    )
    common = json.loads(out)
    assert common["mean"] < whole["mean"] and common["words"] == "common"
    levels = whole["word_levels"]
    assert levels["boards"] == 50 and levels["common"] > 0 and levels["obscure"] >= 0
    status, out, _ = run(capsys, "stats", "--random", "20", "--seed", "3")
    assert "words by level (first 20 boards): common" in out
    status, out, _ = run(
        capsys,
        "search",
        "--size",
        "3x3",
        "--seconds",
        "1",
        "--seed",
        "1",
        "--top",
        "1",
        "--words",
        "common",
        "--json",
    )
    assert status == 0
    best = json.loads(out)["best"][0]
    assert best["score"] == solve(best["board"], words="common").score


def test_play_counts_only_the_level(capsys: pytest.CaptureFixture[str]) -> None:
    rich = with_frequencies(solve(BOARD))
    common = next(w.word for w in rich if rich.frequency(w.word).level == "common")  # type: ignore[union-attr]
    other = next(w.word for w in rich if rich.frequency(w.word).level != "common")  # type: ignore[union-attr]
    status, out, _ = run(capsys, "play", "--words", "common", BOARD, stdin=f"{common}\n{other}\n")
    assert status == 0
    assert f"{other.upper()}: in the list, but not a common word" in out
    assert f"{common.upper()}: +" in out
    assert f"of {rich.level_counts()['common']} words" in out  # type: ignore[index]


@pytest.mark.parametrize("command", ["solve", "score", "play", "search", "stats"])
def test_an_unknown_level_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, _, err = run(capsys, command, "--words", "rare", BOARD)
    assert status == 2
    assert "--words: invalid choice: 'rare'" in err and len(err.strip().splitlines()) == 1


def test_without_wordfreq_one_line_and_the_rest_works(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "wordfreq", None)  # as if it were not installed
    words = tmp_path / "words.txt"
    words.write_text("fame\nfax\nmile\nbows\nstub\n")  # a list this process has not seen yet
    status, out, err = run(capsys, "solve", "--json", "--dict", str(words), BOARD)
    assert status == 0
    assert err.count("\n") == 1 and 'pip install "boggle[words]"' in err
    assert "Traceback" not in err and err.startswith("boggle: warning: ")  # was "warning: "
    result = json.loads(out)
    assert result["count"] == solve(BOARD, str(words)).count == 4
    assert "zipf" not in result["words"][0]
    status, out, err = run(capsys, "solve", "--words", "common", "--dict", str(words), BOARD)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and 'pip install "boggle[words]"' in err
    status, out, err = run(capsys, "solve", "--words", "all", "--dict", str(words), BOARD)
    assert status == 0 and err == "" and "WORDS: 4" in out
    status, out, err = run(capsys, "stats", "--random", "5", "--seed", "1", "--dict", str(words))
    assert status == 0 and "mean" in out and err.count('pip install "boggle[words]"') == 1
    assert err.startswith("boggle: warning: ")


def test_prove_counts_the_level_and_its_checkpoint_knows_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    checkpoint = str(tmp_path / "proof.jsonl")
    common = ["prove", "--size", "2x2", "--above", "5", "--json"]
    status, out, _ = run(capsys, *common, "--words", "common", "--checkpoint", checkpoint)
    assert status == 0
    kept = {entry["board"]: entry["score"] for entry in json.loads(out)["boards"]}
    status, out, _ = run(capsys, *common)
    assert status == 0
    every = {entry["board"]: entry["score"] for entry in json.loads(out)["boards"]}
    assert kept and set(kept) <= set(every)
    assert all(kept[board] <= every[board] for board in kept) and kept != every
    status, _, err = run(capsys, *common, "--checkpoint", checkpoint)  # every word: refused
    assert status == 2 and "another proof" in err
