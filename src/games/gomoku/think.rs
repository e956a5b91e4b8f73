//! `think`: strength handling, root facts (win now, VCF, then VCT when the turn allows), the
//! proven result of a forced reply (so a won or lost line reports its proof on every move),
//! iterative deepening (a sharp position may run past the soft budget), Lazy SMP helper threads,
//! a safety net against the opponent's VCF/VCT, and `info` reporting, within the context's limits.

use std::cell::{Cell, RefCell};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use super::board::Board;
use super::greedy;
use super::helpers::{self, Detached};
use super::params::{safety, threats, tree};
use super::rules::{self, Grid};
use super::search::{Searcher, Shared, MATE, MATE_BOUND, MATE_SCALE};
use super::timeman::TimeManager;
use super::tt::Tt;
use crate::base::splitmix64 as mix;
use crate::games::{Color, Point, Rule, ThinkError, Thought};
use crate::search::{Info, Score};
use crate::search::{SearchContext, SearchControl};

/// What `think` needs to know about the game.
pub struct Position<'g> {
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    pub grid: &'g Grid,
    pub history: &'g [(Color, Point)],
    /// The win the game's last search proved, if any ([`Claim`]).
    pub claim: Option<Claim>,
}

/// A win a search proved for the move it chose, which the game keeps for the next turn: the
/// position after that move (the key and length of its history) and the plies to the five.
/// The proof covered every reply, so after whichever the opponent chose the win is at most two
/// plies nearer. A forced reply reports it when its own searches prove nothing (a deep tree
/// proof whose table entries were overwritten since, or too long for the threat searches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    key: u64,
    len: usize,
    plies: u32,
}

impl Claim {
    /// The claim of `thought`, chosen for `color` after `history`: `None` unless it is a
    /// proven win.
    pub fn of(history: &[(Color, Point)], color: Color, thought: &Thought) -> Option<Claim> {
        let Score::Win(plies) = thought.score else {
            return None;
        };
        Some(Claim {
            key: key_step(position_key(history), (color, thought.point)),
            len: history.len() + 1,
            plies,
        })
    }

    /// The plies to the five it leaves in `history`, which must be the claimed move's position
    /// and one reply.
    fn carried(self, history: &[(Color, Point)]) -> Option<u32> {
        let follows = history.len() == self.len + 1
            && position_key(&history[..self.len]) == self.key
            && self.plies > 2;
        follows.then(|| self.plies - 2)
    }
}

/// Converts an internal score to the protocol's.
pub fn score_of(s: i32) -> Score {
    MATE_SCALE.score(s)
}

/// Node budget for strength levels 1..=99: doubling every 7 levels from 200 nodes.
pub fn strength_nodes(strength: u8) -> Option<u64> {
    (strength < 100).then(|| 200u64 << (strength as u64 / 7))
}

fn position_key(history: &[(Color, Point)]) -> u64 {
    history.iter().copied().fold(0x1234_5678, key_step)
}

/// [`position_key`] of a history one move longer than one whose key is `h`.
fn key_step(h: u64, (c, p): (Color, Point)) -> u64 {
    mix(h ^ ((p.x as u64) << 8 | p.y as u64 | (c.index() as u64) << 16))
}

