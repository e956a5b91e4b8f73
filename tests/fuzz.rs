//! A protocol fuzzer run against the real binary (issue 13): random and mutated lines of both
//! protocols' grammars, hostile bytes (NUL, control characters, invalid UTF-8), huge numbers,
//! CRLF and over-long lines, each followed by a probe command.
//!
//! It checks that every command gets exactly one answer, in order (a line the protocol ignores,
//! such as a blank or comment-only one, none; a line that may or may not be blank after cleaning,
//! at most one), that the probe after it still answers, and that the process never panics or
//! aborts and exits cleanly at the end. Searches are kept short (depth, node and turn limits that
//! mutations never touch), so the run measures robustness, not thinking.
//!
//! `cargo test --release --test fuzz` runs a short fixed-seed run per protocol; the long run is
//! `FUZZ_LINES=1000000 FUZZ_SEED=7 cargo test --release --test fuzz -- --ignored --nocapture`
//! (any seed; without `FUZZ_SEED` a random one, printed); `FUZZ_BIN=path` fuzzes another build.
//! A failure prints the seed, the unit number and the exact bytes, ready to become a transcript.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

mod common;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Units of the short runs (each one or more lines, plus its probe).
const SHORT_UNITS: usize = 50_000;
/// No output for this long means the engine hangs.
const HANG: Duration = Duration::from_secs(30);
/// The engines' line limit: longer lines are refused whole.
const MAX_LINE_BYTES: usize = 1 << 20;
/// One unit in this many is an over-long line (1-10 MB; they dominate the bytes sent).
const LONG_LINE_EVERY: u32 = 25_000;

/// How many answers a unit must get.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    Exactly(usize),
    AtMostOne,
}

impl Expect {
    /// Ok when unit `i` got an allowed number of answers.
    fn check(self, i: usize, got: usize) -> Result<(), String> {
        let ok = match self {
            Expect::Exactly(n) => got == n,
            Expect::AtMostOne => got <= 1,
        };
        if ok {
            Ok(())
        } else {
            Err(format!("unit {i}: {got} answers, expected {self:?}"))
        }
    }
}

/// Some lines and the answers they must get.
struct Unit {
    bytes: Vec<u8>,
    expect: Expect,
    /// The GTP id the unit's answer must repeat (`=ID ` or `?ID `), when it was given one.
    id: Option<&'static str>,
}

#[derive(Clone, Copy, PartialEq)]
enum Protocol {
    Gtp,
    Gomocup,
}

/// Tokens that stress number parsing and text handling.
const HOSTILE: &[&str] = &[
    "0",
    "-1",
    "1",
    "64",
    "65",
    "65536",
    "65537",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "-99999999999999999999",
    "1e9",
    "0x10",
    "+5",
    "NaN",
    "横",
    "\u{feff}",
    "\u{fffd}",
    "é",
    "",
    ",",
    ",,",
    "1,",
    ",1",
    "1,2,3,4",
    "-5,-5",
    "a1",
    "z99",
    "#",
];

fn pick<'a>(rng: &mut StdRng, words: &[&'a str]) -> &'a str {
    words[rng.gen_range(0..words.len())]
}

fn number(rng: &mut StdRng) -> String {
    match rng.gen_range(0..4) {
        0 => pick(rng, HOSTILE).to_string(),
        1 => rng.gen::<u64>().to_string(),
        _ => rng.gen_range(0..30).to_string(),
    }
}

/// Random bytes other than line ends.
fn garbage(rng: &mut StdRng, max: usize) -> Vec<u8> {
    let n = rng.gen_range(1..=max);
    (0..n)
        .map(|_| rng.gen::<u8>())
        .filter(|&b| b != b'\n' && b != b'\r')
        .collect()
}

