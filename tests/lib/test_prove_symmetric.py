"""Only the least of a board's images (tree_search's ``symmetric``, issue 29) against brute
force: on tiny classes, every board of the class scored by the compiled scorer, the boards
a symmetric search keeps are exactly those scoring above that are the least (in split order,
face ids compared) of their images under the class's own turns and mirrors, whatever the
class's shape (1xN, 2xN, 3x2, 3x3), its cells (some symmetries broken by a cell of other
faces), the rules, the threshold, merging or walking, splitting into parts or a forest of
kept trees shared with the classes before; and whole proofs give the boards of brute force,
on one thread or two, resumed from a checkpoint."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from boggle import Lexicon
from boggle.model.rules import CLASSIC, Rules
from boggle.search import prove
from boggle.search.bound_ref import grid_symmetries
from boggle.search.branch_and_bound import Prover
from boggle.search.faces import board_text, canonical
from boggle.search.job import letter_alphabet
from boggle.search.options import ProofOptions

RULES = [
    CLASSIC,
    CLASSIC.with_overrides(min_length=4),
    CLASSIC.with_overrides(scoring=((1, 1),)),  # --objective words: every word 1
    CLASSIC.with_overrides(min_length=2, scoring=((2, 3), (4, 0), (5, 7))),
]
SHAPES = [(1, 3), (1, 4), (4, 1), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]
MOST_BOARDS = 6000
"""The boards of a class scored one by one, at most."""

Board = tuple[str, ...]


def own_symmetries(cells: list[list[str]], rows: int, cols: int) -> list[list[int]]:
    """The grid's symmetries taking every cell to a cell of the same faces."""
    return [
        image
        for image in grid_symmetries(rows, cols)
        if all(set(cells[image[c]]) == set(cells[c]) for c in range(rows * cols))
    ]


def least_boards(
    boards: set[Board], symmetries: list[list[int]], order: bytes, face_id: dict[str, int]
) -> set[Board]:
    """Those of ``boards`` that no image under ``symmetries`` passes in split order."""

    def key(board: Board) -> tuple[int, ...]:
        return tuple(face_id[board[cell]] for cell in order)

    return {
        board
        for board in boards
        if all(key(board) <= key(tuple(board[i] for i in image)) for image in symmetries)
    }


def made_symmetric(cells: list[list[str]], chosen: list[list[int]]) -> list[list[str]]:
    """The class made its own image under each of ``chosen``: each cell takes the faces of
    the least cell of its orbit."""
    least = list(range(len(cells)))
    changed = True
    while changed:
        changed = False
        for image in chosen:
            for cell, other in enumerate(image):
                low = min(least[cell], least[other])
                if least[cell] != low or least[other] != low:
                    least[cell] = least[other] = low
                    changed = True
    return [cells[least[cell]] for cell in range(len(cells))]


@st.composite
def classes(
    draw: st.DrawFn, prover: Prover, rows: int, cols: int, every_face: bool
) -> list[list[str]]:
    """A class on the grid, made its own image under some of the grid's symmetries, then
    maybe one cell given other faces (breaking some of them); with ``every_face`` some
    cells hold every face (a forest's cells without grouping)."""
    n = rows * cols
    face = st.sampled_from(prover.faces)
    cells = [sorted(draw(st.sets(face, min_size=1, max_size=3))) for _ in range(n)]
    if every_face:
        for cell in draw(st.sets(st.integers(0, n - 1), max_size=n)):
            cells[cell] = list(prover.faces)
    symmetries = grid_symmetries(rows, cols)
    chosen = draw(st.lists(st.sampled_from(symmetries), max_size=3)) if symmetries else []
    cells = made_symmetric(cells, chosen)
    if draw(st.booleans()):
        cell = draw(st.integers(0, n - 1))
        cells[cell] = sorted(draw(st.sets(face, min_size=1, max_size=3)))
    return cells


def texts(cells: list[list[str]]) -> list[str]:
    return ["".join("q" if face == "qu" else face for face in cell) for cell in cells]


def scoring(prover: Prover, cells: list[list[str]], rows: int, cols: int, above: int) -> set[Board]:
    boards = list(itertools.product(*cells))
    scores = prover.scorer.score_many(boards, rows, cols)
    return {board for board, score in zip(boards, scores, strict=True) if score > above}


