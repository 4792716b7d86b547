"""Best-board search and proofs: held to exhaustive enumeration and to plain scoring."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import random
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from boggle import Board, Lexicon, solve
from boggle.cli.main import main
from boggle.dice.cubes import DICE_SETS
from boggle.model.errors import BoggleError
from boggle.model.rules import CLASSIC
from boggle.search import Layout, search, top_level_classes
from boggle.search.branch_and_bound import Prover
from boggle.search.faces import apply_edit, board_text, canonical, neighbour_edits, split_order
from boggle.search.local import hillclimb
from boggle.search.prove import prove
from boggle.search.scorer import Scorer
from boggle.search.space import LetterSpace, State, rollable
from boggle.search.tracker import Tracker

WORDS = [
    "tea",
    "eat",
    "ate",
    "tear",
    "rate",
    "tare",
    "treat",
    "eater",
    "street",
    "tree",
    "teeter",
    "retreat",
    "terse",
    "sea",
    "seat",
    "set",
    "rest",
    "stare",
    "tsar",
    "arts",
]
SMALL = Lexicon.from_words(WORDS, name="small")
LETTERS = ("a", "e", "r", "s", "t")


def all_boards(rows: int, cols: int, letters: tuple[str, ...]) -> list[tuple[str, ...]]:
    return list(itertools.product(letters, repeat=rows * cols))


def exhaustive_above(rows: int, cols: int, lexicon: Lexicon, above: int) -> dict[str, int]:
    """Every board of the lexicon's letters scoring more than ``above``, by scoring them all."""
    scorer = Scorer(lexicon, CLASSIC)
    letters = tuple(sorted(lexicon.alphabet))
    boards = all_boards(rows, cols, letters)
    scores = scorer.score_many(boards, rows, cols)
    return {
        board_text(canonical(b, rows, cols), rows, cols): s
        for b, s in zip(boards, scores, strict=True)
        if s > above
    }


@pytest.mark.parametrize(
    ("rows", "cols", "words", "above"),
    [
        (2, 2, WORDS, 1),
        (
            3,
            3,
            [
                "tea",
                "eat",
                "ate",
                "tear",
                "rate",
                "tare",
                "treat",
                "eater",
                "tree",
                "teeter",
                "retreat",
                "terra",
                "err",
                "ere",
                "tat",
                "teat",
            ],
            12,
        ),
    ],
)
def test_prove_equals_exhaustive_enumeration(
    rows: int, cols: int, words: list[str], above: int
) -> None:
    lexicon = Lexicon.from_words(words)
    result = prove(rows, cols, lexicon, CLASSIC, above, bucket_count=2)
    expected = exhaustive_above(rows, cols, lexicon, above)
    assert expected, "the threshold should leave some boards"
    assert {b.board: b.score for b in result.boards} == expected


@pytest.mark.parametrize("corner_buckets, inner_buckets", [(None, None), (2, 2), (1, 2), (2, 1)])
def test_prove_on_four_letter_3x3_equals_enumeration(
    corner_buckets: int | None, inner_buckets: int | None
) -> None:
    lexicon = Lexicon.from_words(
        [w for w in WORDS if set(w) <= set("aers")]
        + ["ease", "sear", "sera", "eases", "erase", "erases", "seer", "sere", "seres"]
    )
    result = prove(
        3,
        3,
        lexicon,
        CLASSIC,
        6,
        jobs=2,
        corner_buckets=corner_buckets,
        inner_buckets=inner_buckets,
    )
    assert {b.board: b.score for b in result.boards} == exhaustive_above(3, 3, lexicon, 6)
    assert result.extra["corner_buckets"] == ["aers"] if corner_buckets is None else ["ae", "rs"]
    assert result.extra["inner_buckets"] == ["aers"] if inner_buckets is None else ["ae", "rs"]


