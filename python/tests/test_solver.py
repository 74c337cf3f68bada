"""The solver from Python: wins within N, its key moves and refutations,
and the reasons it gives no answer."""

import os

import twixtkit
from twixtkit import Board
from conftest import REPO

CORNER = os.path.join(REPO, "examples", "corner-puzzle.twixt")


def test_corner_puzzle_key_moves():
    board = twixtkit.read_games(CORNER)[0].board()
    answer = board.wins_within("red", 3, all_keys=True)
    assert answer.wins is True and bool(answer)
    assert answer.moves <= 3
    # The script's key move and its cook (the script says both win in 3).
    assert "j10" in answer.keys and "g4" in answer.keys
    assert answer.key in answer.keys
    assert answer.undecided is None and answer.positions > 0


def test_no_win_has_a_refutation():
    board = twixtkit.read_games(CORNER)[0].board()
    answer = board.wins_within("red", 1)
    assert answer.wins is False and not answer
    assert answer.refutation is None  # in 1 move, no move connects


def test_undecided_reasons():
    board = twixtkit.read_games(CORNER)[0].board()
    limited = board.wins_within("red", 3, positions=1)
    assert limited.wins is None and limited.reason == "limit"
    assert "limit" in limited.undecided
    turn = board.wins_within("black", 3)
    assert turn.wins is None and turn.reason == "turn"
    swap = Board(size=12, rules="pencil")
    swap.push("f6")
    assert swap.wins_within("black", 2).reason == "swap"
    timed = board.wins_within("red", 3, time=30.0, threads=2)
    assert timed.wins is True
