"""A class past its memory cap is proved in parts (class_split.c, issue 29: peak memory of one
4x4 class at most 400 MB): its records are counted exactly before any tree is built, and the
parts give the boards of the class whole; a proof in parts resumes from its checkpoint."""

from __future__ import annotations

import functools
import importlib
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Lexicon
from boggle._native.core import (
    BYTES_PER_RECORD,
    BYTES_PER_RECORD_FEW_FORCED,
    FEW_FORCED,
    bytes_per_record,
)
from boggle.cli.main import main
from boggle.model.errors import BoggleError
from boggle.model.rules import CLASSIC
from boggle.search import prove
from boggle.search.branch_and_bound import (
    CLASS_MEMORY,
    SMALL_BOARD_CELLS,
    SMALL_CLASS_MEMORY,
    WALK_BELOW,
    WALK_CELLS,
    Prover,
    default_class_memory,
)
from boggle.search.classes import ClassTask, top_level_classes
from boggle.search.options import ProofOptions
from boggle.search.results import ClassResult

WORDS = [
    "tea", "eat", "ate", "tee", "east", "seat", "teas", "sate", "tease", "ease", "stat",
    "rate", "tear", "star", "rats", "arts", "tsar", "ears", "sear", "rest", "tree", "trees",
    "steer", "reset", "treat", "state", "taste", "tester", "street", "setter", "eater",
    "quest", "quite", "quiet", "suite", "aquire", "queue",
]  # fmt: skip
LEXICON = Lexicon.from_words(WORDS, name="split")
PROVER = Prover(LEXICON, CLASSIC)
prove_module = importlib.import_module("boggle.search.prove")  # the module, not the function
LETTERS = "aeiqrstu"
PROVER_BYTES = PROVER.class_bytes(1, 3, ["t", "e", "a"])  # one record's bytes (tea)


def records_by_hand(cells: list[str], rows: int, cols: int) -> int:
    """Paths (cells in order, none twice) spelling a word that scores: a record each."""
    words = {word for word in WORDS if CLASSIC.points(word) > 0}
    prefixes = {word[:k] for word in words for k in range(1, len(word) + 1)}
    count = 0

    def walk(cell: int, text: str, used: frozenset[int]) -> None:
        nonlocal count
        for letter in cells[cell]:
            spelled = text + ("qu" if letter == "q" else letter)
            if spelled not in prefixes:
                continue
            count += spelled in words
            r, c = divmod(cell, cols)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    to = rr * cols + cc
                    if (dr or dc) and 0 <= rr < rows and 0 <= cc < cols and to not in used:
                        walk(to, spelled, used | {to})

    for cell in range(rows * cols):
        walk(cell, "", frozenset({cell}))
    return count


cell_sets = st.text(alphabet=LETTERS, min_size=1, max_size=5).map(lambda s: "".join(sorted(set(s))))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 3)]), st.data())
def test_records_are_counted_exactly(shape: tuple[int, int], data: st.DataObject) -> None:
    rows, cols = shape
    cells = data.draw(st.lists(cell_sets, min_size=rows * cols, max_size=rows * cols))
    counted = PROVER.bound.class_records(PROVER.masks(cells), rows, cols)
    assert counted == records_by_hand(cells, rows, cols)