def test_default_layout_leaves_corners_and_the_3x3_centre_whole() -> None:
    letters = tuple("abcdef")
    assert Layout.of(letters, 3, 3, 2) == Layout(("ace", "bdf"), ("abcdef",), ("abcdef",))
    assert Layout.of(letters, 4, 4, 2).inner == ("ace", "bdf")
    cells = [len(b) for b in Layout.of(letters, 3, 4, 2, inner_buckets=3).cell_buckets(3, 4)]
    assert cells == [1, 2, 2, 1, 2, 3, 3, 2, 1, 2, 2, 1]
    assert len(list(top_level_classes(3, 3, Layout.of(letters, 3, 3, 2), 0))) == 6


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.sampled_from(LETTERS), min_size=1, max_size=3), min_size=6, max_size=6))
def test_bound_never_below_best_board_of_class(cells: list[set[str]]) -> None:
    prover = Prover(SMALL, CLASSIC)
    rows, cols = 2, 3
    boards = list(itertools.product(*[sorted(cell) for cell in cells]))
    best = max(prover.scorer.score_many(boards, rows, cols))
    texts = ["".join(cell) for cell in cells]
    tree = prover.tree_bound(rows, cols, texts)
    assert prover.class_bound(rows, cols, texts) >= best
    assert tree >= best


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sets(st.sampled_from(LETTERS), min_size=1, max_size=3), min_size=6, max_size=6),
    st.integers(min_value=0, max_value=12),
)
def test_merging_and_walking_keep_the_same_boards(cells: list[set[str]], above: int) -> None:
    """Forcing cells by merging trees, by walking the tree, or both, leaves the same boards,
    and those hold every board of the class scoring above the threshold."""
    prover = Prover(SMALL, CLASSIC)
    rows, cols = 2, 3
    masks = prover.masks("".join(cell) for cell in cells)
    order = bytes(split_order(rows, cols))
    # merge only, merge then walk (below a bound, with 3 cells left), walk only
    ways = ((None, 0), (above + 2, 0), (None, 3), (2**62, 0))
    left = {prover.bound.tree_search(masks, rows, cols, above, order, *way)[0] for way in ways}
    assert len(left) == 1
    found = left.pop()
    n = rows * cols
    kept = {tuple(prover.faces[f] for f in found[k : k + n]) for k in range(0, len(found), n)}
    boards = list(itertools.product(*[sorted(cell) for cell in cells]))
    scores = prover.scorer.score_many(boards, rows, cols)
    assert {b for b, s in zip(boards, scores, strict=True) if s > above} <= kept


OTHER_SMALL = Lexicon.from_words(WORDS[::2], name="other")  # the same five letters


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.sampled_from(("ae", "rs", "t")), min_size=9, max_size=9),
            st.sampled_from(({0, 2, 4, 6, 8}, {0, 2, 6, 8}, {0, 4, 8}, {4})),
            st.booleans(),
        ),
        min_size=2,
        max_size=8,
    ),
    st.integers(min_value=0, max_value=12),
)
def test_forest_of_path_groups_gives_the_tree_built_in_one(
    classes: list[tuple[list[str], set[int], bool]], above: int
) -> None:
    """A class walked whole is built as a forest: its paths grouped by the cells without
    every letter they go through, the groups' trees kept for later classes with the same
    letters there (and the same word list), and merged.  Over a run of classes on two word
    lists, each has the bound and the boards of its tree built in one."""
    provers = {False: Prover(SMALL, CLASSIC), True: Prover(OTHER_SMALL, CLASSIC)}
    order = bytes(split_order(3, 3))
    runs = [
        (
            provers[other],
            provers[other].masks("aerst" if cell in whole else faces[cell] for cell in range(9)),
        )
        for faces, whole, other in classes
    ]
    # one run of forest builds (a build in one forgets the kept trees), then builds in one
    forest = [p.bound.tree_search(masks, 3, 3, above, order, None, 9) for p, masks in runs]
    in_one = [p.bound.tree_search(masks, 3, 3, above, order, 2**62, 0) for p, masks in runs]
    assert [(f[0], f[2]) for f in forest] == [(o[0], o[2]) for o in in_one]


# edge faces (cells 1, 3, 5, 7) of classes proved in turn: 2 finds the tree of 1's group of
# edges 1, 3, 5 (the rolling group, kept on top of the others); 3 does not, with trees kept
# above 1's since; 5 does not either, and 3's is on top, so it is given back; 6 builds
# 3's again
ROLLING_RUN = (
    ("ae", "ae", "ae", "ae"),
    ("ae", "ae", "ae", "rs"),
    ("ae", "ae", "rs", "ae"),
    ("ae", "ae", "rs", "ae"),
    ("ae", "rs", "ae", "ae"),
    ("ae", "ae", "rs", "rs"),
    ("t", "ae", "rs", "t"),
    ("ae", "ae", "ae", "t"),
)