/// Chooses a move for `color`, never one in `exclude`.
pub fn think(
    pos: &Position,
    color: Color,
    exclude: &[Point],
    tt: &Arc<Tt>,
    ctx: &mut SearchContext,
) -> Result<Thought, ThinkError> {
    helpers::join_background();
    let renju_black = pos.rule == Rule::Renju && color == Color::Black;
    let allowed = |x: usize, y: usize| {
        let forbidden = renju_black && rules::forbidden(pos.grid, x, y).is_some();
        !(forbidden || exclude.contains(&Point::new(x, y)))
    };
    let pkey = position_key(pos.history);
    if let Some(thought) = weak_level_move(pos, color, pkey, ctx, allowed)? {
        return Ok(thought);
    }
    let mut board = Board::new(pos.width, pos.height, pos.rule);
    for &(c, p) in pos.history {
        board.make(board.index(p.x as usize, p.y as usize), c.index());
    }
    let c = color.index();
    if board.stones() == 0 {
        let p = opening_point(pos, ctx.options.seed, pkey);
        if !exclude.contains(&p) {
            return Ok(single(ctx, p, Score::Cp(0), 1));
        }
    }

    let limited;
    let control: &SearchControl = match strength_nodes(ctx.options.strength) {
        Some(cap) if ctx.control.max_nodes().is_none_or(|m| m > cap) => {
            limited = ctx.control.clone().with_max_nodes(cap);
            &limited
        }
        _ => ctx.control,
    };
    let detached = Detached::new(tt, control, |tt, control| {
        let tm = TimeManager::new(control, false);
        Shared {
            tree_time: tm.tree_time(),
            tree_nodes: tm.tree_nodes(),
            ..Shared::new(tt, control)
        }
    });
    let shared = detached.shared();
    let noise = ctx.options.seed.map(|s| mix(s ^ 0xC0FFEE));
    let mut main = Searcher::new(board.clone(), shared, noise, true);
    let point_of = |i: usize| {
        let (x, y) = board.coords(i);
        Point::new(x, y)
    };
    let excluded = |i: usize| exclude.contains(&point_of(i));

    let (list, win, forced) = main.root_moves(c);
    let mut tm = TimeManager::new(control, forced);
    if let Some((i, plies)) = root_facts(&mut main, c, win, &tm, &excluded) {
        main.flush();
        let nodes = shared.nodes.load(Ordering::Relaxed).max(1);
        return Ok(single(ctx, point_of(i), Score::Win(plies), nodes));
    }
    let carried = pos.claim.and_then(|k| k.carried(pos.history));
    if let Some((i, s)) = forced_reply(&mut main, c, &list, &tm, carried, &excluded) {
        main.flush();
        let nodes = shared.nodes.load(Ordering::Relaxed).max(1);
        return Ok(single(ctx, point_of(i), score_of(s), nodes));
    }
    let roots = search_roots(&main, c, list, win.is_some(), &excluded);
    if roots.is_empty() {
        // Everything near the stones is excluded: take any allowed point.
        return match any_allowed_point(pos, allowed) {
            Some(p) => Ok(single(ctx, p, Score::Cp(0), 1)),
            None if exclude.is_empty() => Err(ThinkError::GameOver),
            None => Err(ThinkError::Unsupported("no move left to list".into())),
        };
    }

    let deep = Deepening {
        c,
        roots: &roots,
        control,
        detached: &detached,
        noise,
        threads: ctx.options.threads.max(1),
    };
    let progress = Progress {
        depth: Cell::new(1),
        best: Cell::new((roots[0], 0)),
    };
    let ctx = RefCell::new(ctx);
    let mut tick = |nodes: u64, seldepth: u32| {
        progress.report(&mut ctx.borrow_mut(), &board, nodes, seldepth);
    };
    let Deepened {
        mut best,
        pv: mut best_pv,
        list,
        handles,
    } = deep.run(&mut main, &mut tick, &progress, &mut tm, &ctx);
    // The tree's own share is over: the safety net gets the rest of the budget (unless a limit
    // of the control's, or an outside stop, ended the search: then the helpers are not waited for).
    shared.tree_phase.store(false, Ordering::Relaxed);
    main.flush();
    let stopped = control.should_stop(shared.nodes.load(Ordering::Relaxed));
    helpers::finish(handles, stopped);
    if !stopped {
        shared.stop.store(false, Ordering::Relaxed);
        main.aborted = false;
    }
    wait_if_infinite(control);
    // With one root move the net has nothing to replace it with (a forced reply's checks ran
    // in `forced_reply`).
    if !main.aborted && best.1 < MATE_BOUND && list.len() > 1 {
        if let Some(k) = safety_net(&mut main, c, &list, best.0, &tm) {
            best.0 = k;
            best_pv = vec![k];
        }
    }
    main.flush();
    let (m, s, d) = best;
    Ok(Thought {
        point: point_of(m),
        score: score_of(s),
        depth: d,
        nodes: shared.nodes.load(Ordering::Relaxed),
        pv: best_pv.into_iter().map(point_of).collect(),
    })
}

