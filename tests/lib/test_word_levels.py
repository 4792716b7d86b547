"""How well known a word is: frequencies from wordfreq, levels, the cache, games' settings."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest

from boggle import Board, Lexicon, load_lexicon, solve
from boggle.dice.measured import roll_for_language
from boggle.files.cache import cache_folder
from boggle.game.word_setting import WordSetting
from boggle.model.errors import MissingDependencyError
from boggle.model.word_levels import (
    COMMON_ZIPF,
    STANDARD_ZIPF,
    WordLevelError,
    check_choice,
    keeps,
    level_for,
)
from boggle.model.word_levels import rank as level_rank
from boggle.rooms import Room, RoomError, RoomSettings, judge
from boggle.wordlists import frequencies as frequencies_module
from boggle.wordlists.frequencies import (
    ListFrequencies,
    at_level,
    level_lexicon,
    list_frequencies,
    name_words,
    with_frequencies,
)
from boggle.wordlists.sources import system_list_path
from boggle.wordlists.spelling import PROFILES, language_lexicon

wordfreq = pytest.importorskip("wordfreq", reason="the word levels need wordfreq ([test] extra)")

BUNDLED = ["en-70", "es", "nl", "pl", "pt"]
SYSTEM = [code for code in ("fr", "de", "it", "sv", "da") if system_list_path(code) is not None]
BOARD = Board.parse("fxie amlo ewbx astu")


def lexicon_of(name: str) -> Lexicon:
    return load_lexicon(name) if name in BUNDLED else load_lexicon(name, name)


@pytest.mark.parametrize("name", BUNDLED + SYSTEM)
def test_levels_are_monotone_on_random_boards(name: str) -> None:
    lexicon = lexicon_of(name)
    for seed in range(12):
        board = roll_for_language(lexicon, "new", seed)
        every = solve(board, lexicon)
        standard = solve(board, lexicon, words="standard")
        common = solve(board, lexicon, words="common")
        assert set(common.by_word) <= set(standard.by_word) <= set(every.by_word)
        rich = with_frequencies(every)
        levels = {w.word: rich.frequency(w.word).level for w in rich}  # type: ignore[union-attr]
        assert set(common.by_word) == {w for w, level in levels.items() if level == "common"}
        assert set(standard.by_word) == {w for w, level in levels.items() if level != "obscure"}
        assert common.score == sum(w.points for w in common)
        assert sum(rich.level_counts().values()) == every.count  # type: ignore[union-attr]


def expected_level(word: str, zipf: float, english: bool) -> str:
    if zipf >= COMMON_ZIPF and not (english and word in name_words()):
        return "common"
    if zipf >= COMMON_ZIPF:
        return "standard"  # a name's frequency: a common name, not a common word
    if zipf >= STANDARD_ZIPF or (english and word in load_lexicon("en-50")):
        return "standard"
    return "obscure"


def test_an_english_words_level_is_wordfreqs_frequency_against_the_thresholds() -> None:
    lexicon = load_lexicon("en-70")
    frequencies = list_frequencies(lexicon)
    sample = list(lexicon.words[::97])
    sample += [w.word for seed in range(5) for w in solve(roll_for_language(lexicon, seed=seed))]
    assert len(sample) > 1000
    for word in sample:
        zipf = wordfreq.zipf_frequency(word, "en")
        found = frequencies.get(word)
        assert found.zipf == zipf, word
        assert found.level == expected_level(word, zipf, english=True), word


def test_a_word_that_is_also_a_name_is_not_common_but_a_common_word_that_is_one_is() -> None:
    """BARNEY is written as often as common words because of the name (wordfreq counts
    Barney with barney): standard; ROSE and BILL are common words of the small list."""
    frequencies = list_frequencies(load_lexicon("en-70"))
    for name in ("barney", "dora", "eyre", "charlie"):
        found = frequencies.get(name)
        assert found.zipf >= COMMON_ZIPF and found.level == "standard", name
    assert frequencies.get("rose").level == frequencies.get("bill").level == "common"
    spanish = list_frequencies(load_lexicon("es"))  # an English name, a common Spanish word
    assert "alma" in name_words() and spanish.get("alma").level == "common"


@pytest.mark.parametrize("damage", ["cut", "not text", "missing"])
def test_a_damaged_names_file_means_no_names_not_an_error(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = gzip.compress(b"barney\n" * 1000)
    data = {"cut": whole[: len(whole) // 2], "not text": gzip.compress(b"\xff\xfe\n")}
    if damage in data:
        (tmp_path / frequencies_module.NAMES_FILE).write_bytes(data[damage])
    monkeypatch.setattr(frequencies_module, "DATA_DIR", str(tmp_path))
    assert name_words() == frozenset()


@pytest.mark.parametrize("name", ["es", "nl", "pl", "pt", *SYSTEM])
def test_a_folded_words_frequency_is_its_best_spelling(name: str) -> None:
    lexicon = lexicon_of(name)
    code = lexicon.language or "en"
    frequencies = list_frequencies(lexicon)
    for word in lexicon.words[::211]:
        found = frequencies.get(word)
        assert found.zipf >= wordfreq.zipf_frequency(word, code), word  # one of its spellings
        assert found.level == expected_level(word, found.zipf, english=False), word


def test_folding_takes_the_most_frequent_spelling() -> None:
    raw = ["canción", "camión", "niño", "papá", "papa", "zzzzqx"]
    lexicon = language_lexicon(raw, "es")
    frequencies = list_frequencies(lexicon)
    for spelling in ["canción", "camión", "niño"]:
        folded = PROFILES["es"].fold(spelling)
        assert frequencies.get(folded).zipf == wordfreq.zipf_frequency(spelling, "es")
    both = max(wordfreq.zipf_frequency(s, "es") for s in ["papá", "papa"])
    assert frequencies.get("papa").zipf == both
    assert frequencies.get("zzzzqx") == (0.0, "obscure")


def test_the_levels_come_from_the_cache_on_a_later_run(monkeypatch: pytest.MonkeyPatch) -> None:
    words = ["the", "cat", "adnate", "agorae", "zyzzyva", "house"]
    first = list_frequencies(Lexicon.from_words(words))
    again = ListFrequencies.from_payload(first.payload())
    assert again is not None
    assert [again.get(w) for w in words] == [first.get(w) for w in words]
    assert cache_folder("frequencies") is not None

    def no_lookup(lexicon: Lexicon) -> ListFrequencies:
        raise AssertionError("computed again instead of read from the cache")

    monkeypatch.setattr(frequencies_module, "build_frequencies", no_lookup)
    fresh = Lexicon.from_words(words)  # the same list, not yet seen by this process
    assert [list_frequencies(fresh).get(w) for w in words] == [first.get(w) for w in words]
    for entry in Path(cache_folder("frequencies") or "").glob(f"{fresh.digest[:32]}-*.levels"):
        entry.write_bytes(b"damaged")
    with pytest.raises(AssertionError, match="computed again"):  # a damaged entry is not trusted
        list_frequencies(Lexicon.from_words(words))


def test_a_solution_keeps_its_words_at_a_level() -> None:
    whole = with_frequencies(solve(BOARD))
    common = at_level(solve(BOARD), "common")
    assert common.count == whole.level_counts()["common"]  # type: ignore[index]
    assert common.score < whole.score
    json = common.to_json()
    assert {w["level"] for w in json["words"]} == {"common"}
    assert all(w["zipf"] >= COMMON_ZIPF for w in json["words"])
    ordered = whole.best_known_first()
    order = ["common", "standard", "obscure"]
    ranks = [order.index(whole.frequency(w.word).level) for w in ordered]  # type: ignore[union-attr]
    assert ranks == sorted(ranks)
    assert at_level(whole, "all") is whole


def test_a_levels_lexicon_scores_as_the_levels_solution() -> None:
    lexicon = load_lexicon()
    for seed in range(10):
        board = roll_for_language(lexicon, seed=seed)
        for choice in ("common", "standard"):
            kept = level_lexicon(lexicon, choice)
            assert solve(board, kept).score == solve(board, lexicon, words=choice).score
    assert level_lexicon(lexicon, "all") is lexicon


def test_level_rules() -> None:
    assert level_for(COMMON_ZIPF) == "common"
    assert level_for(COMMON_ZIPF - 0.01) == "standard"
    assert level_for(STANDARD_ZIPF - 0.01) == "obscure"
    assert level_for(0.0, in_standard_list=True) == "standard"
    assert [keeps("common", lv) for lv in ("common", "standard", "obscure")] == [1, 0, 0]
    assert [keeps("standard", lv) for lv in ("common", "standard", "obscure")] == [1, 1, 0]
    assert [keeps("all", lv) for lv in ("common", "standard", "obscure")] == [1, 1, 1]


@pytest.mark.parametrize("bad", ["rare", "", "COMMON", "obscure"])
def test_an_unknown_level_is_refused(bad: str) -> None:
    with pytest.raises(WordLevelError, match="unknown level of words"):
        check_choice(bad)
    with pytest.raises(WordLevelError):
        solve(BOARD, words=bad)
    with pytest.raises(WordLevelError, match="'word_level' must be one of"):
        WordSetting.from_json({"word_level": bad})
    with pytest.raises(RoomError, match="word_level") as caught:
        RoomSettings.from_json({"word_level": bad}, ["en-70"])
    assert caught.value.code == "bad_settings"
    with pytest.raises(RoomError, match="other_words"):
        RoomSettings.from_json({"word_level": "common", "other_words": bad}, ["en-70"])


def block_wordfreq(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play wordfreq's absence: its import fails, as when it is not installed."""
    monkeypatch.setitem(sys.modules, "wordfreq", None)


