"""The board API against the engine's answers."""

import copy

import pytest

import twixtkit
from twixtkit import Board, IllegalMoveError, InvalidMoveError, Move, TwixtError


def test_new_board_and_legal_moves():
    b = Board()
    assert b.size == 24 and b.rules == "pencil" and b.turn == "red"
    # Red may not use Black's border columns, nor the corners.
    assert len(b.legal_moves) == 24 * 24 - 4 - 2 * 22
    assert "f6" in b.legal_moves
    assert "a6" not in b.legal_moves  # Black's border column
    assert "zz99" not in b.legal_moves
    assert len(list(b.legal_moves)) == len(b.legal_moves)
    assert all(isinstance(m, Move) for m in b.legal_moves)


def test_push_pop_turn_and_links():
    b = Board()
    start = b.copy()
    for mv in ["f6", "m12", "g8"]:
        b.push(mv)
    assert b.turn == "black"
    assert ("f6", "g8", "red") in b.links() or ("g8", "f6", "red") in b.links()
    assert str(b.pop()) == "g8"
    assert b.turn == "red"
    b.pop()
    b.pop()
    assert b == start and b.state_hash() == start.state_hash()
    with pytest.raises(IndexError):
        b.pop()


def test_push_move_object_and_swap():
    b = Board(size=8, rules="pencil")
    first = next(iter(b.legal_moves))
    b.push(first)
    assert "swap" in b.legal_moves
    b.push("swap")
    assert b.peek().is_swap
    assert b.turn == "red"
    assert b.pop().is_swap


def test_errors_carry_the_engine_message():
    b = Board()
    b.push("f6")
    with pytest.raises(IllegalMoveError, match="occupied"):
        b.push("f6")
    with pytest.raises(IllegalMoveError, match="border"):
        b.push("f1")  # Red's border row, Black to move
    with pytest.raises(InvalidMoveError):
        b.push("hello")
    with pytest.raises(ValueError):  # every error is a ValueError
        b.push(42)
    with pytest.raises(twixtkit.RulesError, match="unknown rule set"):
        Board(rules="nope")
    for bad in (1, 0, -3, 10**6, 10**30):
        with pytest.raises((twixtkit.RulesError, OverflowError)):
            Board(size=bad)
    with pytest.raises(twixtkit.RulesError):
        Board(size=-3)
    with pytest.raises(twixtkit.TwixtError):
        Board.from_line("\u202e" * 10_000 + "/\x00/")
    with pytest.raises(twixtkit.PositionLineError):
        Board.from_line("this is not a line")
    assert issubclass(IllegalMoveError, TwixtError) and issubclass(TwixtError, ValueError)
    assert not b.is_legal("f6") and b.is_legal("m12") and not b.is_legal("junk")


def test_line_round_trip_and_copy():
    line = "8/dujardin/d1,d3/b4,g4/*/red"
    b = Board.from_line(line)
    assert Board.from_line(b.line()) == b
    assert b.turn == "red"
    c = b.copy()
    c.push("e5")
    assert c != b
    d = copy.deepcopy(b)
    assert d == b


def test_outcome_win_with_chain():
    # Red's chain c1-d3-c5-e6 joins the top and bottom rows of a 6x6 board.
    b = Board(size=6, rules="t1")
    for red, black in [("c1", "a2"), ("d3", "a4"), ("c5", "f3")]:
        assert b.outcome() is None
        b.push(red)
        b.push(black)
    b.push("e6")
    out = b.outcome()
    assert out is not None and out.winner == "red" and out.termination == "connection"
    assert set(out.chain) == {"c1", "d3", "c5", "e6"}
    assert out.result() == "1-0"
    assert b.is_game_over()
    assert len(b.legal_moves) == 0
    with pytest.raises(IllegalMoveError, match="over"):
        b.push("b3")


def test_no_legal_move_ends_the_game_in_a_draw():
    # Red to move with every hole it may use taken: no pass, a draw.
    b = Board(size=5, rules="t1")
    for m in "c1 c2 d5 b4 d2 d4 d1 c3 c5 d3 b1 c4 b2 b3 b5 e2".split():
        assert not b.is_game_over()
        b.push(m)
    assert b.turn == "red" and len(b.legal_moves) == 0
    out = b.outcome()
    assert out is not None and out.winner is None and out.termination == "no-legal-move"
    assert out.result() == "1/2-1/2"
    assert b.is_game_over()
    b.pop()
    assert b.outcome() is None and len(b.legal_moves) > 0