/// A line of the GTP grammar; the flag says whether mutations may touch it (never the limits
/// of a search, so that no mutation makes one long).
fn gtp_line(rng: &mut StdRng) -> (String, bool) {
    let color = || ["b", "w", "black", "white", "B", "x"];
    let c = pick(rng, &color());
    let col = (b'a' + rng.gen_range(0..26u8)) as char;
    let vertex = format!("{col}{}", rng.gen_range(0..25));
    let line = match rng.gen_range(0..100) {
        0..=9 => pick(
            rng,
            &[
                "name",
                "version",
                "protocol_version",
                "list_commands",
                "showboard",
                "clear_board",
                "undo",
                "stop",
            ],
        )
        .to_string(),
        10..=12 => format!(
            "known_command {}",
            pick(rng, &["name", "quit", "fly", "genmove"])
        ),
        13..=20 => match rng.gen_range(0..5) {
            0 => "game tictactoe".to_string(),
            1 => format!("boardsize {}", number(rng)),
            2 => format!(
                "game mnk {} {} {}",
                rng.gen_range(2..24),
                rng.gen_range(2..24),
                rng.gen_range(2..8)
            ),
            _ => format!(
                "game gomoku {} {}",
                rng.gen_range(4..24),
                pick(rng, &["", "freestyle", "standard", "renju", "exact"])
            ),
        },
        21..=50 => format!("play {c} {vertex}"),
        51..=56 => {
            let limit = pick(rng, &["depth 1", "depth 2", "nodes 300"]);
            return (format!("genmove {c} {limit}"), false);
        }
        57..=66 => format!(
            "setoption {} {}",
            pick(rng, &["threads", "hash", "seed", "strength", "color"]),
            match rng.gen_range(0..3) {
                0 => pick(rng, &["1", "2", "8", "64", "65536", "none"]).to_string(),
                _ => number(rng),
            }
        ),
        67..=70 => format!(
            "time_settings {} {} {}",
            number(rng),
            number(rng),
            number(rng)
        ),
        71..=73 => format!("time_left {c} {} {}", number(rng), number(rng)),
        74..=85 => {
            let (size, area) = *[("2x2", 4), ("2x3", 6), ("3x3", 9), ("3x2", 6)]
                .get(rng.gen_range(0..4))
                .unwrap_or(&("3x3", 9));
            let mut tiles: Vec<usize> = (0..area).collect();
            for i in (1..area).rev() {
                tiles.swap(i, rng.gen_range(0..=i));
            }
            let tiles: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
            let option = pick(
                rng,
                &[
                    "",
                    "algorithm bfs",
                    "algorithm bibfs",
                    "algorithm astar",
                    "algorithm idastar",
                    "fast",
                    "nodes 50",
                    "optimal",
                    "movetime 50",
                ],
            );
            format!("solve npuzzle {size} {} {option}", tiles.join(" "))
        }
        86..=94 => {
            let grid = pick(
                rng,
                &[
                    "BAAC/BAAC/DEEF/DGHF/I..J",
                    "AA../....",
                    "AB./AB./...",
                    "ABB/A../CCC",
                    "BAAC/BAAC/DEFG/DEHG/I..J",
                ],
            );
            let option = pick(
                rng,
                &[
                    "",
                    "metric moves",
                    "metric slides",
                    "metric steps",
                    "all",
                    "goal A 0 0",
                    "goal A 0 2",
                    "goal A 0 1 goal B 0 0",
                    "all all",
                ],
            );
            format!("solve klotski {grid} {option}")
        }
        95..=96 => {
            // An infinite search stopped by the next line: two answers.
            return (format!("genmove {c} infinite\nstop"), false);
        }
        _ => format!(
            "{} {}",
            pick(rng, &["fly", "Name", "NAME", "genmov", "play"]),
            number(rng)
        ),
    };
    (line, true)
}

