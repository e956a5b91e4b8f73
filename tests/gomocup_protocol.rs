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

/// A turn's answer with the two clocks on it: the brain's own (from its debug log: from taking the
/// command to having written the answer) and the test's stopwatch (which also counts the pipes,
/// the reader threads and the scheduling of two processes on a shared machine).
struct Timed {
    answer: String,
    brain: Duration,
    wall: Duration,
}

/// Sends `command` to a brain started by [`timed_gomocup_15`] and times its answer.
fn timed(e: &mut Engine, command: &str) -> Timed {
    let t = Instant::now();
    e.send(command);
    let answer = reply(e, Duration::from_secs(30)).expect("an answer");
    let wall = t.elapsed();
    // Earlier commands (INFO) logged their own answers first; this one's carries its number.
    let needle = format!("answered #{} after", e.lines_sent());
    let log = e
        .log_line_within(&needle, Duration::from_secs(5))
        .expect("the brain logs each answer");
    let us: u64 = log
        .rsplit_once("after ")
        .and_then(|(_, rest)| rest.strip_suffix(" us"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a time in {log:?}"));
    Timed {
        answer,
        brain: Duration::from_micros(us),
        wall,
    }
}

/// A Gomocup brain on an empty 15x15 board whose debug log reports what each answer took.
fn timed_gomocup_15() -> Engine {
    let mut e = Engine::start_logged(
        &["--protocol", "gomocup"],
        "gridmind::protocol::gomocup=debug",
    );
    e.send("START 15");
    assert_eq!(reply(&mut e, Duration::from_secs(5)).as_deref(), Some("OK"));
    e.log_line_within("answered #1 after", Duration::from_secs(5))
        .expect("the brain logs its answer to START");
    e
}

/// The turn limit is a contract: a brain that overruns it forfeits the game. Asserted on the
/// brain's own clock against the whole turn (the brain aims at the turn less its safety margin,
/// so the margin is the brain's, not the test's). The test's stopwatch cannot be held to the
/// turn on a loaded shared machine, so it gets a generous bound that still catches a brain
/// ignoring the limit (it would think for its default 2 s): twice the turn and half a second.
fn assert_inside_turn(t: &Timed, turn: Duration) {
    assert!(
        t.brain <= turn,
        "the brain spent {:?} on a {turn:?} turn",
        t.brain
    );
    let generous = turn * 2 + Duration::from_millis(500);
    assert!(
        t.wall < generous,
        "answered after {:?} (brain {:?}), over {generous:?}",
        t.wall,
        t.brain
    );
}

#[test]
fn every_turn_answers_inside_timeout_turn() {
    let mut e = timed_gomocup_15();
    let turn = Duration::from_millis(300);
    e.send("INFO timeout_turn 300");
    e.send("INFO timeout_match 60000");
    e.send("INFO time_left 60000");
    let mut occupied = std::collections::HashSet::new();
    let mut answers = 0;
    // The opponent walks along the top row; the brain answers each move.
    for x in 0..12 {
        if occupied.contains(&(x, 0)) {
            continue;
        }
        occupied.insert((x, 0));
        let t = timed(&mut e, &format!("TURN {x},0"));
        assert_inside_turn(&t, turn);
        if t.answer.starts_with("ERROR") {
            break; // someone won; the game is over
        }
        answers += 1;
        let (mx, my) = t.answer.split_once(',').expect("x,y");
        occupied.insert((mx.parse::<i32>().expect("x"), my.parse::<i32>().expect("y")));
    }
    assert!(answers >= 5, "{answers} answers");
}

/// Starts a Gomocup engine on an empty 15x15 board.
fn gomocup_15() -> Engine {
    let mut e = Engine::start(&["--protocol", "gomocup"]);
    e.send("START 15");
    assert_eq!(reply(&mut e, Duration::from_secs(5)).as_deref(), Some("OK"));
    e
}

/// Reads lines up to the first that is not a `MESSAGE`; returns the `MESSAGE` lines and it.
fn messages_and_reply(e: &mut Engine, timeout: Duration) -> (Vec<String>, String) {
    let deadline = Instant::now() + timeout;
    let mut messages = Vec::new();
    loop {
        let line = e
            .line_within(deadline.saturating_duration_since(Instant::now()))
            .expect("an answer in time");
        if line.starts_with("MESSAGE") {
            messages.push(line);
        } else {
            return (messages, line);
        }
    }
}

/// The number after `key` in a `MESSAGE depth ... nodes ...` line.
fn field(line: &str, key: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == key {
            return words.next()?.parse().ok();
        }
    }
    None
}

/// A middle-game position with no forced move, set with YXBOARD (black to move).
fn quiet_middle_game(e: &mut Engine) {
    e.send("YXBOARD 7,7,1 8,8,2 8,6,1 6,8,2 9,7,2 6,6,1 DONE");
}

#[test]
fn max_depth_and_max_node_bound_the_search() {
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 2000");
    e.send("INFO max_depth 2");
    quiet_middle_game(&mut e);
    e.send("YXNBEST 1");
    let (messages, m) = messages_and_reply(&mut e, Duration::from_secs(10));
    assert!(is_coords(&m), "got {m:?}");
    let depths: Vec<u64> = messages.iter().filter_map(|l| field(l, "depth")).collect();
    assert!(!depths.is_empty(), "no depth in {messages:?}");
    assert!(depths.iter().all(|&d| d <= 2), "depths {depths:?}");

    e.send("INFO max_depth 0");
    e.send("INFO max_node 3000");
    e.send("YXNBEST 1");
    let (messages, m) = messages_and_reply(&mut e, Duration::from_secs(10));
    assert!(is_coords(&m), "got {m:?}");
    let nodes = messages
        .iter()
        .filter_map(|l| field(l, "nodes"))
        .max()
        .expect("nodes reported");
    // The search polls its limits every thousand nodes or so.
    assert!(nodes <= 3000 + 2048, "searched {nodes} nodes");

    // 0 lifts both limits: a 2 s turn goes deeper than depth 2 and past 5,048 nodes.
    e.send("INFO max_node 0");
    e.send("YXNBEST 1");
    let (messages, _) = messages_and_reply(&mut e, Duration::from_secs(10));
    let deepest = messages.iter().filter_map(|l| field(l, "depth")).max();
    let nodes = messages.iter().filter_map(|l| field(l, "nodes")).max();
    assert!(deepest.is_some_and(|d| d > 2), "{messages:?}");
    assert!(nodes.is_some_and(|n| n > 5048), "{messages:?}");
}

#[test]
fn progress_messages_carry_depth_score_nodes_nps_and_pv() {
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 1000");
    // The brain (black, as many stones each) has an open three on row 7 and white nothing:
    // an open four wins, so some report must say `win`.
    e.send("BOARD");
    for s in ["5,7,1", "0,0,2", "6,7,1", "0,2,2", "7,7,1", "0,4,2", "DONE"] {
        e.send(s);
    }
    let (messages, m) = messages_and_reply(&mut e, Duration::from_secs(10));
    assert!(m == "4,7" || m == "8,7", "an open four, got {m:?}");
    assert!(!messages.is_empty());
    // Each report comes in gridmind's shape and in Rapfi's (`depth 3-5 ev ... n ... tm ...`).
    let (rapfi, ours): (Vec<&String>, Vec<&String>) =
        messages.iter().partition(|l| l.contains(" ev "));
    assert!(!rapfi.is_empty(), "no Rapfi-shaped line in {messages:?}");
    for l in ours {
        for key in ["nodes", "nps", "time"] {
            assert!(field(l, key).is_some(), "no {key} in {l:?}");
        }
    }
    assert!(
        messages
            .iter()
            .any(|l| l.contains(" score win ") && l.contains(" pv ") && l.contains("depth ")),
        "no forced-win report in {messages:?}"
    );
}

/// The score of each report in gridmind's shape (`MESSAGE depth ... score win 5 ...`), as the
/// two words after `score`.
fn scores(messages: &[String]) -> Vec<String> {
    messages
        .iter()
        .filter_map(|l| {
            let mut words = l.split_whitespace().skip_while(|&w| w != "score").skip(1);
            Some(format!("{} {}", words.next()?, words.next()?))
        })
        .collect()
}

/// The distance of the win every report of one move gives (the last, which is the shortest
/// proven so far); panics unless every report is a win.
fn every_report_wins(messages: &[String], turn: &str) -> u64 {
    let scores = scores(messages);
    assert!(!scores.is_empty(), "{turn}: no score in {messages:?}");
    for s in &scores {
        assert!(s.starts_with("win "), "{turn}: {s} in {messages:?}");
    }
    last_win(&scores, turn)
}

/// The distance of the last report's win; panics unless it is one.
fn last_win(scores: &[String], turn: &str) -> u64 {
    let last = scores.last().map(String::as_str).unwrap_or_default();
    last.strip_prefix("win ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{turn}: the last report is {last:?}, not a win: {scores:?}"))
}

