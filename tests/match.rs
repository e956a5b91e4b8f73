//! Integration tests of `gridmind match`: short real matches between real processes — gridmind
//! against its weakest level and against a copy of itself, perfect tic-tac-toe players, and
//! deliberately broken brains (`gridmind-testbrain`, a binary of this crate, so the tests need no
//! shell and run on Windows too) that must each lose with the right reason while the runner
//! survives and restarts them.
//!
//! Engine command lines quote every path (`"PATH" ARGS`), which both systems' splitting reads
//! the same way, so a folder name with a space or a Windows path's backslashes cannot break them.
//!
//! Time controls are short but tolerances generous: these tests check structure and reasons,
//! never timings.

use std::path::PathBuf;
use std::process::Command;

const GM: &str = env!("CARGO_BIN_EXE_gridmind");
/// The broken brain: see `src/bin/gridmind-testbrain.rs` for its modes.
const TB: &str = env!("CARGO_BIN_EXE_gridmind-testbrain");

/// `path` quoted for an engine command line (Unix or Windows rules).
fn q(path: impl std::fmt::Display) -> String {
    format!("\"{path}\"")
}

/// gridmind's engine command line with `args`.
fn gm(args: &str) -> String {
    format!("{} {args}", q(GM))
}

/// The broken brain's engine command line with `args` (mode and its arguments).
fn brain(args: &str) -> String {
    format!("{} {args}", q(TB))
}

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/match")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("gridmind-match-{}-{name}", std::process::id()))
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_match(args: &[&str]) -> Run {
    let out = Command::new(GM)
        .arg("match")
        .args(args)
        .output()
        .expect("gridmind runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A parsed `game N: BLACK vs WHITE RESULT (REASON)` line.
#[derive(Debug)]
struct GameLine {
    number: usize,
    black: String,
    white: String,
    result: String,
    reason: String,
}

fn games(stdout: &str) -> Vec<GameLine> {
    stdout
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| {
            let (head, rest) = l.split_once(": ").expect("game N: ...");
            let number = head["game ".len()..].parse().expect("game number");
            let (players, reason) = rest.split_once(" (").expect("(reason)");
            let reason = reason
                .strip_suffix(')')
                .expect("closing bracket")
                .to_string();
            let words: Vec<&str> = players.split(' ').collect();
            assert_eq!(words.len(), 4, "{l}");
            assert_eq!(words[1], "vs", "{l}");
            GameLine {
                number,
                black: words[0].into(),
                white: words[2].into(),
                result: words[3].into(),
                reason,
            }
        })
        .collect()
}

/// One engine's row of the results table.
#[derive(Debug, PartialEq)]
struct Row {
    games: u32,
    wld: [u32; 3],
    score: f64,
    black: [u32; 3],
    white: [u32; 3],
    timeouts: u32,
    illegal: u32,
    crashes: u32,
    errors: u32,
}

fn wld(s: &str) -> [u32; 3] {
    let v: Vec<u32> = s.split('-').map(|n| n.parse().expect("W-L-D")).collect();
    [v[0], v[1], v[2]]
}

fn row(stdout: &str, name: &str) -> Row {
    let line = stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name) && !l.starts_with("game "))
        .unwrap_or_else(|| panic!("no table row for {name} in\n{stdout}"));
    let w: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(w.len(), 12, "{line}");
    let n = |i: usize| w[i].parse::<u32>().expect("number");
    Row {
        games: n(1),
        wld: wld(w[2]),
        score: w[3].parse().expect("score"),
        black: wld(w[4]),
        white: wld(w[5]),
        timeouts: n(8),
        illegal: n(9),
        crashes: n(10),
        errors: n(11),
    }
}

