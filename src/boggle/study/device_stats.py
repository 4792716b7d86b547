"""``stats --random`` on the kernel: boards made, scored and summarised on the device.

The kernel makes board ``i`` of a run exactly as :mod:`boggle.random_boards`
does with NumPy (the same Philox4x64-10 stream keyed by the seed, the same
cube shuffle and face picks), scores it, and counts its score in a histogram
kept on the device.  Batches of boards go on two streams in turn, so the
device scores one batch while the host looks at the last: the boards that
overflowed the small word set (scored again with the large one, then on the
CPU) and the few that may enter the best ``top`` (those above the current
``top``-th best score, picked on the device).  So the summary is identical to
the CPU path's: the same counts per score, the same best boards (ties broken
by board number).

>>> from boggle import Lexicon
>>> from boggle.engines.gpu import KernelScorer
>>> from boggle.engines.gpu.cpu_build import cpu_build_or_none
>>> from boggle.dice.bulk import BoardSource
>>> from boggle.model.rules import CLASSIC
>>> runner = cpu_build_or_none()
>>> scorer = runner and KernelScorer(Lexicon.from_words(["tea", "eat", "ate"]), runner)
>>> summary = scorer and random_stats(scorer, BoardSource.named("new"), 5, 300, CLASSIC, 2)
>>> summary is None or (sum(summary.counts.values()), len(summary.best))
(300, 2)
"""

from __future__ import annotations

import heapq
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boggle.dice.bulk import BoardSource, _tables
from boggle.engines.gpu import KernelScorer, kernel_points
from boggle.engines.native import points_table
from boggle.model.rules import Rules

HISTOGRAM_LOW = -(1 << 16)
HISTOGRAM_BINS = 1 << 21
"""Scores from -65,536 to about 2 million are counted on the device; any other on the host."""

CANDIDATE_LIMIT = 4096
"""More boards than this above the current threshold: the batch's own ``top``-th best is
found on the device first."""


@dataclass(frozen=True)
class RandomStats:
    """Boards per score, and the best boards as ``(score, board number)``, best first, of
    the run's first ``boards`` boards: all of them, or (``interrupted``: a Ctrl-C stopped
    the run) those of the batches summarised before it, the summary of a run of that many."""

    counts: dict[int, int]
    best: list[tuple[int, int]]
    boards: int = 0
    interrupted: bool = False


@dataclass(frozen=True)
class Generator:
    """The random boards' tables on the runner: packed faces by cube, faces per cube."""

    cube_faces: Any
    face_counts: Any
    dice: int
    width: int


def generator(scorer: KernelScorer, source: BoardSource) -> Generator | None:
    """The tables that make ``source``'s boards on the kernel, or ``None`` when a face does
    not fit the word list's letter codes or the faces are drawn by weight (a language's
    letters, which the kernel does not draw): then the boards are made on the host."""
    import numpy

    if source.faces:
        return None
    tables = _tables(source)
    words = []
    for face in tables.faces:
        code = scorer.core.encode_face(face)
        if code is None:
            return None
        words.append(int(numpy.frombuffer(code, dtype="<u4")[0]))
    packed = numpy.array(words, dtype=numpy.uint32)[tables.cube_faces]
    counts = numpy.asarray(tables.face_counts, dtype=numpy.uint32)
    runner = scorer.runner
    return Generator(
        runner.upload(numpy.ascontiguousarray(packed.reshape(-1))),
        runner.upload(counts),
        int(source.dice is not None),
        int(packed.shape[1]),
    )


def _rank(item: tuple[int, int]) -> tuple[int, int]:
    return (-item[0], item[1])


UNSET = -(2**63) + 1
"""Written to a batch's scores before its launch: no board scores this (below the
histogram's range), so after a Ctrl-C the scores that are not this are those the device
wrote, and counted.  (One fill of 8 bytes a board on the batch's stream: about 0.05 ms
for a batch of 16M boards, which takes about half a second to score.)"""


