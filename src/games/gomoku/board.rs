//! The search board: padded cells, incremental per-direction pattern keys, Zobrist hash and a
//! running evaluation sum, all updated in O(1) per move so a node costs little. Per point it
//! also keeps both colours' threat summaries, and bitsets of the candidate points and of the
//! points where a colour makes a four, so the move generator and the threat searches read
//! them instead of rescanning the board; `unmake` copies back what `make` saved.

use super::pattern::{self, pattern_of, Tables, B3, B4, F3, F4, FIVE, OVERLINE, WALL};
use super::rules::{self, Grid};
use crate::base::splitmix64 as splitmix;
use crate::games::{Color, Rule};

/// Padding around the board: a window reaches four cells out.
pub const PAD: usize = 4;
/// Words of the board's bitsets: enough for the padded 22 x 22 board (30 x 30 = 900 bits).
const MAX_WORDS: usize = 16;
/// The most points (padding included) a board may index (`Board::new` asserts it; the games
/// allow at most 22 x 22), so a board index always fits the search's 16-bit move-list entries.
pub const MAX_POINTS: usize = 64 * MAX_WORDS;

use super::params::eval::{OPPONENT_COMBO_WEIGHT, OPPONENT_WEIGHT, OWN_COMBO_WEIGHT, OWN_WEIGHT};
use super::params::order::{OPPONENT_ORDER_WEIGHT, OWN_ORDER_WEIGHT, POINT_WEIGHT as WEIGHT};

/// The fields of the packed threat summary ([`PACKED`]): 3-bit counts (four directions at
/// most) of fives, open fours, fours, open threes and overlines, then the urgency weight
/// (14 bits, at most 8,000), then the two fitted ordering sums (16 bits each), each pattern's
/// weight raised by [`ORDER_BIAS`] so that the fields never go negative, then the count of
/// closed threes in the top bits.
const COUNT_BITS: u32 = 3;
const VALUE_BITS: u32 = 14;
const ORDER_BITS: u32 = 16;
const FIVE_AT: u32 = 0;
const F4_AT: u32 = FIVE_AT + COUNT_BITS;
const B4_AT: u32 = F4_AT + COUNT_BITS;
const F3_AT: u32 = B4_AT + COUNT_BITS;
const OVERLINE_AT: u32 = F3_AT + COUNT_BITS;
const VALUE_AT: u32 = OVERLINE_AT + COUNT_BITS;
const OWN_ORDER_AT: u32 = VALUE_AT + VALUE_BITS;
const BLOCK_ORDER_AT: u32 = OWN_ORDER_AT + ORDER_BITS;
const B3_AT: u32 = BLOCK_ORDER_AT + ORDER_BITS;
/// The five count: a point where the colour makes a five.
const FIVE_MASK: u64 = ((1 << COUNT_BITS) - 1) << FIVE_AT;
/// The five, open four and four counts: a point where the colour makes a four.
const FOUR_MASK: u64 = (1 << F3_AT) - 1;
/// Added to each fitted ordering weight in the packed sums (the weights are at least -128).
const ORDER_BIAS: i32 = 128;

// Every field holds its four directions' sum: the layout fits one word, and the weights fit
// their fields.
const _: () = {
    assert!(B3_AT + COUNT_BITS <= 64);
    let mut p = 0;
    while p < 11 {
        let (own, block) = (OWN_ORDER_WEIGHT[p], OPPONENT_ORDER_WEIGHT[p]);
        assert!(own >= -ORDER_BIAS && 4 * (own + ORDER_BIAS) < 1 << ORDER_BITS);
        assert!(block >= -ORDER_BIAS && 4 * (block + ORDER_BIAS) < 1 << ORDER_BITS);
        assert!(WEIGHT[p] >= 0 && 4 * WEIGHT[p] < 1 << VALUE_BITS);
        p += 1;
    }
};

/// Per pattern, what [`Board::threat`] counts, packed in one word so that four directions
/// add up without branches (layout above). Indexed by any four-bit code (those past `FIVE`
/// hold nothing); the board reads it through [`PAIR_PACKED`].
const PACKED: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut p = 0;
    while p < 11 {
        let flag = match p as u8 {
            FIVE => 1 << FIVE_AT,
            F4 => 1 << F4_AT,
            B4 => 1 << B4_AT,
            F3 => 1 << F3_AT,
            B3 => 1 << B3_AT,
            OVERLINE => 1 << OVERLINE_AT,
            _ => 0,
        };
        t[p] = flag
            | (WEIGHT[p] as u64) << VALUE_AT
            | ((OWN_ORDER_WEIGHT[p] + ORDER_BIAS) as u64) << OWN_ORDER_AT
            | ((OPPONENT_ORDER_WEIGHT[p] + ORDER_BIAS) as u64) << BLOCK_ORDER_AT;
        p += 1;
    }
    t
};

/// Per pattern, its evaluation weights for the side to move and for the side waiting, indexed
/// like [`PACKED`]; the board reads them through [`PAIR_EVAL`].
const EVAL_WEIGHT: [[i32; 2]; 16] = {
    let mut t = [[0; 2]; 16];
    let mut p = 0;
    while p < 11 {
        t[p] = [OWN_WEIGHT[p], OPPONENT_WEIGHT[p]];
        p += 1;
    }
    t
};

/// Per pattern pair (a byte from [`Tables::pair`]), each colour's [`PACKED`] summary: `make`
/// updates both colours' summaries of a point with one lookup per pair and no per-colour test.
const PAIR_PACKED: [[u64; 2]; 256] = per_pair(&PACKED);

/// Per pattern pair, both colours' [`EVAL_WEIGHT`]s laid out as [`Board`]'s `sums`, so a changed
/// pair moves the whole evaluation in one step.
const PAIR_EVAL: [[[i32; 2]; 2]; 256] = per_pair(&EVAL_WEIGHT);

/// A per-pattern table (indexed by any four-bit code) turned into a per-pair one: for each
/// pattern pair byte, both colours' entries, so `make` reads both with one lookup.
const fn per_pair<T: Copy>(table: &[T; 16]) -> [[T; 2]; 256] {
    let mut t = [[table[0]; 2]; 256];
    let mut pair = 0;
    while pair < 256 {
        let p = pair as u8;
        t[pair] = [
            table[pattern_of(p, 0) as usize],
            table[pattern_of(p, 1) as usize],
        ];
        pair += 1;
    }
    t
}

