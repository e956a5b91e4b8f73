//! Line patterns: what one stone on an empty point would make along one direction.
//!
//! The search board keeps, for every point and direction, a 16-bit key of the eight neighbours
//! (four each side, two bits per cell: empty, black, white, wall). One table lookup turns the key
//! into the pattern a stone of a given colour would form there, so threat detection and
//! evaluation cost a few loads per point instead of a line scan.

use std::sync::OnceLock;

/// Nothing: no five can ever be made through this point in this direction.
pub const DEAD: u8 = 0;
/// The stone would make an overline where overlines do not win (renju black, standard).
pub const OVERLINE: u8 = 1;
/// One stone with room for a five, only one way of growing.
pub const B1: u8 = 2;
/// One stone with room to grow both ways.
pub const F1: u8 = 3;
/// Two stones, only one way of growing to a five.
pub const B2: u8 = 4;
/// Two stones with room to grow both ways.
pub const F2: u8 = 5;
/// A closed three: one more stone makes a (closed) four.
pub const B3: u8 = 6;
/// An open three: one more stone makes an open four.
pub const F3: u8 = 7;
/// A four: one completion point.
pub const B4: u8 = 8;
/// An open four (or a double four in one line): two completion points.
pub const F4: u8 = 9;
/// A winning five.
pub const FIVE: u8 = 10;

// Every pattern code (`FIVE` is the largest) fits four bits, so both colours' patterns share one
// byte ([`Tables::pair`]).
const _: () = assert!(FIVE < 16);

/// Both colours' patterns as the one byte [`Tables::pair`] holds: black's in the low four bits,
/// white's in the high four. The layout is defined here and read back only by [`pattern_of`].
pub const fn pair_of(black: u8, white: u8) -> u8 {
    black | white << 4
}

/// Colour `c`'s pattern in a pair byte from [`pair_of`].
#[inline(always)]
pub const fn pattern_of(pair: u8, c: usize) -> u8 {
    (pair >> (4 * c)) & 15
}

/// Cell code of an empty point in keys and on the search board (stones are colour + 1).
pub const EMPTY: u8 = 0;
/// Cell code of the padding outside the board.
pub const WALL: u8 = 3;

const E: u8 = 0;
const O: u8 = 1;
const X: u8 = 2;

/// Pattern tables: `[exact][colour][key]`, `exact` meaning only an exact five wins.
pub struct Tables {
    t: Box<[u8; TABLE_SIZE]>,
    /// Both colours' patterns in one byte ([`pair_of`]), one row per pair of
    /// exactness flags: the board looks a key up once for both colours, a point's two patterns
    /// change or stay together in one comparison, and a byte indexes the board's per-pair
    /// tables directly. A row is 64 KiB, half what 16-bit pairs took, so more of it stays
    /// in cache.
    pairs: Box<[u8; TABLE_SIZE]>,
    /// The line length the tables count towards.
    pub(crate) k: usize,
    /// [`Tables::far_pairs`] and [`Tables::far_sensitive`], built on first use.
    far: OnceLock<FarTables>,
}

/// [`Tables::far_pairs`] and [`Tables::far_sensitive`], as [`build_far`] makes them.
type FarTables = (Box<[u8]>, Box<[u64]>);

/// Entries of one [`Tables`]: two exactness flags, two colours, every 16-bit key.
const TABLE_SIZE: usize = 4 << 16;

impl Tables {
    /// The pattern a stone of `colour` (0 black, 1 white) makes at a point with neighbour `key`:
    /// one colour at a time, for reading the tables (the board reads [`Tables::pair`]).
    pub fn get(&self, exact: bool, colour: usize, key: u16) -> u8 {
        // The mask keeps the index in the table, so no bounds check is needed.
        self.t[(Self::row(exact, colour) | key as usize) & (TABLE_SIZE - 1)]
    }

    /// Where the entries of one exactness and colour start in the single-colour table.
    fn row(exact: bool, colour: usize) -> usize {
        ((exact as usize) << 17) | ((colour & 1) << 16)
    }

    /// Where the pattern pairs start when only an exact five wins for black (`exact_black`)
    /// and for white (`exact_white`), for [`Tables::pair`].
    pub fn pair_row(exact_black: bool, exact_white: bool) -> usize {
        ((exact_black as usize) << 17) | ((exact_white as usize) << 16)
    }

