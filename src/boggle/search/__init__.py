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
:mod:`boggle.search.branch_and_bound` for the proof.  :mod:`~boggle.search.run` and
:mod:`~boggle.search.prove` are the two front doors: they check the options and send the work
to this process (:mod:`~boggle.search.job`, or the prover's processes), or to a Dask cluster
(:mod:`~boggle.search.distributed`); the results are :mod:`~boggle.search.results`.
"""

from boggle.search.branch_and_bound import prove_class
from boggle.search.classes import ClassTask, Layout, buckets, top_level_classes
from boggle.search.options import ProofOptions, SearchOptions
from boggle.search.prove import prove
from boggle.search.results import ClassResult, FoundBoard, ProofResult, SearchResult
from boggle.search.run import search

__all__ = [
    "ClassResult",
    "ClassTask",
    "FoundBoard",
    "Layout",
    "ProofOptions",
    "ProofResult",
    "SearchOptions",
    "SearchResult",
    "buckets",
    "prove",
    "prove_class",
    "search",
    "top_level_classes",
]
