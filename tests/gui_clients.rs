//! What GUI clients and client libraries do to a live engine that a stdin transcript cannot show
//! (a transcript's end of input stops every search by itself): GoGui's `# interrupt`, Gomocup
//! `YXNBEST` ranking and the Rapfi-shaped `MESSAGE` lines client libraries parse.

mod common;

use std::time::Duration;

use common::Engine;

#[test]
fn gogui_interrupt_line_stops_an_infinite_search_and_gets_no_answer() {
    let mut e = Engine::start(&["--protocol", "gtp"]);
    assert_eq!(e.gtp("known_command gogui-interrupt"), "= true");
    assert_eq!(e.gtp("gogui-interrupt"), "= ");
    assert_eq!(e.gtp("play b h8"), "= ");
    e.send("1 genmove w infinite");
    assert_eq!(
        e.line_within(Duration::from_millis(300)),
        None,
        "an infinite search must not answer by itself"
    );
    e.send("# interrupt");
    let answer = e
        .answer_within(Duration::from_secs(10))
        .expect("the interrupted genmove answers");
    assert!(answer.starts_with("=1 "), "got {answer:?}");
    // The comment line itself gets no answer: the next answer is the next command's.
    assert_eq!(e.gtp("2 name"), "=2 gridmind");
    // The interrupted move was played.
    let v = answer.trim_start_matches("=1 ");
    assert_eq!(e.gtp(&format!("play b {v}")), "? illegal move");
}

/// Starts a Gomocup engine (auto-detected from a lower-case first line) on an empty 15x15 board.
fn gomocup_15(turn_ms: u64) -> Engine {
    let mut e = Engine::start(&[]);
    e.send("start 15");
    assert_eq!(e.line_within(Duration::from_secs(5)).as_deref(), Some("OK"));
    e.send(&format!("INFO timeout_turn {turn_ms}"));
    e
}

/// Reads lines up to the first that is not a `MESSAGE`; returns the `MESSAGE` lines and it.
fn messages_and_reply(e: &mut Engine) -> (Vec<String>, String) {
    let mut messages = Vec::new();
    loop {
        let line = e
            .line_within(Duration::from_secs(20))
            .expect("an answer in time");
        match line.strip_prefix("MESSAGE ") {
            Some(m) => messages.push(m.to_string()),
            None => return (messages, line),
        }
    }
}

/// The word after `key` in a line.
fn after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == key {
            return words.next();
        }
    }
    None
}

/// A score as `YXNBEST` prints it (`cp N`, `win N`, `loss N`, `draw`), as one comparable number.
fn score_value(line: &str) -> i64 {
    let mut words = line
        .split_whitespace()
        .skip_while(|w| *w != "score")
        .skip(1);
    let kind = words.next().expect("a score");
    let n: i64 = words.next().and_then(|v| v.parse().ok()).unwrap_or(0);
    match kind {
        "win" => 1_000_000 - n,
        "loss" => -1_000_000 + n,
        "draw" => 0,
        _ => n,
    }
}

#[test]
fn yxnbest_ranks_in_score_order_with_distinct_moves() {
    // The position of the report: ranks came back with rising scores.
    let mut e = gomocup_15(300);
    e.send("YXBOARD 7,7,1 8,8,2 DONE");
    e.send("YXNBEST 3");
    let (messages, best) = messages_and_reply(&mut e);
    let ranks: Vec<&String> = messages
        .iter()
        .filter(|m| m.starts_with("nbest "))
        .collect();
    assert_eq!(ranks.len(), 3, "{messages:?}");
    let moves: Vec<&str> = ranks
        .iter()
        .map(|r| r.split_whitespace().nth(2).unwrap_or(""))
        .collect();
    for (k, r) in ranks.iter().enumerate() {
        assert!(r.starts_with(&format!("nbest {} ", k + 1)), "{r}");
    }
    let scores: Vec<i64> = ranks.iter().map(|r| score_value(r)).collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "ranks out of score order: {ranks:?}"
    );
    assert_eq!(best, moves[0], "the best move is rank 1: {ranks:?}");
    let mut distinct = moves.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "{moves:?}");
    // Nothing was played: the side to move is unchanged and the brain can still move.
    e.send("YXNBEST 1");
    let (_, again) = messages_and_reply(&mut e);
    assert!(again.contains(','), "{again}");
}