def search(
    prover: Prover,
    cells: list[list[str]],
    rows: int,
    cols: int,
    above: int,
    order: bytes,
    how: tuple[int, int, int],
    score_boards: bool,
    symmetric: bool,
) -> set[Board]:
    switch_bound, walk_cells, max_class_bytes = how
    n = rows * cols
    leaves, _, _ = prover.bound.tree_search(
        prover.masks(texts(cells)), rows, cols, above, order, switch_bound, walk_cells, 0,
        score_boards, max_class_bytes, symmetric,
    )  # fmt: skip
    boards = [tuple(prover.faces[f] for f in leaves[k : k + n]) for k in range(0, len(leaves), n)]
    assert len(set(boards)) == len(boards)  # none twice
    return set(boards)


@st.composite
def problems(draw: st.DrawFn) -> tuple[Prover, int, int]:
    alphabet = draw(st.sampled_from(["aest", "aeinst", "abc"]))
    words = draw(st.lists(st.text(alphabet, min_size=2, max_size=6), min_size=1, max_size=60))
    words += draw(st.lists(st.sampled_from(["quit", "quiet", "quest", "squat", "tin", "sat"])))
    rules = draw(st.sampled_from(RULES))
    rows, cols = draw(st.sampled_from(SHAPES))
    return Prover(Lexicon.from_words(words, name="random"), rules), rows, cols


@settings(max_examples=300, deadline=None)
@given(problems(), st.data())
def test_a_symmetric_search_keeps_the_least_image_of_every_board_above(
    problem: tuple[Prover, int, int], data: st.DataObject
) -> None:
    """Brute force: of the class's boards scoring above, the symmetric search keeps exactly
    the least of each set of images (more, never fewer, when split into parts, whose
    symmetries are fewer); the plain search keeps them all; a search keeping the boards
    whose bounds pass keeps at least those least images."""
    prover, rows, cols = problem
    n = rows * cols
    cells = data.draw(classes(prover, rows, cols, data.draw(st.booleans())), label="cells")
    assume(math.prod(len(cell) for cell in cells) <= MOST_BOARDS)
    order = bytes(prover.order(rows, cols, texts(cells)))
    face_id = {face: k for k, face in enumerate(prover.faces)}
    every = scoring(prover, cells, rows, cols, -1)
    best = max(prover.scorer.score_many(sorted(every), rows, cols))
    above = data.draw(
        st.one_of(st.integers(0, max(best, 1)), st.integers(max(best - 3, 0), max(best - 1, 0))),
        label="above",
    )
    above_boards = scoring(prover, cells, rows, cols, above)
    how = (
        data.draw(st.sampled_from([-1, 0, above, 2 * above + 1]), label="switch_bound"),
        data.draw(st.integers(0, n), label="walk_cells"),
        data.draw(st.sampled_from([0, 0, 1, 4000]), label="max_class_bytes"),
    )
    least = least_boards(above_boards, own_symmetries(cells, rows, cols), order, face_id)
    found = search(prover, cells, rows, cols, above, order, how, True, True)
    assert least <= found <= above_boards
    split = how[2] > 0 and how[1] < n
    if not split:
        assert found == least
    assert search(prover, cells, rows, cols, above, order, how, True, False) == above_boards
    passed = search(prover, cells, rows, cols, above, order, how, False, True)
    assert least <= passed
    assert passed <= search(prover, cells, rows, cols, above, order, how, False, False)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(2, 3), (3, 2), (3, 3), (2, 4)]), st.data())