/// A unit of the Gomocup grammar: its lines, whether mutations may touch the arguments, and
/// the answers it must get.
fn gomocup_unit(rng: &mut StdRng) -> (String, bool, Expect) {
    let xy = |rng: &mut StdRng| -> String {
        if rng.gen_bool(0.1) {
            format!("{},{}", number(rng), number(rng))
        } else {
            format!("{},{}", rng.gen_range(0..16), rng.gen_range(0..16))
        }
    };
    let one = Expect::Exactly(1);
    match rng.gen_range(0..100) {
        0..=7 => (
            format!(
                "START {}",
                if rng.gen_bool(0.8) {
                    rng.gen_range(5..23).to_string()
                } else {
                    number(rng)
                }
            ),
            true,
            one,
        ),
        8..=9 => (format!("RECTSTART {}", xy(rng)), true, one),
        10..=12 => ("RESTART".into(), false, one),
        13..=17 => ("BEGIN".into(), false, one),
        18..=37 => (format!("TURN {}", xy(rng)), true, one),
        38..=42 => (format!("PLAY {}", xy(rng)), true, one),
        43..=47 => (format!("TAKEBACK {}", xy(rng)), true, one),
        48..=57 => {
            let kind = pick(rng, &["BOARD", "BOARD", "YXBOARD", "SWAP2BOARD"]);
            let n = if kind == "SWAP2BOARD" {
                *[0usize, 3, 5, 2].get(rng.gen_range(0..4)).unwrap_or(&0)
            } else {
                rng.gen_range(0..8)
            };
            let mut text = kind.to_string();
            for _ in 0..n {
                let stone = if kind == "SWAP2BOARD" {
                    xy(rng)
                } else {
                    format!("{},{}", xy(rng), pick(rng, &["1", "2", "3", "0", "x"]))
                };
                text.push('\n');
                text.push_str(&stone);
            }
            text.push_str("\nDONE");
            let expect = if kind == "YXBOARD" {
                Expect::AtMostOne
            } else {
                one
            };
            (text, true, expect)
        }
        58..=75 => {
            let (key, value, mutable) = match rng.gen_range(0..10) {
                // Time keys stay small and are never mutated: moves must stay quick.
                0 => ("timeout_turn", rng.gen_range(0..30).to_string(), false),
                1 => ("time_left", rng.gen_range(0..3000).to_string(), false),
                2 => ("max_memory", number(rng), true),
                3 => (
                    "rule",
                    pick(rng, &["0", "1", "2", "4", "5", "8"]).into(),
                    true,
                ),
                4 => (
                    "thread_num",
                    pick(rng, &["1", "2", "8", "64", "65"]).into(),
                    true,
                ),
                5 => ("max_node", rng.gen_range(0..2000).to_string(), false),
                6 => ("max_depth", rng.gen_range(0..4).to_string(), false),
                7 => ("strength", number(rng), true),
                8 => ("seed", number(rng), true),
                _ => ("game_type", number(rng), true),
            };
            (format!("INFO {key} {value}"), mutable, Expect::AtMostOne)
        }
        76..=78 => (format!("YXNBEST {}", rng.gen_range(0..3)), false, one),
        79..=81 => ("YXSHOWFORBID".into(), false, one),
        82..=86 => (
            pick(rng, &["YXHASHCLEAR", "YXSTOP", "STOP"]).into(),
            false,
            Expect::AtMostOne,
        ),
        _ => (
            format!(
                "{} {}",
                pick(rng, &["FLY", "XYZZY", "TURNX", "STARTT"]),
                number(rng)
            ),
            true,
            one,
        ),
    }
}

/// The Gomocup probe's answer starts so.
const ABOUT_PREFIX: &str = "name=\"gridmind\"";

/// Mutates the words after the first: replaced by hostile tokens or garbage, control bytes and
/// NUL slipped in, tokens repeated, a CR before the line end.
fn mutate(rng: &mut StdRng, line: &str) -> Vec<u8> {
    let mut words: Vec<Vec<u8>> = line.split(' ').map(|w| w.as_bytes().to_vec()).collect();
    for _ in 0..rng.gen_range(1..4) {
        let i = rng.gen_range(0..words.len());
        match rng.gen_range(0..6) {
            0 | 1 if i > 0 => words[i] = pick(rng, HOSTILE).as_bytes().to_vec(),
            2 if i > 0 => words[i] = garbage(rng, 12),
            3 if i > 0 => {
                let at = rng.gen_range(0..=words[i].len());
                let b = *[0u8, 1, 7, 9, 11, 12, 27, 127]
                    .get(rng.gen_range(0..8))
                    .unwrap_or(&0);
                words[i].insert(at, b);
            }
            4 => {
                let w = words[rng.gen_range(0..words.len())].clone();
                words.push(w);
            }
            _ => words.push(garbage(rng, 6)),
        }
    }
    let mut out = words.join(&b' ');
    if rng.gen_bool(0.1) {
        out.push(b'\r');
    }
    out
}

