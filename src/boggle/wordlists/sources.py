"""Where a word list comes from: bundled with boggle, a system list, or a file.

The choice is made here alone (:func:`find_list`): a name the package bundles is that list
(:func:`bundled_lists`, read from the package's ``data`` folder); a language code of
:data:`SYSTEM_LISTS` is the system's list of that language (GPL lists read from
``/usr/share/dict`` when the Debian package is installed, never shipped); anything else that
looks like a path is a file.  :mod:`boggle.wordlists.loading` loads what this finds.

>>> [entry.name for entry in bundled_lists() if entry.default]
['en-70']
>>> find_list(None).kind, find_list("es").kind, find_list("words.txt").kind
('bundled', 'bundled', 'file')
>>> find_list("lists/words.txt", "de")
ListSource(kind='file', name='words.txt', path='lists/words.txt', language='de')
>>> word_file("words.txt"), word_file("words.txt", "de"), word_file("en-70")
('words.txt', None, None)
"""

from __future__ import annotations

import json
import os

from boggle.model.errors import LexiconError
from boggle.model.wording import quoted
from boggle.wordlists.spelling import PROFILES, language_profile

TYPE_CHECKING = False  # typing, and dataclasses (12 ms), cost every start time to import
if TYPE_CHECKING:
    from dataclasses import dataclass
    from pathlib import Path
else:
    from boggle.model.records import dataclass

DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "data")
"""Where the bundled word lists and their manifest live."""

DEFAULT_WORDLIST = "en-70"
"""The bundled list used when none is named (see ``docs/wordlists.md``)."""


@dataclass(frozen=True)
class BundledList:
    """A word list shipped inside the package."""

    name: str
    file: str
    words: int
    description: str
    default: bool
    language: str = "en"
    licence: str = ""
    source: str = ""
    written: str = ""
    """The file of the written forms of its words (``es-written.txt.gz``), where the list
    folds them (:mod:`boggle.wordlists.written`); empty for a list written as it is held."""


def bundled_lists() -> list[BundledList]:
    """The word lists shipped with the package, from its manifest.

    >>> [(entry.name, entry.language) for entry in bundled_lists()][:4]
    [('en-50', 'en'), ('en-70', 'en'), ('en-80', 'en'), ('es', 'es')]
    """
    manifest = os.path.join(DATA_DIR, "wordlists.json")
    try:
        with open(manifest, encoding="utf-8") as handle:
            entries = json.load(handle)
    except FileNotFoundError:
        return []
    return [
        BundledList(
            e["name"],
            e["file"],
            e["words"],
            e.get("description", ""),
            e.get("default", False),
            e.get("language", "en"),
            e.get("licence", ""),
            e.get("source", ""),
            e.get("written", {}).get("file", ""),
        )
        for e in entries
    ]


@dataclass(frozen=True)
class SystemList:
    """A word list under the GPL, not shipped: read from ``/usr/share/dict`` when installed."""

    code: str
    package: str
    path: str
    licence: str


SYSTEM_LISTS: dict[str, SystemList] = {
    s.code: s
    for s in (
        SystemList("fr", "wfrench", "/usr/share/dict/french", "GPL-2+"),
        SystemList("de", "wngerman", "/usr/share/dict/ngerman", "GPL-2+"),
        SystemList("it", "witalian", "/usr/share/dict/italian", "GPL-3+"),
        SystemList("sv", "wswedish", "/usr/share/dict/swedish", "GPL-2+"),
        SystemList("da", "wdanish", "/usr/share/dict/danish", "GPL-2+"),
    )
}
"""The names that resolve to a Debian ``w*`` package's list, by language code."""


def system_list_path(code: str) -> Path | None:
    """The installed ``/usr/share/dict`` file of language ``code``, or ``None``."""
    from pathlib import Path  # here: pathlib costs the default list's start milliseconds

    entry = SYSTEM_LISTS.get(code)
    if entry is None:
        return None
    path = Path(entry.path)
    return path if path.is_file() else None


def missing_list_message(code: str) -> str:
    """The one line telling how to install the system list of ``code``."""
    entry = SYSTEM_LISTS[code]
    name = PROFILES[code].name
    return (
        f"the {name} word list {code!r} is not installed ({entry.licence}, so not shipped); "
        f"install it with: apt-get install {entry.package}"
    )


def language_names() -> dict[str, str]:
    """Every language a list is available for (bundled or installed), code -> name."""
    codes = [entry.language for entry in bundled_lists()]
    codes += [code for code in SYSTEM_LISTS if system_list_path(code) is not None]
    return {code: PROFILES[code].name for code in dict.fromkeys(codes)}


def describe_system_lists() -> list[dict[str, object]]:
    """The system lists as ``boggle dicts`` shows them: installed or what to install."""
    rows: list[dict[str, object]] = []
    for code, entry in SYSTEM_LISTS.items():
        path = system_list_path(code)
        rows.append(
            {
                "name": code,
                "language": code,
                "installed": path is not None,
                "path": entry.path,
                "package": entry.package,
                "licence": entry.licence,
                "source": f"Debian package {entry.package} ({os.fspath(entry.path)})",
            }
        )
    return rows


@dataclass(frozen=True)
class ListSource:
    """Where one word list comes from, as :func:`find_list` decided it."""

    kind: str
    """``"bundled"``, ``"system"`` or ``"file"``."""
    name: str
    """The list's name: the bundled name, the language code, or the file's name."""
    path: str
    """The file to read."""
    language: str | None
    """The language profile the words are read with (``None``: the default rules)."""


def find_list(
    name_or_path: str | os.PathLike[str] | None = None,
    language: str | None = None,
    *,
    name: str | None = None,
) -> ListSource:
    """Where the list ``name_or_path`` comes from (``None``: the default bundled list), read
    with ``language``'s profile when one is given; ``name`` names a file's list (default: the
    file's name).  One :class:`~boggle.model.errors.LexiconError` line for a name that is no
    list, a system list that is not installed, or a bundled list asked for in another language.
    """
    text = DEFAULT_WORDLIST if name_or_path is None else os.fspath(name_or_path)
    bundled = {entry.name: entry for entry in bundled_lists()}
    if text in bundled:
        entry = bundled[text]
        if language is not None and language_profile(language).code != entry.language:
            raise LexiconError(
                f"{text!r} lists {PROFILES[entry.language].name} words, not "
                f"{language_profile(language).name}; name no language for it, or give a file"
            )
        return ListSource("bundled", text, os.path.join(DATA_DIR, entry.file), entry.language)
    if text in SYSTEM_LISTS:
        if system_list_path(text) is None:
            raise LexiconError(missing_list_message(text))
        profile = language_profile(language or text)
        return ListSource("system", text, SYSTEM_LISTS[text].path, profile.code)
    if language is None and not (
        os.sep in text or "/" in text or "." in text or os.path.exists(text)
    ):
        names = ", ".join(bundled) or "none are installed"
        system = ", ".join(SYSTEM_LISTS)
        raise LexiconError(
            f"unknown word list {quoted(text)}; give a file path, a bundled name ({names}) "
            f"or a system list ({system})"
        )
    shown = name or os.path.basename(os.path.normpath(text))
    chosen = None if language is None else language_profile(language).code
    return ListSource("file", shown, text, chosen)


def word_file(name_or_path: str | None, language: str | None = None) -> str | None:
    """The file of a list that an engine can read itself (a plain file read with the default
    rules), or ``None`` for a bundled or system list or a file read with a language's rules.
    """
    if name_or_path is None:
        return None
    source = find_list(name_or_path, language)
    return source.path if source.kind == "file" and source.language is None else None
