//! Gomoku (five in a row) on boards from 5x5 to 22x22 under freestyle, standard and renju rules.
//!
//! The game keeps the referee's view (a [`rules::Grid`] and the move history) for legality and
//! game end; `think` builds an incremental search [`board::Board`] from the history and runs the
//! threat-aware PVS of [`search`], on as many threads as the options ask, sharing one
//! transposition table that lives as long as the game (so consecutive moves reuse it). A VCT
//! search (`search/vct.rs`: threes and fours) runs at the root and checks the chosen move when
//! the turn is long enough.

mod board;
mod greedy;
mod helpers;
mod params;
pub mod pattern;
pub mod rules;
mod search;
mod think;
mod timeman;
mod tt;

use std::sync::Arc;

/// The evaluation's combination classes, so the fitting examples count the same ones.
pub use board::{combo_classes, COMBO_CLASSES};
/// The evaluation's pattern and combination weights, for the fitting examples
/// (`examples/texel.rs`, `examples/teacher_fit.rs`) to compare their fits with.
pub use params::eval::{OPPONENT_COMBO_WEIGHT, OPPONENT_WEIGHT, OWN_COMBO_WEIGHT, OWN_WEIGHT};
/// The move-ordering weights, for the ordering fit (`examples/order_fit.rs`) to compare with.
pub use params::order::{
    OPPONENT_ORDER_WEIGHT, ORDER_OPPONENT_FORK, ORDER_OWN_FORK, ORDER_OWN_FOUR, OWN_ORDER_WEIGHT,
};

use super::{Color, Game, GameSpec, Outcome, PlayError, Point, Rule, ThinkError, Thought};
use crate::search::{SearchContext, SearchControl};
use rules::Grid;

/// One candidate point's move-ordering features (see [`Gomoku::order_features`]).
#[derive(Clone, Copy, Debug)]
pub struct OrderFeatures {
    /// The candidate point.
    pub point: Point,
    /// Pattern codes (see [`pattern`]) per direction for the side to move.
    pub own: [u8; 4],
    /// Pattern codes per direction for the side waiting.
    pub opponent: [u8; 4],
    /// 1, or the divisor for lying far from the last stones.
    pub divisor: i32,
}

/// A gomoku game.
pub struct Gomoku {
    width: usize,
    height: usize,
    rule: Rule,
    grid: Grid,
    history: Vec<(Color, Point)>,
    outcome: Option<Outcome>,
    /// The transposition table: the previous game's, renewed, or made by the first `think`,
    /// sized to its time limit ([`table_mib`]).
    tt: Option<Arc<tt::Tt>>,
    /// The size (MiB) the table was asked for: it may be smaller when that much memory could
    /// not be had. Reused while it is at least what a search wants and at most `hash`.
    tt_asked: usize,
    /// Stones in a row that win, as the search sees it: 5, or k when an m,n,k game borrows
    /// this engine ([`Gomoku::with_line_length`]).
    line: usize,
    /// Per colour, the win its last search without excluded moves proved, for a forced reply
    /// of its next turn to report ([`think::Claim`]). Per colour, as one game may search for
    /// both sides (self-play, analysis).
    claims: [Option<think::Claim>; 2],
}

impl Gomoku {
    /// An empty board; the caller checked the size.
    pub fn new(width: usize, height: usize, rule: Rule) -> Gomoku {
        Gomoku {
            width,
            height,
            rule,
            grid: Grid::new(width, height),
            history: Vec::new(),
            outcome: None,
            tt: None,
            tt_asked: 0,
            line: pattern::FIVE_LENGTH,
            claims: [None; 2],
        }
    }

    /// A freestyle engine for k in a row (k in [`pattern::LINE_LENGTHS`]), used by m,n,k games
    /// on boards too big to solve. Only its search is k-aware: the caller referees (this
    /// struct's own outcome still looks for five) and stops playing when a line of k is made.
    pub fn with_line_length(width: usize, height: usize, k: usize) -> Gomoku {
        let mut g = Gomoku::new(width, height, Rule::Freestyle);
        g.line = k;
        g
    }

    /// The evaluation's features in this position: per pattern code, how many (empty point,
    /// direction) pairs hold it for `to_move` (first) and for the opponent. Used to tune the
    /// pattern weights against self-play results (`examples/texel.rs`).
    pub fn pattern_counts(&self, to_move: Color) -> [[u32; 11]; 2] {
        let b = self.search_board();
        let c = to_move.index();
        [b.pattern_counts(c), b.pattern_counts(1 - c)]
    }

