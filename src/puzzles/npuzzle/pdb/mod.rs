//! Additive pattern databases for 4x4 boards (6-6-3 or 7-8 partition) and 5x5 boards (6-6-6-6),
//! built from any goal.
//!
//! Each database maps the cells of its pattern's tiles to the fewest moves *of those tiles* needed
//! to bring them home, with the blank's position tracked during the build (blank moves through
//! empty cells are free, so the build really searches over (placement, blank region) pairs) and
//! minimized at the end. Because each move moves one tile of one pattern, the sum over disjoint
//! patterns is admissible. Where the goal's blank lies on the main diagonal, the position mirrored
//! about that diagonal is looked up too and the larger sum is used.
//!
//! Databases are built on first use (6-6-3: the patterns in parallel threads; 7-8 and 6-6-6-6:
//! one after the other, each on all cores by [`levels`]), kept in memory for the process, and
//! cached on disk (see [`cache`]). Which partition a search uses depends on the board and the
//! memory budget: see [`Partition::for_board`].

pub mod build;
pub mod cache;
pub mod levels;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use super::board::Shape;
use super::heuristic::{Heuristic, Parts, MAX_PARTS};
use crate::search::{Info, SearchContext, SearchControl};

/// One pattern: its tiles and the table indexed by [`rank`] of their cells.
pub struct Pattern {
    /// The tiles this database covers.
    pub tiles: Vec<u8>,
    /// Moves needed, indexed by the rank of the tiles' cells; shared by every search that uses it.
    pub table: Arc<Vec<u8>>,
}

/// The additive set, with the optional diagonal reflection.
pub struct PdbSet {
    area: usize,
    patterns: Vec<Pattern>,
    /// For reflection: `mirror_cell[c]` is c's image, `source[u]` the tile whose image is tile u.
    reflect: Option<(Vec<u8>, Vec<u8>)>,
    /// Pattern index of each tile (blank: none).
    pattern_of: Vec<u8>,
    /// Pattern index (in the mirrored lookup) that a move of each tile changes.
    mirror_pattern_of: Vec<u8>,
}

/// Index of `k` distinct cells among `area` in a table of `area!/(area-k)!` entries.
pub fn rank(cells: &[u8], area: usize) -> usize {
    let mut used = 0u64;
    let mut r = 0usize;
    for (i, &p) in cells.iter().enumerate() {
        let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
        r = r * (area - i) + (p as usize - below);
        used |= 1u64 << p;
    }
    r
}

/// Table size for `k` tiles on `area` cells.
pub fn table_len(area: usize, k: usize) -> usize {
    (0..k).map(|i| area - i).product()
}

impl PdbSet {
    fn lookup(&self, p: &Pattern, cell_of: impl Fn(u8) -> u8) -> u16 {
        let mut buf = [0u8; 16];
        for (i, &t) in p.tiles.iter().enumerate() {
            buf[i] = cell_of(t);
        }
        let idx = rank(&buf[..p.tiles.len()], self.area);
        p.table.get(idx).copied().unwrap_or(0) as u16
    }

    fn direct(&self, i: usize, pos: &[u8]) -> u16 {
        self.lookup(&self.patterns[i], |t| pos[t as usize])
    }

    fn mirrored(&self, i: usize, pos: &[u8]) -> u16 {
        match &self.reflect {
            Some((mirror, source)) => self.lookup(&self.patterns[i], |u| {
                mirror[pos[source[u as usize] as usize] as usize]
            }),
            None => 0,
        }
    }

    fn total(&self, parts: &Parts) -> u32 {
        let n = self.patterns.len();
        let direct: u32 = parts[..n].iter().map(|&v| v as u32).sum();
        let refl: u32 = parts[n..2 * n].iter().map(|&v| v as u32).sum();
        direct.max(refl)
    }
}

impl Heuristic for PdbSet {
    fn estimate(&self, tiles: &[u8], pos: &[u8]) -> u32 {
        let mut parts = [0; MAX_PARTS];
        self.init(tiles, pos, &mut parts)
    }