/// A point's line counts for the combination classes, per colour: its fours (closed or open),
/// open threes and twos (open twos and closed threes), three bits each, summed over the four
/// directions like [`PACKED`] so a changed pattern updates them with one add.
const COMBO_FOURS_AT: u32 = 0;
const COMBO_THREES_AT: u32 = 3;
const COMBO_TWOS_AT: u32 = 6;
/// Codes of the combination counts (three 3-bit fields).
const COMBO_CODES: usize = 512;
/// How many combination classes [`combo_classes`] tells apart.
pub const COMBO_CLASSES: usize = 6;

/// Which combination classes a point falls in, from one colour's counts of its fours (closed or
/// open), open threes and twos (open twos and closed threes) over the four directions: three+two,
/// two+two, three+three, four+three, four+two, four+four. A point where lines cross is worth
/// more than its lines apart (one stone there makes two threats), which a sum over directions
/// cannot say; the classes are not exclusive, and a point's worth is the sum of its classes'.
pub const fn combo_classes(fours: usize, threes: usize, twos: usize) -> [bool; COMBO_CLASSES] {
    [
        threes >= 1 && twos >= 1,
        twos >= 2,
        threes >= 2,
        fours >= 1 && threes >= 1,
        fours >= 1 && twos >= 1,
        fours >= 2,
    ]
}

/// Per pattern, its one-direction contribution to the combination counts.
const COMBO_COUNT: [u16; 16] = {
    let mut t = [0u16; 16];
    t[B4 as usize] = 1 << COMBO_FOURS_AT;
    t[F4 as usize] = 1 << COMBO_FOURS_AT;
    t[F3 as usize] = 1 << COMBO_THREES_AT;
    t[B3 as usize] = 1 << COMBO_TWOS_AT;
    t[pattern::F2 as usize] = 1 << COMBO_TWOS_AT;
    t
};

/// Per pattern pair, both colours' [`COMBO_COUNT`]s.
const PAIR_COMBO: [[u16; 2]; 256] = per_pair(&COMBO_COUNT);

/// Per combination code, the point's extra worth for the side to move and for the side
/// waiting: the sum of the weights of the classes its counts fall in ([`combo_classes`]).
const COMBO_EVAL: [[i32; 2]; COMBO_CODES] = {
    let mut t = [[0; 2]; COMBO_CODES];
    let mut code = 0;
    while code < COMBO_CODES {
        let fours = (code >> COMBO_FOURS_AT) & 7;
        let threes = (code >> COMBO_THREES_AT) & 7;
        let twos = (code >> COMBO_TWOS_AT) & 7;
        let classes = combo_classes(fours, threes, twos);
        let mut k = 0;
        while k < COMBO_CLASSES {
            if classes[k] {
                t[code][0] += OWN_COMBO_WEIGHT[k];
                t[code][1] += OPPONENT_COMBO_WEIGHT[k];
            }
            k += 1;
        }
        code += 1;
    }
    t
};

/// What one colour can make at one empty point, summed over the four directions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threat {
    pub five: bool,
    pub f4: u8,
    pub b4: u8,
    pub f3: u8,
    /// Directions with a closed three (one more stone makes a four).
    pub b3: u8,
    pub overline: bool,
    /// Urgency of the point: the hand-set weights of the patterns made.
    pub value: i32,
    /// The fitted ordering weight of the patterns made, for the side that makes them.
    pub own_order: i32,
    /// The fitted ordering weight of the patterns made, for the side that blocks them.
    pub block_order: i32,
}

impl Threat {
    /// Wins next move by force (open four, or two fours) unless the opponent has a five.
    pub fn flex4(&self) -> bool {
        self.f4 > 0 || self.b4 >= 2
    }
    /// Makes any four.
    pub fn four(&self) -> bool {
        self.f4 > 0 || self.b4 > 0
    }
    /// Makes a four-three or a double three (a double four counts as `flex4`).
    pub fn fork(&self) -> bool {
        self.b4 > 0 && self.f3 > 0 || self.f3 >= 2
    }
}

/// What the board keeps per point, together so that one point's update touches one cache line.
#[derive(Clone, Copy, Default)]
struct PointState {
    /// Per direction, the eight neighbours' cell codes (see [`pattern`]).
    keys: [u16; 4],
    /// Per direction, the patterns a stone of each colour would make here, as a pair byte from
    /// [`Tables::pair`]: both colours' patterns change or stay together in one comparison, and
    /// the byte indexes [`PAIR_PACKED`] and [`PAIR_EVAL`].
    pats: [u8; 4],
    /// Per colour, the four directions' patterns summed in the [`PACKED`] form, kept up to date
    /// as the patterns change: the move generator asks every candidate's threats at every node,
    /// a pattern changes far less often.
    packed: [u64; 2],
    /// Per colour, the combination counts ([`COMBO_COUNT`] summed over the directions).
    combo: [u16; 2],
}

/// What [`Board::make`] saves for [`Board::unmake`]: the states of the 32 points on the four
/// lines through the stone, the evaluation sums, and which four bits changed. Copying them back
/// is cheaper than working the patterns out again.
///
/// An occupied point's state is never changed: stones come off in the reverse order they went
/// on, so when that point's own stone is taken back, every stone placed after it is gone and
/// its state is again the one it had when its stone was placed. It is saved and copied back all
/// the same (a copy that changes nothing), because asking which of the 32 points are empty is
/// a branch no predictor learns, and it cost more than the copies.
#[derive(Clone)]
struct Undo {
    lines: [PointState; 32],
    sums: [[i32; 2]; 2],
    /// Bit `colour * 32 + line slot` is set when `make` flipped that colour's four bit at that
    /// line point (rare: most stones change no four point).
    flipped: u64,
    /// Under an exact-five rule, the empty points five away from the stone along its lines
    /// ([`FAR_REACH`]; `usize::MAX`: none there), whose patterns see the stone too, their
    /// states, and the four bits flipped there (bit `colour * 8 + n`).
    far_points: [usize; 8],
    far_lines: [PointState; 8],
    far_flipped: u16,
}

/// The points five away from a stone along its four lines, `(direction, steps)`: under an
/// exact-five rule their patterns depend on the stone ([`Tables::far_pairs`]).
const FAR_REACH: [(usize, isize); 8] = [
    (0, -5),
    (0, 5),
    (1, -5),
    (1, 5),
    (2, -5),
    (2, 5),
    (3, -5),
    (3, 5),
];

