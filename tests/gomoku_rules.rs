//! The renju referee (`games::gomoku::rules`) on hand-made positions with known answers.
//!
//! Each position is a diagram, top row first: `X` black, `O` white, `.` an empty point black MAY
//! play, and `3`, `4`, `6` an empty point black may NOT play (double-three, double-four,
//! overline). Every point of every diagram is checked, so a `.` is as much an assertion as a digit.
//!
//! Beyond the diagrams, the referee is compared point by point with a second referee written
//! here from the rule text alone ([`oracle`]) on many random and middle-game positions; the
//! diagrams check that oracle as well. What the referee costs is `gridmind bench renju`'s.

use gridmind::games::gomoku::rules::{
    forbidden, forbidden_points, might_be_forbidden, wins, Forbidden, Grid,
};
use gridmind::games::{Color, Rule};

/// Reads a diagram into a grid and the forbidden points it marks.
fn parse(diagram: &str) -> (Grid, Vec<(usize, usize, Forbidden)>) {
    let rows: Vec<Vec<&str>> = diagram
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let (w, h) = (rows[0].len(), rows.len());
    let mut grid = Grid::new(w, h);
    let mut marked = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), w, "diagram row {y} has the wrong width");
        for (x, cell) in row.iter().enumerate() {
            match *cell {
                "X" => grid.set(x, y, Some(Color::Black)),
                "O" => grid.set(x, y, Some(Color::White)),
                "." => {}
                "3" => marked.push((x, y, Forbidden::DoubleThree)),
                "4" => marked.push((x, y, Forbidden::DoubleFour)),
                "6" => marked.push((x, y, Forbidden::Overline)),
                other => panic!("unknown diagram cell {other:?}"),
            }
        }
    }
    (grid, marked)
}

/// The grid drawn back with the forbidden points the referee finds, for failure messages.
fn draw(grid: &Grid, found: &[(usize, usize, Forbidden)]) -> String {
    let mut s = String::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let c = match grid.get(x as i32, y as i32) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => match found.iter().find(|f| f.0 == x && f.1 == y) {
                    Some((_, _, Forbidden::DoubleThree)) => '3',
                    Some((_, _, Forbidden::DoubleFour)) => '4',
                    Some((_, _, Forbidden::Overline)) => '6',
                    None => '.',
                },
            };
            s.push(c);
            s.push(' ');
        }
        s.push('\n');
    }
    s
}

