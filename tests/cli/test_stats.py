"""``boggle stats``: the distribution of random boards' scores, the same however it is cut."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from boggle import Lexicon
from boggle.cli.main import main
from boggle.dice.bulk import BoardSource, board_lines
from boggle.model.errors import BoggleError
from boggle.model.rules import BIG, CLASSIC
from boggle.scale.threads import score_many
from boggle.study.stats import PERCENTILES, score_stats

pytest.importorskip("numpy", reason="bulk random boards need NumPy: pip install '.[numpy]'")

WORDS = ["tea", "eat", "ate", "seat", "east", "rest", "stare", "tears", "rates", "treats"]


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.from_words(WORDS)


@pytest.mark.parametrize(("jobs", "chunk"), [(1, 1), (2, 7), (2, 333), (1, 5000)])
def test_same_result_for_any_chunking(lexicon: Lexicon, jobs: int, chunk: int) -> None:
    source = BoardSource.named("new")
    reference = score_stats(2000, source, lexicon, seed=9, top=6, jobs=1, chunk_size=2000)
    assert score_stats(2000, source, lexicon, seed=9, top=6, jobs=jobs, chunk_size=chunk) == (
        reference
    )


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_ctrl_c_returns_the_summary_of_the_first_boards(lexicon: Lexicon, jobs: int) -> None:
    source, done = BoardSource.named("new"), [0]

    def ctrl_c_after_three_chunks(count: int) -> None:
        done[0] += count
        if done[0] == 300:
            raise KeyboardInterrupt

    stopped = score_stats(
        5000, source, lexicon, seed=6, top=5, jobs=jobs, chunk_size=100,
        progress=ctrl_c_after_three_chunks,
    )  # fmt: skip
    shorter = score_stats(300, source, lexicon, seed=6, top=5, jobs=jobs, chunk_size=100)
    assert (stopped.interrupted, shorter.interrupted) == (True, False)
    assert stopped == shorter and stopped.boards == 300
    assert stopped.to_json() == {**shorter.to_json(), "interrupted": True}


def test_figures_equal_those_of_each_board_scored_alone(lexicon: Lexicon) -> None:
    source = BoardSource.named("uniform", 3, 4)
    lines = board_lines(source, 4, 0, 1500)
    scores = score_many(lines, lexicon, CLASSIC)
    stats = score_stats(1500, source, lexicon, CLASSIC, seed=4, top=5, chunk_size=100)
    assert stats.boards == 1500
    assert stats.mean == pytest.approx(statistics.fmean(scores))
    assert stats.std == pytest.approx(statistics.pstdev(scores))
    assert (stats.minimum, stats.maximum) == (min(scores), max(scores))
    ordered = sorted(scores)
    for percent in PERCENTILES:
        rank = max(1, -(-1500 * percent // 100))
        assert stats.percentile(percent) == ordered[rank - 1]
    best = sorted(range(1500), key=lambda i: (-scores[i], i))[:5]
    assert [(top.index, top.score, top.board) for top in stats.best] == [
        (i, scores[i], lines[i]) for i in best
    ]
    assert sum(count for _, _, count in stats.histogram(7)) == 1500
    assert len(stats.histogram(7)) <= 7


@pytest.mark.parametrize(
    ("bins", "message"),
    [
        (0, "bins must be from 1 to 1,000,000, got 0"),
        (-3, "bins must be from 1 to 1,000,000, got -3"),
        (2.5, "bins must be a whole number, got 2.5"),
    ],
)
def test_histogram_refuses_bins_it_cannot_cut(lexicon: Lexicon, bins: int, message: str) -> None:
    """Research 33: ``histogram(0)`` was a ZeroDivisionError, ``histogram(-3)`` a list of one
    range a score."""
    stats = score_stats(20, BoardSource.named("new"), lexicon, seed=1)
    with pytest.raises(BoggleError, match=f"^{message}$"):
        stats.histogram(bins)


def test_rules_follow_the_board_size(lexicon: Lexicon) -> None:
    assert score_stats(10, BoardSource.named("big"), lexicon, seed=1).rules == BIG
    assert score_stats(10, BoardSource.named("classic"), lexicon, seed=1).rules == CLASSIC


def test_no_boards_is_an_empty_distribution(lexicon: Lexicon) -> None:
    stats = score_stats(0, BoardSource.named("new"), lexicon, seed=1)
    assert stats.boards == 0 and stats.counts == () and stats.best == ()
    assert stats.minimum is None and stats.percentile(50) is None
    shown = json.dumps(stats.to_json(), allow_nan=False)  # NaN is not JSON: jq refused it
    assert json.loads(shown)["mean"] is None and json.loads(shown)["std"] is None


@pytest.mark.parametrize(
    ("percent", "says"),
    [
        (-1, "percent must be from 0 to 100, got -1"),  # was the lowest score
        (101, "percent must be from 0 to 100, got 101"),  # was None
        (float("nan"), "percent must be a finite number, got nan"),  # was a ValueError
        (True, "percent must be a finite number, got True"),
    ],
)
def test_a_percent_out_of_0_to_100_is_refused_in_one_line(
    lexicon: Lexicon, percent: float, says: str
) -> None:
    stats = score_stats(20, BoardSource.named("new"), lexicon, seed=1)
    assert stats.percentile(0) == stats.minimum and stats.percentile(100) == stats.maximum
    with pytest.raises(BoggleError) as refused:
        stats.percentile(percent)
    assert str(refused.value) == says and refused.value.setting == "percent"


def test_cli_json_of_no_boards_is_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    status, out, err = _stats(
        capsys, "--random", "0", "--seed", "1", "--dict", str(words), "--json"
    )
    assert status == 0, err
    assert "NaN" not in out and json.loads(out)["mean"] is None


def _stats(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["stats", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_json_and_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    status, out, err = _stats(
        capsys, "--random", "300", "--seed", "2", "--dict", str(words), "--top", "3", "--json"
    )
    assert status == 0 and err == ""
    data = json.loads(out)
    expected = score_stats(300, BoardSource.named("new"), Lexicon.from_words(WORDS), seed=2, top=3)
    assert data["boards"] == 300 and data["seed"] == 2 and data["dice"] == "new"
    assert data["counts"] == [list(pair) for pair in expected.counts]
    assert [top["board"] for top in data["best"]] == [top.board for top in expected.best]
    status, out, _ = _stats(capsys, "--random", "300", "--seed", "2", "--dict", str(words))
    assert status == 0
    assert f"mean         {expected.mean:.3f}" in out
    assert out.count("\n") > 10 and "best boards" in out


def test_cli_top_0_lists_no_best_board_and_the_same_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--top 0`` is meaningful (the distribution alone, no board kept), as its help says."""
    argv = ["--random", "200", "--seed", "3", "--dict", "en-50"]
    status, out, _ = _stats(capsys, *argv, "--top", "0")
    assert status == 0 and "best boards" not in out and "histogram" in out
    _, with_best, _ = _stats(capsys, *argv)
    listed = with_best.splitlines()
    start = listed.index("best boards")
    assert listed[:start] + listed[start + 11 :] == out.splitlines()  # the 10 boards aside
    status, out, _ = _stats(capsys, *argv, "--top", "0", "--json")
    assert status == 0 and json.loads(out)["best"] == []
    status, _, err = _stats(capsys, *argv, "--top", "-1")
    assert status == 2 and err.count("\n") == 1
    _, shown, _ = _stats(capsys, "--help")
    assert "how many best boards to print, 0 to 10,000" in " ".join(shown.split())


