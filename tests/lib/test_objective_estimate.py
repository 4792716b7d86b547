"""The wordiest-board objective (prove and search against brute force) and the proof
estimator (its random classes, its count of classes, its interval, Ctrl-C)."""

from __future__ import annotations

import importlib
import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

from boggle import Board, Lexicon, solve
from boggle.cli.main import main
from boggle.model.errors import BoggleError
from boggle.model.rules import CLASSIC, Rules
from boggle.search import Layout, prove, search, top_level_classes
from boggle.search import branch_and_bound as prover_module
from boggle.search.estimate import (
    ProofEstimate,
    SampledClass,
    bootstrap_interval,
    count_classes,
    estimate_proof,
    random_classes,
)
from boggle.search.faces import board_text, canonical, symmetries
from boggle.search.objective import objective_of, with_objective

# Few letters, many short words: the board with the most words is not the one with the
# most points (long words score more).
WORDS = ["tea", "eat", "ate", "eta", "tae", "tee", "tat", "teat", "tate", "sea", "set"]
WORDS += ["seat", "sate", "east", "eats", "teas", "etas", "ates", "stat", "test", "settee"]
WORDS += ["tease", "setae", "estate", "state", "taste", "tasset", "sat", "tas", "eses"]
LEXICON = Lexicon.from_words(WORDS, name="small")
prove_module = importlib.import_module("boggle.search.prove")  # the package's prove is a function
WORDIEST = with_objective(CLASSIC, "words")


def word_counts(rows: int, cols: int, lexicon: Lexicon) -> dict[str, int]:
    """Every board of the list's letters and its number of words (classic rules), by solving
    each one with the readable trie engine: the brute force."""
    letters = sorted(lexicon.alphabet)
    counts = {}
    for faces in itertools.product(letters, repeat=rows * cols):
        found = solve(Board(faces, rows, cols), lexicon, CLASSIC, engine="trie")
        counts[board_text(canonical(faces, rows, cols), rows, cols)] = len(found.words)
    return counts


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3)])
def test_wordiest_proof_equals_brute_force(rows: int, cols: int) -> None:
    counts = word_counts(rows, cols, LEXICON)
    most = max(counts.values())
    above = most - 2
    result = prove(rows, cols, LEXICON, WORDIEST, above, bucket_count=2)
    assert {b.board: b.score for b in result.boards} == {
        board: count for board, count in counts.items() if count > above
    }
    assert result.boards[0].score == most


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3)])
def test_wordiest_search_scores_boards_by_their_word_count(rows: int, cols: int) -> None:
    counts = word_counts(rows, cols, LEXICON)
    most = max(counts.values())
    result = search(rows, cols, LEXICON, WORDIEST, seed=3, top=5, seconds=60.0, target=most)
    assert result.best
    for found in result.best:
        assert found.score == counts[found.board]
    assert result.best[0].score == most


def test_objective_of_and_any_points_table() -> None:
    assert objective_of(CLASSIC) == "points"
    assert objective_of(WORDIEST) == "words"
    assert objective_of(CLASSIC.with_overrides(scoring=((3, 1), (9, 1)))) == "words"
    assert objective_of(CLASSIC.with_overrides(scoring=((3, 1), (9, 2)))) == "points"
    assert with_objective(CLASSIC, "points") is CLASSIC
    custom = Rules("custom", 3, ((3, 2), (4, 7)))
    result = prove(2, 2, LEXICON, custom, 13, bucket_count=2)
    assert result.boards
    for found in result.boards:
        board = Board.parse(found.board)
        assert found.score == solve(board, LEXICON, custom, engine="trie").score > 13
    with pytest.raises(BoggleError, match="unknown objective"):
        with_objective(CLASSIC, "vowels")