/// What a hostile line (any bytes) must get from the GTP front end: exactly one answer when an
/// ASCII letter or digit comes before any `#` (it survives cleaning), none when only ASCII
/// spaces and control bytes do (the line is blank), else at most one.
fn gtp_expect(line: &[u8]) -> Expect {
    if line.len() > MAX_LINE_BYTES {
        return Expect::Exactly(1);
    }
    let code = line.split(|&b| b == b'#').next().unwrap_or(&[]);
    if code.iter().any(|b| b.is_ascii_alphanumeric()) {
        Expect::Exactly(1)
    } else if code.iter().all(|&b| b <= b' ' || b == 127) {
        Expect::Exactly(0)
    } else {
        Expect::AtMostOne
    }
}

fn long_line(rng: &mut StdRng) -> Vec<u8> {
    let len = rng.gen_range(MAX_LINE_BYTES + 1..10 << 20);
    let mut v = vec![b'7'; len];
    v[..4].copy_from_slice(b"play");
    v
}

/// The next unit of the given protocol.
fn unit(rng: &mut StdRng, protocol: Protocol) -> Unit {
    if rng.gen_ratio(1, LONG_LINE_EVERY) {
        return Unit {
            bytes: long_line(rng),
            expect: Expect::Exactly(1),
            id: None,
        };
    }
    let hostile = rng.gen_bool(0.08);
    match protocol {
        Protocol::Gtp => {
            if hostile {
                let bytes =
                    common::hostile_line(rng, &["name", "play", "#", "1"], 0..4, 0.7, 20, b"\n");
                let expect = gtp_expect(&bytes);
                return Unit {
                    bytes,
                    expect,
                    id: None,
                };
            }
            let (line, mutable) = gtp_line(rng);
            let mut bytes = if mutable && rng.gen_bool(0.4) {
                mutate(rng, &line)
            } else {
                line.into_bytes()
            };
            // The id case and ordinary ids, in front of any command.
            let mut id = None;
            if mutable && rng.gen_bool(0.1) {
                let i = pick(rng, &["7", "18446744073709551615", "99999999999999999999"]);
                bytes.splice(0..0, format!("{i} ").bytes());
                id = Some(i);
            }
            let expect = if bytes.contains(&b'\n') {
                Expect::Exactly(2)
            } else {
                gtp_expect(&bytes)
            };
            Unit { bytes, expect, id }
        }
        Protocol::Gomocup => {
            if hostile {
                let bytes =
                    common::hostile_line(rng, &["TURN", "7,7", "#", "INFO"], 0..4, 0.7, 20, b"\n");
                // A garbage word may be a command the brain ignores or the start of a block:
                // keep it to a first byte no command starts with.
                let mut bytes = bytes;
                bytes.insert(0, b'~');
                return Unit {
                    bytes,
                    expect: Expect::Exactly(1),
                    id: None,
                };
            }
            let (text, mutable, expect) = gomocup_unit(rng);
            let bytes = if mutable && rng.gen_bool(0.4) {
                // Only the first line's arguments: block lines stay lines.
                let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
                let mut b = mutate(rng, first);
                if !rest.is_empty() {
                    b.push(b'\n');
                    b.extend_from_slice(rest.as_bytes());
                }
                b
            } else {
                text.into_bytes()
            };
            Unit {
                bytes,
                expect,
                id: None,
            }
        }
    }
}

/// Figures of one run.
struct Report {
    units: usize,
    lines: usize,
    bytes: usize,
    elapsed: Duration,
}