/// The cell `steps` along `delta` from `q`; a wall past the padded board (the padding is four
/// wide, so only a point five away can fall outside it, and a row's overflow lands in the
/// next row's padding).
#[inline(always)]
fn far_cell(cells: &[u8], q: usize, delta: isize, steps: isize) -> u8 {
    q.checked_add_signed(delta * steps)
        .and_then(|j| cells.get(j))
        .copied()
        .unwrap_or(WALL)
}

/// Whether the far cells can change the pair of `key` (`sensitive`: the rule's row of
/// [`Tables::far_sensitive`]).
#[inline(always)]
fn far_sensitive(sensitive: &[u64], key: u16) -> bool {
    sensitive[key as usize / 64] >> (key % 64) & 1 != 0
}

/// The pattern pair of the point `q` along `delta` with neighbour key `key`, under an
/// exact-five rule: the key's eight cells and the two at distance five.
#[inline(always)]
fn far_pair(far: &[u8], far_row: usize, cells: &[u8], q: usize, delta: isize, key: u16) -> u8 {
    let ext = far_cell(cells, q, delta, -5) as usize | (far_cell(cells, q, delta, 5) as usize) << 2;
    far[far_row | ext << 16 | key as usize]
}

/// The eight offsets along one line that a stone's key reaches, with the key shift at which
/// the point at that offset sees the stone.
const LINE_REACH: [(isize, u32); 8] = {
    let mut t = [(0isize, 0u32); 8];
    let mut n = 0;
    let mut k = -4i32;
    while k <= 4 {
        if k != 0 {
            // The point at offset k sees the stone at its own offset -k.
            t[n] = (k as isize, 2 * pattern::slot(-k));
            n += 1;
        }
        k += 1;
    }
    t
};

// [`empty_slots`] reads a key's cell codes in key-slot order as the line slots of
// [`LINE_REACH`]: the neighbour at the `n`th offset sits in key slot `n`, and an empty cell's
// code is 0 (stones and walls are not).
const _: () = {
    assert!(pattern::EMPTY == 0 && WALL != 0);
    let mut n = 0;
    while n < 8 {
        assert!(pattern::slot(LINE_REACH[n].0 as i32) as usize == n);
        n += 1;
    }
};

/// Board state owned by one search thread.
#[derive(Clone)]
pub struct Board {
    pub height: usize,
    pub stride: usize,
    pub rule: Rule,
    cells: Vec<u8>,
    state: Vec<PointState>,
    /// Where the rule's row of pattern pairs starts in the pattern tables (whether only an
    /// exact five wins is fixed by the rule, per colour).
    pair_row: usize,
    /// The stones, one bit per padded index: the candidates (empty points within two of a
    /// stone) are this set grown by two in every direction, worked out when asked, which costs
    /// less than keeping per-point counts up to date at every move.
    stone_bits: Vec<u64>,
    /// The on-board points, one bit per padded index.
    board_bits: Vec<u64>,
    /// Per colour, one bit per padded index: the empty points where that colour makes a four or
    /// a five. Threat searches and leaves look only at these, not at every candidate.
    fours: [Vec<u64>; 2],
    /// Per colour, its patterns summed with the weights of the side to move and of the side
    /// waiting: the evaluation needs one of each.
    sums: [[i32; 2]; 2],
    pub hash: u64,
    zobrist: Vec<[u64; 2]>,
    /// The stones for the renju referee's forbidden-point test (kept under renju only).
    grid: Grid,
    /// `(x, y)` of each on-board padded index, looked up instead of divided out: move ordering
    /// asks it of every candidate.
    xy: Vec<[u16; 2]>,
    /// Indices of on-board points, row-major.
    pub points: Vec<usize>,
    /// Stones in the order placed.
    pub stack: Vec<usize>,
    deltas: [isize; 4],
    /// Per line slot (`direction * 8 + n`, `n` indexing [`LINE_REACH`]), the offset of that
    /// line point from the stone and the key shift at which it sees the stone: `make` and
    /// `unmake` walk the 32 slots in one flat loop, and the shift is read beside the offset.
    reach: [(isize, u32); 32],
    tables: &'static Tables,
    /// Under a rule that needs an exact five (standard, renju), the pattern pairs that see the
    /// cells at distance five too ([`Tables::far_pairs`]) and the rule's row in them; empty
    /// under freestyle, where the eight cells of a key decide every pattern.
    far: &'static [u8],
    far_row: usize,
    /// The rule's row of [`Tables::far_sensitive`]: the keys whose pair the far cells can
    /// change.
    far_sensitive: &'static [u64],
    /// One entry per stone on the stack.
    undo: Vec<Undo>,
}

thread_local! {
    /// The line length boards made on this thread play to: 5 (gomoku) except inside
    /// [`with_line_length`].
    static LINE_LENGTH: std::cell::Cell<usize> = const { std::cell::Cell::new(pattern::FIVE_LENGTH) };
}

/// Runs `f` with every board it creates on this thread playing k in a row (m,n,k games with
/// k <= 5 reuse the gomoku search unchanged: `think` builds its board with [`Board::new`], and
/// helper threads clone that board). The previous length is restored even if `f` panics.
pub fn with_line_length<R>(k: usize, f: impl FnOnce() -> R) -> R {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            LINE_LENGTH.with(|l| l.set(self.0));
        }
    }
    let _restore = Restore(LINE_LENGTH.with(|l| l.replace(k)));
    f()
}

