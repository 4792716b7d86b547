"""Boards that differ in one cell, or in two, solved in one search (``Trie.score_open``,
``Trie.score_pairs``: the prover's leaves): each board's score as solving it alone, and the
proof's boards unchanged."""

from __future__ import annotations

import itertools
import random
from array import array

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import MULTI, board_and_lexicon

from boggle import Board, Lexicon
from boggle.engines.native import compiled
from boggle.model.rules import CLASSIC
from boggle.search.branch_and_bound import Prover
from boggle.search.faces import split_order

POINTS = [0, 0, 0, 1, 1, 2, 3, 5, 11]


def open_scores(board: Board, lexicon: Lexicon, cell: int, faces: list[str]) -> list[int]:
    """The scores of ``board`` with each of ``faces`` at ``cell``, from one call."""
    core = compiled(lexicon)
    assert core is not None
    codes = [core.encode_face(face) for face in board.faces]
    open_codes = [core.encode_face(face) for face in faces]
    assert None not in codes and None not in open_codes
    scores = core.trie.score_open(
        b"".join(c for c in codes if c is not None),
        board.rows,
        board.cols,
        cell,
        b"".join(c for c in open_codes if c is not None),
        3,
        POINTS,
    )
    return array("q", scores).tolist()


def alone_scores(board: Board, lexicon: Lexicon, cell: int, faces: list[str]) -> list[int]:
    """The same, each board solved on its own."""
    core = compiled(lexicon)
    assert core is not None
    scores = []
    for face in faces:
        changed = (*board.faces[:cell], face, *board.faces[cell + 1 :])
        codes = b"".join(core.encode_face(f) or b"" for f in changed)
        scores.append(core.trie.solve(codes, board.rows, board.cols, 3, POINTS, False))
    return scores


@settings(max_examples=200, deadline=None)
@given(board_and_lexicon(max_side=5), st.data())
def test_open_cell_scores_equal_each_board_solved_alone(
    case: tuple[Board, Lexicon], data: st.DataObject
) -> None:
    """Words through the open cell count for their face alone, the others for every face,
    each word once per board: single letters, multi-letter faces (solved alone) and
    repeated faces alike."""
    board, lexicon = case
    cell = data.draw(st.integers(0, board.size - 1))
    letters = sorted(set("aeinrstu") | {f for f in board.faces if len(f) == 1})
    faces = data.draw(st.lists(st.sampled_from(letters + MULTI), min_size=1, max_size=12))
    assert open_scores(board, lexicon, cell, faces) == alone_scores(board, lexicon, cell, faces)


def test_open_cell_on_a_rich_board_with_every_letter() -> None:
    """A 4x4 board of common letters, the open cell a corner and the centre, every letter of
    a list of a few hundred words there (one search of 26 faces)."""
    triples = [
        "".join(w)
        for w in itertools.product("strleaion", repeat=3)
        if len(set(w)) == 3 and any(v in w for v in "aeio")
    ]
    words = [*triples[:400], "stare", "tears", "rates", "aster", "zeal", "jest", "quest", "tilers"]
    lexicon = Lexicon.from_words(words)
    board = Board(tuple("streaionletsrain"), 4, 4)
    every = sorted("qu" if letter == "q" else letter for letter in lexicon.alphabet)
    for cell in (0, 5):
        scores = open_scores(board, lexicon, cell, every)
        assert scores == alone_scores(board, lexicon, cell, every)
        assert len(set(scores)) > 1, "the faces should not all score the same"


def test_more_faces_than_one_search_takes() -> None:
    """Past 32 faces the binding searches 32 at a time; repeats are solved alone."""
    lexicon = Lexicon.from_words(["tea", "eat", "ate", "teat", "tate", "eta", "tat"])
    board = Board(tuple("teat"), 2, 2)
    faces = ["a", "e", "t", "s"] * 10
    assert open_scores(board, lexicon, 1, faces) == alone_scores(board, lexicon, 1, faces)


