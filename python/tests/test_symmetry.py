"""The board's symmetries: a transformed board is the board played with
mirrored moves, its planes that board's planes, and policies follow."""

import random

import numpy as np
import pytest

import twixtkit
from twixtkit import Board


def mirror(hole: str, size: int, symmetry: str) -> str:
    col, row = ord(hole[0]) - ord("a"), int(hole[1:]) - 1
    if symmetry in ("flip-columns", "rotate-180"):
        col = size - 1 - col
    if symmetry in ("flip-rows", "rotate-180"):
        row = size - 1 - row
    return f"{chr(ord('a') + col)}{row + 1}"


@pytest.mark.parametrize("symmetry", twixtkit.symmetries())
def test_transformed_board_is_the_mirrored_game(symmetry):
    rng = random.Random(symmetry)
    size = 10
    for _ in range(5):
        b, c = Board(size=size, rules="dujardin"), Board(size=size, rules="dujardin")
        for _ in range(rng.randrange(5, 40)):
            moves = [str(m) for m in b.legal_moves if str(m) != "swap"]
            if not moves or b.is_game_over():
                break
            m = rng.choice(moves)
            b.push(m)
            c.push(mirror(m, size, symmetry))
        t = b.transformed(symmetry)
        assert sorted(t.pegs()) == sorted(c.pegs())
        assert sorted(t.links()) == sorted(c.links())
        assert t.turn == c.turn
        assert np.array_equal(t.planes(), c.planes())
        # A policy of b's legal moves becomes one of c's.
        policy = np.zeros(size * size, dtype=np.float32)
        for a in b.legal_actions():
            policy[a] = 1.0 + a
        moved = twixtkit.transform_actions(policy, size, symmetry)
        for a in b.legal_actions():
            image = c.action(mirror(str(b.move_from_action(a)), size, symmetry))
            assert moved[image] == policy[a]
        assert sorted(np.flatnonzero(moved)) == c.legal_actions()


def test_bad_symmetries():
    with pytest.raises(ValueError):
        Board(size=8).transformed("rotate-90")
    with pytest.raises(ValueError):
        twixtkit.transform_actions(np.zeros(10, dtype=np.float32), 8, "identity")
    with pytest.raises(twixtkit.TwixtError):
        Board.from_line("12 cut top right/pencil/b6/a2/*/red").transformed("flip-rows")


def test_policy_sizes_out_of_range():
    # size*size wrapped or indexed past the policy: 2**63+1 and 2**63+4
    # panicked, 2**32 gave [] for an empty policy, 0 was "0 values, not 0".
    cases = [
        (lambda s: twixtkit.transform_actions(np.ones(1, np.float32), s, "flip-columns"), 2**63 + 1),
        (lambda s: twixtkit.transform_actions(np.ones(0, np.float32), s, "flip-columns"), 2**32),
        (lambda s: twixtkit.transform_actions(np.ones(0, np.float32), s, "flip-columns"), 0),
        (lambda s: twixtkit.transform_actions(np.ones(4, np.float32), s, "identity"), 2),
        (lambda s: twixtkit.transform_actions(np.ones(129 * 129, np.float32), s, "identity"), 129),
        (
            lambda s: twixtkit.transform_twixtbot_policy(np.ones(8, np.float32), s, "flip-columns", "red"),
            2**63 + 4,
        ),
        (lambda s: twixtkit.transform_twixtbot_policy(np.ones(0, np.float32), s, "identity", "red"), 2),
    ]
    for call, size in cases:
        with pytest.raises(ValueError, match="size is 3 to 128"):
            call(size)
    # The ends of the range still work.
    for size in (3, 128):
        assert twixtkit.transform_actions(np.ones(size * size, np.float32), size, "rotate-180").shape == (size * size,)
        policy = np.ones(size * (size - 2), np.float32)
        assert twixtkit.transform_twixtbot_policy(policy, size, "flip-rows", "black").shape == policy.shape
