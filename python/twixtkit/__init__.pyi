from ._twixtkit import (
    Board as Board,
    IllegalMoveError as IllegalMoveError,
    InvalidMoveError as InvalidMoveError,
    LegalMoveIter as LegalMoveIter,
    LegalMoves as LegalMoves,
    Move as Move,
    Outcome as Outcome,
    PositionLineError as PositionLineError,
    RulesError as RulesError,
    TwixtError as TwixtError,
    presets as presets,
    random_games as random_games,
)