    /// Both colours' line patterns (`to_move` first, per direction) at every empty point where
    /// either has more than a dead line: the raw material of per-point combination features,
    /// for tuning experiments (`examples/combo_fit.rs`).
    pub fn point_patterns(&self, to_move: Color) -> Vec<[[u8; 4]; 2]> {
        let b = self.search_board();
        let c = to_move.index();
        b.empty_points()
            .map(|i| [b.point_patterns(c, i), b.point_patterns(1 - c, i)])
            .filter(|p| p.iter().flatten().any(|&q| q > pattern::OVERLINE))
            .collect()
    }

    /// The move-ordering features of every candidate point of `to_move` (a stone or two away
    /// from the stones): the point, the line patterns `to_move` and the opponent would make
    /// there per direction, and the locality divisor the ordering applies. Used to tune the
    /// ordering weights against the moves a deeper search chooses (`examples/texel.rs`).
    pub fn order_features(&self, to_move: Color) -> Vec<OrderFeatures> {
        let b = self.search_board();
        let c = to_move.index();
        let recent = search::recent_stones(&b);
        let mut cands = Vec::new();
        b.candidates(&mut cands);
        cands
            .into_iter()
            .map(|i| {
                let (x, y) = b.coords(i);
                OrderFeatures {
                    point: Point::new(x, y),
                    own: b.point_patterns(c, i),
                    opponent: b.point_patterns(1 - c, i),
                    divisor: search::locality_divisor(&b, i, &recent),
                }
            })
            .collect()
    }

    /// The search's incremental board with this game's stones, for the tuning features.
    fn search_board(&self) -> board::Board {
        let mut b = board::Board::new(self.width, self.height, self.rule);
        for &(c, p) in &self.history {
            b.make(b.index(p.x as usize, p.y as usize), c.index());
        }
        b
    }

    fn recompute_outcome(&mut self) {
        self.outcome = match self.history.last() {
            Some(&(c, p)) if rules::wins(&self.grid, self.rule, c, p.x as usize, p.y as usize) => {
                Some(Outcome::Win(c))
            }
            _ if self.history.len() >= self.width * self.height => Some(Outcome::Draw),
            _ if self.black_cannot_move() => Some(Outcome::Draw),
            _ => None,
        };
    }

    /// Renju only: black is to move and every empty point is forbidden to it. Gomocup has no
    /// pass, so the game ends there, drawn, as a full board does; before this rule a referee
    /// asked black for a move it could not make, and gridmind's black answered `ERROR game is
    /// over` (7 times in 212 renju self-play games near a full board). The scan stops at the
    /// first empty point black may play, almost always one of the first few.
    fn black_cannot_move(&self) -> bool {
        self.rule == Rule::Renju
            && self.to_move() == Color::Black
            && (0..self.height).all(|y| {
                (0..self.width).all(|x| {
                    self.grid.get(x as i32, y as i32).is_some()
                        || rules::forbidden(&self.grid, x, y).is_some()
                })
            })
    }

    fn on_board(&self, p: Point) -> bool {
        (p.x as usize) < self.width && (p.y as usize) < self.height
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
        self.grid.get(p.x as i32, p.y as i32)
    }

    fn is_forbidden(&self, p: Point) -> bool {
        self.rule == Rule::Renju
            && self.on_board(p)
            && rules::forbidden(&self.grid, p.x as usize, p.y as usize).is_some()
    }

    fn play(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        if !self.on_board(p) {
            return Err(PlayError::OffBoard);
        }
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if self.stone(p).is_some() {
            return Err(PlayError::Occupied);
        }
        if color == Color::Black && self.is_forbidden(p) {
            return Err(PlayError::Forbidden);
        }
        self.grid.set(p.x as usize, p.y as usize, Some(color));
        self.history.push((color, p));
        self.recompute_outcome();
        Ok(())
    }

    fn undo(&mut self) -> Option<(Color, Point)> {
        let (c, p) = self.history.pop()?;
        self.grid.set(p.x as usize, p.y as usize, None);
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
        Some(crate::search::DEFAULT_MOVETIME)
    }

    fn think(&mut self, color: Color, ctx: &mut SearchContext) -> Result<Thought, ThinkError> {
        self.think_excluding(color, &[], ctx)
    }

