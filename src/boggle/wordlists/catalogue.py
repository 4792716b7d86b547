"""The word lists a service offers by name: the bundled lists and the files its operator
adds, each loaded once through :func:`boggle.wordlists.lexicon.load_lexicon` (its cache is the one
cache).  Clients name lists; no name a client gives is ever used as a path.

>>> catalogue = Catalogue()
>>> catalogue.default in catalogue.names()
True
>>> catalogue.get(None).name == catalogue.default
True
>>> [entry.title for entry in catalogue.entries()][:2]
['English (61,609 words)', 'English (111,817 words)']
>>> catalogue.get("../etc/passwd")
Traceback (most recent call last):
  ...
boggle.model.errors.LexiconError: unknown word list '../etc/passwd'; choose one of: ...
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from boggle.model.errors import LexiconError
from boggle.model.letters import not_text
from boggle.model.wording import counted, quoted
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.loading import load_lexicon
from boggle.wordlists.offensive import without_offensive
from boggle.wordlists.sources import DEFAULT_WORDLIST, SYSTEM_LISTS, bundled_lists, system_list_path
from boggle.wordlists.spelling import PROFILES


@dataclass(frozen=True)
class CatalogueEntry:
    """One list as clients see it: a name, a size, a line about it (never a path), and its
    title, the list as a player reads it (:func:`list_title`)."""

    name: str
    words: int | None
    description: str
    default: bool
    language: str = "en"
    title: str = ""


def list_title(name: str, language: str, words: int | None) -> str:
    """A word list as a player reads it, the same on every page: its language and its size
    ("en-70" or "SCOWL size 70" mean nothing to a newcomer; the size tells the English lists
    apart and says how many words count); the name where the size is not known.

    >>> list_title("en-70", "en", 111817)
    'English (111,817 words)'
    >>> list_title("mine", "es", None), list_title("odd", "xx", 1)
    ('Spanish (mine)', 'odd (1 word)')
    """
    profile = PROFILES.get(language)
    head = profile.name if profile is not None else name
    if words is None:
        return head if head == name else f"{head} ({name})"
    return f"{head} ({counted(words, 'word')})"


def check_list_name(name: str) -> None:
    """:class:`LexiconError` unless ``name`` can name an offered list: text that clients are
    sent in JSON and pages, so no byte that was not UTF-8 and nothing unprintable (a name
    typed on a command line as ``$'\\xff'`` answered every request for the lists with a
    server error).

    >>> check_list_name(b"\\xff".decode("utf-8", "surrogateescape"))
    Traceback (most recent call last):
      ...
    boggle.model.errors.LexiconError: the word list name '\\xff' is not valid text: it has the \
byte 0xff, which is not UTF-8
    """
    problem = not_text(name)
    if problem is not None:
        raise LexiconError(f"the word list name {quoted(name)} is not valid text: it has {problem}")
    if not name.isprintable():
        raise LexiconError(
            f"the word list name {quoted(name)} has a character that is not printable "
            "(a tab, a new line, a control character)"
        )


class Catalogue:
    """The bundled lists plus ``files`` (name to path) offered by an operator."""

    def __init__(
        self,
        files: Mapping[str, str | os.PathLike[str]] | None = None,
        default: str = DEFAULT_WORDLIST,
        leave_out_offensive: bool = False,
    ) -> None:
        self.leave_out_offensive = leave_out_offensive
        """Every list is offered less its offensive words (:mod:`boggle.wordlists.offensive`)."""
        self.bundled = {entry.name: entry for entry in bundled_lists()}
        self.files: dict[str, Path] = {}
        for name, path in (files or {}).items():
            if not name or name in self.bundled or name in self.files:
                raise LexiconError(f"the word list name {quoted(name)} is empty or already taken")
            check_list_name(name)
            self.files[name] = Path(path)
        # the GPL lists installed on this machine (de, fr, ...), offered by their language code
        self.system = [code for code in SYSTEM_LISTS if system_list_path(code) is not None]
        self.default = default
        self.titles: dict[str, str] = {}
        """Each list's title as :meth:`entries` last gave it (:meth:`title` reads it)."""
        if default not in self.bundled and default not in self.files:
            raise LexiconError(f"the default word list {quoted(default)} is not offered")

    def names(self) -> list[str]:
        return [*self.bundled, *self.system, *self.files]

    def check(self, name: str | None) -> None:
        """:class:`LexiconError` for a name no list has (cheap: nothing is read)."""
        if name is not None and name not in self.names():
            raise LexiconError(
                f"unknown word list {name!r}; choose one of: {', '.join(self.names())}"
            )

    def get(self, name: str | None) -> Lexicon:
        """The list by name (``None``: the default), read on first use."""
        self.check(name)
        chosen = self.default if name is None else name
        if chosen in self.files:
            try:
                lexicon = load_lexicon(self.files[chosen], name=chosen)
            except LexiconError:  # the message names the file: say it without the path
                raise LexiconError(f"word list {chosen!r} cannot be read on this server") from None
        else:
            lexicon = load_lexicon(chosen)
        return without_offensive(lexicon) if self.leave_out_offensive else lexicon

    def title(self, name: str | None) -> str:
        """The title of the list ``name`` (``None``: the default), as every page names it:
        as :meth:`entries` last gave it (``GET /api/dictionaries``, which a page asks first),
        or, before the lists are counted, the list's own title (reading only that list: the
        others may take seconds to count).

        >>> Catalogue().title("en-70")
        'English (111,817 words)'
        """
        chosen = self.default if name is None else name
        self.check(chosen)
        if chosen in self.titles:
            return self.titles[chosen]
        if chosen in self.bundled:
            entry = self.bundled[chosen]
            return list_title(chosen, entry.language, entry.words)
        lexicon = self.get(chosen)
        return list_title(chosen, lexicon.language or "en", len(lexicon))

    def entries(self) -> list[CatalogueEntry]:
        """Every list with its word count (an operator's file is read to count it)."""
        listed = []
        for name in self.names():
            language = "en"
            if name in self.bundled:
                entry = self.bundled[name]
                words, description, language = entry.words, entry.description, entry.language
            else:
                lexicon = self.get(name)
                words, language = len(lexicon), lexicon.language or "en"
                description = "offered by this server"
                if name in self.system:
                    description = f"{PROFILES[name].name}: {SYSTEM_LISTS[name].package} (system)"
            title = list_title(name, language, words)
            listed.append(
                CatalogueEntry(name, words, description, name == self.default, language, title)
            )
        # two lists of one language and size (an operator's copy of a bundled one): each its name
        titles = Counter(entry.title for entry in listed)
        entries = [
            replace(entry, title=f"{entry.title[:-1]}, {entry.name})")
            if titles[entry.title] > 1 and entry.title.endswith(")")
            else entry
            for entry in listed
        ]
        self.titles = {entry.name: entry.title for entry in entries}
        return entries
