//! Gomoku (five in a row) on boards from 5x5 to 22x22 under freestyle, standard and renju rules.
//!
//! PLACEHOLDER: a minimal rules-only implementation so the session works end to end; the real
//! engine (incremental patterns, evaluation, PVS, VCF/VCT, renju) replaces it.

pub mod rules;

use super::{Color, Game, GameSpec, Outcome, PlayError, Point, Rule, ThinkError, Thought};
use crate::engine::info::Score;
use crate::engine::SearchContext;

/// A gomoku game.
pub struct Gomoku {
    width: usize,
    height: usize,
    rule: Rule,
    cells: Vec<Option<Color>>,
    history: Vec<(Color, Point)>,
    outcome: Option<Outcome>,
}

impl Gomoku {
    /// An empty board; the caller checked the size.
    pub fn new(width: usize, height: usize, rule: Rule) -> Gomoku {
        Gomoku {
            width,
            height,
            rule,
            cells: vec![None; width * height],
            history: Vec::new(),
            outcome: None,
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Color> {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            return None;
        }
        self.cells[y as usize * self.width + x as usize]
    }

    fn makes_five(&self, color: Color, p: Point) -> bool {
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let mut n = 1;
            for s in [1, -1] {
                let (mut x, mut y) = (p.x as i32 + dx * s, p.y as i32 + dy * s);
                while self.at(x, y) == Some(color) {
                    n += 1;
                    x += dx * s;
                    y += dy * s;
                }
            }
            match self.rule {
                Rule::Freestyle => n >= 5,
                Rule::Standard => n == 5,
                Rule::Renju => n == 5 || (n > 5 && color == Color::White),
            }
        })
    }

    /// The stones as a rules grid, for the renju referee in [`rules`].
    fn grid(&self) -> rules::Grid {
        let mut g = rules::Grid::new(self.width, self.height);
        for (i, c) in self.cells.iter().enumerate() {
            g.set(i % self.width, i / self.width, *c);
        }
        g
    }

    /// Whether black may not play `p` under this game's rule (renju only).
    fn black_forbidden(&self, p: Point) -> bool {
        self.rule == Rule::Renju
            && rules::forbidden(&self.grid(), p.x as usize, p.y as usize).is_some()
    }

    fn recompute_outcome(&mut self) {
        self.outcome = match self.history.last() {
            Some(&(c, p)) if self.makes_five(c, p) => Some(Outcome::Win(c)),
            _ if self.cells.iter().all(|c| c.is_some()) => Some(Outcome::Draw),
            _ => None,
        };
    }
}

impl Game for Gomoku {
    fn spec(&self) -> GameSpec {
        GameSpec::Gomoku {
            width: self.width,
            height: self.height,
            rule: self.rule,
        }
    }

    fn width(&self) -> usize {
        self.width
    }

    fn height(&self) -> usize {
        self.height
    }

    fn stone(&self, p: Point) -> Option<Color> {
        self.at(p.x as i32, p.y as i32)
    }

    fn is_forbidden(&self, p: Point) -> bool {
        self.black_forbidden(p)
    }

    fn play(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        if p.x as usize >= self.width || p.y as usize >= self.height {
            return Err(PlayError::OffBoard);
        }
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let i = p.y as usize * self.width + p.x as usize;
        if self.cells[i].is_some() {
            return Err(PlayError::Occupied);
        }
        if color == Color::Black && self.black_forbidden(p) {
            return Err(PlayError::Forbidden);
        }
        self.cells[i] = Some(color);
        self.history.push((color, p));
        self.recompute_outcome();
        Ok(())
    }

    fn undo(&mut self) -> Option<(Color, Point)> {
        let (c, p) = self.history.pop()?;
        self.cells[p.y as usize * self.width + p.x as usize] = None;
        self.recompute_outcome();
        Some((c, p))
    }

    fn history(&self) -> &[(Color, Point)] {
        &self.history
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn default_movetime(&self) -> Option<std::time::Duration> {
        Some(crate::engine::session::DEFAULT_MOVETIME)
    }

    fn think(&mut self, _color: Color, ctx: &mut SearchContext) -> Result<Thought, ThinkError> {
        let (cx, cy) = (self.width as i32 / 2, self.height as i32 / 2);
        let best = (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.cells[y * self.width + x].is_none())
            .min_by_key(|&(x, y)| (x as i32 - cx).abs().max((y as i32 - cy).abs()))
            .ok_or(ThinkError::GameOver)?;
        let _ = ctx;
        Ok(Thought {
            point: Point::new(best.0, best.1),
            score: Score::Cp(0),
            depth: 0,
            nodes: 1,
            pv: vec![],
        })
    }
}