def test_dead_draw_outcome():
    # A tiny board played out without a winner ends in a dead draw or full board.
    lengths, winners = twixtkit.random_games(50, size=5, rules="t1", seed=3)
    assert (winners == -1).any()
    for seed in range(50):
        b = Board(size=5, rules="t1")
        import random

        rng = random.Random(seed)
        while not b.is_game_over() and len(b.legal_moves):
            b.push(rng.choice(list(b.legal_moves)))
        out = b.outcome()
        if out is not None and out.winner is None and out.termination == "dead-draw":
            return
        assert out is not None, "a game that stops is over"
        assert out.winner is not None or out.termination == "no-legal-move"
    pytest.fail("no dead draw in 50 games on 5x5")


def test_every_preset_plays():
    for name in twixtkit.presets():
        b = Board(size=10, rules=name)
        b.push(next(iter(b.legal_moves)))
        assert b.turn in ("red", "black")


def test_yaml_rules():
    b = Board(size=12, rules="preset: dujardin\ncrossing: own\n")
    assert b.size == 12


def test_yaml_rule_file(tmp_path):
    path = tmp_path / "own.yaml"
    path.write_text("preset: dujardin\ncrossing: own\n")
    from_file = Board(size=12, rules=str(path))
    from_text = Board(size=12, rules=path.read_text())
    assert from_file.rules == from_text.rules
    assert from_file.legal_actions() == from_text.legal_actions()
    bad = tmp_path / "bad.yml"
    bad.write_text("preset: dujardin\ncrossing: sideways\n")
    with pytest.raises(twixtkit.RulesError, match="bad.yml"):
        Board(size=12, rules=str(bad))
    with pytest.raises(twixtkit.RulesError, match="missing.yaml"):
        Board(size=12, rules=str(tmp_path / "missing.yaml"))


def test_random_games_arrays():
    import numpy as np

    lengths, winners = twixtkit.random_games(20, size=8, rules="pencil", seed=1)
    assert lengths.dtype == np.int32 and winners.dtype == np.int8
    assert lengths.shape == (20,) and (lengths > 0).all()
    again = twixtkit.random_games(20, size=8, rules="pencil", seed=1)
    assert (again[0] == lengths).all() and (again[1] == winners).all()
    assert set(winners.tolist()) <= {-1, 0, 1}


def test_random_games_refuses_more_games_than_its_limit():
    # The arrays were sized from n before any check: 10**12 games aborted
    # the interpreter (a failed allocation), 2**62 panicked.
    for n in (10**12, 2**62, 200_000_001):
        with pytest.raises(ValueError, match="at most 200000000 games"):
            twixtkit.random_games(n, size=3)
    assert twixtkit.MAX_GAMES == 200_000_000
    assert twixtkit.MAX_GAMES * 5 <= 2**30  # int32 + int8 a game within 1 GiB
    plies, winners = twixtkit.random_games(0, size=3)
    assert plies.shape == winners.shape == (0,)


def test_random_games_caps_its_threads():
    # More threads than the system can start panicked ("failed to spawn
    # thread"); they are capped to the cores, with the same results.
    plies, winners = twixtkit.random_games(100_000, size=5, seed=2, threads=100_000)
    one = twixtkit.random_games(100_000, size=5, seed=2, threads=1)
    assert (plies == one[0]).all() and (winners == one[1]).all()


def test_random_games_thread_that_cannot_start_is_an_oserror():
    # A process whose address space has no room for a thread's stack: the
    # thread fails to start, an OSError rather than a panic.
    import subprocess
    import sys
    import textwrap

    code = textwrap.dedent(
        """
        import os, resource, twixtkit
        if len(os.sched_getaffinity(0)) < 2:
            print("one core")
            raise SystemExit
        twixtkit.random_games(4, size=5, threads=1)
        used = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + (1 << 20), resource.RLIM_INFINITY))
        try:
            twixtkit.random_games(64, size=5, threads=2)
            print("ran")
        except OSError as e:
            print("OSError", e)
        """
    )
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc and sets RLIMIT_AS")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    if run.stdout.startswith("one core"):
        pytest.skip("one core: no thread is started")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(("OSError", "ran")), run.stdout
    if run.stdout.startswith("OSError"):
        assert "fewer threads" in run.stdout


