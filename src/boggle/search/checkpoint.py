"""The checkpoint of a proof: a JSON-lines file, one finished top-level class a line.

The first line says what is being proved (size, word list digest, rules,
threshold, the top-level classes' buckets); a file for another proof is refused, so results never
mix.  Each finished class is appended and flushed at once, so an interrupted
proof loses at most the classes it was working on.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, TextIO

from boggle.errors import BoggleError
from boggle.lexicon import Lexicon
from boggle.rules import Rules

if TYPE_CHECKING:
    from boggle.search.classes import Layout
    from boggle.search.prove import ClassResult

KIND = "boggle-prove-checkpoint"


class Checkpoint:
    """An open checkpoint file and the classes it already holds."""

    def __init__(self, stream: TextIO, finished: dict[int, ClassResult]) -> None:
        self.stream = stream
        self.finished = finished

    @classmethod
    def open(
        cls,
        path: str | None,
        rows: int,
        cols: int,
        lexicon: Lexicon,
        rules: Rules,
        above: int,
        layout: Layout,
    ) -> Checkpoint | None:
        """Open (or start) the checkpoint at ``path``; ``None`` when there is none."""
        from boggle.search.prove import ClassResult

        if path is None:
            return None
        header = {
            "kind": KIND,
            "size": f"{rows}x{cols}",
            "dictionary": lexicon.digest,
            "rules": rules.to_json(),
            "above": above,
            **layout.to_json(),
        }
        finished: dict[int, ClassResult] = {}
        if os.path.exists(path):
            lines = _read_lines(path)
            first = lines[0] if lines else None
            if not isinstance(first, dict) or first.get("kind") != KIND:
                raise BoggleError(f"{path} is not a prove checkpoint; not overwriting it")
            _fill_older_header(first)
            for name in header:
                if first.get(name) != header[name]:
                    raise BoggleError(
                        f"checkpoint {path} is for another proof ({name}: "
                        f"{first.get(name)!r}, here {header[name]!r})"
                    )
            for line in lines[1:]:
                finished[line["index"]] = ClassResult(
                    line["index"],
                    tuple((b, s) for b, s in line["boards"]),
                    line["bounds"],
                    line["seconds"],
                )
            _drop_torn_tail(path)
            stream = open(path, "a", encoding="utf-8")  # noqa: SIM115
        else:
            try:
                stream = open(path, "x", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise BoggleError(f"cannot write {path}: {error.strerror}") from None
            stream.write(json.dumps(header) + "\n")
            stream.flush()
        return cls(stream, finished)

    def add(self, result: ClassResult) -> None:
        record = {
            "index": result.index,
            "boards": [list(pair) for pair in result.boards],
            "bounds": result.bounds,
            "seconds": round(result.seconds, 4),
        }
        self.stream.write(json.dumps(record) + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()


def _fill_older_header(header: dict[str, Any]) -> None:
    """Checkpoints written before corners and inner cells had buckets of their own say
    ``corner_buckets: null`` (as the edges) and no ``inner_buckets`` (as the edges)."""
    if header.get("corner_buckets", ...) is None:
        header["corner_buckets"] = header.get("buckets")
    header.setdefault("inner_buckets", header.get("buckets"))


def _read_lines(path: str) -> list[Any]:
    """The JSON lines of a checkpoint; a torn last line (killed mid-write) is dropped."""
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError) as error:
        raise BoggleError(f"cannot read checkpoint {path}: {error}") from None
    lines: list[Any] = []
    raw = text.splitlines()
    for number, line in enumerate(raw):
        try:
            lines.append(json.loads(line))
        except json.JSONDecodeError:
            if number == len(raw) - 1 and number > 0:
                break
            raise BoggleError(f"{path} is not a prove checkpoint; not overwriting it") from None
    return lines


def _drop_torn_tail(path: str) -> None:
    """Cut a last line left without its newline (a write cut short), ready to append."""
    with open(path, "rb") as stream:
        data = stream.read()
    os.truncate(path, data.rfind(b"\n") + 1)
