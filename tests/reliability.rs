//! Reliability regressions of issue 13: a table that cannot be had does not abort the engine,
//! memory budgets bound the peak resident size, and many helper threads still stop cleanly.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with `input` on stdin under an address-space limit of `limit_mib` MiB (so an
/// allocation bigger than that fails on any machine, however much memory it has); returns
/// success, stdout and stderr.
#[cfg(target_os = "linux")]
fn run_limited(limit_mib: u64, args: &[&str], input: &str) -> (bool, String, String) {
    use std::os::unix::process::CommandExt;
    let bytes = limit_mib << 20;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridmind"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: `setrlimit` is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("the binary starts");
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input.as_bytes()).expect("write the script");
    }
    let out = child.wait_with_output().expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 13, item 1: `setoption hash 65536` then a move used to die with "memory allocation of
/// 68719476736 bytes failed". Now the table is halved until it fits, an `info` line says so,
/// and the session goes on.
#[cfg(target_os = "linux")]
#[test]
fn a_hash_that_cannot_be_had_is_halved_not_fatal() {
    let (ok, out, err) = run_limited(
        3 << 10,
        &["--protocol", "gtp"],
        "setoption hash 65536\ngame gomoku 15\nplay b h8\ngenmove w depth 1\ngenmove b depth 2\nname\n",
    );
    assert!(ok, "exit failure; stderr: {err}");
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 6, "{out}");
    assert_eq!(&answers[..3], ["= ", "= ", "= "]);
    for a in &answers[3..5] {
        assert!(
            a.len() > 2 && a.starts_with("= ") && a[2..].chars().all(|c| c.is_ascii_alphanumeric()),
            "a move: {a:?}"
        );
    }
    assert_eq!(answers[5], "= gridmind");
    let note = err
        .lines()
        .find_map(|l| l.split_once("string hash 65536 MiB could not be allocated; using "))
        .map(|(_, rest)| rest)
        .unwrap_or_else(|| panic!("no info line about the smaller table in {err:?}"));
    let got: usize = note
        .trim_end_matches(" MiB")
        .parse()
        .expect("a size in MiB");
    assert!(
        (1..3 << 10).contains(&got),
        "table of {got} MiB under a 3 GiB limit"
    );
    // Said once: the second move reuses the table.
    assert_eq!(err.matches("could not be allocated").count(), 1, "{err}");
}

/// The same under Gomocup, where the note is a `MESSAGE` line: the default 256 MiB table does not
/// fit a 200 MB address space, a smaller one does, and the brain plays on. (A 30 s turn, so the
/// table sized to the turn is all of `hash`: the 2 s default would want only 64 MiB.)
#[cfg(target_os = "linux")]
#[test]
fn gomocup_says_in_a_message_when_the_table_is_smaller() {
    let (ok, out, err) = run_limited(
        200,
        &["--protocol", "gomocup"],
        "START 15\nINFO timeout_turn 30000\nBEGIN\nTURN 8,8\nABOUT\nEND\n",
    );
    assert!(ok, "exit failure; stderr: {err}");
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("MESSAGE depth"))
        .collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], "OK");
    let note = lines[1]
        .strip_prefix(
            "MESSAGE nodes 0 nps 0 time 0 string hash 256 MiB could not be allocated; using ",
        )
        .unwrap_or_else(|| panic!("no note: {out}"));
    let got: usize = note.trim_end_matches(" MiB").parse().expect("a size");
    assert!((1..256).contains(&got), "{got} MiB");
    assert_eq!(lines[2], "7,7");
    assert!(lines[3].contains(','), "a move: {}", lines[3]);
    assert!(lines[4].starts_with("name=\"gridmind\""), "{}", lines[4]);
}

/// Issue 13, item 3: `stop` with 64 threads answers without waiting for every helper; the
/// helpers finish in the background and the next search (joining them first) still works,
/// as does a fixed-depth search on 64 threads (helpers joined before the safety net).
#[test]
fn many_threads_stop_and_search_again() {
    let mut e = common::Engine::start(&["--protocol", "gtp"]);
    assert_eq!(e.gtp("setoption threads 64"), "= ");
    assert_eq!(e.gtp("game gomoku 15"), "= ");
    assert_eq!(e.gtp("play b h8"), "= ");
    assert_eq!(e.gtp("play w j9"), "= ");
    for _ in 0..3 {
        e.send("genmove b infinite");
        std::thread::sleep(std::time::Duration::from_millis(50));
        let m = e.gtp("stop");
        assert!(m.starts_with("= ") && m.len() > 2, "genmove answer {m:?}");
        assert_eq!(
            e.answer_within(std::time::Duration::from_secs(10)),
            Some("= ".into())
        );
    }
    let m = e.gtp("genmove b depth 3");
    assert!(m.starts_with("= ") && m.len() > 2, "{m:?}");
    assert_eq!(e.gtp("name"), "= gridmind");
}

/// Resident memory the process has besides a search's stored states (binary, stacks, I/O
/// buffers, allocator slack): the "few MiB of fixed overhead" the budget does not cover.
#[cfg(target_os = "linux")]
const FIXED_OVERHEAD_KIB: u64 = 6 << 10;