def test_cli_plot_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="plots need matplotlib: pip install '.[analysis]'")
    for name in ("hist.png", "hist.svg"):
        plot = tmp_path / name
        status, _, err = _stats(capsys, "--random", "200", "--seed", "1", "--plot", str(plot))
        assert status == 0 and err == f"wrote '{plot}'\n"  # as trie --out and bench --out say
        assert plot.stat().st_size > 1000
    before = (tmp_path / "hist.png").read_bytes()
    status, _, err = _stats(capsys, "--random", "20", "--plot", str(tmp_path / "hist.png"))
    assert status == 2 and "--force" in err and len(err.splitlines()) == 1
    assert (tmp_path / "hist.png").read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--random", "5", "--dice", "new", "--size", "5x5"], "4x4 tray only"),
        (["--random", "5", "--size", "5y"], "--size"),
        (["--random", "5", "--seed", str(2**64)], "a seed is a whole number from 0 to"),
        (["--random", "-5"], "at least 0"),
        (["--random", "5", "--plot", "out.pdf"], ".png or .svg"),
        (["--random", "5", "--jobs", "0"], "--jobs"),
        (["--random", "5", "--chunk-size", "0"], "--chunk-size must be from 1 to 1,000,000, got 0"),
    ],
)
def test_cli_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = _stats(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and message in err


# ---- another language's boards: its list's letters, as `boggle roll --language` draws them


def test_stats_for_another_language_rolls_its_letters(capsys: pytest.CaptureFixture[str]) -> None:
    from boggle import Board, load_lexicon, solve
    from boggle.dice.measured import face_weights

    status = main(["stats", "--random", "200", "--language", "es", "--seed", "3", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert status == 0 and (result["dice"], result["rows"], result["cols"]) == (
        "letters of es",
        4,
        4,
    )
    spanish = load_lexicon("es")
    letters = set(face_weights(spanish))
    for top in result["best"]:
        board = Board.parse(top["board"])
        assert set(board.faces) <= letters, top  # English cubes gave 'k' and 'w' boards
        assert solve(board, spanish).score == top["score"]


def test_stats_for_another_language_is_the_same_however_cut() -> None:
    from boggle import load_lexicon
    from boggle.dice.bulk import source_for_language

    dutch = load_lexicon("nl")
    source = source_for_language(dutch, rows=3, cols=3)
    whole = score_stats(300, source, dutch, seed=8, top=4, jobs=1, chunk_size=300)
    assert score_stats(300, source, dutch, seed=8, top=4, jobs=2, chunk_size=7) == whole
    assert [top.board for top in whole.best] == [
        board_lines(source, 8, top.index, 1)[0] for top in whole.best
    ]


def test_stats_text_names_the_languages_letters(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["stats", "--random", "20", "--dict", "pl", "--seed", "1", "--size", "3x5"])
    out = capsys.readouterr().out
    assert status == 0 and out.splitlines()[0] == "boards       20 (letters of pl 3x5, seed 1)"


@pytest.mark.parametrize("dice", ["classic", "new", "uniform"])
def test_stats_refuses_dice_beside_another_languages_list(
    capsys: pytest.CaptureFixture[str], dice: str
) -> None:
    status = main(["stats", "--random", "10", "--language", "es", "--dice", dice])
    err = capsys.readouterr().err
    assert main(["roll", "--language", "es", "--dice", dice]) == 2
    said_by_roll = capsys.readouterr().err
    assert status == 2 and err == said_by_roll
    assert err == (
        f"boggle: error: --dice '{dice}': a Spanish board is not rolled from dice; each cell is "
        "drawn from the letters of the words of 'es', so leave the dice out (the size sets the "
        "shape)\n"
    )


def test_stats_with_an_english_list_still_rolls_the_dice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["stats", "--random", "50", "--seed", "4", "--json", "--top", "3"]
    assert main([*argv, "--language", "en", "--dice", "classic"]) == 0
    english = json.loads(capsys.readouterr().out)
    assert main([*argv, "--dice", "classic"]) == 0
    assert json.loads(capsys.readouterr().out) == english and english["dice"] == "classic"


def test_a_negative_random_names_its_option(capsys: pytest.CaptureFixture[str]) -> None:
    """``--random -5`` said 'the number of boards must be at least 0', naming no option,
    where the help says '--random N: how many boards, 0 or more'."""
    status, out, err = _stats(capsys, "--random", "-5", "--seed", "1")
    assert status == 2 and out == ""
    assert err == "boggle: error: --random must be at least 0, got -5\n"
    with pytest.raises(BoggleError) as refused:
        score_stats(-1, BoardSource.named("new"), Lexicon.from_words(WORDS), seed=1)
    assert refused.value.setting == "boards"


def test_stats_in_python_roll_the_boards_of_the_lists_language() -> None:
    """``score_stats(n, "new", spanish)`` rolled the English cubes (boards with ``k`` and
    ``w``, a mean a third under ``boggle stats --language es``'s) where the command line
    refuses them; the Python path to a language's boards was nowhere in its docstring."""
    from boggle import load_lexicon
    from boggle.dice.bulk import source_for_language
    from boggle.model.errors import DiceError

    spanish = load_lexicon("es")
    with pytest.raises(DiceError, match="source 'new': a Spanish board is not rolled") as refused:
        score_stats(50, "new", spanish, seed=1, jobs=1)
    assert refused.value.setting == "source" and "\n" not in str(refused.value)
    by_language = score_stats(200, None, spanish, seed=1, top=2, jobs=1)
    assert by_language == score_stats(200, source_for_language(spanish), spanish, seed=1, top=2)
    assert by_language.source.name == "letters of es"
    english = Lexicon.from_words(WORDS)
    assert score_stats(50, None, english, seed=1) == score_stats(50, "new", english, seed=1)
    with pytest.raises(BoggleError, match="or None for the boards of the list's language, not 3"):
        score_stats(50, 3, english, seed=1)  # type: ignore[arg-type]


def test_the_histogram_plot_is_a_library_function(lexicon: Lexicon, tmp_path: Path) -> None:
    """``boggle stats --plot`` drew its figure in the command line alone: in Python a study's
    histogram could not be drawn as the command draws it. ``plot_stats`` writes the same
    figure; a suffix it cannot write and an unwritable file are one line each."""
    pytest.importorskip("matplotlib", reason="plots need matplotlib: pip install '.[analysis]'")
    from boggle.model.errors import OutputError
    from boggle.study.stats import plot_stats

    stats = score_stats(300, "new", lexicon, seed=2, top=1)
    written = plot_stats(stats, tmp_path / "scores.svg")
    assert written == tmp_path / "scores.svg" and b"<svg" in written.read_bytes()[:400]
    assert plot_stats(stats, str(tmp_path / "scores.PNG")).read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(OutputError, match=r"written as \.png or \.svg, got 'scores\.pdf'"):
        plot_stats(stats, "scores.pdf")
    with pytest.raises(OutputError, match=r"cannot write '.*nowhere/s\.svg': "):
        plot_stats(stats, tmp_path / "nowhere" / "s.svg")
    with pytest.raises(BoggleError, match="plot_stats takes score_stats' ScoreStats, not dict"):
        plot_stats(stats.to_json(), tmp_path / "s.svg")  # type: ignore[arg-type]


def test_the_source_left_out_is_the_lists_own_boards(lexicon: Lexicon) -> None:
    """Research 33: ``score_stats(100, lexicon=words)`` was a TypeError (``source`` had no
    default), though ``None`` is the source ``boggle stats`` rolls for the list's language."""
    assert score_stats(20, lexicon=lexicon, seed=1) == score_stats(20, None, lexicon, seed=1)
    assert score_stats(20, lexicon=lexicon, seed=1).source == BoardSource.named("new")