/// The root moves the tree searches: the generated list, or every playable point when the root
/// is decided (generation then stops early) or the list is all excluded.
fn search_roots(
    main: &Searcher,
    c: usize,
    list: Vec<usize>,
    decided: bool,
    excluded: &impl Fn(usize) -> bool,
) -> Vec<usize> {
    let list = if decided { main.all_moves(c) } else { list };
    let roots: Vec<usize> = list.into_iter().filter(|&i| !excluded(i)).collect();
    if !roots.is_empty() {
        return roots;
    }
    main.all_moves(c)
        .into_iter()
        .filter(|&i| !excluded(i))
        .collect()
}

/// The first empty, allowed point in row order: the answer when every point near the stones is
/// excluded.
fn any_allowed_point(pos: &Position, allowed: impl Fn(usize, usize) -> bool) -> Option<Point> {
    (0..pos.height)
        .flat_map(|y| (0..pos.width).map(move |x| (x, y)))
        .find(|&(x, y)| pos.grid.get(x as i32, y as i32).is_none() && allowed(x, y))
        .map(|(x, y)| Point::new(x, y))
}

/// The weakest strength levels: the greedy scorer, always (0) or on some moves (1..19).
/// `None` when the level searches.
fn weak_level_move(
    pos: &Position,
    color: Color,
    pkey: u64,
    ctx: &mut SearchContext,
    allowed: impl Fn(usize, usize) -> bool,
) -> Result<Option<Thought>, ThinkError> {
    let strength = ctx.options.strength;
    let greedy_now = strength == 0 || (strength < 20 && mix(pkey ^ 77) % 20 >= strength as u64);
    if !greedy_now {
        return Ok(None);
    }
    let seed = ctx.options.seed.map(|s| mix(s ^ pkey));
    let p = greedy::choose(pos.grid, color, seed, allowed).ok_or(ThinkError::GameOver)?;
    wait_if_infinite(ctx.control);
    ctx.report(&Info {
        depth: Some(0),
        score: Some(Score::Cp(0)),
        nodes: 1,
        time: ctx.control.elapsed(),
        pv: vec![ctx.name(p)],
        ..Info::default()
    });
    Ok(Some(Thought {
        point: p,
        score: Score::Cp(0),
        depth: 0,
        nodes: 1,
        pv: vec![p],
    }))
}

/// The first stone: the centre, or (seeded play) a point next to it for variety.
fn opening_point(pos: &Position, seed: Option<u64>, pkey: u64) -> Point {
    let (cx, cy) = (pos.width / 2, pos.height / 2);
    match seed {
        Some(s) => {
            let r = mix(s ^ pkey);
            Point::new(cx + (r % 3) as usize - 1, cy + (r / 3 % 3) as usize - 1)
        }
        None => Point::new(cx, cy),
    }
}

/// Root facts that decide the move without a tree: a five or open four (`win`), a VCF, then a
/// VCT when the turn allows. Returns the move and its distance to the five in plies.
fn root_facts(
    main: &mut Searcher,
    c: usize,
    win: Option<(i32, usize)>,
    tm: &TimeManager,
    excluded: &impl Fn(usize) -> bool,
) -> Option<(usize, u32)> {
    if let Some((n, i)) = win {
        if !excluded(i) {
            return Some((i, n as u32));
        }
    }
    if let Some((i, n)) = main.vcf_root(c, threats::ROOT_VCF_NODES) {
        if !excluded(i) {
            return Some((i, n as u32));
        }
    }
    if tm.vct_allowed() && win.is_none() {
        main.vct_until = tm.root_vct_until();
        let (budget, depth) = root_vct_limits(tm);
        if let Some((i, d)) = main.vct_root(c, budget, depth) {
            if !excluded(i) {
                return Some((i, vct_plies(d) as u32));
            }
        }
        main.aborted = false;
    }
    None
}

