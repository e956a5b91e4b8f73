//! A proven win must be a proof (issue #16): the positions in which gridmind claimed forced wins
//! that did not exist, and self-play games in which every claim is held to account on the
//! claimer's following moves.

use gridmind::engine::{with_quiet_context, EngineOptions, Score, SearchControl};
use gridmind::games::gomoku::Gomoku;
use gridmind::games::{Color, Game, Outcome, Point, Rule, Thought};

/// Issue #16, position 1 (Gomocup `BOARD` order, `1` = the side to move, here black): a strong
/// engine finds black lost; gridmind claimed `win 15` with 2,7 3,8 5,3 ... at depth 5.
const FALSE_WIN_1: &str = "7,7,1 8,6,2 9,7,1 10,7,2 11,7,1 9,9,2 10,6,1 11,5,2 9,4,1 9,5,2 \
    10,5,1 10,3,2 7,8,1 7,9,2 8,9,1 6,7,2 8,3,1 7,2,2 7,4,1 7,6,2 5,4,1 6,4,2 9,2,1 10,1,2 \
    6,8,1 5,6,2 6,6,1 4,5,2 4,9,1 4,8,2 5,10,1 6,11,2 5,9,1 6,9,2 4,10,1 3,11,2 5,11,1 5,12,2 \
    3,9,1 2,8,2 11,4,1 3,7,2 10,4,1 8,4,2 5,8,1 5,7,2 4,6,1 3,4,2 2,3,1 3,5,2 3,6,1 2,5,2 8,8,1 \
    9,8,2 5,5,1 4,4,2 2,6,1 4,2,2 1,6,1 0,6,2 13,4,1 12,4,2";

/// Issue #16, position 2 (white to move): about level; gridmind claimed `win 15` with 6,12.
const FALSE_WIN_2: &str = "7,7,2 8,6,1 7,9,2 7,6,1 6,5,2 8,5,1 9,6,2 9,7,1 8,4,2 8,9,1 8,8,2 \
    6,6,1 5,6,2 10,8,1 11,9,2 9,4,1 10,3,2 5,8,1 6,7,2 4,7,1 3,6,2 4,5,1 6,4,2 10,5,1 11,6,2 \
    7,10,1 6,11,2 12,6,1 11,7,2 11,5,1 9,5,2 10,6,1 10,7,2 12,4,1 13,3,2 12,5,1 12,3,2 11,3,1 \
    13,5,2 11,8,1 12,7,2 13,7,1 10,4,2 9,10,1 10,10,2 13,8,1 9,8,2 5,10,1 4,8,2 5,11,1 5,9,2 \
    6,10,1 8,10,2";

/// A game from a Gomocup `BOARD` list, the stones played in list order; returns the game and
/// the colour of the side to move (`1`).
fn from_board(list: &str) -> (Gomoku, Color) {
    let stones: Vec<(usize, usize, u8)> = list
        .split_whitespace()
        .map(|t| {
            let v: Vec<usize> = t.split(',').map(|n| n.parse().expect("number")).collect();
            (v[0], v[1], v[2] as u8)
        })
        .collect();
    // Black moves first: the side to move is black when the stone count is even.
    let to_move = if stones.len() % 2 == 0 {
        Color::Black
    } else {
        Color::White
    };
    let mut g = Gomoku::new(15, 15, Rule::Freestyle);
    for (x, y, who) in stones {
        let colour = if who == 1 {
            to_move
        } else {
            to_move.opponent()
        };
        g.play(colour, Point::new(x, y)).expect("legal setup");
    }
    (g, to_move)
}

fn options() -> EngineOptions {
    EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    }
}

fn think(g: &mut Gomoku, colour: Color, control: SearchControl) -> Thought {
    with_quiet_context(&control, &options(), |ctx| g.think(colour, ctx)).expect("a move")
}