def test_rolling_group_tree_kept_given_back_and_built_again() -> None:
    """The tree of the group of all grouping cells but the last is kept for the classes
    that follow (they share it when only the last cell's letters differ) and given back
    when a class does not find it; each class of a run has the bound and the boards of its
    tree built in one."""
    prover = Prover(SMALL, CLASSIC)
    order = bytes(split_order(3, 3))

    def masks(edges: tuple[str, ...]) -> bytes:
        faces = dict(zip((1, 3, 5, 7), edges, strict=True))
        return prover.masks(faces.get(cell, "aerst") for cell in range(9))

    forest = [prover.bound.tree_search(masks(e), 3, 3, 4, order, None, 9) for e in ROLLING_RUN]
    in_one = [prover.bound.tree_search(masks(e), 3, 3, 4, order, 2**62, 0) for e in ROLLING_RUN]
    assert [(f[0], f[2]) for f in forest] == [(o[0], o[2]) for o in in_one]
    assert any(f[0] for f in forest)  # boards are found: the trees are not empty


UNREACHABLE = "bcdfghijklmnopuvwxy"  # on the list only after a "z", and no cell holds a "z"


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sets(st.sampled_from(LETTERS), min_size=1, max_size=3), min_size=16, max_size=16)
)
@example([set(LETTERS)] * 16)
def test_tree_is_the_same_for_every_record_form(cells: list[set[str]]) -> None:
    """A class's tree is built from records that are one 64-bit number while a key field
    per cell (wide enough for the cell's letters and "none"), the word's trie node and its
    points fit in it, 16 bytes while the key alone fits in 64 bits, else with a byte per
    cell.  Letters no word reaches widen every field and change nothing else: with up to 3
    letters a cell's field is 2 bits (32 in all, beside 7 bits of node and 4 of points),
    with 8 more 4 bits (64) and with all 19 more 5 bits (80), so the three trees have the
    same bound."""
    prover = Prover(Lexicon.from_words([*WORDS, "zbcdfghij", "zklmnopuvwxy"]), CLASSIC)
    texts = ["".join(sorted(cell)) for cell in cells]
    compact = prover.tree_bound(4, 4, texts)
    assert prover.tree_bound(4, 4, [text + UNREACHABLE[:8] for text in texts]) == compact
    assert prover.tree_bound(4, 4, [text + UNREACHABLE for text in texts]) == compact


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sets(st.sampled_from(LETTERS), min_size=1, max_size=3), min_size=6, max_size=6),
    st.permutations(range(6)),
    st.integers(min_value=0, max_value=12),
)
def test_any_split_order_keeps_the_same_boards(
    cells: list[set[str]], order: list[int], above: int
) -> None:
    """The boards a class leaves do not depend on the order its cells are forced in:
    the per-class order ``prove`` uses (fewest letters first) or any other."""
    prover = Prover(SMALL, CLASSIC)
    masks = prover.masks("".join(cell) for cell in cells)
    per_class = split_order(2, 3, [len(cell) for cell in cells])
    assert sorted(per_class) == list(range(6))
    left = [
        sorted(_boards(prover.bound.tree_search(masks, 2, 3, above, bytes(o), above + 2)[0], 6))
        for o in (split_order(2, 3), per_class, order)
    ]
    assert left[0] == left[1] == left[2]


def _boards(leaves: bytes, n: int) -> list[bytes]:
    return [leaves[k : k + n] for k in range(0, len(leaves), n)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from((*LETTERS, "qu")), min_size=9, max_size=9))
def test_neighbour_scores_equal_scoring_each_neighbour(faces: list[str]) -> None:
    scorer = Scorer(SMALL, CLASSIC)
    board = tuple(faces)
    alphabet = LETTERS
    scores = list(scorer.score_neighbours(board, 3, 3, alphabet))
    edits = neighbour_edits(board, alphabet)
    assert len(scores) == len(edits)
    for score, edit in zip(scores, edits, strict=True):
        neighbour = apply_edit(board, edit)
        text = board_text(neighbour, 3, 3)
        assert score == solve(Board.parse(text), SMALL, CLASSIC, engine="trie").score