impl Board {
    /// An empty board.
    pub fn new(width: usize, height: usize, rule: Rule) -> Board {
        let stride = width + 2 * PAD;
        let size = stride * (height + 2 * PAD);
        let mut cells = vec![WALL; size];
        let mut points = Vec::with_capacity(width * height);
        let mut xy = vec![[0; 2]; size];
        // The candidate computation works on fixed-size bit arrays and shifts by two rows within
        // a word: boards up to 23 x 23 fit (the games allow at most 22 x 22).
        assert!(
            size <= MAX_POINTS && 2 * stride < 64,
            "board too large for the search board"
        );
        let mut board_bits = vec![0; size.div_ceil(64)];
        for y in 0..height {
            for x in 0..width {
                let i = (y + PAD) * stride + x + PAD;
                cells[i] = 0;
                points.push(i);
                board_bits[i / 64] |= 1u64 << (i % 64);
                xy[i] = [x as u16, y as u16];
            }
        }
        let deltas = [
            1isize,
            stride as isize,
            stride as isize + 1,
            1 - stride as isize,
        ];
        let zobrist = (0..size)
            .map(|i| {
                [
                    splitmix(i as u64 * 2 + 1),
                    splitmix(i as u64 * 2 + 0x0001_2345_6789),
                ]
            })
            .collect();
        let mut b = Board {
            height,
            stride,
            rule,
            cells,
            state: vec![PointState::default(); size],
            pair_row: 0,
            stone_bits: vec![0; size.div_ceil(64)],
            board_bits,
            fours: [vec![0; size.div_ceil(64)], vec![0; size.div_ceil(64)]],
            sums: [[0; 2]; 2],
            hash: 0,
            zobrist,
            grid: Grid::new(width, height),
            xy,
            points,
            stack: Vec::new(),
            deltas,
            reach: std::array::from_fn(|slot| {
                let (k, shift) = LINE_REACH[slot % 8];
                (deltas[slot / 8] * k, shift)
            }),
            tables: pattern::tables_for(LINE_LENGTH.with(|l| l.get())),
            far: &[],
            far_row: 0,
            far_sensitive: &[],
            undo: Vec::new(),
        };
        b.pair_row = Tables::pair_row(b.exact(0), b.exact(1));
        if b.exact(0) || b.exact(1) {
            b.far = b.tables.far_pairs();
            b.far_row = Tables::far_row(b.exact(0), b.exact(1));
            b.far_sensitive = b.tables.far_sensitive(b.far_row);
        }
        b.rebuild();
        b
    }

    fn exact(&self, colour: usize) -> bool {
        match self.rule {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => colour == 0,
        }
    }

    /// Recomputes every key and pattern from the cells (used once at creation).
    fn rebuild(&mut self) {
        self.sums = [[0; 2]; 2];
        for idx in 0..self.points.len() {
            let i = self.points[idx];
            for d in 0..4 {
                let mut key = 0u16;
                for k in -4i32..=4 {
                    if k == 0 {
                        continue;
                    }
                    let q = (i as isize + self.deltas[d] * k as isize) as usize;
                    key |= (self.cells[q] as u16) << (2 * pattern::slot(k));
                }
                self.state[i].keys[d] = key;
                let pair = if self.far.is_empty() {
                    self.tables.pair(self.pair_row, key)
                } else {
                    far_pair(self.far, self.far_row, &self.cells, i, self.deltas[d], key)
                };
                self.state[i].pats[d] = pair;
                for (sum, add) in self.state[i]
                    .packed
                    .iter_mut()
                    .zip(PAIR_PACKED[pair as usize])
                {
                    *sum += add;
                }
                shift_sums(&mut self.sums, pair, 1);
                let combo = &mut self.state[i].combo;
                for (sum, add) in combo.iter_mut().zip(PAIR_COMBO[pair as usize]) {
                    *sum += add;
                }
            }
            for c in 0..2 {
                self.mark_four(c, i);
                shift_combo(&mut self.sums, c, self.state[i].combo[c], 1);
            }
        }
    }

    /// Whether a packed threat summary holds a five, an open four or a four.
    #[inline(always)]
    fn has_four(packed: u64) -> bool {
        packed & FOUR_MASK != 0
    }

    /// Sets the four bit of the empty point `i` for colour `c` from its packed summary.
    #[inline]
    fn mark_four(&mut self, c: usize, i: usize) {
        let bit = 1u64 << (i % 64);
        if Self::has_four(self.state[i].packed[c]) {
            self.fours[c][i / 64] |= bit;
        } else {
            self.fours[c][i / 64] &= !bit;
        }
    }

    /// The padded index of `(x, y)`.
    #[inline]
    pub fn index(&self, x: usize, y: usize) -> usize {
        (y + PAD) * self.stride + x + PAD
    }

    /// `(x, y)` of a padded index.
    #[inline]
    pub fn coords(&self, i: usize) -> (usize, usize) {
        let [x, y] = self.xy[i];
        (x as usize, y as usize)
    }

    /// The hash the board will have after `c` plays `i`, so the search can fetch that
    /// position's table slot while `make` runs.
    #[inline]
    pub fn hash_after(&self, i: usize, c: usize) -> u64 {
        self.hash ^ self.zobrist[i][c]
    }