def pair_scores(
    board: Board,
    lexicon: Lexicon,
    cells: tuple[int, int],
    faces: tuple[list[str], list[str]],
    pairs: list[tuple[int, int]],
) -> list[int]:
    """The scores of ``board`` with ``faces[0][a]`` at ``cells[0]`` and ``faces[1][b]`` at
    ``cells[1]`` for each (a, b) of ``pairs``, from one call."""
    core = compiled(lexicon)
    assert core is not None

    def codes(some: list[str] | tuple[str, ...]) -> bytes:
        return b"".join(core.encode_face(face) or b"" for face in some)

    scores = core.trie.score_pairs(
        codes(board.faces), board.rows, board.cols,
        cells[0], codes(faces[0]), cells[1], codes(faces[1]),
        bytes(i for pair in pairs for i in pair), 3, POINTS,
    )  # fmt: skip
    return array("q", scores).tolist()


def pair_alone_scores(
    board: Board,
    lexicon: Lexicon,
    cells: tuple[int, int],
    faces: tuple[list[str], list[str]],
    pairs: list[tuple[int, int]],
) -> list[int]:
    """The same, each board solved on its own."""
    core = compiled(lexicon)
    assert core is not None
    scores = []
    for a, b in pairs:
        changed = list(board.faces)
        changed[cells[0]] = faces[0][a]
        changed[cells[1]] = faces[1][b]
        codes = b"".join(core.encode_face(f) or b"" for f in changed)
        scores.append(core.trie.solve(codes, board.rows, board.cols, 3, POINTS, False))
    return scores


@settings(max_examples=300, deadline=None)
@given(board_and_lexicon(max_side=5), st.data())
def test_two_open_cells_score_each_pair_as_solved_alone(
    case: tuple[Board, Lexicon], data: st.DataObject
) -> None:
    """Words through neither open cell count for every pair, through one for the pairs of
    its face there, through both for that pair alone, each word once per board: single
    letters, multi-letter faces (solved alone), letters repeated in a cell's faces, any set
    of pairs (past 64 the binding searches 64 at a time)."""
    board, lexicon = case
    if board.size < 2:
        return
    if data.draw(st.booleans(), label="single letters off the open cells"):
        board = Board(tuple(f[-1] for f in board.faces), board.rows, board.cols)
    first = data.draw(st.integers(0, board.size - 1), label="first")
    last = data.draw(st.integers(0, board.size - 1).filter(lambda c: c != first), label="last")
    letters = sorted(set("aeinrstu") | {f for f in board.faces if len(f) == 1})
    face = (
        st.sampled_from(letters + MULTI) if data.draw(st.booleans()) else st.sampled_from(letters)
    )
    faces = (
        data.draw(st.lists(face, min_size=1, max_size=10), label="first faces"),
        data.draw(st.lists(face, min_size=1, max_size=10), label="last faces"),
    )
    every = list(itertools.product(range(len(faces[0])), range(len(faces[1]))))
    pairs = data.draw(st.lists(st.sampled_from(every), min_size=1, max_size=70), label="pairs")
    got = pair_scores(board, lexicon, (first, last), faces, pairs)
    assert got == pair_alone_scores(board, lexicon, (first, last), faces, pairs)


def test_two_open_cells_on_a_rich_board_with_every_letter() -> None:
    """A 4x4 board of common letters, the open cells side by side and apart, every pair of
    letters of a list of a few hundred words there (676 boards, 64 a search)."""
    triples = [
        "".join(w)
        for w in itertools.product("strleaion", repeat=3)
        if len(set(w)) == 3 and any(v in w for v in "aeio")
    ]
    words = [*triples[:400], "stare", "tears", "rates", "aster", "zeal", "jest", "quest", "tilers"]
    lexicon = Lexicon.from_words(words)
    board = Board(tuple("streaionletsrain"), 4, 4)
    every = sorted("qu" if letter == "q" else letter for letter in lexicon.alphabet)
    pairs = list(itertools.product(range(len(every)), repeat=2))
    for cells in ((0, 5), (5, 6), (15, 3)):
        scores = pair_scores(board, lexicon, cells, (every, every), pairs)
        assert scores == pair_alone_scores(board, lexicon, cells, (every, every), pairs)
        assert len(set(scores)) > 1, "the pairs should not all score the same"