def search(
    cells: list[str], rows: int, cols: int, above: int, cap: int, walk_cells: int = 4
) -> tuple[list[bytes], int]:
    masks, n = PROVER.masks(cells), rows * cols
    order = Prover.order(rows, cols, cells)
    boards, _, root = PROVER.bound.tree_search(
        masks, rows, cols, above, order, int(above * WALK_BELOW), walk_cells, 0, True, cap
    )
    return sorted(boards[k : k + n] for k in range(0, len(boards), n)), root


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(2, 3), (3, 3), (3, 4)]), st.data())
def test_a_class_in_parts_gives_the_boards_of_the_class_whole(
    shape: tuple[int, int], data: st.DataObject
) -> None:
    rows, cols = shape
    cells = data.draw(st.lists(cell_sets, min_size=rows * cols, max_size=rows * cols))
    above = data.draw(st.integers(0, 12))
    records = PROVER.bound.class_records(PROVER.masks(cells), rows, cols)
    whole, whole_root = search(cells, rows, cols, above, 0)
    for parts_of in (2, 5, records + 1):  # a cap of a record: split down to single faces
        cap = max(1, records // parts_of) * PROVER_BYTES
        split, split_root = search(cells, rows, cols, above, cap)
        assert split == whole
        assert split_root <= whole_root  # each part's tree is of a smaller class


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(2, 3), (3, 3), (3, 4)]), st.data())
def test_a_class_at_its_cap_is_proved_whole_and_one_record_less_splits_it(
    shape: tuple[int, int], data: st.DataObject
) -> None:
    """A class's records are listed as its tree is built, the listing stopped once past the
    cap (not counted first): at exactly its records it is one part (the bounds of the class
    whole), one record less gives the same boards in parts."""
    rows, cols = shape
    cells = data.draw(st.lists(cell_sets, min_size=rows * cols, max_size=rows * cols))
    above = data.draw(st.integers(0, 12))
    masks, order, n = PROVER.masks(cells), Prover.order(rows, cols, cells), rows * cols
    records = PROVER.bound.class_records(masks, rows, cols)

    def run(cap: int) -> tuple[list[bytes], int, int]:
        args = (masks, rows, cols, above, order, int(above * WALK_BELOW), 4, 0, True, cap)
        boards, bounds, root = PROVER.bound.tree_search(*args)
        return sorted(boards[k : k + n] for k in range(0, len(boards), n)), bounds, root

    whole = run(0)
    per_record = bytes_per_record(rows * cols, 4)  # the cap's bytes a record at 4 cells walked
    assert run(records * per_record) == whole
    if records > 1:
        assert run((records - 1) * per_record)[0] == whole[0]


CELLS_3X4 = ("aest", "aeiu", "rst", "qae", "aeirst", "st", "er", "ate", "s", "aet", "rs", "e")


def test_a_class_past_its_cap_is_split_and_scores_the_same_boards() -> None:
    task = ClassTask(0, 3, 4, CELLS_3X4, 12)
    records = PROVER.bound.class_records(PROVER.masks(task.cells), 3, 4)
    assert records > 100  # so that a cap of 20 records splits it into several parts
    whole = PROVER.run(task)
    split = Prover(LEXICON, CLASSIC, class_memory=20 * PROVER_BYTES).run(task)
    assert whole.boards and split.boards == whole.boards
    assert split.bounds != whole.bounds  # the parts' bounds: it was split
    assert PROVER.class_bytes(3, 4, task.cells) == records * PROVER_BYTES > 20 * PROVER_BYTES


def test_a_record_costs_fewer_bytes_where_few_cells_are_forced_by_merging() -> None:
    """3x4 walked from 9 cells forces at most 3 cells by merging: its records are taken at
    34 bytes, not the 56 of 4x4 (which merges up to 7 cells' trees while forcing)."""
    assert FEW_FORCED == 3 and BYTES_PER_RECORD_FEW_FORCED == 34 < BYTES_PER_RECORD == 56
    assert bytes_per_record(12, WALK_CELLS) == BYTES_PER_RECORD_FEW_FORCED  # 3x4
    assert bytes_per_record(9, WALK_CELLS) == BYTES_PER_RECORD_FEW_FORCED  # walked whole
    assert bytes_per_record(13, 9) == bytes_per_record(16, 9) == BYTES_PER_RECORD  # 4x4
    assert bytes_per_record(9, 4) == BYTES_PER_RECORD
    for bad in ((0, 9), (65, 9), (12, -1)):
        with pytest.raises(ValueError, match="bytes_per_record"):
            bytes_per_record(*bad)