/// Issue #72's forced reply inside a proven win: the brain (black, to move) wins by threes with
/// the double three at 7,7; white answers with a counter-four on row 12 (5,12), which the brain
/// must block at 6,12, and its two threes still win.
fn double_three_against_a_closed_three(e: &mut Engine) {
    e.send("BOARD");
    for s in [
        "5,7,1", "2,12,2", "6,7,1", "3,12,2", "7,5,1", "4,12,2", "7,6,1", "14,0,2", "1,12,1",
        "14,14,2", "DONE",
    ] {
        e.send(s);
    }
}

/// Plays the game of [`double_three_against_a_closed_three`] from the brain's double three to
/// its five, white's moves given, and returns the win distance each of the brain's moves
/// reported: every report of every move, the forced block included, must be a win once the
/// first move's search has proven it.
fn play_out_the_forced_win(e: &mut Engine) -> Vec<u64> {
    let wait = Duration::from_secs(30);
    let (messages, m) = messages_and_reply(e, wait);
    assert_eq!(m, "7,7", "{messages:?}");
    let mut wins = vec![last_win(&scores(&messages), "the double three")];
    e.send("TURN 5,12");
    let (messages, m) = messages_and_reply(e, wait);
    assert_eq!(m, "6,12", "the forced block: {messages:?}");
    wins.push(every_report_wins(&messages, "the forced block"));
    // White blocks one three; the other makes an open four, then the five.
    e.send("TURN 8,7");
    let (messages, m) = messages_and_reply(e, wait);
    assert!(
        m == "7,4" || m == "7,8",
        "an open four, got {m}: {messages:?}"
    );
    wins.push(every_report_wins(&messages, "the open four"));
    // The open four's two ends: white blocks one, the brain's five takes the other.
    let (white, other_end) = if m == "7,4" {
        ("7,3", "7,8")
    } else {
        ("7,9", "7,4")
    };
    e.send(&format!("TURN {white}"));
    let (messages, m) = messages_and_reply(e, wait);
    assert_eq!(m, other_end, "the five: {messages:?}");
    wins.push(every_report_wins(&messages, "the five"));
    wins
}