    fn init(&self, _tiles: &[u8], pos: &[u8], parts: &mut Parts) -> u32 {
        let n = self.patterns.len();
        for i in 0..n {
            parts[i] = self.direct(i, pos);
            parts[n + i] = self.mirrored(i, pos);
        }
        self.total(parts)
    }

    fn update(&self, _tiles: &[u8], pos: &[u8], tile: u8, parts: &mut Parts) -> u32 {
        let n = self.patterns.len();
        let i = self.pattern_of[tile as usize] as usize;
        parts[i] = self.direct(i, pos);
        if self.reflect.is_some() {
            let j = self.mirror_pattern_of[tile as usize] as usize;
            parts[n + j] = self.mirrored(j, pos);
        }
        self.total(parts)
    }
}

/// Which additive partition of the tiles to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partition {
    /// 4x4 6-6-3: 11.5 MB, built in seconds; the default.
    P663,
    /// 4x4, Korf & Felner's 7-8: 576 MB resident, far stronger; needs `hash` >=
    /// [`P78_MIN_HASH_MIB`].
    P78,
    /// 5x5, Korf & Felner's 6-6-6-6: 510 MB resident; needs `hash` >= [`P6666_MIN_HASH_MIB`].
    P6666,
    /// 5x5, 5-5-5-5-4: 25.8 MB resident, built in about a minute; below that budget.
    P55554,
}

/// The `setoption hash` budget (MiB) from which 4x4 searches use the 7-8 databases: their 576 MB
/// (550 MiB) stay resident for the whole process once loaded, and the build peaks at 3.6 GB
/// (3.4 GiB: the 8-tile table plus three 16-bit mask arrays), which this budget covers; the
/// default 256 MiB keeps 6-6-3.
pub const P78_MIN_HASH_MIB: usize = 4096;

/// The `setoption hash` budget (MiB) from which 5x5 searches use the 6-6-6-6 databases: 486 MiB
/// stay resident once loaded, and the build peaks at about 1.7 GB (1.6 GiB: one 6-tile table
/// plus three 32-bit mask arrays), which this budget covers. Below it, 5x5 searches use
/// Manhattan + linear conflict.
pub const P6666_MIN_HASH_MIB: usize = 2048;

impl Partition {
    /// 7-8 when the memory budget covers it, else 6-6-3 (4x4 boards).
    pub fn for_budget(hash_mib: usize) -> Partition {
        if hash_mib >= P78_MIN_HASH_MIB {
            Partition::P78
        } else {
            Partition::P663
        }
    }

    /// The partition for a board under a memory budget, if it has one: 4x4 always (see
    /// [`Partition::for_budget`]), 5x5 (6-6-6-6 from [`P6666_MIN_HASH_MIB`], else 5-5-5-5-4).
    pub fn for_board(shape: Shape, hash_mib: usize) -> Option<Partition> {
        match (shape.w, shape.h) {
            (4, 4) => Some(Partition::for_budget(hash_mib)),
            (5, 5) if hash_mib >= P6666_MIN_HASH_MIB => Some(Partition::P6666),
            (5, 5) => Some(Partition::P55554),
            _ => None,
        }
    }

    /// `6-6-3`, `7-8` or `6-6-6-6`, for `info` lines and the benchmark.
    pub fn name(self) -> &'static str {
        match self {
            Partition::P663 => "6-6-3",
            Partition::P78 => "7-8",
            Partition::P6666 => "6-6-6-6",
            Partition::P55554 => "5-5-5-5-4",
        }
    }

    /// The board this partition is for.
    pub fn shape(self) -> Shape {
        match self {
            Partition::P6666 | Partition::P55554 => Shape { w: 5, h: 5 },
            _ => Shape { w: 4, h: 4 },
        }
    }

    /// Big partitions are built one pattern at a time on all cores.
    fn big(self) -> bool {
        self != Partition::P663
    }

    fn groups(self, shape: Shape, goal: &[u8]) -> Vec<Vec<u8>> {
        match self {
            Partition::P663 => partition(shape, goal),
            Partition::P78 => partition78(shape, goal),
            Partition::P6666 => partition5x5(goal, &KF6666),
            Partition::P55554 => partition5x5(goal, &SMALL55554),
        }
    }
}

