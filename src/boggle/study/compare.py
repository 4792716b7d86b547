"""Every engine on one board, side by side with the reference ``trie`` engine.

For each engine: the words and score it finds, the time of a first run (which
includes building the engine's structure for the word list, e.g. a trie) and
of a second run, and whether its words are exactly those of the reference
(for an engine with a maximum word length, the reference's words up to that
length).  An engine that refuses the board says why.

>>> from boggle import Board, Lexicon
>>> from boggle.model.rules import CLASSIC
>>> rows = compare_engines(Board.parse("fxie amlo ewbx astu"), Lexicon.from_words(["fame"]),
...     CLASSIC, ["trie", "prefixes"])
>>> [(row.engine, row.words, row.agrees) for row in rows]
[('trie', 1, True), ('prefixes', 1, True)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from boggle.engines import Engine, engines, get_engine, solve
from boggle.model.board import Board
from boggle.model.checks import callback
from boggle.model.errors import EngineError
from boggle.model.rules import Rules
from boggle.wordlists.lexicon import Lexicon

REFERENCE_ENGINE = "trie"


@dataclass(frozen=True)
class EngineComparison:
    """One engine's run: its words, score, times in seconds and agreement, or why it refused."""

    engine: str
    words: int | None = None
    score: int | None = None
    first: float | None = None
    again: float | None = None
    agrees: bool | None = None
    max_length: int | None = None
    refused: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The row as ``boggle compare --json`` prints it (times in milliseconds, as the table)."""
        row: dict[str, Any] = {
            "engine": self.engine,
            "words": self.words,
            "score": self.score,
            "first_ms": _milliseconds(self.first),
            "again_ms": _milliseconds(self.again),
            "agrees": self.agrees,
        }
        if self.refused is not None:
            row["refused"] = self.refused
        else:
            row["max_length"] = self.max_length
        return row


def _milliseconds(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 3)


def compare_engines(
    board: Board,
    lexicon: Lexicon,
    rules: Rules,
    names: Iterable[str] | None = None,
    on_engine: Callable[[str], None] | None = None,
) -> list[EngineComparison]:
    """Run each engine (default: all) twice on ``board``; the reference runs first.

    ``on_engine(name)`` is called as each engine starts (for a progress bar).
    """
    callback("on_engine", on_engine)
    chosen: list[Engine] = engines() if names is None else [get_engine(n) for n in names]
    chosen.sort(key=lambda engine: engine.name != REFERENCE_ENGINE)
    reference: list[str] | None = None
    rows = []
    for engine in chosen:
        if on_engine is not None:
            on_engine(engine.name)
        try:
            times = []
            for _ in range(2):
                start = time.perf_counter()
                solution = solve(board, lexicon, rules, engine=engine.name)
                times.append(time.perf_counter() - start)
        except EngineError as error:
            rows.append(EngineComparison(engine.name, refused=str(error)))
            continue
        words = [item.word for item in solution]
        if engine.name == REFERENCE_ENGINE:
            reference = words
        limit = engine.max_length
        expected = [w for w in reference or [] if limit is None or len(w) <= limit]
        rows.append(
            EngineComparison(
                engine.name,
                words=solution.count,
                score=solution.score,
                first=times[0],
                again=times[1],
                agrees=words == expected,
                max_length=limit,
            )
        )
    return rows