/// The proven result of a root whose only move is the block of the opponent's five, with that
/// move: a forced reply. It is played at once, and the tree gives it one ply, which shows an
/// evaluation where the turn before had proven a win (or the opponent's threats a loss): so a
/// GUI saw "win 27", then "cp 1691", then "win 23". In order: what the table proves (the last
/// turns' searches), `c`'s VCF or VCT through the block (the line the root facts of the turn
/// before had found, whose counter-four this block answers), then the opponent's VCF or VCT
/// after it, the safety net's check (with one move the net could replace nothing, so its
/// answer went unused); last, the win the turn before proved, `carried` on (in plies to the
/// five, [`Claim`]). `None` when nothing is proven or the root is not such a reply; the move
/// is the same either way.
fn forced_reply(
    main: &mut Searcher,
    c: usize,
    list: &[usize],
    tm: &TimeManager,
    carried: Option<u32>,
    excluded: &impl Fn(usize) -> bool,
) -> Option<(usize, i32)> {
    let &[m] = list else {
        return None;
    };
    if excluded(m) || !main.b.makes_five(1 - c, m) {
        return None;
    }
    let proven = proven_after_block(main, c, m, tm);
    // An outside stop ends the turn with the move anyway; a limit of the VCT's own is no stop.
    main.aborted = false;
    let carried = carried.map(|plies| MATE - plies as i32);
    proven.or(carried).map(|s| (m, s))
}

/// [`forced_reply`]'s searches, for the block `m`: the root-relative mate score proven.
fn proven_after_block(main: &mut Searcher, c: usize, m: usize, tm: &TimeManager) -> Option<i32> {
    let win = |plies: i32| MATE - plies;
    // Our block is ply 1, the opponent's win comes `plies` after it.
    let loss = |plies: i32| -(MATE - 1 - plies);
    if let Some(s) = main.proven(c, m) {
        return Some(s);
    }
    if let Some(n) = main.vcf_through(c, m, threats::ROOT_VCF_NODES) {
        return Some(win(n));
    }
    if main.aborted {
        return None;
    }
    main.b.make(m, c);
    let theirs = main.vcf_root(1 - c, safety::VCF_NODES);
    main.b.unmake();
    if let Some((_, n)) = theirs {
        return Some(loss(n));
    }
    if !tm.vct_allowed() || main.aborted {
        return None;
    }
    main.vct_until = tm.root_vct_until();
    let (budget, depth) = root_vct_limits(tm);
    if let Some(d) = main.vct_through(c, m, budget, depth) {
        return Some(win(vct_plies(d)));
    }
    if main.aborted {
        return None;
    }
    main.b.make(m, c);
    main.vct_until = tm.check_until(main.shared_control_elapsed(), true);
    let (budget, depth) = safety_vct_limits(tm);
    let theirs = main.vct_root(1 - c, budget, depth);
    main.b.unmake();
    theirs.map(|(_, d)| loss(vct_plies(d)))
}

/// Iterative deepening on the main thread with Lazy SMP helpers, over one root move list.
struct Deepening<'d> {
    c: usize,
    roots: &'d [usize],
    control: &'d SearchControl,
    detached: &'d Arc<Detached>,
    noise: Option<u64>,
    threads: usize,
}

/// What iterative deepening leaves behind.
struct Deepened {
    /// The best (move, score, depth) found.
    best: (usize, i32, u32),
    /// Its principal variation.
    pv: Vec<usize>,
    /// The root list in the last iteration's order (the safety net's order of tries).
    list: Vec<(usize, i32)>,
    /// The helper threads, still to be joined or left to finish.
    handles: Vec<std::thread::JoinHandle<()>>,
}

