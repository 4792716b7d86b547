"""A word typed with accents the round's list has no letter for (``café`` in English) is
read without them and judged as that word, the verdict saying so; a letter of the list's
alphabet (Spanish ``ñ``, Polish ``ż``) stays a letter of its own."""

from __future__ import annotations

from boggle import Board, Lexicon, judge_round, load_lexicon, solve
from boggle.game import PlaySession, check_word, reading_note, typed_word
from boggle.model.rules import CLASSIC
from boggle.rooms import Room, RoomSettings

CAFE_BOARD = Board.parse("cafx xexx xxxx xxxx")
CAFE = Lexicon.from_words(["cafe", "face"])


def test_an_english_word_typed_with_accents_is_judged_without_them() -> None:
    check = check_word("Café", CAFE_BOARD, CAFE, CLASSIC)
    assert (check.word, check.status.value, check.points) == ("cafe", "counted", 1)
    assert check.message == "read as CAFE, without accents"
    assert check_word("cafe", CAFE_BOARD, CAFE, CLASSIC).message == ""
    missing = check_word("fâce", CAFE_BOARD, Lexicon.from_words(["cafe"]), CLASSIC)
    assert (missing.word, missing.status.value) == ("face", "not_a_word")
    assert missing.message == "read as FACE, without accents"


def test_the_judge_reads_accents_the_list_lacks_as_the_word_and_says_so() -> None:
    result = judge_round(CAFE_BOARD, {"ann": ["café", "cafe"], "bob": ["FACÉ"]}, CAFE)
    ann, bob = result.player("ann").verdicts, result.player("bob").verdicts
    assert [(v.word, v.status.value) for v in ann] == [("cafe", "counted"), ("cafe", "repeated")]
    assert (bob[0].word, bob[0].status.value, bob[0].points) == ("face", "counted", 1)
    assert "  CAFE   1  counted (read as CAFE, without accents)" in result.text()


def test_solo_play_and_a_room_read_accents_the_list_lacks_as_the_word() -> None:
    session = PlaySession(CAFE_BOARD, solve(CAFE_BOARD, CAFE))
    said = session.submit("café")
    assert (said.word, said.status, said.message) == (
        "cafe",
        "accepted",
        "read as CAFE, without accents",
    )
    assert session.submit("cafe").status == "already_found"
    assert session.path_of("café") == ((0, 0), (0, 1), (0, 2), (1, 1))

    room = Room("ABCDEF", RoomSettings.from_json({}, ["en-70"]), CAFE)
    ann = room.join("ann", 0.0)
    room.start(ann.token, now=0.0, board=CAFE_BOARD)
    assert (room.submit(ann.token, "CAFÉ", 1.0).status, ann.entries) == ("accepted", ["cafe"])
    assert room.submit(ann.token, "cafe", 1.0).status == "repeated"


def test_a_rooms_verdict_on_a_word_it_counts_says_it_was_read_without_accents() -> None:
    """A room told the accents dropped only when it refused the word: a word found in its
    solution was accepted with no message."""
    room = Room("ABCDEF", RoomSettings.from_json({}, ["en-70"]), CAFE)
    ann = room.join("ann", 0.0)
    room.start(ann.token, now=0.0, board=CAFE_BOARD)
    read = "read as CAFE, without accents"
    assert room.submit(ann.token, "CAFÉ", 1.0).to_json()["message"] == read
    assert room.submit(ann.token, "cafe", 1.0).message == "you already have this word"
    again = room.submit(ann.token, "café", 1.0)
    assert (again.status, again.message) == ("repeated", f"you already have this word; {read}")
    assert reading_note("Fâce", CAFE) == "read as FACE, without accents"


def test_the_english_list_counts_naive_typed_as_naive() -> None:
    board = Board.parse("naiv xxxe xxxx xxxx")
    check = check_word("naïve", board, load_lexicon("en-70"), CLASSIC)
    assert (check.word, check.status.value, check.points) == ("naive", "counted", 2)