/// Peak resident size (VmHWM) of a live process, in KiB.
#[cfg(target_os = "linux")]
fn peak_kib(pid: u32) -> u64 {
    common::status_kib(pid, "VmHWM:")
}

/// The 24-puzzle, far too deep for a breadth-first search: every search that stores
/// states runs into its budget.
const DEEP_24: &str =
    "solve npuzzle 5x5 6 0 18 20 9 7 1 19 13 21 10 15 3 23 8 5 17 14 12 4 11 16 2 22 24";

/// Issue 13, item 2: `hash` bounds the peak resident size of every search that stores states
/// (it was 1.7-1.8 times the budget for bfs: hash-table growth and layers were not counted).
/// Each search fills its budget (the answer is the out-of-memory error, and the peak is well
/// above half the budget) without passing it by more than the fixed overhead.
#[cfg(target_os = "linux")]
#[test]
fn the_memory_budget_bounds_the_peak_resident_size() {
    let klotski = "solve klotski AABCDE/AAFGHI/JKLMNO/PQRSTU/....../......".to_string();
    let cases = [
        (
            format!("{DEEP_24} algorithm bfs"),
            24u64,
            "search stopped: memory budget",
        ),
        (
            format!("{DEEP_24} algorithm bibfs"),
            24,
            "search stopped: memory budget",
        ),
        (
            format!("{DEEP_24} algorithm astar"),
            24,
            "search stopped: memory budget",
        ),
        (
            format!("{DEEP_24} algorithm bfs"),
            64,
            "search stopped: memory budget",
        ),
        (klotski, 24, "out of memory"),
    ];
    for (command, mib, error) in cases {
        // A fresh process each time: VmHWM is a high-water mark.
        let mut e = common::Engine::start(&["--protocol", "gtp"]);
        assert_eq!(e.gtp(&format!("setoption hash {mib}")), "= ");
        let answer = e.gtp(&command);
        assert!(
            answer.starts_with(&format!("? {error}")),
            "{command}: {answer}"
        );
        let peak = peak_kib(e.pid());
        println!("{command} under hash {mib}: peak {peak} KiB");
        assert!(
            peak <= (mib << 10) + FIXED_OVERHEAD_KIB,
            "{command}: peak {peak} KiB over hash {mib} MiB"
        );
        assert!(
            peak > (mib << 10) / 2,
            "{command}: peak {peak} KiB, budget unused"
        );
        assert_eq!(e.gtp("name"), "= gridmind");
    }
}

/// Minor page faults of a live process so far (`/proc/PID/stat`, field 10).
#[cfg(target_os = "linux")]
fn minor_faults(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc stat");
    // The command name may hold spaces; the fields after it are plain numbers.
    let after_name = stat.rsplit_once(')').expect("(comm)").1;
    after_name
        .split_whitespace()
        .nth(7)
        .and_then(|v| v.parse().ok())
        .expect("minflt")
}

/// A gomoku game leaves its table to the next gomoku game of the process, so the new game's
/// first search does not take a fresh table's page faults inside its clock (16,384 for 64 MiB;
/// a few thousand are the search's own);
/// a game of another kind frees it.
#[cfg(target_os = "linux")]
#[test]
fn the_gomoku_table_outlives_its_game_and_not_a_change_of_game() {
    const TABLE_KIB: u64 = 64 << 10;
    let mut e = common::Engine::start(&["--protocol", "gtp"]);
    let pid = e.pid();
    assert_eq!(e.gtp("setoption hash 64"), "= ");
    assert_eq!(e.gtp("game gomoku 15"), "= ");
    let rss_before = common::status_kib(pid, "VmRSS:");
    // A node budget, not a time: a loaded machine (the rest of the suite runs beside this
    // test) must not make the search too small to fill the table.
    let search = |e: &mut common::Engine| {
        assert_eq!(e.gtp("play b h8"), "= ");
        let a = e.gtp("genmove w nodes 400000");
        assert!(a.starts_with("= "), "{a}");
    };
    search(&mut e);
    let rss_searched = common::status_kib(pid, "VmRSS:");
    // 400,000 nodes store into nearly every one of the table's 16,384 pages.
    assert!(
        rss_searched > rss_before + TABLE_KIB * 3 / 4,
        "{rss_before} KiB, then {rss_searched} KiB"
    );

    assert_eq!(e.gtp("clear_board"), "= ");
    let rss_cleared = common::status_kib(pid, "VmRSS:");
    assert!(
        rss_cleared > rss_searched - TABLE_KIB / 8,
        "a new game kept {rss_cleared} of {rss_searched} KiB"
    );
    let faults = minor_faults(pid);
    search(&mut e);
    let new_game_faults = minor_faults(pid) - faults;
    println!("first search of the second game: {new_game_faults} minor page faults");
    assert!(
        new_game_faults < TABLE_KIB / 4 / 2,
        "{new_game_faults} page faults: the table was not reused"
    );

    assert_eq!(e.gtp("game tictactoe"), "= ");
    let rss_other = common::status_kib(pid, "VmRSS:");
    assert!(
        rss_other < rss_searched - TABLE_KIB * 3 / 4,
        "another game freed only {} of {rss_searched} KiB",
        rss_searched.saturating_sub(rss_other)
    );
    assert_eq!(e.gtp("name"), "= gridmind");
}
