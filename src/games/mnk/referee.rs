//! The referee's board: stones, history and the game's end (k or more in a row, or full).

use crate::games::{Color, Outcome, PlayError, Point};

/// The four line directions as (dx, dy).
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// An m,n,k board as the session sees it.
pub struct Board {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    cells: Vec<Option<Color>>,
    history: Vec<(Color, Point)>,
    outcome: Option<Outcome>,
}

impl Board {
    pub fn new(width: usize, height: usize, k: usize) -> Board {
        Board {
            width,
            height,
            k,
            cells: vec![None; width * height],
            history: Vec::new(),
            outcome: None,
        }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x as usize, p.y as usize);
        (x < self.width && y < self.height).then_some(y * self.width + x)
    }

    pub fn stone(&self, p: Point) -> Option<Color> {
        self.index(p).and_then(|i| self.cells[i])
    }

    pub fn history(&self) -> &[(Color, Point)] {
        &self.history
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Places a stone, or refuses and leaves the board unchanged.
    pub fn play(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        let i = self.index(p).ok_or(PlayError::OffBoard)?;
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if self.cells[i].is_some() {
            return Err(PlayError::Occupied);
        }
        self.cells[i] = Some(color);
        self.history.push((color, p));
        self.outcome = self.judge();
        Ok(())
    }

    /// Takes back the last stone.
    pub fn undo(&mut self) -> Option<(Color, Point)> {
        let (c, p) = self.history.pop()?;
        if let Some(i) = self.index(p) {
            self.cells[i] = None;
        }
        self.outcome = self.judge();
        Some((c, p))
    }

    /// The outcome after the last stone: only it can have made a line (earlier lines would
    /// have ended the game before it).
    fn judge(&self) -> Option<Outcome> {
        let &(c, p) = self.history.last()?;
        for (dx, dy) in DIRECTIONS {
            let run = 1 + self.run(c, p, dx, dy) + self.run(c, p, -dx, -dy);
            if run >= self.k {
                return Some(Outcome::Win(c));
            }
        }
        (self.history.len() == self.cells.len()).then_some(Outcome::Draw)
    }

    /// Stones of colour `c` next to `p` going (dx, dy), not counting `p`.
    fn run(&self, c: Color, p: Point, dx: i32, dy: i32) -> usize {
        let (mut x, mut y) = (p.x as i32 + dx, p.y as i32 + dy);
        let mut n = 0;
        while x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.cells[y as usize * self.width + x as usize] == Some(c)
        {
            n += 1;
            x += dx;
            y += dy;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_or_more_in_a_row_wins_and_a_full_board_draws() {
        let mut b = Board::new(5, 4, 4);
        for x in [0, 1, 3] {
            b.play(Color::Black, Point::new(x, 3)).unwrap();
        }
        assert_eq!(b.outcome(), None);
        b.play(Color::Black, Point::new(2, 3)).unwrap();
        assert_eq!(b.outcome(), Some(Outcome::Win(Color::Black)));
        assert_eq!(
            b.play(Color::White, Point::new(0, 0)),
            Err(PlayError::GameOver)
        );
        b.undo();
        assert_eq!(b.outcome(), None);
        assert_eq!(
            b.play(Color::White, Point::new(5, 0)),
            Err(PlayError::OffBoard)
        );
        assert_eq!(
            b.play(Color::White, Point::new(0, 3)),
            Err(PlayError::Occupied)
        );

        // 3x3, k = 3: a drawn final position.
        let mut b = Board::new(3, 3, 3);
        let moves = [
            (1, 1),
            (0, 0),
            (0, 1),
            (2, 1),
            (2, 0),
            (0, 2),
            (1, 2),
            (1, 0),
            (2, 2),
        ];
        for (i, &(x, y)) in moves.iter().enumerate() {
            let c = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            b.play(c, Point::new(x, y)).unwrap();
        }
        assert_eq!(b.outcome(), Some(Outcome::Draw));
    }
}
