//! The typed commands of gridmind's GTP-style protocol.

use std::time::Duration;

use crate::engine::session::MoveLimits;
use crate::games::{Color, GameSpec};
use crate::puzzles::PuzzleKind;

/// A GTP vertex as typed: column index (letters skipping `i`) and row number counted from the
/// bottom. It becomes a board point only once the board size is known, on the engine thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// Column, from the left.
    pub col: usize,
    /// Row, from the bottom (GTP's convention).
    pub row: usize,
}

/// `game`'s argument: a full spec or a partial gomoku one the session completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRequest {
    /// `game`: name the current game.
    Show,
    /// `game SPEC`: switch to that game.
    Select(GameSpec),
}

/// The searching board overlays of `gogui-analyze_commands`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalyzeKind {
    /// The best moves with their scores, as a heat map.
    Candidates,
    /// The principal variation.
    Pv,
}

/// One parsed command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`.
    ProtocolVersion,
    /// `name`.
    Name,
    /// `version`.
    Version,
    /// `known_command NAME`.
    KnownCommand(String),
    /// `list_commands`.
    ListCommands,
    /// `quit`.
    Quit,
    /// `game [SPEC]`.
    Game(GameRequest),
    /// `boardsize N`.
    Boardsize(usize),
    /// `clear_board`.
    ClearBoard,
    /// `showboard`.
    Showboard,
    /// `undo`.
    Undo,
    /// `play COLOR VERTEX`.
    Play(Color, Vertex),
    /// `play COLOR pass`: GTP's pass vertex. Five-in-a-row games have no passes; GTP tools send
    /// one only to relay the other engine's `pass` on a finished game.
    Pass(Color),
    /// `genmove COLOR [limits]`.
    Genmove(Color, MoveLimits),
    /// `stop`.
    Stop,
    /// `setoption NAME VALUE`.
    SetOption(String, String),
    /// `time_settings MAIN BYO_YOMI STONES`.
    TimeSettings {
        /// Main time.
        main: Duration,
        /// Byo-yomi period (Canadian: for `stones` moves).
        byo_yomi: Duration,
        /// Moves per byo-yomi period.
        stones: u32,
    },
    /// `time_left COLOR TIME STONES`.
    TimeLeft {
        /// Whose clock.
        color: Color,
        /// Time left in the current period.
        time: Duration,
        /// Moves left in byo-yomi; 0 means main time.
        stones: u32,
    },
    /// `solve KIND ARGS`.
    Solve(PuzzleKind, String),
    /// Go's komi: accepted (GUIs such as Sabaki always send it), stored, reported, no effect.
    Komi(f64),
    /// `get_komi`.
    GetKomi,
    /// `rectangular_boardsize W H`: Sabaki's command for a non-square board.
    RectangularBoardsize(usize, usize),
    /// `final_score`.
    FinalScore,
    /// GoGui's interrupt capability marker; the interrupt itself is a `# interrupt` line.
    GoguiInterrupt,
    /// `loadsgf FILE [MOVE_NUMBER]`: the position before that move of the file's main line.
    LoadSgf(String, Option<usize>),
    /// `printsgf [FILE]`: the game as SGF, as the answer or into FILE.
    PrintSgf(Option<String>),
    /// GoGui's list of the overlays below.
    AnalyzeCommands,
    /// Renju points forbidden to black, as a GoGui overlay.
    Forbidden,
    /// Where each side makes a five, a four or an open three, as a GoGui overlay.
    Threats,
    /// A search shown on the board without playing: for COLOR (default: the side to move).
    Analyze(AnalyzeKind, Option<Color>, MoveLimits),
}

/// Every command name, in the order `list_commands` prints them.
pub const COMMAND_NAMES: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "game",
    "boardsize",
    "clear_board",
    "showboard",
    "undo",
    "play",
    "genmove",
    "stop",
    "setoption",
    "time_settings",
    "time_left",
    "solve",
    "komi",
    "get_komi",
    "rectangular_boardsize",
    "final_score",
    "gogui-interrupt",
    "loadsgf",
    "printsgf",
    "gogui-analyze_commands",
    "gridmind-forbidden",
    "gridmind-threats",
    "gridmind-candidates",
    "gridmind-pv",
];

/// A line's id and its command, or the error the engine thread will answer with.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The id to repeat in the answer (digits, normalised when the id fits 64 bits).
    pub id: Option<String>,
    /// The command, or the error to answer with.
    pub command: Result<Command, String>,
}
