"""JSON a user sends (a request body, a room message, a round file), read with each name
at most once in an object: Python's :func:`json.loads` keeps the last of a name given twice
and says nothing, so ``{"board": "abcd", "board": "efgh"}`` would be judged on a board the
sender may never have meant.

>>> read_json('{"board": "abcd", "players": [{"name": "ann"}]}', "the request body")
{'board': 'abcd', 'players': [{'name': 'ann'}]}
>>> read_json('{"board": "abcd", "board": "efgh"}', "the request body")
Traceback (most recent call last):
...
boggle.model.json_text.RepeatedNameError: the request body names 'board' twice in one \
object; give each name once
"""

from __future__ import annotations

import json
from typing import Any

from boggle.model.errors import BoggleError
from boggle.model.wording import quoted


class RepeatedNameError(BoggleError):
    """An object of a JSON text names a field twice; ``name`` is that field's name.

    >>> RepeatedNameError("'a' twice", name="a").name
    'a'
    """

    def __init__(self, message: str, *, name: str) -> None:
        super().__init__(message)
        self.name = name


def read_json(text: str | bytes, source: str) -> Any:
    """The JSON value of ``text``; :class:`RepeatedNameError` naming ``source`` (``the
    request body``, ``a message``, a file's name) and the name when an object, at any
    depth, gives one name twice.  Text that is not JSON raises what :func:`json.loads`
    raises, for the caller to word.

    >>> read_json('[{"a": 1}, {"a": 2}]', "m.json")
    [{'a': 1}, {'a': 2}]
    >>> read_json('{"p": [{"a": 1, "a": 1}]}', "m.json")
    Traceback (most recent call last):
    ...
    boggle.model.json_text.RepeatedNameError: m.json names 'a' twice in one object; give \
each name once
    """

    def unique_names(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) < len(pairs):
            seen: set[str] = set()
            for name, _ in pairs:
                if name in seen:
                    raise RepeatedNameError(
                        f"{source} names {quoted(name)} twice in one object; give each name once",
                        name=name,
                    )
                seen.add(name)
        return found

    return json.loads(text, object_pairs_hook=unique_names)