def test_a_letter_of_the_lists_alphabet_stays_its_own_letter() -> None:
    spanish, polish = load_lexicon("es"), load_lexicon("pl")
    assert typed_word("Año", spanish) == "año" and typed_word("canción", spanish) == "cancion"
    assert typed_word("ŻABA", polish) == "żaba"
    check = check_word("año", Board.parse("añox xxxx xxxx xxxx"), spanish, CLASSIC)
    assert (check.word, check.status.value, check.message) == ("año", "counted", "")
    # a list of one's own that holds the letter keeps it: naïve is not naive there
    own = Lexicon.from_words(["naïve", "naive"])
    assert typed_word("naïve", own) == "naïve" and typed_word("naive", own) == "naive"
    # a letter with no base letter (ø) is left as typed, to be judged as it is
    assert typed_word("smørrebrød", CAFE) == "smørrebrød"


def test_a_letter_with_no_accent_to_drop_is_not_read_as_others() -> None:
    # a Hangul syllable comes apart into its jamo, no accent among them: it was read as them
    # ("read as 한, without accents", three letters for one)
    assert (typed_word("한", CAFE), reading_note("한", CAFE)) == ("한", "")
    check = check_word("한한한", CAFE_BOARD, CAFE, CLASSIC)
    assert (check.word, check.message) == ("한한한", "")


def test_an_accent_left_apart_from_its_letter_is_dropped_not_refused() -> None:
    """A mark that composes with no letter stays a character of its own after NFC: a
    browser's lower case of the Turkish ``İ`` (``i`` and a combining dot, as JavaScript's
    ``"İ".toLowerCase()`` writes it), a Polish ``z`` typed with a grave. In a Polish or
    English round it was refused ("has characters that are not letters"), where the Spanish
    profile, which folds accents, read the word; the mark is now dropped as an accent the
    list has no letter for, and the verdict says so."""
    polish = load_lexicon("pl")
    board = Board.parse("gęsi żaba xxxx xxxx")
    check = check_word("gęsi\u0307", board, polish, CLASSIC)
    assert (check.word, check.status.value, check.message) == (
        "gęsi",
        "counted",
        "read as GĘSI, without accents",
    )
    assert typed_word("z\u0300aba", polish) == "zaba"
    assert typed_word("z\u0307aba", polish) == "żaba"  # composes: a letter of its own
    english = check_word(
        "ki\u0307t", Board.parse("kitx xxxx xxxx xxxx"), load_lexicon("en-70"), CLASSIC
    )
    assert (english.word, english.status.value) == ("kit", "counted")


def test_an_entry_of_accents_alone_has_no_letters_rather_than_being_an_empty_line() -> None:
    """Combining marks with no letter under them read as no word: the verdict says there
    are no letters, not that the line was empty (it was not)."""
    lexicon = Lexicon.from_words(["fame"])
    board = Board.parse("fxie amlo ewbx astu")
    for entry in ("\u0301", " \u0301\u0308 ", "\u0327\u0301"):
        verdict = check_word(entry, board, lexicon, CLASSIC)
        assert (verdict.status.value, verdict.message) == ("invalid", "no letters"), entry
    assert check_word("  ", board, lexicon, CLASSIC).message == "empty line"


def test_the_board_word_typed_without_diacritics_is_named_behind_three_that_are_not_on_it() -> None:
    """`zab` where the board has ŻAB: the list's first three words of the board's letters
    that read `zab` (ZĄB, ŹAB, ŹĄB) have no path, and the verdict named none of them, nor
    ŻAB; a page judging the round offline named ŻAB. Both name it now."""
    board = Board.parse("żab xxx ząź")
    lexicon = Lexicon.from_words(["ząb", "źab", "źąb", "żab"])
    solution = solve(board, lexicon, CLASSIC)
    assert [found.word for found in solution.words] == ["żab"]
    check = check_word("zab", board, lexicon, CLASSIC, solution)
    assert check.status == "not_on_board"
    assert check.message == "ŻAB is on the board: type ż"