    /// Pattern pairs for the rules where an exact five is needed (renju's black, standard's
    /// both colours). There the eight cells of a key are not enough: in `X X . X X X [p]`
    /// the point `.` at offset -4 completes a six, no five, which only the cell at -5 shows,
    /// and without it `p` looked like an open four. A row holds, for every key, the pair
    /// with each of the 16 combinations of the cells at -5 and +5 (`ext`: the cell code at
    /// -5 in bits 0-1, at +5 in bits 2-3), at [`Tables::far_row`] `| ext << 16 | key`.
    /// Freestyle, where a six wins too, never needs them, and a process that plays only
    /// freestyle never builds them (2 MiB).
    pub fn far_pairs(&self) -> &[u8] {
        &self.far.get_or_init(|| build_far(self)).0
    }

    /// One bit per key (bit `key % 64` of word `key / 64`) for the rule's row starting at
    /// `far_row` of [`Tables::far_pairs`]: set when some cells at -5 and +5 change the key's
    /// pair. Most keys have no stone of an exact colour near the window's edge, and their pair
    /// is the plain [`Tables::pair`]: the board reads the far cells and the far table only for
    /// the keys marked here.
    pub fn far_sensitive(&self, far_row: usize) -> &[u64] {
        let words = (1 << 16) / 64;
        &self.far.get_or_init(|| build_far(self)).1[far_row / FAR_ROW * words..][..words]
    }

    /// Where the rule's row starts in [`Tables::far_pairs`]: renju (only black's five exact)
    /// or standard (both). No rule makes only white's five exact.
    pub fn far_row(exact_black: bool, exact_white: bool) -> usize {
        debug_assert!(exact_black, "no rule makes only white's five exact");
        usize::from(exact_white) * FAR_ROW
    }

    /// Both colours' patterns for `key` in the row starting at `row` (from
    /// [`Tables::pair_row`]), as one byte from [`pair_of`].
    #[inline(always)]
    pub fn pair(&self, row: usize, key: u16) -> u8 {
        self.pairs[(row | key as usize) & (TABLE_SIZE - 1)]
    }
}

/// The tables, built once per process (a few milliseconds).
pub fn tables() -> &'static Tables {
    tables_for(FIVE_LENGTH)
}

/// The line length of gomoku: what the table names (`FIVE`, `F4`, ...) count towards.
pub const FIVE_LENGTH: usize = 5;
/// Line lengths the 9-cell window can classify: a k-in-a-row threat through the centre needs
/// k - 1 cells each side, and the key holds four.
pub const LINE_LENGTHS: std::ops::RangeInclusive<usize> = 3..=5;

/// The tables for k in a row (`FIVE` then means "k in a row", `F4` "one move from two ways to
/// make k", and so on), so the gomoku board and search play m,n,k games unchanged. Built once
/// per k; a k outside [`LINE_LENGTHS`] gets the gomoku tables.
pub fn tables_for(k: usize) -> &'static Tables {
    static T: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let k = if LINE_LENGTHS.contains(&k) {
        k
    } else {
        FIVE_LENGTH
    };
    T[k - LINE_LENGTHS.start()].get_or_init(|| build(k))
}

/// The length of our run through the centre. `beyond` says whether our stone stands just
/// outside the window (offsets -5 and +5): a run that reaches the window's edge goes on there,
/// which only matters where an exact five is needed (a six is no five).
fn run_through_center(line: &[u8; 9], beyond: [bool; 2]) -> usize {
    let mut n = 1;
    let mut i = 5;
    while i < 9 && line[i] == O {
        n += 1;
        i += 1;
    }
    if i == 9 && beyond[1] {
        n += 1;
    }
    let mut i = 4;
    while i > 0 && line[i - 1] == O {
        n += 1;
        i -= 1;
    }
    if i == 0 && beyond[0] {
        n += 1;
    }
    n
}

fn is_five(n: usize, exact: bool, k: usize) -> bool {
    n == k || (n > k && !exact)
}

fn encode(line: &[u8; 9], beyond: [bool; 2]) -> usize {
    let code = line.iter().fold(0, |acc, &c| acc * 3 + c as usize);
    code * 4 + beyond[0] as usize * 2 + beyond[1] as usize
}

