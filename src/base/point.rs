//! Players and board points, named the same way by every game, search and front end.

use std::fmt;

/// A player. `Black` is the first player (`x` in tic-tac-toe), as in every gomoku convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other player: needed everywhere a search alternates sides.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Dense index (black 0, white 1) for tables keyed by color.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A board point: `x` is the column from the left, `y` the row from the **top**, both zero-based.
///
/// This is the Gomocup convention; the GTP front end converts its bottom-up vertices at the edge so
/// games never see two coordinate systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, counted from the left edge.
    pub x: u8,
    /// Row, counted from the top edge.
    pub y: u8,
}

impl Point {
    /// Builds a point; coordinates beyond 255 are never valid on any board we support.
    pub fn new(x: usize, y: usize) -> Point {
        Point {
            x: x.min(255) as u8,
            y: y.min(255) as u8,
        }
    }
}

impl fmt::Display for Point {
    /// Gomocup-style `x,y`: used in logs and in `info` principal variations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}
