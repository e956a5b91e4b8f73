//! Choosing a move: which engine plays which board, within the context's limits.
//!
//! - Boards of at most `SOLVER_CELLS` cells, and every k = 6 board (the gomoku pattern window
//!   cannot see six in a row): the exact solver, for the whole turn. When it finishes, the move
//!   is proven; when stopped, it plays the best move that survived the distances it checked.
//! - Larger boards with k <= 5 up to `HYBRID_CELLS`: the solver first, for `SOLVER_SHARE` of
//!   the turn; a proven result is played, otherwise the gomoku engine (built for k in a row)
//!   gets the rest of the turn.
//! - Larger still: the gomoku engine alone.

use std::time::{Duration, Instant};

use super::geometry::Geometry;
use super::position::Position;
use super::prove::{self, Proof, Verdict};
use super::referee::Board;
use super::solver::Solver;
use super::tt::Table;
use crate::games::gomoku::Gomoku;
use crate::games::{Color, Game, Point, ThinkError, Thought};
use crate::search::{Info, Score};
use crate::search::{SearchContext, SearchControl};

/// Boards the solver plays alone (6 x 6 and smaller).
const SOLVER_CELLS: usize = 36;
/// Boards where the solver gets the first share of the turn before the gomoku engine.
const HYBRID_CELLS: usize = 64;
/// The solver's share of a timed turn (or of a node budget) on hybrid boards.
const SOLVER_SHARE: f64 = 0.3;
/// Boards solved without a clock when `genmove` gives no limit: all of them finish within
/// seconds (5 x 4, k = 4, the slowest, in well under 10 s).
const UNTIMED_CELLS: usize = 20;
/// Longest k the gomoku pattern tables handle.
const GOMOKU_MAX_K: usize = 5;
/// Transposition table size (MiB) for boards of at most `SMALL_TABLE_CELLS` cells; larger
/// boards get the `hash` option, capped at `TABLE_MIB_CAP`.
const SMALL_TABLE_MIB: usize = 4;
const SMALL_TABLE_CELLS: usize = 16;
const TABLE_MIB_CAP: usize = 1024;
/// On boards the gomoku engine also plays, the solver's table is `hash` divided by this (the
/// engine's own table takes `hash`).
const SHARED_TABLE_DIVISOR: usize = 16;

/// Whether the gomoku engine plays (part of) this board's turns.
pub fn uses_gomoku(width: usize, height: usize, k: usize) -> bool {
    k <= GOMOKU_MAX_K && width * height > SOLVER_CELLS
}

/// How long `genmove` thinks without a limit: until solved on small boards.
pub fn default_movetime(width: usize, height: usize) -> Option<Duration> {
    (width * height > UNTIMED_CELLS).then_some(crate::search::DEFAULT_MOVETIME)
}

/// Table size for a board under a `hash` option of `hash_mib`; `shared` when the gomoku engine
/// (which takes `hash` for its own table) also plays the board.
pub fn table_mib(cells: usize, hash_mib: usize, shared: bool) -> usize {
    if cells <= SMALL_TABLE_CELLS {
        SMALL_TABLE_MIB.min(hash_mib)
    } else if shared {
        hash_mib / SHARED_TABLE_DIVISOR
    } else {
        hash_mib.min(TABLE_MIB_CAP)
    }
    .max(1)
}