#[test]
fn a_forced_reply_inside_a_vct_reports_the_win() {
    // With a clock the threat searches prove it: the root's VCT on the first move (whose
    // distance leaves out the defender's counter-four), through the block on the forced reply.
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 2000");
    double_three_against_a_closed_three(&mut e);
    let wins = play_out_the_forced_win(&mut e);
    assert!(wins[1] <= wins[0], "{wins:?}");
    assert!(wins[2] <= wins[1] - 2 && wins[3] <= wins[2] - 2, "{wins:?}");
    assert_eq!(wins[3], 1, "{wins:?}");
}

#[test]
fn a_forced_reply_after_the_trees_proof_reports_the_win() {
    // Under a node limit too small for the VCT the tree proves the win, with its exact
    // distance, and the table keeps the proof for the forced reply.
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 30000");
    e.send("INFO max_node 50000");
    double_three_against_a_closed_three(&mut e);
    let wins = play_out_the_forced_win(&mut e);
    for k in 1..wins.len() {
        assert!(wins[k] <= wins[k - 1] - 2, "{wins:?}");
    }
}

#[test]
fn yxnbest_lists_distinct_moves_and_plays_none() {
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 1500");
    quiet_middle_game(&mut e);
    e.send("YXNBEST 3");
    let (messages, best) = messages_and_reply(&mut e, Duration::from_secs(10));
    let listed: Vec<(u64, String)> = messages
        .iter()
        .filter_map(|l| {
            let mut w = l.split_whitespace().skip(1);
            (w.next()? == "nbest").then_some(())?;
            Some((w.next()?.parse().ok()?, w.next()?.to_string()))
        })
        .collect();
    assert_eq!(
        listed.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
        vec![1, 2, 3],
        "{messages:?}"
    );
    let points: std::collections::HashSet<&str> = listed.iter().map(|(_, p)| p.as_str()).collect();
    assert_eq!(points.len(), 3, "{listed:?}");
    assert_eq!(best, listed[0].1);
    // Nothing was played: the best point is still free, and black still moves.
    e.send(&format!("PLAY {best}"));
    assert_eq!(reply(&mut e, Duration::from_secs(5)), Some(best));

    // A forced answer comes first: white's closed four down column 7 must be blocked at 7,9.
    e.send("YXBOARD 7,4,1 7,5,2 0,0,1 7,6,2 0,14,1 7,7,2 14,0,1 7,8,2 DONE");
    e.send("YXNBEST 2");
    let (messages, best) = messages_and_reply(&mut e, Duration::from_secs(10));
    assert_eq!(best, "7,9", "{messages:?}");
}

