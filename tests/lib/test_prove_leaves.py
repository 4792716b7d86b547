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


def alone_scores(
    board: Board,
    lexicon: Lexicon,
    changes: list[dict[int, str]],
    min_len: int = 3,
    points: list[int] = POINTS,
) -> list[int]:
    """The scores of ``board`` with the faces each of ``changes`` gives its cells, each board
    solved on its own (what ``score_open`` and ``score_pairs`` must equal).

    >>> teat, tea = Board(tuple("teat"), 2, 2), Lexicon.from_words(["tea"])
    >>> alone_scores(teat, tea, [{1: "e"}, {1: "a"}])
    [1, 0]
    """
    core = compiled(lexicon)
    assert core is not None
    scores = []
    for change in changes:
        changed = [change.get(cell, face) for cell, face in enumerate(board.faces)]
        codes = b"".join(core.encode_face(f) or b"" for f in changed)
        scores.append(core.trie.solve(codes, board.rows, board.cols, min_len, points, False))
    return scores


def one_cell(cell: int, faces: list[str]) -> list[dict[int, str]]:
    """The changes of a board that put each of ``faces`` at ``cell``."""
    return [{cell: face} for face in faces]


def two_cells(
    cells: tuple[int, int], faces: tuple[list[str], list[str]], pairs: list[tuple[int, int]]
) -> list[dict[int, str]]:
    """The changes of a board that put ``faces[0][a]`` at ``cells[0]`` and ``faces[1][b]`` at
    ``cells[1]``, for each (a, b) of ``pairs``."""
    return [{cells[0]: faces[0][a], cells[1]: faces[1][b]} for a, b in pairs]


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
    assert open_scores(board, lexicon, cell, faces) == alone_scores(
        board, lexicon, one_cell(cell, faces)
    )


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
        assert scores == alone_scores(board, lexicon, one_cell(cell, every))
        assert len(set(scores)) > 1, "the faces should not all score the same"


def test_more_faces_than_one_search_takes() -> None:
    """Past 32 faces the binding searches 32 at a time; repeats are solved alone."""
    lexicon = Lexicon.from_words(["tea", "eat", "ate", "teat", "tate", "eta", "tat"])
    board = Board(tuple("teat"), 2, 2)
    faces = ["a", "e", "t", "s"] * 10
    assert open_scores(board, lexicon, 1, faces) == alone_scores(board, lexicon, one_cell(1, faces))


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


@settings(max_examples=300, deadline=None)
@given(board_and_lexicon(max_side=5), st.data())
def test_two_open_cells_score_each_pair_as_solved_alone(
    case: tuple[Board, Lexicon], data: st.DataObject
) -> None:
    """Words through neither open cell count for every pair, through one for the pairs of
    its face there, through both for that pair alone, each word once per board: single
    letters, multi-letter faces (Qu, th, ...) on the board and in the open cells' faces
    (searched with the others), faces repeated in a cell's faces (solved alone), any set of
    pairs (past 64 the binding searches 64 at a time); the word list has words read off
    paths through the open cells showing the pairs' faces."""
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
    through = []
    for a, b in data.draw(st.lists(st.sampled_from(pairs), max_size=6), label="words of pairs"):
        shown = list(board.faces)
        shown[first], shown[last] = faces[0][a], faces[1][b]
        changed = Board(tuple(shown), board.rows, board.cols)
        path = [data.draw(st.sampled_from([first, last]), label="start")]
        for _ in range(data.draw(st.integers(0, 5), label="length")):
            options = [n for n in changed.neighbours(path[-1]) if n not in path]
            if not options:
                break
            path.append(data.draw(st.sampled_from(options)))
        if data.draw(st.booleans(), label="ends there"):
            path.reverse()
        through.append("".join(changed.faces[cell] for cell in path))
    lexicon = Lexicon.from_words([*lexicon.words, *through], name="through")
    got = pair_scores(board, lexicon, (first, last), faces, pairs)
    assert got == alone_scores(board, lexicon, two_cells((first, last), faces, pairs))


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
        assert scores == alone_scores(board, lexicon, two_cells(cells, (every, every), pairs))
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
            assert scores == alone_scores(board, lexicon, two_cells(cells, faces, pairs))


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
    lexicon = Lexicon.from_words(WORDS)
    core = compiled(lexicon)
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
    want = alone_scores(Board(faces, 4, 5), lexicon, one_cell(7, alternatives), 2, points)
    assert array("q", got).tolist() == want


COMMON = [*"abcdefghijklmnop", *"àáâãäåæçèéêëìí"]
RARE = [*"îïðñòóôõöø"]


def _escaping_lexicon() -> Lexicon:
    """A list of 42 letters: 30 with a code each, the rarer ones escaped (several codes, the
    later ones silent), and Qu, whose q and u are rare too."""
    rng = random.Random(5)
    words = ["".join(rng.choices(COMMON, k=rng.randint(3, 6))) for _ in range(6000)]
    words += ["".join(rng.choices(COMMON[:6] + RARE, k=rng.randint(3, 5))) for _ in range(300)]
    return Lexicon.from_words([*words, "quad", "quid", "aqua", "equip"], name="escaping")


ESCAPING = _escaping_lexicon()
ESCAPED = [*COMMON[:6], *RARE, "qu"]


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_two_open_cells_with_escaped_letters_score_as_solved_alone(data: st.DataObject) -> None:
    """Faces of several codes (escaped letters, Qu) in the open cells and elsewhere are
    searched with the others, each board's score as solving it alone."""
    core = compiled(ESCAPING)
    assert core is not None and len((core.encode_face("ø") or b"").rstrip(b"\xff")) > 1
    rows, cols = data.draw(st.sampled_from([(2, 3), (3, 3), (3, 4), (4, 4)]), label="shape")
    faces = data.draw(st.lists(st.sampled_from(ESCAPED), min_size=rows * cols,
                               max_size=rows * cols), label="board")  # fmt: skip
    board = Board(tuple(faces), rows, cols)
    first, last = data.draw(st.permutations(range(rows * cols)), label="cells")[:2]
    open_faces = (
        data.draw(st.lists(st.sampled_from(ESCAPED), min_size=1, max_size=8), label="first"),
        data.draw(st.lists(st.sampled_from(ESCAPED), min_size=1, max_size=8), label="last"),
    )
    pairs = list(itertools.product(range(len(open_faces[0])), range(len(open_faces[1]))))
    got = pair_scores(board, ESCAPING, (first, last), open_faces, pairs)
    assert got == alone_scores(board, ESCAPING, two_cells((first, last), open_faces, pairs))