#[test]
fn messages_also_come_in_rapfi_shape_for_client_libraries() {
    let mut e = gomocup_15(300);
    e.send("BEGIN");
    let (_, first) = messages_and_reply(&mut e);
    assert!(first.contains(','), "{first}");
    e.send("TURN 8,8");
    let (messages, _) = messages_and_reply(&mut e);
    let rapfi: Vec<&String> = messages.iter().filter(|m| m.contains(" ev ")).collect();
    assert!(!rapfi.is_empty(), "no Rapfi-shaped line in {messages:?}");
    for m in rapfi {
        // `depth D-S ev V n N n/ms K tm T [pv A1 B2 ...]`, as pygomo-lib and Rapfi GUIs parse it.
        let depth = after(m, "depth").expect("depth");
        let (d, s) = depth.split_once('-').expect("depth-seldepth");
        let (d, s): (u32, u32) = (d.parse().expect("depth"), s.parse().expect("seldepth"));
        assert!(d >= 1 && s >= d, "{m}");
        let ev = after(m, "ev").expect("ev");
        let plain = ev.trim_start_matches("+M").trim_start_matches("-M");
        assert!(plain.trim_start_matches('-').parse::<u32>().is_ok(), "{m}");
        for key in ["n", "n/ms", "tm"] {
            assert!(
                after(m, key).is_some_and(|v| v.parse::<u64>().is_ok()),
                "{key} in {m}"
            );
        }
        if let Some(pv) = m.split(" pv ").nth(1) {
            for mv in pv.split_whitespace() {
                let (col, row) = mv.split_at(1);
                assert!(col.chars().all(|c| c.is_ascii_uppercase()), "{mv} in {m}");
                assert!(
                    row.parse::<u32>().is_ok_and(|r| (1..=15).contains(&r)),
                    "{mv}"
                );
            }
        }
    }
}

#[test]
fn printsgf_to_a_file_loads_back_the_same_game() {
    let path = std::env::temp_dir().join(format!("gridmind-sgf-{}.sgf", std::process::id()));
    let path_text = path.to_string_lossy().into_owned();
    let mut e = Engine::start(&["--protocol", "gtp", "--game", "gomoku 20x15 standard"]);
    for m in ["play b h8", "play w j9", "play b a1", "play w u15"] {
        assert_eq!(e.gtp(m), "= ");
    }
    let printed = e.gtp("printsgf");
    assert_eq!(e.gtp(&format!("printsgf {path_text}")), "= ");
    let file = std::fs::read_to_string(&path).expect("printsgf wrote the file");
    assert_eq!(format!("= {}", file.trim_end()), printed);
    assert!(printed.contains("SZ[20:15]RU[standard];B[hh];W[ig];B[ao];W[ta])"));
    assert_eq!(e.gtp("clear_board"), "= ");
    assert_eq!(e.gtp("game gomoku 9"), "= ");
    assert_eq!(e.gtp(&format!("loadsgf {path_text}")), "= ");
    assert_eq!(e.gtp("game"), "= gomoku 20x15 standard");
    assert_eq!(e.gtp("printsgf"), printed);
    assert_eq!(
        e.gtp("play b u15"),
        "? illegal move",
        "w u15 is on the board"
    );
    assert_eq!(
        e.gtp("printsgf /nonexistent-dir/x.sgf").split(':').next(),
        Some("? cannot write '/nonexistent-dir/x.sgf'")
    );
    // A file larger than any game record is refused unread, the session unchanged.
    std::fs::write(&path, vec![b' '; (1 << 20) + 1]).expect("temp file");
    assert_eq!(
        e.gtp(&format!("loadsgf {path_text}")),
        format!("? cannot read '{path_text}': larger than 1 MiB")
    );
    assert_eq!(e.gtp("printsgf"), printed);
    let _ = std::fs::remove_file(&path);
}
