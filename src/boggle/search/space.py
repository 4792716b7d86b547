"""What a search may change: any face from an alphabet, or the cubes of a dice set.

A *space* knows its boards (``State``), how to draw one at random, how to
change one by a single edit, and how to score all of a board's one-edit
neighbours at once.  :class:`LetterSpace` lets every cell show any face of
an alphabet; its edits are one cell's face changed or two cells swapped.
:class:`DiceSpace` holds a board as a placement of the cubes of a set (cube
``k`` in cell ``i``, face ``f`` up), so every board it makes can be rolled;
its edits turn one cube to another face or swap two cubes.

>>> from random import Random
>>> space = LetterSpace(2, 2, ("a", "b", "c"))
>>> len(space.faces(space.random(Random(1))))
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Protocol, cast

from boggle.search.faces import Faces, apply_edit, board_text, canonical, neighbour_edits
from boggle.search.scorer import Scorer

Placement = tuple[tuple[int, int], ...]
"""Per cell, ``(cube index, face index)`` of a dice set."""

State = Faces | Placement


class Space(Protocol):
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...

    def random(self, rng: Random) -> State: ...
    def faces(self, state: State) -> Faces: ...
    def mutate(self, state: State, rng: Random) -> State: ...
    def better_neighbours(
        self, state: State, scorer: Scorer, above: int
    ) -> list[tuple[int, State]]: ...


def key(space: Space, state: State) -> Faces:
    """The canonical faces of a state: equal for boards that score the same by symmetry."""
    return canonical(space.faces(state), space.rows, space.cols)


@dataclass(frozen=True)
class LetterSpace:
    """Every cell any face of ``alphabet`` (``"qu"`` for the Qu cube)."""

    rows: int
    cols: int
    alphabet: tuple[str, ...]

    def random(self, rng: Random) -> State:
        return tuple(rng.choice(self.alphabet) for _ in range(self.rows * self.cols))

    def faces(self, state: State) -> Faces:
        return cast(Faces, state)

    def mutate(self, state: State, rng: Random) -> State:
        faces = self.faces(state)
        n = len(faces)
        if n > 1 and rng.random() < 0.3:
            i, j = rng.sample(range(n), 2)
            return apply_edit(faces, (i, j, ""))
        return apply_edit(faces, (rng.randrange(n), -1, rng.choice(self.alphabet)))

    def better_neighbours(
        self, state: State, scorer: Scorer, above: int
    ) -> list[tuple[int, State]]:
        """Neighbours scoring more than ``above``, scored in one compiled call."""
        faces = self.faces(state)
        scores = scorer.score_neighbours(faces, self.rows, self.cols, self.alphabet)
        hits = [k for k, score in enumerate(scores) if score > above]
        if not hits:
            return []
        edits = neighbour_edits(faces, self.alphabet)
        return [(scores[k], apply_edit(faces, edits[k])) for k in hits]


@dataclass(frozen=True)
class DiceSpace:
    """Boards a dice set can roll: each cube in one cell, one face up."""

    rows: int
    cols: int
    cubes: tuple[tuple[str, ...], ...]

    def random(self, rng: Random) -> State:
        order = list(range(len(self.cubes)))
        rng.shuffle(order)
        return tuple((cube, rng.randrange(len(self.cubes[cube]))) for cube in order)

    def faces(self, state: State) -> Faces:
        placement = cast(Placement, state)
        return tuple(self.cubes[cube][face] for cube, face in placement)

    def mutate(self, state: State, rng: Random) -> State:
        placement = list(cast(Placement, state))
        n = len(placement)
        if n > 1 and rng.random() < 0.5:
            i, j = rng.sample(range(n), 2)
            placement[i], placement[j] = placement[j], placement[i]
        else:
            i = rng.randrange(n)
            cube = placement[i][0]
            placement[i] = (cube, rng.randrange(len(self.cubes[cube])))
        return tuple(placement)

    def neighbours(self, state: State) -> list[State]:
        """Each cube turned to each other face, then each two cubes swapped."""
        placement = cast(Placement, state)
        result: list[State] = []
        for i, (cube, face) in enumerate(placement):
            for other in range(len(self.cubes[cube])):
                if self.cubes[cube][other] != self.cubes[cube][face]:
                    result.append((*placement[:i], (cube, other), *placement[i + 1 :]))
        n = len(placement)
        for i in range(n):
            for j in range(i + 1, n):
                swapped = list(placement)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                result.append(tuple(swapped))
        return result

    def better_neighbours(
        self, state: State, scorer: Scorer, above: int
    ) -> list[tuple[int, State]]:
        candidates = self.neighbours(state)
        scores = scorer.score_many([self.faces(c) for c in candidates], self.rows, self.cols)
        return [(s, c) for s, c in zip(scores, candidates, strict=True) if s > above]

    def describe(self, state: State) -> list[dict[str, object]]:
        """Which cube sits in each cell and which face is up (cubes numbered from 1)."""
        placement = cast(Placement, state)
        return [
            {"cell": [i // self.cols, i % self.cols], "cube": cube + 1, "face": self.cubes[cube][f]}
            for i, (cube, f) in enumerate(placement)
        ]


def rollable(faces: Sequence[str], cubes: Sequence[Sequence[str]]) -> bool:
    """Whether some placement of ``cubes`` shows ``faces`` (a bipartite matching).

    >>> rollable(("a", "b"), [("b", "x"), ("a", "y")])
    True
    >>> rollable(("a", "a"), [("a", "x"), ("b", "y")])
    False
    """
    if len(faces) != len(cubes):
        return False
    owner: dict[int, int] = {}  # cube -> cell

    def place(cell: int, seen: set[int]) -> bool:
        for cube, sides in enumerate(cubes):
            if faces[cell] in sides and cube not in seen:
                seen.add(cube)
                if cube not in owner or place(owner[cube], seen):
                    owner[cube] = cell
                    return True
        return False

    return all(place(cell, set()) for cell in range(len(faces)))


def text(space: Space, state: State) -> str:
    """The compact text of a state's board."""
    return board_text(space.faces(state), space.rows, space.cols)
