"""Judging rounds and matches by the rules "At Play With J: Boggle" gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import BIG, CLASSIC, Board, BoggleError, Lexicon, solve
from boggle.cli.main import main
from boggle.game import (
    Match,
    PlayerList,
    PlaySession,
    Status,
    check_word,
    find_path,
    judge_json,
    judge_round,
    play_match,
    typed_word,
)
from boggle.model.errors import JudgeError
from boggle.model.render import path_picture
from boggle.model.wording import quoted

BOARD = "fxie amlo ewbx astu"
# On BOARD: fame, mile, limb, lime, east, ox (too short for big rules); not on it: axe, zebra.
LEXICON = Lexicon.from_words(["fame", "mile", "limb", "lime", "east", "axe", "ox", "zebra", "mil"])


def verdicts(result: object, name: str) -> list[tuple[str, str, int]]:
    assert hasattr(result, "player")
    return [(v.word, v.status.value, v.total) for v in result.player(name).verdicts]


def test_every_category_and_its_points() -> None:
    result = judge_round(
        BOARD,
        {
            "ann": ["fame", "Mile", "ox", "axe", "xylo", "mile", "lime", "l1me", ""],
            "bob": ["fame"],
        },
        LEXICON,
        rules=BIG,
    )
    assert verdicts(result, "ann") == [
        ("fame", "crossed_off", 0),
        ("mile", "counted", 1),
        ("ox", "too_short", 0),
        ("axe", "too_short", 0),  # BIG: 4 letters at least
        ("xylo", "not_on_board", 0),
        ("mile", "repeated", 0),
        ("lime", "counted", 1),
        ("l1me", "invalid", 0),
        ("", "invalid", 0),
    ]
    assert result.player("bob").score == 0
    assert result.scores() == {"ann": 2, "bob": 0}
    assert result.player("ann").counts()["counted"] == 2


def test_not_a_word_is_on_the_board_but_not_in_the_list() -> None:
    board = Board.parse(BOARD)
    assert find_path(board, "lima") is not None and "lima" not in LEXICON
    result = judge_round(board, {"ann": ["lima"]}, LEXICON)
    assert verdicts(result, "ann") == [("lima", "not_a_word", 0)]


def test_points_follow_the_rules_table() -> None:
    lexicon = Lexicon.from_words(["intercontinental", "tinct", "centile"])
    board = Board.parse("tine nint ocna retl")
    result = judge_round(board, {"ann": ["intercontinental", "tinct"]}, lexicon)
    assert (
        [v.points for v in result.player("ann").verdicts]
        == [
            CLASSIC.points("intercontinental"),
            CLASSIC.points("tinct"),
        ]
        == [11, 2]
    )


def test_cross_off_across_three_players() -> None:
    result = judge_round(
        BOARD,
        {
            "ann": ["fame", "mile", "limb"],
            "bob": ["fame", "mile", "lime"],
            "cat": ["fame", "east"],
        },
        LEXICON,
        rules=BIG,
    )
    assert verdicts(result, "ann") == [
        ("fame", "crossed_off", 0),
        ("mile", "crossed_off", 0),
        ("limb", "counted", 1),
    ]
    assert verdicts(result, "bob") == [
        ("fame", "crossed_off", 0),
        ("mile", "crossed_off", 0),
        ("lime", "counted", 1),
    ]
    assert verdicts(result, "cat") == [("fame", "crossed_off", 0), ("east", "counted", 1)]
    fame = result.player("cat").verdicts[0]
    assert fame.message == "also found by ann, bob"
    assert result.winners() == ["ann", "bob", "cat"]


def test_a_repeat_by_one_player_is_not_a_cross_off() -> None:
    result = judge_round(BOARD, {"ann": ["fame", "fame"], "bob": ["lime"]}, LEXICON)
    assert verdicts(result, "ann") == [("fame", "counted", 1), ("fame", "repeated", 0)]


def test_challenge_rule_both_ways() -> None:
    players = [
        PlayerList("ann", ("lima", "mile", "zzzz", "fame"), frozenset({"lima", "mile", "zzzz"})),
        PlayerList("bob", ("fame", "limb"), frozenset({"fame"})),
    ]
    off = judge_round(BOARD, players, LEXICON, challenge="off")
    listed = judge_round(BOARD, players, LEXICON, challenge="listed")
    assert off.scores() == {"ann": 1, "bob": 1}
    ann = {v.word: v for v in listed.player("ann").verdicts}
    assert (ann["lima"].status, ann["lima"].challenge_points) == (Status.NOT_A_WORD, -1)
    assert ann["zzzz"].challenge_points == -1  # not on the board and not a word
    assert (ann["mile"].points, ann["mile"].challenge_points, ann["mile"].total) == (1, 1, 2)
    assert not ann["fame"].challenged
    bob = {v.word: v for v in listed.player("bob").verdicts}
    assert bob["fame"].challenged and bob["fame"].total == 0  # crossed off: no effect
    assert listed.scores() == {"ann": 2 - 1 - 1, "bob": 1}
    everything = judge_round(BOARD, players, LEXICON, challenge="all")
    # ann: lima -1, mile 1+1, zzzz -1, fame crossed 0; bob: fame crossed 0, limb 1+1.
    assert everything.scores() == {"ann": 0, "bob": 2}


def test_challenge_of_a_dictionary_word_that_is_not_on_the_board_scores_nothing() -> None:
    players = [PlayerList("ann", ("zebra",), frozenset({"zebra"}))]
    result = judge_round(BOARD, players, LEXICON, challenge="listed")
    assert verdicts(result, "ann") == [("zebra", "not_on_board", 0)]


def test_bad_entries_get_messages_and_the_rest_is_judged() -> None:
    text = "fame\n\nmi1e\nlimb\n\n\n"
    result = judge_round(BOARD, [PlayerList.from_text("ann", text)], LEXICON)
    assert verdicts(result, "ann") == [
        ("fame", "counted", 1),
        ("", "invalid", 0),
        ("mi1e", "invalid", 0),
        ("limb", "counted", 1),
    ]
    assert result.problems == (
        "ann, line 2: empty line",
        "ann, line 3: 'mi1e' has characters that are not letters",
    )


def test_a_board_that_does_not_parse_is_reported_and_words_still_judged() -> None:
    result = judge_round("fxie am2o", {"ann": ["fame", "lima", "ox"], "bob": ["fame"]}, LEXICON)
    assert result.board is None
    assert len(result.problems) == 1 and "does not parse" in result.problems[0]
    assert verdicts(result, "ann") == [
        ("fame", "unchecked", 0),
        ("lima", "not_a_word", 0),
        ("ox", "too_short", 0),
    ]
    assert result.to_json()["board"] == "fxie am2o"


def test_bad_round_shapes_raise() -> None:
    with pytest.raises(BoggleError, match="at least one player"):
        judge_round(BOARD, {}, LEXICON)
    with pytest.raises(BoggleError, match="given twice"):
        judge_round(BOARD, [PlayerList("a", ()), PlayerList("a", ())], LEXICON)
    with pytest.raises(BoggleError, match="challenge mode"):
        judge_round(BOARD, {"a": []}, LEXICON, challenge="sometimes")


def test_json_result_shape() -> None:
    result = judge_round(BOARD, {"ann": ["fame", "lima"]}, LEXICON, challenge="all")
    data = json.loads(result.json_text())
    assert data["board"] == BOARD and data["scores"] == {"ann": 1 + 1 - 1}
    assert data["challenge"] == "all" and data["problems"] == []
    fame = data["players"][0]["words"][0]
    assert fame["status"] == "counted" and fame["path"] == [[0, 0], [1, 0], [1, 1], [2, 0]]
    assert set(data["players"][0]["counts"]) == {status.value for status in Status}


def test_text_report_lists_each_verdict() -> None:
    result = judge_round(BOARD, {"ann": ["fame", ""], "bob": ["fame", "lime"]}, LEXICON)
    text = result.text()
    assert "crossed off (also found by bob)" in text
    assert "(empty line)" in text and "WINNER: bob" in text


def test_match_ends_at_the_target_and_keeps_a_running_table() -> None:
    round_ = {"ann": ["fame", "lime"], "bob": ["mile"]}  # ann 2, bob 1 each round
    results = [judge_round(BOARD, round_, LEXICON) for _ in range(10)]
    match = play_match(results, target=5)
    assert match.finished and match.winners() == ["ann"]
    assert len(match.rounds) == 3  # 2, 4, 6: ann passes 5 in round 3
    assert [row["totals"] for row in match.table] == [
        {"ann": 2, "bob": 1},
        {"ann": 4, "bob": 2},
        {"ann": 6, "bob": 3},
    ]
    with pytest.raises(BoggleError, match="match is over"):
        match.add(results[0])
    assert "ann reached 5: match over" in match.table_text()


def test_unfinished_match_and_bad_target() -> None:
    match = play_match([judge_round(BOARD, {"ann": ["fame"]}, LEXICON)], target=50)
    assert not match.finished and match.to_json()["winners"] == []
    with pytest.raises(BoggleError, match="target"):
        Match(target=0)
    for not_a_count in (True, 2.0, float("nan"), "3"):
        with pytest.raises(BoggleError, match="target must be a whole number") as refused:
            Match(target=not_a_count)  # type: ignore[arg-type]
        assert refused.value.setting == "target"


def test_judge_json_round_and_match() -> None:
    round_ = {
        "board": BOARD,
        "players": [
            {"name": "ann", "words": ["fame", "lima"], "challenged": ["lima"]},
            {"name": "bob", "words": "mile\nlimb\n"},
        ],
    }
    result = judge_json(round_, LEXICON)
    assert not isinstance(result, Match)
    assert result.challenge == "listed" and result.scores() == {"ann": 0, "bob": 2}
    match = judge_json({"target": 4, "rounds": [round_, round_, round_]}, LEXICON)
    assert isinstance(match, Match) and len(match.rounds) == 2 and match.winners() == ["bob"]
    with pytest.raises(BoggleError, match="round 2: a round needs 'board'"):
        judge_json({"rounds": [round_, {"players": {}}]}, LEXICON)
    with pytest.raises(BoggleError, match="'words' must be"):
        judge_json({"board": BOARD, "players": [{"name": "a", "words": 3}]}, LEXICON)


@settings(max_examples=30, deadline=None)
@given(
    lists=st.lists(
        st.lists(
            st.sampled_from(["fame", "mile", "limb", "lime", "east", "lima", "ox"]), max_size=6
        ),
        min_size=1,
        max_size=4,
    )
)
def test_a_word_counts_for_exactly_one_player_or_nobody(lists: list[list[str]]) -> None:
    players = {f"p{i}": words for i, words in enumerate(lists)}
    result = judge_round(BOARD, players, LEXICON)
    counted: dict[str, int] = {}
    for player in result.players:
        for v in player.verdicts:
            if v.status is Status.COUNTED:
                counted[v.word] = counted.get(v.word, 0) + 1
    assert all(n == 1 for n in counted.values())
    for word, n in counted.items():
        assert sum(word in words for words in lists) == n
    assert sum(result.scores().values()) == sum(CLASSIC.points(w) for w in counted)


def test_check_word_and_paths() -> None:
    board = Board.parse("[th][in] [er]q")
    lexicon = Lexicon.from_words(["thin", "therein", "quin"])
    assert check_word("THIN", board, lexicon, CLASSIC).path == ((0, 0), (0, 1))
    assert check_word("therin", board, lexicon, CLASSIC).status is Status.NOT_A_WORD
    assert check_word("therein", board, lexicon, CLASSIC).status is Status.NOT_ON_BOARD
    assert check_word("quin", board, lexicon, CLASSIC).status is Status.COUNTED


def test_play_session_feedback_and_summary() -> None:
    board = Board.parse(BOARD)
    session = PlaySession(board, solve(board, LEXICON, BIG))
    answers = [session.submit(w) for w in ["fame", "fame", "lima", "xylo", "ox", "4me", "lime"]]
    assert [a.status for a in answers] == [
        "accepted",
        "already_found",
        "not_a_word",
        "not_on_board",
        "too_short",
        "invalid",
        "accepted",
    ]
    assert session.score == 2 and session.maximum == solve(board, LEXICON, BIG).score
    assert {w.word for w in session.missed()} == {"mile", "limb", "east"}
    path = session.path_of("fame")
    assert path is not None and board.spell(path) == "fame"
    picture = path_picture(board, path)
    assert picture.splitlines()[1].split() == ["2", "3", ".", "."]


def test_judge_cli_with_player_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ann, bob = tmp_path / "ann.txt", tmp_path / "bob.txt"
    ann.write_text("fame\n\nl1me\nlime\n")
    bob.write_text("fame\r\nmile\r\n")
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("\n".join(LEXICON.words))
    argv = ["judge", "--board", BOARD, "--player", f"ann={ann}", "--player", f"bob={bob}"]
    status = main([*argv, "--dict", str(lexicon), "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert status == 0 and data["scores"] == {"ann": 1, "bob": 1}
    assert "ann, line 2: empty line" in err and "line 3" in err
    status = main([*argv, "--dict", str(lexicon)])
    out, _ = capsys.readouterr()
    assert "crossed off (also found by bob)" in out


def test_judge_cli_match_from_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    lexicon = tmp_path / "words.txt"
    lexicon.write_text("\n".join(LEXICON.words))
    round_ = {"board": BOARD, "players": {"ann": ["fame"], "bob": ["mile", "lime"]}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({"rounds": [round_] * 4})))
    status = main(["judge", "-", "--target", "3", "--dict", str(lexicon)])
    out, _ = capsys.readouterr()
    assert status == 0
    assert "bob reached 3: match over" in out and "=== ROUND 2 ===" in out
    assert "=== ROUND 3 ===" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["judge"], "give a JSON round"),
        (["judge", "/nonexistent/round.json"], "does not exist"),
        (["judge", "--board", BOARD], "need --board"),
        (["judge", "--board", BOARD, "--player", "ann"], "not NAME=FILE"),
        (["judge", "--challenge", "maybe", "x.json"], "invalid choice"),
    ],
)
def test_judge_cli_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_judge_cli_bad_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "round.json"
    bad.write_text("{board: oops")
    assert main(["judge", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "is not valid JSON" in err and err.count("\n") == 1


def test_judge_text_shows_an_entry_with_an_escape_sequence_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A player's list went to the terminal as it was: an entry of ESC [2J cleared the
    screen, one with a right-to-left override showed the rest of its line reversed."""
    words = tmp_path / "ann.txt"
    words.write_text("fame\nfa\x1b[2Jme\n\u202eelim\n", encoding="utf-8")
    assert main(["judge", "--board", BOARD, "--player", f"ann={words}"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "  'FA\\x1b[2JME'   0  invalid" in out and "  '\\u202eELIM'    0  invalid" in out
    assert "  FAME            1  counted" in out


def test_judge_cli_name_given_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was the last of the two taken, silently: ann judged on "mile" alone."""
    twice = tmp_path / "round.json"
    twice.write_text(
        f'{{"board": "{BOARD}", "players": [{{"name": "ann", "words": ["fame"], '
        '"words": ["mile"]}]}'
    )
    assert main(["judge", str(twice)]) == 2
    err = capsys.readouterr().err
    assert err.endswith("round.json' names 'words' twice in one object; give each name once\n")
    assert err.count("\n") == 1


@pytest.mark.parametrize("text", ["", "\n", "  \r\n\t"])
def test_judge_cli_empty_file_is_said_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    empty = tmp_path / "round.json"
    empty.write_text(text)
    assert main(["judge", str(empty)]) == 2
    err = capsys.readouterr().err
    assert "is empty: a round or a match is a JSON object" in err and err.count("\n") == 1


def test_judge_cli_number_too_long_to_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A number of over 4,300 digits was Python's own message ("Exceeds the limit (4300
    digits) for integer string conversion ... use sys.set_int_max_str_digits()")."""
    match = tmp_path / "match.json"
    match.write_text('{"target": ' + "9" * 5000 + ', "rounds": []}')
    assert main(["judge", str(match)]) == 2
    err = capsys.readouterr().err
    assert (
        err == f"boggle: error: {quoted(str(match))} has a number of over 4,300 digits, "
        "too long to be a score or a count\n"
    )


def test_judge_cli_board_that_does_not_parse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("\n".join(LEXICON.words))
    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps({"board": "fx1e", "players": {"ann": ["fame", "zzzz"]}}))
    assert main(["judge", str(round_file), "--dict", str(lexicon), "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert "does not parse" in err and err.count("\n") == 1
    assert [w["status"] for w in data["players"][0]["words"]] == ["unchecked", "not_a_word"]


def test_the_library_normalises_judging_inputs_and_scores_words() -> None:
    from boggle.game import default_challenge, read_players

    listed = PlayerList("ann", ("fame", "wxyz"), frozenset({" WXYZ "}))
    assert listed.challenged == frozenset({"wxyz"})
    assert default_challenge([listed]) == "listed"
    assert default_challenge([PlayerList("bob", ("fame",))]) == "off"
    result = judge_round(BOARD, [listed], LEXICON, challenge=None)
    assert result.challenge == "listed" and result.player("ann").score == 1 - 1
    board = Board.parse(BOARD)
    assert check_word("mile", board, LEXICON, BIG).points == 1
    assert check_word("zebra", board, LEXICON, BIG).points == 0
    players = read_players([{"name": "ann", "words": "fame\nmile", "challenged": ["MILE "]}])
    assert players[0].entries == ("fame", "mile") and players[0].challenged == {"mile"}


def test_import_paths_of_the_game_package_are_kept() -> None:
    import boggle.game as game
    from boggle.game.rounds import judge_round as judge_round_home

    assert game.judge_round is judge_round_home is judge_round
    for name in game.__all__:
        assert getattr(game, name) is not None


def test_the_judge_reads_typed_words_in_the_lists_language() -> None:
    """Issue 32: a typed `Straße` is the German list's `strasse`, on the board and challenged."""
    from boggle.game import typed_word

    german = Lexicon.from_words(["strasse"])
    german.language = "de"
    board = Board.parse("stras xxxes")
    assert typed_word(" Straße ", german) == "strasse" and typed_word("Straße") == "straße"
    assert check_word("Straße", board, german, CLASSIC).status is Status.COUNTED
    ann = PlayerList("ann", ("Straße",), frozenset({"straße"}))
    result = judge_round(board, [ann], german, CLASSIC, "listed")
    verdict = result.players[0].verdicts[0]
    assert (verdict.status, verdict.word, verdict.challenged) == (Status.COUNTED, "strasse", True)
    french = Lexicon.from_words(["coeur", "ete"])
    french.language = "fr"
    assert check_word("cœur", Board.parse("coeur/"), french, CLASSIC).status is Status.COUNTED
    assert check_word("été", Board.parse("été/"), french, CLASSIC).status is Status.COUNTED


@pytest.mark.parametrize("board", [None, 7, 4.5, True, ["fxie", "amlo"], {"rows": 4}])
def test_a_round_whose_board_is_not_text_is_refused(board: object) -> None:
    """``"board": null`` was read as the text 'None', the 2x2 board N O / N E, and judged
    on it; a number was judged with no board. JSON that is not text is refused."""
    with pytest.raises(BoggleError, match="'board' must be text"):
        judge_json({"board": board, "players": {"ann": ["fame"]}}, LEXICON)
    with pytest.raises(BoggleError, match="round 1: 'board' must be text"):
        judge_json({"rounds": [{"board": board, "players": {"ann": ["fame"]}}]}, LEXICON)


@pytest.mark.parametrize("name", [None, 7, ["ann"]])
def test_a_player_whose_name_is_not_text_is_refused(name: object) -> None:
    """``"name": null`` was the player 'None', ``7`` the player '7'."""
    with pytest.raises(BoggleError, match="player 1: 'name' must be text"):
        judge_json({"board": BOARD, "players": [{"name": name, "words": ["fame"]}]}, LEXICON)


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "is blank"), ("  ", "is blank"), ("a\tb", "not printable"), ("a\nb", "not printable")],
)
def test_a_blank_or_unprintable_player_name_is_refused(
    name: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A round with a player named '' was judged, its table read ': 0 points' and its winner
    'none (no valid board)' on a valid board. The judge refuses such a name wherever it
    comes from: a round's JSON, the library, or ``--player NAME=FILE``."""
    with pytest.raises(BoggleError, match=message):
        judge_json({"board": BOARD, "players": [{"name": name, "words": ["fame"]}]}, LEXICON)
    with pytest.raises(BoggleError, match=message):
        judge_round(BOARD, {name: ["fame"], "bob": ["mile"]}, LEXICON)
    words = tmp_path / "words.txt"
    words.write_text("fame\n")
    if name:  # an empty NAME is the command line's own "not NAME=FILE"
        assert main(["judge", "--board", BOARD, "--player", f"{name}={words}"]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1


def test_an_entry_many_players_list_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each entry was checked (a path searched on the board) once per listing: the
    largest input the judge reads, 2,000 players listing the same words, took minutes and
    2 GB. The verdicts are the same."""
    from boggle.game import rounds

    players = {f"p{i}": ["fame", "mile", "zzz", "fame", "Fame"] for i in range(50)}
    expected = judge_round(BOARD, players, LEXICON).to_json()
    calls: list[str] = []
    original = rounds.check_word

    def counted_check(entry: str, *args: object, **kwargs: object) -> object:
        calls.append(entry)
        return original(entry, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rounds, "check_word", counted_check)
    assert judge_round(BOARD, players, LEXICON).to_json() == expected
    assert sorted(calls) == ["Fame", "fame", "mile", "zzz"]


@pytest.mark.parametrize(("target", "shown"), [(True, "true"), (2.5, "2.5"), ("50", '"50"')])
def test_a_match_files_target_that_is_no_whole_number_is_one_line_naming_it(
    target: object, shown: str
) -> None:
    """A match file's ``"target": true`` passed the file's check (a bool is an int) and was
    refused by the match as "got True (--target)": an option the file's reader never gave.
    Every target that is no whole number is refused as the file's, with its JSON value."""
    rounds = [{"board": "fxie amlo ewbx astu", "players": {"ann": ["fame"]}}]
    with pytest.raises(JudgeError) as refused:
        judge_json({"target": target, "rounds": rounds}, Lexicon.from_words(["fame"]))
    assert str(refused.value) == f"'target' must be a whole number of points, got {shown}"
    assert refused.value.setting is None


def test_a_match_files_rounds_after_the_end_are_said_to_be_unjudged() -> None:
    """A match file of 3 rounds won in the first reported round 1 alone, rounds 2 and 3
    gone without a word; the table and the JSON say they were not judged."""
    one = {"board": "fxie amlo ewbx astu", "players": {"ann": ["fame", "mile"]}}
    match = judge_json({"target": 2, "rounds": [one, one, one]}, LEXICON)
    assert len(match.rounds) == 1 and match.not_judged == 2
    assert match.table_text().endswith("(rounds 2 to 3 were not judged: the match was over)")
    assert match.to_json()["not_judged"] == 2
    unfinished = judge_json({"target": 50, "rounds": [one, one]}, LEXICON)
    assert unfinished.not_judged == 0 and "not_judged" not in unfinished.to_json()


def test_two_player_names_that_differ_only_in_end_spaces_are_refused() -> None:
    """``ann`` and ``ann `` were judged as two players and shown alike ("SCORES: ann 1,
    ann  1", "WINNER: ann and ann "); they are refused as a name given twice is."""
    with pytest.raises(JudgeError) as refused:
        judge_round(BOARD, {"ann": ["fame"], "ann ": ["mile"]}, LEXICON)
    assert str(refused.value) == (
        "player names 'ann' and 'ann ' differ only in spaces at their ends; names must differ"
    )


def test_a_word_printed_escaped_reads_back_as_the_word(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``boggle judge`` in an ASCII locale prints ``ŻABA`` as ``\\u017bABA``; that entry in a
    player's list (or typed, or given to ``define``) was "not letters": it reads back as the
    word, with the escapes a board reads (``\\xf1``, ``\\u017c``, ``\\U0001d400``), through
    the one reading of typed letters."""
    words = Lexicon.from_words(["żaba", "caña"])
    board = Board.parse("żab aaa aaa")
    entries = [r"\u017bABA", "żaba", r"ca\xf1a", r"a\qb"]
    result = judge_round(board, {"ann": entries}, words, challenge=None)
    verdicts = result.player("ann").verdicts
    assert [v.word for v in verdicts[:3]] == ["żaba", "żaba", "caña"]
    assert [v.status.value for v in verdicts] == ["counted", "repeated", "not_on_board", "invalid"]
    assert typed_word(r"\u017bABA") == "żaba"
    assert PlayerList("bob", (), frozenset([r"\u017caba"])).challenged == {"żaba"}
    word_file = tmp_path / "words.txt"
    word_file.write_text("żaba\n")
    ann = tmp_path / "ann.txt"
    ann.write_text("\\u017bABA\n")
    argv = ["judge", "--board", r"\u017cab aaa aaa", "--player", f"ann={ann}"]
    assert main([*argv, "--dict", str(word_file), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == {"ann": 1}
