//! Every tunable number of the gomoku search, named and grouped in one place, so that a strength
//! experiment changes one line here and a reader of the search body sees what each number means.
//!
//! Changing a value changes play: measure it with `gridmind match` (see docs/strength.md), and
//! `gridmind bench` reports the new node count.

use std::time::Duration;

/// Evaluation: what a position is worth to the side to move.
pub mod eval {
    /// Weight of each line pattern (indexed by the `pattern` codes DEAD, OVERLINE, B1, F1, B2,
    /// F2, B3, F3, B4, F4, FIVE) at an empty point, per direction, for the side to move and for
    /// the side waiting; the evaluation is the difference of the two sums, each with its
    /// combination weights below. Fitted together with them (`examples/teacher_fit.rs --fit`,
    /// docs/strength.md) to Rapfi-classical's scores of positions where this search calls the
    /// evaluation, its leaves: fits to positions from games had lost in play every time, since
    /// the leaves are positions games seldom reach (threats hanging, one side's turn spent). The
    /// own open four and both fives are the earlier hand values: a fit cannot see them, as the
    /// leaves never hold a five to make and an own open four is a win the leaf search finds.
    pub const OWN_WEIGHT: [i32; 11] = [3, 0, -3, -1, 6, 8, 23, 107, 148, 1000, 2400];
    /// The side waiting's weights (see [`OWN_WEIGHT`]). Its open-four points (where it would
    /// make an open four: the side to move faces an open three) weigh far more than its fours,
    /// as the side to move must spend its turn on them.
    pub const OPPONENT_WEIGHT: [i32; 11] = [3, 0, -6, -1, 8, 7, 25, 71, 122, 669, 200];
    /// A point where one colour's lines combine, per class of `board::combo_classes`
    /// (three+two, two+two, three+three, four+three, four+two, four+four), added once per point
    /// on top of its lines' weights: one stone there makes two threats, worth more than the two
    /// lines apart, which a sum over directions cannot say (+97 Elo over 258 games,
    /// docs/strength.md). For the side to move; its own four+four point is a win the leaf
    /// search finds (0).
    pub const OWN_COMBO_WEIGHT: [i32; 6] = [122, 55, 240, 555, 275, 0];
    /// The side waiting's combination weights (see [`OWN_COMBO_WEIGHT`]).
    pub const OPPONENT_COMBO_WEIGHT: [i32; 6] = [69, 38, 71, 439, 187, 433];
    /// Random noise (seeded play only) in `-NOISE..=NOISE` added to leaf evaluations.
    pub const NOISE: i32 = 10;
}