/// Streams `units` units from `seed` through the binary in `protocol` mode, each followed by a
/// probe, and checks every answer. `Err` says what went wrong and on which input.
fn run(protocol: Protocol, seed: u64, units: usize) -> Result<Report, String> {
    let mode = match protocol {
        Protocol::Gtp => "gtp",
        Protocol::Gomocup => "gomocup",
    };
    // `FUZZ_BIN` fuzzes another build (an older one, to see what the fuzzer catches).
    let bin = std::env::var("FUZZ_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_gridmind").into());
    let mut child = Command::new(bin)
        .args(["--protocol", mode])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut stderr = child.stderr.take().ok_or("no stderr")?;
    // Stderr (info lines) is drained and only searched for a panic.
    let err_thread = std::thread::spawn(move || {
        let mut tail = Vec::new();
        let mut buf = vec![0u8; 1 << 16];
        let mut panicked = false;
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            let chunk = String::from_utf8_lossy(&buf[..n]);
            panicked |= chunk.contains("panicked") || chunk.contains("memory allocation of");
            tail = buf[..n].to_vec();
        }
        (panicked, String::from_utf8_lossy(&tail).into_owned())
    });
    // The inputs, generated up front (so the writer and the checker agree).
    let mut rng = StdRng::seed_from_u64(seed);
    let started = Instant::now();
    let plan: Vec<Unit> = (0..units).map(|_| unit(&mut rng, protocol)).collect();
    let expects: Vec<(Expect, Option<&str>)> = plan.iter().map(|u| (u.expect, u.id)).collect();
    let lines: usize = plan
        .iter()
        .map(|u| u.bytes.split(|&b| b == b'\n').count() + 1)
        .sum();
    let bytes: usize = plan.iter().map(|u| u.bytes.len() + 1).sum();
    let (probe, quit) = match protocol {
        Protocol::Gtp => ("name", "quit"),
        Protocol::Gomocup => ("ABOUT", "END"),
    };
    let writer = std::thread::spawn(move || -> std::io::Result<Vec<Unit>> {
        let mut out = std::io::BufWriter::with_capacity(1 << 16, &mut stdin);
        if protocol == Protocol::Gomocup {
            // Moves stay quick: nothing in the grammar raises the turn time again.
            out.write_all(b"INFO timeout_turn 10\nINFO time_left 2000\n")?;
        }
        for (i, u) in plan.iter().enumerate() {
            out.write_all(&u.bytes)?;
            out.write_all(b"\n")?;
            match protocol {
                Protocol::Gtp => writeln!(out, "{} {probe}", probe_id(i))?,
                Protocol::Gomocup => writeln!(out, "{probe}")?,
            }
            if i % 64 == 0 {
                out.flush()?;
            }
        }
        writeln!(out, "{quit}")?;
        out.flush()?;
        drop(out);
        drop(stdin);
        Ok(plan)
    });
    let answers = reader(stdout);
    let checked = match protocol {
        Protocol::Gtp => check_gtp(&answers, &expects),
        Protocol::Gomocup => check_gomocup(&answers, &expects),
    };
    let failure = |e: String, plan: Option<&Vec<Unit>>| -> String {
        let at = e
            .split_once("unit ")
            .and_then(|(_, r)| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse::<usize>().ok());
        let input = match (at, plan) {
            (Some(i), Some(p)) if i < p.len() => {
                format!(" input {:?}", String::from_utf8_lossy(&p[i].bytes))
            }
            _ => String::new(),
        };
        format!("{mode} seed {seed}: {e}{input}")
    };
    let status = wait(&mut child, HANG);
    let plan = writer.join().ok().and_then(|r| r.ok());
    checked.map_err(|e| failure(e, plan.as_ref()))?;
    let (panicked, tail) = err_thread.join().map_err(|_| "stderr reader died")?;
    if panicked {
        return Err(failure(format!("panic or abort on stderr: {tail}"), None));
    }
    match status {
        Some(0) => {}
        other => return Err(failure(format!("exit status {other:?}: {tail}"), None)),
    }
    Ok(Report {
        units,
        lines,
        bytes,
        elapsed: started.elapsed(),
    })
}