    #[inline]
    pub fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == 0
    }

    /// True when some stone lies within two points of `i`.
    #[inline]
    pub fn is_near(&self, i: usize) -> bool {
        (-2isize..=2).any(|dy| {
            let row = i.wrapping_add_signed(dy * self.stride as isize - 2);
            (row..row + 5).any(|q| self.cells[q] == 1 || self.cells[q] == 2)
        })
    }

    pub fn stones(&self) -> usize {
        self.stack.len()
    }

    /// Places a stone of colour `c` (0/1) on the empty point `i`.
    pub fn make(&mut self, i: usize, c: usize) {
        if self.far.is_empty() {
            self.make_with::<false>(i, c)
        } else {
            self.make_with::<true>(i, c)
        }
    }

    /// [`Board::make`], built once for freestyle (`FAR` false: the key decides every
    /// pattern) and once for the exact-five rules, so freestyle's loop carries none of the
    /// far cells' work.
    #[inline(always)]
    fn make_with<const FAR: bool>(&mut self, i: usize, c: usize) {
        // The undo entries are kept between searches and overwritten in place.
        let height = self.stack.len();
        if self.undo.len() <= height {
            self.undo.push(Undo {
                lines: [PointState::default(); 32],
                sums: [[0; 2]; 2],
                flipped: 0,
                far_points: [usize::MAX; 8],
                far_lines: [PointState::default(); 8],
                far_flipped: 0,
            });
        }
        // The sums live in a local through the loop below: stored back to the board after
        // every changed pattern, each update's load waited on the last one's stores.
        let mut sums = self.sums;
        self.undo[height].sums = sums;
        for pair in self.state[i].pats {
            shift_sums(&mut sums, pair, -1);
        }
        for cc in 0..2 {
            shift_combo(&mut sums, cc, self.state[i].combo[cc], -1);
        }
        for cc in 0..2 {
            // An occupied point is no four point; its patterns stay as they were, valid again
            // when the stone is taken back.
            self.fours[cc][i / 64] &= !(1u64 << (i % 64));
        }
        self.stone_bits[i / 64] |= 1u64 << (i % 64);
        let code = c as u16 + 1;
        self.cells[i] = code as u8;
        self.hash ^= self.zobrist[i][c];
        if self.rule == Rule::Renju {
            let (x, y) = self.coords(i);
            self.grid
                .set(x, y, Some(if c == 0 { Color::Black } else { Color::White }));
        }
        self.stack.push(i);
        let tables = self.tables;
        let undo = &mut self.undo[height];
        let mut flipped = 0u64;
        let state = &mut self.state[..];
        for slot in 0..32 {
            undo.lines[slot] = state[i.wrapping_add_signed(self.reach[slot].0)];
        }
        // Only the empty line points, one set bit each: no test per point.
        let mut todo = empty_slots(state[i].keys);
        while todo != 0 {
            let slot = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let (offset, shift) = self.reach[slot];
            let q = i.wrapping_add_signed(offset);
            let d = slot / 8;
            let st = &mut state[q];
            let key = st.keys[d] | code << shift;
            st.keys[d] = key;
            let new = if !FAR || !far_sensitive(self.far_sensitive, key) {
                tables.pair(self.pair_row, key)
            } else {
                far_pair(self.far, self.far_row, &self.cells, q, self.deltas[d], key)
            };
            let old = st.pats[d];
            if old == new {
                continue;
            }
            let flips = change_pair(st, d, (old, new), &mut sums, &mut self.fours, q);
            if flips != 0 {
                flipped |= u64::from(flips & 1) << slot | u64::from(flips >> 1) << (32 + slot);
            }
        }
        undo.flipped = flipped;
        undo.far_flipped = 0;
        if FAR {
            // Under an exact five, the points five away see the stone too.
            for (n, &(d, steps)) in FAR_REACH.iter().enumerate() {
                let delta = self.deltas[d];
                // Only an empty point whose key the far cells can change: any other keeps
                // its pattern.
                let p = i
                    .checked_add_signed(delta * steps)
                    .filter(|&p| {
                        self.cells.get(p) == Some(&0)
                            && far_sensitive(self.far_sensitive, state[p].keys[d])
                    })
                    .unwrap_or(usize::MAX);
                undo.far_points[n] = p;
                if p == usize::MAX {
                    continue;
                }
                let st = &mut state[p];
                undo.far_lines[n] = *st;
                let new = far_pair(self.far, self.far_row, &self.cells, p, delta, st.keys[d]);
                let old = st.pats[d];
                if old != new {
                    let flips = change_pair(st, d, (old, new), &mut sums, &mut self.fours, p);
                    undo.far_flipped |= (flips & 1) << n | (flips >> 1) << (8 + n);
                }
            }
        }
        self.sums = sums;
    }

    /// Takes back the last stone.
    pub fn unmake(&mut self) {
        let Some(i) = self.stack.pop() else { return };
        let c = self.cells[i] as usize - 1;
        self.cells[i] = 0;
        self.hash ^= self.zobrist[i][c];
        if self.rule == Rule::Renju {
            let (x, y) = self.coords(i);
            self.grid.set(x, y, None);
        }
        let undo = &self.undo[self.stack.len()];
        self.sums = undo.sums;
        let state = &mut self.state[..];
        for slot in 0..32 {
            state[i.wrapping_add_signed(self.reach[slot].0)] = undo.lines[slot];
        }
        let mut flipped = undo.flipped;
        while flipped != 0 {
            let bit = flipped.trailing_zeros() as usize;
            flipped &= flipped - 1;
            let (cc, slot) = (bit / 32, bit % 32);
            let q = i.wrapping_add_signed(self.reach[slot].0);
            self.fours[cc][q / 64] ^= 1u64 << (q % 64);
        }
        if !self.far.is_empty() {
            for (n, &p) in undo.far_points.iter().enumerate() {
                if p != usize::MAX {
                    state[p] = undo.far_lines[n];
                }
            }
            let mut flipped = undo.far_flipped;
            while flipped != 0 {
                let bit = flipped.trailing_zeros() as usize;
                flipped &= flipped - 1;
                let p = undo.far_points[bit % 8];
                self.fours[bit / 8][p / 64] ^= 1u64 << (p % 64);
            }
        }
        for cc in 0..2 {
            self.mark_four(cc, i);
        }
        self.stone_bits[i / 64] &= !(1u64 << (i % 64));
    }

    /// The candidate points as bits: the stones grown by two columns, then by two rows, less
    /// the stones and the padding. The padding is four wide, so a shift never wraps a stone
    /// onto another row's points.
    fn candidate_bits(&self) -> [u64; MAX_WORDS] {
        fn grow(src: &[u64; MAX_WORDS], words: usize, steps: [u32; 2]) -> [u64; MAX_WORDS] {
            let mut out = *src;
            for s in steps {
                for w in 0..words {
                    let up = (src[w] << s) | if w > 0 { src[w - 1] >> (64 - s) } else { 0 };
                    let down = (src[w] >> s) | src.get(w + 1).map_or(0, |&n| n << (64 - s));
                    out[w] |= up | down;
                }
            }
            out
        }
        let words = self.stone_bits.len();
        let mut stones = [0u64; MAX_WORDS];
        stones[..words].copy_from_slice(&self.stone_bits);
        let stride = self.stride as u32;
        let rows = grow(&grow(&stones, words, [1, 2]), words, [stride, 2 * stride]);
        let mut out = [0u64; MAX_WORDS];
        for w in 0..words {
            out[w] = rows[w] & !stones[w] & self.board_bits[w];
        }
        out
    }

    /// How many (empty point, direction) pairs hold each line pattern for colour `c`: the
    /// features the evaluation weighs, for tuning the weights against game results.
    pub fn pattern_counts(&self, c: usize) -> [u32; 11] {
        let mut n = [0u32; 11];
        for &i in &self.points {
            if self.cells[i] == 0 {
                for pair in self.state[i].pats {
                    n[pattern_of(pair, c) as usize] += 1;
                }
            }
        }
        n
    }

    /// The board's empty points, for tuning features that look at every point.
    pub fn empty_points(&self) -> impl Iterator<Item = usize> + '_ {
        self.points.iter().copied().filter(|&i| self.cells[i] == 0)
    }

    /// The line pattern colour `c` would make at the empty point `i`, per direction: the
    /// move-ordering features, for tuning the ordering weights (`examples/texel.rs`).
    pub fn point_patterns(&self, c: usize, i: usize) -> [u8; 4] {
        self.state[i].pats.map(|pair| pattern_of(pair, c))
    }

    /// What colour `c` makes by playing the empty point `i`.
    #[inline]
    pub fn threat(&self, c: usize, i: usize) -> Threat {
        // The four directions' packed counts add up without carries (layout at `PACKED`).
        let sum = self.state[i].packed[c];
        let field = |at: u32, bits: u32| ((sum >> at) & ((1 << bits) - 1)) as i32;
        let count = |at: u32| field(at, COUNT_BITS);
        Threat {
            five: count(FIVE_AT) != 0,
            f4: count(F4_AT) as u8,
            b4: count(B4_AT) as u8,
            f3: count(F3_AT) as u8,
            b3: count(B3_AT) as u8,
            overline: count(OVERLINE_AT) != 0,
            value: field(VALUE_AT, VALUE_BITS),
            own_order: field(OWN_ORDER_AT, ORDER_BITS) - 4 * ORDER_BIAS,
            block_order: field(BLOCK_ORDER_AT, ORDER_BITS) - 4 * ORDER_BIAS,
        }
    }

    /// True when either colour makes a four or a five at the empty point `i`.
    #[inline]
    pub fn is_four_point(&self, i: usize) -> bool {
        let [a, b] = self.state[i].packed;
        Self::has_four(a | b)
    }

    /// True when colour `c` makes a five at `i`.
    #[inline]
    pub fn makes_five(&self, c: usize, i: usize) -> bool {
        self.state[i].packed[c] & FIVE_MASK != 0
    }

    /// Whether black may not play `i` under renju (the referee's exact test, called only on
    /// points whose patterns make it possible).
    pub fn forbidden(&self, c: usize, i: usize, t: &Threat) -> bool {
        if c != 0 || self.rule != Rule::Renju || t.five {
            return false;
        }
        if !(t.overline || t.f4 > 0 || t.b4 + t.f4 >= 2 || t.f3 >= 2) {
            return false;
        }
        let (x, y) = self.coords(i);
        rules::forbidden(&self.grid, x, y).is_some()
    }

    /// Whether `c` playing `i` (threat `t`) makes an open four or a double four it may play:
    /// a win next move. A renju three whose only such points are forbidden to black threatens
    /// nothing, so every "can make an open four" test goes through here.
    #[inline]
    pub fn wins_by_four(&self, c: usize, i: usize, t: &Threat) -> bool {
        t.flex4() && !self.forbidden(c, i, t)
    }

    /// Static evaluation for the side `c` to move.
    pub fn eval(&self, c: usize) -> i32 {
        self.sums[c][0] - self.sums[1 - c][1]
    }

    /// How many points [`Board::candidates`] would list.
    pub fn candidate_count(&self) -> usize {
        self.candidate_bits()
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Whether some candidate is not a four point: all a quiet leaf asks about its other
    /// moves. An empty point next to the last stone that is no four point answers it at
    /// once; only when there is none is the candidate set built and counted.
    pub fn has_quiet_candidate(&self) -> bool {
        if let Some(&last) = self.stack.last() {
            let s = self.stride as isize;
            for off in [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1] {
                let q = last.wrapping_add_signed(off);
                if self.cells[q] == 0 && !self.is_four_point(q) {
                    return true;
                }
            }
        }
        let fours: usize = (self.fours[0].iter().zip(&self.fours[1]))
            .map(|(a, b)| (a | b).count_ones() as usize)
            .sum();
        self.candidate_count() > fours
    }

    /// The empty points where either colour makes a four or a five (a subset of the
    /// candidates), row-major like them, into `out`; with `only` set, those of that colour.
    pub fn four_points(&self, only: Option<usize>, out: &mut Vec<usize>) {
        out.clear();
        for (w, (&a, &b)) in self.fours[0].iter().zip(&self.fours[1]).enumerate() {
            let bits = match only {
                Some(0) => a,
                Some(_) => b,
                None => a | b,
            };
            push_set_bits(w, bits, out);
        }
    }

    /// Empty points within two of a stone, row-major, into `out`.
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        for (w, &bits) in self.candidate_bits().iter().enumerate() {
            push_set_bits(w, bits, out);
        }
    }

    /// The candidates where neither colour makes a four or a five, row-major, into `out`: the
    /// quiet moves the tree adds after the forced ones, picked by one mask per word instead of
    /// a four test per point.
    pub fn quiet_candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        // The candidate bits past the board's words are all clear, so zipping with the four
        // sets (one word per board word) loses nothing.
        let near = self.candidate_bits();
        let words = near.iter().zip(&self.fours[0]).zip(&self.fours[1]);
        for (w, ((&near, &black), &white)) in words.enumerate() {
            push_set_bits(w, near & !(black | white), out);
        }
    }

    /// Empty points (distance 1..=4) along the lines through `i` in which colour `c` makes a
    /// four at `i`: the only places a stone can stop that four (besides `i` itself). Also
    /// right after a stone is played at `i` (its point keeps the patterns it had), where they
    /// are the only places that stone can have made a five possible.
    pub fn four_line_points(&self, c: usize, i: usize, out: &mut Vec<usize>) {
        out.clear();
        for d in 0..4 {
            let p = pattern_of(self.state[i].pats[d], c);
            if p != F4 && p != B4 {
                continue;
            }
            for k in -4i32..=4 {
                if k == 0 {
                    continue;
                }
                let q = (i as isize + self.deltas[d] * k as isize) as usize;
                if self.cells[q] == 0 {
                    out.push(q);
                }
            }
        }
    }

    /// Points along the four lines through `i` (distance 1..=4) that are empty and on the board.
    pub fn line_points(&self, i: usize, out: &mut Vec<usize>) {
        out.clear();
        for d in 0..4 {
            for k in -4i32..=4 {
                if k == 0 {
                    continue;
                }
                let q = (i as isize + self.deltas[d] * k as isize) as usize;
                if self.cells[q] == 0 {
                    out.push(q);
                }
            }
        }
    }
}

