"""Boards scored by :func:`~boggle.scale.threads.score_chunks`, wherever ``where`` says
(see :mod:`~boggle.scale.cluster`): in this process or on a Dask cluster.

Chunks of lines go to the workers as they are read, at most a few per worker
thread at a time, and come back in input order: a file of any length streams
through, and the output is the same as in-process, line for line.

>>> from boggle import Lexicon
>>> lexicon = Lexicon.from_words(["fame", "fax", "moxie"])
>>> [[r.score for r in chunk] for chunk in score_chunks_on([["fxie amlo ewbx astu"]], lexicon)]
[[2]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from boggle.model.rules import Rules, RulesChoice
from boggle.scale.cluster import (
    LexiconRef,
    map_ordered,
    open_client,
    resolve_lexicon,
    share_lexicon,
)
from boggle.scale.threads import BoardScore, ScoredText, score_chunks, score_text_chunks
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_lexicon

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")

CLUSTER_CHUNK = 16_384
"""Lines per task on a cluster: big enough that Dask's few milliseconds per task vanish."""


def score_lines_task(
    lexicon: Lexicon | LexiconRef, rules: Rules | RulesChoice | None, lines: Sequence[str]
) -> list[BoardScore]:
    """Score one chunk of lines on a worker, with the word list the worker holds."""
    return next(score_chunks([lines], resolve_lexicon(lexicon), rules, jobs=1))


def score_text_task(
    lexicon: Lexicon | LexiconRef, rules: Rules | RulesChoice | None, lines: Sequence[str]
) -> ScoredText:
    """One chunk's output text on a worker (what ``boggle score`` prints)."""
    return next(score_text_chunks([lines], resolve_lexicon(lexicon), rules, jobs=1))


def _on(
    local: Callable[..., Iterator[T]],
    task: Callable[[Lexicon | LexiconRef, Rules | RulesChoice | None, Sequence[str]], T],
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None,
    rules: Rules | RulesChoice | None,
    where: Client | str | None,
    jobs: int | None,
) -> Iterator[T]:
    if not isinstance(lexicon, Lexicon):
        lexicon = load_lexicon(lexicon)
    if where is None:
        yield from local(chunks, lexicon, rules, jobs)
        return
    with open_client(where) as client:
        yield from map_ordered(partial(task, share_lexicon(lexicon, client), rules), chunks, client)


def score_chunks_on(
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None = None,
    rules: Rules | RulesChoice | None = None,
    where: Client | str | None = None,
    jobs: int | None = None,
) -> Iterator[list[BoardScore]]:
    """Each chunk's :class:`BoardScore` list, in input order, scored where ``where`` says."""
    return _on(score_chunks, score_lines_task, chunks, lexicon, rules, where, jobs)


def score_text_chunks_on(
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None = None,
    rules: Rules | RulesChoice | None = None,
    where: Client | str | None = None,
    jobs: int | None = None,
) -> Iterator[ScoredText]:
    """Each chunk's :class:`ScoredText`, in input order, scored where ``where`` says.

    >>> from boggle import Lexicon
    >>> lexicon = Lexicon.from_words(["fame", "fax", "moxie"])
    >>> [c.text for c in score_text_chunks_on([["fxie amlo ewbx astu", "x1"]], lexicon)]
    ['fxie amlo ewbx astu 2\\n']
    """
    return _on(score_text_chunks, score_text_task, chunks, lexicon, rules, where, jobs)
