"""Best-board search and proofs.

* :func:`search` -- local search (pool hill climbing, simulated annealing,
  evolution) for the highest-scoring boards of a shape, word list and rules,
  over any letters or over the boards a dice set can roll.
* :func:`prove` -- branch and bound over classes of boards: every board
  scoring above a threshold, with a proof that there are no others.

Read :mod:`boggle.search.local` for the search methods and
:mod:`boggle.search.prove` for the proof.
"""

from boggle.search.run import FoundBoard, SearchResult, search

__all__ = ["FoundBoard", "SearchResult", "search"]