/// Move ordering: the static order of the candidates, their urgency, and the dynamic bonuses.
pub mod order {
    /// The order moves are tried in comes from a fit (`examples/order_fit.rs`, docs/strength.md)
    /// to the moves a 50,000-node search chose in self-play: per line pattern a stone would
    /// make, summed over the four directions, the weight for the side to move's patterns and
    /// for the opponent's (blocking), plus the fork and four bonuses. The fit put fours and forks
    /// at about their patterns' worth: a four played for its own sake mostly wastes a threat.
    /// The board keeps both tables' sums per point in 16-bit fields, so each weight lies in
    /// -128..16256 (checked at compile time).
    pub const OWN_ORDER_WEIGHT: [i32; 11] = [-30, 0, -25, -22, -18, 8, 17, 51, 117, 352, 481];
    /// The weights of the opponent's patterns at the point (what playing there blocks).
    pub const OPPONENT_ORDER_WEIGHT: [i32; 11] = [19, 0, 19, 15, 13, 34, 45, 89, 109, 96, 481];
    /// Bonus of a point where the side to move makes a four-three or double three.
    pub const ORDER_OWN_FORK: i32 = 9;
    /// Bonus of a point where the side to move makes a four (and no fork).
    pub const ORDER_OWN_FOUR: i32 = -74;
    /// Bonus of a point where the opponent would make a four-three or double three.
    pub const ORDER_OPPONENT_FORK: i32 = 2;
    /// Urgency, which decides whether a move is quiet (see `tree::LMR_QUIET_BELOW`): the
    /// hand-set weight of each line pattern a stone would make for either side, summed over
    /// the four directions (kept in the board's threat summaries), plus the bonuses below.
    pub const POINT_WEIGHT: [i32; 11] = [0, 0, 1, 3, 6, 18, 24, 70, 90, 400, 2000];
    /// Our four plus open three, or double three: nearly always the move.
    pub const OWN_FORK: i32 = 4000;
    /// Any four of ours.
    pub const OWN_FOUR: i32 = 600;
    /// A point where the opponent would make a four-three or double three.
    pub const OPPONENT_FORK: i32 = 2000;
    /// Locality: a point farther than `LOCAL_DISTANCE` (in king moves) from the last two stones
    /// has its static value divided by `FAR_FROM_LAST_DIVISOR`; farther also from the two before
    /// them, by `FAR_FROM_ALL_DIVISOR`.
    pub const LOCAL_STONES: usize = 4;
    pub const LOCAL_DISTANCE: usize = 4;
    pub const FAR_FROM_LAST_DIVISOR: i32 = 2;
    pub const FAR_FROM_ALL_DIVISOR: i32 = 4;
    /// The hash move, killers and the cap of the history score. A cut raises the cutting
    /// move's history by `depth²` (at most `HISTORY_CAP`) and lowers each move tried before it
    /// at that node by as much, each scaled by the room left to the cap (history gravity:
    /// `h += bonus - h * |bonus| / HISTORY_CAP`), so scores stay within `±HISTORY_CAP` and
    /// recent cuts outweigh old ones; plain sums clamped to the cap saturated after a few
    /// deep cuts (+73 Elo for gravity, docs/strength.md). The best move of a principal-variation
    /// node that settles on an exact score gets the same bonus (+39 Elo), without marking the
    /// others down. The cap stays below the `tree::LMR_QUIET_BELOW` line: with a high cap, the
    /// quiet moves that had cut often enough stopped counting as quiet, were neither reduced
    /// nor pruned, and one deeper iteration could cost 60 times the one before.
    pub const HASH_MOVE: i32 = 1 << 24;
    pub const KILLER: i32 = 1 << 16;
    pub const HISTORY_CAP: i32 = 300;
}