/// What holds for every finished match: one line per game, numbers 1..=N, tables that add up
/// and agree with the game lines.
fn check_consistent(r: &Run, names: [&str; 2], n: usize) -> (Row, Row) {
    assert_eq!(r.code, 0, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    let g = games(&r.stdout);
    let mut numbers: Vec<usize> = g.iter().map(|g| g.number).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=n).collect::<Vec<_>>(), "{}", r.stdout);
    let a = row(&r.stdout, names[0]);
    let b = row(&r.stdout, names[1]);
    for (me, other) in [(&a, &b), (&b, &a)] {
        assert_eq!(me.games as usize, n);
        assert_eq!(me.wld.iter().sum::<u32>() as usize, n);
        assert_eq!(me.wld[0], other.wld[1]);
        assert_eq!(me.wld[2], other.wld[2]);
        for i in 0..3 {
            assert_eq!(me.black[i] + me.white[i], me.wld[i]);
        }
        assert_eq!(me.score, me.wld[0] as f64 + me.wld[2] as f64 / 2.0);
    }
    // Per-game lines agree with the table.
    let mut wins = [0u32; 2];
    for line in &g {
        assert!(names.contains(&line.black.as_str()) && names.contains(&line.white.as_str()));
        assert_ne!(line.black, line.white);
        let winner = match line.result.as_str() {
            "1-0" => Some(&line.black),
            "0-1" => Some(&line.white),
            "1/2-1/2" => None,
            other => panic!("bad result {other}"),
        };
        if let Some(w) = winner {
            wins[names.iter().position(|n| n == w).unwrap()] += 1;
        }
        assert!(!line.reason.is_empty());
    }
    assert_eq!(wins, [a.wld[0], b.wld[0]], "{}", r.stdout);
    (a, b)
}

#[test]
fn gridmind_against_its_weakest_level() {
    let r = run_match(&[
        "--engine",
        &gm("--protocol gomocup"),
        "--name",
        "full",
        "--engine",
        &gm("--protocol gomocup"),
        "--name",
        "weakest",
        "--option",
        "strength=0",
        "--openings",
        &data("openings-15.txt"),
        "--games",
        "4",
        "--concurrency",
        "2",
        "--tc-move",
        "100",
        "--tolerance",
        "2000",
    ]);
    let (full, weak) = check_consistent(&r, ["full", "weakest"], 4);
    // Both played each color equally: each opening twice with colors swapped.
    assert_eq!(full.black.iter().sum::<u32>(), 2);
    assert_eq!(weak.black.iter().sum::<u32>(), 2);
    // gridmind never fails a game, whatever its strength.
    for row in [&full, &weak] {
        assert_eq!(
            (row.timeouts, row.illegal, row.crashes, row.errors),
            (0, 0, 0, 0),
            "{}",
            r.stdout
        );
    }
    for g in games(&r.stdout) {
        assert!(g.reason == "five" || g.reason == "draw", "{g:?}");
    }
    // Full strength outscores the weakest level (greedy, no search) over balanced openings.
    assert!(full.score > weak.score, "{}", r.stdout);
}

#[test]
fn gridmind_against_a_copy_of_itself_over_gtp_with_sgf() {
    let sgf = temp("copy.sgf");
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &q(GM),
        "--protocol",
        "gtp",
        "--openings",
        &data("openings-15.txt"),
        "--games",
        "2",
        "--tc-move",
        "100",
        "--tolerance",
        "2000",
        "--sgf",
        sgf.to_str().unwrap(),
    ]);
    let _ = check_consistent(&r, ["gridmind", "gridmind-2"], 2);
    let text = std::fs::read_to_string(&sgf).expect("sgf written");
    let _ = std::fs::remove_file(&sgf);
    let trees: Vec<&str> = text.split("(;FF[4]").skip(1).collect();
    assert_eq!(trees.len(), 2, "{text}");
    for (tree, line) in trees.iter().zip(games(&r.stdout)) {
        assert!(
            tree.contains(&format!("GN[game {}]", line.number)),
            "{tree}"
        );
        assert!(tree.contains(&format!("PB[{}]PW[{}]", line.black, line.white)));
        let re = match line.result.as_str() {
            "1-0" => "RE[B+",
            "0-1" => "RE[W+",
            _ => "RE[0]",
        };
        assert!(tree.contains(re), "{tree}");
        // The opening (3 stones) starts every game: 0,0 1,0 1,3 from the centre h8.
        assert!(tree.contains(";B[hh];W[ih];B[ik]"), "{tree}");
        if line.reason == "five" {
            assert!(tree.matches(";B[").count() >= 5, "{tree}");
        }
    }
}

