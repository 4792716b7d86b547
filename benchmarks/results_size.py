"""Bytes a stored word takes in the rooms' results file: the layout of before (each round
one JSON document) against the packed one (one row a player and round).

Plays ROUNDS rounds of PLAYERS players on rolled boards (each player sends WORDS words of
the board, some shared, and a few that are not words), stores every round both ways in
fresh files and prints the file sizes divided by the words stored (the players' words and
the words nobody found, as the results show them).

    python benchmarks/results_size.py                 # 200 rounds x 4 players x 30 words
    python benchmarks/results_size.py --rounds 50 --players 8
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from boggle import load_lexicon, solve
from boggle.rooms import ResultStore, Room, RoomSettings, judge

BEFORE = """
CREATE TABLE rounds (
    code TEXT NOT NULL, match INTEGER NOT NULL, round INTEGER NOT NULL,
    finished REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (code, match, round));
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--words", type=int, default=30)
    args = parser.parse_args()
    lexicon = load_lexicon()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as scratch:
        before_path = Path(scratch) / "before.sqlite3"
        before = sqlite3.connect(before_path)
        before.executescript(BEFORE)
        after = ResultStore(Path(scratch) / "after", keep_days=None)
        stored_words = 0
        for number in range(1, args.rounds + 1):
            room = Room("ABCDEF", RoomSettings(seconds=60), lexicon)
            tokens = [room.join(f"player{i}", 0.0).token for i in range(args.players)]
            board = room.settings.roll(number)
            room.start(tokens[0], 0.0, board)
            found = [w.word for w in solve(board, lexicon, room.rules).words]
            for token in tokens:
                for word in [*rng.sample(found, min(args.words, len(found))), "zzzq", "ab"]:
                    room.submit(token, word, 1.0)
            job = room.close_round(60.0)
            assert job is not None
            summary = room.record(judge(job))
            stored_words += sum(len(p["words"]) for p in summary["players"])
            stored_words += len(summary["unfound"])
            text = json.dumps(summary, separators=(",", ":"))
            with before:
                before.execute("INSERT INTO rounds VALUES ('ABCDEF', 1, ?, 0, ?)", (number, text))
            after.save_round("ABCDEF", 1, number, summary)
        before.close()
        sizes = {
            "before (JSON documents)": before_path.stat().st_size,
            "after (packed)": after.size(),
        }
    print(f"{args.rounds} rounds, {args.players} players, {stored_words} words stored")
    for name, size in sizes.items():
        print(f"  {name:24} {size:>10,} bytes  {size / stored_words:6.1f} bytes a word")


if __name__ == "__main__":
    main()