@dataclass(frozen=True)
class _Batch:
    """Batch ``number`` of the run: boards ``first .. first + count - 1``, scored into ``out``."""

    number: int
    first: int
    count: int
    out: Any


@dataclass(frozen=True)
class _Summarised:
    """The run's first ``batches`` batches, as the host has summarised them: their boards,
    the scores the device's histogram left to the host, and the best boards.  Replaced
    whole, so a Ctrl-C between two statements never leaves a batch half counted."""

    batches: int = 0
    boards: int = 0
    extra: Counter[int] = field(default_factory=Counter)
    best: list[tuple[int, int]] = field(default_factory=list)


def random_stats(
    scorer: KernelScorer,
    source: BoardSource,
    seed: int,
    boards: int,
    rules: Rules,
    top: int,
    progress: Callable[[int], None] | None = None,
    batch: int | None = None,
) -> RandomStats | None:
    """Summarise boards ``0 .. boards - 1`` of the run ``seed`` of ``source`` on the kernel
    (``None`` when its faces cannot be made there).

    A Ctrl-C (``KeyboardInterrupt``) stops the run: the summary of the batches the host had
    summarised comes back, ``interrupted`` (the boards of the one or two batches still on
    the device are taken out of the histogram), equal to that of a run of ``boards`` as many.
    A second Ctrl-C while that is read back is raised."""
    made = generator(scorer, source)
    if made is None:
        return None
    runner, xp = scorer.runner, scorer.runner.xp
    import numpy

    cells = source.cells
    points = kernel_points(rules, scorer.core.longest)
    near, table = scorer._shape_tables(source.rows, source.cols, points)
    size = max(1, min(batch or runner.batch_boards * 4, boards or 1))
    histogram = xp.zeros(HISTOGRAM_BINS, dtype=xp.uint64)
    buffers = [xp.empty(size, dtype=xp.int64) for _ in range(2)]
    overflow = xp.int64(-(2**63))
    generator_arguments = (made.cube_faces, made.face_counts, made.dice, made.width, seed)

    def launch(kernel: str, items: int, base: int, indices: Any, out: Any, hist: Any) -> None:
        runner.launch(
            kernel, items, scorer.trie, cells, near, table, len(points),
            *generator_arguments, base, indices, out, hist, HISTOGRAM_LOW, HISTOGRAM_BINS,
        )  # fmt: skip

    def on_host(indices: list[int]) -> list[int]:
        """Boards that filled even the large word set: made on the device, scored on the CPU."""
        listed = runner.upload(numpy.array(indices, dtype=numpy.uint64))
        faces = xp.empty((len(indices), cells), dtype=xp.uint32)
        runner.launch(
            "bg_roll_boards", len(indices), made.cube_faces, made.face_counts, made.dice,
            made.width, cells, seed, 0, listed, faces,
        )  # fmt: skip
        rows = runner.to_host(faces)
        native = points_table(rules, scorer.core.longest)
        return [
            scorer.core.trie.solve(
                row.tobytes(), source.rows, source.cols, rules.min_length, native, False
            )
            for row in rows
        ]

    def beyond_histogram(
        part: _Batch, best: list[tuple[int, int]]
    ) -> tuple[Counter[int], list[tuple[int, int]]]:
        """What a scored batch adds to the device's histogram: the scores the histogram
        did not count (outside it, or boards rescored past the small word set), and the
        boards that may enter the best ``best``."""
        first, scores = part.first, part.out[: part.count]
        extra: Counter[int] = Counter()
        found: list[tuple[int, int]] = []
        outside = (scores < HISTOGRAM_LOW) | (scores >= HISTOGRAM_LOW + HISTOGRAM_BINS)
        missed = xp.flatnonzero(outside | (scores == overflow))
        if len(missed):
            missed_scores = runner.to_host(scores[missed]).tolist()
            missed_items = runner.to_host(missed).tolist()
            again = [i for i, s in zip(missed_items, missed_scores, strict=True) if s == -(2**63)]
            extra.update(score for score in missed_scores if score != -(2**63))
            if again:
                listed = runner.upload(numpy.array(again, dtype=numpy.uint64) + first)
                rescored = xp.empty(len(again), dtype=xp.int64)
                launch("bg_random_stats_large", len(again), 0, listed, rescored, None)
                second = runner.to_host(rescored).tolist()
                still = [first + i for i, s in zip(again, second, strict=True) if s == -(2**63)]
                cpu = dict(zip(still, on_host(still), strict=True)) if still else {}
                for item, score in zip(again, second, strict=True):
                    score = cpu.get(first + item, score)
                    extra[score] += 1
                    found.append((score, first + item))
        if top:
            found += _candidates(runner, xp, scores, first, top, best)
        return extra, found

    done = _Summarised()

    def summarise(part: _Batch) -> None:
        nonlocal done
        with runner.stream(part.number % 2):
            extra, found = beyond_histogram(part, done.best)
        best = heapq.nsmallest(top, [*done.best, *found], key=_rank)
        done = _Summarised(done.batches + 1, done.boards + part.count, done.extra + extra, best)
        if progress is not None:
            progress(part.count)

    pending: deque[_Batch] = deque()
    interrupted = False
    try:
        for number, first in enumerate(range(0, boards, size)):
            part = _Batch(number, first, min(size, boards - first), buffers[number % 2])
            with runner.stream(number % 2):
                part.out[: part.count].fill(UNSET)
                pending.append(part)  # before its launch, so that a Ctrl-C finds it
                launch("bg_random_stats_small", part.count, first, None, part.out, histogram)
            if len(pending) == 2:  # the device scores this batch while the host takes the last
                summarise(pending[0])
                pending.popleft()
        while pending:
            summarise(pending[0])
            pending.popleft()
    except KeyboardInterrupt:
        interrupted = True
    runner.synchronize()
    if interrupted:
        for part in pending:
            if part.number >= done.batches:
                _uncount(xp, histogram, part)
    counted = runner.to_host(histogram)
    bins = numpy.flatnonzero(counted)
    counts = Counter({int(b) + HISTOGRAM_LOW: int(counted[b]) for b in bins.tolist()})
    counts.update(done.extra)
    return RandomStats(dict(counts), done.best, done.boards, interrupted)


