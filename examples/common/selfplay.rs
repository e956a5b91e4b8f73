//! What the self-play tuning examples (`texel`, `combo_fit`) share: their command-line reading
//! and the openings their games start from.

use gridmind::games::{GameSpec, Point, Rule};
use gridmind::matchrunner::openings;

/// The value after `name` on the command line.
pub fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// Every opening of the files in `tests/data/gomoku/`, as the match runner reads them.
pub fn openings() -> Vec<Vec<Point>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gomoku");
    let spec = GameSpec::Gomoku {
        width: 15,
        height: 15,
        rule: Rule::Freestyle,
    };
    let mut out = Vec::new();
    for f in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(f.path()).unwrap_or_default();
        out.extend(openings::parse(&text, spec).unwrap_or_default());
    }
    out
}