/// The line slots (`direction * 8 + n`, as [`Board`]'s `reach`) whose points are empty, read
/// from the keys of the point between them: a key holds its eight line neighbours' cell codes
/// (two bits each, 0 for empty, in slot order), so `make` visits exactly the empty line points
/// without asking each cell, a test no branch predictor learns.
#[inline(always)]
fn empty_slots(keys: [u16; 4]) -> u32 {
    let k = keys
        .iter()
        .rev()
        .fold(0u64, |acc, &key| acc << 16 | u64::from(key));
    // One bit per cell code that is 0, at the code's low bit; then every other bit squeezed out.
    let mut x = !(k | k >> 1) & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    x = (x | x >> 16) & 0x0000_0000_ffff_ffff;
    x as u32
}

/// Moves the empty point `q`'s state, the evaluation `sums` and the `fours` bits from the
/// pattern pair `old` to `new` in direction `d`. Returns which colours' four bit flipped
/// (bit 0 black, bit 1 white).
#[inline(always)]
fn change_pair(
    st: &mut PointState,
    d: usize,
    (old, new): (u8, u8),
    sums: &mut [[i32; 2]; 2],
    fours: &mut [Vec<u64>; 2],
    q: usize,
) -> u16 {
    st.pats[d] = new;
    shift_sums(sums, old, -1);
    shift_sums(sums, new, 1);
    let (was, now) = (PAIR_PACKED[old as usize], PAIR_PACKED[new as usize]);
    let (cwas, cnow) = (PAIR_COMBO[old as usize], PAIR_COMBO[new as usize]);
    for cc in 0..2 {
        let before = st.combo[cc];
        let after = before.wrapping_add(cnow[cc]).wrapping_sub(cwas[cc]);
        st.combo[cc] = after;
        shift_combo(sums, cc, before, -1);
        shift_combo(sums, cc, after, 1);
    }
    let mut flips = 0;
    for cc in 0..2 {
        let before = st.packed[cc];
        let after = before.wrapping_add(now[cc]).wrapping_sub(was[cc]);
        st.packed[cc] = after;
        if Board::has_four(before) != Board::has_four(after) {
            fours[cc][q / 64] ^= 1u64 << (q % 64);
            flips |= 1 << cc;
        }
    }
    flips
}

