"""How a command's ``--help`` ends: examples a newcomer can run as written.

>>> print(examples_epilog("roll").splitlines()[1])
  boggle roll
>>> with_examples("solve")["epilog"].splitlines()[0]
'examples:'
"""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # typing costs milliseconds to import on every start
if TYPE_CHECKING:
    from typing import Any

EXAMPLES: dict[str, tuple[str, ...]] = {
    "solve": (
        'boggle solve "fxie amlo ewbx astu"',
        "boggle solve fxieamloewbxastu --json --engine trie",
        "boggle solve --random --size 5 --seed 7 --no-paths",
        "boggle roll | boggle solve -",
        'boggle solve "[ij]zer/" --dict nl',
    ),
    "score": (
        "boggle roll --count 1000 --seed 1 > boards.txt",
        "boggle score boards.txt --jobs 2",
        "boggle roll --dice big --count 100 | boggle score --rules classic",
    ),
    "stats": (
        "boggle stats --random 100000 --seed 1",
        "boggle stats --random 100000 --size 5x5 --seed 7 --json",
        "boggle stats --random 1000000 --seed 1 --plot scores.svg --top 20",
    ),
    "compare": (
        'boggle compare "fxie amlo ewbx astu"',
        "boggle compare --random --seed 1 --json",
    ),
    "define": (
        "boggle define ran",
        "boggle define cats --json",
        "boggle define casa --language es",
    ),
    "roll": (
        "boggle roll",
        "boggle roll --dice big --seed 7 --count 3",
        "boggle roll --dice uniform --size 5x7",
        "boggle roll --language es --seed 1",
        "boggle roll --grid --seed 3 --count 4",
    ),
    "judge": (
        "boggle judge round.json",
        "boggle judge round.json --challenge all --json",
        "printf 'fame\\nmile\\n' > a.txt && printf 'fame\\nlimb\\n' > b.txt",
        "boggle judge --board fxieamloewbxastu --player ann=a.txt --player bob=b.txt",
    ),
    "play": (
        "boggle play",
        'boggle play "fxie amlo ewbx astu" --time 60',
        "printf 'fame\\n?mile\\n' | boggle play \"fxie amlo ewbx astu\"",
    ),
    "paths": (
        "boggle paths --size 4 --per-cell",
        "boggle paths --size 5 --length 8 --json",
    ),
    "bench": (
        "boggle bench runtime --engine native --engine trie --sizes 3-12",
        "boggle bench memory --engine native",
        "boggle bench hash --bits 10-26 --out bench/",
        "boggle bench solve-random --size 5 --seed 1",
    ),
    "bench runtime": (
        "boggle bench runtime --engine native --engine trie --sizes 3-12",
        "boggle bench runtime --sizes 3-8 --repeat 3 --out bench/",
    ),
    "bench memory": (
        "boggle bench memory --engine native --engine trie",
        "boggle bench memory --hash-bits 16 --out bench/",
    ),
    "bench hash": (
        "boggle bench hash",
        "boggle bench hash --bits 10-26 --out bench/",
    ),
    "bench solve-random": (
        "boggle bench solve-random --size 5 --seed 1",
        "boggle bench solve-random --engine trie --no-paths",
    ),
    "search": (
        "boggle search --size 4x4 --seconds 60 --seed 1",
        "boggle search --size 4x4 --dice new --seconds 30 --json",
        "boggle search --size 3x4 --method anneal --seconds 20 --objective words",
    ),
    "prove": (
        "boggle prove --size 3x3 --above 400 --rules classic",
        "boggle prove --size 3x3 --above 400 --checkpoint p33.jsonl --jobs 2",
        "boggle prove --size 4x4 --above 3000 --buckets 4 --estimate --samples 20",
    ),
    "trie": (
        "boggle trie --words 30 --dot > trie.dot",
        "boggle trie --words 30 --out trie.svg",
    ),
    "dicts": (
        "boggle dicts",
        "boggle dicts --json",
        "boggle dicts export en-70 en-70.txt",
    ),
    "dicts export": (
        "boggle dicts export en-70 en-70.txt",
        "boggle dicts export es > es.txt",
    ),
    "words": (
        "boggle words add limbo fame",
        "boggle words",
        "boggle words practise",
    ),
    "words add": (
        "boggle words add limbo fame",
        "boggle words add casa --dict es",
    ),
    "words list": (
        "boggle words list",
        "boggle words list --json",
    ),
    "words practise": (
        "boggle words practise",
        "boggle words practise --file ~/words.json",
    ),
    "words remove": ("boggle words remove limbo",),
    "words import": ("boggle words import boggle-words-2026-11-29.json",),
    "words export": (
        "boggle words export",
        "boggle words export ~/words-backup.json --force",
    ),
    "serve": (
        "boggle serve",
        "boggle serve --lan",
        "boggle serve --port 8080 --default-dict en-80",
    ),
}
"""Each command's examples (``"bench runtime"`` for a measurement), as its help shows them."""


class ExampleHelpFormatter(argparse.HelpFormatter):
    """Wraps the description to the terminal as every command's help does, and prints a text
    of several lines (the examples) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class OptionalActionHelpFormatter(ExampleHelpFormatter):
    """As :class:`ExampleHelpFormatter`, for a command whose action may be left out (``boggle
    words`` lists the kept words): its usage line shows the action in brackets, ``[ACTION
    ...]``, where argparse writes ``ACTION ...`` as if it were required."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        shown = super()._format_args(action, default_metavar)
        if action.nargs == argparse.PARSER and not action.required:
            return f"[{shown}]"
        return shown


def examples_epilog(command: str) -> str:
    """The closing lines of ``command``'s help: ``examples:`` and one command a line."""
    return "\n".join(["examples:", *(f"  {line}" for line in EXAMPLES[command])])


def with_examples(command: str, *, optional_action: bool = False) -> dict[str, Any]:
    """The ``add_parser`` keywords that end ``command``'s help with its examples;
    ``optional_action``: the command does something with no action (its usage line shows
    ``[ACTION ...]``)."""
    formatter = OptionalActionHelpFormatter if optional_action else ExampleHelpFormatter
    return {"epilog": examples_epilog(command), "formatter_class": formatter}
