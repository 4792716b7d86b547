"""The prover's bounds computed the plain way: a readable twin of the C core, for tiny boards.

A *class* gives each cell a set of faces; it holds every board taking one face per cell.
The C core (``src/boggle/_native/bound.c``, ``tree.c``, ``tree_build.c``) bounds the score of
every board of a class; this module computes the same numbers with sets, dicts and
recursion, so the property tests can ask the core for *equality*, not only for "never
below the best board" (a loosened bound would still be an upper bound and only slower).

* :func:`max_bound` -- the *max bound* (hybrid-boggle's "max" tree): a depth-first search
  like solving where a cell is worth the best of its faces, the words of every path added.
* :func:`orderly_tree` -- the *orderly sum/choice tree* (the hybrid-boggle paper): every path
  to a word is a set of (cell, face) pairs; sorted by the cells' rank in the split order,
  the paths are merged into a tree.  A sum node adds its points and its children's bounds,
  a choice node (one cell) takes its best face.  One word found several times on the same
  (cell, face) pairs counts once.
* :func:`tree_search` -- branch and bound with that tree as ``ClassBound.tree_search`` does
  it: cells forced in split order by merging (the forced subtree joined to the rest), then,
  once the bound is low or few cells are left, by walking (the paper's stack-based orderly
  bound: all the choice nodes waiting for one cell take the same face).  It returns the
  boards left and how many bounds were computed: a looser bound anywhere visits more.
  With ``symmetric`` (given the face ids' order, ``faces``), a board is cut, before its
  bound, as soon as the cells forced show that one of its images under the class's own turns
  and mirrors is less (faces compared cell by cell in split order): of the boards that are
  images of one another, only the least is searched; and the tree leaves out the paths
  that only such cut boards take, of those through the last cell without every face and
  all others but one at most (the groups whose trees the core does not keep).

Faces are strings (``"qu"`` is one face); a word's points come from ``points``, a dict
of every word of the list (:func:`word_points`).

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> points = word_points(Lexicon.from_words(["tea", "eat", "ate", "tee"]), CLASSIC)
>>> cells = [("t", "e"), ("e",), ("a",), ("t",)]
>>> max_bound(cells, 2, 2, points), orderly_tree(cells, 2, 2, points, [0, 1, 2, 3]).bound
(10, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from boggle.model.grid import neighbour_table
from boggle.model.rules import Rules
from boggle.wordlists.lexicon import Lexicon

Cells = Sequence[Sequence[str]]
"""A class: per cell, the faces it may take."""

Key = tuple[tuple[int, str], ...]
"""A path's (rank, face) pairs, by rank: where it goes in the orderly tree."""


def word_points(lexicon: Lexicon, rules: Rules) -> dict[str, int]:
    """Every word of the list that scores, with its points."""
    return {word: rules.points(word) for word in lexicon.words if rules.points(word) > 0}


def _prefixes(points: dict[str, int]) -> set[str]:
    return {word[:k] for word in points for k in range(1, len(word) + 1)}


def max_bound(cells: Cells, rows: int, cols: int, points: dict[str, int]) -> int:
    """The max bound of the class: from every cell, the best face's words and the values
    of the neighbours reached from it, added (``ClassBound.bound``)."""
    prefixes = _prefixes(points)
    neighbours = neighbour_table(rows, cols)

    def value(cell: int, prefix: str, used: frozenset[int]) -> int:
        used = used | {cell}
        best = 0
        for face in cells[cell]:
            text = prefix + face
            if text not in prefixes:
                continue
            here = points.get(text, 0)
            here += sum(
                value(next_cell, text, used)
                for next_cell in neighbours[cell]
                if next_cell not in used
            )
            best = max(best, here)
        return best

    return sum(value(cell, "", frozenset()) for cell in range(rows * cols))


def paths_to_words(
    cells: Cells, rows: int, cols: int, points: dict[str, int], order: Sequence[int]
) -> dict[Key, int]:
    """Every path to a word on the class, by its key: the points of the distinct words
    found on those (cell, face) pairs."""
    prefixes = _prefixes(points)
    neighbours = neighbour_table(rows, cols)
    rank = {cell: k for k, cell in enumerate(order)}
    words: dict[Key, set[str]] = {}

    def walk(cell: int, prefix: str, pairs: tuple[tuple[int, str], ...]) -> None:
        for face in cells[cell]:
            text = prefix + face
            if text not in prefixes:
                continue
            here = (*pairs, (rank[cell], face))
            if text in points:
                words.setdefault(tuple(sorted(here)), set()).add(text)
            used = {rank_of for rank_of, _ in here}
            for next_cell in neighbours[cell]:
                if rank[next_cell] not in used:
                    walk(next_cell, text, here)

    for cell in range(rows * cols):
        walk(cell, "", ())
    return {key: sum(points[word] for word in found) for key, found in words.items()}


