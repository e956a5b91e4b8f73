//! The rules of five-in-a-row, independent of any search representation: who has won under each
//! rule set, and which points are forbidden to black under renju.
//!
//! This is the referee's truth. It favours clarity over speed; searches keep their own fast
//! incremental patterns and call into here where exactness matters (move legality, game end).
//! [`might_be_forbidden`] is a cheap sound pre-filter a search can call first at every node.
//!
//! Renju definitions, as in the Renju International Federation rules (all for black):
//! - *five*: exactly five in a row; it wins, and a move making a five is never forbidden, even if it
//!   also makes an overline, fours or threes elsewhere.
//! - *overline*: six or more in a row through the move: forbidden.
//! - *four*: a line where one more black stone makes an exact five. `.XXXX.` (a *straight four*)
//!   is one four; `X.XXX.X`, `XX.XX.XX`, `XXX.X.XXX` through the move are two fours in one line.
//! - *three*: a line where one more black stone makes a straight four, through a point that is
//!   itself not forbidden in the position after the move (checked recursively).
//! - *double-four* (two or more fours from one move) and *double-three* (threes in two or more
//!   lines) are forbidden. A line holding a four does not also count as a three.

use std::fmt;

use crate::games::{Color, Rule};

/// A plain board for rule checks.
///
/// Stored with a border of wall cells five deep, so that the rule checks, which never look more
/// than five points along a line from an on-board point, walk lines without bounds checks.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Cells per stored row: `width` plus the border on both sides.
    stride: usize,
    cells: Vec<u8>,
}

/// Why a point is forbidden to black under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    /// Two open threes made at once.
    DoubleThree,
    /// Two fours made at once.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

/// The four line directions (dx, dy).
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Depth of the wall border around the stored board.
const PAD: usize = 5;
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

impl Grid {
    /// An empty `width` x `height` board.
    pub fn new(width: usize, height: usize) -> Grid {
        let stride = width + 2 * PAD;
        let mut g = Grid {
            width,
            height,
            stride,
            cells: vec![WALL; stride * (height + 2 * PAD)],
        };
        for y in 0..height {
            let row = g.index(0, y);
            g.cells[row..row + width].fill(EMPTY);
        }
        g
    }

    /// Board columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board rows.
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
        match self.cells[self.index(x as usize, y as usize)] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Places or removes a stone; off-board coordinates are ignored.
    pub fn set(&mut self, x: usize, y: usize, stone: Option<Color>) {
        if x < self.width && y < self.height {
            let i = self.index(x, y);
            self.cells[i] = match stone {
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
                None => EMPTY,
            };
        }
    }

