//! Reading a named-layouts file (`shared/klotski/named-layouts.txt` format), for the benchmark
//! and the tests: `# name: ...`, `# computed_here: a=.. b=.. c=..` comments, then the grid rows.

/// One layout from the file with its known optimum per metric (`None` = unsolvable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedLayout {
    /// The layout's name in the file.
    pub name: String,
    /// Rows joined by `/`: a `solve klotski` GRID.
    pub grid: String,
    /// Known minima for moves, slides, steps; `None` inside = unsolvable.
    pub known: Option<[Option<u32>; 3]>,
}

/// Parses the file; layouts are separated by blank lines, comments start with `#`.
pub fn parse_layouts(text: &str) -> Result<Vec<NamedLayout>, String> {
    let mut out = Vec::new();
    let mut cur: Option<NamedLayout> = None;
    let mut rows: Vec<&str> = Vec::new();
    let mut flush = |cur: &mut Option<NamedLayout>, rows: &mut Vec<&str>| -> Result<(), String> {
        if let Some(mut l) = cur.take() {
            if rows.is_empty() {
                return Err(format!("layout '{}' has no grid rows", l.name));
            }
            l.grid = rows.join("/");
            out.push(l);
        } else if !rows.is_empty() {
            return Err(format!(
                "grid rows '{}' without a '# name:' line",
                rows.join("/")
            ));
        }
        rows.clear();
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix("# name:") {
            flush(&mut cur, &mut rows)?;
            cur = Some(NamedLayout {
                name: name.trim().to_string(),
                grid: String::new(),
                known: None,
            });
        } else if let Some(values) = line.strip_prefix("# computed_here:") {
            if let Some(l) = cur.as_mut() {
                l.known = Some(parse_known(values)?);
            }
        } else if line.is_empty() {
            if !rows.is_empty() {
                flush(&mut cur, &mut rows)?;
            }
        } else if !line.starts_with('#') {
            rows.push(line);
        }
    }
    flush(&mut cur, &mut rows)?;
    Ok(out)
}

/// `a=81 b=90 c=116 ...` (or `a=UNSOLVABLE ...`) to the three minima.
fn parse_known(text: &str) -> Result<[Option<u32>; 3], String> {
    let mut known = [None; 3];
    for (i, key) in ["a=", "b=", "c="].iter().enumerate() {
        let value = text
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .ok_or_else(|| format!("computed_here line without {key}: {text}"))?;
        known[i] = if value == "UNSOLVABLE" {
            None
        } else {
            Some(
                value
                    .parse()
                    .map_err(|_| format!("bad value {key}{value}"))?,
            )
        };
    }
    Ok(known)
}