@pytest.mark.parametrize("method", ["hillclimb", "anneal", "evolve"])
def test_finds_known_optimum_of_tiny_case(method: str) -> None:
    best = max(exhaustive_above(2, 2, SMALL, -1).values())
    parameters = {"steps": 3000} if method == "anneal" else {}
    result = search(
        2, 2, SMALL, CLASSIC, method=method, seed=4, target=best, seconds=20, **parameters
    )
    assert result.best[0].score == best


@pytest.mark.parametrize("method", ["hillclimb", "anneal", "evolve"])
def test_seeded_run_is_reproducible(method: str) -> None:
    parameters = {"steps": 2000} if method == "anneal" else {}
    runs = [
        search(3, 3, SMALL, CLASSIC, method=method, seed=11, top=5, **parameters).to_json()
        for _ in range(2)
    ]
    for run in runs:
        run.pop("seconds")
        run.pop("seconds_to_best")
    assert runs[0] == runs[1]


class CountingSpace(LetterSpace):
    """A letter space that counts random boards and random edits."""

    calls: ClassVar[dict[str, int]] = {}

    def random(self, rng: random.Random) -> State:
        self.calls["random"] = self.calls.get("random", 0) + 1
        return super().random(rng)

    def mutate(self, state: State, rng: random.Random) -> State:
        self.calls["mutate"] = self.calls.get("mutate", 0) + 1
        return super().mutate(state, rng)