def test_without_wordfreq_one_line_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    block_wordfreq(monkeypatch)
    with pytest.raises(MissingDependencyError) as caught:
        list_frequencies(Lexicon.from_words(["cat", "dog"]))
    message = str(caught.value)
    assert 'pip install "boggle[words]"' in message and "\n" not in message
    fresh = Lexicon.from_words(["fame", "fax"])
    assert solve(BOARD, fresh, words="all").count == 2  # every word needs nothing
    with pytest.raises(MissingDependencyError):
        solve(BOARD, Lexicon.from_words(["fame"]), words="common")
    with pytest.raises(RoomError, match="wordfreq"):
        RoomSettings.from_json({"word_level": "common"}, ["en-70"])


LEXICON = load_lexicon()


def room_round(other_words: str, typed: list[str]) -> tuple[Room, dict[str, object]]:
    settings = RoomSettings.from_json(
        {"word_level": "common", "other_words": other_words}, ["en-70"]
    )
    room = Room("ABCDEF", settings, LEXICON)
    ann = room.join("ann", 0.0)
    room.start(ann.token, 0.0, BOARD)
    statuses = [room.submit(ann.token, word, 1.0).status for word in typed]
    job = room.close_round(now=room.settings.seconds)
    assert job is not None
    summary = room.record(judge(job))
    summary["statuses"] = statuses
    return room, summary


