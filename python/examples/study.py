"""A notebook-style study of a puzzle, cell by cell: read a script, look at
its header and moves, solve the puzzle, draw the position with the solution
marked, and check the file as `twixt check` does.

In Jupyter each `board` or `picture` at the end of a cell draws itself
(`_repr_svg_`); here the SVG goes to files in the output folder.

    python study.py [PUZZLE.twixt] [--out FOLDER]
"""

import argparse
import os

import twixtkit

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "..", "..", "examples", "corner-puzzle.twixt")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle", nargs="?", default=DEFAULT)
    ap.add_argument("--out", default=".")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    # Cell 1: the game and its header.
    game = twixtkit.read_games(a.puzzle)[0]
    print(game.headers.get("Task") or game.headers.get("Title") or "a position")

    # Cell 2: the starting position, as text.
    board = game.board()
    print(board)

    # Cell 3: does the player to move win, and how fast?
    answer = board.wins_within(board.turn, 3, positions=2_000_000, all_keys=True)
    if answer.wins:
        print(f"{board.turn} wins in {answer.moves}: key {answer.key}, all keys {answer.keys}")
    elif answer.wins is None:
        print(f"undecided: {answer.undecided}")
    else:
        print(f"no win in 3; the defence {answer.refutation} holds")

    # Cell 4: the position with the key move marked.
    marks = {k: "!" for k in (answer.keys or [])}
    svg = board.svg(marks=marks, caption=f"{board.turn} to play and win")
    with open(os.path.join(a.out, "key-moves.svg"), "w", encoding="utf-8") as f:
        f.write(svg)

    # Cell 5: the solution as written, node by node, variations indented.
    def show(nodes: list, depth: int = 0) -> None:
        for node in nodes:
            note = " ".join(node.comments)
            print(f"{'  ' * depth}{node.ply}. {node.move}{node.glyph or ''} {note}".rstrip())
            for v in node.variations:
                show(v, depth + 1)

    show(game.mainline)

    # Cell 6: the script's own diagram points, drawn as `twixt render` draws them.
    for picture in game.pictures():
        with open(os.path.join(a.out, picture.name + ".svg"), "w", encoding="utf-8") as f:
            f.write(picture.svg())
        print(f"drew {picture.name}: {picture.line()}")

    # Cell 7: what `twixt check` says about the file.
    report = twixtkit.check(a.puzzle)
    print(f"check: {report['errors']} errors, {report['warnings']} warnings")


if __name__ == "__main__":
    main()
