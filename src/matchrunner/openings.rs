//! Gomocup opening files: one opening per line, `x,y` offsets from the centre (`size/2`), stones
//! alternating black, white, black, ... Each opening is checked by playing it through the rules
//! ([`GameSpec::build`]) so a bad file stops the match before any game.

use crate::games::{Color, GameSpec, Point};

/// Parses an opening file's text for the given game. Blank lines and lines starting with `#` are
/// skipped; every error names its line.
pub fn parse(text: &str, spec: GameSpec) -> Result<Vec<Vec<Point>>, String> {
    let mut openings = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("openings line {}: {e}", i + 1);
        openings.push(parse_line(line, spec).map_err(at)?);
    }
    if openings.is_empty() {
        return Err("the openings file has no openings".into());
    }
    Ok(openings)
}

fn parse_line(line: &str, spec: GameSpec) -> Result<Vec<Point>, String> {
    let mut game = spec.build()?;
    let (cx, cy) = ((game.width() / 2) as i64, (game.height() / 2) as i64);
    let numbers: Vec<i64> = line
        .split([',', ' ', '\t'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<i64>()
                .ok()
                .filter(|v| v.abs() < 1000)
                .ok_or_else(|| format!("'{w}' is not a number"))
        })
        .collect::<Result<_, _>>()?;
    if numbers.len() % 2 != 0 {
        return Err("odd number of coordinates".into());
    }
    let mut stones = Vec::new();
    let mut color = Color::Black;
    for pair in numbers.chunks(2) {
        let (x, y) = (cx + pair[0], cy + pair[1]);
        let off = || format!("{},{} is off the board", pair[0], pair[1]);
        let (x, y) = (
            usize::try_from(x).map_err(|_| off())?,
            usize::try_from(y).map_err(|_| off())?,
        );
        if x >= game.width() || y >= game.height() {
            return Err(off());
        }
        let p = Point::new(x, y);
        game.play(color, p)
            .map_err(|e| format!("stone {},{}: {e}", pair[0], pair[1]))?;
        stones.push(p);
        color = color.opponent();
    }
    if game.outcome().is_some() {
        return Err("the opening already ends the game".into());
    }
    Ok(stones)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rule;

    const G15: GameSpec = GameSpec::Gomoku {
        width: 15,
        height: 15,
        rule: Rule::Freestyle,
    };

    #[test]
    fn offsets_are_from_the_centre() {
        let o = parse("0,0, 1,0, 1,3\n\n# comment\n-7,-7\n", G15).unwrap();
        assert_eq!(
            o,
            vec![
                vec![Point::new(7, 7), Point::new(8, 7), Point::new(8, 10)],
                vec![Point::new(0, 0)]
            ]
        );
    }

    #[test]
    fn bad_openings_name_their_line() {
        for (text, needle) in [
            ("0,0, 0,0", "line 1"),
            ("0,0\n8,0", "off the board"),
            ("0,0, 1", "odd number"),
            ("0,x", "not a number"),
            ("", "no openings"),
            (
                "0,0, 0,1, 1,0, 1,1, 2,0, 2,1, 3,0, 3,1, 4,0",
                "ends the game",
            ),
        ] {
            let e = parse(text, G15).unwrap_err();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