def test_a_3x4_class_at_34_bytes_a_record_is_proved_whole() -> None:
    """At WALK_CELLS the cap of a 3x4 class holds cap // 34 records: exactly its records
    leave it whole (the bounds of the class whole), one record less splits it (the same
    boards, more bounds: the parts')."""
    cells = list(CELLS_3X4)
    masks, order = PROVER.masks(cells), Prover.order(3, 4, cells)
    records = PROVER.bound.class_records(masks, 3, 4)

    def run(cap: int) -> tuple[bytes, int, int]:
        args = (masks, 3, 4, 12, order, int(12 * WALK_BELOW), WALK_CELLS, 0, True, cap)
        return PROVER.bound.tree_search(*args)

    whole = run(0)
    assert run(records * BYTES_PER_RECORD_FEW_FORCED) == whole
    split = run(records * BYTES_PER_RECORD_FEW_FORCED - 1)
    assert split[1] > whole[1] and sorted_boards(split[0]) == sorted_boards(whole[0])
    assert PROVER.class_bytes(3, 4, cells) == records * BYTES_PER_RECORD_FEW_FORCED


@functools.cache
def proved_alone(task: ClassTask, cap: int) -> ClassResult:
    """``task`` proved on a prover of its own with the memory cap ``cap`` (0: none): the same
    each time, so worked out once for the examples that repeat a class."""
    return Prover(LEXICON, CLASSIC, class_memory=cap).run(task)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.lists(cell_sets, min_size=12, max_size=12), min_size=2, max_size=5),
    st.sampled_from([20, 60, 200, 10**6]),
)
def test_3x4_classes_one_after_another_prove_as_each_alone(
    classes: list[list[str]], cap_records: int
) -> None:
    """A 3x4 prover keeps its record buffers for the next class while they fit in the cap
    beside its work, and frees them when they do not (tree_build.c: records_keep,
    make_room): classes proved one after another on one prover (parts and wholes mixed,
    buffers held or freed between them) give the boards and bounds of each on a prover of
    its own."""
    cap = cap_records * BYTES_PER_RECORD_FEW_FORCED
    shared = Prover(LEXICON, CLASSIC, class_memory=cap)
    for cells in classes:
        # The records, and so the parts and the buffers held or freed, do not depend on the
        # threshold: above 20 (not 8) leaves about a tenth of the boards to solve for the
        # same lines of the core.
        task = ClassTask(0, 3, 4, tuple(cells), 20)
        alone = proved_alone(task, cap)
        after = shared.run(task)
        assert (after.boards, after.bounds) == (alone.boards, alone.bounds)
        assert after.boards == proved_alone(task, 0).boards


def sorted_boards(boards: bytes, n: int = 12) -> list[bytes]:
    return sorted(boards[k : k + n] for k in range(0, len(boards), n))


def test_a_class_walked_whole_is_not_split() -> None:
    """Up to WALK_CELLS cells a class is built from a forest of trees shared with other
    classes and forced without new trees: the cap leaves it whole (same bounds)."""
    cells = ["aest", "aeiu", "rst", "qae", "aeirst", "st", "er", "ate", "s"]
    masks, order = PROVER.masks(cells), Prover.order(3, 3, cells)
    args = (masks, 3, 3, 8, order, 20, WALK_CELLS, 0, True)
    assert PROVER.bound.tree_search(*args, PROVER_BYTES) == PROVER.bound.tree_search(*args, 0)


def record_class_memory(monkeypatch: pytest.MonkeyPatch, *modules: ModuleType) -> list[int | None]:
    """The memory cap of each Prover the ``modules`` make from now on, in order."""
    caps: list[int | None] = []

    class Recording(Prover):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            caps.append(self.class_memory)

    for module in modules:
        monkeypatch.setattr(module, "Prover", Recording)
    return caps


def test_the_default_cap_is_800_mb_up_to_12_cells_and_400_mb_above() -> None:
    assert (SMALL_CLASS_MEMORY, CLASS_MEMORY, SMALL_BOARD_CELLS) == (800_000_000, 400_000_000, 12)
    for rows, cols in ((3, 3), (3, 4), (4, 3), (2, 6), (1, 12)):
        assert default_class_memory(rows, cols) == 800_000_000
    for rows, cols in ((4, 4), (5, 5), (3, 5), (2, 7), (1, 13)):
        assert default_class_memory(rows, cols) == 400_000_000
    assert ProofOptions().memory is None  # the default of the board's size
    prover = Prover(LEXICON, CLASSIC)
    assert prover.class_memory is None
    assert (prover.memory_for(3, 4), prover.memory_for(4, 4)) == (800_000_000, 400_000_000)
    assert Prover(LEXICON, CLASSIC, class_memory=100).memory_for(3, 4) == 100  # given: kept


