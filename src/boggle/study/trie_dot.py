"""A small trie drawn with GraphViz ("Solving Boggle in Haskell", figure 4).

Each node is labelled with the prefix it stands for and ``T`` when that prefix
is a word of the list, ``F`` when it is not; word nodes are drawn with a double
border.  Edges carry the letter they read.  :func:`trie_dot` gives the DOT
text; :func:`render_dot` runs GraphViz's ``dot`` program to make SVG or PNG.

>>> print(trie_dot(["at", "a"]))
digraph trie {
  node [shape=box, fontname="Helvetica"];
  n0 [label="(root)\\nF"];
  n1 [label="A\\nT", peripheries=2];
  n0 -> n1 [label="a"];
  n2 [label="AT\\nT", peripheries=2];
  n1 -> n2 [label="t"];
}
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path

from boggle.engines.trie import TrieNode, build_trie
from boggle.files.cache import write_atomic
from boggle.model.errors import BoggleError
from boggle.model.wording import quoted

RENDER_FORMATS = ("svg", "png", "pdf")


class GraphvizError(BoggleError):
    """GraphViz is not installed, or ``dot`` refused the graph."""


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def trie_dot(words: Iterable[str], name: str = "trie") -> str:
    """The trie of ``words`` as a GraphViz ``digraph``, nodes numbered depth-first."""
    root = build_trie(words)
    lines = [f"digraph {name} {{", '  node [shape=box, fontname="Helvetica"];']
    lines.extend(_node_lines(root))
    lines.append("}")
    return "\n".join(lines)


def ascii_dot(text: str) -> str:
    """DOT ``text`` in ASCII: each letter beyond it written as GraphViz reads it in a label,
    a character reference (``&#241;``), so the graph drawn is the same whatever encoding
    carries it (GraphViz reads DOT as UTF-8: ``ñ`` written in Latin-1 drew garbage).

    >>> print(ascii_dot(trie_dot(["ñu"])).splitlines()[4])
      n0 -> n1 [label="&#241;"];
    """
    if text.isascii():
        return text
    return "".join(c if c.isascii() else f"&#{ord(c)};" for c in text)


def _node_lines(root: TrieNode) -> Iterator[str]:
    counter = 0
    stack: list[tuple[TrieNode, str, int | None, str]] = [(root, "", None, "")]
    while stack:
        node, prefix, parent, letter = stack.pop()
        number = counter
        counter += 1
        shown = prefix.upper() if prefix else "(root)"
        flag = "T" if node.word is not None else "F"
        extra = ", peripheries=2" if node.word is not None else ""
        label = _quote(f"{shown}\n{flag}")
        yield f"  n{number} [label={label}{extra}];"
        if parent is not None:
            yield f"  n{parent} -> n{number} [label={_quote(letter)}];"
        for child_letter in sorted(node.children, reverse=True):
            stack.append((node.children[child_letter], prefix + child_letter, number, child_letter))


def graphviz_available() -> bool:
    """Whether GraphViz's ``dot`` program is on the ``PATH``."""
    return shutil.which("dot") is not None


def render_dot(dot_text: str, output: str | Path, fmt: str | None = None) -> Path:
    """Render DOT text to ``output`` (format from ``fmt`` or the file's suffix) with ``dot``;
    a write error names ``output`` as given (``./t.svg``, not ``t.svg``)."""
    chosen = (fmt or Path(output).suffix.lstrip(".")).lower()
    if chosen not in RENDER_FORMATS:
        raise GraphvizError(
            f"cannot render to {quoted(Path(output).name)}: "
            f"choose a .{', .'.join(RENDER_FORMATS)} file"
        )
    program = shutil.which("dot")
    if program is None:
        raise GraphvizError(
            "GraphViz's 'dot' program is not installed (e.g. apt-get install graphviz); "
            "the DOT text can still be written"
        )
    result = subprocess.run(
        [program, f"-T{chosen}"],
        input=dot_text.encode(),
        capture_output=True,
        check=False,
    )
    if result.returncode != 0:
        message = result.stderr.decode(errors="replace").strip().splitlines()
        raise GraphvizError(f"dot failed: {message[0] if message else result.returncode}")
    write_atomic(output, result.stdout)
    return Path(output)
