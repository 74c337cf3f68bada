"""The solver from Python: wins within N, its key moves and refutations,
and the reasons it gives no answer."""

import os

import pytest

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


def test_corner_puzzle_solution_line():
    board = twixtkit.read_games(CORNER)[0].board()
    answer = board.wins_within("red", 3)
    line = answer.solution
    # Key, defence, answer, defence, the connecting move: 2n - 1 pegs.
    assert answer.wins and len(line) == 5 and line[0] == answer.key
    assert answer.solution_undecided is None
    # The script's key move, then 2. g4, which it calls the only defence;
    # or its cook g4, which takes that hole first.
    assert line[:2] == ["j10", "g4"] or line[0] == "g4"
    numbers = answer.solution_text.split()[::2]
    assert numbers == ["1.", "2.", "3.", "4.", "5."]
    assert answer.solution_text.split()[1::2] == line
    # Replayed, the line joins Red's borders at its last move and not before.
    played = board.copy()
    for k, hole in enumerate(line):
        assert played.outcome() is None
        if k % 2 == 0:
            left = 3 - k // 2
            # Red's move wins in the moves left against every defence.
            assert played.wins_within("red", left).wins is True
            if left > 1:
                assert played.wins_within("red", left - 1).wins is False
        played.push(hole)
    out = played.outcome()
    assert out is not None and out.winner == "red" and out.termination == "connection"


def test_solution_numbered_after_pushed_moves():
    board = twixtkit.read_games(CORNER)[0].board()
    board.push("j10")
    board.push("g4")
    answer = board.wins_within("red", 2)
    assert answer.moves == 2 and len(answer.solution) == 3
    assert answer.solution_text.startswith("3. ")
    assert answer.solution_text.split()[2] == "4."


def test_no_win_has_a_refutation():
    board = twixtkit.read_games(CORNER)[0].board()
    answer = board.wins_within("red", 1)
    assert answer.wins is False and not answer
    assert answer.refutation is None  # in 1 move, no move connects
    assert answer.solution is None and answer.solution_text is None


def test_undecided_reasons():
    board = twixtkit.read_games(CORNER)[0].board()
    limited = board.wins_within("red", 3, positions=1)
    assert limited.wins is None and limited.reason == "limit"
    assert "limit" in limited.undecided
    assert limited.solution is None and limited.solution_undecided is None
    # Enough to prove the win, too little for the searches of its line:
    # the win stands, the line is undecided and says why.
    short = board.wins_within("red", 3, positions=10)
    assert short.wins is True and short.key is not None
    assert short.solution is None and "limit" in short.solution_undecided
    turn = board.wins_within("black", 3)
    assert turn.wins is None and turn.reason == "turn"
    swap = Board(size=12, rules="pencil")
    swap.push("f6")
    assert swap.wins_within("black", 2).reason == "swap"
    timed = board.wins_within("red", 3, time=30.0, threads=2)
    assert timed.wins is True


def test_time_too_long_for_the_clock_is_a_value_error():
    # A float of seconds too large for a Duration panicked (1e20), and one
    # the clock could not add to now panicked too (1.8e19).
    board = Board.from_line("6/t1/c1,d3/a2,a4/*/red")
    for seconds in (1e20, 1.8e19, 1e9 + 1):
        with pytest.raises(ValueError, match="at most 1e9 seconds"):
            board.wins_within("red", 2, time=seconds)
    for bad in (0.0, -1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError):
            board.wins_within("red", 2, time=bad)
    assert board.wins_within("red", 2, time=1e9).wins is True
    assert board.wins_within("red", 2, time=None).wins is True


def test_no_win_repr_is_pythons():
    # The refutation was shown in Rust's syntax: Some(("b1", Some("d2"))).
    answer = Board.from_line("6/t1/c1/a2/*/red").wins_within("red", 2)
    assert answer.wins is False and answer.refutation is not None
    assert f"refutation {answer.refutation!r} (" in repr(answer)
    assert "Some" not in repr(answer)
    none = Board.from_line("6/t1/c1,d3/a2,a4/*/red").wins_within("red", 1)
    assert none.refutation is None and "refutation None (" in repr(none)
