"""Running a search: options in, the best boards out, on one core or several.

:func:`search` checks its options, builds the space (letters or a dice set),
runs a method with a seeded generator and returns a :class:`SearchResult`.
With ``jobs > 1`` it runs the method in that many processes with seeds
``seed, seed + 1, ...`` and merges their best boards; when one of them
reaches ``target`` they all stop.  The processes are forked on Linux and spawned
on macOS and Windows, or as ``multiprocessing.set_start_method`` chose
(:func:`~boggle.search.job.start_method`): a script that spawns them runs the
search under ``if __name__ == "__main__":``.  With ``jobs == 1`` and a seed the run is
reproducible.  ``clock="cpu"`` makes ``seconds`` each process's CPU seconds
(``time.process_time``) instead of wall-clock seconds, so a budget means the
same work on a busy machine as on an idle one.  ``where`` (a Dask client or scheduler
address, see :mod:`boggle.scale.cluster`) runs them on a cluster instead
(:mod:`boggle.search.distributed`), one per worker thread unless ``jobs`` says.

>>> from boggle import Lexicon
>>> from boggle.model.rules import CLASSIC
>>> lexicon = Lexicon.from_words(["tea", "eat", "ate", "tee"])
>>> result = search(2, 2, lexicon, CLASSIC, method="hillclimb", seed=1, pool=20)
>>> result.best[0].score
4
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from boggle.engines.gpu import batch_engine
from boggle.model.checks import callback, need_options, whole_number
from boggle.model.errors import BoggleError
from boggle.model.rules import RulesLike, rules_for_size
from boggle.search.distributed import search_on
from boggle.search.job import SearchJob, run_parallel
from boggle.search.objective import with_objective
from boggle.search.options import SearchOptions
from boggle.search.results import SearchResult
from boggle.search.tracker import Progress
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import as_lexicon

if TYPE_CHECKING:
    from distributed import Client


SEARCH_KEYWORDS = (
    "rows",
    "cols",
    "lexicon",
    "rules",
    "options",
    "on_progress",
    "where",
    "objective",
)
"""The names :func:`search` takes besides the fields of its options and the method's
parameters, named when a keyword is none of them."""


def search(
    rows: int,
    cols: int,
    lexicon: Lexicon | str | None,
    rules: RulesLike = None,
    options: SearchOptions | None = None,
    *,
    on_progress: Progress | None = None,
    where: Client | str | None = None,
    objective: str = "points",
    **changes: Any,
) -> SearchResult:
    """Search for the best ``rows`` x ``cols`` boards; see the module docstring.

    ``options`` say how (:class:`~boggle.search.options.SearchOptions`); keyword arguments
    change them (``seed=1``), and a name that is no field of theirs is a parameter of the
    method (``pool=50``).  ``on_progress(best, scored, seconds)`` is called as it goes,
    about twice a second (with ``jobs`` > 1, the best of any run and the boards of all);
    ``where`` runs it on a cluster.  ``objective`` is what a board scores: ``points`` (the
    rules' table) or ``words`` (every word 1: the wordiest board), as
    :func:`~boggle.search.objective.with_objective` makes the rules.

    >>> from boggle import CLASSIC, Lexicon, SearchOptions
    >>> lexicon = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate"])
    >>> result = search(2, 2, lexicon, CLASSIC, SearchOptions(seed=1))
    >>> result.best[0].board, result.best[0].score, result.method
    ('abet', 5, 'hillclimb')
    >>> search(2, 2, lexicon, "classic", seed=1, method="anneal", steps=500).method
    'anneal'
    >>> search(2, 2, lexicon, "classic", seed=1, objective="words").best[0].score  # words
    5
    """
    need_options("search", options, SearchOptions)
    if options is None:
        options = SearchOptions()
    if changes:
        options = options.with_changes("search", SEARCH_KEYWORDS, **changes)
    whole_number("rows", rows, at_least=1)
    whole_number("cols", cols, at_least=1)
    callback("on_progress", on_progress)
    lexicon = as_lexicon(lexicon)
    rules = with_objective(rules_for_size(rules, rows, cols), objective)
    engine = batch_engine(options.engine)
    if engine == "gpu" and (where is not None or (options.jobs or 1) > 1):
        raise BoggleError("the gpu engine searches in one process: leave out jobs and clusters")
    if options.seed is None:
        options = options.with_changes(seed=random.SystemRandom().randrange(2**32))
    job = SearchJob(rows, cols, lexicon, rules, options.with_changes(engine=engine))
    job.space()  # the letters and dice checked against the list and board before any run
    if where is not None:
        return search_on(where, job, options.jobs, on_progress)
    jobs = options.jobs or 1
    if jobs == 1:
        return job.run(job.seed, on_progress)
    return run_parallel(job, jobs, on_progress)
