"""Running a search: options in, the best boards out, on one core or several.

:func:`search` checks its options, builds the space (letters or a dice set),
runs a method with a seeded generator and returns a :class:`SearchResult`.
With ``jobs > 1`` it runs the method in that many processes with seeds
``seed, seed + 1, ...`` and merges their best boards; when one of them
reaches ``target`` they all stop.  With ``jobs == 1`` and a seed the run is
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
from boggle.model.errors import BoggleError
from boggle.model.rules import Rules
from boggle.search.distributed import SearchTask, search_on
from boggle.search.job import SearchJob, check_options, make_space, run_parallel
from boggle.search.local import MAX_POOL
from boggle.search.results import SearchResult
from boggle.search.tracker import Progress
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:
    from distributed import Client


def search(
    rows: int,
    cols: int,
    lexicon: Lexicon,
    rules: Rules,
    method: str = "hillclimb",
    seconds: float | None = None,
    target: int | None = None,
    seed: int | None = None,
    jobs: int | None = None,
    top: int = 10,
    letters: str | None = None,
    dice: str | None = None,
    on_progress: Progress | None = None,
    where: Client | str | None = None,
    clock: str = "wall",
    engine: str = "native",
    **parameters: Any,
) -> SearchResult:
    """Search for the best ``rows`` x ``cols`` boards; see the module docstring.

    >>> from boggle import CLASSIC, Lexicon
    >>> lexicon = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate"])
    >>> result = search(2, 2, lexicon, CLASSIC, seed=1)
    >>> result.best[0].board, result.best[0].score, result.method
    ('abet', 5, 'hillclimb')

    ``engine``: ``gpu`` scores each batch (a pool, a board's neighbours) on the GPU, in one
    process (not with ``jobs`` > 1 or ``where``)."""
    check_options(method, seconds, 1 if jobs is None else jobs, top, clock)
    pool = parameters.get("pool")
    if pool is not None and not 1 <= pool <= MAX_POOL:
        raise BoggleError(f"the pool holds 1 to {MAX_POOL:,} boards, got {pool:,}")
    if batch_engine(engine) == "gpu" and (where is not None or (jobs or 1) > 1):
        raise BoggleError("the gpu engine searches in one process: leave out jobs and clusters")
    make_space(rows, cols, lexicon, letters, dice)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if where is not None:
        settings = (rows, cols, lexicon, rules, method, seconds, target, top, letters, dice)
        return search_on(where, SearchTask(*settings, parameters, seed), jobs, on_progress)
    jobs = jobs or 1
    job = SearchJob(
        rows,
        cols,
        lexicon,
        rules,
        method,
        seconds,
        target,
        top,
        letters,
        dice,
        parameters,
        clock,
        batch_engine(engine),
    )
    if jobs == 1:
        return job.run(seed, on_progress)
    return run_parallel(job, seed, jobs)