    fn think_excluding(
        &mut self,
        color: Color,
        exclude: &[Point],
        ctx: &mut SearchContext,
    ) -> Result<Thought, ThinkError> {
        if self.outcome.is_some() {
            return Err(ThinkError::GameOver);
        }
        let hash = ctx.options.hash_mib;
        // The sizes a table may have for this search: what it wants, up to `hash`.
        let sizes = table_mib(hash, ctx.control)..=hash;
        let tt = match &self.tt {
            Some(t) if sizes.contains(&self.tt_asked) => t.clone(),
            _ => {
                // Freed before another is made: the process must not hold both.
                self.tt = None;
                let want = *sizes.start();
                let (t, asked) = match SPARE_TABLE.take(sizes) {
                    Some(spare) => spare,
                    None => (Arc::new(allocate_tt(want, ctx)?), want),
                };
                self.tt = Some(t.clone());
                self.tt_asked = asked;
                t
            }
        };
        let pos = think::Position {
            width: self.width,
            height: self.height,
            rule: self.rule,
            grid: &self.grid,
            history: &self.history,
            claim: self.claims[color.index()],
        };
        let thought =
            board::with_line_length(self.line, || think::think(&pos, color, exclude, &tt, ctx))?;
        // With moves excluded (the N best moves, analysis) the move is a runner-up, seldom the
        // one played; the claim of the best one stays.
        if exclude.is_empty() {
            self.claims[color.index()] = think::Claim::of(&self.history, color, &thought);
        }
        Ok(thought)
    }

    fn clear_search_state(&mut self) {
        self.claims = [None; 2];
        if let Some(t) = &self.tt {
            t.renew();
        }
    }
}

impl Drop for Gomoku {
    fn drop(&mut self) {
        if let Some(t) = self.tt.take() {
            SPARE_TABLE.leave(t, self.tt_asked);
        }
    }
}

/// The table the last finished game left for the next one.
static SPARE_TABLE: tt::Spare = tt::Spare::new();

/// Frees the table a finished gomoku game left, for a session that goes on with another kind of
/// game: the process should not hold its memory meanwhile.
pub fn release_spare_table() {
    SPARE_TABLE.release();
}

/// The table size (MiB) a search under `control` wants: [`params::table::MIB_PER_SECOND`] per
/// second of its hard time limit, rounded up to a power of two, at least
/// [`params::table::MIN_MIB`] and at most `hash`; all of `hash` without a time limit (analysis,
/// `infinite`, node and depth limits), where the page faults are not charged to a clock.
fn table_mib(hash: usize, control: &SearchControl) -> usize {
    use params::table::{MIB_PER_SECOND, MIN_MIB};
    match control.hard_budget() {
        Some(hard) if !control.is_infinite() => {
            let mib = (hard.as_secs_f64() * MIB_PER_SECOND).ceil() as usize;
            // At most `hash` before rounding: a turn of years must not overflow the power of two.
            mib.min(hash).next_power_of_two().max(MIN_MIB).min(hash)
        }
        _ => hash,
    }
}