fn wait(child: &mut std::process::Child, timeout: Duration) -> Option<i32> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if let Ok(Some(s)) = child.try_wait() {
            return s.code();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    None
}

/// Probe ids: far above anything the grammar sends as an id.
fn probe_id(i: usize) -> u64 {
    9_000_000_000_000_000_000 + i as u64
}

/// Stdout lines, as they come, on a channel (so a hang is a timeout, not a stuck test).
fn reader(stdout: std::process::ChildStdout) -> Receiver<Vec<u8>> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut r = BufReader::with_capacity(1 << 16, stdout);
        loop {
            let mut line = Vec::new();
            match r.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                        line.pop();
                    }
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
}

fn next_line(rx: &Receiver<Vec<u8>>, i: usize) -> Result<String, String> {
    rx.recv_timeout(HANG)
        .map(|l| String::from_utf8_lossy(&l).into_owned())
        .map_err(|_| format!("no output (hang or exit) at unit {i}"))
}

/// GTP: answer blocks (`=`/`?` up to an empty line); after each unit's answers, its probe's.
fn check_gtp(rx: &Receiver<Vec<u8>>, expects: &[(Expect, Option<&str>)]) -> Result<(), String> {
    for (i, (e, id)) in expects.iter().enumerate() {
        let probe = format!("={} gridmind", probe_id(i));
        let mut got = 0;
        loop {
            let first = next_line(rx, i)?;
            if !(first.starts_with('=') || first.starts_with('?')) {
                return Err(format!("unit {i}: answer starts with {first:?}"));
            }
            // The rest of the block.
            while !next_line(rx, i)?.is_empty() {}
            if first == probe {
                break;
            }
            if let Some(id) = id {
                if !first[1..].starts_with(&format!("{id} ")) {
                    return Err(format!(
                        "unit {i}: answer {first:?} does not repeat id {id}"
                    ));
                }
            }
            got += 1;
        }
        e.check(i, got)?;
    }
    Ok(())
}

/// Gomocup: bare lines; `MESSAGE`/`DEBUG` lines are progress, the probe answers `ABOUT`.
fn check_gomocup(rx: &Receiver<Vec<u8>>, expects: &[(Expect, Option<&str>)]) -> Result<(), String> {
    for (i, (e, _)) in expects.iter().enumerate() {
        let mut got = 0;
        loop {
            let line = next_line(rx, i)?;
            if line.starts_with("MESSAGE") || line.starts_with("DEBUG") {
                continue;
            }
            if line.starts_with(ABOUT_PREFIX) {
                break;
            }
            got += 1;
        }
        e.check(i, got)?;
    }
    Ok(())
}

fn print(mode: &str, seed: u64, r: &Report) {
    let s = r.elapsed.as_secs_f64();
    println!(
        "fuzz {mode} seed {seed}: {} units, {} lines (probes included), {:.1} MB in {s:.1} s: {:.0} lines/s",
        r.units,
        r.lines,
        r.bytes as f64 / 1e6,
        r.lines as f64 / s
    );
}

#[test]
fn fuzz_gtp_short() {
    let r = run(Protocol::Gtp, 13, SHORT_UNITS).unwrap_or_else(|e| panic!("{e}"));
    print("gtp", 13, &r);
}

#[test]
fn fuzz_gomocup_short() {
    let r = run(Protocol::Gomocup, 13, SHORT_UNITS).unwrap_or_else(|e| panic!("{e}"));
    print("gomocup", 13, &r);
}

/// The long run: `FUZZ_LINES` units per protocol (default 1,000,000), `FUZZ_SEED` or a random seed.
#[test]
#[ignore]
fn fuzz_long() {
    let units = std::env::var("FUZZ_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| rand::thread_rng().gen());
    for (p, mode) in [(Protocol::Gtp, "gtp"), (Protocol::Gomocup, "gomocup")] {
        let r = run(p, seed, units).unwrap_or_else(|e| panic!("{e}"));
        print(mode, seed, &r);
    }
}
