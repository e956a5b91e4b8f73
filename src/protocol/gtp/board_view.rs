//! `showboard`: a readable board with GTP coordinates on all four sides.

use crate::games::{Color, Game, Point};

/// Renders `X`/`O` stones, `.` empty points and `*` renju-forbidden points, row numbers counted
/// from the bottom and column letters skipping `i`, as GTP users expect.
pub fn render(game: &dyn Game) -> String {
    let (w, h) = (game.width(), game.height());
    let letters: Vec<char> = (b'a'..=b'z')
        .filter(|&c| c != b'i')
        .map(|c| c.to_ascii_uppercase() as char)
        .take(w)
        .collect();
    let header: String = letters.iter().map(|c| format!(" {c}")).collect();
    let num_width = h.to_string().len();
    let mut s = format!("{:num_width$} {header}\n", "");
    for y in 0..h {
        let row = h - y;
        s.push_str(&format!("{row:>num_width$} "));
        for x in 0..w {
            let p = Point::new(x, y);
            let c = match game.stone(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if game.is_forbidden(p) => '*',
                None => '.',
            };
            s.push(' ');
            s.push(c);
        }
        s.push_str(&format!(" {row}\n"));
    }
    s.push_str(&format!("{:num_width$} {header}", ""));
    s
}