#[test]
fn yxstop_and_stop_answer_the_pending_move_at_once() {
    for stop in ["YXSTOP", "STOP"] {
        let mut e = gomocup_15();
        e.send("INFO timeout_turn 60000");
        e.send("INFO timeout_match 0");
        e.send("BOARD 7,7,1 8,8,2 8,6,1 6,8,2 9,7,2 6,6,1 DONE");
        // Still thinking after half a second of a minute's turn.
        assert_eq!(reply(&mut e, Duration::from_millis(500)), None);
        let t = Instant::now();
        e.send(stop);
        let m = reply(&mut e, Duration::from_secs(5)).expect("the move after the stop");
        println!("{stop}: answered in {:?}", t.elapsed());
        assert!(is_coords(&m), "{stop}: got {m:?}");
        // The brain keeps working after a stop.
        e.send("INFO timeout_turn 200");
        e.send("TURN 0,0");
        let m = reply(&mut e, Duration::from_secs(5)).expect("a move");
        assert!(is_coords(&m), "{stop}: got {m:?}");
    }
}

#[test]
fn time_left_near_the_end_of_the_game_bounds_the_move() {
    let mut e = timed_gomocup_15();
    // A long turn but one second left in the game: the move must come inside that second,
    // whatever the turn allows.
    e.send("INFO timeout_turn 30000");
    e.send("INFO timeout_match 300000");
    e.send("INFO time_left 1000");
    let t = timed(&mut e, "BOARD 7,7,1 8,8,2 8,6,1 6,8,2 9,7,2 6,6,1 DONE");
    assert!(is_coords(&t.answer), "got {:?}", t.answer);
    assert_inside_turn(&t, Duration::from_millis(1000));
}

#[test]
fn small_timeout_turns_are_honoured() {
    for turn_ms in [100u64, 200] {
        let turn = Duration::from_millis(turn_ms);
        let mut e = timed_gomocup_15();
        e.send(&format!("INFO timeout_turn {turn_ms}"));
        let mut taken = std::collections::HashSet::new();
        // The opponent plays scattered points along the edges (never one already taken); the
        // brain builds freely until it wins, which takes at least five moves.
        let edge: Vec<(u32, u32)> = (0..15)
            .flat_map(|k| [(k, 0), (14, k), (14 - k, 14), (0, 14 - k)])
            .collect();
        let mut moves = 0;
        for &(x, y) in &edge {
            if !taken.insert((x, y)) {
                continue;
            }
            let t = timed(&mut e, &format!("TURN {x},{y}"));
            if t.answer.starts_with("ERROR") {
                break; // the brain's five ended the game
            }
            assert_inside_turn(&t, turn);
            let parsed = t
                .answer
                .split_once(',')
                .map(|(a, b)| (a.parse::<u32>().ok(), b.parse::<u32>().ok()));
            let Some((Some(mx), Some(my))) = parsed else {
                panic!("a move x,y, got {:?}", t.answer);
            };
            taken.insert((mx, my));
            moves += 1;
        }
        assert!(moves >= 5, "{moves} moves");
    }
}

/// Sends a `SWAP2BOARD` block and returns the brain's answer.
fn swap2(e: &mut Engine, stones: &[&str]) -> String {
    e.send("SWAP2BOARD");
    for s in stones {
        e.send(s);
    }
    e.send("DONE");
    reply(e, Duration::from_secs(10)).expect("a swap2 answer")
}