impl Deepening<'_> {
    /// Runs the iterations until the time manager, a limit or a decided score ends them;
    /// `tick` reports progress about once a second while an iteration runs.
    fn run<'s>(
        &self,
        main: &mut Searcher<'_, 's>,
        tick: &'s mut dyn FnMut(u64, u32),
        progress: &Progress,
        tm: &mut TimeManager,
        ctx: &RefCell<&mut SearchContext>,
    ) -> Deepened {
        let shared = self.detached.shared();
        let c = self.c;
        let max_depth = self
            .control
            .max_depth()
            .unwrap_or(tree::MAX_DEPTH)
            .clamp(1, tree::MAX_DEPTH);
        let root_list: Vec<(usize, i32)> = self.roots.iter().map(|&i| (i, 0)).collect();
        main.on_tick = Some(tick);
        shared.tree_phase.store(true, Ordering::Relaxed);
        let result = std::thread::scope(|scope| {
            // A thread the system refuses (memory, process limits) is done without, not a panic.
            if self.threads > 1 {
                let control = self.control;
                let _ =
                    std::thread::Builder::new().spawn_scoped(scope, || watch_stop(shared, control));
            }
            let handles = self.spawn_helpers(&main.b, &root_list, max_depth);
            let mut list = root_list.clone();
            let mut best = (self.roots[0], 0i32, 0u32);
            let mut best_pv: Vec<usize> = vec![self.roots[0]];
            for d in 1..=max_depth {
                if !tm.start_iteration(d) {
                    break;
                }
                progress.depth.set(d);
                let prev_first = list[0].0;
                let (m, s, complete) = aspirate(main, c, d as i32, &mut list, best.1);
                if !complete {
                    // A partial iteration counts only if a new move proved better than the old.
                    if d > 1 && m != prev_first && s > best.1 {
                        best = (m, s, best.2);
                        best_pv = vec![m];
                    }
                    break;
                }
                tm.finished_iteration(d, m, s);
                best = (m, s, d);
                progress.best.set((m, s));
                main.flush();
                best_pv = main.pv(c, m, d as usize + 2);
                let seldepth = main.seldepth;
                report_iteration(
                    &mut ctx.borrow_mut(),
                    &main.b,
                    d,
                    s,
                    &best_pv,
                    seldepth,
                    shared,
                );
                if s.abs() >= MATE_BOUND || list.len() == 1 {
                    break;
                }
            }
            shared.stop.store(true, Ordering::Relaxed);
            main.flush();
            Deepened {
                best,
                pv: best_pv,
                list,
                handles,
            }
        });
        main.on_tick = None;
        result
    }

    /// Starts the Lazy SMP helpers: each searches the same root list, rotated and at staggered
    /// depths, filling the shared table for the main thread.
    fn spawn_helpers(
        &self,
        board: &Board,
        root_list: &[(usize, i32)],
        max_depth: u32,
    ) -> Vec<std::thread::JoinHandle<()>> {
        let mut handles = Vec::new();
        for t in 1..self.threads {
            let b = board.clone();
            let detached = Arc::clone(self.detached);
            let mut list = root_list.to_vec();
            let (c, noise) = (self.c, self.noise);
            let helper = std::thread::Builder::new().spawn(move || {
                let shared = detached.shared();
                let mut s = Searcher::new(b, shared, noise.map(|n| n ^ t as u64), false);
                let n = list.len();
                if n > 1 {
                    list.rotate_left(t % n.min(3));
                }
                let mut d = 1 + (t as i32 % 2);
                while !shared.stopped() && d <= max_depth as i32 {
                    s.root(c, d, &mut list);
                    d += 1;
                }
                s.flush();
            });
            handles.extend(helper);
        }
        handles
    }
}

/// What the once-a-second progress report shows while an iteration runs.
struct Progress {
    /// The iteration running.
    depth: Cell<u32>,
    /// The best (move, score) of the last finished iteration.
    best: Cell<(usize, i32)>,
}

impl Progress {
    /// Sends the progress `info` line.
    fn report(&self, ctx: &mut SearchContext, board: &Board, nodes: u64, seldepth: u32) {
        let (m, s) = self.best.get();
        let (x, y) = board.coords(m);
        let info = Info {
            depth: Some(self.depth.get()),
            seldepth: Some(seldepth),
            score: Some(score_of(s)),
            nodes,
            time: ctx.control.elapsed(),
            pv: vec![ctx.name(Point::new(x, y))],
            ..Info::default()
        };
        ctx.report(&info);
    }
}

/// Reports a finished iteration as an `info` line.
fn report_iteration(
    ctx: &mut SearchContext,
    board: &Board,
    depth: u32,
    score: i32,
    pv: &[usize],
    seldepth: u32,
    shared: &Shared,
) {
    let pv = pv
        .iter()
        .map(|&i| {
            let (x, y) = board.coords(i);
            ctx.name(Point::new(x, y))
        })
        .collect();
    let info = Info {
        depth: Some(depth),
        seldepth: Some(seldepth),
        score: Some(score_of(score)),
        nodes: shared.nodes.load(Ordering::Relaxed),
        time: ctx.control.elapsed(),
        pv,
        ..Info::default()
    };
    ctx.report(&info);
}

