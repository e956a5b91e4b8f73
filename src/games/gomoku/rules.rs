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

    /// Places or removes a stone at signed coordinates (scratch edits during the rule checks).
    fn put(&mut self, x: i32, y: i32, stone: Option<Color>) {
        if self.on_board(x, y) {
            self.cells[y as usize * self.width + x as usize] = stone;
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
///
/// Occupied and off-board points give `None`: this answers "is it forbidden", not "is it legal".
/// When a move is several kinds of forbidden at once, the first of overline, double-four,
/// double-three is reported.
pub fn forbidden(grid: &Grid, x: usize, y: usize) -> Option<Forbidden> {
    let (x, y) = (i32::try_from(x).ok()?, i32::try_from(y).ok()?);
    if !grid.on_board(x, y) || grid.get(x, y).is_some() || !might_be_forbidden_at(grid, x, y) {
        return None;
    }
    forbidden_in(&mut grid.clone(), x, y)
}

/// Every point black may not play under renju, row by row from the top, with the reason: lets
/// front ends mark them (`showboard`, Gomocup `YXSHOWFORBID`) with one call.
pub fn forbidden_points(grid: &Grid) -> Vec<(usize, usize, Forbidden)> {
    let mut out = Vec::new();
    for y in 0..grid.height {
        for x in 0..grid.width {
            if let Some(f) = forbidden(grid, x, y) {
                out.push((x, y, f));
            }
        }
    }
    out
}

/// A cheap necessary condition for [`forbidden`]: `false` means the point is certainly not
/// forbidden, `true` means "ask [`forbidden`]". It never says `false` for a forbidden point.
///
/// Why it holds: along each line it counts the black stones within four points of `(x, y)` that
/// are not cut off by a white stone or the edge. A three needs two of them in its line, a four
/// three, two fours in one line four, an overline at least four; a forbidden move therefore needs
/// two lines with two or more, or one line with four or more. Most empty points in a game fail
/// both, which is why a search can afford this test at every node.
pub fn might_be_forbidden(grid: &Grid, x: usize, y: usize) -> bool {
    match (i32::try_from(x), i32::try_from(y)) {
        (Ok(x), Ok(y)) => {
            grid.on_board(x, y) && grid.get(x, y).is_none() && might_be_forbidden_at(grid, x, y)
        }
        _ => false,
    }
}

fn might_be_forbidden_at(grid: &Grid, x: i32, y: i32) -> bool {
    let mut busy_lines = 0;
    for &(dx, dy) in &DIRECTIONS {
        let mut n = 0;
        for s in [1, -1] {
            for k in 1..=4 {
                let (cx, cy) = (x + dx * s * k, y + dy * s * k);
                if !grid.on_board(cx, cy) {
                    break;
                }
                match grid.get(cx, cy) {
                    Some(Color::Black) => n += 1,
                    Some(Color::White) => break,
                    None => {}
                }
            }
        }
        if n >= 4 {
            return true;
        }
        if n >= 2 {
            busy_lines += 1;
        }
    }
    busy_lines >= 2
}

/// [`forbidden`] without the pre-filter, on a scratch grid that it leaves as it found it.
/// `(x, y)` is an empty on-board point.
fn forbidden_in(g: &mut Grid, x: i32, y: i32) -> Option<Forbidden> {
    g.put(x, y, Some(Color::Black));
    let verdict = classify(g, x, y);
    g.put(x, y, None);
    verdict
}

/// Judges black's stone just placed at `(x, y)`.
fn classify(g: &mut Grid, x: i32, y: i32) -> Option<Forbidden> {
    let runs = DIRECTIONS.map(|(dx, dy)| g.run_length(Color::Black, x, y, dx, dy));
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }
    let fours = DIRECTIONS.map(|(dx, dy)| fours_in_line(g, x, y, dx, dy));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    // Where each line without a four could become a straight four; only if two or more lines
    // could is the (recursive) legality of those points worth checking.
    let mut makers: [Points; 4] = Default::default();
    for (i, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
        if fours[i] == 0 {
            makers[i] = straight_four_makers(g, x, y, dx, dy);
        }
    }
    if makers.iter().filter(|m| m.len > 0).count() < 2 {
        return None;
    }
    let mut threes = 0;
    for m in &makers {
        if m.iter().any(|(qx, qy)| forbidden_in(g, qx, qy).is_none()) {
            threes += 1;
            if threes >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

/// How many fours black's stone at `(x, y)` is part of along `(dx, dy)`: 0, 1 or 2.
///
/// A four is an empty point that would make an exact five with this stone. There is at most one
/// on each side of the stone (a second on the same side would lie inside the first one's five).
/// Two such points five apart are the two ends of one straight four `.XXXX.`; otherwise each is
/// its own four (`X.XXX.X`).
fn fours_in_line(g: &mut Grid, x: i32, y: i32, dx: i32, dy: i32) -> usize {
    let mut found = [0i32; 2];
    let mut n = 0;
    for k in (-4..=4).filter(|&k| k != 0) {
        let (px, py) = (x + dx * k, y + dy * k);
        if !g.on_board(px, py) || g.get(px, py).is_some() {
            continue;
        }
        g.put(px, py, Some(Color::Black));
        let five = g.run_length(Color::Black, x, y, dx, dy) == 5;
        g.put(px, py, None);
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

/// The empty points along `(dx, dy)` where one more black stone turns black's stone at `(x, y)`
/// into a straight four: a run of exactly four with an empty point at each end, each of which
/// would make an exact five.
fn straight_four_makers(g: &mut Grid, x: i32, y: i32, dx: i32, dy: i32) -> Points {
    let mut out = Points::default();
    for k in (-3..=3).filter(|&k| k != 0) {
        let (qx, qy) = (x + dx * k, y + dy * k);
        if !g.on_board(qx, qy) || g.get(qx, qy).is_some() {
            continue;
        }
        g.put(qx, qy, Some(Color::Black));
        let straight = is_straight_four(g, x, y, dx, dy);
        g.put(qx, qy, None);
        if straight {
            out.push(qx, qy);
        }
    }
    out
}

/// Whether black's run through `(x, y)` along `(dx, dy)` is a straight four `.XXXX.` whose two
/// ends both make an exact five (so `X.XXXX.` is not: that end makes six).
fn is_straight_four(g: &Grid, x: i32, y: i32, dx: i32, dy: i32) -> bool {
    let reach = |s: i32| {
        let mut k = 0;
        while g.get(x + dx * s * (k + 1), y + dy * s * (k + 1)) == Some(Color::Black) {
            k += 1;
        }
        k
    };
    let (back, fwd) = (reach(-1), reach(1));
    if back + fwd + 1 != 4 {
        return false;
    }
    let open_end = |k: i32| {
        let (ex, ey) = (x + dx * k, y + dy * k);
        let s = k.signum();
        g.on_board(ex, ey)
            && g.get(ex, ey).is_none()
            && g.get(ex + dx * s, ey + dy * s) != Some(Color::Black)
    };
    open_end(-back - 1) && open_end(fwd + 1)
}

/// A handful of points without allocating: a line has at most six straight-four makers.
#[derive(Default, Clone, Copy)]
struct Points {
    xy: [(i32, i32); 6],
    len: usize,
}

impl Points {
    fn push(&mut self, x: i32, y: i32) {
        if self.len < self.xy.len() {
            self.xy[self.len] = (x, y);
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.xy[..self.len].iter().copied()
    }
}