#[test]
fn swap2_stages() {
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 1000");

    // Stage 0: three distinct points on the board, placed (BEGIN now refuses).
    let a = swap2(&mut e, &[]);
    let pts: Vec<&str> = a.split(' ').collect();
    assert_eq!(pts.len(), 3, "{a:?}");
    assert!(pts.iter().all(|p| is_coords(p)), "{a:?}");
    assert_eq!(
        pts.iter().collect::<std::collections::HashSet<_>>().len(),
        3
    );
    e.send("BEGIN");
    assert_eq!(
        reply(&mut e, Duration::from_secs(5)).as_deref(),
        Some("ERROR BEGIN needs an empty board")
    );

    // Stage 3, white clearly better (black's two stones in opposite corners, white's in the
    // centre; white to move scores +830 to +1,850 at depths 4 to 12): the brain stays white
    // and plays one move, next to its stone.
    let a = swap2(&mut e, &["0,0", "7,7", "14,14"]);
    assert!(is_coords(&a), "one move expected, got {a:?}");
    let (x, y) = a.split_once(',').expect("x,y");
    let (x, y): (i32, i32) = (x.parse().expect("x"), y.parse().expect("y"));
    assert!((x - 7).abs() <= 2 && (y - 7).abs() <= 2, "{a:?}");

    // Stage 3, black clearly better (black's two stones side by side in the centre, white's in
    // a corner): SWAP. White to move scores -660 to -1,850 here at every depth from 1 to 12,
    // three times the balanced band or more, so no depth and no load makes it close. (The
    // balanced case, and what each decision leaves on the board, are unit tests of
    // `protocol::gomocup::swap2`: decided there by score, with no position fitted to the band.)
    let a = swap2(&mut e, &["7,7", "0,14", "8,7"]);
    assert_eq!(a, "SWAP");
    // A swap leaves the three stones as sent, white to move: white plays a free point, not one
    // of them.
    e.send("TURN 7,7");
    assert_eq!(
        reply(&mut e, Duration::from_secs(5)).as_deref(),
        Some("ERROR illegal move at 7,7")
    );

    // Stage 5, white clearly better (white's two stones side by side, black's in corners;
    // +1,960 at depth 4, a proven win from depth 10): the brain plays white's move.
    let a = swap2(&mut e, &["0,0", "7,7", "14,14", "8,7", "0,14"]);
    assert!(is_coords(&a), "one move expected, got {a:?}");

    // Stage 5, black has an open three (-2,250 at depth 4, a proven loss from depth 10): SWAP.
    let a = swap2(&mut e, &["6,7", "0,0", "7,7", "14,14", "8,7"]);
    assert_eq!(a, "SWAP");
}

/// Hostile Gomocup input: random mixes of command words, numbers, coordinates and bytes,
/// inside and outside blocks. Every answer must be in the protocol's own form (a move, `OK`,
/// `SWAP`, `FORBID ...`, `ERROR ...`, `UNKNOWN ...`, `MESSAGE ...`, or the ABOUT line) and
/// the engine must still play afterwards.
#[test]
fn random_gomocup_garbage_never_kills_the_brain() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut e = Engine::start(&["--protocol", "gomocup"]);
    let words = [
        "START",
        "RECTSTART",
        "RESTART",
        "BEGIN",
        "TURN",
        "PLAY",
        "TAKEBACK",
        "BOARD",
        "YXBOARD",
        "SWAP2BOARD",
        "DONE",
        "INFO",
        "rule",
        "timeout_turn",
        "max_memory",
        "thread_num",
        "max_node",
        "YXNBEST",
        "YXSHOWFORBID",
        "YXHASHCLEAR",
        "7,7",
        "7,7,1",
        "8,8,2",
        "3,4,3",
        "256,0",
        "300,300",
        "-1,2",
        "0,0",
        "4",
        "15",
        "99999999999999999999999",
        "-5",
        "5,5",
        "22,22",
    ];
    // Searches are kept short by a small turn; nothing sets it back.
    e.send("INFO timeout_turn 20");
    for _ in 0..400 {
        let mut line = common::hostile_line(&mut rng, &words, 1..5, 0.15, 6, b"\n\r");
        line.push(b'\n');
        e.send_raw(&line);
    }
    // Close any open block, then a game that must work. ABOUT (not among the words) marks the
    // end of the garbage's answers.
    e.send("DONE");
    e.send("INFO timeout_turn 200");
    e.send("INFO rule 0");
    e.send("ABOUT");
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut answers = 0;
    loop {
        let line = e
            .line_within(deadline.saturating_duration_since(Instant::now()))
            .expect("brain still answering");
        if line.starts_with("name=\"gridmind\"") {
            break;
        }
        answers += 1;
        let known = is_coords(&line)
            || line.split(' ').all(is_coords)
            || ["OK", "SWAP"].contains(&line.as_str())
            || ["ERROR ", "UNKNOWN ", "MESSAGE ", "FORBID "]
                .iter()
                .any(|p| line.starts_with(p));
        assert!(known, "answer out of protocol: {line:?}");
    }
    println!("{answers} answers to the garbage");
    assert!(answers > 100, "only {answers} answers");
    e.send("START 15");
    assert_eq!(reply(&mut e, Duration::from_secs(5)).as_deref(), Some("OK"));
    e.send("BEGIN");
    let m = reply(&mut e, Duration::from_secs(5)).expect("a move");
    assert!(is_coords(&m), "got {m:?}");
    e.send("END");
    assert_eq!(e.wait_exit(Duration::from_secs(5)), Some(0));
}