@given(rows=st.integers(1, 6), cols=st.integers(1, 6))
def test_the_default_cap_follows_the_number_of_cells(rows: int, cols: int) -> None:
    small = rows * cols <= SMALL_BOARD_CELLS
    assert default_class_memory(rows, cols) == (SMALL_CLASS_MEMORY if small else CLASS_MEMORY)
    assert default_class_memory(rows, cols) == default_class_memory(cols, rows)


def no_classes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Proofs from now on have no top-level class (their Prover is made all the same)."""
    monkeypatch.setattr(prove_module, "top_level_classes", lambda *args: iter(()))
    monkeypatch.setattr(prove_module, "check_class_count", lambda *args: 0)  # 5x5: none


@pytest.mark.parametrize(
    ("rows", "cols", "jobs", "memory", "cap"),
    [
        (3, 4, 1, None, 800_000_000),
        (3, 3, 2, None, 800_000_000),
        (4, 4, 2, None, 400_000_000),
        (5, 5, 1, None, 400_000_000),
        (3, 4, 1, 100_000_000, 100_000_000),  # a given --memory wins
        (4, 4, 1, 700_000_000, 700_000_000),
        (3, 4, 1, 0, 0),
    ],
)
def test_a_proof_s_cap_is_the_board_size_s_default_unless_given(
    monkeypatch: pytest.MonkeyPatch, rows: int, cols: int, jobs: int, memory: int | None, cap: int
) -> None:
    monkeypatch.setattr(prove_module, "default_jobs", lambda: 4)
    monkeypatch.setattr(prove_module, "machine_memory", lambda: 64_000_000_000)
    no_classes(monkeypatch)
    caps = record_class_memory(monkeypatch, prove_module)
    prove(rows, cols, LEXICON, CLASSIC, 40, jobs=jobs, memory=memory)
    assert caps == [cap]


def test_the_default_cap_is_shared_past_half_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads of 800 MB pass half of 2 GB: each gets 500 MB; two of 400 MB do not."""
    monkeypatch.setattr(prove_module, "default_jobs", lambda: 4)
    monkeypatch.setattr(prove_module, "machine_memory", lambda: 2_000_000_000)
    no_classes(monkeypatch)
    caps = record_class_memory(monkeypatch, prove_module)
    prove(3, 4, LEXICON, CLASSIC, 40, jobs=2)
    prove(4, 4, LEXICON, CLASSIC, 40, jobs=2)
    prove(3, 4, LEXICON, CLASSIC, 40, jobs=1)
    prove(3, 4, LEXICON, CLASSIC, 40, jobs=2, memory=300_000_000)
    assert caps == [500_000_000, 400_000_000, 800_000_000, 300_000_000]


def test_a_cluster_s_classes_get_the_board_size_s_whole_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a cluster the workers' machines are not this one: the default cap is not cut."""
    given_caps: list[int | None] = []

    def on_cluster(*args: Any) -> list[Any]:
        given_caps.append(args[-1])
        return []

    monkeypatch.setattr(prove_module, "machine_memory", lambda: 1_000_000_000)
    monkeypatch.setattr(prove_module, "prove_classes_on", on_cluster)
    no_classes(monkeypatch)
    prove(3, 4, LEXICON, CLASSIC, 40, where="tcp://nowhere:1")
    prove(4, 4, LEXICON, CLASSIC, 40, where="tcp://nowhere:1")
    prove(3, 4, LEXICON, CLASSIC, 40, where="tcp://nowhere:1", memory=5)
    assert given_caps == [800_000_000, 400_000_000, 5]