@pytest.mark.parametrize(
    "argv",
    [
        ["prove", "--size", "2x2", "--above", "1", "--objective", "letters"],
        ["search", "--size", "2x2", "--objective", "letters"],
        ["search", "--size", "2x2", "--objective", "words", "--scoring", "3:1"],
        ["prove", "--size", "2x2", "--above", "1", "--estimate", "--samples", "0"],
        ["prove", "--size", "2x2", "--above", "1", "--samples", "3"],
        ["prove", "--size", "2x2", "--above", "1", "--estimate", "--checkpoint", "x.jsonl"],
        ["prove", "--size", "2x2", "--above", "1", "--estimate", "--jobs", "2"],  # was ignored
    ],
)
def test_bad_objective_and_estimate_options_are_one_line_and_status_2(
    argv: list[str], small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--dict", small_list]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_checkpoint_of_another_objective_is_refused(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "proof.jsonl")
    common = ["prove", "--size", "2x2", "--above", "3", "--checkpoint", path, "--dict", small_list]
    assert main([*common, "--objective", "words"]) == 0
    first = capsys.readouterr().out
    assert main(common) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "words objective" in err
    assert main([*common, "--objective", "words"]) == 0  # resumed: the same boards
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    ("rows", "cols", "layout"),
    [
        (2, 2, Layout(("ab", "cd"), ("ab", "cd"), ())),
        (2, 3, Layout(("ab", "cd", "e"), ("abcde",), ())),
        (3, 3, Layout(("ab", "cd"), ("a", "b", "c"), ("ab", "cd"))),
        (1, 4, Layout(("ab", "cd", "e"), ("ab", "cd"), ())),
        (3, 4, Layout(("ab", "cd", "e"), ("abcde",), ("ab", "cd"))),
    ],
)
def test_count_classes_equals_listing_them(rows: int, cols: int, layout: Layout) -> None:
    assert count_classes(rows, cols, layout) == len(list(top_level_classes(rows, cols, layout, 0)))


@pytest.mark.parametrize(
    ("rows", "cols", "layout"),
    [
        (1, 1, Layout(("ab", "cd"), ("ab", "cd"), ())),
        (2, 2, Layout(("ab", "cd"), ("ab", "cd"), ())),
        (1, 4, Layout(("ab", "cd", "e"), ("ab", "cd"), ())),
        (3, 3, Layout(("ab", "cd"), ("a", "b", "c"), ("ab", "cd"))),
        (3, 4, Layout(("ab", "cd", "e"), ("abcde",), ("ab", "cd"))),
    ],
)
def test_the_classes_are_listed_as_the_plain_definition_lists_them(
    rows: int, cols: int, layout: Layout
) -> None:
    """The canonical patterns in product order, their indices as a checkpoint keeps them:
    each the smallest of its symmetric images, written the plain way."""
    perms = symmetries(rows, cols)
    choices = layout.cell_buckets(rows, cols)
    plain = [
        tuple(c[b] for c, b in zip(choices, pattern, strict=True))
        for pattern in itertools.product(*(range(len(c)) for c in choices))
        if all(pattern <= tuple(pattern[k] for k in perm) for perm in perms)
    ]
    listed = list(top_level_classes(rows, cols, layout, 0))
    assert [task.cells for task in listed] == plain
    assert [task.index for task in listed] == list(range(len(plain)))


def test_random_classes_are_top_level_classes_drawn_evenly() -> None:
    layout = Layout(("ab", "cd", "e"), ("ab", "cd"), ())
    classes = {task.cells for task in top_level_classes(2, 2, layout, 0)}
    firsts = [random_classes(2, 2, layout, 0, 1, seed=seed)[0].cells for seed in range(6000)]
    drawn = Counter(firsts)
    assert set(drawn) == classes  # every class comes, and only classes
    expected = 6000 / len(classes)
    assert all(abs(count - expected) < 0.25 * expected for count in drawn.values())
    again = [t.cells for t in random_classes(2, 2, layout, 0, 20, seed=7)]
    assert again == [t.cells for t in random_classes(2, 2, layout, 0, 20, seed=7)]


def test_random_classes_are_distinct_and_every_class_once_when_asked_for_more() -> None:
    """They were drawn with replacement: 6 samples of a 2x3 proof of 3 classes proved some
    class twice and called it an estimate from 6 classes."""
    layout = Layout(("ab", "cd", "e"), ("ab", "cd"), ())
    classes = [task.cells for task in top_level_classes(2, 2, layout, 0)]
    assert len(classes) == 6
    for count in (1, 2, 3, 5, 6, 7, 1000):  # drawn, then listed from half of them on
        for seed in range(30):
            drawn = [t.cells for t in random_classes(2, 2, layout, 0, count, seed=seed)]
            assert len(drawn) == len(set(drawn)) == min(count, 6)
            assert set(drawn) <= set(classes)
            again = [t.cells for t in random_classes(2, 2, layout, 0, count, seed=seed)]
            assert again == drawn  # seeded
    orders = {tuple(t.cells for t in random_classes(2, 2, layout, 0, 6, seed=s)) for s in (1, 2)}
    assert len(orders) == 2  # every class, in the seed's order