@dataclass
class SumNode:
    """Adds its own points and its choice nodes' bounds."""

    points: int = 0
    choices: dict[int, ChoiceNode] = field(default_factory=dict)
    """By rank (a cell's place in the split order)."""

    @property
    def bound(self) -> int:
        return self.points + sum(choice.bound for choice in self.choices.values())


@dataclass
class ChoiceNode:
    """One cell: the best of its faces' sum nodes."""

    faces: dict[str, SumNode] = field(default_factory=dict)

    @property
    def bound(self) -> int:
        return max((node.bound for node in self.faces.values()), default=0)


def tree_of(paths: dict[Key, int]) -> SumNode:
    """The orderly tree of paths: each key's pairs in rank order from the root."""
    root = SumNode()
    for key, points in paths.items():
        node = root
        for rank, face in key:
            node = node.choices.setdefault(rank, ChoiceNode()).faces.setdefault(face, SumNode())
        node.points += points
    return root


def orderly_tree(
    cells: Cells, rows: int, cols: int, points: dict[str, int], order: Sequence[int]
) -> SumNode:
    """The orderly sum/choice tree of the class for the split order ``order`` (cells)."""
    return tree_of(paths_to_words(cells, rows, cols, points, order))


def forced(paths: dict[Key, int], rank: int, face: str) -> dict[Key, int]:
    """The paths once the cell of ``rank`` holds ``face``: the others through that cell
    dropped, the pair left out of the rest (paths that meet then add their points)."""
    kept: dict[Key, int] = {}
    for key, points in paths.items():
        if any(r == rank and f != face for r, f in key):
            continue
        rest = tuple(pair for pair in key if pair[0] != rank)
        kept[rest] = kept.get(rest, 0) + points
    return kept


@dataclass
class SearchResult:
    """What :func:`tree_search` gives: the boards left and the bounds computed."""

    boards: list[tuple[str, ...]] = field(default_factory=list)
    bounds: int = 0


def tree_search(
    cells: Cells,
    rows: int,
    cols: int,
    points: dict[str, int],
    order: Sequence[int],
    above: int,
    switch_bound: int = -1,
    walk_cells: int = 0,
    faces: Sequence[str] = (),
) -> SearchResult:
    """Branch and bound over the class as ``ClassBound.tree_search``: every board whose
    bound stays above ``above`` down to a single board, and the bounds computed (the
    core's count).  Cells are forced by merging while the tree's bound is above
    ``switch_bound`` and more than ``walk_cells`` cells are left, then by walking.  With
    ``faces`` (every face in the order of its id), as ``tree_search(..., symmetric=True)``:
    a board is cut once an image of it under the class's own symmetries is known to be
    less (see :func:`own_symmetries`), and a path through the last cell without every
    face and all others but one at most, whose faces alone show that, is left out of the
    tree."""
    n = rows * cols
    result = SearchResult()
    board = [""] * n
    face_id = {face: k for k, face in enumerate(faces)}
    symmetries = own_symmetries(cells, rows, cols) if faces else []
    rank = {cell: r for r, cell in enumerate(order)}

    cut = symmetric_cut(cells, rows, cols, order, faces)

    def least_so_far(k: int) -> bool:
        """With the cells of ranks 0..k on the board: no image is yet known to be less
        (compared in split order, cell by cell, the first difference decides)."""
        for image in symmetries:
            for cell in order:
                other = image[cell]
                if other == cell:
                    continue
                if rank[cell] > k or rank[other] > k:
                    break
                if board[cell] != board[other]:
                    if face_id[board[cell]] > face_id[board[other]]:
                        return False
                    break
        return True

    def branch(paths: dict[Key, int], k: int) -> None:
        root = tree_of(paths)
        if root.bound <= above:
            return
        if root.bound <= switch_bound or n - k <= walk_cells:
            walk([root], k)
            return
        result.bounds += 1
        if k == n:
            result.boards.append(tuple(board))
            return
        choice = root.choices.get(k)
        rest = root.bound - (choice.bound if choice else 0)
        for face in cells[order[k]]:
            under = choice.faces[face].bound if choice and face in choice.faces else 0
            board[order[k]] = face
            if not least_so_far(k):
                continue
            if rest + under <= above:
                continue
            board[order[k]] = face
            branch(forced(paths, k, face), k + 1)

    def walk(live: list[SumNode], k: int) -> None:
        """The sum nodes on the faces forced so far are ``live``; their choice nodes of
        rank k and above wait for their cell, and all of one rank take one face."""
        waiting: dict[int, list[ChoiceNode]] = {}
        for node in live:
            for rank, choice in node.choices.items():
                if rank >= k:
                    waiting.setdefault(rank, []).append(choice)
        by_face = {rank: _by_face(choices) for rank, choices in waiting.items()}
        best = {rank: max(sums.values(), default=0) for rank, sums in by_face.items()}
        points = sum(node.points for node in live)
        if points + sum(best.values()) <= above:
            return
        result.bounds += 1
        if k == n:
            result.boards.append(tuple(board))
            return
        others = points + sum(b for rank, b in best.items() if rank != k)
        for face in cells[order[k]]:
            board[order[k]] = face
            if not least_so_far(k):
                continue
            if others + by_face.get(k, {}).get(face, 0) <= above:
                result.bounds += 1
                continue
            board[order[k]] = face
            reached = [c.faces[face] for c in waiting.get(k, []) if face in c.faces]
            walk(live + reached, k + 1)

    paths = paths_to_words(cells, rows, cols, points, order)
    branch({key: value for key, value in paths.items() if not cut(key)}, 0)
    return result


