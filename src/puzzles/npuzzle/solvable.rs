//! The exact parity rule: which start positions can reach which goals.
//!
//! A blank move never changes the order of the tiles read row by row except by a vertical move,
//! which jumps one tile over W-1 others. So for odd W the inversion parity is invariant; for even W
//! the inversion parity plus the blank's row is. On 1-wide boards (a single row or column) tiles can
//! never pass each other, so their order must match exactly. Together these are also sufficient.

use super::board::Shape;

/// Inversions (pairs out of order, blank ignored) of the row-major tile sequence, mod 2.
///
/// Counted by cycle decomposition in O(n): parity of a permutation = (n - cycles) mod 2, and the
/// inversion parity of the tile sequence equals that of the permutation mapping rank to value.
fn inversion_parity(tiles: &[u16]) -> usize {
    let seq: Vec<usize> = tiles
        .iter()
        .filter(|&&t| t != 0)
        .map(|&t| t as usize)
        .collect();
    // Ranks of the values: tiles are 1..n when the board is a permutation of 0..=n.
    let n = seq.len();
    let mut rank = vec![0usize; n + 1];
    let mut sorted = seq.clone();
    sorted.sort_unstable();
    for (r, &v) in sorted.iter().enumerate() {
        rank[v.min(n)] = r;
    }
    let perm: Vec<usize> = seq.iter().map(|&v| rank[v.min(n)]).collect();
    let mut seen = vec![false; n];
    let mut cycles = 0;
    for s in 0..n {
        if !seen[s] {
            cycles += 1;
            let mut j = s;
            while !seen[j] {
                seen[j] = true;
                j = perm[j];
            }
        }
    }
    (n - cycles) % 2
}

/// `Err` with the reason when `start` can never reach `goal`.
pub fn check(shape: Shape, start: &[u16], goal: &[u16]) -> Result<(), String> {
    if shape.w == 1 || shape.h == 1 {
        let order = |t: &[u16]| t.iter().copied().filter(|&x| x != 0).collect::<Vec<_>>();
        if order(start) != order(goal) {
            return Err(
                "unsolvable: on a 1-wide board tiles cannot pass each other, and their order differs from the goal's"
                    .into(),
            );
        }
        return Ok(());
    }
    let blank_row = |t: &[u16]| t.iter().position(|&x| x == 0).unwrap_or(0) / shape.w;
    let (ps, pg) = (inversion_parity(start), inversion_parity(goal));
    if shape.w % 2 == 1 {
        if ps != pg {
            return Err(format!(
                "unsolvable: width {} is odd and the inversion parity ({}) differs from the goal's ({})",
                shape.w,
                parity_name(ps),
                parity_name(pg)
            ));
        }
    } else {
        let (s, g) = ((ps + blank_row(start)) % 2, (pg + blank_row(goal)) % 2);
        if s != g {
            return Err(format!(
                "unsolvable: width {} is even and inversions plus blank row is {}, the goal's is {}",
                shape.w,
                parity_name(s),
                parity_name(g)
            ));
        }
    }
    Ok(())
}

fn parity_name(p: usize) -> &'static str {
    if p == 0 {
        "even"
    } else {
        "odd"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_inversions(t: &[u16]) -> usize {
        let s: Vec<u16> = t.iter().copied().filter(|&x| x != 0).collect();
        let mut n = 0;
        for i in 0..s.len() {
            for j in i + 1..s.len() {
                n += (s[i] > s[j]) as usize;
            }
        }
        n % 2
    }

    #[test]
    fn cycle_parity_matches_counting() {
        let cases: [&[u16]; 4] = [
            &[1, 2, 3, 0],
            &[2, 1, 3, 0],
            &[8, 6, 7, 2, 5, 4, 3, 0, 1],
            &[3, 0, 1, 2],
        ];
        for c in cases {
            assert_eq!(inversion_parity(c), brute_inversions(c), "{c:?}");
        }
    }

    #[test]
    fn classic_rules() {
        let s3 = Shape { w: 3, h: 3 };
        let goal: Vec<u16> = vec![1, 2, 3, 4, 5, 6, 7, 8, 0];
        assert!(check(s3, &[2, 1, 3, 4, 5, 6, 7, 8, 0], &goal).is_err());
        assert!(check(s3, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &goal).is_ok());
        let s2 = Shape { w: 2, h: 2 };
        // Moving the blank up changes the row but not the order: still solvable.
        assert!(check(s2, &[1, 0, 3, 2], &[1, 2, 3, 0]).is_ok());
        assert!(check(s2, &[2, 1, 3, 0], &[1, 2, 3, 0]).is_err());
        let line = Shape { w: 1, h: 3 };
        assert!(check(line, &[0, 1, 2], &[1, 2, 0]).is_ok());
        assert!(check(line, &[2, 0, 1], &[1, 2, 0]).is_err());
    }
}