#[test]
fn perfect_tictactoe_players_draw_every_game() {
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--option",
        "seed=1",
        "--engine",
        &q(GM),
        "--option",
        "seed=2",
        "--game",
        "tictactoe",
        "--games",
        "6",
        "--tc-move",
        "300",
        "--tolerance",
        "2000",
    ]);
    let (a, _) = check_consistent(&r, ["gridmind", "gridmind-2"], 6);
    assert_eq!(a.wld, [0, 0, 6], "{}", r.stdout);
    for g in games(&r.stdout) {
        assert_eq!((g.result.as_str(), g.reason.as_str()), ("1/2-1/2", "draw"));
    }
}

/// (4,4,3) is a first-player win: two perfect players each win with black, by 3 in a row,
/// and the referee says so.
#[test]
fn perfect_mnk_players_win_every_game_with_black() {
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &q(GM),
        "--game",
        "mnk 4 4 3",
        "--games",
        "2",
        "--tc-move",
        "1000",
        "--tolerance",
        "2000",
    ]);
    let (a, _) = check_consistent(&r, ["gridmind", "gridmind-2"], 2);
    assert_eq!(a.wld, [1, 1, 0], "{}", r.stdout);
    for g in games(&r.stdout) {
        assert_eq!(g.reason, "3 in a row", "{}", r.stdout);
    }
}

/// Plays two games of gridmind against the broken brain in `mode`; the brain must lose both with
/// `reason` (and `detail` somewhere in it), counted in `column` (timeouts, illegal, crashes,
/// errors). With `restarts`, the brain must have been replaced by a fresh process for game 2.
fn broken(mode: &str, reason: &str, detail: &str, column: fn(&Row) -> u32, restarts: bool) {
    broken_over("gomocup", mode, reason, detail, column, restarts)
}

fn broken_over(
    protocol: &str,
    mode: &str,
    reason: &str,
    detail: &str,
    column: fn(&Row) -> u32,
    restarts: bool,
) {
    let sgf = temp(&format!("broken-{protocol}-{mode}.sgf"));
    let log = temp(&format!("broken-{protocol}-{mode}.log"));
    let command = match protocol {
        "gtp" => brain(&format!("gtp {mode}")),
        _ => brain(mode),
    };
    let r = run_match(&[
        "--protocol",
        protocol,
        "--engine",
        &gm(&format!("--protocol {protocol}")),
        "--engine",
        &command,
        "--name",
        "gridmind",
        "--name",
        "broken",
        "--openings",
        &data("openings-15.txt"),
        "--games",
        "2",
        "--tc-move",
        "200",
        "--tolerance",
        "800",
        "--sgf",
        sgf.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
    ]);
    let (gm, brk) = check_consistent(&r, ["gridmind", "broken"], 2);
    assert_eq!(brk.wld, [0, 2, 0], "{}", r.stdout);
    assert_eq!(column(&brk), 2, "{}", r.stdout);
    assert_eq!(
        (gm.timeouts, gm.illegal, gm.crashes, gm.errors),
        (0, 0, 0, 0)
    );
    for g in games(&r.stdout) {
        assert!(
            g.reason.starts_with(&format!("{reason}: broken")) && g.reason.contains(detail),
            "{mode}: {g:?}"
        );
    }
    let text = std::fs::read_to_string(&sgf).expect("sgf written");
    let _ = std::fs::remove_file(&sgf);
    // The traffic log names each lost game's reason on the broken brain's side.
    let traffic = std::fs::read_to_string(&log).expect("log written");
    let _ = std::fs::remove_file(&log);
    for game in 1..=2 {
        let lost = format!("broken # game {game} lost: {reason}: broken");
        assert!(traffic.contains(&lost), "{mode}: no '{lost}' in the log");
    }
    if restarts {
        // A fresh brain in game 2 plays its two good moves (a1-corner points) again before failing.
        for tree in text.split("(;FF[4]").skip(1) {
            assert!(
                tree.contains("[aa]") && tree.contains("[ba]"),
                "{mode}: {tree}"
            );
        }
    }
}

