//! The rules of five-in-a-row, independent of any search representation: who has won under each
//! rule set, and which points are forbidden to black under renju.
//!
//! This is the referee's truth. It favours clarity over speed; searches keep their own fast
//! incremental patterns and call into here where exactness matters (move legality, game end).
//!
//! PLACEHOLDER for renju: `forbidden` only detects overlines so far.

use crate::games::{Color, Rule};

/// A plain board for rule checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Option<Color>>,
}

/// Why a point is forbidden to black under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    DoubleThree,
    DoubleFour,
    Overline,
}

/// The four line directions (dx, dy).
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Grid {
    /// An empty `width` x `height` board.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            cells: vec![None; width * height],
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `(x, y)` lies on the board.
    pub fn on_board(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// The stone at `(x, y)`; `None` when empty or off the board.
    pub fn get(&self, x: i32, y: i32) -> Option<Color> {
        if !self.on_board(x, y) {
            return None;
        }
        self.cells[y as usize * self.width + x as usize]
    }

    /// Places or removes a stone; off-board coordinates are ignored.
    pub fn set(&mut self, x: usize, y: usize, stone: Option<Color>) {
        if x < self.width && y < self.height {
            self.cells[y * self.width + x] = stone;
        }
    }

    /// Length of `color`'s unbroken run through `(x, y)` along `(dx, dy)`, counting `(x, y)`
    /// itself as `color`'s whatever it holds.
    pub fn run_length(&self, color: Color, x: i32, y: i32, dx: i32, dy: i32) -> usize {
        let mut n = 1;
        for s in [1, -1] {
            let (mut cx, mut cy) = (x + dx * s, y + dy * s);
            while self.get(cx, cy) == Some(color) {
                n += 1;
                cx += dx * s;
                cy += dy * s;
            }
        }
        n
    }
}

/// Whether `color`'s stone at `(x, y)` completes a winning line under `rule`.
pub fn wins(grid: &Grid, rule: Rule, color: Color, x: usize, y: usize) -> bool {
    DIRECTIONS.iter().any(|&(dx, dy)| {
        let n = grid.run_length(color, x as i32, y as i32, dx, dy);
        match rule {
            Rule::Freestyle => n >= 5,
            Rule::Standard => n == 5,
            Rule::Renju => n == 5 || (n > 5 && color == Color::White),
        }
    })
}

/// Whether black may not play the empty point `(x, y)` under renju, and why.
/// A move that makes an exact five is never forbidden.
pub fn forbidden(grid: &Grid, x: usize, y: usize) -> Option<Forbidden> {
    if grid.get(x as i32, y as i32).is_some() || !grid.on_board(x as i32, y as i32) {
        return None;
    }
    if wins(grid, Rule::Renju, Color::Black, x, y) {
        return None;
    }
    DIRECTIONS
        .iter()
        .any(|&(dx, dy)| grid.run_length(Color::Black, x as i32, y as i32, dx, dy) > 5)
        .then_some(Forbidden::Overline)
}
