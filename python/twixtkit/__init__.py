"""TwixT from Python: twixtkit's rules engine, game files, checking and
drawing.

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
    FileError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    MAX_GAMES,
    LegalMoveIter,
    LegalMoves,
    Move,
    Node,
    Outcome,
    Picture,
    PositionLineError,
    RulesError,
    TYPST,
    TwixtError,
    WinsWithin,
    book,
    check,
    parse_script,
    presets,
    random_games,
    read_games,
    render,
    symmetries,
    transform_actions,
    transform_twixtbot_planes,
    transform_twixtbot_policy,
)

__all__ = [
    "Board",
    "FileError",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "MAX_GAMES",
    "LegalMoveIter",
    "LegalMoves",
    "Move",
    "Node",
    "Outcome",
    "Picture",
    "PositionLineError",
    "RulesError",
    "TYPST",
    "TwixtError",
    "WinsWithin",
    "book",
    "check",
    "parse_script",
    "presets",
    "random_games",
    "read_games",
    "render",
    "symmetries",
    "transform_actions",
    "transform_twixtbot_planes",
    "transform_twixtbot_policy",
]
