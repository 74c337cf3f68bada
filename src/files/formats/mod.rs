//! Game-record formats players already have: Little Golem `.tsgf`, T1 files
//! (T1j, twixtbot-ui) and numbered move lists. Each format is one module
//! with `read` and `write`; all of them read into and write from a
//! [`Record`](crate::record::Record).

use std::fmt;
use std::path::Path;

use crate::grammar::Locator;
use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::moves::Move;
use twixt_core::position::Position;
use twixt_core::rules::{Linking, RemovalRule, RuleSet, Swap};
use twixt_core::state::{GameState, Outcome};

pub mod abstractplay;
pub mod boardspace;
pub mod json;
pub mod littlegolem;
pub mod movelist;
pub mod plaintext;
pub mod sgf;
pub mod t1;

/// A place in a text: one-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// One-based line.
    pub line: usize,
    /// One-based column, in characters.
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` of `text` (a character boundary; one
    /// past the end stands for the end). Counting from the start each time:
    /// for the one place an error names.
    pub fn of_offset(text: &str, offset: usize) -> Location {
        Location::located(&mut Locator::new(text), offset.min(text.len()))
    }

    /// The location of byte `offset` of the text `locator` walks, going on
    /// from the last one it found: locating every move of a file is linear.
    pub(crate) fn located(locator: &mut Locator<'_>, offset: usize) -> Location {
        let (line, column) = locator.locate(offset);
        Location {
            line: line as usize,
            column: column as usize,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a record could not be read or written in one of the formats.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The text is not valid in the format.
    #[error("{at}: {message}")]
    Syntax {
        /// Where the problem is.
        at: Location,
        /// What is wrong.
        message: String,
    },
    /// The record cannot be expressed in the format; the text says why.
    #[error("cannot write as {}: {}", .0.written_as(), .1)]
    Unwritable(RecordFormat, String),
}

/// A failure at `at` with `message` (the formats show no label).
fn fail(at: &str, message: impl Into<String>) -> nom::Err<crate::grammar::Failure<'_>> {
    crate::grammar::failure(at, 1, message, "")
}

/// `hole`, as `word` writes it, when it stands on a board of `size`; else
/// whether it is off the board or a corner the board does not have.
pub(crate) fn on_board(hole: Hole, word: &str, size: BoardSize) -> Result<Hole, String> {
    if !size.in_bounds(hole) {
        return Err(format!(
            "expected a hole on the board of size {size}, found `{word}`, which is off the board"
        ));
    }
    if !size.contains(hole) {
        return Err(format!(
            "expected a hole on the board, found the corner `{word}`, which does not exist"
        ));
    }
    Ok(hole)
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for Error {
    fn is_usage(&self) -> bool {
        false
    }
}

/// The file formats this module reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordFormat {
    /// Little Golem `.tsgf`.
    LittleGolem,
    /// T1j / twixtbot-ui `.T1`.
    T1,
    /// Numbered move list `.txt` / `.moves`.
    MoveList,
    /// SGF for TwixT (`GM[21]`) `.sgf`.
    Sgf,
    /// An AbstractPlay game record `.json` (read only).
    AbstractPlay,
    /// A Boardspace TwixT game file `.sgf` (`GM[Twixt]`).
    Boardspace,
}

impl RecordFormat {
    /// The format a file name's extension stands for (case-insensitive).
    pub fn from_path(path: &Path) -> Option<RecordFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "tsgf" => Some(RecordFormat::LittleGolem),
            "t1" => Some(RecordFormat::T1),
            "txt" | "moves" => Some(RecordFormat::MoveList),
            "sgf" => Some(RecordFormat::Sgf),
            "json" => Some(RecordFormat::AbstractPlay),
            _ => None,
        }
    }

    /// A record cannot be written in this format, and `why`.
    fn unwritable(self, why: impl Into<String>) -> Error {
        Error::Unwritable(self, why.into())
    }

    /// A file of the format, as an error names it.
    fn written_as(self) -> &'static str {
        match self {
            RecordFormat::LittleGolem => "Little Golem .tsgf",
            RecordFormat::T1 => "a T1 file",
            RecordFormat::MoveList => "a move list",
            RecordFormat::Sgf => "SGF for TwixT",
            RecordFormat::AbstractPlay => "an AbstractPlay record",
            RecordFormat::Boardspace => "a Boardspace game file",
        }
    }

    /// Short name as used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RecordFormat::LittleGolem => "lg",
            RecordFormat::T1 => "t1",
            RecordFormat::MoveList => "moves",
            RecordFormat::Sgf => "sgf",
            RecordFormat::AbstractPlay => "abstractplay",
            RecordFormat::Boardspace => "boardspace",
        }
    }
}

/// Reads an `.sgf` file: a Boardspace game file when its root names the
/// game `Twixt` or a TwixT variation, else SGF for TwixT (both use the
/// extension).
pub fn read_sgf_file(bytes: &[u8]) -> Result<crate::record::Record, Error> {
    let head = &bytes[..bytes.len().min(4096)];
    if boardspace::looks_like(&String::from_utf8_lossy(head)) {
        boardspace::read(bytes)
    } else {
        sgf::read(bytes)
    }
}

/// Reads a `.json` file: twixtkit's JSON of games when it says so
/// (`schema_version`, `twixt-games`), else an AbstractPlay record.
pub fn read_json_file(bytes: &[u8]) -> Result<Vec<crate::record::Record>, Error> {
    let head = &bytes[..bytes.len().min(4096)];
    if json::looks_like(&String::from_utf8_lossy(head)) {
        json::read(bytes)
    } else {
        abstractplay::read(bytes).map(|r| vec![r])
    }
}

/// The colour that makes move number `ply` (zero-based) of `moves`, starting
/// with `first`. A colour-exchanging swap (`Swap::Colors`) hands the first
/// mover's colour to the swapper, so from then on odd plies belong to the
/// other colour; a mirror swap leaves colours alternating by ply.
pub fn mover(rules: &RuleSet, first: Player, moves: &[Move], ply: usize) -> Player {
    let swapped =
        rules.swap == Swap::Colors && ply >= 2 && matches!(moves.get(1), Some(Move::Swap));
    let by_parity = if ply.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    };
    if swapped {
        by_parity.opponent()
    } else {
        by_parity
    }
}

/// The result the last move of `record` says, as the readers read it: a
/// win for the opponent of the player who resigned, a draw accepted.
pub(crate) fn said_by_last_move(record: &Record) -> Option<GameResult> {
    let ply = record.moves.len().checked_sub(1)?;
    match record.moves[ply] {
        Move::Resign => {
            let loser = mover(&record.rules, record.first, &record.moves, ply);
            Some(GameResult::Win(loser.opponent()))
        }
        Move::AcceptDraw => Some(GameResult::Draw),
        _ => None,
    }
}

/// The result the moves of `record` say by themselves, replayed under its
/// rules as `twixt check` replays them: a win by a completed connection or
/// the opponent's resignation; a draw by an accepted offer, by no legal
/// move left, or by a dead draw under rules where nothing can be lifted.
/// `None` while the game goes on. Moves the rules refuse end the replay:
/// then only a last `resign` or `draw` says a result
/// (`said_by_last_move`).
pub fn said_by_moves(record: &Record) -> Option<GameResult> {
    let Ok(mut position) = Position::with_first(record.rules.clone(), record.first) else {
        return said_by_last_move(record);
    };
    for mv in &record.moves {
        if position.play(mv).is_err() {
            return said_by_last_move(record);
        }
    }
    match GameState::outcome(&position) {
        Outcome::Won { winner, .. } => Some(GameResult::Win(winner)),
        Outcome::Drawn | Outcome::DeadDraw | Outcome::NoLegalMove => Some(GameResult::Draw),
        Outcome::Ongoing => None,
    }
}

/// Whether a format that has no word for a result, and says one only by
/// the moves, keeps the result of `record`: none, or the one its moves say
/// ([`said_by_moves`]).
pub fn moves_say_result(record: &Record) -> bool {
    record
        .result
        .is_none_or(|r| said_by_moves(record) == Some(r))
}

/// The names of the header tags of `record`, in order, that a writer
/// leaves out: all but those at the indices `placed`, which it writes so
/// that they read back, and those that say what the record holds apart
/// from its tags, which it states its own way or refuses: the board size
/// (`Size`), the first mover (`First`), the result (`Result`: a writer
/// keeps it as its moves say it, and `convert` names the game whose
/// result it cannot write), and the rules (`Rules`) when `rules_stated`,
/// that is when the file reads back under the record's rules.
pub(crate) fn tags_left_out<'a>(
    record: &'a Record,
    placed: &[usize],
    rules_stated: bool,
) -> Vec<&'a str> {
    record
        .tags
        .iter()
        .enumerate()
        .filter(|&(i, (name, _))| {
            let is = |tag: &str| name.eq_ignore_ascii_case(tag);
            let stated = is("Size") || is("First") || is("Result") || (rules_stated && is("Rules"));
            !placed.contains(&i) && !stated
        })
        .map(|(_, (name, _))| name.as_str())
        .collect()
}

/// The index of the first tag of `record` named `name`, in any case: the
/// one [`Record::tag`] finds.
pub(crate) fn tag_index(record: &Record, name: &str) -> Option<usize> {
    record
        .tags
        .iter()
        .position(|(k, _)| k.eq_ignore_ascii_case(name))
}

/// Why the move list of `rules` cannot be written in a format that has no
/// notation for links or removals, if it cannot.
pub fn plain_moves_problem(rules: &RuleSet, moves: &[Move]) -> Option<String> {
    match rules.links {
        Linking::Automatic => {}
        Linking::Manual => {
            return Some(
                "the rules place links by hand, and this format has no link notation".into(),
            );
        }
        Linking::AutomaticEditable => {
            return Some(
                "the rules let links be added by hand, and this format has no link notation".into(),
            );
        }
    }
    if rules.removal != RemovalRule::None {
        return Some("the rules allow removals, and this format has no removal notation".into());
    }
    for (i, m) in moves.iter().enumerate() {
        if let Move::Place(p) = m {
            if !p.links.is_empty() {
                return Some(format!(
                    "move {} places links by hand; this format has no link notation",
                    i + 1
                ));
            }
            if !p.removals.is_empty() {
                return Some(format!(
                    "move {} removes something; this format has no removal notation",
                    i + 1
                ));
            }
        }
    }
    None
}

/// The text as UTF-8, or an error at the first byte that is not.
/// A leading byte-order mark is skipped.
pub(crate) fn utf8(bytes: &[u8]) -> Result<&str, (Location, String)> {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    // The location of byte `at`, after which the text is not read.
    let end_of = |at: usize| {
        let before = String::from_utf8_lossy(&bytes[..at]);
        Location::of_offset(&before, before.len())
    };
    if let Some((at, c)) = crate::limits::first_noncharacter(bytes) {
        return Err((end_of(at), crate::limits::noncharacter_message(c)));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        (
            end_of(e.valid_up_to()),
            format!(
                "expected UTF-8 text, found the byte 0x{:02X}",
                bytes[e.valid_up_to()]
            ),
        )
    })
}

/// Asserts that `read` refuses each text of `cases` with a syntax error at
/// its line and column whose message contains the words given.
#[cfg(test)]
fn refused_at<T: fmt::Debug>(
    read: impl Fn(&[u8]) -> Result<T, Error>,
    cases: &[(&str, usize, usize, &str)],
) {
    for &(text, line, column, message) in cases {
        match read(text.as_bytes()) {
            Err(Error::Syntax { at, message: m }) => {
                assert_eq!((at.line, at.column), (line, column), "{text}: {m}");
                assert!(m.contains(message), "{text}: {m}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{hash_comment, record_word, text_line, whitespace};

    /// Each writer's `tags_left_out` names exactly the tags that do not
    /// read back: every other tag reads back with its value, and those
    /// that say the board, rules and first mover are the record's again.
    #[test]
    fn every_tag_a_writer_does_not_name_reads_back() {
        type Write = fn(&Record) -> Result<Vec<u8>, Error>;
        type Read = fn(&[u8]) -> Result<Record, Error>;
        type LeftOut = fn(&Record) -> Vec<&str>;
        fn as_bytes(text: Result<String, Error>) -> Result<Vec<u8>, Error> {
            text.map(String::into_bytes)
        }
        let formats: [(&str, RuleSet, Write, Read, LeftOut); 4] = [
            (
                "pencil",
                RuleSet::pencil(),
                littlegolem::write,
                littlegolem::read,
                littlegolem::tags_left_out,
            ),
            (
                "pencil",
                RuleSet::pencil(),
                |r| as_bytes(sgf::write(r)),
                sgf::read,
                sgf::tags_left_out,
            ),
            (
                "t1",
                RuleSet::t1(),
                |r| as_bytes(t1::write(r)),
                t1::read,
                t1::tags_left_out,
            ),
            (
                "editable",
                boardspace::rules(24),
                |r| as_bytes(boardspace::write(r)),
                boardspace::read,
                boardspace::tags_left_out,
            ),
        ];
        for (name, rules, write, read, left_out) in formats {
            let mut r = Record::new(rules);
            r.tags = [
                ("Event", "e"),
                ("Site", "s"),
                ("Source", "o"),
                ("Date", "d"),
                ("GameId", "g"),
                ("Round", "3"),
                ("Red", "Ann"),
                ("Black", "Bob"),
                ("T1Version", "1"),
                ("T1Player1Kind", "C"),
                ("T1LetterDirection", "V"),
                ("PC", "place"),
                ("Annotator", "a"),
                ("Size", "24"),
                ("Rules", name),
                ("First", "red"),
            ]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .to_vec();
            for hole in ["f6", "m12"] {
                r.moves.push(Move::Place(twixt_core::moves::Placement::peg(
                    hole.parse().unwrap(),
                )));
            }
            let named = left_out(&r);
            let back = read(&write(&r).unwrap()).unwrap();
            assert_eq!((&back.rules, back.first), (&r.rules, r.first), "{name}");
            for (k, v) in &r.tags {
                let kept = back.tag(k) == Some(v.as_str());
                let stated = ["Size", "Rules", "First"].contains(&k.as_str());
                assert_eq!(
                    named.contains(&k.as_str()),
                    !kept && !stated,
                    "{name}: {k} kept {kept}, left out {named:?}"
                );
            }
        }
    }

    #[test]
    fn locations_count_characters_and_continue_from_the_last() {
        let text = "aé\nb\r\ncd";
        assert_eq!(
            Location::of_offset(text, 3),
            Location { line: 1, column: 3 }
        );
        let mut locator = Locator::new(text);
        let mut at = |offset| Location::located(&mut locator, offset);
        assert_eq!(at(4), Location { line: 2, column: 1 });
        assert_eq!(at(7), Location { line: 3, column: 1 });
        assert_eq!(at(8), Location { line: 3, column: 2 });
        // Back to an earlier place, and on again.
        assert_eq!(at(1), Location { line: 1, column: 2 });
        assert_eq!(at(7), Location { line: 3, column: 1 });
    }

    #[test]
    fn the_moves_say_a_result_as_the_replay_ends_the_game() {
        let game = |side: u64, moves: &str| {
            let rules = RuleSet::pencil().with_size(BoardSize::square(side).unwrap());
            movelist::read_with(moves.as_bytes(), rules)
                .unwrap()
                .remove(0)
        };
        use crate::record::GameResult::{Draw, Unfinished, Win};
        for (side, moves, said) in [
            // A connection made, a resignation, an accepted draw.
            (5, "1.b1 2.a2 3.c3 4.a4 5.d5", Some(Win(Player::Red))),
            (24, "1.f6 2.g8 3.resign", Some(Win(Player::Black))),
            (24, "1.f6|draw 2.draw", Some(Draw)),
            // No one can connect where nothing can be lifted.
            (3, "1.b2 2.a2 3.b1 4.c2 5.b3", Some(Draw)),
            (24, "1.f6 2.g8", None),
            // A move the rules refuse: the last move speaks, as read.
            (24, "1.f6 2.f6 3.resign", Some(Win(Player::Black))),
            (24, "1.f6 2.f6", None),
        ] {
            let mut r = game(side, moves);
            assert_eq!(said_by_moves(&r), said, "{moves}");
            r.result = said;
            assert!(moves_say_result(&r), "{moves}");
            r.result = None;
            assert!(moves_say_result(&r), "{moves}");
            for other in [Win(Player::Red), Win(Player::Black), Draw, Unfinished] {
                r.result = Some(other);
                assert_eq!(moves_say_result(&r), said == Some(other), "{moves}");
            }
        }
    }

    #[test]
    fn the_shared_record_rules_cut_text_as_the_formats_need() {
        assert_eq!(whitespace(" \t\n\u{a0}x,"), Ok(("x,", " \t\n\u{a0}")));
        assert_eq!(text_line("a\r\nb"), Ok(("b", "a")));
        assert_eq!(text_line("a\rb"), Ok(("", "a\rb")));
        assert_eq!(text_line("\n"), Ok(("", "")));
        assert!(text_line("").is_err());
        assert_eq!(record_word("f6#x y"), Ok(("#x y", "f6")));
        assert_eq!(hash_comment("# note\nz"), Ok(("\nz", " note")));
    }
}
