//! Gomocup front end through the real binary: `pbrain-` naming, CRLF, hostile lines, stopping,
//! and the turn time limit.

mod common;

use std::time::{Duration, Instant};

use common::Engine;

/// Reads lines until one that is not a `MESSAGE` progress line.
fn reply(e: &mut Engine, timeout: Duration) -> Option<String> {
    let deadline = Instant::now() + timeout;
    loop {
        let line = e.line_within(deadline.saturating_duration_since(Instant::now()))?;
        if !line.starts_with("MESSAGE") {
            return Some(line);
        }
    }
}

fn is_coords(s: &str) -> bool {
    s.split_once(',')
        .is_some_and(|(x, y)| x.parse::<u32>().is_ok() && y.parse::<u32>().is_ok())
}

#[test]
fn renamed_pbrain_binary_speaks_gomocup_from_the_first_line() {
    let dir = std::env::temp_dir().join(format!("gridmind-pbrain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let renamed = dir.join("pbrain-gridmind");
    std::fs::copy(env!("CARGO_BIN_EXE_gridmind"), &renamed).expect("copy binary");
    // `name` is GTP; a Gomocup brain must call it unknown.
    let (ok, stdout) = common::run_script(&renamed, b"name\r\nSTART 15\r\nEND\r\n");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ok);
    assert_eq!(stdout, "UNKNOWN command NAME\nOK\n");
}

#[test]
fn crlf_and_over_long_lines() {
    let mut e = Engine::start(&["--protocol", "gomocup"]);
    e.send_raw(b"START 15\r\n");
    assert_eq!(reply(&mut e, Duration::from_secs(5)).as_deref(), Some("OK"));
    let mut long = b"TURN ".to_vec();
    long.extend(std::iter::repeat_n(b'7', 2 << 20));
    long.extend_from_slice(b"\r\n");
    e.send_raw(&long);
    assert_eq!(
        reply(&mut e, Duration::from_secs(10)).as_deref(),
        Some("ERROR line too long")
    );
    e.send_raw(b"INFO timeout_turn 200\r\nTURN 7,7\r\n");
    let m = reply(&mut e, Duration::from_secs(5)).expect("a move");
    assert!(is_coords(&m), "got {m:?}");
    assert_ne!(m, "7,7");
}

#[test]
fn every_turn_answers_inside_timeout_turn() {
    let mut e = Engine::start(&["--protocol", "gomocup"]);
    e.send("START 15");
    assert_eq!(reply(&mut e, Duration::from_secs(5)).as_deref(), Some("OK"));
    e.send("INFO timeout_turn 300");
    e.send("INFO timeout_match 60000");
    e.send("INFO time_left 60000");
    let mut worst = Duration::ZERO;
    let mut occupied = std::collections::HashSet::new();
    // The opponent walks along the top row; the brain answers each move.
    for x in 0..12 {
        if occupied.contains(&(x, 0)) {
            continue;
        }
        occupied.insert((x, 0));
        let t = Instant::now();
        e.send(&format!("TURN {x},0"));
        let m = reply(&mut e, Duration::from_secs(5)).expect("a move");
        let took = t.elapsed();
        worst = worst.max(took);
        if m.starts_with("ERROR") {
            break; // someone won; the game is over
        }
        let (mx, my) = m.split_once(',').expect("x,y");
        occupied.insert((mx.parse::<i32>().expect("x"), my.parse::<i32>().expect("y")));
    }
    println!(
        "slowest answer with timeout_turn 300: {:.1} ms",
        worst.as_secs_f64() * 1000.0
    );
    assert!(
        worst < Duration::from_millis(300),
        "slowest answer {worst:?}"
    );
}
