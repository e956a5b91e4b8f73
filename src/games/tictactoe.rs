//! Tic-tac-toe, played perfectly.
//!
//! The whole game tree is tiny, so `think` solves it exactly with negamax alpha-beta over bitboards
//! and a transposition table: it never loses, wins as fast as possible and loses as slowly as
//! possible. With a `seed` it picks at random among equally good moves; without one, always the
//! same move.

use std::collections::HashMap;

use rand::seq::SliceRandom;
use rand::SeedableRng;

use super::{Color, Game, GameSpec, Outcome, PlayError, Point, ThinkError, Thought};
use crate::base::{MateScale, Score};
use crate::search::{Info, SearchContext};

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;
/// A win in `p` plies scores `WIN - p`; a loss `-(WIN - p)`.
const WIN: i32 = 100;
/// Deterministic move preference: centre, corners, edges.
const ORDER: [usize; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// Bitboards of both players: bit `y * 3 + x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Board {
    stones: [u16; 2],
}

impl Board {
    fn occupied(self) -> u16 {
        self.stones[0] | self.stones[1]
    }

    fn has_line(bits: u16) -> bool {
        LINES.iter().any(|&line| (bits & line).count_ones() == 3)
    }

    fn winner(self) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|c| Board::has_line(self.stones[c.index()]))
    }

    fn with(self, color: Color, i: usize) -> Board {
        let mut b = self;
        b.stones[color.index()] |= 1 << i;
        b
    }
}