/// Korf & Felner's 6-6-6-6 layout of the 24-puzzle (goal blank at cell 0), by goal cells.
const KF6666: [[u8; 6]; 4] = [
    [1, 2, 5, 6, 7, 12],
    [3, 4, 8, 9, 13, 14],
    [10, 11, 15, 16, 20, 21],
    [17, 18, 19, 22, 23, 24],
];

/// A compact 5-5-5-5-4 layout (goal blank at cell 0), by goal cells, for the default budget.
const SMALL55554: [&[u8]; 5] = [
    &[1, 2, 3, 6, 7],
    &[4, 8, 9, 13, 14],
    &[5, 10, 11, 15, 16],
    &[12, 17, 20, 21, 22],
    &[18, 19, 23, 24],
];

/// The 6-6-6-6 partition of a 5x5 goal (Korf & Felner's layout, placed as described in
/// `partition5x5`).
pub fn partition6666(goal: &[u8]) -> Vec<Vec<u8>> {
    partition5x5(goal, &KF6666)
}

/// The 5-5-5-5-4 partition of a 5x5 goal (placed as described in `partition5x5`).
pub fn partition55554(goal: &[u8]) -> Vec<Vec<u8>> {
    partition5x5(goal, &SMALL55554)
}

/// A 5x5 partition as tiles, from a layout of goal cells drawn for the blank at cell 0: mirrored
/// so that its blank corner is the goal's blank corner; for a blank elsewhere, the layout as is
/// with the blank's cell and cell 0 exchanged (any partition is admissible; this stays compact).
fn partition5x5<G: AsRef<[u8]>>(goal: &[u8], layout: &[G]) -> Vec<Vec<u8>> {
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    let (br, bc) = (blank / 5, blank % 5);
    let corner = (br == 0 || br == 4) && (bc == 0 || bc == 4);
    let map = |cell: u8| -> usize {
        let (r, c) = (cell as usize / 5, cell as usize % 5);
        if corner {
            let r = if br == 0 { r } else { 4 - r };
            let c = if bc == 0 { c } else { 4 - c };
            r * 5 + c
        } else if cell as usize == blank {
            0
        } else {
            cell as usize
        }
    };
    layout
        .iter()
        .map(|g| {
            g.as_ref()
                .iter()
                .map(|&c| goal.get(map(c)).copied().unwrap_or(0))
                .collect()
        })
        .collect()
}

/// The 7-8 partition, by goal cells: the 7 tiles in the blank's half (its two rows), then the 8
/// in the other half. For the goal `0 1 ... 15` that is tiles 1-7 and 8-15.
pub fn partition78(shape: Shape, goal: &[u8]) -> Vec<Vec<u8>> {
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    let half = |c: usize| (c / shape.w) * 2 / shape.h.max(1);
    let mut groups = vec![Vec::new(), Vec::new()];
    for (c, &t) in goal.iter().enumerate() {
        if t != 0 {
            groups[usize::from(half(c) != half(blank))].push(t);
        }
    }
    groups
}

/// The 6-6-3 partition, by goal cells: the 3 other cells of the blank's goal row, then the
/// remaining cells split into the left two and the right two columns.
pub fn partition(shape: Shape, goal: &[u8]) -> Vec<Vec<u8>> {
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    let brow = blank / shape.w;
    let mut groups = vec![Vec::new(), Vec::new(), Vec::new()];
    for (c, &t) in goal.iter().enumerate() {
        if t == 0 {
            continue;
        }
        let g = if c / shape.w == brow {
            2
        } else if c % shape.w < 2 {
            0
        } else {
            1
        };
        groups[g].push(t);
    }
    groups
}