/// The plies to the five of a VCT found at `depth` attacker moves: at most this many, as a
/// counter-four by the defender adds two.
fn vct_plies(depth: i32) -> i32 {
    2 * depth + 3
}

/// Node budget and depth of a VCT for the side to move at the root (root facts, a forced
/// reply's win): a clocked turn keeps it short, an unclocked one may search deeper.
fn root_vct_limits(tm: &TimeManager) -> (u32, i32) {
    match tm.hard() {
        Some(_) => (threats::TIMED_VCT_NODES, threats::TIMED_VCT_DEPTH),
        None => (threats::ROOT_VCT_NODES, threats::ROOT_VCT_DEPTH),
    }
}

/// Node budget and depth of the opponent's VCT after a root move (the safety net, a forced
/// reply's loss): one attacker move shallower than the root's under a clock.
fn safety_vct_limits(tm: &TimeManager) -> (u32, i32) {
    match tm.hard() {
        Some(_) => (threats::TIMED_VCT_NODES, threats::TIMED_VCT_DEPTH - 1),
        None => (safety::VCT_NODES, safety::VCT_DEPTH),
    }
}

/// Safety net: a move that lets the opponent win by continuous fours (or threes, when the turn
/// allows a VCT) is replaced by the next root move, in the tree's order, that does not. Returns
/// the replacement, if any. With a clock every root move may be tried until the time manager's
/// safety end; the first check (the tree's choice) gets only part of that time. An unchecked
/// move is preferred to one known to lose.
fn safety_net(
    main: &mut Searcher,
    c: usize,
    list: &[(usize, i32)],
    best: usize,
    tm: &TimeManager,
) -> Option<usize> {
    let end = tm.safety_end();
    let mut tries = vec![best];
    tries.extend(list.iter().map(|e| e.0).filter(|&i| i != best));
    if end.is_none() {
        tries.truncate(safety::TRIES);
    }
    for (k, &mv) in tries.iter().enumerate() {
        let now = main.shared_control_elapsed();
        if end.is_some_and(|e| now >= e) {
            // Out of time: an unchecked move is better than one known to lose.
            return (k > 0).then_some(mv);
        }
        main.b.make(mv, c);
        let mut refuted = main.vcf_root(1 - c, safety::VCF_NODES).is_some();
        if !refuted && tm.vct_allowed() && !main.aborted {
            main.vct_until = tm.check_until(now, k == 0);
            let (budget, depth) = safety_vct_limits(tm);
            refuted = main.vct_root(1 - c, budget, depth).is_some();
        }
        main.b.unmake();
        if !refuted {
            // Not refuted (or the check was cut short by a limit).
            return (k > 0).then_some(mv);
        }
        if main.aborted {
            break;
        }
    }
    None
}

/// How often the stop watcher looks at the outside stop signal while helpers search.
const WATCH_INTERVAL: Duration = Duration::from_millis(1);

/// With helper threads, an outside `stop` (or the hard deadline) must reach every thread at
/// once: only the main thread polls the control, and with many more threads than cores it may
/// wait a whole scheduling round (hundreds of ms) for a time slice. This sleeping thread wakes
/// promptly, raises the shared stop flag that every helper polls, and ends with the tree search.
fn watch_stop(shared: &Shared, control: &SearchControl) {
    while !shared.stopped() {
        if control.stopped() {
            shared.stop.store(true, Ordering::Relaxed);
            return;
        }
        std::thread::sleep(WATCH_INTERVAL);
    }
}

