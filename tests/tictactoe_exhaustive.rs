//! Exhaustive check through the real binary: against every possible sequence of opponent moves,
//! as first and as second player, gridmind's tic-tac-toe never loses.

mod common;

use common::Engine;

const CELLS: [&str; 9] = ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"];
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Our own referee: 0 empty, 1 engine, 2 opponent.
fn winner(board: &[u8; 9]) -> Option<u8> {
    LINES
        .iter()
        .find(|l| board[l[0]] != 0 && board[l[0]] == board[l[1]] && board[l[1]] == board[l[2]])
        .map(|l| board[l[0]])
}

#[derive(Default)]
struct Tally {
    games: u64,
    engine_wins: u64,
    draws: u64,
    losses: u64,
}

fn cell_of(vertex: &str) -> usize {
    CELLS
        .iter()
        .position(|&c| c == vertex)
        .unwrap_or_else(|| panic!("engine answered an unknown vertex '{vertex}'"))
}

/// Explores every opponent reply; the engine answers with `genmove`.
fn explore(
    e: &mut Engine,
    board: &mut [u8; 9],
    engine: &str,
    opponent: &str,
    engine_to_move: bool,
    tally: &mut Tally,
) {
    if let Some(w) = winner(board) {
        tally.games += 1;
        if w == 1 {
            tally.engine_wins += 1;
        } else {
            tally.losses += 1;
        }
        return;
    }
    if board.iter().all(|&c| c != 0) {
        tally.games += 1;
        tally.draws += 1;
        return;
    }
    if engine_to_move {
        let answer = e.gtp(&format!("genmove {engine}"));
        let vertex = answer.strip_prefix("= ").expect("genmove succeeds");
        let cell = cell_of(vertex);
        assert_eq!(board[cell], 0, "engine played an occupied point");
        board[cell] = 1;
        explore(e, board, engine, opponent, false, tally);
        board[cell] = 0;
        assert_eq!(e.gtp("undo"), "= ");
    } else {
        for cell in 0..9 {
            if board[cell] != 0 {
                continue;
            }
            assert_eq!(e.gtp(&format!("play {opponent} {}", CELLS[cell])), "= ");
            board[cell] = 2;
            explore(e, board, engine, opponent, true, tally);
            board[cell] = 0;
            assert_eq!(e.gtp("undo"), "= ");
        }
    }
}

fn run(engine_first: bool, seed: Option<u64>) -> Tally {
    let mut e = Engine::start(&["--protocol", "gtp"]);
    assert_eq!(e.gtp("game tictactoe"), "= ");
    if let Some(s) = seed {
        assert_eq!(e.gtp(&format!("setoption seed {s}")), "= ");
    }
    let (engine, opponent) = if engine_first { ("x", "o") } else { ("o", "x") };
    let mut tally = Tally::default();
    explore(
        &mut e,
        &mut [0; 9],
        engine,
        opponent,
        engine_first,
        &mut tally,
    );
    println!(
        "engine {}: {} games, {} won, {} drawn, {} lost",
        if engine_first { "first" } else { "second" },
        tally.games,
        tally.engine_wins,
        tally.draws,
        tally.losses
    );
    tally
}

#[test]
fn never_loses_as_first_player() {
    let t = run(true, None);
    assert_eq!(t.losses, 0);
    assert!(
        t.games > 0 && t.engine_wins > 0,
        "the engine should punish some mistakes"
    );
}

#[test]
fn never_loses_as_second_player() {
    let t = run(false, None);
    assert_eq!(t.losses, 0);
    assert!(
        t.games > 0 && t.engine_wins > 0,
        "the engine should punish some mistakes"
    );
}

#[test]
fn never_loses_with_random_tie_breaks() {
    for seed in [1, 2] {
        assert_eq!(run(true, Some(seed)).losses, 0);
        assert_eq!(run(false, Some(seed)).losses, 0);
    }
}
