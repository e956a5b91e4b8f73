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