fn memory() -> &'static Mutex<HashMap<String, Arc<Vec<u8>>>> {
    static MEM: OnceLock<Mutex<HashMap<String, Arc<Vec<u8>>>>> = OnceLock::new();
    MEM.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Database build/load figures, for `info` lines and the benchmark.
#[derive(Clone, Debug, Default)]
pub struct LoadStats {
    /// Time spent building (0 when loaded from the cache).
    pub built_ms: u128,
    /// Time spent loading from the cache.
    pub loaded_ms: u128,
    /// Resident size of all tables.
    pub bytes: usize,
}

/// True for the boards that have pattern databases under this memory budget (4x4 always, 5x5 from
/// [`P6666_MIN_HASH_MIB`]).
pub fn supports(shape: Shape, hash_mib: usize) -> bool {
    Partition::for_board(shape, hash_mib).is_some()
}

/// The pattern-database heuristic for `goal`, or `None` when the board has none under the memory
/// budget (see [`Partition::for_board`]). `Err` only when the build was stopped.
pub fn heuristic_for(
    shape: Shape,
    goal: &[u8],
    ctx: &mut SearchContext,
) -> Result<Option<Box<dyn Heuristic>>, String> {
    let control = ctx.control;
    let Some(partition) = Partition::for_board(shape, ctx.options.hash_mib) else {
        return Ok(None);
    };
    let (set, stats) = load(
        partition,
        shape,
        goal,
        ctx.options.data_dir.as_deref(),
        control,
        true,
    )?;
    if stats.built_ms > 0 || stats.loaded_ms > 0 {
        ctx.report(&Info {
            time: control.elapsed(),
            extra: vec![
                ("pdb_bytes".into(), stats.bytes.to_string()),
                ("pdb_build_ms".into(), stats.built_ms.to_string()),
                ("pdb_load_ms".into(), stats.loaded_ms.to_string()),
            ],
            note: Some(format!("pattern databases {} ready", partition.name())),
            ..Default::default()
        });
    }
    Ok(Some(Box::new(set)))
}

/// Loads the 6-6-3 databases for `goal` from memory, then disk, else builds (and caches) them.
pub fn load_or_build(
    shape: Shape,
    goal: &[u8],
    data_dir: Option<&std::path::Path>,
    control: &SearchControl,
) -> Result<(PdbSet, LoadStats), String> {
    load(Partition::P663, shape, goal, data_dir, control, true)
}

/// [`load_or_build`] for a chosen partition (the benchmark uses it to measure 7-8).
pub fn load_or_build_with(
    partition: Partition,
    shape: Shape,
    goal: &[u8],
    data_dir: Option<&std::path::Path>,
    control: &SearchControl,
) -> Result<(PdbSet, LoadStats), String> {
    load(partition, shape, goal, data_dir, control, true)
}

/// The databases for `goal` if they are in memory or on disk already; never builds.
/// `fast` mode uses this: it must answer in milliseconds.
pub fn load_cached(
    partition: Partition,
    shape: Shape,
    goal: &[u8],
    data_dir: Option<&std::path::Path>,
) -> Option<PdbSet> {
    if partition.shape() != shape {
        return None;
    }
    load(
        partition,
        shape,
        goal,
        data_dir,
        &SearchControl::unlimited(),
        false,
    )
    .ok()
    .map(|(set, _)| set)
}

