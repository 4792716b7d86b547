"""What a search and a proof give: the boards found, best first, and what they cost.

>>> merge([SearchResult([FoundBoard("abcd", 3)], 10, 0.5, "hillclimb", 1)], 5, 1, False).best
[FoundBoard(board='abcd', score=3, cubes=None)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from boggle.model.board import Board
from boggle.model.wording import counted


@dataclass(frozen=True)
class FoundBoard:
    """A board a search or a proof found: its text, score, and for dice, where each cube goes.

    ``board`` is the compact text as ``boggle search`` prints it (one word: a square's rows
    run together, other shapes' rows separated by ``/``); :meth:`to_board` gives the
    :class:`~boggle.model.board.Board`, to solve, draw or change a face of.

    >>> from boggle import CLASSIC, Lexicon
    >>> from boggle.search import search
    >>> search(2, 2, Lexicon.from_words(["tab", "bat", "abet", "beat"]), CLASSIC, seed=1).best[0]
    FoundBoard(board='abet', score=4, cubes=None)
    """

    board: str
    score: int
    cubes: tuple[dict[str, object], ...] | None = None

    def to_board(self) -> Board:
        """The board itself (:meth:`Board.parse <boggle.model.board.Board.parse>` of
        ``board``, which keeps its shape).

        >>> FoundBoard("abet", 4).to_board()
        Board.parse('ab et')
        >>> FoundBoard("las/pet", 104).to_board().rows
        2
        """
        return Board.parse(self.board)

    def to_json(self) -> dict[str, Any]:
        """The board as ``boggle search --json`` lists it (``cubes`` only for dice).

        >>> FoundBoard("abet", 5).to_json()
        {'board': 'abet', 'score': 5}
        """
        data: dict[str, Any] = {"board": self.board, "score": self.score}
        if self.cubes is not None:
            data["cubes"] = list(self.cubes)
        return data


@dataclass
class SearchResult:
    """The best boards of a search, best first, and what it cost.

    >>> from boggle import CLASSIC, Lexicon
    >>> from boggle.search import search
    >>> result = search(2, 2, Lexicon.from_words(["tab", "bat", "abet"]), CLASSIC, seed=1, top=2)
    >>> [found.score for found in result.best], result.method, result.interrupted
    ([3, 3], 'hillclimb', False)
    """

    best: list[FoundBoard]
    boards_scored: int
    seconds: float
    method: str
    seed: int
    interrupted: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    seconds_to_best: float = 0.0
    """When the best board was first found (the seconds of ``clock``)."""

    def to_json(self) -> dict[str, Any]:
        """The search as ``boggle search --json`` prints it (``extra`` merged in).

        >>> result = SearchResult([FoundBoard("abet", 5)], 120, 0.25, "hillclimb", 1)
        >>> result.to_json()
        {'best': [{'board': 'abet', 'score': 5}], 'boards_scored': 120, 'seconds': 0.25, \
'method': 'hillclimb', 'seed': 1, 'interrupted': False, 'seconds_to_best': 0.0}
        """
        return {
            "best": [found.to_json() for found in self.best],
            "boards_scored": self.boards_scored,
            "seconds": round(self.seconds, 3),
            "method": self.method,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "seconds_to_best": round(self.seconds_to_best, 3),
            **self.extra,
        }

    def __repr__(self) -> str:
        """The run, its best board and its cost in one line (``best`` holds them all).

        >>> SearchResult([FoundBoard("abet", 5), FoundBoard("abte", 5)], 120, 0.25, "anneal", 1)
        <SearchResult anneal, seed 1: best abet 5 of 2 boards kept; 120 boards scored in 0.25 s>
        """
        return (
            f"<SearchResult {self.method}, seed {self.seed}: {_best(self.best)} of "
            f"{counted(len(self.best), 'board')} kept; {counted(self.boards_scored, 'board')} "
            f"scored in {self.seconds:.2f} s{'; interrupted' if self.interrupted else ''}>"
        )


def _best(boards: Sequence[FoundBoard]) -> str:
    """``best abet 5`` (the first of ``boards``), or ``none`` when there are none."""
    return f"best {boards[0].board} {boards[0].score}" if boards else "none"


def merge(results: Sequence[SearchResult], top: int, seed: int, interrupted: bool) -> SearchResult:
    """One result from several runs: the best distinct boards of all of them."""
    seen: dict[str, FoundBoard] = {}
    for result in results:
        for found in result.best:
            seen.setdefault(found.board, found)
    best = sorted(seen.values(), key=lambda f: (-f.score, f.board))[:top]
    return SearchResult(
        best,
        sum(r.boards_scored for r in results),
        max((r.seconds for r in results), default=0.0),
        results[0].method if results else "",
        seed,
        interrupted or any(r.interrupted for r in results),
        {"runs": [_run_summary(r) for r in results]},
        min(
            (r.seconds_to_best for r in results if r.best and best and r.best[0] == best[0]),
            default=0.0,
        ),
    )


def _run_summary(result: SearchResult) -> dict[str, Any]:
    """One run of a merged search: its seed, best board and score, and when it found it."""
    top = result.best[0] if result.best else None
    return {
        "seed": result.seed,
        "score": top.score if top else None,
        "board": top.board if top else None,
        "seconds_to_best": round(result.seconds_to_best, 3),
        "seconds": round(result.seconds, 3),
        "boards_scored": result.boards_scored,
    }


@dataclass(frozen=True)
class ClassResult:
    """What one top-level class gave: its boards above the threshold and its cost.

    >>> from boggle import CLASSIC, Lexicon
    >>> from boggle.search import ClassTask, prove_class
    >>> result = prove_class(ClassTask(0, 1, 3, ("t", "e", "a"), 0), Lexicon.from_words(["tea"]),
    ...     CLASSIC)
    >>> result.index, result.boards, result.bounds
    (0, (('aet/', 1),), 4)
    """

    index: int
    boards: tuple[tuple[str, int], ...]
    bounds: int
    seconds: float


@dataclass
class ProofResult:
    """Every board above the threshold (one per symmetry class), best first.

    >>> from boggle import CLASSIC, Lexicon
    >>> from boggle.search import prove
    >>> result = prove(2, 2, Lexicon.from_words(["tab", "bat", "abet", "beat"]), CLASSIC, above=3)
    >>> [(found.board, found.score) for found in result.boards], result.top_level
    ([('abet', 4), ('abte', 4), ('aetb', 4)], 1)
    """

    boards: list[FoundBoard]
    classes: int
    top_level: int
    seconds: float
    interrupted: bool = False
    resumed: int = 0
    extra: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """The proof as ``boggle prove --json`` prints it (``extra`` merged in).

        >>> ProofResult([FoundBoard("abet", 5)], classes=165, top_level=1, seconds=0.5).to_json()
        {'boards': [{'board': 'abet', 'score': 5}], 'classes': 165, 'top_level_classes': 1, \
'resumed_classes': 0, 'seconds': 0.5, 'interrupted': False}
        """
        return {
            "boards": [b.to_json() for b in self.boards],
            "classes": self.classes,
            "top_level_classes": self.top_level,
            "resumed_classes": self.resumed,
            "seconds": round(self.seconds, 3),
            "interrupted": self.interrupted,
            **self.extra,
        }

    def __repr__(self) -> str:
        """The boards found, the best and the cost in one line (``boards`` holds them all:
        thousands for a low threshold).

        >>> ProofResult([FoundBoard("abet", 5), FoundBoard("abte", 4)], 165, 1, 0.5)
        <ProofResult 2 boards, best abet 5; 165 classes (1 top-level) in 0.50 s>
        >>> ProofResult([], 165, 4, 0.5, interrupted=True, resumed=3)
        <ProofResult 0 boards; 165 classes (4 top-level, 3 resumed) in 0.50 s; interrupted>
        """
        best = f", {_best(self.boards)}" if self.boards else ""
        resumed = f", {self.resumed} resumed" if self.resumed else ""
        return (
            f"<ProofResult {counted(len(self.boards), 'board')}{best}; "
            f"{counted(self.classes, 'class', 'classes')} ({self.top_level} top-level{resumed}) "
            f"in {self.seconds:.2f} s{'; interrupted' if self.interrupted else ''}>"
        )