/// Alpha-beta tree shape: how many moves a node tries and how late moves are reduced. The
/// widths, pruning counts, reductions, margins and aspiration window were tuned together by SPSA
/// over game pairs (docs/strength.md), hence the unround values: one at a time, hand changes to
/// them had measured level.
pub mod tree {
    /// The search counts depth in `ONE_PLY`ths of a ply, so that a reduction or an extension
    /// can be a fraction of one; the constants below that say "depth" are in whole plies.
    pub const ONE_PLY: i32 = 16;
    /// Moves tried at a node that is not forced, at depth >= `WIDE_DEPTH` and below it.
    pub const WIDE_WIDTH: usize = 23;
    pub const NARROW_WIDTH: usize = 14;
    pub const WIDE_DEPTH: i32 = 4;
    /// Late move reduction, at this depth or more, of moves whose urgency is below
    /// `LMR_QUIET_BELOW` (history included: not the hash move, a killer or a fork): from the
    /// `LMR_FIRST_MOVE`th move (0-based) on by the formula below, the 2nd to 4th move by
    /// `round(ln(depth) * ln(index + 1) / EARLY_LMR_DIVISOR)`, one ply less at a PV node.
    pub const LMR_FIRST_MOVE: usize = 4;
    pub const EARLY_LMR_DIVISOR: f64 = 2.14;
    pub const LMR_MIN_DEPTH: i32 = 3;
    pub const LMR_QUIET_BELOW: i32 = 1000;
    /// The reduction is `LMR_BASE + ln(depth) * ln(move index) / LMR_DIVISOR`, at least one.
    pub const LMR_BASE: f64 = 0.58;
    pub const LMR_DIVISOR: f64 = 2.0;
    /// Root late move reduction: the `n`th root move (0-based, from the second on, at depth
    /// >= `LMR_MIN_DEPTH`) is searched `round(ln(depth) * ln(n + 1) / ROOT_LMR_DIVISOR) -
    /// ROOT_LMR_DISCOUNT` plies shallower, and again at full depth if it beats alpha.
    pub const ROOT_LMR_DIVISOR: f64 = 2.02;
    pub const ROOT_LMR_DISCOUNT: i32 = 1;
    /// Late move pruning: a node that is not forced tries at most
    /// `LMP_BASE * sqrt(depth) - LMP_OFFSET` moves (capped by the widths above) and skips the
    /// quiet ones after them (urgency below `LMR_QUIET_BELOW`). PV nodes prune too (both
    /// counts, this one and the forced one below) from ply `PV_LMP_MIN_PLY` (the root's
    /// children are ply 1):
    /// exempting every PV node kept the main line at full width down to its leaves.
    pub const LMP_BASE: f64 = 15.31;
    pub const LMP_OFFSET: f64 = 11.49;
    pub const PV_LMP_MIN_PLY: usize = 2;
    /// A node facing a threat tries at most
    /// `FORCED_LMP_BASE * sqrt(depth) - FORCED_LMP_OFFSET` of its answers, and never more than
    /// `FORCED_LMP_MAX`, once one of them holds.
    pub const FORCED_LMP_BASE: f64 = 5.26;
    pub const FORCED_LMP_OFFSET: f64 = 2.21;
    pub const FORCED_LMP_MAX: f64 = 8.0;
    /// Static pruning at non-PV, unforced nodes: below `RAZOR_DEPTH`, a node whose evaluation
    /// plus `FUTILITY_MARGIN * depth` cannot reach alpha drops to the leaf search; below
    /// `FUTILITY_DEPTH`, one whose evaluation minus the margin still beats beta returns it.
    pub const RAZOR_DEPTH: i32 = 5;
    pub const FUTILITY_DEPTH: i32 = 7;
    pub const FUTILITY_MARGIN: i32 = 79;
    /// A move that makes an open three (no four) is searched one ply deeper, at plies below
    /// `EXTEND_PLY_FACTOR` times the iteration's depth: the opponent has only a few answers, so
    /// threat sequences (VCTs) come into the tree's reach at little cost.
    pub const EXTEND_THREES: bool = true;
    pub const EXTEND_PLY_FACTOR: usize = 2;
    /// Singular extension: at depth >= `SINGULAR_MIN_DEPTH`, the table's move (a lower bound or
    /// exact score from at most `SINGULAR_TT_SLACK` plies shallower) is searched one ply deeper
    /// when a search of half the depth without it stays `SINGULAR_MARGIN_PER_PLY * depth` below
    /// the table's score.
    pub const SINGULAR_MIN_DEPTH: i32 = 6;
    pub const SINGULAR_TT_SLACK: i32 = 3;
    pub const SINGULAR_MARGIN_PER_PLY: i32 = 7;
    /// Aspiration windows: from this iteration on, the root is searched within
    /// `ASPIRATION_DELTA` of the last score; the window doubles on each miss and opens fully
    /// past `ASPIRATION_MAX`.
    pub const ASPIRATION_MIN_DEPTH: i32 = 5;
    pub const ASPIRATION_DELTA: i32 = 48;
    pub const ASPIRATION_MAX: i32 = 400;
    /// Moves picked one by one (best of the rest) before the remaining list is sorted once.
    /// One: the first move (usually the table's) cuts at most nodes that cut at all, and with
    /// 12-byte list entries a sort after it costs less than further picks (callgrind, issue
    /// #16's twenty-eighth session: 4 picks 1,327M instructions, 2 picks 1,312M, 1 pick 1,303M).
    pub const LAZY_PICKS: usize = 1;
    /// Deepest ply of the tree (the board and killer arrays are sized for it).
    pub const MAX_PLY: usize = 96;
    /// Deepest iteration; far beyond what any time limit reaches on these boards.
    pub const MAX_DEPTH: u32 = 60;
}

/// Victory by continuous fours (VCF) and by threes and fours (VCT).
pub mod threats {
    /// The small VCF run at every quiet leaf: node budget and depth (attacker fours).
    pub const LEAF_VCF_NODES: u32 = 40;
    pub const LEAF_VCF_DEPTH: i32 = 8;
    /// Depth (attacker fours after the first) of the root VCF.
    pub const ROOT_VCF_DEPTH: i32 = 14;
    /// Root VCF node budget.
    pub const ROOT_VCF_NODES: u32 = 30_000;
    /// Root VCT node budget and depth (attacker moves) without a clock (node-limited or
    /// fixed-depth searches). Kept small: 20,000 nodes ate the tree search's time.
    pub const ROOT_VCT_NODES: u32 = 4_000;
    pub const ROOT_VCT_DEPTH: i32 = 5;
    /// With a clock the root VCT is bounded by time (see `time::ROOT_VCT_SHARE`), deeper, with a
    /// node cap as a backstop.
    pub const TIMED_VCT_NODES: u32 = 60_000;
    pub const TIMED_VCT_DEPTH: i32 = 8;
    /// Ordering bonus of a VCT attacker move that makes a four-three or double three.
    pub const VCT_FORK_BONUS: i32 = 5000;
}

