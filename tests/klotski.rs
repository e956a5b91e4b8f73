//! `solve klotski`: optimal lengths against known values, every answer replayed move by move on an
//! independent char-grid model (each MOVE legal under its metric, the goal reached at the end),
//! `all` statistics cross-checked between metrics, the bitboard and general search paths
//! cross-checked against each other, and every documented error.

use gridmind::puzzles::klotski::layouts::parse_layouts;
use gridmind::puzzles::klotski::{parse_request, solve_command, solve_using, Path};
use gridmind::search::{with_quiet_context, EngineOptions, SearchControl};

fn run_with(
    args: &str,
    control: &SearchControl,
    options: &EngineOptions,
) -> Result<String, String> {
    with_quiet_context(control, options, |ctx| solve_command(args, ctx))
}

fn run(args: &str) -> Result<String, String> {
    run_with(args, &SearchControl::unlimited(), &EngineOptions::default())
}

/// Applies one MOVE to `grid` (rows of chars), checking every one-cell shift; returns an error
/// text on any illegal step or metric violation.
fn apply(grid: &mut [Vec<u8>], mv: &str, metric: &str) -> Result<(), String> {
    let bytes = mv.as_bytes();
    let (&letter, dirs) = bytes.split_first().ok_or("empty move")?;
    if dirs.is_empty() {
        return Err(format!("move {mv} has no direction"));
    }
    match metric {
        "steps" if dirs.len() != 1 => return Err(format!("{mv}: steps moves one cell")),
        "slides" if dirs.iter().any(|&d| d != dirs[0]) => {
            return Err(format!("{mv}: not straight"))
        }
        _ => {}
    }
    let (h, w) = (grid.len() as i32, grid[0].len() as i32);
    for &d in dirs {
        let (dr, dc) = match d {
            b'u' => (-1, 0),
            b'd' => (1, 0),
            b'l' => (0, -1),
            b'r' => (0, 1),
            _ => return Err(format!("{mv}: bad direction {}", d as char)),
        };
        let cells: Vec<(i32, i32)> = (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .filter(|&(r, c)| grid[r as usize][c as usize] == letter)
            .collect();
        if cells.is_empty() {
            return Err(format!("{mv}: no piece {}", letter as char));
        }
        for &(r, c) in &cells {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= h || nc >= w {
                return Err(format!("{mv}: leaves the board"));
            }
            let t = grid[nr as usize][nc as usize];
            if t != b'.' && t != letter {
                return Err(format!("{mv}: bumps into {}", t as char));
            }
        }
        for &(r, c) in &cells {
            grid[r as usize][c as usize] = b'.';
        }
        for &(r, c) in &cells {
            grid[(r + dr) as usize][(c + dc) as usize] = letter;
        }
    }
    Ok(())
}

/// Replays an answer `COUNT MOVE ...` from `grid` and checks that `piece` ends with its top-left
/// at (row, col). Returns COUNT.
fn replay(grid: &str, answer: &str, metric: &str, goal: (u8, usize, usize)) -> usize {
    let first = answer.lines().next().unwrap();
    let mut words = first.split_whitespace();
    let count: usize = words.next().unwrap().parse().unwrap();
    let moves: Vec<&str> = words.collect();
    assert_eq!(moves.len(), count, "count vs moves in {first}");
    let mut g: Vec<Vec<u8>> = grid.split('/').map(|r| r.as_bytes().to_vec()).collect();
    for mv in &moves {
        if let Err(e) = apply(&mut g, mv, metric) {
            panic!("{grid} {metric}: illegal move: {e}");
        }
    }
    let (letter, row, col) = goal;
    let top_left = g
        .iter()
        .enumerate()
        .find_map(|(r, line)| line.iter().position(|&ch| ch == letter).map(|c| (r, c)));
    assert_eq!(
        top_left,
        Some((row, col)),
        "{grid} {metric}: goal not reached"
    );
    count
}

fn classic_goal() -> (u8, usize, usize) {
    (b'A', 3, 1)
}

#[test]
fn known_answers_from_the_issue() {
    let cases = [
        ("BAAC/BAAC/DEEF/DGHF/I..J", [81, 90, 116]),
        ("BAAC/BAAC/DEEF/GHIJ/G..J", [70, 79, 100]),
        ("BAAC/DAAE/DFFE/GHIJ/G..J", [72, 77, 92]),
    ];
    for (grid, known) in cases {
        for (metric, expected) in ["moves", "slides", "steps"].iter().zip(known) {
            let answer = run(&format!("{grid} metric {metric}")).unwrap();
            assert_eq!(
                replay(grid, &answer, metric, classic_goal()),
                expected,
                "{grid} {metric}"
            );
        }
        // `moves` is the default metric.
        let default = run(grid).unwrap();
        assert_eq!(replay(grid, &default, "moves", classic_goal()), known[0]);
    }
}

#[test]
fn all_named_layouts_under_all_metrics() {
    let text = std::fs::read_to_string("tests/data/klotski/named-layouts.txt").unwrap();
    let layouts = parse_layouts(&text).unwrap();
    assert_eq!(layouts.len(), 62);
    let mut unsolvable = 0;
    for l in &layouts {
        let known = l
            .known
            .unwrap_or_else(|| panic!("{} has no known values", l.name));
        for (i, metric) in ["moves", "slides", "steps"].iter().enumerate() {
            match (run(&format!("{} metric {metric}", l.grid)), known[i]) {
                (Ok(answer), Some(k)) => {
                    let n = replay(&l.grid, &answer, metric, classic_goal());
                    assert_eq!(n, k as usize, "{} {metric}", l.name);
                }
                (Err(e), None) => {
                    assert!(e.starts_with("unsolvable: "), "{}: {e}", l.name);
                    unsolvable += 1;
                }
                (got, want) => panic!("{} {metric}: got {got:?}, known {want:?}", l.name),
            }
        }
    }
    assert_eq!(unsolvable, 3, "走投无路 under three metrics");
    let hardest = layouts.iter().filter_map(|l| l.known?[0]).max();
    assert_eq!(hardest, Some(138));
}

#[test]
fn all_statistics_agree_between_metrics() {
    let grid = "BAAC/BAAC/DEEF/DGHF/I..J";
    let mut reachable = Vec::new();
    for metric in ["moves", "slides", "steps"] {
        let answer = run(&format!("{grid} metric {metric} all")).unwrap();
        let lines: Vec<&str> = answer.lines().collect();
        assert_eq!(lines.len(), 3, "{answer}");
        let end: u64 = lines[1]
            .strip_prefix("optimal end positions ")
            .unwrap()
            .parse()
            .unwrap();
        assert!(end >= 1);
        let r: u64 = lines[2]
            .strip_prefix("reachable positions ")
            .unwrap()
            .parse()
            .unwrap();
        reachable.push(r);
        // `all` searches without mirror merging: same optimum as the merged search.
        let plain = run(&format!("{grid} metric {metric}")).unwrap();
        assert_eq!(lines[0].split(' ').next(), plain.split(' ').next());
        replay(grid, &answer, metric, classic_goal());
    }
    // The same positions are connected whatever a move is called.
    assert!(
        reachable.iter().all(|&r| r == reachable[0]),
        "{reachable:?}"
    );
    assert_eq!(
        reachable[0], 25955,
        "横刀立马's component (same-shaped pieces merged)"
    );
}

#[test]
fn explicit_goals_and_asymmetric_goals() {
    let grid = "BAAC/BAAC/DEEF/DGHF/I..J";
    // An off-centre goal disables mirror merging; the merge-free `all` search must agree.
    for goal in [
        "goal A 3 0",
        "goal A 3 2",
        "goal A 0 0",
        "goal J 0 0",
        "goal E 4 2",
    ] {
        let (letter, row, col) = {
            let w: Vec<&str> = goal.split(' ').collect();
            (
                w[1].as_bytes()[0],
                w[2].parse().unwrap(),
                w[3].parse().unwrap(),
            )
        };
        let answer = run(&format!("{grid} {goal}")).unwrap();
        let n = replay(grid, &answer, "moves", (letter, row, col));
        let all = run(&format!("{grid} {goal} all")).unwrap();
        assert_eq!(replay(grid, &all, "moves", (letter, row, col)), n, "{goal}");
    }
    // The mirror goals of a mirror-symmetric layout need the same number of moves.
    let sym = "BAAB/BAAB/CDDC/CEEC/F..F";
    assert!(run(sym).is_err(), "same letter twice is a split piece");
    let sym = "BAAC/BAAC/DEEF/DGHF/I..J";
    let left = run(&format!("{sym} goal A 3 0")).unwrap();
    let right = run(&format!("{sym} goal A 3 2")).unwrap();
    assert_eq!(left.split(' ').next(), right.split(' ').next());
    // Already solved: zero moves.
    assert_eq!(run("BC../DE../FAAG/HAAI").unwrap(), "0");
}

#[test]
fn other_boards_and_shapes() {
    // 6x6 boards: default goal is A at the bottom centre (row 4, col 2).
    let grid = "BCAADE/BCAADE/FGHIJK/FGHIJK/LLMM../NN..PP";
    for (metric, expected) in [("moves", 12), ("slides", 13), ("steps", 26)] {
        let answer = run(&format!("{grid} metric {metric}")).unwrap();
        assert_eq!(
            replay(grid, &answer, metric, (b'A', 4, 2)),
            expected,
            "{metric}"
        );
    }
    let e = run("AABCCD/AABEED/FGGHIJ/FKKHIJ/LMMNN./LOOPP.").unwrap_err();
    assert!(e.starts_with("unsolvable: "), "{e}");
    // 5x5 with 1x3 and 3x1 pieces.
    let grid = "BAAC./BAAC./DDD.E/FG..E/FHHHE";
    for metric in ["moves", "slides", "steps"] {
        let answer = run(&format!("{grid} goal A 0 3 metric {metric}")).unwrap();
        replay(grid, &answer, metric, (b'A', 0, 3));
    }
    let e = run(&format!("{grid} goal A 3 1")).unwrap_err();
    assert!(e.starts_with("unsolvable: "), "{e}");
    // A small rush-hour-like board whose answer is obvious: A slides right twice.
    let answer = run("AA../.... goal A 0 2 metric slides").unwrap();
    assert_eq!(answer, "1 Arr");
    assert_eq!(run("AA../.... goal A 0 2 metric steps").unwrap(), "2 Ar Ar");
    assert_eq!(
        run("AA../.... goal A 1 2").unwrap().split(' ').next(),
        Some("1")
    );
    // Blocked for good: unsolvable after the search proves it.
    let e = run("ABB/A../CCC goal A 1 2").unwrap_err();
    assert!(e.starts_with("unsolvable: "), "{e}");
}

#[test]
fn bad_input_gets_specific_errors() {
    let err = |a: &str| run(a).unwrap_err();
    assert!(err("").starts_with("syntax error: solve klotski takes a GRID"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..").contains("ragged rows"));
    assert!(err("BAAC/BAAC/DEEF/DGJF/IJJ.").contains("piece J is not a filled rectangle"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/IB.J").contains("piece B is split"));
    assert!(err("BCC./BDD./EFG./EHI./J...").contains("no piece A"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I*.J").contains("unknown character '*' at row 4 col 1"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J metric jumps").contains("unknown metric 'jumps'"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J metric").contains("metric takes"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J fast").contains("unexpected 'fast'"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J goal Z 0 0").contains("bad goal: no piece Z"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J goal A 4 1").contains("does not fit"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J goal A x 1").contains("bad goal: row and column"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J goal AB 1 1").contains("not a piece letter"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I..J goal A 1").starts_with("syntax error: goal takes"));
    assert!(err("BAA/BAA/...").contains("no centred exit"));
    assert!(err("BAAC/BAAC/DEEF/DGHF/I横.J").contains("unknown character '横' at row 4 col 1"));
    let huge = format!("BAAC/BAAC/DEEF/DGHF/I..J goal A {} 0", usize::MAX);
    assert!(err(&huge).contains("does not fit"));
}

#[test]
fn stop_and_memory_limits() {
    let grid = "BAAC/BAAC/DEEF/DGHF/I..J";
    let stopped = SearchControl::unlimited().with_max_nodes(1);
    let e = run_with(grid, &stopped, &EngineOptions::default()).unwrap_err();
    assert!(e.starts_with("search stopped: "), "{e}");
    // A 6x6 board with many soldiers has millions of positions: 1 MiB cannot hold them.
    let big = "AABCDE/AAFGHI/JKLMNO/PQRSTU/....../......";
    let small = EngineOptions {
        hash_mib: 1,
        ..EngineOptions::default()
    };
    let e = run_with(big, &SearchControl::unlimited(), &small).unwrap_err();
    assert!(e.starts_with("out of memory: more than 1 MiB"), "{e}");
}

/// Solves `args` on one search path; the answer text or the error.
fn run_path(
    args: &str,
    path: Path,
    control: &SearchControl,
    options: &EngineOptions,
) -> Result<String, String> {
    let req = parse_request(args)?;
    with_quiet_context(control, options, |ctx| solve_using(&req, path, ctx)).map(|s| s.to_answer())
}

#[test]
fn bitboard_and_general_paths_agree_on_every_named_layout() {
    let text = std::fs::read_to_string("tests/data/klotski/named-layouts.txt").unwrap();
    let layouts = parse_layouts(&text).unwrap();
    assert_eq!(layouts.len(), 62);
    let (control, options) = (SearchControl::unlimited(), EngineOptions::default());
    let mut compared = 0;
    for l in &layouts {
        for metric in ["moves", "slides", "steps"] {
            for all in ["", " all"] {
                let args = format!("{} metric {metric}{all}", l.grid);
                let general = run_path(&args, Path::General, &control, &options);
                let bitboard = run_path(&args, Path::Bitboard, &control, &options);
                match (&general, &bitboard) {
                    (Ok(g), Ok(b)) => {
                        let ng = replay(&l.grid, g, metric, classic_goal());
                        let nb = replay(&l.grid, b, metric, classic_goal());
                        assert_eq!(ng, nb, "{} {args}: lengths", l.name);
                        // `all` lines: optimal end positions and reachable positions.
                        let tail =
                            |a: &str| a.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
                        assert_eq!(tail(g), tail(b), "{} {args}: all counts", l.name);
                        assert_eq!(tail(g).len(), if all.is_empty() { 0 } else { 2 });
                    }
                    (Err(g), Err(b)) => {
                        assert!(g.starts_with("unsolvable: "), "{}: {g}", l.name);
                        assert_eq!(g, b, "{} {args}: same proof of unsolvability", l.name);
                    }
                    _ => panic!(
                        "{} {args}: general {general:?}, bitboard {bitboard:?}",
                        l.name
                    ),
                }
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 62 * 3 * 2);
}

#[test]
fn bitboard_path_refuses_what_it_cannot_represent_and_auto_falls_back() {
    let (control, options) = (SearchControl::unlimited(), EngineOptions::default());
    // 2x2, 2x1 and 1x2 pieces on 6x6: 25 + 30 + 30 placements, more than a u64 holds.
    let wide = "BCAADE/BCAADE/FGHIJK/FGHIJK/LLMM../NN..PP metric moves";
    let e = run_path(wide, Path::Bitboard, &control, &options).unwrap_err();
    assert!(e.contains("more than 64 bits"), "{e}");
    let auto = run_path(wide, Path::Auto, &control, &options).unwrap();
    let general = run_path(wide, Path::General, &control, &options).unwrap();
    assert_eq!(auto.split(' ').next(), Some("12"));
    assert_eq!(general.split(' ').next(), Some("12"));
    // A soldier as the goal piece is a class of its own: 20 more placements than a u64 holds.
    let soldier = "BAAC/BAAC/DEEF/DGHF/I..J goal J 0 0";
    assert!(run_path(soldier, Path::Bitboard, &control, &options).is_err());
    let auto = run_path(soldier, Path::Auto, &control, &options).unwrap();
    replay("BAAC/BAAC/DEEF/DGHF/I..J", &auto, "moves", (b'J', 0, 0));
    // Other shapes and goals the bitboard path does handle: both paths agree. The 1x3 pieces
    // take the bitboard path's other two ways of finding movable pieces (from the empty cells
    // when they are fewer than the pieces, else piece by piece).
    for args in [
        "AABCD/AAEFG/HHH.I/JK..L goal A 2 3",
        "AABCD/AAEFG/HHH.I/JK..L goal A 2 3 metric slides all",
        "AABCD/AAEFG/HHH.I/JK..L goal A 2 3 metric steps",
        "AAB../AAB../.CCC./D..E. goal A 2 3 metric slides",
        "AAB../AAB../.CCC./D..E. goal A 2 3 all",
        "BAAC/BAAC/DEEF/DGHF/I..J goal A 3 2 all",
        "BAAC/BAAC/DEEF/DGHF/I..J goal A 3 0 metric steps",
        "AA../.... goal A 1 2",
    ] {
        let g = run_path(args, Path::General, &control, &options).unwrap();
        let b = run_path(args, Path::Bitboard, &control, &options).expect(args);
        let w: Vec<&str> = args.split(' ').collect();
        let grid = w[0];
        let goal = (
            w[2].as_bytes()[0],
            w[3].parse().unwrap(),
            w[4].parse().unwrap(),
        );
        let metric = w
            .iter()
            .position(|&x| x == "metric")
            .map_or("moves", |i| w[i + 1]);
        assert_eq!(
            replay(grid, &g, metric, goal),
            replay(grid, &b, metric, goal),
            "{args}"
        );
        assert_eq!(
            g.lines().skip(1).collect::<Vec<_>>(),
            b.lines().skip(1).collect::<Vec<_>>(),
            "{args}"
        );
    }
}

#[test]
fn both_paths_stop_and_respect_the_memory_limit() {
    for path in [Path::General, Path::Bitboard] {
        let stopped = SearchControl::unlimited().with_max_nodes(1);
        let e = run_path(
            "BAAC/BAAC/DEEF/DGHF/I..J",
            path,
            &stopped,
            &EngineOptions::default(),
        )
        .unwrap_err();
        assert!(e.starts_with("search stopped: "), "{path:?}: {e}");
        // 2x2 + soldiers on 6x6 (25 + 36 placements: both paths take it); millions of positions.
        let big = "AABCDE/AAFGHI/JKLMNO/PQRSTU/....../......";
        let small = EngineOptions {
            hash_mib: 1,
            ..EngineOptions::default()
        };
        let e = run_path(big, path, &SearchControl::unlimited(), &small).unwrap_err();
        assert!(
            e.starts_with("out of memory: more than 1 MiB"),
            "{path:?}: {e}"
        );
    }
}

/// A small deterministic generator (64-bit LCG) for random layouts.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A random layout on a `w` x `h` board: `A` of a random shape first, then pieces of random
/// shapes (1x1, 1x2, 2x1, 2x2, 1x3, 3x1) dropped where they fit, leaving at least two cells empty.
fn random_layout(rng: &mut Lcg, w: usize, h: usize) -> Option<String> {
    let shapes = [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1)];
    let mut cells = vec![b'.'; w * h];
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut placed = 0;
    let mut filled = 0;
    for _ in 0..60 {
        if placed == letters.len() || filled + 2 >= w * h {
            break;
        }
        let (ph, pw) = shapes[rng.below(shapes.len())];
        if ph > h || pw > w {
            continue;
        }
        let (r, c) = (rng.below(h - ph + 1), rng.below(w - pw + 1));
        let free = (r..r + ph).all(|rr| (c..c + pw).all(|cc| cells[rr * w + cc] == b'.'));
        if !free || filled + ph * pw + 2 > w * h {
            continue;
        }
        for rr in r..r + ph {
            for cc in c..c + pw {
                cells[rr * w + cc] = letters[placed];
            }
        }
        placed += 1;
        filled += ph * pw;
    }
    (placed >= 2).then(|| {
        cells
            .chunks(w)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect::<Vec<_>>()
            .join("/")
    })
}

#[test]
fn both_paths_agree_on_random_small_boards() {
    let (control, options) = (SearchControl::unlimited(), EngineOptions::default());
    let mut rng = Lcg(2026);
    let (mut compared, mut solved) = (0, 0);
    while compared < 150 {
        // Up to 4x5: open 5x5 boards can have millions of positions.
        let (w, h) = (3 + rng.below(2), 3 + rng.below(3));
        let Some(grid) = random_layout(&mut rng, w, h) else {
            continue;
        };
        let layout = gridmind::puzzles::klotski::grid::parse_grid(&grid).unwrap();
        let a = *layout.piece(b'A').unwrap();
        let goal = (
            b'A',
            rng.below(h - a.height + 1),
            rng.below(w - a.width + 1),
        );
        let metric = ["moves", "slides", "steps"][rng.below(3)];
        let args = format!("{grid} goal A {} {} metric {metric} all", goal.1, goal.2);
        let bitboard = run_path(&args, Path::Bitboard, &control, &options);
        if matches!(&bitboard, Err(e) if e.starts_with("bitboard path")) {
            continue;
        }
        let general = run_path(&args, Path::General, &control, &options);
        match (&general, &bitboard) {
            (Ok(g), Ok(b)) => {
                assert_eq!(
                    replay(&grid, g, metric, goal),
                    replay(&grid, b, metric, goal),
                    "{args}"
                );
                let tail = |a: &str| a.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
                assert_eq!(tail(g), tail(b), "{args}");
                solved += 1;
            }
            (Err(g), Err(b)) => assert_eq!(g, b, "{args}"),
            _ => panic!("{args}: general {general:?}, bitboard {bitboard:?}"),
        }
        compared += 1;
    }
    eprintln!("random boards: {solved} of {compared} solvable, the rest proven unsolvable by both");
    assert!(
        solved >= 50,
        "only {solved} of 150 random boards were solvable"
    );
}