/// Chooses a move for `color` on a board that is not over.
pub fn think(
    board: &Board,
    table: &mut Option<(usize, Table)>,
    engine: Option<&mut Gomoku>,
    color: Color,
    ctx: &mut SearchContext,
) -> Result<Thought, ThinkError> {
    let mib = table_mib(
        board.width * board.height,
        ctx.options.hash_mib,
        engine.is_some(),
    );
    if table.as_ref().is_none_or(|(m, _)| *m != mib) {
        *table = None;
        *table = Table::new_within(mib).map(|t| (mib, t));
    }
    let Some((_, table)) = table.as_mut() else {
        return Err(ThinkError::Unsupported(
            "out of memory: no room for a 1 MiB hash table".into(),
        ));
    };
    let Some(engine) = engine else {
        return solve(board, table, color, ctx, ctx.control.clone());
    };
    let cells = board.width * board.height;
    let share = |d: Duration| d.mul_f64(SOLVER_SHARE);
    let first = if cells > HYBRID_CELLS {
        None
    } else if let Some(hard) = ctx.control.hard_budget() {
        Some(ctx.control.clone().with_movetime(share(hard)))
    } else {
        ctx.control.max_nodes().map(|n| {
            ctx.control
                .clone()
                .with_max_nodes((n as f64 * SOLVER_SHARE) as u64)
        })
    };
    if let Some(control) = first {
        let thought = solve(board, table, color, ctx, control)?;
        if !matches!(thought.score, Score::Cp(_)) {
            return Ok(thought);
        }
    }
    engine.think(color, ctx)
}

/// Runs the solver on the current position under `control`, reporting one `info` line.
fn solve(
    board: &Board,
    table: &mut Table,
    color: Color,
    ctx: &mut SearchContext,
    control: SearchControl,
) -> Result<Thought, ThinkError> {
    let geo = Geometry::new(board.width, board.height, board.k);
    let mut pos = Position::new(&geo);
    for &(c, p) in board.history() {
        pos.make(p.y as usize * board.width + p.x as usize, c.index());
    }
    let stop = |nodes: u64| control.should_stop(nodes);
    let mut solver = Solver::new(pos, table, &stop).with_node_limit(control.max_nodes());
    let max = control.max_depth().map(|d| d as usize);
    let proof = prove::prove(&mut solver, color.index(), max, &mut |_, _| {});
    let point = |cell: usize| Point::new(cell % board.width, cell / board.width);
    let score = score_of(&proof);
    let pv = vec![point(proof.best)];
    ctx.report(&Info {
        depth: Some(proof.depth),
        score: Some(score),
        nodes: solver.nodes,
        time: ctx.control.elapsed(),
        pv: pv.iter().map(|&p| ctx.name(p)).collect(),
        note: Some(note(&proof).into()),
        ..Info::default()
    });
    Ok(Thought {
        point: pv[0],
        score,
        depth: proof.depth,
        nodes: solver.nodes,
        pv,
    })
}

fn score_of(proof: &Proof) -> Score {
    match proof.verdict {
        Some(Verdict::Win(n)) => Score::Win(n),
        Some(Verdict::Loss(n)) => Score::Loss(n),
        Some(Verdict::Draw) => Score::Draw,
        None => Score::Cp(0),
    }
}

/// The `string` at the end of the `info` line: whether the score is proven.
fn note(proof: &Proof) -> &'static str {
    match (proof.verdict, proof.exact) {
        (None, _) => "not proven",
        (Some(_), true) => "proven",
        (Some(_), false) => "proven, distance is an upper bound",
    }
}

/// What `bench mnk` and the tests learn from solving an empty board.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveReport {
    /// The result, proven or not.
    pub proof: Proof,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time taken.
    pub time: Duration,
}