/// The safety net: the chosen move must not allow the opponent a VCF (or VCT).
pub mod safety {
    /// Node budget of the check that the chosen move does not allow a VCF.
    pub const VCF_NODES: u32 = 5_000;
    /// Node budget and depth of the check that the chosen move does not allow a VCT, without
    /// a clock.
    pub const VCT_NODES: u32 = 10_000;
    pub const VCT_DEPTH: i32 = 6;
    /// Root moves the net may try without a clock (with one, it tries until time runs out).
    pub const TRIES: usize = 7;
}

/// The transposition table's size under a time limit. A fresh table's pages are mapped at first
/// touch, about 1.3 ms per MiB here, inside the first search's clock; and a Gomocup tournament
/// starts each game in a new process, so every game pays. At these rates a 1 s turn's table is
/// 32 MiB, which played level with 256 MiB at 1 s when neither paid the faults (docs/strength.md,
/// forty-seventh session). `hash` stays the upper bound; a search without a time limit uses all of it.
pub mod table {
    /// MiB of table per second of the move's hard limit (rounded up to a power of two).
    pub const MIB_PER_SECOND: f64 = 32.0;
    /// The smallest table a timed move is given.
    pub const MIN_MIB: usize = 16;
}

/// How a turn's time is shared between the root threat searches, the tree and the safety net
/// (used by the gomoku time manager).
pub mod time {
    use super::Duration;

    /// The root VCT may use this share of the hard limit.
    pub const ROOT_VCT_SHARE: f64 = 0.12;
    /// With a clock the tree search stops at this share of the hard limit (and of a node
    /// limit), leaving the rest to the safety net, which ends at `SAFETY_END` of it.
    pub const TREE_SHARE: f64 = 0.88;
    pub const SAFETY_END: f64 = 0.97;
    /// Under a node limit the tree stops when a `1 / TREE_NODE_RESERVE_DIV` part is left.
    pub const TREE_NODE_RESERVE_DIV: u64 = 4;
    /// A sharp position may start iterations until this share of the hard limit.
    pub const EXTEND_SHARE: f64 = 0.72;
    /// With a fixed movetime (soft = hard: GTP `genmove movetime`, or no clock at all) no
    /// iteration starts past this share of it, unless it should finish before the tree's stop
    /// (`TREE_SHARE`): the next one costs a few times the last ones. A clock's turn (Gomocup
    /// `timeout_turn`, the match runner's `--tc-move`) has a soft budget below the hard limit,
    /// so this rule and the guess below never act there, and the match figures once quoted for
    /// them came from engines that played alike (docs/strength.md, forty-fifth session).
    pub const FIXED_START_SHARE: f64 = 0.45;
    /// That guess of the next iteration's cost: the last one's times their growth over the
    /// one before, taken within `GROWTH_MIN..=GROWTH_MAX`.
    pub const GROWTH_MIN: f64 = 1.5;
    pub const GROWTH_MAX: f64 = 8.0;
    /// A score fall (in evaluation units) between iterations that marks the position as sharp.
    pub const SHARP_DROP: i32 = 40;
    /// Turns shorter than this skip the VCT searches (they would eat the tree search's time).
    /// A turn as the user gives it, before the safety margin (`TimeManager::vct_allowed`), as
    /// protocol.md states it; until the 2026-12 test review it was compared with the hard
    /// limit, so the VCT started at 200 ms turns.
    pub const VCT_MIN_TURN: Duration = Duration::from_millis(150);
    /// Node limits below this skip the VCT searches.
    pub const VCT_MIN_NODES: u64 = 100_000;
    /// The share of the safety net's time its first check (the tree's choice) may use.
    pub const FIRST_CHECK_SHARE: f64 = 2.0 / 3.0;
}
