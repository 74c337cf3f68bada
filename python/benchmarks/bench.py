"""Random playouts to the end, plies per second, in one run:

1. twixtkit.random_games (the batched call, in Rust),
2. Python loops on twixtkit's Board: picking from the lazy `legal_moves`
   by index (no object per legal move), and the slower shapes a program
   may write (a list of every legal move; OpenSpiel's action ids),
3. pyspiel's loop (OpenSpiel's `twixt`), if installed,
4. the same playouts by the `twixt random` binary (`--twixt PATH`,
   target/release/twixt by default), whole process included, beside
   `random_games` on one thread in the same run.

    python bench.py [--size 24] [--games 200] [--rules t1] [--old DIR] [--twixt PATH]

`--old DIR` measures another build of the package (installed with
`pip install --target DIR`) in the same run, in a subprocess.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

import twixtkit


def batched(size: int, games: int, rules: str, threads: int = 0) -> float:
    # Warm up first: the first call of a process sets up the board's tables.
    twixtkit.random_games(2, size=size, rules=rules, seed=0, threads=threads)
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


def python_loop_indexed(size: int, games: int, rules: str) -> float:
    """A Python loop that picks a move by index from the lazy legal moves."""
    rng = random.Random(1)
    plies = 0
    t = time.perf_counter()
    for _ in range(games):
        b = twixtkit.Board(size=size, rules=rules)
        moves = b.legal_moves  # a live view of the board's legal moves
        while True:
            n = len(moves)
            if not n:
                break
            b.push(moves[rng.randrange(n)])
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


# A move of a move list (`12.f6`, `2.swap`), not an accepted draw or a
# resignation that ends the game.
LISTED_MOVE = re.compile(r"\b\d+\.(?!draw\b|resign\b)\S+")


def binary_playouts(twixt: str, size: int, games: int, rules: str) -> dict:
    """`twixt random` writing `games` games as move lists, timed as a whole
    process: plies and games a second, plies a game."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "games.txt")
        args = [twixt, "random", "--games", str(games), "--size", str(size),
                "--rules", rules, "--seed", "1", "-o", out]
        t = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        elapsed = time.perf_counter() - t
        with open(out, encoding="utf-8") as f:
            lines = [line for line in f if line.strip() and not line.startswith("#")]
    if len(lines) != games:
        raise SystemExit(f"{twixt} random wrote {len(lines)} games, not {games}")
    plies = sum(len(LISTED_MOVE.findall(line)) for line in lines)
    return {"plies_s": plies / elapsed, "games_s": games / elapsed, "plies": plies / games}


def module_playouts(size: int, games: int, rules: str, threads: int) -> dict:
    """As binary_playouts, for `twixtkit.random_games`."""
    twixtkit.random_games(2, size=size, rules=rules, seed=0, threads=threads)
    t = time.perf_counter()
    lengths, _ = twixtkit.random_games(games, size=size, rules=rules, seed=1, threads=threads)
    elapsed = time.perf_counter() - t
    plies = int(lengths.sum())
    return {"plies_s": plies / elapsed, "games_s": games / elapsed, "plies": plies / games}


def push_pop_overhead(size: int, rounds: int = 100_000) -> float:
    b = twixtkit.Board(size=size, rules="t1")
    t = time.perf_counter()
    for _ in range(rounds):
        b.push("f6")
        b.pop()
    return (time.perf_counter() - t) / rounds


def measure(size: int, games: int, rules: str) -> dict:
    """Every twixtkit figure of the package imported: plies per second,
    and nanoseconds for a push and pop pair."""
    rows = {"batched": batched(size, games * 10, rules)}
    if hasattr(twixtkit.LegalMoves, "__getitem__"):
        rows["indexed"] = python_loop_indexed(size, games, rules)
    rows["listed"] = python_loop_no_outcome(size, games, rules)
    rows["outcome"] = python_loop(size, max(1, games // 4), rules)
    rows["actions"] = python_loop_actions(size, games, rules)
    rows["one_thread"] = batched(size, games * 10, rules, threads=1)
    rows["push_pop_ns"] = push_pop_overhead(size) * 1e9
    return rows


NAMES = {
    "batched": "random_games (batched, in Rust)",
    "one_thread": "  same, one thread",
    "indexed": "Python loop: legal_moves[k], push",
    "listed": "Python loop: list(legal_moves), push",
    "outcome": "  same, with outcome() every ply",
    "actions": "Python loop: legal_actions(), push_action",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=24)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rules", default="t1")
    ap.add_argument(
        "--old",
        metavar="DIR",
        help="a folder holding another build of the package (pip install --target DIR) "
        "to measure in the same run",
    )
    ap.add_argument(
        "--twixt",
        metavar="PATH",
        default=os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "twixt"),
        help="the twixt binary whose `twixt random` is measured beside random_games",
    )
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.json:
        print(json.dumps(measure(a.size, a.games, a.rules)))
        return
    old = None
    if a.old:
        env = dict(os.environ, PYTHONPATH=a.old)
        args = [sys.executable, __file__, "--json", "--size", str(a.size), "--games", str(a.games), "--rules", a.rules]
        old = json.loads(subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout)
    new = measure(a.size, a.games, a.rules)
    try:
        ref = pyspiel_loop(a.size, a.games)
    except ImportError:
        ref = None
        print("pyspiel not installed: no OpenSpiel figure")
    print(f"board {a.size}x{a.size}, rules {a.rules}, random games to the end; plies/s (x pyspiel)")
    print(f"{'':44s} {'old':>20s} {'new':>20s}")

    def cell(rows, key):
        if rows is None or key not in rows:
            return f"{'-':>20s}"
        ratio = f" ({rows[key] / ref:6.1f}x)" if ref else ""
        return f"{rows[key]:>11,.0f}{ratio}"

    for key, name in NAMES.items():
        print(f"{name:44s} {cell(old, key)} {cell(new, key)}")
    if ref:
        print(f"{'pyspiel loop: legal_actions(), apply_action':44s} {ref:>11,.0f}")
    pp = lambda rows: f"{rows['push_pop_ns']:>20,.0f}" if rows else f"{'-':>20s}"
    print(f"{'push + pop of one peg, ns a pair':44s} {pp(old)} {pp(new)}")
    if not os.path.exists(a.twixt):
        print(f"{a.twixt} not found: no `twixt random` figure (cargo build --release)")
        return
    n = a.games * 10
    print(f"\n{n} random games, one thread each: plies/s, games/s, plies a game")
    rows = [
        (f"twixt random --games {n} (whole process)", binary_playouts(a.twixt, a.size, n, a.rules)),
        ("twixtkit.random_games(threads=1)", module_playouts(a.size, n, a.rules, 1)),
        ("twixtkit.random_games (2 threads)", module_playouts(a.size, n, a.rules, 0)),
    ]
    for name, r in rows:
        print(f"{name:44s} {r['plies_s']:>11,.0f} {r['games_s']:>9,.0f} {r['plies']:>7.1f}")


if __name__ == "__main__":
    main()
