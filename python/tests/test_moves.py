"""Moves from text (removals, chosen links, draw offers), the lazy legal
moves and the action-id fast path."""

import pytest

import twixtkit
from twixtkit import Board, InvalidMoveError, Move


@pytest.mark.parametrize("text", ["f6", "-e4 f6", "-d5-f6 g7", "f6+d5", "f6+d5+h7", "f6=", "swap", "resign", "draw"])
def test_move_text_round_trips(text):
    assert str(Move.from_text(text)) == text


def test_bad_move_text():
    for text in ["", "f6 g7", "[Rules \"x\"] f6", "-e4", "1. f6 2. g7", "f6!", "x" * 500]:
        with pytest.raises(InvalidMoveError):
            Move.from_text(text)


def test_manual_links_chosen_in_text():
    b = Board(size=12, rules="board")
    b.push("f6")
    b.push("a5")
    b.push("g8")  # no link chosen: none placed under manual linking
    assert b.links() == []
    b.pop()
    b.push("g8+f6")
    assert b.links() == [("f6", "g8", "red")]


def test_removal_from_text():
    b = Board(size=12, rules="board")
    for m in ["f6", "a5", "g8+f6", "b5"]:
        b.push(m)
    assert b.links()
    b.push("-f6-g8 h10")
    assert b.links() == [] and b.peg_at("h10") == "red"
    b.pop()
    assert b.links() == [("f6", "g8", "red")]


def test_legal_moves_is_a_live_sequence():
    b = Board(size=6, rules="t1")
    moves = b.legal_moves
    n = len(moves)
    assert n == len(list(moves)) > 0
    assert str(moves[0]) == str(list(moves)[0])
    assert str(moves[-1]) == str(list(moves)[-1])
    with pytest.raises(IndexError):
        moves[n]
    b.push(moves[3])
    assert len(moves) == len(b.legal_moves)  # the view follows the board
    assert "swap" in moves


def test_push_action_matches_move_from_action():
    b = Board(size=8, rules="t1")
    c = b.copy()
    for a in [10, 20, 30]:
        mv = b.move_from_action(a)
        b.push_action(a)
        c.push(mv)
    assert b == c
    with pytest.raises(twixtkit.TwixtError):
        b.push_action(64)



@pytest.mark.parametrize(
    "ask",
    [
        lambda b, m: len(m),
        lambda b, m: "c3" in m,
        lambda b, m: list(m),
        lambda b, m: m[0],
        lambda b, m: bool(m),
        lambda b, m: repr(m),
        lambda b, m: b.line(),
    ],
    ids=["len", "in", "iter", "getitem", "bool", "repr", "a-board-method"],
)
def test_legal_moves_while_the_board_is_busy(ask):
    # A callback run while push_action holds the board (its argument's
    # __index__) that read legal_moves panicked ("Already mutably
    # borrowed"); it is the RuntimeError any of the board's methods gives.
    b = Board(size=8)
    moves = b.legal_moves
    seen = []

    class Busy:
        def __index__(self):
            try:
                ask(b, moves)
            except Exception as e:  # what it raises is the point
                seen.append(e)
            return 9

    b.push_action(Busy())
    assert len(seen) == 1 and type(seen[0]) is RuntimeError, seen
    assert "borrowed" in str(seen[0])
    assert b.ply == 1 and len(moves) == len(b.legal_moves)  # the push went on