def test_the_estimates_take_the_board_size_s_default_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    estimate_module = importlib.import_module("boggle.search.estimate")
    monkeypatch.setattr(prove_module, "machine_memory", lambda: 64_000_000_000)
    caps = record_class_memory(monkeypatch, prove_module, estimate_module)
    layout = prove_module.layout_for(LEXICON, 2, 5, 2)
    tasks = list(top_level_classes(2, 5, layout, 40))[:1]
    prove_module.estimate_cost(tasks, LEXICON, CLASSIC, 1, budget=0.0)
    prove_module.estimate_cost(tasks, LEXICON, CLASSIC, 1, 300_000_000, budget=0.0)
    estimate_module.estimate_proof(2, 5, LEXICON, CLASSIC, 40, 1, bucket_count=2)
    assert caps == [800_000_000, 300_000_000, 800_000_000]


def test_each_thread_s_class_gets_the_whole_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """--jobs 2 splits a class exactly as one thread does (the cap is not shared out: a
    class in parts costs more CPU than whole), so the bounds computed are the same."""
    monkeypatch.setattr(prove_module, "default_jobs", lambda: 4)  # threads anywhere
    caps = record_class_memory(monkeypatch, prove_module)
    tiny = PROVER_BYTES * 8
    one = prove(2, 5, LEXICON, CLASSIC, 40, bucket_count=2, memory=tiny)
    two = prove(2, 5, LEXICON, CLASSIC, 40, bucket_count=2, memory=tiny, jobs=2)
    whole = prove(2, 5, LEXICON, CLASSIC, 40, bucket_count=2, memory=0, jobs=2)
    assert caps == [tiny, tiny, 0]
    assert one.classes != whole.classes  # the cap splits classes here
    assert two.boards == one.boards == whole.boards and two.classes == one.classes


def test_threads_share_the_cap_only_past_half_the_machine() -> None:
    assert prove_module.class_memory(CLASS_MEMORY, 2, machine=24_000_000_000) == CLASS_MEMORY
    assert prove_module.class_memory(CLASS_MEMORY, 2, machine=1_000_000_000) == 250_000_000
    assert prove_module.class_memory(CLASS_MEMORY, 16, machine=4_000_000_000) == 125_000_000
    assert prove_module.class_memory(0, 16, machine=4_000_000_000) == 0  # never split
    assert prove_module.class_memory(CLASS_MEMORY, 1, machine=0) == CLASS_MEMORY  # unknown
    assert prove_module.machine_memory() > 0  # this machine says


def test_a_control_group_s_memory_limit_is_the_machine_s_memory(tmp_path: Path) -> None:
    """In a container the machine's memory is the host's: its control group's limit, when
    lower, is what the threads' classes share (cgroup v2 memory.max, v1 limit_in_bytes)."""
    physical = prove_module.machine_memory(limits=())
    limit, unlimited, v1_unlimited = (tmp_path / name for name in ("limit", "max", "v1"))
    limit.write_text(f"{physical // 4}\n")
    unlimited.write_text("max\n")
    v1_unlimited.write_text("9223372036854771712\n")
    assert physical > 0
    assert prove_module.machine_memory(limits=(str(limit),)) == physical // 4
    for no_limit in (unlimited, v1_unlimited, tmp_path / "absent"):
        assert prove_module.machine_memory(limits=(str(no_limit), str(limit))) == physical // 4
        assert prove_module.machine_memory(limits=(str(no_limit),)) == physical


def test_the_estimate_caps_its_class_as_a_proof_on_one_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--estimate proves its classes as a one-thread proof would: a --memory past half the
    machine's memory is cut to that half there too."""
    estimate_module = importlib.import_module("boggle.search.estimate")
    monkeypatch.setattr(prove_module, "machine_memory", lambda: 1_000_000_000)
    caps = record_class_memory(monkeypatch, prove_module, estimate_module)
    huge = 4_000_000_000
    prove(2, 3, LEXICON, CLASSIC, 40, bucket_count=2, memory=huge)
    estimate_module.estimate_proof(2, 3, LEXICON, CLASSIC, 40, 1, bucket_count=2, memory=huge)
    assert caps == [500_000_000, 500_000_000]