/// Asserts that the referee finds exactly the marked forbidden points, that the single-point
/// query agrees at every point (`.` included), and that the test's own plain reading of the
/// rules ([`oracle`]) finds the same: the diagrams are the oracle's check as much as the code's.
fn check(diagram: &str) {
    let (grid, marked) = parse(diagram);
    let found = forbidden_points(&grid);
    assert_eq!(
        found,
        marked,
        "\nexpected:\n{}\nfound:\n{}",
        draw(&grid, &marked),
        draw(&grid, &found)
    );
    let by_oracle = oracle::forbidden_points(&grid);
    assert_eq!(
        by_oracle,
        marked,
        "the test's oracle disagrees with the diagram\nexpected:\n{}\noracle:\n{}",
        draw(&grid, &marked),
        draw(&grid, &by_oracle)
    );
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let want = marked.iter().find(|m| (m.0, m.1) == (x, y)).map(|m| m.2);
            assert_eq!(forbidden(&grid, x, y), want, "single query at {x},{y}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Double-three.

/// Two open threes crossing at the marked point: `.XX3.` across (row 4) and `X X 3` down
/// (column 5), each able to become `.XXXX.`.
#[test]
fn two_open_threes_are_a_double_three() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . X X 3 . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

/// Broken threes count: across `X.X3` (row 4, filling the gap makes `XXXX` with both ends
/// open) and down `X.X3` (column 5) make the marked point a double-three.
#[test]
fn broken_threes_count() {
    check(
        "
        . . . . . . . . .
        . . . . . X . . .
        . . . . . . . . .
        . . . . . X . . .
        . . X . X 3 . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

/// The first position with a white stone on top of the column: down it becomes `O X X m`,
/// which can only become `OXXXX.` (not straight), so it is no three and (5,4) is allowed: a
/// double-three where one three is a fake.
#[test]
fn three_blocked_by_white_is_no_three() {
    check(
        "
        . . . . . . . . .
        . . . . . O . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

/// A straight four needs six free points. Row 3 `O . X X m . O` (whites two points from the
/// three on each side) leaves only five: no three, so (5,3), with a real three up column 5, is
/// allowed. Row 7 `O . . X X m . O` leaves six (`O.XXXX.O` after filling (2,7)): a three, so with
/// the column three below it (5,7) is a double-three. (2,5) is a double-three too, of two broken
/// diagonal threes: (2,5) . (4,3) (5,2) and (2,5) . (4,7) (5,8).
#[test]
fn a_three_needs_room_for_a_straight_four() {
    check(
        "
        . . . . . . . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        . O . X X . . O . .
        . . . . . . . . . .
        . . 3 . . . . . . .
        . . . . . . . . . .
        O . . X X 3 . O . .
        . . . . . X . . . .
        . . . . . X . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
    );
}

/// `X . . X X m . . X` (row 4): each way of making four stones in a row leaves an end whose
/// five would be six (`X.XXXX.`), so it is no straight four and no three; (5,4) with the column
/// three above is allowed. Without the right-hand stone `..XXXX..` can be made through (6,4),
/// so the same point is a double-three.
#[test]
fn a_three_whose_fours_all_make_overlines_is_no_three() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        X . . X X . . . X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        X . . X X 3 . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

/// Recursion. At (5,4): across, `X X m` is a real three. Down, `O . X X m q` can only become a
/// straight four through q = (5,5), and q is itself forbidden: it would make six on the diagonal
/// (4,4)-(9,9). So the down line is no three and (5,4) is allowed; q is marked 6.
#[test]
fn a_three_completed_only_through_a_forbidden_point_is_no_three() {
    check(
        "
        . . . . . O . . . . . .
        . . . . . . . . . . . .
        . . . . . X . . . . . .
        . . . . . X . . . . . .
        . . . X X . . . . . . .
        . . . . . 6 . . . . . .
        . . . . . . X . . . . .
        . . . . . . . X . . . .
        . . . . . . . . X . . .
        . . . . . . . . . X . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        ",
    );
}

/// The same position without the stone at (9,9): now q = (5,5) makes an exact five on the
/// diagonal (4,4)-(8,8), a five is never forbidden, the down line is a real three again, and
/// (5,4) is a double-three. Only that one far stone differs from the previous test.
#[test]
fn the_same_three_is_real_when_its_completing_point_is_allowed() {
    check(
        "
        . . . . . O . . . . . .
        . . . . . . . . . . . .
        . . . . . X . . . . . .
        . . . . . X . . . . . .
        . . . X X 3 . . . . . .
        . . . . . . . . . . . .
        . . . . . . X . . . . .
        . . . . . . . X . . . .
        . . . . . . . . X . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// Double-four.

/// Two closed fours: across `O X X X m` and down `O X X X m`, each able to become a five only at
/// one point. Forbidden although neither four is open.
#[test]
fn two_closed_fours_are_a_double_four() {
    check(
        "
        . . . . O . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X 4 . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

/// Four-four in one line, three ways, each row walled off by white rows:
/// `X.X4X.X`, `XX.4X.XX` and `XXX.4.XXX`: one move, two fives possible in the same line.
#[test]
fn four_four_in_one_line() {
    check(
        "
        . . X . X 4 X . X . . .
        O O O O O O O O O O O O
        . X X . 4 X . X X . . .
        O O O O O O O O O O O O
        X X X . 4 . X X X . . .
        ",
    );
}

/// A dead four is no four. Across `O X X X m O` cannot become five; down `X X X m .` can. So
/// (4,4) makes one four and is allowed.
#[test]
fn a_dead_four_is_no_four() {
    check(
        "
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X . O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

/// A four and a three together are allowed: across `X X X m .` is a four, down `X X m` a
/// three. Renju's winning shape for black, not a forbidden one.
#[test]
fn four_three_is_allowed() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X . . .
        . . X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// Overline and five.

/// Six or more in a row through the move: `XXX6XX` and `X6XXXX` (row 0 and 2), and seven in
/// `XXX6XXX` (row 4).
#[test]
fn overlines() {
    check(
        "
        X X X 6 X X . . .
        O O O O O O O O O
        X 6 X X X X . . .
        O O O O O O O O O
        X X X 6 X X X . .
        ",
    );
}

/// Five takes precedence over an overline: (4,4) makes six across (`XXXX m X`) but an exact
/// five down column 4, so it wins and is allowed. Without the column it is an overline.
/// (3,6) in the first position is a double-three: (3,6)(4,5)(5,4) on one diagonal and the broken
/// (1,4) . (3,6)(4,7) on the other.
#[test]
fn five_beats_overline() {
    check(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        X X X X . X . . . .
        . . . . X . . . . .
        . . . 3 X . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        . . . . . . . . . .
        ",
    );
    check(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        X X X X 6 X . . . .
        . . . . . . . . . .
        ",
    );
}

/// Five takes precedence over a double-four: (5,5) makes an exact five across row 5 and fours
/// down column 5 and on the diagonal to (8,8): allowed. Without the row it is a double-four.
#[test]
fn five_beats_double_four() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . X X X X . . . . . .
        . . . . . . X . . . .
        . . . . . . . X . . .
        . . . . . . . . X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . 4 . . . . .
        . . . . . . X . . . .
        . . . . . . . X . . .
        . . . . . . . . X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// Board edges.

/// On a 6x6 board `.XX3..` still leaves room for `.XXXX.`: the marked point is a double-three.
#[test]
fn double_three_on_a_six_board() {
    check(
        "
        . . . . . .
        . . . X . .
        . . . X . .
        . X X 3 . .
        . . . . . .
        . . . . . .
        ",
    );
}

/// The same shape on a 5x5 board: `.XXm.` can never become a straight four (it would need
/// six points), so there are no threes and nothing is forbidden.
#[test]
fn no_threes_on_a_five_board() {
    check(
        "
        . . . . .
        . . . X .
        . . . X .
        . X X . .
        . . . . .
        ",
    );
}

/// Threes against the edge: `|XXm...` (row 0) can only become `|XXXX..`, blocked by the edge:
/// no three; with the column three, (2,0) is allowed. `|.XXm..` (row 6) can become
/// `|.XXXX.`: a three, and (3,6) with its column three is a double-three.
#[test]
fn threes_against_the_edge() {
    check(
        "
        X X . . . . . .
        . . X . . . . .
        . . X . . . . .
        . . . . . . . .
        . . . X . . . .
        . . . X . . . .
        . X X 3 . . . .
        . . . . . . . .
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// Published examples of strict renju: the five diagrams of the mintaka renju engine's rule notes
// (github.com/junghyun397/mintaka, documents/renju.md), 15x15, every forbidden point marked.

/// Four-four in one line, between white walls: `X.X4X.X`, `X.XX4.X`, `XX.X4.XX`; the bottom row
/// `X.X.XX..XX.X` holds no forbidden point.
#[test]
fn published_single_line_forbidden_moves() {
    check(
        "
        . . . . . . . . . . . . . . .
        . . . . X . X 4 X . X . . . .
        . . . . . . . . . . . . . . .
        . . . . O O O O O O O . . . .
        . . . . . . . . . . . . . . .
        . . . . X . X X 4 . X . . . .
        . . . . . . . . . . . . . . .
        . . . . O O O O O O O . . . .
        . . . . . . . . . . . . . . .
        . . . . X X . X 4 . X X . . .
        . . . . . . . . . . . . . . .
        . . . . O O O O O O O . . . .
        . . . . . . . . . . . . . . .
        . . X . X . X X . . X X . X .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Points that look like double-fours to a pattern matcher but are not forbidden.
#[test]
fn published_pseudo_double_fours() {
    check(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . X X . . . . . . . .
        . . . . . . O X O . . . . . .
        . . . . . . O X O . . . . . .
        . . . . . . . . X X X O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// A double-three whose threes depend on points that are themselves judged recursively.
#[test]
fn published_nested_forbidden_moves() {
    check(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . . O . . . . . . . .
        . . . . X . . X . O . . . . .
        . . . . O X O X X . . . . . .
        . . . . . . X X 3 . . . . . .
        . . . . . . O O X X . . . . .
        . . . . . X . . . . . . . . .
        . . . . O X . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Several levels of nesting at once.
#[test]
fn published_multiple_nested_forbidden_moves() {
    check(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . X . .
        . . . . . O . . . 3 . . O X .
        . . O X . . X O X X X O X . .
        . . . X O O . X O 3 . . . . .
        . O . . X X 3 . . X 3 . . . .
        . . . . . . X . . . X X O . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

/// Four double-threes around two blocked 2x4 blocks, each three's completion depending on the
/// others' verdicts.
#[test]
fn published_recursive_forbidden_moves() {
    check(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O O . . . . . . .
        . . . . . 3 X X 3 . . . . . .
        . . . . O X X X X O . . . . .
        . . . . O X X X X O . . . . .
        . . . . . 3 X X 3 . . . . . .
        . . . . . . O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// Who wins.

/// A grid with `color` stones at `points`.
fn stones(w: usize, h: usize, color: Color, points: &[(usize, usize)]) -> Grid {
    let mut g = Grid::new(w, h);
    for &(x, y) in points {
        g.set(x, y, Some(color));
    }
    g
}

/// Five wins under every rule; six wins under freestyle, never under standard, and under renju
/// only for white. The stone judged is (2,0) in `XXXXX` and `XXXXXX` along row 0.
#[test]
fn who_wins_under_each_rule() {
    let row = |n: usize| (0..n).map(|x| (x, 0)).collect::<Vec<_>>();
    for color in [Color::Black, Color::White] {
        let five = stones(9, 9, color, &row(5));
        let six = stones(9, 9, color, &row(6));
        let four = stones(9, 9, color, &row(4));
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            assert!(wins(&five, rule, color, 2, 0), "{color:?} five, {rule:?}");
            assert!(!wins(&four, rule, color, 2, 0), "{color:?} four, {rule:?}");
        }
        assert!(wins(&six, Rule::Freestyle, color, 2, 0));
        assert!(!wins(&six, Rule::Standard, color, 2, 0));
        assert_eq!(wins(&six, Rule::Renju, color, 2, 0), color == Color::White);
    }
}

/// A five of the other color does not count, and a diagonal five does.
#[test]
fn wins_counts_only_the_movers_line() {
    let diagonal: Vec<_> = (0..5).map(|i| (i + 2, 6 - i)).collect();
    let g = stones(9, 9, Color::White, &diagonal);
    assert!(wins(&g, Rule::Renju, Color::White, 4, 4));
    assert!(!wins(&g, Rule::Renju, Color::Black, 4, 4));
}

/// White is never restricted: the referee is asked about black only, and the same overline
/// shape with white stones wins for white.
#[test]
fn white_overline_is_a_win_not_a_foul() {
    let (grid, _) = parse("X X X . X X . . .");
    assert_eq!(forbidden(&grid, 3, 0), Some(Forbidden::Overline));
    let mut white = stones(
        9,
        1,
        Color::White,
        &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
    );
    assert!(wins(&white, Rule::Renju, Color::White, 3, 0));
    white.set(3, 0, None);
    assert_eq!(
        forbidden(&white, 3, 0),
        None,
        "white stones make no black foul"
    );
}

/// Occupied and off-board points are not "forbidden"; nothing panics on them.
#[test]
fn occupied_and_off_board_points() {
    let (grid, _) = parse(
        "
        X X X . X X
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        ",
    );
    assert_eq!(forbidden(&grid, 0, 0), None);
    assert_eq!(forbidden(&grid, 6, 0), None);
    assert_eq!(forbidden(&grid, usize::MAX, 0), None);
    assert!(!might_be_forbidden(&grid, 0, usize::MAX));
    assert_eq!(forbidden(&grid, 3, 0), Some(Forbidden::Overline));
}

// ---------------------------------------------------------------------------------------------
// The referee against an independent reading of the rules.

/// A second renju referee, written for this test from the rule text alone (the Renju
/// International Federation's definitions, as `rules.rs` quotes them) and for nothing but
/// being obviously right: no pre-filter, no wall border, no shortcut in how far along a line it
/// looks, and a four counted as a set of stones rather than as completion points. It is slow;
/// the tests compare it with `rules` point by point.
mod oracle {
    use gridmind::games::gomoku::rules::{Forbidden, Grid};
    use gridmind::games::Color;

    const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

    /// What a point holds; off the board is its own kind, never a stone.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Cell {
        Empty,
        Black,
        White,
        Off,
    }

    /// A plain copy of the board that the oracle may put trial stones on.
    #[derive(Clone)]
    pub struct Board {
        w: i32,
        h: i32,
        cells: Vec<Cell>,
    }

    impl Board {
        pub fn of(grid: &Grid) -> Board {
            let (w, h) = (grid.width() as i32, grid.height() as i32);
            let cells = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .map(|(x, y)| match grid.get(x, y) {
                    Some(Color::Black) => Cell::Black,
                    Some(Color::White) => Cell::White,
                    None => Cell::Empty,
                })
                .collect();
            Board { w, h, cells }
        }

        fn at(&self, x: i32, y: i32) -> Cell {
            if x < 0 || y < 0 || x >= self.w || y >= self.h {
                Cell::Off
            } else {
                self.cells[(y * self.w + x) as usize]
            }
        }

        fn put(&mut self, x: i32, y: i32, c: Cell) {
            self.cells[(y * self.w + x) as usize] = c;
        }

        /// Black stones in an unbroken row through `(x, y)` (itself black) along `d`: the
        /// offsets of its two ends, counted in steps of `d` from `(x, y)`.
        fn run(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> (i32, i32) {
            let mut lo = 0;
            while self.at(x + (lo - 1) * dx, y + (lo - 1) * dy) == Cell::Black {
                lo -= 1;
            }
            let mut hi = 0;
            while self.at(x + (hi + 1) * dx, y + (hi + 1) * dy) == Cell::Black {
                hi += 1;
            }
            (lo, hi)
        }

        fn run_len(&self, x: i32, y: i32, d: (i32, i32)) -> i32 {
            let (lo, hi) = self.run(x, y, d);
            hi - lo + 1
        }
    }

    // How often a candidate three was turned down because its only straight-four points are
    // themselves forbidden: the sample must reach the recursion for the comparison to mean
    // anything. Per thread, so that tests running side by side do not count for each other.
    thread_local! {
        pub static RECURSIVE_REFUSALS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Every forbidden point of the board, row by row from the top, like `forbidden_points`.
    pub fn forbidden_points(grid: &Grid) -> Vec<(usize, usize, Forbidden)> {
        let mut b = Board::of(grid);
        let mut out = Vec::new();
        for y in 0..b.h {
            for x in 0..b.w {
                if let Some(f) = verdict(&mut b, x, y) {
                    out.push((x as usize, y as usize, f));
                }
            }
        }
        out
    }

    /// Whether black may not play `(x, y)`, and why; `None` for an occupied point.
    pub fn verdict(b: &mut Board, x: i32, y: i32) -> Option<Forbidden> {
        if b.at(x, y) != Cell::Empty {
            return None;
        }
        b.put(x, y, Cell::Black);
        let v = judge(b, x, y);
        b.put(x, y, Cell::Empty);
        v
    }

    /// The rules in their order of precedence, for black's stone just put at `(x, y)`: a five
    /// is never forbidden; then six or more in a row; then two fours; then threes in two lines
    /// (a line that holds a four is not also a three).
    fn judge(b: &mut Board, x: i32, y: i32) -> Option<Forbidden> {
        if DIRECTIONS.iter().any(|&d| b.run_len(x, y, d) == 5) {
            return None;
        }
        if DIRECTIONS.iter().any(|&d| b.run_len(x, y, d) > 5) {
            return Some(Forbidden::Overline);
        }
        let fours: Vec<usize> = DIRECTIONS.iter().map(|&d| fours(b, x, y, d)).collect();
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let threes = DIRECTIONS
            .iter()
            .zip(&fours)
            .filter(|&(&d, &f)| f == 0 && is_three(b, x, y, d))
            .count();
        (threes >= 2).then_some(Forbidden::DoubleThree)
    }

    /// The fours through `(x, y)` along `d`: the different sets of four black stones, with
    /// `(x, y)` among them, that lie in five consecutive points whose fifth point is empty and
    /// would make exactly five (the points just outside the five are not black). A straight
    /// four `.XXXX.` is one set reached from two sides; `X.XXX.X` is two sets.
    fn fours(b: &Board, x: i32, y: i32, (dx, dy): (i32, i32)) -> usize {
        let mut sets: Vec<Vec<i32>> = Vec::new();
        for start in -4..=0 {
            let window: Vec<i32> = (start..start + 5).collect();
            let cell = |k: i32| b.at(x + k * dx, y + k * dy);
            let empty: Vec<i32> = window
                .iter()
                .copied()
                .filter(|&k| cell(k) == Cell::Empty)
                .collect();
            let black = window.iter().filter(|&&k| cell(k) == Cell::Black).count();
            if empty.len() != 1 || black != 4 {
                continue;
            }
            if cell(start - 1) == Cell::Black || cell(start + 5) == Cell::Black {
                continue; // filling the gap would make six or more
            }
            let stones: Vec<i32> = window.into_iter().filter(|&k| k != empty[0]).collect();
            if !sets.contains(&stones) {
                sets.push(stones);
            }
        }
        sets.len()
    }

    /// A three through `(x, y)` along `d`: some empty point of the line where one more black
    /// stone makes a straight four through `(x, y)`, and that point is itself not forbidden in
    /// the position with `(x, y)` played (judged by the same rules, recursively).
    fn is_three(b: &mut Board, x: i32, y: i32, (dx, dy): (i32, i32)) -> bool {
        let reach = b.w.max(b.h);
        let mut refused = false;
        for k in -reach..=reach {
            let (qx, qy) = (x + k * dx, y + k * dy);
            if k == 0 || b.at(qx, qy) != Cell::Empty {
                continue;
            }
            b.put(qx, qy, Cell::Black);
            let straight = straight_four(b, x, y, (dx, dy));
            b.put(qx, qy, Cell::Empty);
            if straight {
                if verdict(b, qx, qy).is_none() {
                    return true;
                }
                refused = true;
            }
        }
        if refused {
            RECURSIVE_REFUSALS.with(|n| n.set(n.get() + 1));
        }
        false
    }

    /// A straight four through `(x, y)` along `d`: exactly four black stones in an unbroken
    /// row, and each of the two points at its ends empty and making exactly five when filled.
    fn straight_four(b: &mut Board, x: i32, y: i32, d: (i32, i32)) -> bool {
        let (lo, hi) = b.run(x, y, d);
        if hi - lo + 1 != 4 {
            return false;
        }
        [lo - 1, hi + 1].iter().all(|&k| {
            let (ex, ey) = (x + k * d.0, y + k * d.1);
            if b.at(ex, ey) != Cell::Empty {
                return false;
            }
            b.put(ex, ey, Cell::Black);
            let five = b.run_len(x, y, d) == 5;
            b.put(ex, ey, Cell::Empty);
            five
        })
    }
}

/// A random cluttered board: dense enough in black stones that threes, fours, overlines and
/// nested verdicts abound.
fn cluttered(rng: &mut rand::rngs::StdRng, w: usize, h: usize, black: f64, white: f64) -> Grid {
    use rand::Rng;
    let mut g = Grid::new(w, h);
    for y in 0..h {
        for x in 0..w {
            let r: f64 = rng.gen();
            if r < black {
                g.set(x, y, Some(Color::Black));
            } else if r < black + white {
                g.set(x, y, Some(Color::White));
            }
        }
    }
    g
}

/// Middle-game-like 15x15 positions: random games where each move lands within two points of a
/// stone already played and black never plays a point the oracle forbids, stopped after 30 to
/// 60 stones (and thrown away if someone made five).
fn middle_games(rng: &mut rand::rngs::StdRng, count: usize) -> Vec<Grid> {
    use rand::Rng;
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Grid::new(15, 15);
        g.set(7, 7, Some(Color::Black));
        let target = rng.gen_range(30..=60);
        let mut color = Color::White;
        let mut ok = true;
        for _ in 1..target {
            let mut board = oracle::Board::of(&g);
            let near: Vec<(usize, usize)> = (0..15)
                .flat_map(|y| (0..15).map(move |x| (x, y)))
                .filter(|&(x, y)| g.get(x as i32, y as i32).is_none())
                .filter(|&(x, y)| {
                    (-2..=2)
                        .any(|dy| (-2..=2).any(|dx| g.get(x as i32 + dx, y as i32 + dy).is_some()))
                })
                .filter(|&(x, y)| {
                    color == Color::White
                        || oracle::verdict(&mut board, x as i32, y as i32).is_none()
                })
                .collect();
            if near.is_empty() {
                ok = false;
                break;
            }
            let (x, y) = near[rng.gen_range(0..near.len())];
            g.set(x, y, Some(color));
            if wins(&g, Rule::Freestyle, color, x, y) {
                ok = false;
                break;
            }
            color = color.opponent();
        }
        if ok {
            out.push(g);
        }
    }
    out
}

/// The referee (`forbidden_points`, `forbidden` one point at a time, and the pre-filter) against
/// the oracle on every point of 1,200 cluttered random boards of several sizes (edges matter:
/// 6x6 to 15x15) and 60 middle-game positions. The pre-filter is checked against the oracle's
/// verdicts, not the referee's: `forbidden` calls the pre-filter first, so a pre-filter that
/// wrongly rejected a point would hide the point from both, and only an outside reference sees
/// it. The sample must reach every kind of verdict and the recursion, or it proves little.
#[test]
fn the_referee_agrees_with_an_independent_reading_of_the_rules() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(70);
    let mut grids: Vec<Grid> = (0..1200)
        .map(|i| {
            let n = [6, 7, 9, 11, 15][i % 5];
            let black = 0.15 + 0.2 * (i / 5 % 5) as f64 / 4.0;
            cluttered(&mut rng, n, n + i % 2, black, 0.1)
        })
        .collect();
    grids.extend(middle_games(&mut rng, 60));
    let mut kinds = [0usize; 3];
    let mut filtered_out = 0;
    for g in &grids {
        let want = oracle::forbidden_points(g);
        assert_eq!(
            forbidden_points(g),
            want,
            "\nreferee:\n{}\noracle:\n{}",
            draw(g, &forbidden_points(g)),
            draw(g, &want)
        );
        for y in 0..g.height() {
            for x in 0..g.width() {
                let truth = want.iter().find(|m| (m.0, m.1) == (x, y)).map(|m| m.2);
                assert_eq!(forbidden(g, x, y), truth, "{x},{y} in\n{}", draw(g, &want));
                let maybe = might_be_forbidden(g, x, y);
                assert!(
                    truth.is_none() || maybe,
                    "pre-filter rejects {x},{y} in\n{}",
                    draw(g, &want)
                );
                filtered_out += (!maybe && g.get(x as i32, y as i32).is_none()) as usize;
            }
        }
        for &(_, _, f) in &want {
            kinds[f as usize] += 1;
        }
    }
    let recursive = oracle::RECURSIVE_REFUSALS.with(|n| n.get());
    println!("forbidden points by kind (3, 4, 6): {kinds:?}; recursive refusals {recursive}; pre-filter rejections {filtered_out}");
    assert!(
        kinds.iter().all(|&k| k > 200),
        "too few of some kind: {kinds:?}"
    );
    assert!(
        recursive > 100,
        "the recursion was reached only {recursive} times"
    );
    assert!(
        filtered_out > 10_000,
        "the pre-filter rejected only {filtered_out} points"
    );
}