/// Memo entries of [`level`]: every window of nine cells, times the two `beyond` flags.
const MEMO_SIZE: usize = 19683 * 4;

/// The pattern of `line`, whose centre already holds our stone; `beyond` as in
/// [`run_through_center`] (stones are only ever added inside the window: a five through the
/// centre cannot reach offset 5).
fn level(line: &mut [u8; 9], exact: bool, k: usize, beyond: [bool; 2], memo: &mut [u8]) -> u8 {
    let code = encode(line, beyond);
    if memo[code] != u8::MAX {
        return memo[code];
    }
    let run = run_through_center(line, beyond);
    let result = if is_five(run, exact, k) {
        FIVE
    } else if run > k {
        OVERLINE
    } else {
        let mut fives = 0;
        for i in 0..9 {
            if line[i] == E {
                line[i] = O;
                if is_five(run_through_center(line, beyond), exact, k) {
                    fives += 1;
                }
                line[i] = E;
            }
        }
        if fives >= 2 {
            F4
        } else if fives == 1 {
            B4
        } else {
            let mut best = DEAD;
            for i in 0..9 {
                if line[i] == E {
                    line[i] = O;
                    let grown = match level(line, exact, k, beyond, memo) {
                        F4 => F3,
                        B4 => B3,
                        F3 => F2,
                        B3 => B2,
                        F2 => F1,
                        B2 => B1,
                        _ => DEAD,
                    };
                    line[i] = E;
                    best = best.max(grown);
                }
            }
            best
        }
    };
    memo[code] = result;
    result
}

/// The nine-cell line of `key` seen by `colour` (0 black, 1 white), our stone in the centre.
fn line_of(key: u16, colour: usize) -> [u8; 9] {
    let own = colour as u16 + 1;
    let mut line = [E; 9];
    for slot in 0..8 {
        let v = (key >> (2 * slot)) & 3;
        let pos = if slot < 4 { slot } else { slot + 1 };
        line[pos] = if v == 0 {
            E
        } else if v == own {
            O
        } else {
            X
        };
    }
    line[4] = O;
    line
}

fn build(k: usize) -> Tables {
    // Built on the heap: a 256 KiB array on a thread's stack would be a risk.
    let mut t: Box<[u8; TABLE_SIZE]> = match vec![DEAD; TABLE_SIZE].into_boxed_slice().try_into() {
        Ok(t) => t,
        Err(_) => unreachable!("the vector has exactly TABLE_SIZE entries"),
    };
    for exact in [false, true] {
        let mut memo = vec![u8::MAX; MEMO_SIZE];
        for colour in 0..2usize {
            for key in 0..=u16::MAX {
                let mut line = line_of(key, colour);
                let p = level(&mut line, exact, k, [false; 2], &mut memo);
                t[((exact as usize) << 17) | (colour << 16) | key as usize] = p;
            }
        }
    }
    let mut pairs: Box<[u8; TABLE_SIZE]> = match vec![0; TABLE_SIZE].into_boxed_slice().try_into() {
        Ok(p) => p,
        Err(_) => unreachable!("the vector has exactly TABLE_SIZE entries"),
    };
    for exact_black in [false, true] {
        for exact_white in [false, true] {
            let row = Tables::pair_row(exact_black, exact_white);
            let (black, white) = (Tables::row(exact_black, 0), Tables::row(exact_white, 1));
            for key in 0..1 << 16 {
                pairs[row | key] = pair_of(t[black | key], t[white | key]);
            }
        }
    }
    Tables {
        t,
        pairs,
        k,
        far: OnceLock::new(),
    }
}

/// Entries of one row of [`Tables::far_pairs`]: every key with every pair of far cells.
const FAR_ROW: usize = 1 << 20;
/// Rows of [`Tables::far_pairs`]: renju's and standard's ([`Tables::far_row`]).
const FAR_ROWS: usize = 2;