def test_the_classes_timed_before_a_proof_are_proved_under_its_cap() -> None:
    """The proof takes the classes its cost estimate proved as its own: they are proved
    with --memory's cap too (a tiny one splits them; 0 keeps them whole)."""
    layout = prove_module.layout_for(LEXICON, 2, 5, 2)
    tasks = list(top_level_classes(2, 5, layout, 40))
    tiny = PROVER_BYTES * 8

    def timed_bounds(memory: int) -> dict[int, int]:
        estimate = prove_module.estimate_cost(
            tasks, LEXICON, CLASSIC, 1, memory, budget=600.0, samples=len(tasks), enough_below=0
        )
        return {result.index: result.bounds for result in estimate.results}

    split, whole = timed_bounds(tiny), timed_bounds(0)
    assert len(split) == len(whole) == len(tasks)  # every class timed to its end
    assert split == {
        i: Prover(LEXICON, CLASSIC, 1_000_000, tiny).run(tasks[i]).bounds for i in split
    }
    assert whole == {i: Prover(LEXICON, CLASSIC, 1_000_000, 0).run(tasks[i]).bounds for i in whole}
    assert split != whole


def test_a_proof_in_parts_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "proof.jsonl"
    tiny = PROVER_BYTES * 8  # every class of more than 8 records in parts
    whole = prove(2, 5, LEXICON, CLASSIC, 40, bucket_count=2, memory=0)
    first = prove(2, 5, LEXICON, CLASSIC, 40, checkpoint=str(path), bucket_count=2, memory=tiny)
    assert whole.boards and first.boards == whole.boards
    assert first.extra["finished_classes"] == first.top_level == whole.top_level  # one a class
    assert first.classes != whole.classes  # bounds of parts: some classes were split
    lines = path.read_text().splitlines()
    kept = lines[: len(lines) // 2]
    path.write_text("\n".join(kept) + "\n")
    second = prove(2, 5, LEXICON, CLASSIC, 40, checkpoint=str(path), bucket_count=2, memory=tiny)
    assert second.resumed == len(kept) - 1  # the header line and the classes done before
    assert second.boards == whole.boards
    assert second.extra["finished_classes"] == second.top_level


def test_prove_memory_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(sorted(set(WORDS))) + "\n")
    argv = ["prove", "--size", "2x5", "--above", "40", "--buckets", "2", "--dict", str(words)]
    assert main([*argv, "--memory", "0", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert main([*argv, "--memory", "1", "--json"]) == 0  # 1 MB: every class whole still
    assert json.loads(capsys.readouterr().out)["boards"] == whole["boards"]
    for bad in ("-1", "99999999999999999999"):  # the second once overflowed in the C
        assert main([*argv, "--memory", bad]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert "--memory" in err and "MB" in err


def test_prove_s_default_memory_is_the_board_size_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(sorted(set(WORDS))) + "\n")
    monkeypatch.setattr(prove_module, "machine_memory", lambda: 64_000_000_000)
    caps = record_class_memory(monkeypatch, prove_module)
    argv = ["prove", "--above", "40", "--buckets", "2", "--dict", str(words), "--json"]
    assert main([*argv, "--size", "2x5", "--yes"]) == 0
    assert main([*argv, "--size", "2x5", "--yes", "--memory", "300"]) == 0
    assert main([*argv, "--size", "2x5"]) == 0  # the up-front estimate's prover goes on
    assert caps == [800_000_000, 300_000_000, 800_000_000]
    no_classes(monkeypatch)
    assert main([*argv, "--size", "4x4"]) == 0
    assert main([*argv, "--size", "4x4", "--memory", "900"]) == 0
    assert caps[3:] == [400_000_000, 900_000_000]
    capsys.readouterr()
    assert main(["prove", "--help"]) == 0
    helped = " ".join(capsys.readouterr().out.split())
    assert "default 800 on boards of up to 12 cells" in helped
    assert "400 on larger ones" in helped


def test_too_many_boards_is_refused_in_parts_as_whole() -> None:
    task = ClassTask(0, 3, 4, CELLS_3X4, 4)
    for memory in (0, 20 * PROVER_BYTES):
        with pytest.raises(BoggleError, match="boards may score above 4"):
            Prover(LEXICON, CLASSIC, max_boards=3, class_memory=memory).run(task)
