"""The C prover's bounds equal the readable twin's (boggle.search.bound_ref), number for
number, on random tiny classes; and the twin's bounds are never below the best board of the
class, found by solving every board with the readable trie engine."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import Board, Lexicon, solve
from boggle.model.rules import CLASSIC, Rules
from boggle.search import bound_ref
from boggle.search.branch_and_bound import Prover

ALPHABET = "aeinst"
RULES = [
    CLASSIC,
    CLASSIC.with_overrides(min_length=4),
    CLASSIC.with_overrides(scoring=((1, 1),)),  # the wordiest board: every word 1
    CLASSIC.with_overrides(min_length=2, scoring=((2, 3), (4, 0), (5, 7))),
]
SHAPES = [(1, 3), (2, 2), (2, 3), (3, 2), (1, 5), (3, 3)]


@st.composite
def problems(draw: st.DrawFn) -> tuple[Prover, Rules, int, int, list[list[str]]]:
    """A word list (some words with Qu), rules, a tiny shape and a class on it."""
    words = draw(st.lists(st.text(ALPHABET, min_size=2, max_size=6), min_size=1, max_size=80))
    words += draw(st.lists(st.sampled_from(["quit", "quiet", "quest", "squat", "tin", "nest"])))
    rules = draw(st.sampled_from(RULES))
    prover = Prover(Lexicon.from_words(words, name="random"), rules)
    rows, cols = draw(st.sampled_from(SHAPES))
    face = st.sampled_from(prover.faces)
    cells = [sorted(draw(st.sets(face, min_size=1, max_size=3))) for _ in range(rows * cols)]
    return prover, rules, rows, cols, cells


def texts(cells: list[list[str]]) -> list[str]:
    """Cells as the prover takes them (``q`` for the Qu face)."""
    return ["".join("q" if face == "qu" else face for face in cell) for cell in cells]


@settings(max_examples=150, deadline=None)
@given(problems())
def test_max_bound_and_tree_bound_equal_the_twins(
    problem: tuple[Prover, Rules, int, int, list[list[str]]],
) -> None:
    prover, rules, rows, cols, cells = problem
    points = bound_ref.word_points(prover.scorer.lexicon, rules)
    order = list(prover.order(rows, cols, texts(cells)))
    assert prover.class_bound(rows, cols, texts(cells)) == bound_ref.max_bound(
        cells, rows, cols, points
    )
    assert prover.tree_bound(rows, cols, texts(cells)) == (
        bound_ref.orderly_tree(cells, rows, cols, points, order).bound
    )


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_tree_search_visits_what_the_twin_visits(
    problem: tuple[Prover, Rules, int, int, list[list[str]]], data: st.DataObject
) -> None:
    """The same boards, and the same number of bounds computed: a looser bound in merging or
    in walking lets more classes through and changes the count."""
    prover, rules, rows, cols, cells = problem
    points = bound_ref.word_points(prover.scorer.lexicon, rules)
    order = list(prover.order(rows, cols, texts(cells)))
    root = bound_ref.orderly_tree(cells, rows, cols, points, order).bound
    above = data.draw(st.integers(0, max(root, 1)), label="above")
    switch_bound = data.draw(
        st.one_of(st.just(-1), st.just(root), st.integers(0, max(root, 1))), label="switch_bound"
    )
    walk_cells = data.draw(st.integers(0, rows * cols), label="walk_cells")
    leaves, bounds, root_bound = prover.bound.tree_search(
        prover.masks(texts(cells)), rows, cols, above, bytes(order), switch_bound, walk_cells
    )
    n = rows * cols
    boards = [tuple(prover.faces[f] for f in leaves[k : k + n]) for k in range(0, len(leaves), n)]
    twin = bound_ref.tree_search(cells, rows, cols, points, order, above, switch_bound, walk_cells)
    assert root_bound == root
    assert sorted(boards) == sorted(twin.boards)
    assert bounds == twin.bounds


@settings(max_examples=100, deadline=None)
@given(problems(), st.data())
def test_twin_bounds_are_never_below_the_best_board(
    problem: tuple[Prover, Rules, int, int, list[list[str]]], data: st.DataObject
) -> None:
    """Brute force: every board of the class solved by the trie engine."""
    prover, rules, rows, cols, cells = problem
    lexicon = prover.scorer.lexicon
    points = bound_ref.word_points(lexicon, rules)
    scores = {
        faces: solve(Board(faces, rows, cols), lexicon, rules, engine="trie").score
        for faces in itertools.product(*cells)
    }
    best = max(scores.values())
    order = list(prover.order(rows, cols, texts(cells)))
    tree = bound_ref.orderly_tree(cells, rows, cols, points, order).bound
    # Both bound every board; neither bounds the other (the orderly tree counts a word once
    # per set of cells, so 'sat' on two sets of cells can pass the max bound).
    assert bound_ref.max_bound(cells, rows, cols, points) >= best
    assert tree >= best
    above = data.draw(st.integers(0, max(best, 1)), label="above")
    walk_cells = data.draw(st.integers(0, rows * cols), label="walk_cells")
    found = bound_ref.tree_search(cells, rows, cols, points, order, above, -1, walk_cells)
    assert {faces for faces, score in scores.items() if score > above} <= set(found.boards)


def test_a_class_of_one_board_is_bounded_by_its_words_on_each_set_of_cells() -> None:
    """On one board the orderly tree counts a word once per set of cells spelling it: 'tat'
    read both ways on the same cells counts once, the max bound counts both paths."""
    lexicon = Lexicon.from_words(["tat", "at", "ta"])
    points = bound_ref.word_points(lexicon, CLASSIC)
    cells = [["t"], ["a"], ["t"]]
    assert solve(Board(("t", "a", "t"), 1, 3), lexicon, CLASSIC, engine="trie").score == 1
    assert bound_ref.orderly_tree(cells, 1, 3, points, [1, 0, 2]).bound == 1
    assert bound_ref.max_bound(cells, 1, 3, points) == 2
    prover = Prover(lexicon, CLASSIC)
    assert prover.tree_bound(1, 3, ["t", "a", "t"]) == 1
    assert prover.class_bound(1, 3, ["t", "a", "t"]) == 2


def test_a_walk_with_long_waiting_lists_visits_what_the_twin_visits(enable: Lexicon) -> None:
    """The tiny classes above keep a few choice nodes waiting per cell; a 3x3 class walked
    whole from its root with ENABLE2K's words of eight letters waits with dozens per cell,
    so the walk's sums (add_waiting: the nodes asked into cache ahead, children two a turn)
    and its queues (a tail a rank) run past their first few items.  The same boards and the
    same number of bounds as the twin."""
    letters = set("aeilnrst")
    words = [word for word in enable.words if set(word) <= letters and len(word) <= 7]
    prover = Prover(Lexicon.from_words(words, name="aeilnrst"), CLASSIC)
    cells = [
        ["a", "e", "i"], ["l", "n", "r"], ["e", "s", "t"],
        ["r", "s", "t"], ["a", "e", "i"], ["l", "n", "s"],
        ["e", "i", "t"], ["a", "r", "s"], ["e", "n", "t"],
    ]  # fmt: skip
    points = bound_ref.word_points(prover.scorer.lexicon, CLASSIC)
    order = list(prover.order(3, 3, texts(cells)))
    above = bound_ref.orderly_tree(cells, 3, 3, points, order).bound // 3
    leaves, bounds, _ = prover.bound.tree_search(
        prover.masks(texts(cells)), 3, 3, above, bytes(order), -1, 9
    )
    boards = [tuple(prover.faces[f] for f in leaves[k : k + 9]) for k in range(0, len(leaves), 9)]
    twin = bound_ref.tree_search(cells, 3, 3, points, order, above, -1, 9)
    assert len(twin.boards) > 100
    assert sorted(boards) == sorted(twin.boards)
    assert bounds == twin.bounds


def symmetric(cells: list[list[str]], symmetries: list[list[int]]) -> list[list[str]]:
    """The class made its own image under each of `symmetries`: each cell takes the faces of
    the least cell of its orbit under them all.

    >>> symmetric([["a"], ["b"], ["c"], ["d"]], [[1, 0, 3, 2], [2, 3, 0, 1]])
    [['a'], ['a'], ['a'], ['a']]
    """
    least = list(range(len(cells)))
    changed = True
    while changed:  # each cell's least cell reachable by the symmetries, to a fixed point
        changed = False
        for symmetry in symmetries:
            for cell, image in enumerate(symmetry):
                low = min(least[cell], least[image])
                if least[cell] != low or least[image] != low:
                    least[cell] = least[image] = low
                    changed = True
    return [cells[least[cell]] for cell in range(len(cells))]


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_symmetric_classes_listed_once_an_orbit_bound_as_the_twin(
    problem: tuple[Prover, Rules, int, int, list[list[str]]], data: st.DataObject
) -> None:
    """A class that is its own image under some turns and mirrors lists the paths from one
    cell of each orbit, and from a cell (and path) that some of them leave in place one of
    each orbit of its next cells, and moves their records to the others (tree_build.c): the
    same tree bound (one tree) and the same boards and bounds walked whole (groups of paths,
    a forest) as the twin.  The symmetries drawn are one, or all of the grid's (a square's
    centre and diagonals left in place by several).  The class is proved after one that
    differs from it in one cell, on the same prover, so that some of its groups' trees are
    kept from that class while their images are not."""
    prover, rules, rows, cols, cells = problem
    symmetries = bound_ref.grid_symmetries(rows, cols)
    chosen = data.draw(
        st.one_of(st.sampled_from(symmetries).map(lambda one: [one]), st.just(symmetries)),
        label="symmetries",
    )
    cells = symmetric(cells, chosen)
    points = bound_ref.word_points(prover.scorer.lexicon, rules)
    order = list(prover.order(rows, cols, texts(cells)))
    assert prover.tree_bound(rows, cols, texts(cells)) == (
        bound_ref.orderly_tree(cells, rows, cols, points, order).bound
    )
    walk_cells = rows * cols  # walked whole: the paths listed in groups (a forest)
    changed = data.draw(st.integers(0, rows * cols - 1), label="changed cell")
    before = list(cells)
    before[changed] = sorted(set(prover.faces) - set(cells[changed]))[:2] or cells[changed]
    prover.bound.tree_search(
        prover.masks(texts(before)), rows, cols, 0, bytes(order), -1, walk_cells
    )
    root = bound_ref.orderly_tree(cells, rows, cols, points, order).bound
    above = data.draw(st.integers(0, max(root, 1)), label="above")
    leaves, bounds, root_bound = prover.bound.tree_search(
        prover.masks(texts(cells)), rows, cols, above, bytes(order), -1, walk_cells
    )
    n = rows * cols
    boards = [tuple(prover.faces[f] for f in leaves[k : k + n]) for k in range(0, len(leaves), n)]
    twin = bound_ref.tree_search(cells, rows, cols, points, order, above, -1, walk_cells)
    assert root_bound == root
    assert sorted(boards) == sorted(twin.boards)
    assert bounds == twin.bounds


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_symmetric_search_cuts_the_images_the_twin_cuts(
    problem: tuple[Prover, Rules, int, int, list[list[str]]], data: st.DataObject
) -> None:
    """tree_search(..., symmetric=True) cuts a board, before its bound, once the cells
    forced show that an image of it under the class's own turns and mirrors is less (faces
    by id, cells in split order): the same boards and bounds as the twin's, merging and
    walking; the boards that score above are those of the whole search, one of each set of
    images (a board cut for an image that is greater, or one of a wrong image, or cut before
    its cells are known, fails here)."""
    prover, rules, rows, cols, cells = problem
    symmetries = bound_ref.grid_symmetries(rows, cols)
    chosen = data.draw(
        st.one_of(st.sampled_from(symmetries).map(lambda one: [one]), st.just(symmetries)),
        label="symmetries",
    )
    cells = symmetric(cells, chosen)
    points = bound_ref.word_points(prover.scorer.lexicon, rules)
    order = list(prover.order(rows, cols, texts(cells)))
    root = bound_ref.orderly_tree(cells, rows, cols, points, order).bound
    above = data.draw(st.integers(0, max(root, 1)), label="above")
    switch_bound = data.draw(
        st.one_of(st.just(-1), st.just(root), st.integers(0, max(root, 1))), label="switch_bound"
    )
    walk_cells = data.draw(st.integers(0, rows * cols), label="walk_cells")
    masks, n = prover.masks(texts(cells)), rows * cols

    def search(score_boards: bool, symmetric: bool) -> tuple[list[tuple[str, ...]], int]:
        leaves, bounds, _ = prover.bound.tree_search(
            masks, rows, cols, above, bytes(order), switch_bound, walk_cells, 0,
            score_boards, 0, symmetric,
        )  # fmt: skip
        faces = prover.faces
        return [
            tuple(faces[f] for f in leaves[k : k + n]) for k in range(0, len(leaves), n)
        ], bounds

    boards, bounds = search(False, True)
    twin = bound_ref.tree_search(
        cells, rows, cols, points, order, above, switch_bound, walk_cells, prover.faces
    )
    assert sorted(boards) == sorted(twin.boards)
    assert bounds == twin.bounds
    whole, whole_bounds = search(False, False)
    assert set(boards) <= set(whole) and bounds <= whole_bounds
    own = bound_ref.own_symmetries(cells, rows, cols)
    scoring, _ = search(True, True)
    every, _ = search(True, False)

    def images(board: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
        return frozenset([board, *(tuple(board[i] for i in image) for image in own)])

    assert {images(board) for board in scoring} == {images(board) for board in every}
    assert len(scoring) == len({images(board) for board in every})


EVERY_PATH_WORDS = [
    "".join(letters)
    for length in range(3, 7)
    for letters in itertools.product("abc", repeat=length)
]
"""Every string of 3 to 6 letters over a, b and c: on a class of those faces every path of 3
to 6 cells spells a word, so every path listed (or made as an image) makes records."""


def symmetric_samples(rows: int, cols: int) -> list[list[list[str]]]:
    """The classes the orbit tests below take on a grid: a board (one face a cell) and a
    class of two faces a cell, each made its own image under all of the grid's turns and
    mirrors and under each one of them (the distinct classes, in that order).

    >>> symmetric_samples(1, 3)
    [[['a'], ['b'], ['a']], [['a', 'b'], ['b', 'c'], ['a', 'b']]]
    """
    n = rows * cols
    board = [["abc"[(k * k + k // 2) % 3]] for k in range(n)]
    pairs = [sorted({"abc"[k % 3], "abc"[(k + 1 + k // 3) % 3]}) for k in range(n)]
    symmetries = bound_ref.grid_symmetries(rows, cols)
    samples: list[list[list[str]]] = []
    for cells in (board, pairs):
        for chosen in [symmetries, *([one] for one in symmetries)]:
            sample = symmetric(cells, chosen)
            if sample not in samples:
                samples.append(sample)
    return samples


PATH_BY_PATH = (0, False, 1 << 30)
"""tree_search's max_bytes, score_boards and max_class_bytes for a class listed path by path:
under a cap of max_class_bytes tree_build lists no orbits (1 GB: the class is not split)."""


def forest_bound(
    lexicon: Lexicon, cells: list[list[str]], rows: int, cols: int, changed: int | None
) -> int:
    """The tree bound of the class walked whole (a forest of group trees), on a prover of
    its own, after the class that differs from it in cell `changed` (one face not among
    its; none before when None): the groups of cells without `changed` then have that
    class's trees kept, so are not listed for themselves.

    >>> board = [["a"], ["b"], ["a"], ["b"]]  # 'aba' and 'bab' on two sets of cells each
    >>> forest_bound(Lexicon.from_words(["aba", "bab"]), board, 2, 2, 0)
    4
    """
    prover = Prover(lexicon, CLASSIC)
    order = bytes(prover.order(rows, cols, texts(cells)))
    if changed is not None:
        before = list(cells)
        before[changed] = [face for face in prover.faces if face not in cells[changed]][:1]
        prover.bound.tree_search(prover.masks(texts(before)), rows, cols, 0, order, -1, rows * cols)
    masks = prover.masks(texts(cells))
    return prover.bound.tree_search(masks, rows, cols, 1 << 40, order, -1, rows * cols)[2]


def test_symmetric_classes_in_a_forest_list_every_paths_records_whatever_is_kept() -> None:
    """Issue 29's gap: a symmetric class walked whole lists its records into groups (a
    forest) and makes the records of the paths from the other cells of an orbit, and of the
    paths into the other next cells of a path its symmetries leave in place, as images
    (tree_build.c's list_orbits).  Each class is proved after one that differs from it in
    one cell (or after none), so the groups of cells without that cell have their trees
    kept and are not wanted while some of their images are: an image made on a deeper
    level into such a group, then moved on into a wanted one, must still be made.  On a
    board every record adds its points to the tree bound, so one record missing or extra
    changes it; the twin lists every path.  2x2, 2x3 and 3x2 have at most six cells
    without every face: a forest."""
    lexicon = Lexicon.from_words(EVERY_PATH_WORDS, name="abc")
    points = bound_ref.word_points(lexicon, CLASSIC)
    for rows, cols in [(2, 2), (2, 3), (3, 2)]:
        for cells in symmetric_samples(rows, cols):
            order = list(Prover.order(rows, cols, texts(cells)))
            root = bound_ref.orderly_tree(cells, rows, cols, points, order).bound
            for changed in [None, *range(rows * cols)]:
                assert forest_bound(lexicon, cells, rows, cols, changed) == root, (cells, changed)


def test_symmetric_3x3_classes_laid_out_as_the_proofs_list_every_paths_records() -> None:
    """The 3x3 proof's forest: corners and centre hold every face, so the four edges are
    the grouping cells, and the centre is left in place by the symmetries (all eight when
    the edges are alike).  Proved after a class that differs in one edge (or after none),
    each class's tree bound is that of the class listed path by path in one tree."""
    lexicon = Lexicon.from_words(EVERY_PATH_WORDS, name="abc")
    prover = Prover(lexicon, CLASSIC)
    every = ["a", "b", "c"]
    for top, left, right, bottom in [
        ("a", "a", "a", "a"), ("b", "b", "b", "b"), ("a", "b", "b", "a"), ("a", "a", "b", "b"),
        ("ab", "ab", "ab", "ab"), ("ab", "bc", "bc", "ab"), ("ab", "ab", "c", "c"),
    ]:  # fmt: skip
        edges = [sorted(top), sorted(left), sorted(right), sorted(bottom)]
        cells = [every, edges[0], every, edges[1], every, edges[2], every, edges[3], every]
        order = bytes(prover.order(3, 3, texts(cells)))
        masks = prover.masks(texts(cells))
        path_by_path = prover.bound.tree_search(masks, 3, 3, 1 << 40, order, -1, 0, *PATH_BY_PATH)
        for changed in [None, 1, 3, 5, 7]:
            assert forest_bound(lexicon, cells, 3, 3, changed) == path_by_path[2], (cells, changed)


def test_symmetric_3x3_forests_cut_the_paths_the_twin_cuts() -> None:
    """With ``symmetric``, the 3x3 proof's layout walked whole (a forest grouped by the four
    edges) leaves out of its tree the records of the paths the twin's ``symmetric_cut``
    cuts: in the groups whose trees are not kept (all four edges, and three edges but the
    rolling group's, the first three), so that kept trees serve any class.  Proved after a
    class that differs in one edge (or after none), and built as one tree, the class's tree
    bound is that of the twin's paths left; a core that cuts fewer groups, or a kept one,
    fails here (on a board every record adds to the bound)."""
    lexicon = Lexicon.from_words(EVERY_PATH_WORDS, name="abc")
    points = bound_ref.word_points(lexicon, CLASSIC)
    prover = Prover(lexicon, CLASSIC)
    every = ["a", "b", "c"]
    tighter = 0
    for top, left, right, bottom in [
        ("a", "a", "a", "a"), ("ab", "ab", "ab", "ab"), ("ab", "bc", "bc", "ab"),
        ("ab", "ab", "c", "c"), ("a", "b", "b", "a"),
    ]:  # fmt: skip
        edges = [sorted(top), sorted(left), sorted(right), sorted(bottom)]
        cells = [every, edges[0], every, edges[1], every, edges[2], every, edges[3], every]
        order = list(prover.order(3, 3, texts(cells)))
        cut = bound_ref.symmetric_cut(cells, 3, 3, order, prover.faces)
        paths = bound_ref.paths_to_words(cells, 3, 3, points, order)
        twin = bound_ref.tree_of({key: v for key, v in paths.items() if not cut(key)}).bound
        tighter += twin < bound_ref.tree_of(paths).bound
        for changed, walk_cells in [(None, 0), (None, 9), (1, 9), (3, 9), (5, 9), (7, 9)]:
            fresh = Prover(lexicon, CLASSIC)
            if changed is not None:
                before = list(cells)
                before[changed] = [face for face in every if face not in cells[changed]][:1]
                fresh.bound.tree_search(
                    fresh.masks(texts(before)), 3, 3, 0, bytes(order), -1, 9, 0, False, 0, True
                )
            masks = fresh.masks(texts(cells))
            _, _, bound = fresh.bound.tree_search(
                masks, 3, 3, 1 << 40, bytes(order), -1, walk_cells, 0, False, 0, True
            )
            assert bound == twin, (cells, changed, walk_cells)
    assert tighter  # the cut paths lower some bounds


def test_symmetric_3x3_classes_list_every_paths_records() -> None:
    """On 3x3 with nine cells without every face (one tree, no forest) the centre is left
    in place by all eight turns and mirrors and a corner or an edge by a mirror, so the
    orbits go three levels deep, and quarter turns move a key's fields other than mirrors
    do.  The tree bound of each class listed by orbits is that of the class listed path by
    path, which on a board, where every record adds to it, is the twin's."""
    lexicon = Lexicon.from_words(EVERY_PATH_WORDS, name="abc")
    points = bound_ref.word_points(lexicon, CLASSIC)
    prover = Prover(lexicon, CLASSIC)
    for cells in symmetric_samples(3, 3):
        order = bytes(Prover.order(3, 3, texts(cells)))
        masks = prover.masks(texts(cells))
        _, _, by_orbits = prover.bound.tree_search(masks, 3, 3, 1 << 40, order, -1, 0)
        _, _, path_by_path = prover.bound.tree_search(
            masks, 3, 3, 1 << 40, order, -1, 0, *PATH_BY_PATH
        )
        if all(len(faces) == 1 for faces in cells):
            assert path_by_path == bound_ref.orderly_tree(cells, 3, 3, points, list(order)).bound
        assert by_orbits == path_by_path, cells
