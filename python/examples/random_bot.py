"""A random-play bot: plays games to the end from Python with twixtkit's
board, picking a uniformly random legal move each ply, and prints each
game's length and result.

    python random_bot.py [--games 5] [--size 24] [--rules pencil] [--seed 1]
"""

import argparse
import random

import twixtkit


def play(board: twixtkit.Board, rng: random.Random) -> twixtkit.Board:
    """Random moves until the game ends or no move is left."""
    while not board.is_game_over():
        moves = board.legal_moves  # a live view: nothing is listed
        if not moves:
            break
        board.push(moves[rng.randrange(len(moves))])
    return board


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--size", type=int, default=24)
    ap.add_argument("--rules", default="pencil")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    for i in range(a.games):
        board = play(twixtkit.Board(size=a.size, rules=a.rules), rng)
        out = board.outcome()
        if out is None:
            how = "no move left"
        elif out.winner is None:
            how = out.termination
        else:
            how = f"{out.winner} wins by {out.termination} ({len(out.chain)} pegs in the chain)"
        print(f"game {i + 1}: {board.ply} plies, {how}")


if __name__ == "__main__":
    main()