def symmetric_cut(
    cells: Cells, rows: int, cols: int, order: Sequence[int], faces: Sequence[str]
) -> Callable[[Key], bool]:
    """Whether :func:`tree_search` with ``faces`` leaves a path (by its key) out of the tree:
    the path goes through the last cell without every face (a grouping cell) and all other
    grouping cells but one at most (the groups whose trees the core does not keep), and
    every board taking its faces is greater than one of its images under the class's own
    symmetries (such boards are all cut, so the path adds only to bounds never used).

    >>> cut = symmetric_cut([("a", "b"), ("a", "b")], 1, 2, [0, 1], ["a", "b"])
    >>> cut(((0, "b"), (1, "a"))), cut(((0, "a"), (1, "b"))), cut(((0, "b"),))
    (True, False, False)
    """
    n = rows * cols
    face_id = {face: k for k, face in enumerate(faces)}
    symmetries = own_symmetries(cells, rows, cols) if faces else []
    grouping = {cell for cell in range(n) if set(cells[cell]) != set(faces)}

    def cut(key: Key) -> bool:
        taken = {order[r]: face for r, face in key}
        missed = grouping - taken.keys()
        if len(missed) > 1 or (missed and max(grouping) in missed):
            return False
        for image in symmetries:
            for cell in order:
                other = image[cell]
                if other == cell:
                    continue
                if cell not in taken or other not in taken:
                    break
                if taken[cell] != taken[other]:
                    if face_id[taken[cell]] > face_id[taken[other]]:
                        return True
                    break
        return False

    return cut


def grid_symmetries(rows: int, cols: int) -> list[list[int]]:
    """The turns and mirrors of a rows x cols grid other than the identity, each as the
    image of every cell (a quarter turn only on a square).

    >>> grid_symmetries(1, 3)
    [[2, 1, 0]]
    >>> len(grid_symmetries(3, 3)), len(grid_symmetries(3, 4)), len(grid_symmetries(1, 4))
    (7, 3, 1)
    """
    maps: list[list[int]] = []
    for transpose in (False, True) if rows == cols else (False,):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                image = []
                for cell in range(rows * cols):
                    r, q = divmod(cell, cols)
                    if transpose:
                        r, q = q, r
                    image.append(
                        (rows - 1 - r if flip_rows else r) * cols
                        + (cols - 1 - q if flip_cols else q)
                    )
                if image != list(range(rows * cols)) and image not in maps:
                    maps.append(image)
    return maps


def own_symmetries(cells: Cells, rows: int, cols: int) -> list[list[int]]:
    """The turns and mirrors of the grid, other than the identity, that take every cell to
    a cell of the same faces, each as every cell's image.

    >>> own_symmetries([("a", "b"), ("c",), ("b", "a")], 1, 3)
    [[2, 1, 0]]
    >>> own_symmetries([("a",), ("b",), ("c",), ("a",)], 2, 2)
    [[3, 1, 2, 0]]
    """
    return [
        image
        for image in grid_symmetries(rows, cols)
        if all(set(cells[image[c]]) == set(cells[c]) for c in range(rows * cols))
    ]


def _by_face(choices: list[ChoiceNode]) -> dict[str, int]:
    """The bounds of the choice nodes' sum nodes added face by face."""
    sums: dict[str, int] = {}
    for choice in choices:
        for face, node in choice.faces.items():
            sums[face] = sums.get(face, 0) + node.bound
    return sums