def test_an_estimate_of_every_class_is_exact_and_of_fewer_distinct(
    small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    every = estimate_proof(2, 3, LEXICON, CLASSIC, 4, samples=6, seed=2, bucket_count=2)
    assert every.classes_total == 3 and every.classes_done == 3 and every.exact
    assert len({c.cells for c in every.sampled}) == 3
    total = sum(c.cpu_seconds for c in every.sampled) / 3600
    assert every.low == every.cpu_hours == every.high == pytest.approx(total)
    assert every.text().startswith("exactly ") and "all 3 top-level classes proved" in every.text()
    assert every.to_json()["exact"] is True and every.to_json()["classes_drawn"] == 3
    some = estimate_proof(3, 3, LEXICON, CLASSIC, 4, samples=8, seed=3)
    assert some.classes_total == 21 and some.classes_done == 8 and not some.exact
    assert len({c.cells for c in some.sampled}) == 8
    assert some.to_json()["exact"] is False and " from 8 of 8 classes " in some.text()
    argv = ["prove", "--size", "2x3", "--above", "4", "--estimate", "--samples", "10"]
    assert main([*argv, "--buckets", "2", "--json", "--dict", small_list]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["classes_done"] == report["classes_total"] == 3 and report["exact"] is True
    assert report["low"] == report["cpu_hours"] == report["high"]
    assert captured.err.count("class ") == 3 and "class 3 of 3:" in captured.err


def test_the_interval_of_classes_drawn_without_replacement_narrows_to_none() -> None:
    heavy = [0.1] * 19 + [30.0]
    mean = sum(heavy) / 20
    low, high = bootstrap_interval(heavy, seed=1)
    assert bootstrap_interval(heavy, seed=1, population=20) == (mean, mean)
    near, far = bootstrap_interval(heavy, seed=1, population=25)
    assert low < near < mean < far < high  # most of the population in: narrower
    vast = bootstrap_interval(heavy, seed=1, population=10**9)
    assert vast == pytest.approx((low, high), rel=1e-6)  # a sliver of it: as before


def test_bootstrap_interval_holds_the_mean_and_widens_with_a_heavy_tail() -> None:
    even = [1.0] * 20
    heavy = [0.1] * 19 + [30.0]
    assert bootstrap_interval(even, seed=1) == (1.0, 1.0)
    low, high = bootstrap_interval(heavy, seed=1)
    assert low < sum(heavy) / len(heavy) < high
    assert high - low > 1.0


def test_estimate_proves_the_sampled_classes_to_the_end() -> None:
    estimate = estimate_proof(3, 3, LEXICON, CLASSIC, 4, samples=6, seed=2)
    assert estimate.classes_done == 6 and estimate.classes_stopped == 0
    assert estimate.classes_total == count_classes(3, 3, prove_module.layout_for(LEXICON, 3, 3))
    assert estimate.low <= estimate.cpu_hours <= estimate.high
    mean = sum(c.cpu_seconds for c in estimate.sampled) / 6
    assert estimate.cpu_hours == pytest.approx(mean * estimate.classes_total / 3600)
    layout = prove_module.layout_for(LEXICON, 3, 3)
    assert [c.cells for c in estimate.sampled] == [
        t.cells for t in random_classes(3, 3, layout, 4, 6, seed=2)
    ]
    assert all(c.bounds > 0 for c in estimate.sampled)
    with pytest.raises(BoggleError, match="samples must be from 1 to"):
        estimate_proof(2, 3, LEXICON, CLASSIC, 4, samples=0)


def test_estimate_stops_cleanly_on_ctrl_c() -> None:
    seen: list[SampledClass] = []

    def stop_after_two(sampled: SampledClass) -> None:
        seen.append(sampled)
        if len(seen) == 2:
            raise KeyboardInterrupt

    estimate = estimate_proof(
        2, 3, LEXICON, CLASSIC, 4, samples=10, seed=1, on_class=stop_after_two
    )
    assert estimate.interrupted and estimate.classes_done == 2 and estimate.samples == 10
    assert "interrupted" in estimate.text()
    nothing = ProofEstimate(2, 3, 4, 1, 10, 30, (), 0.0, 0.0, 0.0, 0.5, interrupted=True)
    assert nothing.text().startswith("no estimate: none of 10 classes finished")


def test_an_estimate_below_an_hour_shows_seconds_to_a_sensible_precision() -> None:
    """The audit's "about 2,195.895 CPU s": three decimals of seconds below an hour; now
    about three significant figures, and the JSON keeps every digit."""
    one = (SampledClass(("ae",) * 6, 26.66, 100, 0),)
    hours = 2195.895 / 3600
    estimate = ProofEstimate(2, 3, 4, 1, 10, 30, one, hours, 1800.4 / 3600, 2520.6 / 3600, 5.0)
    text = estimate.text()
    assert text.startswith("about 2,196 CPU s (95% interval 1,800-2,521) from 1 of 10"), text
    assert "(26.7 CPU s each)" in text
    assert estimate.to_json()["cpu_hours"] == hours
    tiny = ProofEstimate(2, 3, 4, 1, 10, 30, one, 0.5 / 3600, 0.4 / 3600, 0.61 / 3600, 5.0)
    assert tiny.text().startswith("about 0.500 CPU s (95% interval 0.400-0.610)")


def test_a_class_the_proof_cannot_finish_makes_the_estimate_a_lower_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(prover_module, "SYMMETRIES", 0)  # no board above may be kept
    estimate = estimate_proof(2, 3, LEXICON, CLASSIC, 0, samples=3, seed=1)
    assert estimate.classes_stopped == 3 and estimate.classes_done == 0
    assert estimate.to_json()["at_least"] is True and not estimate.exact
    assert "lower bound" in estimate.text()


def test_estimate_json_shape(small_list: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["prove", "--size", "2x3", "--above", "4", "--estimate", "--samples", "3"]
    assert main([*argv, "--seed", "5", "--json", "--dict", small_list]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert {"cpu_hours", "low", "high", "classes_done", "classes_total"} <= set(report)
    assert report["classes_done"] == 3 and report["seed"] == 5
    assert report["low"] <= report["cpu_hours"] <= report["high"]
    assert captured.err.count("class ") == 3  # progress: one line a class off a terminal


def test_a_sampled_class_label_marks_whole_cells_apart_from_buckets() -> None:
    whole = "abcdefghijklmnopqrstuvwxyz"
    sampled = SampledClass(("aeiou", whole, "bcd", whole), 0.5, 10, 0)
    assert sampled.label == "a*b*"  # a bucket starting with "a" is not a whole cell
    assert SampledClass(("aeiou", "bcd"), 0.5, 10, 0).label == "ab"


def test_estimate_progress_lines_label_each_class(
    small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["prove", "--size", "2x3", "--above", "4", "--estimate", "--samples", "3"]
    assert main([*argv, "--seed", "5", "--json", "--dict", small_list]) == 0
    captured = capsys.readouterr()
    labels = {
        SampledClass(tuple(c["cells"]), 0.0, 0, 0).label
        for c in json.loads(captured.out)["classes"]
    }
    lines = [line for line in captured.err.splitlines() if ": class " in line]
    assert len(lines) == 3
    assert {line.split(": ")[2].split()[0] for line in lines} == labels


def test_an_estimate_stops_its_classes_where_the_proof_would(
    small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--max-boards`` (``max_boards``) was left out of the estimate, whose classes kept up
    to 1,000,000 boards whatever the proof would keep: a class the proof stops at was
    counted as finished, and the estimate was not marked a lower bound."""
    kept = estimate_proof(2, 3, LEXICON, CLASSIC, 0, samples=3, seed=1)
    assert kept.classes_stopped == 0 and kept.classes_done == 3
    estimate = estimate_proof(2, 3, LEXICON, CLASSIC, 0, samples=3, seed=1, max_boards=1)
    assert estimate.classes_stopped == 3 and estimate.to_json()["at_least"] is True
    argv = ["prove", "--size", "2x3", "--above", "0", "--estimate", "--samples", "2"]
    assert main([*argv, "--max-boards", "1", "--json", "--dict", small_list]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["classes_stopped"] == 2 and report["at_least"] is True


def test_an_estimate_of_one_class_in_all_says_class() -> None:
    """A 2x2 proof with whole corners has one top-level class: '1 top-level classes in all'."""
    one = (SampledClass(("ae",) * 4, 0.01, 10, 0),)
    estimate = ProofEstimate(2, 2, 4, 1, 1, 1, one, 0.01 / 3600, 0.01 / 3600, 0.01 / 3600, 1.0)
    assert estimate.text().startswith("exactly 0.010 CPU s: the top-level class proved ")
    cut = (SampledClass(("ae",) * 4, 0.01, 10, 0, "more than 1 board"),)
    stopped = ProofEstimate(2, 2, 4, 1, 1, 1, cut, 0.01 / 3600, 0.01 / 3600, 0.01 / 3600, 1.0)
    assert " from 0 of 1 class (" in stopped.text()
    assert ", 1 top-level class in all," in stopped.text()
    nothing = ProofEstimate(2, 2, 4, 1, 1, 1, (), 0.0, 0.0, 0.0, 1.0, True)
    assert nothing.text().startswith("no estimate: none of 1 class finished, 1 top-level class ")
