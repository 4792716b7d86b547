""":func:`boggle.batch.score_chunks`, wherever ``where`` says (see :mod:`boggle.cluster`).

Chunks of lines go to the workers as they are read, at most a few per worker
thread at a time, and come back in input order: a file of any length streams
through, and the output is the same as in-process, line for line.

>>> from boggle import Lexicon
>>> lexicon = Lexicon.from_words(["fame", "fax", "moxie"])
>>> [[r.score for r in chunk] for chunk in score_chunks_on([["fxie amlo ewbx astu"]], lexicon)]
[[2]]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from boggle.batch import BoardScore, score_chunks
from boggle.cluster import LexiconRef, map_ordered, open_client, resolve_lexicon, share_lexicon
from boggle.lexicon import Lexicon, load_lexicon
from boggle.rules import Rules, RulesChoice

if TYPE_CHECKING:
    from distributed import Client

CLUSTER_CHUNK = 16_384
"""Lines per task on a cluster: big enough that Dask's few milliseconds per task vanish."""


def score_lines_task(
    lexicon: Lexicon | LexiconRef, rules: Rules | RulesChoice | None, lines: Sequence[str]
) -> list[BoardScore]:
    """Score one chunk of lines on a worker, with the word list the worker holds."""
    return next(score_chunks([lines], resolve_lexicon(lexicon), rules, jobs=1))


def score_chunks_on(
    chunks: Iterable[Sequence[str]],
    lexicon: Lexicon | str | None = None,
    rules: Rules | RulesChoice | None = None,
    where: Client | str | None = None,
    jobs: int | None = None,
) -> Iterator[list[BoardScore]]:
    """Each chunk's :class:`BoardScore` list, in input order, scored where ``where`` says."""
    if not isinstance(lexicon, Lexicon):
        lexicon = load_lexicon(lexicon)
    if where is None:
        yield from score_chunks(chunks, lexicon, rules, jobs)
        return
    with open_client(where) as client:
        task = partial(score_lines_task, share_lexicon(lexicon, client), rules)
        yield from map_ordered(task, chunks, client)