def test_two_open_cells_at_the_edges_of_what_one_search_takes() -> None:
    """The corners of an 8x8 board (cells 0 and 63: the last bit of the cell masks), a 9x9
    board (past 64 cells: every board alone), 32 faces at each open cell with 65 pairs (a
    search of 64, then one alone), and an alphabet past 31 letters (letters no mask holds)."""
    rng = random.Random(29)
    for letters in ("aeinrstlo", "abcdefghijklmnopqrstuvwxyzåäöæøüß"):
        words = {"".join(rng.choice(letters) for _ in range(rng.randint(3, 6))) for _ in range(600)}
        lexicon = Lexicon.from_words(sorted(words))
        every = sorted("qu" if letter == "q" else letter for letter in lexicon.alphabet)
        for rows, cols, cells in (
            (8, 8, (0, 63)),
            (8, 8, (63, 54)),
            (9, 9, (0, 80)),
            (1, 64, (0, 1)),
        ):
            board = Board(tuple(rng.choice(every) for _ in range(rows * cols)), rows, cols)
            faces = ([rng.choice(every) for _ in range(32)], [rng.choice(every) for _ in range(32)])
            pairs = [(rng.randrange(32), rng.randrange(32)) for _ in range(65)]
            scores = pair_scores(board, lexicon, cells, faces, pairs)
            assert scores == pair_alone_scores(board, lexicon, cells, faces, pairs)


WORDS = ["tea", "eat", "ate", "tear", "rate", "tare", "treat", "eater", "street", "tree",
         "teeter", "retreat", "terse", "sea", "seat", "set", "rest", "stare", "tsar", "arts",
         "star", "rats", "tars", "eta", "sat", "tat", "teat", "arete", "ease"]  # fmt: skip
LEXICON = Lexicon.from_words(WORDS, name="leaves")
LETTERS = ("a", "e", "r", "s", "t")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sets(st.sampled_from(LETTERS), min_size=1, max_size=5), min_size=9, max_size=9),
    st.integers(min_value=0, max_value=40),
    st.sampled_from([(None, 4), (None, 9), (2**62, 0)]),
)
def test_solved_leaves_keep_exactly_the_boards_above(
    cells: list[set[str]], above: int, way: tuple[int | None, int]
) -> None:
    """With the boards solved in the walk (its last two cells' boards gathered and solved
    with a cell open), a class keeps exactly its boards that score above, in the order the
    walk finds them."""
    prover = Prover(LEXICON, CLASSIC)
    rows, cols = 3, 3
    masks = prover.masks("".join(cell) for cell in cells)
    order = bytes(split_order(rows, cols))
    n = rows * cols
    scored, _, _ = prover.bound.tree_search(masks, rows, cols, above, order, *way, 0, True)
    found, _, _ = prover.bound.tree_search(masks, rows, cols, above, order, *way, 0, False)
    passing = [found[k : k + n] for k in range(0, len(found), n)]
    faces = [tuple(prover.faces[f] for f in board) for board in passing]
    scores = prover.scorer.score_many(faces, rows, cols)
    expected = b"".join(b for b, s in zip(passing, scores, strict=True) if s > above)
    assert scored == expected
    boards = list(itertools.product(*[sorted(cell) for cell in cells]))
    every = prover.scorer.score_many(boards, rows, cols)
    kept = {tuple(prover.faces[f] for f in scored[k : k + n]) for k in range(0, len(scored), n)}
    assert kept == {b for b, s in zip(boards, every, strict=True) if s > above}


def test_another_points_table_and_minimum_are_scored_the_same() -> None:
    """The open search reads the kernel's points by length and its shortest word."""
    core = compiled(Lexicon.from_words(WORDS))
    assert core is not None
    faces = tuple("stareeatertreatseats")
    points = [0, 0, 1, 2, 3, 4, 6, 9]
    alternatives = ["a", "e", "r", "s", "t"]
    got = core.trie.score_open(
        b"".join(core.encode_face(f) or b"" for f in faces),
        4,
        5,
        7,
        b"".join(core.encode_face(f) or b"" for f in alternatives),
        2,
        points,
    )
    want = []
    for face in alternatives:
        changed = (*faces[:7], face, *faces[8:])
        codes = b"".join(core.encode_face(f) or b"" for f in changed)
        want.append(core.trie.solve(codes, 4, 5, 2, points, False))
    assert array("q", got).tolist() == want