def _uncount(xp: Any, histogram: Any, batch: _Batch) -> None:
    """Take the boards of a batch the host never summarised out of the histogram: those the
    device scored (none when its launch never reached it)."""
    scores = batch.out[: batch.count]
    counted = scores[(scores >= HISTOGRAM_LOW) & (scores < HISTOGRAM_LOW + HISTOGRAM_BINS)]
    histogram -= xp.bincount(counted - HISTOGRAM_LOW, minlength=HISTOGRAM_BINS).astype(xp.uint64)


def _candidates(
    runner: Any, xp: Any, scores: Any, first: int, top: int, best: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The boards of a batch that may enter the best ``top``: above the current ``top``-th
    best score (all boards while fewer are kept), at most about ``top`` of them."""
    overflow = xp.int64(-(2**63))
    full = len(best) >= top
    chosen = scores > xp.int64(best[-1][0]) if full else scores != overflow
    many = int(xp.count_nonzero(chosen))
    if not many:
        return []
    if many > max(CANDIDATE_LIMIT, top):
        kth = xp.sort(scores[chosen])[many - top]
        items = xp.concatenate((xp.flatnonzero(scores > kth), xp.flatnonzero(scores == kth)[:top]))
    else:
        items = xp.flatnonzero(chosen)
    values = runner.to_host(scores[items]).tolist()
    return [
        (score, first + item)
        for score, item in zip(values, runner.to_host(items).tolist(), strict=True)
    ]