fn load(
    partition: Partition,
    shape: Shape,
    goal: &[u8],
    data_dir: Option<&std::path::Path>,
    control: &SearchControl,
    may_build: bool,
) -> Result<(PdbSet, LoadStats), String> {
    let area = shape.area();
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    let mut goal_cell = vec![0u8; area];
    for (c, &t) in goal.iter().enumerate() {
        goal_cell[t as usize] = c as u8;
    }
    let groups = partition.groups(shape, goal);
    let mut stats = LoadStats::default();
    let mut tables: Vec<Option<Arc<Vec<u8>>>> = vec![None; groups.len()];
    let keys: Vec<String> = groups
        .iter()
        .map(|g| {
            let cells: Vec<String> = g
                .iter()
                .map(|&t| goal_cell[t as usize].to_string())
                .collect();
            format!("{}x{}-b{}-c{}", shape.w, shape.h, blank, cells.join("."))
        })
        .collect();
    let dir = cache::directory(data_dir);
    for (i, key) in keys.iter().enumerate() {
        if let Some(t) = memory().lock().ok().and_then(|m| m.get(key).cloned()) {
            tables[i] = Some(t);
            continue;
        }
        let t0 = Instant::now();
        if let Some(t) = cache::load(&dir, key, table_len(area, groups[i].len())) {
            stats.loaded_ms += t0.elapsed().as_millis().max(1);
            tables[i] = Some(Arc::new(t));
        }
    }
    let missing: Vec<usize> = (0..groups.len()).filter(|&i| tables[i].is_none()).collect();
    if !missing.is_empty() && !may_build {
        return Err("pattern databases not cached".into());
    }
    if goal.len() != area {
        return Err("internal error: goal does not fit the board".into());
    }
    if !missing.is_empty() && partition.big() {
        let t0 = Instant::now();
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        for &i in &missing {
            let cells: Vec<u8> = groups[i].iter().map(|&t| goal_cell[t as usize]).collect();
            let t = levels::build(shape, &cells, blank, threads, control)
                .ok_or_else(|| not_built(control))?;
            cache::store(&dir, &keys[i], &t);
            tables[i] = Some(Arc::new(t));
        }
        stats.built_ms = t0.elapsed().as_millis().max(1);
    } else if !missing.is_empty() {
        let t0 = Instant::now();
        let built: Vec<(usize, Option<Vec<u8>>)> = std::thread::scope(|s| {
            let handles: Vec<_> = missing
                .iter()
                .map(|&i| {
                    let cells: Vec<u8> = groups[i].iter().map(|&t| goal_cell[t as usize]).collect();
                    s.spawn(move || (i, build::build(shape, &cells, blank, control)))
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        for (i, t) in built {
            let t = t.ok_or_else(|| not_built(control))?;
            cache::store(&dir, &keys[i], &t);
            tables[i] = Some(Arc::new(t));
        }
        stats.built_ms = t0.elapsed().as_millis().max(1);
    }
    let mut patterns = Vec::new();
    for (i, g) in groups.into_iter().enumerate() {
        let table = tables[i]
            .clone()
            .ok_or("internal error: pattern database missing")?;
        stats.bytes += table.len();
        if let Ok(mut m) = memory().lock() {
            m.insert(keys[i].clone(), table.clone());
        }
        patterns.push(Pattern { tiles: g, table });
    }
    Ok((assemble(shape, goal, patterns), stats))
}

/// The additive set over `patterns` (disjoint tile groups with their tables) for `goal`, with the
/// diagonal reflection where the goal allows it.
fn assemble(shape: Shape, goal: &[u8], patterns: Vec<Pattern>) -> PdbSet {
    let area = shape.area();
    let mut pattern_of = vec![0u8; area];
    for (i, p) in patterns.iter().enumerate() {
        for &t in &p.tiles {
            pattern_of[t as usize] = i as u8;
        }
    }
    let reflect = reflection(shape, goal);
    // Moving tile t moves, in the mirrored position, the tile u with source[u] == t.
    let mut mirror_pattern_of = vec![0u8; area];
    if let Some((_, source)) = &reflect {
        for (u, &t) in source.iter().enumerate() {
            mirror_pattern_of[t as usize] = pattern_of[u];
        }
    }
    PdbSet {
        area,
        patterns,
        reflect,
        pattern_of,
        mirror_pattern_of,
    }
}

/// Builds (on `threads` cores, no caching) the additive set for any disjoint tile `groups` of a
/// board up to 31 cells: the generic machinery behind every partition, for tests on small boards.
/// `None` if stopped, or if the groups are not disjoint, hold the blank, or exceed 5 groups or 8
/// tiles.
pub fn build_set(
    shape: Shape,
    goal: &[u8],
    groups: &[Vec<u8>],
    threads: usize,
    control: &SearchControl,
) -> Option<PdbSet> {
    let area = shape.area();
    let blank = goal.iter().position(|&t| t == 0)?;
    let mut goal_cell = vec![u8::MAX; area];
    for (c, &t) in goal.iter().enumerate() {
        *goal_cell.get_mut(t as usize)? = c as u8;
    }
    let mut used = vec![false; area];
    if groups.len() > MAX_PARTS / 2 {
        return None;
    }
    let mut patterns = Vec::new();
    for g in groups {
        for &t in g {
            let slot = used.get_mut(t as usize)?;
            if t == 0 || *slot {
                return None;
            }
            *slot = true;
        }
        let cells: Vec<u8> = g.iter().map(|&t| goal_cell[t as usize]).collect();
        let table = levels::build(shape, &cells, blank, threads, control)?;
        patterns.push(Pattern {
            tiles: g.clone(),
            table: Arc::new(table),
        });
    }
    Some(assemble(shape, goal, patterns))
}

/// Transposition tables when the goal maps to itself under the main-diagonal mirror with tiles
/// relabelled (always true for a square board whose goal blank is on the diagonal).
fn reflection(shape: Shape, goal: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    if shape.w != shape.h {
        return None;
    }
    let n = shape.w;
    let mirror: Vec<u8> = (0..n * n).map(|c| ((c % n) * n + c / n) as u8).collect();
    let blank = goal.iter().position(|&t| t == 0)?;
    if mirror[blank] as usize != blank {
        return None;
    }
    // Tile t at goal cell c is relabelled as the goal tile at mirror(c); source inverts that.
    let mut source = vec![0u8; n * n];
    for (c, &t) in goal.iter().enumerate() {
        let image = goal[mirror[c] as usize];
        source[image as usize] = t;
    }
    Some((mirror, source))
}

/// Why a database build gave up: a stop, or else memory the allocator refused.
fn not_built(control: &SearchControl) -> String {
    if control.stopped() {
        "search stopped: no solution found".into()
    } else {
        "out of memory: the pattern databases could not be allocated (lower setoption hash)".into()
    }
}

/// `n` values made by `f`, or `None` when the allocator refuses the memory (never an abort).
pub(crate) fn try_collect<T>(n: usize, f: impl FnMut(usize) -> T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    v.extend((0..n).map(f));
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seven_eight_is_korf_felner_for_blank_first_and_mirrors_for_blank_last() {
        let s = Shape { w: 4, h: 4 };
        let first: Vec<u8> = (0..16).collect();
        assert_eq!(
            partition78(s, &first),
            vec![(1..8).collect::<Vec<u8>>(), (8..16).collect()]
        );
        let last: Vec<u8> = (1..16).chain([0]).collect();
        assert_eq!(
            partition78(s, &last),
            vec![(9..16).collect::<Vec<u8>>(), (1..9).collect()]
        );
        assert_eq!(Partition::for_budget(256), Partition::P663);
        assert_eq!(Partition::for_budget(P78_MIN_HASH_MIB), Partition::P78);
    }

    #[test]
    fn boards_and_budgets_pick_their_partition() {
        let (s4, s5, s3) = (
            Shape { w: 4, h: 4 },
            Shape { w: 5, h: 5 },
            Shape { w: 3, h: 3 },
        );
        assert_eq!(Partition::for_board(s4, 256), Some(Partition::P663));
        assert_eq!(Partition::for_board(s4, 2048), Some(Partition::P663));
        assert_eq!(Partition::for_board(s4, 4096), Some(Partition::P78));
        assert_eq!(Partition::for_board(s5, 256), Some(Partition::P55554));
        assert_eq!(Partition::for_board(s5, 1024), Some(Partition::P55554));
        assert_eq!(
            Partition::for_board(s5, P6666_MIN_HASH_MIB),
            Some(Partition::P6666)
        );
        assert_eq!(Partition::for_board(s3, 4096), None);
        assert!(!supports(Shape { w: 5, h: 4 }, 4096));
    }
}