/// Adds (`sign` 1) or takes away (-1) both colours' evaluation weights of one pattern pair.
#[inline(always)]
fn shift_sums(sums: &mut [[i32; 2]; 2], pair: u8, sign: i32) {
    let w = &PAIR_EVAL[pair as usize];
    for c in 0..2 {
        for side in 0..2 {
            sums[c][side] += sign * w[c][side];
        }
    }
}

/// Adds (`sign` 1) or takes away (-1) colour `c`'s combination worth of one point's code.
#[inline(always)]
fn shift_combo(sums: &mut [[i32; 2]; 2], c: usize, code: u16, sign: i32) {
    let w = &COMBO_EVAL[code as usize % COMBO_CODES];
    sums[c][0] += sign * w[0];
    sums[c][1] += sign * w[1];
}

/// Appends the padded index of every set bit of word `w` of a board bitset, in index order
/// (row-major, as the move generator's tie order expects).
#[inline]
fn push_set_bits(w: usize, mut bits: u64, out: &mut Vec<usize>) {
    while bits != 0 {
        out.push(w * 64 + bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything `make` and `unmake` keep incrementally, worked out from scratch on a board
    /// built by replaying the same stones.
    fn assert_matches_replay(b: &Board) {
        let mut fresh = Board::new(b.stride - 2 * PAD, b.height, b.rule);
        for (n, &i) in b.stack.iter().enumerate() {
            fresh.make(i, usize::from(b.cells[i] == 2));
            assert_eq!(b.cells[i], fresh.cells[i], "stone {n}");
        }
        let mut listed = Vec::new();
        b.candidates(&mut listed);
        let expected: Vec<usize> = b
            .points
            .iter()
            .copied()
            .filter(|&i| b.is_empty(i) && b.is_near(i))
            .collect();
        assert_eq!(listed, expected, "candidates");
        assert_eq!(b.candidate_count(), expected.len());
        // The dense 7 x 7 clusters below also surround the last stone, so both of its ways of
        // answering are checked.
        assert_eq!(
            b.has_quiet_candidate(),
            expected.iter().any(|&i| !b.is_four_point(i)),
            "quiet candidate"
        );
        let mut quiet = Vec::new();
        b.quiet_candidates(&mut quiet);
        let quiet_expected: Vec<usize> = expected
            .iter()
            .copied()
            .filter(|&i| !b.is_four_point(i))
            .collect();
        assert_eq!(quiet, quiet_expected, "quiet candidates");
        for c in 0..2 {
            assert_eq!(b.eval(c), fresh.eval(c), "evaluation for colour {c}");
            let mut fours = Vec::new();
            b.four_points(Some(c), &mut fours);
            let expected: Vec<usize> = b
                .points
                .iter()
                .copied()
                .filter(|&i| b.is_empty(i) && fresh.threat(c, i).four() | fresh.threat(c, i).five)
                .collect();
            assert_eq!(fours, expected, "four points of colour {c}");
            for &i in &b.points {
                if b.is_empty(i) {
                    assert_eq!(b.point_patterns(c, i), fresh.point_patterns(c, i));
                    assert_eq!(b.state[i].packed[c], fresh.state[i].packed[c]);
                    assert_threat_decodes(b.point_patterns(c, i), b.threat(c, i));
                }
            }
        }
    }

    /// Every empty point's patterns and the evaluation, worked out from the cells alone with the
    /// one-colour table and the per-pattern weights: none of what the incremental update uses
    /// for both colours at once (the pair byte and the per-pair tables).
    fn assert_matches_cells(b: &Board) {
        let mut sums = [[0i32; 2]; 2];
        for &i in &b.points {
            if !b.is_empty(i) {
                continue;
            }
            let empty = empty_slots(b.state[i].keys);
            for (slot, &(offset, _)) in b.reach.iter().enumerate() {
                let q = i.wrapping_add_signed(offset);
                assert_eq!(
                    empty >> slot & 1 == 1,
                    b.cells[q] == 0,
                    "point {i}, slot {slot}"
                );
            }
            for d in 0..4 {
                let mut key = 0u16;
                for k in (-4i32..=4).filter(|&k| k != 0) {
                    let q = i.wrapping_add_signed(b.deltas[d] * k as isize);
                    key |= u16::from(b.cells[q]) << (2 * pattern::slot(k));
                }
                // The cells five away, read by coordinates (a wall off the board).
                let (x, y) = b.coords(i);
                let step = [(1, 0), (0, 1), (1, 1), (1, -1)][d];
                let far = |k: i64| {
                    let (fx, fy) = (x as i64 + step.0 * k, y as i64 + step.1 * k);
                    let width = (b.stride - 2 * PAD) as i64;
                    if (0..width).contains(&fx) && (0..b.height as i64).contains(&fy) {
                        b.cells[b.index(fx as usize, fy as usize)]
                    } else {
                        WALL
                    }
                };
                for (c, sum) in sums.iter_mut().enumerate() {
                    let own = c as u8 + 1;
                    let beyond = [far(-5) == own, far(5) == own];
                    let p = pattern::pattern_seen_far(b.tables.k, b.exact(c), c, key, beyond);
                    assert_eq!(b.point_patterns(c, i)[d], p, "point {i}, direction {d}");
                    sum[0] += OWN_WEIGHT[p as usize];
                    sum[1] += OPPONENT_WEIGHT[p as usize];
                }
            }
            for (c, sum) in sums.iter_mut().enumerate() {
                let pats = b.point_patterns(c, i);
                let n = |f: &dyn Fn(u8) -> bool| pats.iter().filter(|&&q| f(q)).count();
                let fours = n(&|q| q == B4 || q == F4);
                let threes = n(&|q| q == F3);
                let twos = n(&|q| q == pattern::F2 || q == B3);
                for (k, on) in combo_classes(fours, threes, twos).into_iter().enumerate() {
                    if on {
                        sum[0] += OWN_COMBO_WEIGHT[k];
                        sum[1] += OPPONENT_COMBO_WEIGHT[k];
                    }
                }
            }
        }
        for c in 0..2 {
            assert_eq!(
                b.eval(c),
                sums[c][0] - sums[1 - c][1],
                "evaluation for colour {c}"
            );
        }
    }

    /// Every field of a point's threat summary is what its four patterns give, counted one by
    /// one (the packed fields must neither overflow nor borrow from each other).
    fn assert_threat_decodes(pats: [u8; 4], t: Threat) {
        let count = |p: u8| pats.iter().filter(|&&q| q == p).count() as u8;
        let sum = |w: &[i32; 11]| pats.iter().map(|&p| w[p as usize]).sum::<i32>();
        assert_eq!(t.five, count(FIVE) > 0, "{pats:?}");
        assert_eq!(
            (t.f4, t.b4, t.f3, t.b3),
            (count(F4), count(B4), count(F3), count(B3)),
            "{pats:?}"
        );
        assert_eq!(t.overline, count(OVERLINE) > 0, "{pats:?}");
        assert_eq!(t.value, sum(&WEIGHT), "{pats:?}");
        assert_eq!(t.own_order, sum(&OWN_ORDER_WEIGHT), "{pats:?}");
        assert_eq!(t.block_order, sum(&OPPONENT_ORDER_WEIGHT), "{pats:?}");
    }

    #[test]
    fn every_pattern_mix_decodes_from_the_packed_summary() {
        // All 11^4 mixes of four directions' patterns, the extremes included (four fives).
        for k in 0..11usize.pow(4) {
            let pats = [k % 11, k / 11 % 11, k / 121 % 11, k / 1331].map(|p| p as u8);
            let packed = pats.iter().map(|&p| PACKED[p as usize]).sum::<u64>();
            let mut b = Board::new(5, 5, Rule::Freestyle);
            let i = b.index(2, 2);
            b.state[i].packed[0] = packed;
            assert_threat_decodes(pats, b.threat(0, i));
        }
    }

    #[test]
    fn a_last_empty_point_that_is_a_four_point_is_no_quiet_candidate() {
        // A full 5 x 5 board but for one corner, where black's top row makes a five; the last
        // stone goes next to it, so the look at the last stone's neighbours must pass it over.
        let mut b = Board::new(5, 5, Rule::Freestyle);
        let (corner, last) = ((4, 0), (3, 0));
        for y in 0..5 {
            for x in 0..5 {
                if (x, y) != corner && (x, y) != last {
                    b.make(b.index(x, y), if y == 0 { 0 } else { (x + y) % 2 });
                }
            }
        }
        assert!(
            !b.has_quiet_candidate(),
            "both empty points make a four for black"
        );
        b.make(b.index(last.0, last.1), 0);
        assert!(b.is_four_point(b.index(corner.0, corner.1)));
        assert_eq!(b.candidate_count(), 1);
        assert!(!b.has_quiet_candidate());
    }

    /// Black C8 . E8 F8 G8 (row 7): at (7,7) black makes an open four only where six wins,
    /// since (3,7) would join C8 into six. C8 lies five points from (7,7), outside its key;
    /// the exact rules' tables see it, also when it is placed last (the far points' update)
    /// and taken back.
    #[test]
    fn a_stone_five_away_decides_an_open_four_under_an_exact_five() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let mut b = Board::new(15, 15, rule);
            for x in [4, 5, 6] {
                b.make(b.index(x, 7), 0);
            }
            let h = b.index(7, 7);
            assert!(b.threat(0, h).flex4(), "{rule:?} without the far stone");
            b.make(b.index(2, 7), 0);
            let t = b.threat(0, h);
            assert!(t.four(), "{rule:?}");
            assert_eq!(t.flex4(), rule == Rule::Freestyle, "{rule:?}");
            b.unmake();
            assert!(b.threat(0, h).flex4(), "{rule:?} after taking it back");
        }
    }

    #[test]
    fn incremental_state_matches_a_replayed_board() {
        let cases = [
            (15, Rule::Freestyle),
            (15, Rule::Standard),
            (15, Rule::Renju),
            (5, Rule::Freestyle),
            (22, Rule::Freestyle),
            (22, Rule::Standard),
            (22, Rule::Renju),
        ];
        for (game, (size, rule)) in cases.into_iter().enumerate() {
            let mut b = Board::new(size, size, rule);
            let mut r = game as u64;
            // Stones clustered in a 7 x 7 square (the whole board when smaller) so that fours
            // and fives appear, at the edge on the large board; some taken back.
            let (span, low) = (
                size.min(7),
                if size > 15 {
                    size - 7
                } else {
                    (size - size.min(7)) / 2
                },
            );
            for step in 0..120 {
                r = splitmix(r);
                let (x, y) = (
                    low + (r % span as u64) as usize,
                    low + (r / 7 % span as u64) as usize,
                );
                let i = b.index(x, y);
                if b.is_empty(i) {
                    b.make(i, step % 2);
                } else if r % 3 == 0 {
                    b.unmake();
                }
                assert_matches_replay(&b);
                assert_matches_cells(&b);
            }
            while b.stones() > 0 {
                b.unmake();
                assert_matches_replay(&b);
                assert_matches_cells(&b);
            }
        }
    }
}
