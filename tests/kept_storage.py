"""The words a browser keeps for My words, as its localStorage holds them: the list (key
``boggle-learn``) with the practice answers stored apart from it (each page's own key,
``boggle-learn-answers-ID``, and ``boggle-learn-answers`` of the version before) read over
it, as learn.js's ``loadWords`` reads them (docs/web.md, "Words to learn")."""

from __future__ import annotations

import json
from typing import Any

KEY = "boggle-learn"
ANSWERS_KEY = "boggle-learn-answers"
PROGRESS = ("learned", "streak", "due", "practised", "learned_on")


def same_card(entry: dict[str, Any], record: dict[str, Any]) -> bool:
    """Whether a record is of the entry's card: the same word, of its language or its list."""
    if entry["word"] != record["word"]:
        return False
    language = entry.get("language")
    return (language is not None and language == record.get("language")) or entry.get(
        "list"
    ) == record.get("list")


def answer_records(page: Any) -> list[dict[str, Any]]:
    """The answers stored apart in ``page``'s localStorage, of every page (none: ``[]``), the
    earliest practised first."""
    values = page.evaluate(
        """(key) => Object.keys(localStorage).filter((name) => name === key
          || name.startsWith(key + "-")).map((name) => localStorage.getItem(name))""",
        ANSWERS_KEY,
    )
    records = [record for value in values for record in json.loads(value)["answers"]]
    return sorted(records, key=lambda record: record["practised"])


def stored_words(page: Any) -> list[dict[str, Any]]:
    """The words kept in ``page``'s localStorage, each answer stored apart that the list did
    not take in already (its ``taken`` marks) taken in, of a day the later given last."""
    raw, values = page.evaluate(
        """(key) => [localStorage.getItem(key), Object.keys(localStorage)
          .filter((name) => name.startsWith(key + "-answers"))
          .map((name) => [name, localStorage.getItem(name)])]""",
        KEY,
    )
    data = json.loads(raw) if raw else {}
    words = list(data.get("words", []))
    taken = data.get("taken", {})
    records = [
        record
        for name, value in values
        for record in json.loads(value)["answers"]
        if record.get("at", 0) > taken.get(name, -1)
    ]
    for record in sorted(records, key=lambda record: (record["practised"], record.get("at", 0))):
        entry = next((entry for entry in words if same_card(entry, record)), None)
        if entry is not None and record["practised"] >= entry.get("practised", ""):
            entry.update({name: record[name] for name in PROGRESS})
    return words
