//! m,n,k games: an m x n board (m columns, n rows) where k or more in a row wins and a full
//! board draws. Tic-tac-toe is (3,3,3), gomoku is (15,15,5).
//!
//! Small boards are solved exactly ([`prove`]: alpha-beta over line counters with symmetry-keyed
//! transposition table and threat pruning), so `genmove` never loses a position it could hold
//! and wins as fast as possible. Boards too big to solve in a move play with the gomoku engine,
//! whose pattern tables are built for k in a row (k <= 5); k = 6 does not fit the gomoku
//! pattern window (four cells each side), so those boards stay with the solver, which then
//! answers with its best unproven move when time runs out.

mod geometry;
mod order;
mod position;
pub mod prove;
mod referee;
mod solver;
mod think;
mod tt;

use super::gomoku::Gomoku;
use super::{Color, Game, GameSpec, Outcome, PlayError, Point, ThinkError, Thought};
use crate::search::SearchContext;

pub use think::{solve_from_empty, SolveReport};

/// Board sides `game mnk` accepts (inclusive).
pub const SIDES: std::ops::RangeInclusive<usize> = 3..=22;
/// Line lengths `game mnk` accepts (inclusive).
pub const LINE_LENGTHS: std::ops::RangeInclusive<usize> = 3..=6;

/// Checks an m,n,k spec, saying what is wrong in the protocol's words.
pub fn check(width: usize, height: usize, k: usize) -> Result<(), String> {
    if !SIDES.contains(&width) || !SIDES.contains(&height) {
        return Err("unacceptable size".into());
    }
    if !LINE_LENGTHS.contains(&k) {
        return Err(format!(
            "unacceptable k {k} (k is {}..{})",
            LINE_LENGTHS.start(),
            LINE_LENGTHS.end()
        ));
    }
    if k > width.max(height) {
        return Err(format!(
            "unacceptable k {k}: longer than both sides of {width}x{height}"
        ));
    }
    Ok(())
}

/// An m,n,k game: the referee's board, and the gomoku engine when the board is too big to solve.
pub struct Mnk {
    board: referee::Board,
    /// The gomoku engine mirroring every stone, on boards it plays ([`think::uses_gomoku`]).
    engine: Option<Gomoku>,
    /// The solver's transposition table, kept between moves (its entries are exact results,
    /// valid in any later position of the same game).
    table: Option<(usize, tt::Table)>,
}

impl Mnk {
    /// An empty board; the caller checked the spec with [`check`].
    pub fn new(width: usize, height: usize, k: usize) -> Mnk {
        Mnk {
            board: referee::Board::new(width, height, k),
            engine: think::uses_gomoku(width, height, k)
                .then(|| Gomoku::with_line_length(width, height, k)),
            table: None,
        }
    }
}

impl Game for Mnk {
    fn spec(&self) -> GameSpec {
        GameSpec::Mnk {
            width: self.board.width,
            height: self.board.height,
            k: self.board.k,
        }
    }

    fn width(&self) -> usize {
        self.board.width
    }

    fn height(&self) -> usize {
        self.board.height
    }

    fn stone(&self, p: Point) -> Option<Color> {
        self.board.stone(p)
    }

    fn play(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        self.board.play(color, p)?;
        if let Some(g) = &mut self.engine {
            // The engine's own referee only ends a game at five, which k < 5 reaches later
            // than ours, and it never holds a position ours refused.
            let _ = g.play(color, p);
        }
        Ok(())
    }

    fn undo(&mut self) -> Option<(Color, Point)> {
        let last = self.board.undo()?;
        if let Some(g) = &mut self.engine {
            g.undo();
        }
        Some(last)
    }

    fn history(&self) -> &[(Color, Point)] {
        self.board.history()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board.outcome()
    }

    fn default_movetime(&self) -> Option<std::time::Duration> {
        think::default_movetime(self.board.width, self.board.height)
    }

    fn think(&mut self, color: Color, ctx: &mut SearchContext) -> Result<Thought, ThinkError> {
        if self.board.outcome().is_some() {
            return Err(ThinkError::GameOver);
        }
        think::think(
            &self.board,
            &mut self.table,
            self.engine.as_mut(),
            color,
            ctx,
        )
    }

    fn clear_search_state(&mut self) {
        self.table = None;
        if let Some(g) = &mut self.engine {
            g.clear_search_state();
        }
    }
}