def test_kept_trees_serve_classes_of_other_symmetries(
    shape: tuple[int, int], data: st.DataObject
) -> None:
    """A forest (the class walked whole: its cells without every face group its paths, and
    the trees of groups a later class may share are kept): classes proved one after the
    other on one prover, each its own image under other symmetries or none, each keeps
    exactly the least images of its boards above."""
    rows, cols = shape
    n = rows * cols
    words = data.draw(st.lists(st.text("aest", min_size=3, max_size=5), min_size=5, max_size=60))
    rules = data.draw(st.sampled_from(RULES))
    prover = Prover(Lexicon.from_words(words, name="forest"), rules)
    face_id = {face: k for k, face in enumerate(prover.faces)}
    every = list(prover.faces)
    corners_whole = [0, cols - 1, n - cols, n - 1] if n == 9 else [0, n - 1]
    first = data.draw(classes(prover, rows, cols, False), label="first")
    for cell in corners_whole:
        first[cell] = every
    sequence = [first]
    for _ in range(data.draw(st.integers(1, 4), label="classes")):
        cells = list(sequence[-1])
        for cell in data.draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=2)):
            if cell not in corners_whole:
                cells[cell] = sorted(data.draw(st.sets(st.sampled_from(every), min_size=1)))
        if data.draw(st.booleans()):  # made symmetric again
            cells = made_symmetric(cells, [data.draw(st.sampled_from(grid_symmetries(rows, cols)))])
        sequence.append(cells)
    for cells in sequence:
        if math.prod(len(cell) for cell in cells) > 4 * MOST_BOARDS:
            continue
        order = bytes(prover.order(rows, cols, texts(cells)))
        every_score = prover.scorer.score_many(list(itertools.product(*cells)), rows, cols)
        above = data.draw(st.integers(0, max(max(every_score), 1)), label="above")
        above_boards = scoring(prover, cells, rows, cols, above)
        least = least_boards(above_boards, own_symmetries(cells, rows, cols), order, face_id)
        found = search(prover, cells, rows, cols, above, order, (-1, n, 0), True, True)
        assert found == least, cells


PROOF_WORDS = {
    "tea": ["tea", "eat", "ate", "tee", "seat", "east", "teas", "sate", "ease", "tees", "set"],
    "qu": ["quit", "quits", "suit", "tis", "its", "sit", "quiet", "quite", "quest", "tie"],
}


def brute_force(lexicon: Lexicon, rules: Rules, rows: int, cols: int, above: int) -> set[str]:
    """Every board of the proof's letters scoring above, one text a symmetry class."""
    prover = Prover(lexicon, rules)
    letters = list(letter_alphabet(lexicon))
    boards = list(itertools.product(letters, repeat=rows * cols))
    scores = prover.scorer.score_many(boards, rows, cols)
    return {
        board_text(canonical(board, rows, cols), rows, cols)
        for board, score in zip(boards, scores, strict=True)
        if score > above
    }


def test_whole_proofs_find_the_boards_of_brute_force(tmp_path: Path) -> None:
    """2x2, 2x3, 3x2 and (three letters) 3x3 proofs, at thresholds from low to the best,
    on one thread and two, and resumed from the checkpoint of one: brute force's boards."""
    for name, rows, cols, aboves in [
        ("tea", 2, 2, [0, 3, 6]), ("tea", 2, 3, [2, 8, 12]), ("tea", 3, 2, [5, 10]),
        ("qu", 2, 3, [1, 4, 7]), ("qu", 2, 2, [0, 2]),
    ]:  # fmt: skip
        lexicon = Lexicon.from_words(PROOF_WORDS[name], name=name)
        for k, rules in enumerate((CLASSIC, RULES[2], RULES[3])):
            for above in aboves:
                expected = brute_force(lexicon, rules, rows, cols, above)
                for jobs in (1, 2):
                    checkpoint = tmp_path / f"{name}{rows}{cols}{above}{jobs}{k}.json"
                    options = ProofOptions(jobs=jobs, checkpoint=str(checkpoint))
                    result = prove(rows, cols, lexicon, rules, above, options)
                    assert {found.board for found in result.boards} == expected, (
                        name, rows, cols, above, rules,
                    )  # fmt: skip
                    again = prove(rows, cols, lexicon, rules, above, options)
                    assert {found.board for found in again.boards} == expected


def test_a_3x3_proof_of_three_letters_finds_the_boards_of_brute_force() -> None:
    lexicon = Lexicon.from_words(["tea", "eat", "ate", "tee", "eta", "tat", "tate", "teat"])
    for above in (10, 20, 26):
        expected = brute_force(lexicon, CLASSIC, 3, 3, above)
        result = prove(3, 3, lexicon, CLASSIC, above)
        assert {found.board for found in result.boards} == expected, above