#[test]
fn brain_playing_an_occupied_point_loses() {
    broken(
        "occupied",
        "illegal move",
        "(occupied)",
        |r| r.illegal,
        false,
    );
}

#[test]
fn brain_playing_off_the_board_loses() {
    broken(
        "offboard",
        "illegal move",
        "played 99,99 (off the board)",
        |r| r.illegal,
        false,
    );
}

#[test]
fn brain_answering_garbage_loses_and_is_restarted() {
    broken(
        "garbage",
        "illegal move",
        "answered 'hello' (not a move)",
        |r| r.illegal,
        true,
    );
}

#[test]
fn brain_sleeping_past_its_time_loses_and_is_restarted() {
    broken(
        "sleep",
        "timeout",
        "+ 800 ms tolerance",
        |r| r.timeouts,
        true,
    );
}

#[test]
fn brain_exiting_mid_game_loses_and_is_restarted() {
    broken("exit", "crash", "exited with status 3", |r| r.crashes, true);
}

#[test]
fn brain_answering_error_loses_and_is_restarted() {
    broken("error", "error", "ERROR out of ideas", |r| r.errors, true);
}

#[test]
fn gtp_engines_that_crash_time_out_or_refuse_lose_and_are_restarted() {
    broken_over(
        "gtp",
        "exit",
        "crash",
        "exited with status 3",
        |r| r.crashes,
        true,
    );
    broken_over(
        "gtp",
        "sleep",
        "timeout",
        "ms tolerance",
        |r| r.timeouts,
        true,
    );
    broken_over(
        "gtp",
        "error",
        "error",
        "genmove: out of ideas",
        |r| r.errors,
        true,
    );
    broken_over(
        "gtp",
        "occupied",
        "illegal move",
        "(occupied)",
        |r| r.illegal,
        false,
    );
}

/// A timed-out engine is killed with everything it started (on Unix its process group, on
/// Windows its job object): the sleeping brain's child process, which announces itself in
/// `MARK.started` at once, would otherwise wake up after 3 s and create MARK.
#[test]
fn a_killed_engine_takes_its_children_along() {
    let mark = temp("orphan-mark");
    let started = temp("orphan-mark.started");
    let _ = std::fs::remove_file(&mark);
    let _ = std::fs::remove_file(&started);
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &brain(&format!("sleep 0 {}", q(mark.display()))),
        "--games",
        "1",
        "--tc-move",
        "300",
        "--tolerance",
        "700",
    ]);
    let _ = check_consistent(&r, ["gridmind", "gridmind-testbrain"], 1);
    let g = &games(&r.stdout)[0];
    assert!(g.reason.starts_with("timeout: gridmind-testbrain"), "{g:?}");
    std::thread::sleep(std::time::Duration::from_millis(3500));
    let (ran, outlived) = (started.exists(), mark.exists());
    let _ = std::fs::remove_file(&mark);
    let _ = std::fs::remove_file(&started);
    // Without this the test would pass for a child that never ran.
    assert!(ran, "the brain's child process never started");
    assert!(!outlived, "the brain's child process outlived the kill");
}

#[test]
fn match_time_runs_out() {
    // No per-move limit, 600 ms per game: the sleeper's third answer (3 s) exhausts it.
    let r = run_match(&[
        "--engine",
        &gm("--protocol gomocup"),
        "--engine",
        &brain("sleep"),
        "--name",
        "gridmind",
        "--name",
        "broken",
        "--games",
        "1",
        "--tc-move",
        "0",
        "--tc-match",
        "600",
        "--tolerance",
        "400",
    ]);
    let _ = check_consistent(&r, ["gridmind", "broken"], 1);
    let g = &games(&r.stdout)[0];
    assert!(g.reason.starts_with("timeout: broken"), "{g:?}");
}

