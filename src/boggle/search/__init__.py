"""Best-board search and proofs.

* :func:`search` -- local search (pool hill climbing, simulated annealing,
  evolution) for the highest-scoring boards of a shape, word list and rules,
  over any letters or over the boards a dice set can roll.
* :func:`prove` -- branch and bound over classes of boards: every board
  scoring above a threshold, with a proof that there are no others.  It runs
  top-level class by top-level class: :func:`top_level_classes` lists them as
  plain :class:`ClassTask` data and :func:`prove_class` runs one, so they can
  be farmed out.

Read :mod:`boggle.search.local` for the search methods and
:mod:`boggle.search.prove` for the proof.
"""

from boggle.search.classes import ClassTask, Layout, buckets, top_level_classes
from boggle.search.prove import ClassResult, ProofResult, prove, prove_class
from boggle.search.run import FoundBoard, SearchResult, search

__all__ = [
    "ClassResult",
    "ClassTask",
    "FoundBoard",
    "Layout",
    "ProofResult",
    "SearchResult",
    "buckets",
    "prove",
    "prove_class",
    "search",
    "top_level_classes",
]
