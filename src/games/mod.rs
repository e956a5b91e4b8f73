//! Two-player board games behind one small trait.
//!
//! The protocol front ends and the engine session only ever see [`Game`]: they place stones, ask for
//! the outcome and ask the game to think. Everything a game knows about its own rules, evaluation and
//! search stays inside its module, so gomoku, tic-tac-toe and later m,n,k variants share all session
//! code.

pub mod gomoku;
pub mod mnk;
pub mod tictactoe;

use std::fmt;

use crate::base::Score;
pub use crate::base::{Color, Point};
use crate::search::SearchContext;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This player made the winning line.
    Win(Color),
    /// The board is full with no winner.
    Draw,
}

/// Why a `play` was refused; the front ends turn this into their own error form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is outside the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The game is decided; no more stones.
    GameOver,
    /// A renju forbidden point for black (double-three, double-four, overline).
    Forbidden,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::OffBoard | PlayError::Occupied | PlayError::GameOver => "illegal move",
            PlayError::Forbidden => "illegal move (forbidden)",
        })
    }
}

/// Why a `think` produced no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThinkError {
    /// The game is decided, so there is nothing to choose.
    GameOver,
    /// The game does not offer this request (for example n-best on tic-tac-toe).
    Unsupported(String),
}

impl fmt::Display for ThinkError {
    /// The error text both protocols print (each in its own error form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThinkError::GameOver => f.write_str("game is over"),
            ThinkError::Unsupported(s) => f.write_str(s),
        }
    }
}

/// A move chosen by a search, with what the search believes about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move to play.
    pub point: Point,
    /// The search's verdict from the mover's point of view.
    pub score: Score,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched, for `info` and benchmarks.
    pub nodes: u64,
    /// Expected continuation, starting with `point`.
    pub pv: Vec<Point>,
}

/// A rule set for five-in-a-row games, numbered as Gomocup `INFO rule` numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
    /// Black may not make double-three, double-four or overline; white's overline wins.
    Renju,
}

impl Rule {
    /// The protocol name (`game gomoku 15 renju`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// The Gomocup `INFO rule` number (a bit set: 1 exact five, 4 renju), as `gridmind match`
    /// sends it to an engine.
    pub fn gomocup_number(self) -> u64 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// Decodes a Gomocup `INFO rule` number: the renju bit wins over the exact-five bit, and
    /// bits we do not play (2 continuous game, 8 caro, ...) are ignored.
    pub fn from_gomocup_number(v: u64) -> Rule {
        if v & 4 != 0 {
            Rule::Renju
        } else if v & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// Parses a protocol name.
    pub fn from_name(s: &str) -> Option<Rule> {
        match s {
            "freestyle" => Some(Rule::Freestyle),
            "standard" => Some(Rule::Standard),
            "renju" => Some(Rule::Renju),
            _ => None,
        }
    }
}

/// Which game a session plays; front ends build one from their own syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameSpec {
    /// Tic-tac-toe on 3x3.
    TicTacToe,
    /// Five in a row on a `width` x `height` board.
    Gomoku {
        /// Columns, within [`GOMOKU_SIZES`].
        width: usize,
        /// Rows, within [`GOMOKU_SIZES`].
        height: usize,
        /// Which five wins and what black may not play.
        rule: Rule,
    },
    /// An m,n,k game: `width` (m) columns, `height` (n) rows, `k` in a row wins (freestyle).
    /// Build it with [`GameSpec::mnk`], which turns (3,3,3) into `TicTacToe`.
    Mnk {
        /// Columns (m).
        width: usize,
        /// Rows (n).
        height: usize,
        /// Stones in a row that win.
        k: usize,
    },
}

/// Board sizes gomoku accepts (inclusive), for every front end's size checks.
pub const GOMOKU_SIZES: std::ops::RangeInclusive<usize> = 5..=22;

/// Whether gomoku plays on a `width` x `height` board: the one size check behind `game`,
/// `boardsize` and Gomocup `START`/`RECTSTART`, whose error texts differ by protocol.
pub fn gomoku_size_ok(width: usize, height: usize) -> bool {
    GOMOKU_SIZES.contains(&width) && GOMOKU_SIZES.contains(&height)
}

/// The error for a board size a game does not play (GTP's standard text).
pub const UNACCEPTABLE_SIZE: &str = "unacceptable size";

impl GameSpec {
    /// The m,n,k spec in its one spelling: (3,3,3) is tic-tac-toe, so `game mnk 3 3 3` and
    /// `game tictactoe` are the same game.
    pub fn mnk(width: usize, height: usize, k: usize) -> GameSpec {
        if (width, height, k) == (3, 3, 3) {
            GameSpec::TicTacToe
        } else {
            GameSpec::Mnk { width, height, k }
        }
    }