def test_holes_off_the_board_have_no_ids():
    # Off-board holes got other holes' ids silently: c9 on 8x8 was b1's
    # action (15), i3 gave 69 (outside 0..63), b65536 a 64-bit number,
    # and c9's twixtbot index was d1's. They raise as push does.
    b = Board(size=8)
    for hole in ("c9", "i3", "b65536", "z26"):
        with pytest.raises(IllegalMoveError, match="not a hole of the 8 board"):
            b.action(hole)
        with pytest.raises(IllegalMoveError, match="not a hole of the 8 board"):
            b.twixtbot_index(hole)
        with pytest.raises(IllegalMoveError, match="not a hole of the 8 board"):
            b.push(hole)
    # Every hole of the grid keeps its id, the corners' included.
    ids = {b.action(f"{chr(ord('a') + c)}{r + 1}") for c in range(8) for r in range(8)}
    assert ids == set(range(64))
    assert b.twixtbot_index("c8") == 15 and b.twixtbot_index("d1") == 16


def test_holes_the_board_lacks_have_no_peg_to_ask_for():
    # peg_at answered None for c9 on 8x8, as for an empty hole, where
    # push and action raise: a hole off the board or a corner raises as
    # push does, and text that names no hole as Move.from_text does.
    b = Board(size=8)
    b.push("c3")
    assert b.peg_at("c3") == "red" and b.peg_at("C3") == "red" and b.peg_at("d5") is None
    for hole in ("c9", "i3", "b65536", "z26", "a1", "h1", "a8", "h8"):
        with pytest.raises(IllegalMoveError, match=f"{hole} is not a hole of the 8 board"):
            b.peg_at(hole)
        with pytest.raises(IllegalMoveError, match="not a hole of the 8 board"):
            b.push(hole)
    for text in ("9c", "swap", ""):
        with pytest.raises(InvalidMoveError):
            b.peg_at(text)
    # The border holes, a corner's neighbours among them, are holes.
    assert [b.peg_at(h) for h in ("a2", "b1", "h7", "g8")] == [None] * 4


def test_error_messages_quote_a_huge_input_cut_short():
    # Messages quoted the whole input: Board(rules='p'*10**7) made a 10 MB
    # RulesError, push('f'+'6'*10**7) a 10 MB InvalidMoveError. They quote
    # it cut, as from_line does.
    huge = 10**6
    b = Board(size=8)
    calls = [
        (twixtkit.RulesError, "unknown rule set `ppp", lambda: Board(rules="p" * huge)),
        (twixtkit.RulesError, "unknown rule set", lambda: Board(rules="preset: " + "p" * huge)),
        (twixtkit.RulesError, "unknown rule set", lambda: twixtkit.read_games("x.twixt", rules="p" * huge)),
        (InvalidMoveError, "is not a move", lambda: b.push("f" + "6" * huge)),
        (InvalidMoveError, "is not a move", lambda: Move.from_text("-f" + "6" * huge)),
        (InvalidMoveError, "expected a hole", lambda: b.peg_at("f" + "6" * huge)),
        (InvalidMoveError, "expected a hole", lambda: b.svg(lastmove="x" * huge)),
        (ValueError, "a player is", lambda: b.wins_within("r" * huge, 1)),
        (ValueError, "an encoding is", lambda: b.planes("o" * huge)),
        (ValueError, "a symmetry is", lambda: b.transformed("f" * huge)),
        (ValueError, "one to three characters", lambda: b.svg(marks={"c3": "a" * huge})),
        (ValueError, "expected a crop", lambda: b.svg(crop="c" * huge)),
        (ValueError, "coordinate sides", lambda: b.svg(coords="c" * huge)),
        (ValueError, "style", lambda: b.svg(style="c" * huge)),
        (twixtkit.FileError, "cannot read", lambda: twixtkit.read_games("p" * huge + ".twixt")),
    ]
    for error, words, call in calls:
        with pytest.raises(error, match=words) as e:
            call()
        assert len(str(e.value)) < 400, str(e.value)[:200]
    # Short inputs are quoted whole, with their hints.
    with pytest.raises(twixtkit.RulesError, match="did you mean `pencil`"):
        Board(rules="pencl")