#[test]
fn a_match_that_cannot_run_exits_2_with_a_reason() {
    let missing = run_match(&["--engine", "/nonexistent/engine", "--engine", &q(GM)]);
    assert_eq!(missing.code, 2);
    // The same words on every system (not the system's "No such file or directory").
    assert!(
        missing
            .stderr
            .contains("cannot start '/nonexistent/engine': not found"),
        "{}",
        missing.stderr
    );
    let one = run_match(&["--engine", &q(GM)]);
    assert_eq!(one.code, 2);
    assert!(
        one.stderr.contains("exactly two --engine"),
        "{}",
        one.stderr
    );
    let bad = temp("bad-openings.txt");
    std::fs::write(&bad, "0,0, 1,1\n0,0, 0,0\n").unwrap();
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &q(GM),
        "--openings",
        bad.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("openings line 2"), "{}", r.stderr);
    assert!(!r.stdout.contains("game 1"));
    let unwritable = run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &q(GM),
        "--sgf",
        "/nonexistent-dir/games.sgf",
    ]);
    assert_eq!(unwritable.code, 2);
    assert!(
        unwritable.stderr.contains("cannot write"),
        "{}",
        unwritable.stderr
    );
    assert!(!unwritable.stdout.contains("game 1"));
    let help = run_match(&["--help"]);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("--tc-move"), "{}", help.stdout);
}

#[test]
fn engine_runs_in_its_working_directory() {
    // The required file's path is relative: it only opens inside --dir (else the brain exits).
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &brain("--require openings-15.txt occupied"),
        "--dir",
        &data(""),
        "--games",
        "1",
        "--tc-move",
        "200",
        "--tolerance",
        "800",
    ]);
    let _ = check_consistent(&r, ["gridmind", "gridmind-testbrain"], 1);
    let g = &games(&r.stdout)[0];
    assert!(
        g.reason.starts_with("illegal move: gridmind-testbrain"),
        "{g:?}"
    );
}

/// An engine in a folder whose name has a space, named by its full path as a user would type
/// it: on Windows a path with backslashes (`"C:\...\engine dir\gridmind-testbrain.exe"`), which
/// must reach the system intact.
#[test]
fn an_engine_in_a_folder_with_a_space_runs() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("match engine dir {}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("engine folder");
    let exe = dir.join(PathBuf::from(TB).file_name().expect("a file name"));
    let _ = std::fs::remove_file(&exe);
    // A hard link (the same file, never open for writing) where the system allows it.
    if std::fs::hard_link(TB, &exe).is_err() {
        std::fs::copy(TB, &exe).expect("engine copied");
    }
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &format!("{} occupied", q(exe.display())),
        "--games",
        "1",
        "--tc-move",
        "200",
        "--tolerance",
        "800",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = check_consistent(&r, ["gridmind", "gridmind-testbrain"], 1);
    let g = &games(&r.stdout)[0];
    assert!(
        g.reason.starts_with("illegal move: gridmind-testbrain") && g.reason.contains("(occupied)"),
        "{g:?}"
    );
}

/// The baseline brain from `../shared/` (python3): run only where both exist, since tests must
/// pass without `../shared/`.
#[test]
fn against_the_seed_brain_where_available() {
    let brain =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/gomoku/seed_greedy_brain.py");
    let python = Command::new("python3").arg("--version").output().is_ok();
    if !brain.exists() || !python {
        eprintln!("skipped: no ../shared/gomoku/seed_greedy_brain.py or python3");
        return;
    }
    let r = run_match(&[
        "--engine",
        &gm("--protocol gomocup"),
        "--engine",
        &format!("python3 {}", brain.display()),
        "--name",
        "gridmind",
        "--name",
        "seed",
        "--openings",
        &data("openings-15.txt"),
        "--games",
        "4",
        "--concurrency",
        "2",
        "--tc-move",
        "100",
        "--tolerance",
        "2000",
    ]);
    let (gm, seed) = check_consistent(&r, ["gridmind", "seed"], 4);
    for row in [&gm, &seed] {
        assert_eq!(
            (row.timeouts, row.illegal, row.crashes, row.errors),
            (0, 0, 0, 0),
            "{}",
            r.stdout
        );
    }
}