/// The transposition table for a `hash` of `mib` MiB: when that much memory cannot be had, the
/// biggest that can (halving), said in an `info` line (a `MESSAGE` under Gomocup); when not even
/// 1 MiB can, the move fails with an error and the session goes on.
fn allocate_tt(mib: usize, ctx: &mut SearchContext) -> Result<tt::Tt, ThinkError> {
    let Some((t, got)) = tt::Tt::new_within(mib) else {
        return Err(ThinkError::Unsupported(
            "out of memory: no room for a 1 MiB hash table".into(),
        ));
    };
    if got < tt::Tt::new_size_mib(mib) {
        ctx.report(&crate::search::Info {
            note: Some(format!(
                "hash {mib} MiB could not be allocated; using {got} MiB"
            )),
            ..Default::default()
        });
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{with_quiet_context, EngineOptions};
    use std::time::Duration;

    fn search_after_four_stones(g: &mut Gomoku, options: &EngineOptions) -> Thought {
        if g.history.is_empty() {
            let stones = [(7, 7), (8, 8), (8, 6), (6, 8)];
            for (k, (x, y)) in stones.into_iter().enumerate() {
                let c = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                g.play(c, Point::new(x, y)).expect("a legal stone");
            }
        }
        let control = SearchControl::unlimited().with_max_depth(8);
        with_quiet_context(&control, options, |ctx| g.think(Color::Black, ctx))
            .expect("a move on a board with room")
    }

    #[test]
    fn a_game_searching_with_the_last_games_table_searches_as_with_a_fresh_one() {
        let options = EngineOptions {
            hash_mib: 2,
            ..EngineOptions::default()
        };
        let mut first = Gomoku::new(15, 15, Rule::Freestyle);
        let fresh = search_after_four_stones(&mut first, &options);
        // What the table holds matters: the same search again in the same game costs less.
        let again = search_after_four_stones(&mut first, &options);
        assert!(
            again.nodes < fresh.nodes,
            "{} vs {}",
            again.nodes,
            fresh.nodes
        );
        // The hand-over `Drop` and `think` make, through a spare of this test's own (the
        // process's spare is shared with every test running beside this one).
        let spare = tt::Spare::new();
        let table = first.tt.take().expect("made by the search");
        let ptr = Arc::as_ptr(&table);
        spare.leave(table, first.tt_asked);
        let mut second = Gomoku::new(15, 15, Rule::Freestyle);
        let (table, asked) = spare
            .take(options.hash_mib..=options.hash_mib)
            .expect("left for a game of the same hash");
        second.tt = Some(table);
        second.tt_asked = asked;
        let reused = search_after_four_stones(&mut second, &options);
        assert_eq!(second.tt.as_ref().map(Arc::as_ptr), Some(ptr));
        assert_eq!(
            (reused.point, reused.depth, reused.nodes),
            (fresh.point, fresh.depth, fresh.nodes)
        );
        // A cleared game's table is emptied in place as well.
        second.clear_search_state();
        let cleared = search_after_four_stones(&mut second, &options);
        assert_eq!(cleared.nodes, fresh.nodes);
    }

    #[test]
    fn a_timed_search_wants_a_table_sized_to_its_turn_and_an_untimed_one_all_of_hash() {
        let timed = |ms: u64| SearchControl::unlimited().with_movetime(Duration::from_millis(ms));
        assert_eq!(table_mib(256, &timed(950)), 32, "a 1 s turn's hard limit");
        assert_eq!(table_mib(256, &timed(250)), params::table::MIN_MIB);
        assert_eq!(table_mib(256, &timed(1900)), 64);
        assert_eq!(table_mib(256, &timed(30_000)), 256, "never over hash");
        assert_eq!(table_mib(8, &timed(950)), 8, "never over hash");
        assert_eq!(table_mib(256, &timed(1 << 50)), 256, "a turn of millennia");
        assert_eq!(table_mib(256, &SearchControl::unlimited()), 256);
        let nodes = SearchControl::unlimited().with_max_nodes(1000);
        assert_eq!(table_mib(256, &nodes), 256);
        let infinite = timed(950).with_infinite();
        assert_eq!(table_mib(256, &infinite), 256);
    }

    #[test]
    fn a_game_keeps_its_table_while_it_is_big_enough_and_within_hash() {
        let mut g = Gomoku::new(15, 15, Rule::Freestyle);
        g.play(Color::Black, Point::new(7, 7)).expect("legal");
        let options = |hash_mib| EngineOptions {
            hash_mib,
            ..EngineOptions::default()
        };
        let think = |g: &mut Gomoku, hash: usize, control: SearchControl| {
            let o = options(hash);
            with_quiet_context(&control.with_max_depth(2), &o, |ctx| {
                g.think_excluding(Color::White, &[], ctx)
            })
            .expect("a move");
            let t = g.tt.as_ref().expect("a table");
            (Arc::as_ptr(t), t.mib())
        };
        let turn = |ms| SearchControl::unlimited().with_movetime(Duration::from_millis(ms));
        let (first, mib) = think(&mut g, 64, turn(950));
        assert_eq!(mib, 32);
        // (Pointers are compared only while the first table lives: a freed table's address
        // may come back.)
        let (shorter, _) = think(&mut g, 64, turn(200));
        assert_eq!(shorter, first, "a shorter turn keeps the bigger table");
        let (_, mib) = think(&mut g, 64, SearchControl::unlimited());
        assert_eq!(mib, 64, "analysis wants all of hash");
        let (_, mib) = think(&mut g, 16, turn(950));
        assert_eq!(mib, 16, "a lowered hash bounds the table");
    }
}
