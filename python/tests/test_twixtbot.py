"""twixtbot's input planes and policy indices: the layout README.md
documents, cells worked out by hand from twixtbot's encoding for a known
position, every peg and link read back from the planes over random games,
and boards played with mirrored moves."""

import random

import numpy as np
import pytest

import twixtkit
from twixtkit import Board
from test_symmetry import mirror


def hole(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def cells(a: np.ndarray, channel: int) -> set:
    return {(int(x), int(y)) for x, y in zip(*np.nonzero(a[:, :, channel]))}


def decode(board: Board, a: np.ndarray):
    """The pegs, links and recent pegs the planes hold, in the board's own
    holes, by the layout README.md gives."""
    me = board.turn
    them = "black" if me == "red" else "red"

    def back(x: int, y: int) -> str:
        return hole(x, y) if me == "red" else hole(y, x)

    pegs = {(back(x, y), them) for x, y in cells(a, 0)}
    pegs |= {(back(x, y), me) for x, y in cells(a, 1)}
    links = set()
    for k in range(8):
        mine, falling, tall = k & 1, k & 2, k & 4
        for x, y in cells(a, 2 + k):
            if falling and tall:
                ends = ((x - 1, y), (x, y - 2))
            elif falling:
                ends = ((x - 2, y), (x, y - 1))
            elif tall:
                ends = ((x - 1, y - 1), (x, y + 1))
            else:
                ends = ((x - 1, y - 1), (x + 1, y))
            owner = me if mine else them
            links.add((frozenset(back(*e) for e in ends), owner))
    recent = {back(x, y) for x, y in cells(a, 12)}
    return pegs, links, recent


def board_links(board: Board) -> set:
    return {(frozenset((a, b)), p) for a, b, p in board.links()}


def test_shape_dtype_and_location_planes():
    board = Board(size=24, rules="pencil")
    a = board.planes(encoding="twixtbot")
    assert a.shape == (24, 24, 13) and a.dtype == np.float32
    assert not a[:, :, :10].any() and not a[:, :, 12].any()
    # Location: channel 10 is y / size, channel 11 is x / size.
    assert a[3, 7, 10] == pytest.approx(7 / 24) and a[3, 7, 11] == pytest.approx(3 / 24)
    assert a[23, 0, 10] == 0.0 and a[23, 0, 11] == pytest.approx(23 / 24)
    assert Board(size=10).planes(encoding="twixtbot").shape == (10, 10, 13)
    # The default stays OpenSpiel's tensor.
    assert board.planes().shape == (12, 24, 22)
    assert np.array_equal(board.planes(), board.planes(encoding="openspiel"))


def test_known_position_cells():
    # Cells worked out by hand from twixtbot's encoding (a link keyed by
    # its floor midpoint, then shifted as its input arrays shift it).
    board = Board(size=24, rules="pencil")
    for m in ["f6", "m12", "g8", "n14"]:
        board.push(m)
    assert board.turn == "red"  # Red's frame is the board's own
    a = board.planes(encoding="twixtbot")
    assert cells(a, 1) == {(5, 5), (6, 7)}  # Red's pegs f6, g8: the player to move
    assert cells(a, 0) == {(12, 11), (13, 13)}  # Black's m12, n14
    # f6-g8: two rows tall, ends rising together, Red's: channel 2 + 1 + 4.
    assert cells(a, 7) == {(6, 6)}
    # m12-n14, Black's: channel 2 + 0 + 4.
    assert cells(a, 6) == {(13, 12)}
    assert a[:, :, 2:10].sum() == 2
    # The last four pegs but never the game's first move: m12, g8, n14.
    assert cells(a, 12) == {(12, 11), (6, 7), (13, 13)}

    board.push("h6")  # Red's g8-h6 falls; Black to move: the frame turns
    assert board.turn == "black"
    b = board.planes(encoding="twixtbot")
    assert cells(b, 1) == {(11, 12), (13, 13)}  # Black's pegs, transposed
    assert cells(b, 0) == {(5, 5), (7, 6), (5, 7)}
    # f6-g8 turned is two columns wide: channel 2 + 0 (Red's, not to move).
    assert cells(b, 2) == {(6, 6)}
    # g8-h6 turned: (7,6)-(5,7), wide and falling: channel 2 + 2.
    assert cells(b, 4) == {(7, 7)}
    # m12-n14 turned: Black's, wide: channel 2 + 1.
    assert cells(b, 3) == {(12, 13)}
    assert cells(b, 12) == {(11, 12), (7, 6), (13, 13), (5, 7)}


def random_game(rng: random.Random, size: int, rules: str, plies: int, symmetry: str = "identity"):
    b, c = Board(size=size, rules=rules), Board(size=size, rules=rules)
    for _ in range(plies):
        if b.is_game_over():
            break
        moves = [str(m) for m in b.legal_moves]
        m = rng.choice(moves)
        b.push(m)
        c.push(m if m == "swap" else mirror(m, size, symmetry))
        yield b, c


@pytest.mark.parametrize("rules", ["pencil", "t1", "dujardin"])
def test_planes_read_back_as_the_board(rules):
    rng = random.Random(rules)
    for size in (6, 11, 24):
        for board, _ in random_game(rng, size, rules, 60):
            a = board.planes(encoding="twixtbot")
            pegs, links, _ = decode(board, a)
            assert pegs == set(board.pegs())
            assert links == board_links(board)
            assert a[:, :, :10].sum() == len(board.pegs()) + len(board.links())


def test_recent_pegs_follow_a_mirror_swap():
    board = Board(size=24, rules="pencil")
    for m in ["d10", "swap", "h7", "k9"]:
        board.push(m)
    _, _, recent = decode(board, board.planes(encoding="twixtbot"))
    # d10 moved to j4 by the swap: it is the game's first move, left out.
    assert recent == {"h7", "k9"}
    board.push("c5")
    _, _, recent = decode(board, board.planes(encoding="twixtbot"))
    assert recent == {"h7", "k9", "c5"}
    for m in ["p20", "q14"]:
        board.push(m)
    _, _, recent = decode(board, board.planes(encoding="twixtbot"))
    assert recent == {"k9", "c5", "p20", "q14"}


@pytest.mark.parametrize("symmetry", twixtkit.symmetries())
def test_mirrored_games_give_mirrored_planes(symmetry):
    rng = random.Random(symmetry)
    size = 24
    for _ in range(3):
        for b, c in random_game(rng, size, "pencil", 40, symmetry):
            if "swap" in [str(m) for m in b.move_stack]:
                break  # the mirror swap's image is not the swap's image
            pb, lb, rb = decode(b, b.planes(encoding="twixtbot"))
            pc, lc, rc = decode(c, c.planes(encoding="twixtbot"))
            assert pc == {(mirror(h, size, symmetry), p) for h, p in pb}
            assert lc == {
                (frozenset(mirror(h, size, symmetry) for h in ends), p) for ends, p in lb
            }
            assert rc == {mirror(h, size, symmetry) for h in rb}
            # A transformed board has the same planes but for the recent pegs.
            t = b.transformed(symmetry).planes(encoding="twixtbot")
            assert np.array_equal(t[:, :, :12], c.planes(encoding="twixtbot")[:, :, :12])


def test_policy_indices():
    rng = random.Random(3)
    n = 12
    for board, _ in random_game(rng, n, "pencil", 30):
        if board.is_game_over():
            break
        seen = set()
        for m in board.legal_moves:
            if m.is_swap:
                with pytest.raises(twixtkit.TwixtError):
                    board.twixtbot_index(m)
                continue
            i = board.twixtbot_index(m)
            assert 0 <= i < n * (n - 2) and i not in seen
            seen.add(i)
            assert board.move_from_twixtbot_index(i) == m
            col, row = m.hole
            x, y = (col, row) if board.turn == "red" else (row, col)
            assert i == (x - 1) * n + y
    black = Board(size=n)
    black.push("c3")
    assert black.twixtbot_index("b5") == (5 - 1 - 1) * n + 1  # frame (4, 1)
    with pytest.raises(twixtkit.TwixtError, match="border"):
        black.twixtbot_index("e1")  # Red's border row
    with pytest.raises(IndexError):
        black.move_from_twixtbot_index(n * (n - 2))


def test_bad_encodings():
    with pytest.raises(ValueError, match="encoding"):
        Board(size=8).planes(encoding="alphazero")
    cut = Board.from_line("12 cut top right/pencil/b6/a2/*/red")
    with pytest.raises(twixtkit.TwixtError, match="twixtbot"):
        cut.planes(encoding="twixtbot")
