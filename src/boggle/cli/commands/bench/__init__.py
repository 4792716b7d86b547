"""``boggle bench runtime|memory|hash|solve-random``: measurements of Solving Boggle in Haskell.

* ``runtime`` — random N x N boards solved by each engine: CSV of every solve and of
  the mean and standard deviation per size, plots against N and N**2;
* ``memory`` — memory of each data structure and of each engine's cached structures;
* ``hash`` — the letter-set hash table's largest bucket and share of used buckets
  against the table size;
* ``solve-random`` — one random N x N board, solved and printed (the paper's
  ``solve_random``).
"""

from __future__ import annotations

from typing import Any

from boggle.cli.commands._help import with_examples
from boggle.cli.commands.bench import hash_table, memory, runtime, solve_random
from boggle.cli.commands.bench._shared import usage


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure engines and data structures (runtime, memory, hash table)",
        description="Measurements from 'Solving Boggle in Haskell': runtime against board "
        "size, memory of each data structure, the letter-set hash table's buckets, and one "
        "random board solved.",
        **with_examples("bench"),
    )
    parser.set_defaults(run=lambda _args: usage(parser))
    commands = parser.add_subparsers(title="measurements", metavar="MEASUREMENT")
    runtime.register(commands)
    memory.register(commands)
    hash_table.register(commands)
    solve_random.register(commands)