    /// Creates the game, or says why the spec is unacceptable.
    pub fn build(self) -> Result<Box<dyn Game>, String> {
        match self {
            GameSpec::TicTacToe => Ok(Box::new(tictactoe::TicTacToe::new())),
            GameSpec::Gomoku {
                width,
                height,
                rule,
            } => {
                if !gomoku_size_ok(width, height) {
                    return Err(UNACCEPTABLE_SIZE.into());
                }
                Ok(Box::new(gomoku::Gomoku::new(width, height, rule)))
            }
            GameSpec::Mnk { width, height, k } => {
                mnk::check(width, height, k)?;
                Ok(Box::new(mnk::Mnk::new(width, height, k)))
            }
        }
    }
}

impl fmt::Display for GameSpec {
    /// The words `game` answers with, which `game` also accepts back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameSpec::TicTacToe => f.write_str("tictactoe"),
            GameSpec::Gomoku {
                width,
                height,
                rule,
            } if width == height => write!(f, "gomoku {} {}", width, rule.name()),
            GameSpec::Gomoku {
                width,
                height,
                rule,
            } => write!(f, "gomoku {}x{} {}", width, height, rule.name()),
            GameSpec::Mnk { width, height, k } => write!(f, "mnk {width} {height} {k}"),
        }
    }
}

/// A two-player placement game as the session sees it.
///
/// Stones may be placed for either color in any order (positions are set up GTP-style), so the
/// game keeps its move history and derives everything else from the stones.
pub trait Game: Send {
    /// What this game is, so the session can answer `game` and rebuild it on `clear_board`.
    fn spec(&self) -> GameSpec;
    /// Board columns, for front ends that draw or name points.
    fn width(&self) -> usize;
    /// Board rows, for front ends that draw or name points.
    fn height(&self) -> usize;
    /// The stone on a point, `None` when empty or off the board.
    fn stone(&self, p: Point) -> Option<Color>;
    /// Whether black may not play here (renju); lets `showboard` mark forbidden points.
    fn is_forbidden(&self, _p: Point) -> bool {
        false
    }
    /// Places a stone, or refuses and leaves the board unchanged.
    fn play(&mut self, color: Color, p: Point) -> Result<(), PlayError>;
    /// Places a stone while setting up a given position (Gomocup `BOARD`): like `play`, but a
    /// game may skip checks that depend on move order (renju forbidden points).
    fn setup(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        self.play(color, p)
    }
    /// Takes back the last stone, returning it; `None` on an empty history.
    fn undo(&mut self) -> Option<(Color, Point)>;
    /// Every stone placed so far, in order.
    fn history(&self) -> &[(Color, Point)];
    /// `Some` once the game is decided (five, three in a row, full board).
    fn outcome(&self) -> Option<Outcome>;
    /// The player to move next, from the stone counts: black when both have as many stones,
    /// else the side with fewer. Counts, not the last stone's color, because a position may
    /// be set up in any order (Gomocup `BOARD`); in an alternating game both agree.
    fn to_move(&self) -> Color {
        let history = self.history();
        let black = history.iter().filter(|(c, _)| *c == Color::Black).count();
        if black * 2 <= history.len() {
            Color::Black
        } else {
            Color::White
        }
    }
    /// Searches for `color`'s best move within the context's limits. Does not play it.
    fn think(&mut self, color: Color, ctx: &mut SearchContext) -> Result<Thought, ThinkError>;
    /// How long `genmove` thinks when neither a limit nor a clock says: `None` means "until done"
    /// (tic-tac-toe is solved at once).
    fn default_movetime(&self) -> Option<std::time::Duration> {
        None
    }
    /// Like [`Game::think`] but never choosing a point in `exclude`: lets front ends list the n
    /// best moves (Gomocup `YXNBEST`). Games that cannot exclude moves say so.
    fn think_excluding(
        &mut self,
        color: Color,
        exclude: &[Point],
        ctx: &mut SearchContext,
    ) -> Result<Thought, ThinkError> {
        if exclude.is_empty() {
            return self.think(color, ctx);
        }
        Err(ThinkError::Unsupported(
            "this game cannot exclude moves".into(),
        ))
    }
    /// Forgets learned search state (transposition table, history), e.g. on Gomocup `YXHASHCLEAR`.
    fn clear_search_state(&mut self) {}
}

/// Unit tests of the solved games: `think` without limits, options or progress reports.
#[cfg(test)]
pub(crate) fn think_unlimited(game: &mut dyn Game, color: Color) -> Thought {
    crate::search::with_quiet_context(
        &crate::search::SearchControl::unlimited(),
        &crate::search::EngineOptions::default(),
        |ctx| game.think(color, ctx),
    )
    .expect("a move")
}
