//! The typed commands of gridmind's GTP-style protocol.

use std::time::Duration;

use crate::engine::session::MoveLimits;
use crate::games::{Color, GameSpec};
use crate::puzzles::PuzzleKind;

/// A GTP vertex as typed: column index (letters skipping `i`) and row number counted from the
/// bottom. It becomes a board point only once the board size is known, on the engine thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vertex {
    pub col: usize,
    pub row: usize,
}

/// `game`'s argument: a full spec or a partial gomoku one the session completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRequest {
    Show,
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
    ProtocolVersion,
    Name,
    Version,
    KnownCommand(String),
    ListCommands,
    Quit,
    Game(GameRequest),
    Boardsize(usize),
    ClearBoard,
    Showboard,
    Undo,
    Play(Color, Vertex),
    /// `play COLOR pass`: GTP's pass vertex. Five-in-a-row games have no passes; GTP tools send
    /// one only to relay the other engine's `pass` on a finished game.
    Pass(Color),
    Genmove(Color, MoveLimits),
    Stop,
    SetOption(String, String),
    TimeSettings {
        main: Duration,
        byo_yomi: Duration,
        stones: u32,
    },
    TimeLeft {
        color: Color,
        time: Duration,
        stones: u32,
    },
    Solve(PuzzleKind, String),
    /// Go's komi: accepted (GUIs such as Sabaki always send it), stored, reported, no effect.
    Komi(f64),
    GetKomi,
    /// `rectangular_boardsize W H`: Sabaki's command for a non-square board.
    RectangularBoardsize(usize, usize),
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
    pub command: Result<Command, String>,
}
