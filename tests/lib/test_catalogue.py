"""The word lists a service offers by name: bundled lists plus an operator's files, on
load_lexicon's one cache (so `boggle serve` reads each file once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boggle import DEFAULT_WORDLIST, bundled_lists, load_lexicon
from boggle.model.errors import LexiconError
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.sources import SYSTEM_LISTS, system_list_path


@pytest.fixture()
def words_file(tmp_path: Path) -> Path:
    path = tmp_path / "hidden-dir" / "mine.txt"
    path.parent.mkdir()
    path.write_text("fame\nmile\nlimb\n")
    return path


def test_names_default_and_entries(words_file: Path) -> None:
    catalogue = Catalogue({"mine": words_file})
    installed = [code for code in SYSTEM_LISTS if system_list_path(code) is not None]
    assert catalogue.names() == [*(entry.name for entry in bundled_lists()), *installed, "mine"]
    assert catalogue.get(None).name == DEFAULT_WORDLIST
    mine = next(entry for entry in catalogue.entries() if entry.name == "mine")
    assert (mine.words, mine.default) == (3, False)
    assert "hidden-dir" not in repr(catalogue.entries())


def test_one_cache_shared_with_load_lexicon(words_file: Path) -> None:
    catalogue = Catalogue({"mine": words_file}, default="mine")
    lexicon = catalogue.get("mine")
    assert lexicon.name == "mine" and len(lexicon) == 3
    assert catalogue.get(None) is lexicon
    assert load_lexicon(words_file, name="mine") is lexicon
    assert Catalogue({"mine": words_file}).get("mine") is lexicon  # another service, too
    assert catalogue.get(DEFAULT_WORDLIST) is load_lexicon(DEFAULT_WORDLIST)


@pytest.mark.parametrize("name", ["nosuch", "../etc/passwd", "/etc/passwd", "mine.txt", ""])
def test_unknown_names_are_refused_and_never_read(words_file: Path, name: str) -> None:
    catalogue = Catalogue({"mine": words_file})
    with pytest.raises(LexiconError, match="unknown word list"):
        catalogue.get(name)


def test_bad_set_ups_are_refused(words_file: Path) -> None:
    with pytest.raises(LexiconError, match="not offered"):
        Catalogue({"mine": words_file}, default="other")
    with pytest.raises(LexiconError, match="already taken"):
        Catalogue({DEFAULT_WORDLIST: words_file})


def test_a_file_gone_bad_is_named_without_its_path(words_file: Path) -> None:
    catalogue = Catalogue({"mine": words_file})
    words_file.unlink()
    with pytest.raises(LexiconError) as refused:
        catalogue.get("mine")
    assert "'mine'" in str(refused.value) and "hidden-dir" not in str(refused.value)


def test_serve_preloads_into_the_same_cache(words_file: Path) -> None:
    from boggle.cli.commands.serve import parse_dict_files

    offered = parse_dict_files([f"mine={words_file}"])
    cached = load_lexicon(words_file, name="mine")
    assert Catalogue(offered).get("mine") is cached


def test_each_list_has_a_title_a_player_reads(words_file: Path, tmp_path: Path) -> None:
    """A list's title is its language and size (the same on every page); two lists of one
    language and size are told apart by their names."""
    other = tmp_path / "other.txt"
    other.write_text("cat\ndog\nemu\n")
    catalogue = Catalogue({"mine": words_file, "other": other})
    titles = {entry.name: entry.title for entry in catalogue.entries()}
    assert titles["en-70"] == "English (111,817 words)"
    assert titles["es"].startswith("Spanish (") and titles["es"].endswith(" words)")
    assert titles["mine"] == "English (3 words, mine)"
    assert titles["other"] == "English (3 words, other)"
    assert len(set(titles.values())) == len(titles)
    alone = {entry.name: entry.title for entry in Catalogue({"mine": words_file}).entries()}
    assert alone["mine"] == "English (3 words)"


def test_one_list_s_title_is_the_one_the_lists_give(words_file: Path, tmp_path: Path) -> None:
    """`title` (the daily board's line to share) names a list as `entries` does; before the
    lists are counted it reads only the list asked for, and gives its own title."""
    other = tmp_path / "other.txt"
    other.write_text("cat\ndog\nemu\n")
    catalogue = Catalogue({"mine": words_file, "other": other})
    assert catalogue.title("mine") == "English (3 words)"  # "other" not read yet
    assert catalogue.title(None) == catalogue.title("en-70") == "English (111,817 words)"
    titles = {entry.name: entry.title for entry in catalogue.entries()}
    for name, title in titles.items():
        assert catalogue.title(name) == title
    assert catalogue.title("mine") == "English (3 words, mine)"
    with pytest.raises(LexiconError):
        catalogue.title("klingon")
