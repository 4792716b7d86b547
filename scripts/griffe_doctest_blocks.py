"""A Griffe extension for the documentation site (mkdocs.yml): docstrings as Markdown.

The library's docstrings are plain text with doctest examples and Sphinx roles, read by
``help()`` and run by the tests. mkdocstrings renders a docstring as Markdown, where an
example's output (``['fame']``) would read as a link and a role (:func:`solve`) as text.
This extension, loaded by mkdocstrings for the API reference only, puts every doctest
block in a ``pycon`` code fence and turns a role into code, leaving the source untouched.

>>> example = "Words.\\n\\n" + ">" * 3 + " 1 + 1\\n2\\n\\nMore."
>>> fence_examples(example).splitlines()
['Words.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
>>> markdown_roles("See :func:`boggle.solve` and :class:`~boggle.board.Board`.")
'See `boggle.solve` and `Board`.'
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc|obj|const):`~?([^`]+)`")


def markdown_roles(text: str) -> str:
    """Sphinx roles as Markdown code: ``:func:`x.y``` -> ```x.y```; ``~`` keeps the last name."""

    def code(match: re.Match[str]) -> str:
        target = match.group(1)
        shown = target.rsplit(".", 1)[-1] if match.group(0).count("~") else target
        return f"`{shown}`"

    return ROLE.sub(code, text)


def fence_examples(text: str) -> str:
    """Each doctest block (a ``>>>`` line up to the next blank line) inside a code fence."""
    out: list[str] = []
    in_fence = in_example = False
    indent = ""
    for line in text.splitlines():
        stripped = line.strip()
        if in_example and not stripped:
            out.append(f"{indent}```")
            in_example = False
        elif not in_fence and not in_example and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            in_example = True
        elif not in_example and stripped.startswith("```"):
            in_fence = not in_fence
        out.append(line)
    if in_example:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Rewrites each loaded object's docstring for Markdown (see the module docstring)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_examples(markdown_roles(obj.docstring.value))