/// `infinite` searches end only on stop, quit or end of input, even when the answer is known.
fn wait_if_infinite(control: &SearchControl) {
    if control.is_infinite() {
        while !control.stopped() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// A move decided without a tree search (opening point, immediate win, VCF, greedy).
fn single(ctx: &mut SearchContext, p: Point, score: Score, nodes: u64) -> Thought {
    wait_if_infinite(ctx.control);
    ctx.report(&Info {
        depth: Some(1),
        score: Some(score),
        nodes,
        time: ctx.control.elapsed(),
        pv: vec![ctx.name(p)],
        ..Info::default()
    });
    Thought {
        point: p,
        score,
        depth: 1,
        nodes,
        pv: vec![p],
    }
}

/// One iteration searched in a window around the last score, widened and searched again when
/// the score falls outside it: a narrow window cuts more, and a principal move that turns bad
/// fails low quickly instead of having its exact score worked out.
fn aspirate(
    main: &mut Searcher,
    c: usize,
    depth: i32,
    list: &mut [(usize, i32)],
    last: i32,
) -> (usize, i32, bool) {
    if depth < tree::ASPIRATION_MIN_DEPTH || last.abs() >= MATE_BOUND {
        return main.root(c, depth, list);
    }
    let mut delta = tree::ASPIRATION_DELTA;
    let (mut lo, mut hi) = (last - delta, last + delta);
    // The last move that reached the upper bound, with the bound: it beat the previous
    // answer, so it stands when the wider pass after it runs out of time.
    let mut fail_high: Option<(usize, i32)> = None;
    loop {
        let (m, s, complete) = main.root_window(c, depth, list, (lo, hi));
        if !complete {
            let (m, s) = cut_short((m, s), fail_high);
            return (m, s, false);
        }
        if s.abs() >= MATE_BOUND {
            return (m, s, complete);
        }
        delta *= 2;
        if s >= hi {
            fail_high = Some((m, s));
        }
        if s <= lo {
            lo = if delta > tree::ASPIRATION_MAX {
                -MATE
            } else {
                s - delta
            };
        } else if s >= hi {
            hi = if delta > tree::ASPIRATION_MAX {
                MATE
            } else {
                s + delta
            };
        } else {
            return (m, s, true);
        }
    }
}

/// The answer of an aspiration pass that ran out of time, given the last move that reached the
/// upper bound in an earlier pass of the same iteration (`fail_high`, with that bound): the
/// bound is a score that move is known to reach, so it stands unless the cut-short pass found
/// better. Before, the move was dropped, and the turn answered with the old move it had beaten.
fn cut_short(pass: (usize, i32), fail_high: Option<(usize, i32)>) -> (usize, i32) {
    match fail_high {
        Some(high) if pass.1 < high.1 => high,
        _ => pass,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A proven win carries over to the position one reply after the claimed move, two plies
    /// nearer, and to no other: not before the reply, not after a different move or history,
    /// not from an evaluation, and not from a win that is over by then.
    #[test]
    fn a_claimed_win_carries_over_one_reply_only() {
        let (b, w) = (Color::Black, Color::White);
        let p = Point::new;
        let history = vec![(b, p(7, 7)), (w, p(8, 8))];
        let thought = |score| Thought {
            point: p(6, 6),
            score,
            depth: 9,
            nodes: 1000,
            pv: vec![p(6, 6)],
        };
        let claim = Claim::of(&history, b, &thought(Score::Win(9))).expect("a win");
        let mut after = history.clone();
        after.push((b, p(6, 6)));
        assert_eq!(claim.carried(&after), None, "the opponent has not replied");
        after.push((w, p(5, 5)));
        assert_eq!(claim.carried(&after), Some(7));
        let mut other = history.clone();
        other.extend([(b, p(9, 9)), (w, p(5, 5))]);
        assert_eq!(claim.carried(&other), None, "another move was played");
        let mut longer = after.clone();
        longer.extend([(b, p(4, 4)), (w, p(3, 3))]);
        assert_eq!(claim.carried(&longer), None, "two replies later");
        assert_eq!(Claim::of(&history, b, &thought(Score::Cp(900))), None);
        assert_eq!(Claim::of(&history, b, &thought(Score::Loss(8))), None);
        let five = Claim::of(&history, b, &thought(Score::Win(1))).expect("a win");
        assert_eq!(five.carried(&after), None, "a five ends the game");
    }

    #[test]
    fn a_move_that_failed_high_stands_when_the_wider_pass_is_cut_short() {
        // The wider pass was stopped before any move finished.
        assert_eq!(cut_short((3, -MATE), Some((5, 120))), (5, 120));
        // It found a move scoring above the bound: that one.
        assert_eq!(cut_short((7, 130), Some((5, 120))), (7, 130));
        // No move failed high: the pass's own answer.
        assert_eq!(cut_short((3, -MATE), None), (3, -MATE));
    }
}