/// [`Tables::far_pairs`], built: for each rule where some colour needs an exact five, the
/// pattern pair of every key and every pair of cells at offsets -5 and +5.
fn build_far(t: &Tables) -> FarTables {
    // The exact patterns of each colour with each pair of flags (our stone at -5, at +5).
    let mut exact = vec![DEAD; (2 * 4) << 16];
    let mut memo = vec![u8::MAX; MEMO_SIZE];
    for colour in 0..2usize {
        for flags in 0..4usize {
            let beyond = [flags & 1 != 0, flags & 2 != 0];
            for key in 0..=u16::MAX {
                let mut line = line_of(key, colour);
                exact[(colour * 4 + flags) << 16 | key as usize] =
                    level(&mut line, true, t.k, beyond, &mut memo);
            }
        }
    }
    let mut far = vec![0u8; FAR_ROWS * FAR_ROW].into_boxed_slice();
    for (exact_black, exact_white) in [(true, false), (true, true)] {
        let base = Tables::far_row(exact_black, exact_white);
        for ext in 0..16usize {
            let (before, after) = (ext & 3, ext >> 2);
            let colour_pattern = |colour: usize, exactly: bool, key: u16| {
                if !exactly {
                    return t.get(false, colour, key);
                }
                let own = colour + 1;
                let flags = usize::from(before == own) | usize::from(after == own) << 1;
                exact[(colour * 4 + flags) << 16 | key as usize]
            };
            for key in 0..=u16::MAX {
                far[base | ext << 16 | key as usize] = pair_of(
                    colour_pattern(0, exact_black, key),
                    colour_pattern(1, exact_white, key),
                );
            }
        }
    }
    let mut sensitive = vec![0u64; FAR_ROWS << 10].into_boxed_slice();
    for row in 0..FAR_ROWS {
        for key in 0..1usize << 16 {
            let base = (row * FAR_ROW) | key;
            if (1..16).any(|ext| far[base | ext << 16] != far[base]) {
                let bit = row << 16 | key;
                sensitive[bit >> 6] |= 1 << (bit & 63);
            }
        }
    }
    (far, sensitive)
}

/// The pattern a stone of `colour` makes with neighbour key `key` when the cells at -5 and +5
/// hold our stone as `beyond` says, worked out afresh from the line (no table): the reference
/// the board's tests check [`Tables::far_pairs`] and the incremental update against.
#[cfg(test)]
pub fn pattern_seen_far(k: usize, exact: bool, colour: usize, key: u16, beyond: [bool; 2]) -> u8 {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static MEMOS: RefCell<HashMap<(usize, bool), Vec<u8>>> = RefCell::new(HashMap::new());
    }
    MEMOS.with(|m| {
        let mut m = m.borrow_mut();
        let memo = m
            .entry((k, exact))
            .or_insert_with(|| vec![u8::MAX; MEMO_SIZE]);
        level(&mut line_of(key, colour), exact, k, beyond, memo)
    })
}

