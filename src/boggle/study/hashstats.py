"""The letter-set hash of "Solving Boggle in Haskell" and the statistics of its buckets.

A word hashes to the set of its letters as a bit mask: bit *n* is set when the
*n*-th letter of the alphabet is in the word (``a`` is bit 0, ``z`` bit 25), so
``"cab"`` and ``"abaca"`` share the hash ``0b111``
(:func:`boggle.model.letters.letter_set_mask`). The mask is then taken modulo the
table size ``2**bits``. The paper picks ``2**20`` buckets after plotting, for
``2**19 .. 2**26``, the largest bucket (the worst look-up) and the fraction of
buckets that hold any word (how much of the table is used).

>>> letter_set_mask("cab"), letter_set_mask("abaca")
(7, 7)
>>> stats = bucket_stats(["cab", "abaca", "dog", "god", "z"], bits=4)
>>> stats.max_bucket, stats.nonempty, stats.size
(2, 3, 16)
"""

from __future__ import annotations

import csv
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from boggle.files.cache import atomic_text_file
from boggle.model.checks import whole_number
from boggle.model.letters import indices_for, letter_set_mask
from boggle.model.wording import quoted


def word_masks(words: Sequence[str]) -> Counter[int]:
    """How many words have each letter-set mask."""
    indices = indices_for(words)
    return Counter(letter_set_mask(word, indices) for word in words)


@dataclass(frozen=True)
class BucketStats:
    """The buckets of a table of ``2**bits`` after hashing every word."""

    bits: int
    words: int
    nonempty: int
    max_bucket: int

    @property
    def size(self) -> int:
        """Number of buckets."""
        return 1 << self.bits

    @property
    def fraction_nonempty(self) -> float:
        """Share of the buckets that hold at least one word."""
        return self.nonempty / self.size

    @property
    def mean_nonempty_bucket(self) -> float:
        """Average number of words in a bucket that is not empty."""
        return self.words / self.nonempty if self.nonempty else 0.0


def stats_from_masks(masks: Counter[int], bits: int) -> BucketStats:
    """Bucket statistics for a table of ``2**bits`` from the word count of each mask."""
    whole_number("bits", bits, at_least=0)
    modulus = (1 << bits) - 1
    buckets: Counter[int] = Counter()
    for mask, count in masks.items():
        buckets[mask & modulus] += count
    return BucketStats(
        bits=bits,
        words=sum(masks.values()),
        nonempty=len(buckets),
        max_bucket=max(buckets.values(), default=0),
    )


def bucket_stats(words: Sequence[str], bits: int) -> BucketStats:
    """Bucket statistics of ``words`` in a letter-set hash table of ``2**bits`` buckets."""
    return stats_from_masks(word_masks(words), bits)


def bucket_stats_range(words: Sequence[str], bits: Iterable[int]) -> list[BucketStats]:
    """Bucket statistics for each table size ``2**b``, the masks computed once."""
    masks = word_masks(words)
    return [stats_from_masks(masks, b) for b in bits]


MAX_BUILT_BITS = 26
"""The largest table :func:`build_letter_hash_table` makes: 2^26 buckets, a list of 512 MiB
(the paper's has 2^20; :func:`bucket_stats` counts larger tables without making them)."""


def build_letter_hash_table(words: Sequence[str], bits: int = 20) -> list[list[str] | None]:
    """The table itself, as the paper builds it: ``2**bits`` buckets, ``None`` when empty.

    >>> table = build_letter_hash_table(["dog", "god", "cat"], bits=3)
    >>> len(table), [bucket for bucket in table if bucket]
    (8, [['dog', 'god'], ['cat']])
    >>> build_letter_hash_table(["dog"], bits=40)
    Traceback (most recent call last):
      ...
    boggle.model.errors.BoggleError: bits must be from 0 to 26, got 40
    """
    whole_number("bits", bits, at_least=0, at_most=MAX_BUILT_BITS)
    letter_table = indices_for(words)
    modulus = (1 << bits) - 1
    table: list[list[str] | None] = [None] * (1 << bits)
    for word in words:
        index = letter_set_mask(word, letter_table) & modulus
        bucket = table[index]
        if bucket is None:
            table[index] = [word]
        else:
            bucket.append(word)
    return table


def write_csv(path: Path, stats: Iterable[BucketStats]) -> None:
    """One row per table size."""
    with atomic_text_file(path, newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["bits", "buckets", "words", "max_bucket", "nonempty", "fraction_nonempty"])
        for s in stats:
            writer.writerow(
                [s.bits, s.size, s.words, s.max_bucket, s.nonempty, f"{s.fraction_nonempty:.6f}"]
            )


def plot_bucket_stats(
    stats: Sequence[BucketStats],
    out_dir: Path,
    list_name: str,
    formats: Sequence[str] = ("png", "svg"),
) -> list[Path]:
    """The paper's figures 1 and 3: log2 of the largest bucket, and the share of buckets used,
    against log2 of the table size.  Needs matplotlib."""
    from boggle.study.plotting import pyplot, save_figure

    plt = pyplot()
    bits = [s.bits for s in stats]
    log_largest = [math.log2(max(s.max_bucket, 1)) for s in stats]
    figures = (
        ("hash_max_bucket", log_largest, "log2(largest bucket)", "Largest bucket"),
        (
            "hash_nonempty",
            [100 * s.fraction_nonempty for s in stats],
            "buckets not empty (%)",
            "Share of buckets used",
        ),
    )
    paths = []
    for stem, values, ylabel, title in figures:
        figure, ax = plt.subplots(figsize=(6.4, 4.2))
        ax.plot(bits, values, "o-")
        if stem == "hash_max_bucket":  # the exact sizes, as the paper's figure 2 lists them
            for s, y in zip(stats, values, strict=True):
                ax.annotate(
                    str(s.max_bucket),
                    (s.bits, y),
                    textcoords="offset points",
                    xytext=(0, 6),
                    ha="center",
                    fontsize="x-small",
                )
        else:
            ax.set_ylim(bottom=0)
        ax.margins(y=0.1)
        ax.set_xlabel("log2(table size)")
        ax.set_ylabel(ylabel)
        ax.set_title(f"{title} against table size ({quoted(list_name)})")
        ax.grid(alpha=0.3)
        paths += save_figure(figure, out_dir, stem, formats)
    return paths
