"""Agreement with OpenSpiel's `twixt` (pyspiel) move by move.

OpenSpiel's rules are twixtkit's `t1` preset: automatic links, no link
crosses any other, nothing is removed, and a swap on the second move that
takes the first peg over for the second player. (OpenSpiel turns the peg a
quarter turn where the mirror swap reflects it in the diagonal: the same
position reflected left to right, which `Board.action` accounts for.) One
difference: OpenSpiel's swap is the first peg's id, which Black may not play
when that peg is in Red's border row, so OpenSpiel offers no swap then.
"""

import random
import subprocess
import sys

import numpy as np
import pytest

import twixtkit

pyspiel = pytest.importorskip("pyspiel")

GAMES_PER_SIZE = 12  # 20 sizes: 240 games
SIZES = range(5, 25)


def play_one(size: int, seed: int) -> int:
    rng = random.Random(seed)
    game = pyspiel.load_game("twixt", {"board_size": size, "ansi_color_output": False})
    # Not game.observation_tensor_shape(): OpenSpiel's twixt keeps the first
    # size's shape in a static for the whole process (and its
    # observation_tensor then fails on other sizes), hence one process per size.
    shape = (12, size, size - 2)
    state = game.new_initial_state()
    board = twixtkit.Board(size=size, rules="t1")
    plies = 0
    while True:
        assert board.planes().shape == shape
        assert np.array_equal(
            board.planes(), np.asarray(state.observation_tensor(0), dtype=np.float32).reshape(shape)
        ), (size, seed, plies)
        if state.is_terminal():
            break
        os_player = state.current_player()
        assert board.turn == ("red" if os_player == 0 else "black")
        ours = board.legal_actions()
        if plies == 1:
            # The one rules difference: OpenSpiel's swap is the first peg's
            # id, which Black may not play when that peg is in Red's border
            # row, so OpenSpiel has no swap then; t1 (and Little Golem) has.
            first = board.pegs()[0][0]
            if int(first[1:]) in (1, size):
                assert "swap" in board.legal_moves
                ours.remove(board.action("swap"))
        assert ours == sorted(state.legal_actions()), (size, seed, plies)
        # Conversions both ways.
        for mv in board.legal_moves:
            a = board.action(mv)
            assert board.move_from_action(a) == mv
        assert not board.is_game_over() or board.outcome().termination in (
            "dead-draw",
            "no-legal-move",
        )
        action = rng.choice(ours)
        state.apply_action(action)
        board.push_action(action)
        plies += 1
    returns = state.returns()
    out = board.outcome()
    if returns[0] > 0:
        assert out is not None and out.winner == "red"
    elif returns[1] > 0:
        assert out is not None and out.winner == "black"
    else:
        # OpenSpiel draws when the next player has no move left, and so do the rules.
        assert out is not None and out.winner is None, out
        if len(board.legal_moves) == 0:
            assert out.termination == "no-legal-move"
        else:
            assert out.termination == "dead-draw"
    return plies


@pytest.mark.parametrize("size", SIZES)
def test_random_games_agree_with_pyspiel(size):
    """GAMES_PER_SIZE games of this size, in a process of their own."""
    run = subprocess.run(
        [sys.executable, __file__, str(size)], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr
    plies = int(run.stdout.split()[-1])
    assert plies > GAMES_PER_SIZE


def test_action_ids():
    b = twixtkit.Board(size=5, rules="t1")
    # OpenSpiel: action = x*size + y, y counted from the bottom; its label
    # for action 7 on a 5x5 board is b3.
    assert b.action("b3") == 7
    assert str(b.move_from_action(6)) == "b4"
    b.push("b4")
    assert b.move_from_action(6).is_swap
    assert b.action("swap") == 6


if __name__ == "__main__":
    n = int(sys.argv[1])
    print(sum(play_one(n, 1000 * n + i) for i in range(GAMES_PER_SIZE)))


def test_a_board_read_from_its_line_after_a_swap_is_the_same_game():
    # A board rebuilt from its line (or transformed) has no pushed swap; its
    # pegs say the swap was made, so its OpenSpiel ids and planes are the
    # game's, and the swap is not offered again.
    for moves in (["c3", "swap"], ["c3", "swap", "d4"], ["c3", "swap", "d4", "f5"]):
        b = twixtkit.Board(size=8, rules="t1")
        for m in moves:
            b.push(m)
        for other in (twixtkit.Board.from_line(b.line()), b.transformed("identity")):
            assert other.line() == b.line()
            assert "swap" not in other.legal_moves
            assert len(other.legal_moves) == len(b.legal_moves)
            assert [other.action(mv) for mv in b.legal_moves] == [b.action(mv) for mv in b.legal_moves]
            assert np.array_equal(other.planes(), b.planes())
    # With no swap, the line's board is not flipped either.
    b = twixtkit.Board(size=8, rules="t1")
    for m in ["c3", "d4", "e5"]:
        b.push(m)
    f = twixtkit.Board.from_line(b.line())
    assert f.action("f6") == b.action("f6")
    assert np.array_equal(f.planes(), b.planes())
