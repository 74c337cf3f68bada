"""Random playouts to the end, plies per second, in one run:

1. twixtkit.random_games (the batched call, in Rust),
2. a Python loop of Board.push / legal_moves,
3. pyspiel's loop (OpenSpiel's `twixt`), if installed.

    python bench.py [--size 24] [--games 200]
"""

import argparse
import os
import random
import sys
import time

# The installed package, not the source folder beside this script (which has
# no built extension).
_here = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != _here]

import twixtkit  # noqa: E402


def batched(size: int, games: int, rules: str, threads: int = 0) -> float:
    t = time.perf_counter()
    lengths, _ = twixtkit.random_games(games, size=size, rules=rules, seed=1, threads=threads)
    return int(lengths.sum()) / (time.perf_counter() - t)


def python_loop(size: int, games: int, rules: str) -> float:
    rng = random.Random(1)
    plies = 0
    t = time.perf_counter()
    for _ in range(games):
        b = twixtkit.Board(size=size, rules=rules)
        while True:
            moves = list(b.legal_moves)
            if not moves or b.outcome() is not None:
                break
            b.push(rng.choice(moves))
            plies += 1
    return plies / (time.perf_counter() - t)


def python_loop_no_outcome(size: int, games: int, rules: str) -> float:
    """As python_loop, but asks only whether moves are left (no dead-draw search)."""
    rng = random.Random(1)
    plies = 0
    t = time.perf_counter()
    for _ in range(games):
        b = twixtkit.Board(size=size, rules=rules)
        while True:
            moves = list(b.legal_moves)
            if not moves:
                break
            b.push(rng.choice(moves))
            plies += 1
    return plies / (time.perf_counter() - t)


def python_loop_actions(size: int, games: int, rules: str) -> float:
    """A Python loop on OpenSpiel's ids: legal_actions / push_action."""
    rng = random.Random(1)
    plies = 0
    t = time.perf_counter()
    for _ in range(games):
        b = twixtkit.Board(size=size, rules=rules)
        while True:
            actions = b.legal_actions()
            if not actions:
                break
            b.push_action(rng.choice(actions))
            plies += 1
    return plies / (time.perf_counter() - t)


def pyspiel_loop(size: int, games: int) -> float:
    import pyspiel

    rng = random.Random(1)
    game = pyspiel.load_game("twixt", {"board_size": size})
    plies = 0
    t = time.perf_counter()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            plies += 1
    return plies / (time.perf_counter() - t)


def push_pop_overhead(size: int, rounds: int = 100_000) -> float:
    b = twixtkit.Board(size=size, rules="t1")
    t = time.perf_counter()
    for _ in range(rounds):
        b.push("f6")
        b.pop()
    return (time.perf_counter() - t) / rounds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=24)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rules", default="t1")
    a = ap.parse_args()
    print(f"board {a.size}x{a.size}, rules {a.rules}, random games to the end")
    rows = [
        ("twixtkit.random_games (batched)", batched(a.size, a.games * 10, a.rules)),
        ("twixtkit Python loop, push/legal_moves", python_loop_no_outcome(a.size, a.games, a.rules)),
        ("  same, asking outcome() each ply", python_loop(a.size, max(1, a.games // 4), a.rules)),
        ("twixtkit Python loop, legal_actions/push_action", python_loop_actions(a.size, a.games, a.rules)),
        ("twixtkit.random_games, one thread", batched(a.size, a.games * 10, a.rules, threads=1)),
    ]
    try:
        rows.append(("pyspiel loop (OpenSpiel twixt)", pyspiel_loop(a.size, a.games)))
    except ImportError:
        print("pyspiel not installed: no OpenSpiel figure")
    for name, rate in rows:
        print(f"{name:48s} {rate:14,.0f} plies/s")
    if rows[-1][0].startswith("pyspiel"):
        ref = rows[-1][1]
        for name, rate in rows[:-1]:
            print(f"{name:48s} {rate / ref:8.1f}x pyspiel")
    print(f"push+pop from Python: {push_pop_overhead(a.size) * 1e9:,.0f} ns a pair")


if __name__ == "__main__":
    main()