/// The referee's legality is the engine's own rules code: the same move is a forbidden overline
/// under renju and a winning five under freestyle.
#[test]
fn renju_forbidden_move_loses_and_freestyle_five_wins() {
    let play = |rule: &str| {
        let r = run_match(&[
            "--engine",
            &brain(r#"script "7,7 0,0""#),
            "--engine",
            &q(GM),
            "--name",
            "scripted",
            "--name",
            "gridmind",
            "--rule",
            rule,
            "--openings",
            &data("renju-overline.txt"),
            "--games",
            "1",
            "--tc-move",
            "200",
            "--tolerance",
            "800",
        ]);
        let _ = check_consistent(&r, ["scripted", "gridmind"], 1);
        games(&r.stdout).remove(0)
    };
    let renju = play("renju");
    assert_eq!(renju.result, "0-1", "{renju:?}");
    assert_eq!(
        renju.reason,
        "illegal move: scripted played 7,7 (forbidden)"
    );
    let free = play("freestyle");
    assert_eq!(
        (free.result.as_str(), free.reason.as_str()),
        ("1-0", "five")
    );
}

/// The `pairs N: LL a, LD b, DD/WL c, WD d, WW e; ...` line of the table, as counts.
fn pair_counts(stdout: &str) -> [u32; 5] {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("pairs "))
        .unwrap_or_else(|| panic!("no pairs line in\n{stdout}"));
    let (head, rest) = line.split_once(": ").expect("pairs N: ...");
    let classes = rest.split(';').next().expect("counts");
    let counts: Vec<u32> = classes
        .split(", ")
        .map(|c| {
            c.rsplit(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("count")
        })
        .collect();
    assert_eq!(counts.len(), 5, "{line}");
    assert_eq!(
        head["pairs ".len()..].parse::<u32>().expect("pair total"),
        counts.iter().sum::<u32>()
    );
    [counts[0], counts[1], counts[2], counts[3], counts[4]]
}

/// The `sprt ...: LLR x (bounds lo .. hi); VERDICT after N pairs` line: LLR, verdict, pairs.
fn sprt_line(stdout: &str) -> (f64, String, u32) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("sprt "))
        .unwrap_or_else(|| panic!("no sprt line in\n{stdout}"));
    let llr = line
        .split_once("LLR ")
        .and_then(|(_, r)| r.split(' ').next())
        .and_then(|v| v.parse().ok())
        .expect("LLR value");
    let (_, verdict) = line.split_once("); ").expect("verdict");
    let (verdict, pairs) = verdict.split_once(" after ").expect("after N pairs");
    let pairs = pairs
        .strip_suffix(" pairs")
        .and_then(|n| n.parse().ok())
        .expect("pairs");
    (llr, verdict.to_string(), pairs)
}

