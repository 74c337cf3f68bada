"""The board's symmetries on twixtbot's planes and policy vectors: a
transformed array is the array of the game played with mirrored moves,
the planes and the policy move alike, and the colour-swapping transpose
is already the identity in twixtbot's frame."""

import random

import numpy as np
import pytest

import twixtkit
from twixtkit import Board
from test_symmetry import mirror
from test_twixtbot import random_game


def policy_of(rng: random.Random, n: int) -> np.ndarray:
    return np.array([rng.random() + 0.01 for _ in range(n * (n - 2))], dtype=np.float32)


@pytest.mark.parametrize("symmetry", twixtkit.symmetries())
@pytest.mark.parametrize("rules", ["pencil", "t1"])
def test_arrays_follow_the_mirrored_game(symmetry, rules):
    rng = random.Random(f"{symmetry} {rules}")
    for size in (5, 9, 24):
        for b, c in random_game(rng, size, rules, 50, symmetry):
            if "swap" in [str(m) for m in b.move_stack]:
                break  # the mirror swap's image is not the swap's image
            assert b.turn == c.turn
            planes = b.planes(encoding="twixtbot")
            moved = twixtkit.transform_twixtbot_planes(planes, symmetry, b.turn)
            # Every channel, the recent pegs included: c's moves are b's
            # moves mirrored.
            assert moved.dtype == np.float32
            assert np.array_equal(moved, c.planes(encoding="twixtbot"))
            # A symmetry is its own inverse.
            back = twixtkit.transform_twixtbot_planes(moved, symmetry, b.turn)
            assert np.array_equal(back, planes)
            # The transformed board: the same planes but for the recent pegs.
            t = b.transformed(symmetry).planes(encoding="twixtbot")
            assert np.array_equal(t[:, :, :12], moved[:, :, :12])

            # Every index of b's policy lands on its hole's image in c's.
            p = policy_of(rng, size)
            q = twixtkit.transform_twixtbot_policy(p, size, symmetry, b.turn)
            assert q.dtype == np.float32 and q.shape == p.shape
            for i in range(size * (size - 2)):
                hole = str(b.move_from_twixtbot_index(i))
                assert q[c.twixtbot_index(mirror(hole, size, symmetry))] == p[i]
            back = twixtkit.transform_twixtbot_policy(q, size, symmetry, b.turn)
            assert np.array_equal(back, p)


def test_planes_and_policy_agree_on_the_pegs():
    # A policy that puts each peg's value where the planes have the peg of
    # the player to move stays in step with the planes under every symmetry.
    rng = random.Random(11)
    n = 12
    for b, _ in random_game(rng, n, "pencil", 40):
        if "swap" in [str(m) for m in b.move_stack]:
            break
        planes = b.planes(encoding="twixtbot")
        mine = np.zeros(n * (n - 2), dtype=np.float32)
        for x in range(1, n - 1):
            for y in range(n):
                mine[(x - 1) * n + y] = planes[x, y, 1]
        for s in twixtkit.symmetries():
            moved = twixtkit.transform_twixtbot_planes(planes, s, b.turn)
            q = twixtkit.transform_twixtbot_policy(mine, n, s, b.turn)
            assert np.array_equal(q.reshape(n - 2, n), moved[1 : n - 1, :, 1])


def test_frame_axes_are_twixtbots_flips():
    # In the frame of the player to move, flipping x reverses the policy's
    # (size-2, size) rows and flipping y its columns: flip-columns is the x
    # flip with Red to move and the y flip with Black to move.
    n = 8
    p = np.arange(n * (n - 2), dtype=np.float32)
    grid = p.reshape(n - 2, n)
    cases = {
        ("flip-columns", "red"): grid[::-1, :],
        ("flip-rows", "red"): grid[:, ::-1],
        ("flip-columns", "black"): grid[:, ::-1],
        ("flip-rows", "black"): grid[::-1, :],
        ("rotate-180", "red"): grid[::-1, ::-1],
        ("rotate-180", "black"): grid[::-1, ::-1],
        ("identity", "black"): grid,
    }
    for (s, turn), want in cases.items():
        assert np.array_equal(twixtkit.transform_twixtbot_policy(p, n, s, turn), want.ravel())


def transpose(hole: str) -> str:
    col, row = ord(hole[0]) - ord("a"), int(hole[1:]) - 1
    return f"{chr(ord('a') + row)}{col + 1}"


def transposed_line(board: Board) -> str:
    """The board transposed with the colours traded: each Red peg at
    (col, row) becomes a Black peg at (row, col) and so on, the other
    player to move."""
    t = transpose
    pegs = board.pegs()
    red = [t(h) for h, p in pegs if p == "black"] or ["-"]
    black = [t(h) for h, p in pegs if p == "red"] or ["-"]
    links = [f"{t(a)}-{t(b)}" for a, b, _ in board.links()] or ["-"]
    turn = "black" if board.turn == "red" else "red"
    rules = board.line().split("/")[1]
    return "/".join([str(board.size), rules, ",".join(red), ",".join(black), ",".join(links), turn])


def test_colour_swapping_transpose_is_the_frame():
    # twixtbot's frame already turns the board to the player to move, so
    # the transposed position with the colours traded has the same planes
    # and the same policy indices: it needs no transform of its own.
    rng = random.Random(5)
    n = 10
    for b, _ in random_game(rng, n, "pencil", 40):
        if b.is_game_over():
            break
        a = Board.from_line(b.line())
        t = Board.from_line(transposed_line(a))
        assert t.turn != a.turn
        assert np.array_equal(a.planes(encoding="twixtbot"), t.planes(encoding="twixtbot"))
        for i in range(n * (n - 2)):
            assert str(t.move_from_twixtbot_index(i)) == transpose(str(a.move_from_twixtbot_index(i)))


def test_bad_arrays():
    planes = Board(size=8).planes(encoding="twixtbot")
    with pytest.raises(ValueError, match="shape"):
        twixtkit.transform_twixtbot_planes(planes[:, :7], "identity", "red")
    with pytest.raises(ValueError, match="shape"):
        twixtkit.transform_twixtbot_planes(planes[:, :, :12], "identity", "red")
    with pytest.raises(ValueError, match="player"):
        twixtkit.transform_twixtbot_planes(planes, "identity", "white")
    with pytest.raises(ValueError, match="symmetry"):
        twixtkit.transform_twixtbot_planes(planes, "rotate-90", "red")
    # A wide rising link marked in the first column would have an end off
    # the board.
    bad = planes.copy()
    bad[0, 3, 2] = 1.0
    with pytest.raises(ValueError, match=r"planes\[0, 3, 2\].*leave"):
        twixtkit.transform_twixtbot_planes(bad, "flip-rows", "red")
    with pytest.raises(ValueError, match="48 values, not 64"):
        twixtkit.transform_twixtbot_policy(np.zeros(64, dtype=np.float32), 8, "identity", "red")
    with pytest.raises(ValueError, match="player"):
        twixtkit.transform_twixtbot_policy(np.zeros(48, dtype=np.float32), 8, "identity", "nobody")