@pytest.mark.parametrize("kick", [0, 3])
def test_hillclimb_kicks_start_every_other_climb_from_the_best(kick: int) -> None:
    outcomes = []
    for _ in range(2):
        CountingSpace.calls.clear()
        tracker = Tracker(3, 3, top=3, seconds=400, clock=itertools.count().__next__)
        space = CountingSpace(3, 3, LETTERS)
        hillclimb(space, Scorer(SMALL, CLASSIC), random.Random(5), tracker, pool=4, kick=kick)
        outcomes.append((tracker.best(), dict(CountingSpace.calls)))
    assert outcomes[0] == outcomes[1]  # seeded and clocked by steps: the same run
    calls = outcomes[0][1]
    climbs = calls["random"] // 4 + calls.get("mutate", 0) // (4 * kick or 1)
    assert climbs >= 3
    if kick:
        assert calls["mutate"] == (climbs // 2) * 4 * kick and calls["random"] % 4 == 0
    else:
        assert "mutate" not in calls


def test_tracker_counts_seconds_on_its_clock_and_notes_when_the_best_came() -> None:
    now = [100.0]
    tracker = Tracker(2, 2, top=1, seconds=5, clock=lambda: now[0])
    now[0] = 102.0
    tracker.offer(3, ("t", "e", "a", "x"), ("t", "e", "a", "x"))
    now[0] = 104.0
    tracker.offer(2, ("x", "e", "a", "t"), ("x", "e", "a", "t"))
    assert tracker.best_at == 2.0 and not tracker.done()
    now[0] = 105.0
    assert tracker.done()


def test_a_run_reaching_the_target_stops_the_runs_sharing_its_signal() -> None:
    stop = multiprocessing.Event()
    first, second = (Tracker(2, 2, target=3, stop=stop) for _ in range(2))
    first.offer(2, ("a", "a", "a", "a"), ("a", "a", "a", "a"))
    assert not second.done()
    first.offer(3, ("t", "e", "a", "x"), ("t", "e", "a", "x"))
    assert first.done() and second.done()


def test_cpu_clock_budget_and_unknown_clock() -> None:
    result = search(3, 3, SMALL, CLASSIC, seed=3, seconds=0.3, clock="cpu", top=1)
    assert 0.3 <= result.seconds < 5 and 0 <= result.seconds_to_best <= result.seconds
    with pytest.raises(BoggleError, match="clock"):
        search(3, 3, SMALL, CLASSIC, seed=3, seconds=1, clock="sundial")


def test_dice_result_is_rollable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "search",
            "--size",
            "4x4",
            "--dice",
            "new",
            "--seed",
            "2",
            "--seconds",
            "1",
            "--top",
            "3",
            "--json",
            "--dict",
            "en-50",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert status == 0
    cubes = DICE_SETS["new"].cubes
    for found in out["best"]:
        faces = Board.parse(found["board"]).faces
        assert rollable(faces, cubes)
        placed = found["cubes"]
        assert sorted(c["cube"] for c in placed) == list(range(1, 17))
        for cell, place in zip(faces, placed, strict=True):
            assert place["face"] == cell and cell in cubes[place["cube"] - 1]


def test_jobs_two_merges_runs(capsys: pytest.CaptureFixture[str]) -> None:
    result = search(3, 3, SMALL, CLASSIC, seed=1, jobs=2, top=3)
    runs = result.extra["runs"]
    assert [run["seed"] for run in runs] == [1, 2]
    assert result.best[0].score == max(r["score"] for r in runs)
    assert result.best[0].board in {r["board"] for r in runs if r["score"] == result.best[0].score}


def test_checkpoint_resumes_without_redoing(tmp_path: Path) -> None:
    lexicon = Lexicon.from_words(WORDS)
    path = tmp_path / "proof.jsonl"
    first = prove(2, 3, lexicon, CLASSIC, 3, checkpoint=str(path), bucket_count=2)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[: len(lines) // 2]) + "\n" + lines[-1][:5])  # torn last line
    second = prove(2, 3, lexicon, CLASSIC, 3, checkpoint=str(path), bucket_count=2)
    assert second.resumed == len(lines) // 2 - 1
    assert [b.to_json() for b in second.boards] == [b.to_json() for b in first.boards]
    third = prove(2, 3, lexicon, CLASSIC, 3, checkpoint=str(path), bucket_count=2)
    assert third.resumed == third.top_level and third.boards == first.boards


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "--size", "1x1"],
        ["search", "--size", "3x3", "--seconds", "0"],
        ["search", "--size", "3x3", "--seconds", "-2"],
        ["search", "--size", "3x3", "--method", "tabu"],
        ["search", "--size", "4x4", "--dice", "nosuch"],
        ["search", "--size", "3x3", "--letters", "aez"],
        ["search", "--size", "3x3", "--dice", "new"],
        ["search", "--size", "0x3"],
        ["search", "--size", "4x4", "--dice", "new", "--letters", "abc"],
        ["prove", "--size", "1x1", "--above", "1"],
        ["prove", "--size", "2x2", "--above", "1", "--corner-buckets", "0"],
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([*argv, "--dict", small_list])
    err = capsys.readouterr().err
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("target", [1, 10_000])
def test_search_says_whether_it_reached_its_target(
    target: int, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Newcomer 19: the README's `--seconds 60 --target 3625` ended with the boards and no word
    on the target; the closing line says whether it was reached, and the best score."""
    argv = ["search", "--size", "2x2", "--seed", "1", "--seconds", "1", "--target", str(target)]
    assert main([*argv, "--dict", small_list]) == 0
    captured = capsys.readouterr()
    best = int(captured.out.splitlines()[0].split()[1])
    closing = captured.err.strip().splitlines()[-1]
    if target == 1:
        assert best >= 1 and closing.endswith("; target 1 reached")
    else:
        assert best < target and closing.endswith(f"; target 10,000 not reached (best {best:,})")


def test_checkpoint_of_another_proof_is_refused(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "c.jsonl")
    assert (
        main(["prove", "--size", "2x2", "--above", "1", "--checkpoint", path, "--dict", small_list])
        == 0
    )
    capsys.readouterr()
    other = tmp_path / "other.txt"
    other.write_text("tea\neat\n")
    for argv in (
        ["--size", "2x3", "--dict", small_list],
        ["--size", "2x2", "--dict", str(other)],
        ["--size", "2x2", "--dict", small_list, "--corner-buckets", "2"],
    ):
        assert main(["prove", "--above", "1", "--checkpoint", path, *argv]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "another proof" in err


def test_checkpoint_from_before_corner_and_inner_buckets_resumes(
    tmp_path: Path, small_list: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Older checkpoints say corner buckets null (as the edges) and nothing of inner ones."""
    path = tmp_path / "c.jsonl"
    # above 20: the same 102 classes with 2,469 boards (above 1: 187,695, 10x the time)
    argv = ["prove", "--size", "3x3", "--above", "20", "--dict", small_list, "--checkpoint"]
    layout = ["--buckets", "2", "--corner-buckets", "2", "--inner-buckets", "2"]
    assert main([*argv, str(path), *layout]) == 0
    capsys.readouterr()
    header, *lines = path.read_text().splitlines()
    old = json.loads(header)
    old["corner_buckets"] = None
    del old["inner_buckets"]
    path.write_text("\n".join([json.dumps(old), *lines]) + "\n")
    assert main([*argv, str(path), *layout, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed_classes"] == len(lines)
    assert main([*argv, str(path), "--buckets", "2", "--json"]) == 2
    assert "another proof" in capsys.readouterr().err


def test_prove_json_shape(small_list: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "--size", "2x2", "--above", "2", "--json", "--dict", small_list]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"boards", "classes", "seconds"} <= set(out)
    assert all(set(b) == {"board", "score"} for b in out["boards"])


@pytest.mark.parametrize("method", ["hillclimb", "anneal", "evolve", "population", "pools"])
def test_a_budget_too_short_for_one_board_still_scores_the_starting_boards(method: str) -> None:
    """Researcher 28: ``boggle search --seconds 1e-300`` scored no board, printed none and
    exited 0; the time is never up before a run's starting boards are scored."""
    result = search(3, 3, SMALL, CLASSIC, method=method, seed=2, seconds=1e-300, top=3)
    assert result.best and result.boards_scored >= 1
    scored = solve(Board.parse(result.best[0].board), SMALL, CLASSIC, engine="trie").score
    assert scored == result.best[0].score


def test_search_with_a_tiny_budget_prints_a_best_board(
    capsys: pytest.CaptureFixture[str], small_list: str
) -> None:
    args = ["search", "--size", "3x3", "--seconds", "1e-300", "--seed", "1", "--top", "1"]
    assert main([*args, "--dict", small_list, "--method", "anneal"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 1 and out.split()[1].isdigit()
    assert err.startswith("1 board scored in ")  # one board: not "1 boards"


def test_search_refuses_english_dice_beside_another_languages_list() -> None:
    """``search(..., dice="new")`` with a Spanish list searched the English cubes, while
    ``roll`` and ``score_stats`` refuse dice beside another language's list
    (``check_chosen_dice``): a search refuses them the same, before any run."""
    from boggle import SearchOptions
    from boggle.model.errors import DiceError

    spanish = Lexicon.from_words(["casa", "mesa"])
    spanish.language = "es"
    with pytest.raises(DiceError, match="a Spanish board is not rolled from dice") as caught:
        search(4, 4, spanish, CLASSIC, SearchOptions(dice="new", seed=1, seconds=1))
    assert caught.value.setting == "dice" and "\n" not in str(caught.value)
    english = Lexicon.from_words(["casa", "mesa"])
    assert search(4, 4, english, CLASSIC, SearchOptions(dice="new", seed=1, seconds=0.2)).best


def test_progress_is_heard_from_every_run_of_jobs_two() -> None:
    """Research 33: ``on_progress`` was never called with ``jobs > 1`` in-process (nor the live
    line of ``boggle search --jobs 2``): the forked runs' reports were dropped."""
    heard: list[tuple[int, int, float]] = []
    result = search(3, 3, SMALL, CLASSIC, seed=1, jobs=2, top=3,
                    on_progress=lambda *report: heard.append(report))  # fmt: skip
    assert heard, "no progress heard from the runs"
    assert all(best >= 0 for best, _, _ in heard)
    best, scored, _ = heard[-1]
    assert (best, scored) == (result.best[0].score, result.boards_scored)


def test_progress_waits_for_a_board_rather_than_report_a_best_of_minus_one() -> None:
    heard: list[tuple[int, int, float]] = []
    tracker = Tracker(rows=2, cols=2, on_progress=lambda *report: heard.append(report))
    tracker.count(20)  # a batch scored before its boards are offered
    assert heard == []
    tracker.offer(7, ("a", "b", "c", "d"), None)
    tracker.count(1)
    assert [(best, scored) for best, scored, _ in heard] == [(7, 21)]