#[test]
fn position_1_is_not_a_forced_win_at_any_depth() {
    // One game object for all depths: the table carries over, as it does between moves.
    let (mut g, black) = from_board(FALSE_WIN_1);
    for depth in 1..=5 {
        let t = think(
            &mut g,
            black,
            SearchControl::unlimited().with_max_depth(depth),
        );
        assert!(
            !matches!(t.score, Score::Win(_)),
            "depth {depth}: claimed {:?} with {:?}",
            t.score,
            t.pv
        );
    }
}

#[test]
fn after_the_claimed_line_the_defender_wins() {
    // 2,7 3,8 5,3 from position 1: white (the defender of the old claim) wins by force.
    let (mut g, black) = from_board(FALSE_WIN_1);
    for (colour, x, y) in [(black, 2, 7), (black.opponent(), 3, 8), (black, 5, 3)] {
        g.play(colour, Point::new(x, y)).expect("legal");
    }
    let t = think(
        &mut g,
        black.opponent(),
        SearchControl::unlimited().with_max_depth(4),
    );
    assert!(matches!(t.score, Score::Win(_)), "found {:?}", t.score);
}

#[test]
fn position_2_is_not_a_forced_win() {
    let (mut g, white) = from_board(FALSE_WIN_2);
    let t = think(
        &mut g,
        white,
        SearchControl::unlimited().with_max_nodes(600_000),
    );
    assert!(!matches!(t.score, Score::Win(_)), "claimed {:?}", t.score);
}

/// Self-play from opening lines: once a side claims a win in `n` plies, each of its following
/// moves (a forced reply too) must claim a win again, and the game must end with that side's five within
/// the plies of its last claim. A claim the opponent escapes is a false proof.
#[test]
fn every_claimed_win_in_self_play_is_kept() {
    let openings = [
        "0,0 1,-1 3,2 -1,-1 3,-1",
        "4,6 1,5 0,3",
        "-1,6 -1,3 -3,1 -6,1 -4,5",
        "0,0 1,1 2,0",
        "0,0 0,1 2,2 -1,3",
        "0,0 -1,1 1,2 2,1",
    ];
    let mut claims = 0;
    for opening in openings {
        let mut g = Gomoku::new(15, 15, Rule::Freestyle);
        let mut colour = Color::Black;
        for t in opening.split_whitespace() {
            let v: Vec<i32> = t.split(',').map(|n| n.parse().expect("number")).collect();
            let p = Point::new((7 + v[0]) as usize, (7 + v[1]) as usize);
            g.play(colour, p).expect("opening");
            colour = colour.opponent();
        }
        // (claimer, the ply by which it must have won, the plies it claimed last)
        let mut claim: Option<(Color, usize, u32)> = None;
        while g.outcome().is_none() {
            let t = think(
                &mut g,
                colour,
                SearchControl::unlimited().with_max_nodes(100_000),
            );
            let ply = g.history().len();
            match (claim, t.score) {
                (None, Score::Win(n)) => {
                    claims += 1;
                    claim = Some((colour, ply + n as usize, n));
                }
                (Some((who, _, _)), Score::Win(n)) => {
                    assert_eq!(
                        who, colour,
                        "{opening}: both sides claim a win at ply {ply}"
                    );
                    // A VCT's distance is an upper bound, so a later claim need not be sooner;
                    // the game must end by the latest claim's deadline.
                    claim = Some((who, ply + n as usize, n));
                }
                // Forced replies (the block of a four) included: issue #72.
                (Some((who, _, last)), other) if who == colour => {
                    let moves: Vec<String> =
                        g.history().iter().map(|(_, p)| p.to_string()).collect();
                    panic!(
                        "{opening}: claimed win {last}, then {other:?} at ply {ply} after {}",
                        moves.join(" ")
                    )
                }
                _ => {}
            }
            g.play(colour, t.point).expect("legal move");
            colour = colour.opponent();
        }
        if let Some((who, by, _)) = claim {
            assert_eq!(g.outcome(), Some(Outcome::Win(who)), "{opening}");
            assert!(g.history().len() <= by, "{opening}: won late");
        }
    }
    assert!(claims >= 3, "only {claims} games reached a claimed win");
}