def test_a_room_of_common_words_refuses_or_sets_apart_the_others() -> None:
    whole = with_frequencies(solve(BOARD, LEXICON))
    levels = {w.word: whole.frequency(w.word).level for w in whole}  # type: ignore[union-attr]
    common = next(w for w, level in levels.items() if level == "common")
    other = next(w for w, level in levels.items() if level != "common")
    for mode, status in (("refused", "other_level"), ("zero", "set_apart")):
        _, summary = room_round(mode, [common, other])
        assert summary["statuses"] == ["accepted", status]
        assert summary["scores"] == {"ann": whole.by_word[common].points}
        assert summary["set_apart"] == ({"ann": [other]} if mode == "zero" else {})
        assert summary["maximum"] == whole.kept("common").score
        assert summary["levels"] == whole.level_counts()
        unfound = summary["unfound"]
        assert isinstance(unfound, list)
        ranks = [["common", "standard", "obscure"].index(w["level"]) for w in unfound]
        assert ranks == sorted(ranks)
        assert summary["word_level"] == "common" and summary["other_words"] == mode


def test_hints_go_to_common_words_first_then_by_frequency() -> None:
    from boggle.game.hints import hint_order
    from boggle.game.word_setting import with_levels

    solution = with_levels(solve(Board.parse("fxie amlo ewbx astu"), load_lexicon()))
    order = hint_order(solution)
    known = [solution.frequency(word) for word in order]
    assert all(item is not None for item in known)
    ranks = [level_rank(item.level) for item in known if item is not None]
    assert ranks == sorted(ranks), "a less common level hinted before a more common one"
    common = [item.zipf for item in known if item is not None and item.level == "common"]
    assert common and common == sorted(common, reverse=True)