/// Solves the empty `width` x `height` board for k in a row with a `mib` MiB table, stopping
/// when `control` says.
pub fn solve_from_empty(
    width: usize,
    height: usize,
    k: usize,
    mib: usize,
    control: &SearchControl,
) -> SolveReport {
    let start = Instant::now();
    let geo = Geometry::new(width, height, k);
    let mut table = Table::new(mib);
    let stop = |nodes: u64| control.should_stop(nodes);
    let mut solver = Solver::new(Position::new(&geo), &mut table, &stop);
    let proof = prove::prove(
        &mut solver,
        Color::Black.index(),
        control.max_depth().map(|d| d as usize),
        &mut |_, _| {},
    );
    SolveReport {
        proof,
        nodes: solver.nodes,
        time: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Mnk;
    use crate::search::EngineOptions;

    /// Table size for the tests: small enough for parallel test threads.
    const TEST_MIB: usize = 64;

    fn solved(m: usize, n: usize, k: usize) -> Verdict {
        let r = solve_from_empty(m, n, k, TEST_MIB, &SearchControl::unlimited());
        r.proof
            .verdict
            .unwrap_or_else(|| panic!("{m},{n},{k} unproven"))
    }

    /// The published results that solve in about a second each in release builds; the slower
    /// ones, (5,5,5) and (6,6,5), are `bench mnk`'s. The wins' distances are the README's, which
    /// `tests/mnk_results.rs` proves with a search of its own.
    #[test]
    fn known_small_results() {
        assert_eq!(solved(3, 3, 3), Verdict::Draw);
        assert_eq!(solved(4, 4, 3), Verdict::Win(5));
        assert_eq!(solved(4, 4, 4), Verdict::Draw);
        assert_eq!(solved(5, 4, 4), Verdict::Draw);
        assert_eq!(solved(4, 5, 4), Verdict::Draw);
        assert_eq!(solved(5, 5, 4), Verdict::Draw);
        assert_eq!(solved(6, 5, 4), Verdict::Win(11));
    }

    /// The solver's exact distances agree with plain exhaustive minimax (memoised on the
    /// stones, no pruning) on a board small enough for it: (4,3,3) from every position after
    /// two stones.
    #[test]
    fn distances_match_plain_minimax() {
        use std::collections::HashMap;
        /// Value in plies from this node (not from the root), like the solver's table.
        fn minimax(p: &mut Position, c: usize, memo: &mut HashMap<u32, i32>) -> i32 {
            if p.won() {
                return -WIN_REF;
            }
            if p.empties() == 0 {
                return 0;
            }
            let key = (0..p.geo.cells())
                .fold(0u32, |k, q| k * 3 + p.stone(q).map_or(0, |s| s as u32 + 1));
            if let Some(&v) = memo.get(&key) {
                return v;
            }
            let mut best = -WIN_REF - 1;
            for cell in 0..p.geo.cells() {
                if p.is_empty(cell) {
                    p.make(cell, c);
                    let v = -minimax(p, 1 - c, memo);
                    // One ply further from this node.
                    let v = if v > 0 {
                        v - 1
                    } else if v < 0 {
                        v + 1
                    } else {
                        0
                    };
                    best = best.max(v);
                    p.unmake();
                }
            }
            memo.insert(key, best);
            best
        }
        let mut memo = HashMap::new();
        const WIN_REF: i32 = crate::games::mnk::solver::WIN;
        let geo = Geometry::new(4, 3, 3);
        let mut table = Table::new(TEST_MIB);
        for a in 0..geo.cells() {
            for b in (0..geo.cells()).filter(|&b| b != a) {
                let mut pos = Position::new(&geo);
                pos.make(a, 0);
                pos.make(b, 1);
                let expected = minimax(&mut pos.clone(), 0, &mut memo);
                let stop = |_: u64| false;
                let mut s = Solver::new(pos, &mut table, &stop);
                let proof = prove::prove(&mut s, 0, None, &mut |_, _| {});
                let got = match proof.verdict {
                    Some(Verdict::Win(d)) => WIN_REF - d as i32,
                    Some(Verdict::Loss(d)) => -(WIN_REF - d as i32),
                    Some(Verdict::Draw) => 0,
                    None => panic!("unproven"),
                };
                assert_eq!(got, expected, "stones {a} {b}");
                // The move it names achieves the value.
                s.pos.make(proof.best, 0);
                let after = -minimax(&mut s.pos, 1, &mut memo);
                let after = if after > 0 {
                    after - 1
                } else if after < 0 {
                    after + 1
                } else {
                    0
                };
                assert_eq!(after, expected, "move {} after {a} {b}", proof.best);
            }
        }
    }

    fn think_on(game: &mut Mnk, color: Color) -> Thought {
        crate::games::think_unlimited(game, color)
    }

    #[test]
    fn genmove_wins_fastest_and_blocks() {
        // 5x4, k = 4: black has three on the bottom row, open at a1 (0,3) and e1 (4,3).
        let mut g = Mnk::new(5, 4, 4);
        for (c, x, y) in [
            (Color::Black, 1, 3),
            (Color::White, 1, 0),
            (Color::Black, 2, 3),
            (Color::White, 2, 0),
            (Color::Black, 3, 3),
            (Color::White, 3, 0),
        ] {
            g.play(c, Point::new(x, y)).unwrap();
        }
        let t = think_on(&mut g, Color::Black);
        assert_eq!(t.score, Score::Win(1));
        assert!(t.point == Point::new(0, 3) || t.point == Point::new(4, 3));
        // White to move instead faces a double threat it cannot stop... unless it wins first:
        // white's three on the top row wins at a4 or e4.
        let t = think_on(&mut g, Color::White);
        assert_eq!(t.score, Score::Win(1));
        assert!(t.point == Point::new(0, 0) || t.point == Point::new(4, 0));
    }

    #[test]
    fn a_lost_position_is_held_as_long_as_possible() {
        // 4x4, k = 3, after black's centre stone and white's corner: black wins; white to
        // move at the start of the reply loses, and the solver says in how many plies.
        let mut g = Mnk::new(4, 4, 3);
        g.play(Color::Black, Point::new(1, 1)).unwrap();
        let t = think_on(&mut g, Color::White);
        let Score::Loss(n) = t.score else {
            panic!("expected a loss, got {:?}", t.score)
        };
        assert!(n >= 2 && n % 2 == 0);
        g.play(Color::White, t.point).unwrap();
        let t2 = think_on(&mut g, Color::Black);
        assert_eq!(t2.score, Score::Win(n - 1));
    }

    /// The last `info` line of a search on `game` under `control`.
    fn last_info(game: &mut Mnk, color: Color, control: &SearchControl) -> String {
        let mut infos = Vec::new();
        let options = EngineOptions::default();
        let mut sink = |i: &Info| infos.push(i.to_string());
        let namer = |p: Point| p.to_string();
        let mut ctx = SearchContext::new(control, &options, &mut sink, &namer);
        game.think(color, &mut ctx).unwrap();
        infos.pop().unwrap_or_default()
    }

    #[test]
    fn info_says_whether_the_score_is_proven() {
        let mut g = Mnk::new(4, 4, 4);
        let line = last_info(&mut g, Color::Black, &SearchControl::unlimited());
        assert!(line.starts_with("depth 16 score draw "), "{line}");
        assert!(line.ends_with(" string proven"), "{line}");
        let limited = SearchControl::unlimited().with_max_nodes(50);
        let line = last_info(&mut g, Color::Black, &limited);
        assert!(line.contains(" score cp 0 "), "{line}");
        assert!(line.ends_with(" string not proven"), "{line}");
        let mut g = Mnk::new(4, 4, 3);
        let line = last_info(&mut g, Color::Black, &SearchControl::unlimited());
        assert!(line.contains(" score win 5 "), "{line}");
    }

    /// The table is kept between moves, and GTP lets either colour move in any position: a
    /// stored result must never be reused for the other side to move.
    #[test]
    fn kept_table_knows_who_is_to_move() {
        let setup = |g: &mut Mnk| {
            g.play(Color::Black, Point::new(1, 1)).unwrap();
            g.play(Color::White, Point::new(0, 0)).unwrap();
            g.play(Color::Black, Point::new(2, 2)).unwrap();
        };
        for first in [Color::Black, Color::White] {
            let mut kept = Mnk::new(5, 4, 4);
            setup(&mut kept);
            think_on(&mut kept, first);
            let second = first.opponent();
            let reused = think_on(&mut kept, second);
            let mut fresh = Mnk::new(5, 4, 4);
            setup(&mut fresh);
            let expected = think_on(&mut fresh, second);
            assert_eq!(reused.score, expected.score, "{second:?} after {first:?}");
        }
    }
}