#[test]
fn sprt_against_the_weakest_level_stops_early_with_h1() {
    let r = run_match(&[
        "--engine",
        &q(GM),
        "--name",
        "full",
        "--engine",
        &q(GM),
        "--name",
        "weakest",
        "--option",
        "strength=0",
        "--openings",
        &data("../gomoku/piskvork-openings-15.txt"),
        "--games",
        "60",
        "--concurrency",
        "2",
        "--tc-move",
        "100",
        "--tolerance",
        "2000",
        "--sprt",
        "elo0=0",
        "elo1=200",
    ]);
    assert_eq!(r.code, 0, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    let (llr, verdict, pairs) = sprt_line(&r.stdout);
    assert_eq!(verdict, "H1 accepted", "{}", r.stdout);
    assert!(llr >= 2.94, "{}", r.stdout);
    // Stopped early: a 30-pair match needed far fewer (8 pairs won twice over suffice).
    assert!((8..30).contains(&pairs), "{}", r.stdout);
    // Only whole pairs count: every game line printed has its partner (games 2k-1 and 2k), and
    // the tables hold exactly those games.
    let lines = games(&r.stdout);
    assert_eq!(lines.len() as u32, 2 * pairs, "{}", r.stdout);
    let numbers: std::collections::HashSet<usize> = lines.iter().map(|g| g.number).collect();
    for n in &numbers {
        let partner = if n % 2 == 1 { n + 1 } else { n - 1 };
        assert!(numbers.contains(&partner), "game {n} without {partner}");
    }
    assert_eq!(row(&r.stdout, "full").games, 2 * pairs);
    let counts = pair_counts(&r.stdout);
    assert_eq!(counts.iter().sum::<u32>(), pairs);
    // The pair classes agree with the game lines: full's points in each pair.
    let mut from_lines = [0u32; 5];
    let mut points = std::collections::HashMap::new();
    for g in &lines {
        let full = match (g.result.as_str(), g.black == "full") {
            ("1/2-1/2", _) => 1,
            ("1-0", true) | ("0-1", false) => 2,
            _ => 0,
        };
        *points.entry((g.number - 1) / 2).or_insert(0) += full;
    }
    for p in points.values() {
        from_lines[*p] += 1;
    }
    assert_eq!(counts, from_lines, "{}", r.stdout);
}

/// Tic-tac-toe between perfect players: every pair is DD, an even score, so the verdict depends
/// only on where the bounds lie; fast enough to check every exit status.
fn tictactoe_sprt(sprt: &str, games: &str) -> Run {
    run_match(&[
        "--engine",
        &q(GM),
        "--engine",
        &q(GM),
        "--game",
        "tictactoe",
        "--games",
        games,
        "--concurrency",
        "2",
        "--tc-move",
        "300",
        "--tolerance",
        "2000",
        "--sprt",
        sprt,
    ])
}

#[test]
fn sprt_verdicts_reach_scripts_through_the_exit_status() {
    // An even score is below elo0 = 50: H0, exit 3.
    let h0 = tictactoe_sprt("elo0=50 elo1=100", "200");
    assert_eq!(h0.code, 3, "{}", h0.stdout);
    let (llr, verdict, pairs) = sprt_line(&h0.stdout);
    assert_eq!(verdict, "H0 accepted");
    assert!(llr <= -2.94 && pairs < 100, "{}", h0.stdout);
    assert_eq!(pair_counts(&h0.stdout), [0, 0, pairs, 0, 0]);
    // Above elo1 = -50: H1, exit 0.
    let h1 = tictactoe_sprt("elo0=-100 elo1=-50", "200");
    assert_eq!(h1.code, 0, "{}", h1.stdout);
    assert_eq!(sprt_line(&h1.stdout).1, "H1 accepted");
    // Between -10 and 10, and only two pairs: no verdict at --games, exit 4.
    let none = tictactoe_sprt("elo0=-10 elo1=10", "4");
    assert_eq!(none.code, 4, "{}", none.stdout);
    let (_, verdict, pairs) = sprt_line(&none.stdout);
    assert_eq!((verdict.as_str(), pairs), ("inconclusive", 2));
    assert_eq!(games(&none.stdout).len(), 4);
    // A test that cannot be set up is a match that cannot run: exit 2 before any game.
    let bad = tictactoe_sprt("elo0=10 elo1=0", "4");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("elo0 < elo1"), "{}", bad.stderr);
    assert!(!bad.stdout.contains("game 1"));
}

/// How many processes each engine of a 4-game tictactoe match started, read from the traffic
/// log's `started:` notes.
fn processes_started(extra: &[&str]) -> [usize; 2] {
    let log = temp(&format!("fresh-{}.log", extra.len()));
    let engine = q(GM);
    let mut args = vec![
        "--engine",
        &engine,
        "--name",
        "first",
        "--engine",
        &engine,
        "--name",
        "second",
        "--game",
        "tictactoe",
        "--games",
        "4",
        "--tc-move",
        "300",
        "--tolerance",
        "2000",
        "--log",
        log.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let r = run_match(&args);
    check_consistent(&r, ["first", "second"], 4);
    let traffic = std::fs::read_to_string(&log).expect("log written");
    let _ = std::fs::remove_file(&log);
    ["first", "second"].map(|name| {
        traffic
            .lines()
            .filter(|l| l.contains(&format!("{name} # started:")))
            .count()
    })
}

/// One process per engine plays every game; `--fresh-processes` starts a new one for each game,
/// as a Gomocup tournament does.
#[test]
fn fresh_processes_starts_the_engines_anew_for_every_game() {
    assert_eq!(processes_started(&[]), [1, 1]);
    assert_eq!(processes_started(&["--fresh-processes"]), [4, 4]);
}
