"""The main objects show what they hold in one line at the prompt (newcomer 29)."""

from __future__ import annotations

from boggle import Board, Lexicon, PlaySession, judge_round, solve

WORDS = Lexicon.from_words(["fame", "mile", "limbo"])
BOARD = Board.parse("fxie amlo ewbx astu")


def test_a_solution_and_a_lexicon_count_in_words() -> None:
    """They said "1 words, 1 points", with a space before the colon."""
    assert repr(Lexicon.from_words(["fame"], "mine")) == "<Lexicon 'mine': 1 word>"
    assert repr(solve(BOARD, Lexicon.from_words(["fame"]))) == (
        "<Solution fxie amlo ewbx astu: 1 word, 1 point>"
    )


def test_a_play_session_shows_its_board_and_score() -> None:
    """It was ``<boggle.game.play.PlaySession object at 0x7f...>``."""
    session = PlaySession(BOARD, solve(BOARD, WORDS))
    session.submit("limbo")
    assert repr(session) == "<PlaySession fxie amlo ewbx astu: 1 word found of 3, 2 of 4 points>"


def test_a_judged_round_is_one_line_and_prints_as_its_report() -> None:
    """Its repr was every field of every verdict, the word list and the rules (600 characters
    for one player and one word)."""
    result = judge_round(BOARD, {"ann": ["fame", "limbo"], "bob": ["fame"]}, WORDS)
    assert repr(result) == "<RoundResult fxie amlo ewbx astu: ann 2 points, bob 0 points>"
    assert str(result) == result.text()
    unparsed = judge_round("ab c", {"ann": ["cab"]}, WORDS)
    assert repr(unparsed) == "<RoundResult 'ab c': ann 0 points; 1 problem>"


def test_score_stats_are_one_line_of_their_figures() -> None:
    """Its repr was every field, the count of each score among them: some 600 pairs for a
    run of a million boards."""
    from boggle.study.stats import score_stats

    stats = score_stats(300, "new", WORDS, seed=1, jobs=1)
    shown = repr(stats)
    assert shown.startswith("<ScoreStats 300 boards (new 4x4, seed 1, custom, classic): mean ")
    assert "\n" not in shown and len(shown) < 120


def test_a_proof_and_a_search_are_one_line() -> None:
    """A proof's repr listed every board found (thousands for a low threshold) with each
    board's ``cubes=None``, and the layout's buckets; a search's its ``top`` boards."""
    from boggle.search import prove, search

    words = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate"])
    proof = repr(prove(2, 2, words, "classic", 2))
    assert proof.startswith("<ProofResult 3 boards, best abet 5; 43 classes (1 top-level) in ")
    found = repr(search(2, 2, words, "classic", seed=1))
    assert found.startswith("<SearchResult hillclimb, seed 1: best abet 5 of 10 boards kept; ")
    assert "\n" not in proof + found and len(proof) < 100 and len(found) < 100


def test_a_proofs_estimate_is_one_line() -> None:
    """Its repr was every field, each sampled class with its cells (3,000 characters for 20
    classes of a 2x3 proof; 200 classes of 16 cells for the 4x4 estimate)."""
    from boggle.search.estimate import estimate_proof

    words = Lexicon.from_words(["tab", "bat", "abet", "beat", "bate", "tea", "eat", "ate"])
    shown = repr(estimate_proof(3, 3, words, "classic", 2, samples=5, seed=1))
    assert shown.startswith("<ProofEstimate 3x3 above 2: about ") and "from 5 of 5" in shown
    assert "\n" not in shown and len(shown) < 200 and shown.endswith("seed 1>")