    /// Length of `color`'s unbroken run through `(x, y)` along `(dx, dy)`, counting `(x, y)`
    /// itself as `color`'s whatever it holds.
    pub fn run_length(&self, color: Color, x: i32, y: i32, dx: i32, dy: i32) -> usize {
        if (dx, dy) == (0, 0) {
            return 1;
        }
        let code = match color {
            Color::Black => BLACK,
            Color::White => WHITE,
        };
        if self.on_board(x, y) && dx.abs() <= 1 && dy.abs() <= 1 {
            // Unit steps from an on-board point meet the wall border before leaving storage.
            let i = self.index(x as usize, y as usize);
            let step = dy as isize * self.stride as isize + dx as isize;
            return 1 + self.reach(code, i, step) + self.reach(code, i, -step);
        }
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

    /// Where on-board `(x, y)` is stored.
    fn index(&self, x: usize, y: usize) -> usize {
        (y + PAD) * self.stride + x + PAD
    }

    /// The stored-index steps of [`DIRECTIONS`], in the same order.
    fn steps(&self) -> [isize; 4] {
        let s = self.stride as isize;
        [1, s, s + 1, 1 - s]
    }

    /// The cell `k` steps from `i`; `i` on the board and `|k * step|` within the border.
    fn at(&self, i: usize, step: isize, k: isize) -> u8 {
        self.cells[(i as isize + step * k) as usize]
    }

    /// Black's unbroken run through on-board cell `i`, counting `i` itself.
    fn black_run(&self, i: usize, step: isize) -> usize {
        self.reach(BLACK, i, step) + self.reach(BLACK, i, -step) + 1
    }

    /// How many `code` stones follow on-board cell `i` along a unit `step` without a gap.
    fn reach(&self, code: u8, i: usize, step: isize) -> usize {
        let mut k = 0;
        while self.at(i, step, k as isize + 1) == code {
            k += 1;
        }
        k
    }
}

impl fmt::Debug for Grid {
    /// The board as a diagram (`X`, `O`, `.`), top row first, so failing tests are readable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Grid {}x{}", self.width, self.height)?;
        for y in 0..self.height {
            let row: String = (0..self.width)
                .map(|x| match self.cells[self.index(x, y)] {
                    BLACK => " X",
                    WHITE => " O",
                    _ => " .",
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
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
///
/// Occupied and off-board points give `None`: this answers "is it forbidden", not "is it legal".
/// When a move is several kinds of forbidden at once, the first of overline, double-four,
/// double-three is reported.
pub fn forbidden(grid: &Grid, x: usize, y: usize) -> Option<Forbidden> {
    if !might_be_forbidden(grid, x, y) {
        return None;
    }
    forbidden_in(&mut grid.clone(), grid.index(x, y))
}

/// Every point black may not play under renju, row by row from the top, with the reason: lets
/// front ends mark them (`showboard`, Gomocup `YXSHOWFORBID`) with one call.
pub fn forbidden_points(grid: &Grid) -> Vec<(usize, usize, Forbidden)> {
    let mut out = Vec::new();
    let mut scratch = grid.clone();
    for y in 0..grid.height {
        for x in 0..grid.width {
            let i = grid.index(x, y);
            if grid.cells[i] == EMPTY && might_be_forbidden_at(grid, i) {
                if let Some(f) = forbidden_in(&mut scratch, i) {
                    out.push((x, y, f));
                }
            }
        }
    }
    out
}

/// A cheap necessary condition for [`forbidden`]: `false` means the point is certainly not
/// forbidden, `true` means "ask [`forbidden`]". It never says `false` for a forbidden point.
///
/// Why it holds: along each line it looks at the points not cut off from `(x, y)` by a white
/// stone or the edge. A three needs two more black stones within three points and six free
/// points in a row (`.XXXX.`); a four needs three more within four points and five free points;
/// two fours in one line and an overline need four more within four points. A forbidden move
/// therefore needs two lines that could hold a three or a four, or one line with four black
/// stones near it. Most empty points in a game have neither, which is why a search can afford
/// this test at every node.
pub fn might_be_forbidden(grid: &Grid, x: usize, y: usize) -> bool {
    if x >= grid.width || y >= grid.height {
        return false;
    }
    let i = grid.index(x, y);
    grid.cells[i] == EMPTY && might_be_forbidden_at(grid, i)
}

fn might_be_forbidden_at(grid: &Grid, i: usize) -> bool {
    let mut busy_lines = 0;
    for step in grid.steps() {
        // Black stones within 3 and within 4 points, and free points in a row (up to 5 each
        // way), stopping at a white stone or the edge: nothing beyond shares a five with `i`.
        let (mut within3, mut within4, mut span) = (0, 0, 1);
        for s in [step, -step] {
            for k in 1..=5 {
                match grid.at(i, s, k) {
                    BLACK => {
                        within3 += (k <= 3) as u32;
                        within4 += (k <= 4) as u32;
                    }
                    EMPTY => {}
                    _ => break,
                }
                span += 1;
            }
        }
        if within4 >= 4 {
            return true;
        }
        if (span >= 6 && within3 >= 2) || (span >= 5 && within4 >= 3) {
            busy_lines += 1;
        }
    }
    busy_lines >= 2
}

/// [`forbidden`] without the pre-filter, on a scratch grid that it leaves as it found it.
/// `i` is an empty on-board cell.
fn forbidden_in(g: &mut Grid, i: usize) -> Option<Forbidden> {
    g.cells[i] = BLACK;
    let verdict = classify(g, i);
    g.cells[i] = EMPTY;
    verdict
}

/// Judges black's stone just placed at cell `i`.
fn classify(g: &mut Grid, i: usize) -> Option<Forbidden> {
    let steps = g.steps();
    let runs = steps.map(|step| g.black_run(i, step));
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }
    let fours = steps.map(|step| fours_in_line(g, i, step));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    // Where each line without a four could become a straight four; only if two or more lines
    // could is the (recursive) legality of those points worth checking.
    let mut makers: [Cells; 4] = Default::default();
    for (d, &step) in steps.iter().enumerate() {
        if fours[d] == 0 {
            makers[d] = straight_four_makers(g, i, step);
        }
    }
    if makers.iter().filter(|m| m.len > 0).count() < 2 {
        return None;
    }
    let mut threes = 0;
    for m in &makers {
        if m.iter().any(|q| forbidden_in(g, q).is_none()) {
            threes += 1;
            if threes >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

/// How many fours black's stone at cell `i` is part of along `step`: 0, 1 or 2.
///
/// A four is an empty point that would make an exact five with this stone. There is at most one
/// on each side of the stone (a second on the same side would lie inside the first one's five).
/// Two such points five apart are the two ends of one straight four `.XXXX.`; otherwise each is
/// its own four (`X.XXX.X`).
fn fours_in_line(g: &mut Grid, i: usize, step: isize) -> usize {
    let mut found = [0isize; 2];
    let mut n = 0;
    for k in (-4..=4).filter(|&k| k != 0) {
        let p = (i as isize + step * k) as usize;
        if g.cells[p] != EMPTY {
            continue;
        }
        g.cells[p] = BLACK;
        let five = g.black_run(i, step) == 5;
        g.cells[p] = EMPTY;
        if five && n < 2 {
            found[n] = k;
            n += 1;
        }
    }
    if n == 2 && found[1] - found[0] == 5 {
        1
    } else {
        n
    }
}

/// The empty points along `step` where one more black stone turns black's stone at cell `i`
/// into a straight four: a run of exactly four with an empty point at each end, each of which
/// would make an exact five.
fn straight_four_makers(g: &mut Grid, i: usize, step: isize) -> Cells {
    let mut out = Cells::default();
    for k in (-3..=3).filter(|&k| k != 0) {
        let q = (i as isize + step * k) as usize;
        if g.cells[q] != EMPTY {
            continue;
        }
        g.cells[q] = BLACK;
        let straight = is_straight_four(g, i, step);
        g.cells[q] = EMPTY;
        if straight {
            out.push(q);
        }
    }
    out
}

/// Whether black's run through cell `i` along `step` is a straight four `.XXXX.` whose two ends
/// both make an exact five (so `X.XXXX.` is not: that end makes six).
fn is_straight_four(g: &Grid, i: usize, step: isize) -> bool {
    let back = g.reach(BLACK, i, -step) as isize;
    let fwd = g.reach(BLACK, i, step) as isize;
    if back + fwd + 1 != 4 {
        return false;
    }
    let open_end = |k: isize| g.at(i, step, k) == EMPTY && g.at(i, step, k + k.signum()) != BLACK;
    open_end(-back - 1) && open_end(fwd + 1)
}

/// A handful of cells without allocating: a line has at most six straight-four makers.
#[derive(Default, Clone, Copy)]
struct Cells {
    at: [usize; 6],
    len: usize,
}

impl Cells {
    fn push(&mut self, i: usize) {
        if self.len < self.at.len() {
            self.at[self.len] = i;
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.at[..self.len].iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A random cluttered board: dense black so that threes, fours and nested verdicts abound.
    fn random_grid(rng: &mut StdRng, w: usize, h: usize, black: f64, white: f64) -> Grid {
        let mut g = Grid::new(w, h);
        for y in 0..h {
            for x in 0..w {
                let r: f64 = rng.gen();
                if r < black {
                    g.set(x, y, Some(Color::Black));
                } else if r < black + white {
                    g.set(x, y, Some(Color::White));
                }
            }
        }
        g
    }

    fn unfiltered(g: &Grid, x: usize, y: usize) -> Option<Forbidden> {
        if g.get(x as i32, y as i32).is_some() {
            return None;
        }
        forbidden_in(&mut g.clone(), g.index(x, y))
    }

    /// The pre-filter never hides a forbidden point: on thousands of cluttered random boards,
    /// every point the full check calls forbidden passes `might_be_forbidden`.
    #[test]
    fn prefilter_is_sound() {
        let mut rng = StdRng::seed_from_u64(7);
        let (mut forbidden_seen, mut filtered_out) = (0, 0);
        for i in 0..1500 {
            let black = 0.15 + 0.2 * (i % 5) as f64 / 4.0;
            let g = random_grid(&mut rng, 11, 11, black, 0.1);
            for y in 0..11 {
                for x in 0..11 {
                    let truth = unfiltered(&g, x, y);
                    let maybe = might_be_forbidden(&g, x, y);
                    assert!(truth.is_none() || maybe, "missed {x},{y} in {g:?}");
                    assert_eq!(forbidden(&g, x, y), truth);
                    forbidden_seen += truth.is_some() as usize;
                    filtered_out += (!maybe && g.get(x as i32, y as i32).is_none()) as usize;
                }
            }
        }
        // The sample must exercise both sides of the filter, or the test proves nothing.
        assert!(
            forbidden_seen > 1000,
            "only {forbidden_seen} forbidden points"
        );
        assert!(
            filtered_out > 1000,
            "only {filtered_out} points filtered out"
        );
    }

    /// The rules have no preferred direction: the forbidden points of a board, mirrored or
    /// transposed, are the mirrored or transposed forbidden points.
    #[test]
    fn verdicts_are_symmetric() {
        let mut rng = StdRng::seed_from_u64(11);
        let n = 10;
        type Map = fn(usize, usize, usize) -> (usize, usize);
        let maps: [Map; 3] = [
            |x, y, _| (y, x),
            |x, y, n| (n - 1 - x, y),
            |x, y, n| (x, n - 1 - y),
        ];
        for _ in 0..300 {
            let g = random_grid(&mut rng, n, n, 0.3, 0.08);
            let before = forbidden_points(&g);
            for map in maps {
                let mut t = Grid::new(n, n);
                for y in 0..n {
                    for x in 0..n {
                        let (tx, ty) = map(x, y, n);
                        t.set(tx, ty, g.get(x as i32, y as i32));
                    }
                }
                let mut want: Vec<_> = before
                    .iter()
                    .map(|&(x, y, f)| {
                        let (tx, ty) = map(x, y, n);
                        (tx, ty, f)
                    })
                    .collect();
                want.sort_by_key(|&(x, y, _)| (y, x));
                assert_eq!(forbidden_points(&t), want);
            }
        }
    }

    /// The wall-bordered fast path of `run_length` agrees with a plain walk over `get`, for
    /// both colors, every point (on and just off the board) and every direction.
    #[test]
    fn run_length_matches_a_plain_walk() {
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..50 {
            let g = random_grid(&mut rng, 7, 9, 0.4, 0.3);
            for color in [Color::Black, Color::White] {
                for y in -2..11 {
                    for x in -2..9 {
                        for &(dx, dy) in DIRECTIONS.iter().chain(&[(-1, 0), (2, 1)]) {
                            let mut want = 1;
                            for s in [1, -1] {
                                let mut k = 1;
                                while g.get(x + dx * s * k, y + dy * s * k) == Some(color) {
                                    want += 1;
                                    k += 1;
                                }
                            }
                            assert_eq!(g.run_length(color, x, y, dx, dy), want);
                        }
                    }
                }
            }
        }
    }

    /// Scratch edits are undone: judging every point leaves the grid as it was.
    #[test]
    fn judging_leaves_the_grid_alone() {
        let mut rng = StdRng::seed_from_u64(3);
        let g = random_grid(&mut rng, 12, 12, 0.35, 0.1);
        let mut scratch = g.clone();
        for y in 0..12 {
            for x in 0..12 {
                if scratch.get(x as i32, y as i32).is_none() {
                    let i = scratch.index(x, y);
                    forbidden_in(&mut scratch, i);
                }
            }
        }
        assert_eq!(scratch, g);
    }
}