/// A block with more stones than any board holds is refused whole, and the brain goes on.
#[test]
fn a_block_with_too_many_stones_is_refused() {
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 200");
    let mut block = String::from("BOARD\n");
    for k in 0..(22 * 22 + 1) {
        block.push_str(&format!("{},{},{}\n", k % 15, (k / 15) % 15, 1 + k % 2));
    }
    block.push_str("DONE\n");
    e.send_raw(block.as_bytes());
    assert_eq!(
        reply(&mut e, Duration::from_secs(5)).as_deref(),
        Some("ERROR too many stones")
    );
    e.send("BEGIN");
    let m = reply(&mut e, Duration::from_secs(5)).expect("a move");
    assert!(is_coords(&m), "got {m:?}");
}

/// `INFO max_memory` is a promise about the whole process: after a search long enough to touch
/// the hash table everywhere, the peak resident size (`VmHWM`) stays under it. Without the cap
/// the default 256 MiB table alone would break it.
#[cfg(target_os = "linux")]
#[test]
fn max_memory_bounds_the_peak_memory() {
    let mut e = gomocup_15();
    let limit_mib = 48u64;
    e.send(&format!("INFO max_memory {}", limit_mib << 20));
    e.send("INFO timeout_turn 1500");
    e.send("BOARD 7,7,1 8,8,2 8,6,1 6,8,2 9,7,2 6,6,1 DONE");
    let m = reply(&mut e, Duration::from_secs(10)).expect("a move");
    assert!(is_coords(&m), "got {m:?}");
    let peak_kib = common::status_kib(e.pid(), "VmHWM:");
    println!(
        "peak resident size {} KiB under max_memory {limit_mib} MiB",
        peak_kib
    );
    assert!(peak_kib < limit_mib << 10, "peak {peak_kib} KiB");
}

/// A tournament starts every game in a new process, and a fresh table's pages are mapped one
/// fault at a time inside the first search's clock. So a timed move's table is sized to the
/// turn (32 MiB for 1 s, docs/strength.md), not to the default 256 MiB `hash`: a 1 s search
/// stores into nearly every page of whatever table it has, so the peak shows the size.
#[cfg(target_os = "linux")]
#[test]
fn a_turn_of_one_second_searches_with_a_table_sized_to_it() {
    let mut e = gomocup_15();
    e.send("INFO timeout_turn 1000");
    e.send("BOARD 7,7,1 8,8,2 8,6,1 6,8,2 9,7,2 6,6,1 DONE");
    let m = reply(&mut e, Duration::from_secs(10)).expect("a move");
    assert!(is_coords(&m), "got {m:?}");
    let peak_kib = common::status_kib(e.pid(), "VmHWM:");
    println!("peak resident size {peak_kib} KiB after a 1 s turn");
    assert!(peak_kib < 80 << 10, "peak {peak_kib} KiB");
}