/// Key slot of the neighbour at signed offset `k` (-4..=4, not 0).
#[inline(always)]
pub const fn slot(k: i32) -> u32 {
    if k < 0 {
        (k + 4) as u32
    } else {
        (k + 3) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_of(s: &str, colour_char: char) -> (u16, usize) {
        // s: 9 chars, centre '.', 'x' black 'o' white '#' wall.
        let cells: Vec<char> = s.chars().collect();
        let mut key = 0u16;
        for (pos, &ch) in cells.iter().enumerate() {
            if pos == 4 {
                continue;
            }
            let slot = if pos < 4 { pos } else { pos - 1 };
            let v = match ch {
                'x' => 1,
                'o' => 2,
                '#' => 3,
                _ => 0,
            };
            key |= v << (2 * slot);
        }
        (key, if colour_char == 'x' { 0 } else { 1 })
    }

    #[test]
    fn classic_shapes() {
        let t = tables();
        let p = |s: &str, exact: bool| {
            let (k, c) = key_of(s, 'x');
            t.get(exact, c, k)
        };
        assert_eq!(p("..xx.xx..", false), FIVE);
        assert_eq!(p("...x.xx..", false), F4);
        assert_eq!(p("...x.x...", false), F3);
        assert_eq!(p("..x..x...", false), F3);
        assert_eq!(p("...x.xo..", false), B3);
        assert_eq!(p(".x.x.x.x.", false), F4);
        assert_eq!(p("o..x.x.o.", false), F3);
        assert_eq!(p("o.x.x.o..", false), B2);
        assert_eq!(p("#xxx.....", false), B4);
        assert_eq!(p("xxxx.x...", false), FIVE);
        assert_eq!(p("xxxx.x...", true), OVERLINE);
        assert_eq!(p("...o.o...", false), DEAD);
    }

    /// `X . x x x [p] . . . .` with the `X` five away from `p`, outside the key: where a six
    /// is no five, `p` makes only a four (the point at -4 completes a six), and a three the
    /// stone at -5 does not touch stays open. The far pairs hold the same, per colour.
    #[test]
    fn a_stone_five_away_turns_a_false_open_four_into_a_four() {
        let (key, _) = key_of(".xxx.....", 'x');
        let t = tables();
        assert_eq!(t.get(true, 0, key), F4, "the key alone");
        assert_eq!(pattern_seen_far(5, true, 0, key, [true, false]), B4);
        assert_eq!(pattern_seen_far(5, false, 0, key, [true, false]), F4);
        assert_eq!(pattern_seen_far(5, true, 0, key, [false, true]), F4);
        let far = t.far_pairs();
        let black_before = 1; // cell code of a black stone at -5
        let renju = Tables::far_row(true, false);
        let standard = Tables::far_row(true, true);
        let pair = |row: usize, ext: usize| far[row | ext << 16 | key as usize];
        assert_eq!(pattern_of(pair(renju, black_before), 0), B4);
        assert_eq!(pattern_of(pair(standard, black_before), 0), B4);
        // A white stone there changes nothing for black.
        assert_eq!(pattern_of(pair(renju, 2), 0), F4);
        let (three, _) = key_of("..xx.....", 'x');
        assert_eq!(pattern_seen_far(5, true, 0, three, [true, false]), F3);
    }

    /// Every far pair is the two colours' patterns worked out afresh with the cells at -5 and
    /// +5 (renju: only black's five must be exact).
    #[test]
    fn far_pairs_hold_both_colours_exact_patterns() {
        let t = tables();
        let far = t.far_pairs();
        for (exact_black, exact_white) in [(true, false), (true, true)] {
            let row = Tables::far_row(exact_black, exact_white);
            for ext in 0..16usize {
                let (before, after) = (ext & 3, ext >> 2);
                for key in (0..=u16::MAX).step_by(7) {
                    let pair = far[row | ext << 16 | key as usize];
                    for (c, exact) in [(0, exact_black), (1, exact_white)] {
                        let beyond = [before == c + 1, after == c + 1];
                        assert_eq!(
                            pattern_of(pair, c),
                            pattern_seen_far(5, exact, c, key, beyond),
                            "key {key:#06x}, ext {ext}, colour {c}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn pairs_hold_both_colours_patterns() {
        for k in LINE_LENGTHS {
            let t = tables_for(k);
            for (exact_black, exact_white) in [(false, false), (true, true), (true, false)] {
                let row = Tables::pair_row(exact_black, exact_white);
                for key in 0..=u16::MAX {
                    let pair = t.pair(row, key);
                    assert_eq!(
                        pattern_of(pair, 0),
                        t.get(exact_black, 0, key),
                        "key {key:#06x}"
                    );
                    assert_eq!(
                        pattern_of(pair, 1),
                        t.get(exact_white, 1, key),
                        "key {key:#06x}"
                    );
                }
            }
        }
    }

    #[test]
    fn shorter_lines_count_towards_k() {
        let p = |s: &str, k: usize| {
            let (key, c) = key_of(s, 'x');
            tables_for(k).get(false, c, key)
        };
        assert_eq!(p("...x.x...", 3), FIVE);
        assert_eq!(p("...x.....", 3), F4);
        assert_eq!(p("..ox.....", 3), B4);
        assert_eq!(p("...x.x...", 4), F4);
        assert_eq!(p("..ox.x...", 4), B4);
        assert_eq!(p("..o......", 4), F2);
        assert_eq!(p("...x.x...", 5), F3);
        assert_eq!(p("o..x..o..", 4), F3);
        assert_eq!(p("#..x.o...", 4), B3);
        assert_eq!(p("..o..o...", 4), DEAD);
        assert_eq!(p("..o..o...", 3), DEAD);
    }
}
