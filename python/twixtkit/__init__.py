"""TwixT's rules engine (twixtkit's `twixt-core` crate) from Python.

>>> import twixtkit
>>> board = twixtkit.Board(size=24, rules="pencil")
>>> board.push("f6")
>>> "m12" in board.legal_moves
True
>>> board.turn
'black'
"""

from ._twixtkit import (
    Board,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoveIter,
    LegalMoves,
    Move,
    Outcome,
    PositionLineError,
    RulesError,
    TwixtError,
    presets,
    random_games,
)

__all__ = [
    "Board",
    "IllegalMoveError",
    "InvalidMoveError",
    "LegalMoveIter",
    "LegalMoves",
    "Move",
    "Outcome",
    "PositionLineError",
    "RulesError",
    "TwixtError",
    "presets",
    "random_games",
]