/// A tic-tac-toe game: the board, its history and a transposition table reused between moves.
pub struct TicTacToe {
    board: Board,
    history: Vec<(Color, Point)>,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

impl TicTacToe {
    /// An empty board with an empty transposition table.
    pub fn new() -> TicTacToe {
        TicTacToe {
            board: Board::default(),
            history: Vec::new(),
        }
    }
}

/// Exact negamax value of `board` with `side` to move, searched from ply `ply`.
struct Solver<'c> {
    table: HashMap<(Board, usize), (i32, Bound)>,
    nodes: u64,
    ctx_stop: &'c dyn Fn(u64) -> bool,
    stopped: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Solver<'_> {
    fn negamax(&mut self, b: Board, side: Color, ply: i32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && (self.ctx_stop)(self.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if Board::has_line(b.stones[side.opponent().index()]) {
            return -(WIN - ply);
        }
        if b.occupied() == FULL {
            return 0;
        }
        // Scores are stored relative to the node (ply-independent) and shifted back on load.
        let key = (b, side.index());
        let alpha0 = alpha;
        if let Some(&(v, bound)) = self.table.get(&key) {
            let v = SCALE.from_table(v, ply);
            match bound {
                Bound::Exact => return v,
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
            }
            if alpha >= beta {
                return v;
            }
        }
        let mut best = -WIN - 1;
        for &i in &ORDER {
            if b.occupied() & (1 << i) != 0 {
                continue;
            }
            let v = -self.negamax(b.with(side, i), side.opponent(), ply + 1, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        if !self.stopped {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(key, (SCALE.to_table(best, ply), bound));
        }
        best
    }
}

/// Every non-zero value is a forced result (the tree is searched to the end), so the mate bound
/// is 1 and zero is a proven draw.
const SCALE: MateScale = MateScale {
    mate: WIN,
    bound: 1,
};

fn score_of(v: i32) -> Score {
    if v == 0 {
        Score::Draw
    } else {
        SCALE.score(v)
    }
}

fn point_of(i: usize) -> Point {
    Point::new(i % 3, i / 3)
}

impl Game for TicTacToe {
    fn spec(&self) -> GameSpec {
        GameSpec::TicTacToe
    }

    fn width(&self) -> usize {
        3
    }

    fn height(&self) -> usize {
        3
    }

    fn stone(&self, p: Point) -> Option<Color> {
        if p.x >= 3 || p.y >= 3 {
            return None;
        }
        let bit = 1 << (p.y as usize * 3 + p.x as usize);
        [Color::Black, Color::White]
            .into_iter()
            .find(|c| self.board.stones[c.index()] & bit != 0)
    }

    fn play(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        if p.x >= 3 || p.y >= 3 {
            return Err(PlayError::OffBoard);
        }
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let i = p.y as usize * 3 + p.x as usize;
        if self.board.occupied() & (1 << i) != 0 {
            return Err(PlayError::Occupied);
        }
        self.board = self.board.with(color, i);
        self.history.push((color, p));
        Ok(())
    }

    fn undo(&mut self) -> Option<(Color, Point)> {
        let (c, p) = self.history.pop()?;
        self.board.stones[c.index()] &= !(1 << (p.y as usize * 3 + p.x as usize));
        Some((c, p))
    }

    fn history(&self) -> &[(Color, Point)] {
        &self.history
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(c) = self.board.winner() {
            return Some(Outcome::Win(c));
        }
        (self.board.occupied() == FULL).then_some(Outcome::Draw)
    }

    fn think(&mut self, color: Color, ctx: &mut SearchContext) -> Result<Thought, ThinkError> {
        if self.outcome().is_some() {
            return Err(ThinkError::GameOver);
        }
        let control = ctx.control;
        let stop = |nodes: u64| control.should_stop(nodes);
        let mut solver = Solver {
            table: HashMap::new(),
            nodes: 0,
            ctx_stop: &stop,
            stopped: false,
        };
        let b = self.board;
        // Exact value of every legal move, so ties can be broken at random when seeded.
        let mut scored: Vec<(usize, i32)> = Vec::new();
        for &i in &ORDER {
            if b.occupied() & (1 << i) != 0 {
                continue;
            }
            let v = -solver.negamax(b.with(color, i), color.opponent(), 1, -WIN - 1, WIN + 1);
            if solver.stopped {
                break;
            }
            scored.push((i, v));
        }
        // A stop before the first move is solved still answers with a legal move.
        let fallback = ORDER
            .iter()
            .copied()
            .find(|&i| b.occupied() & (1 << i) == 0);
        let best_value = scored.iter().map(|&(_, v)| v).max();
        let mut best: Vec<usize> = scored
            .iter()
            .filter(|&&(_, v)| Some(v) == best_value)
            .map(|&(i, _)| i)
            .collect();
        if best.is_empty() {
            best.extend(fallback);
        }
        let chosen = match ctx.options.seed {
            Some(seed) => {
                let mut rng = rand::rngs::StdRng::seed_from_u64(
                    seed ^ ((b.stones[0] as u64) << 16 | b.stones[1] as u64),
                );
                *best.choose(&mut rng).ok_or(ThinkError::GameOver)?
            }
            None => *best.first().ok_or(ThinkError::GameOver)?,
        };
        let value = scored.iter().find(|&&(i, _)| i == chosen).map(|&(_, v)| v);
        let score = value.map_or(Score::Cp(0), score_of);
        let pv = principal_variation(&mut solver, b.with(color, chosen), color.opponent());
        let mut pv_points = vec![point_of(chosen)];
        pv_points.extend(pv.into_iter().map(point_of));
        let depth = 9 - b.occupied().count_ones();
        ctx.report(&Info {
            depth: Some(depth),
            score: Some(score),
            nodes: solver.nodes,
            time: ctx.control.elapsed(),
            pv: pv_points.iter().map(|&p| ctx.name(p)).collect(),
            ..Info::default()
        });
        Ok(Thought {
            point: point_of(chosen),
            score,
            depth,
            nodes: solver.nodes,
            pv: pv_points,
        })
    }
}

/// Follows best replies from a position, for the `info` line's `pv`.
fn principal_variation(solver: &mut Solver, mut b: Board, mut side: Color) -> Vec<usize> {
    let mut pv = Vec::new();
    while !solver.stopped && b.winner().is_none() && b.occupied() != FULL {
        let mut best: Option<(usize, i32)> = None;
        for &i in &ORDER {
            if b.occupied() & (1 << i) == 0 {
                let v = -solver.negamax(b.with(side, i), side.opponent(), 1, -WIN - 1, WIN + 1);
                if best.is_none_or(|(_, bv)| v > bv) {
                    best = Some((i, v));
                }
            }
        }
        let Some((i, _)) = best else { break };
        pv.push(i);
        b = b.with(side, i);
        side = side.opponent();
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(game: &mut TicTacToe, color: Color) -> Thought {
        crate::games::think_unlimited(game, color)
    }

    #[test]
    fn empty_board_is_a_draw() {
        let mut g = TicTacToe::new();
        let t = best(&mut g, Color::Black);
        assert_eq!(t.score, Score::Draw);
        assert_eq!(t.point, Point::new(1, 1));
    }

    #[test]
    fn takes_the_fastest_win() {
        let mut g = TicTacToe::new();
        // X: a3 b3, O: a1 b1; X to move wins at once at c3.
        for (c, x, y) in [
            (Color::Black, 0, 0),
            (Color::White, 0, 2),
            (Color::Black, 1, 0),
            (Color::White, 1, 2),
        ] {
            g.play(c, Point::new(x, y)).unwrap();
        }
        let t = best(&mut g, Color::Black);
        assert_eq!(t.point, Point::new(2, 0));
        assert_eq!(t.score, Score::Win(1));
    }

    /// Every position reachable by alternating play, stopping at a win: the well-known 5,478.
    #[test]
    fn reachable_positions_are_5478() {
        fn walk(g: &mut TicTacToe, seen: &mut std::collections::HashSet<Board>) {
            if !seen.insert(g.board) || g.outcome().is_some() {
                return;
            }
            let color = g.to_move();
            for i in 0..9 {
                if g.play(color, point_of(i)).is_ok() {
                    walk(g, seen);
                    g.undo();
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        walk(&mut TicTacToe::new(), &mut seen);
        assert_eq!(seen.len(), 5478);
    }

    #[test]
    fn blocks_an_immediate_threat() {
        let mut g = TicTacToe::new();
        g.play(Color::Black, Point::new(0, 0)).unwrap();
        g.play(Color::White, Point::new(1, 1)).unwrap();
        g.play(Color::Black, Point::new(1, 0)).unwrap();
        let t = best(&mut g, Color::White);
        assert_eq!(t.point, Point::new(2, 0));
    }
}
