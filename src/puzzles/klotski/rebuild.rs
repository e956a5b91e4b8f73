//! Turning a chain of canonical states back into moves with real piece letters.
//!
//! The search only knows canonical states (same-shaped pieces merged, maybe mirrored). Replaying
//! from the real start position, each step finds the real piece whose move gives the next state
//! on the chain, so the answer names actual letters and the actual (unmirrored) board: [`moves`]
//! (general path) tries every move of every piece; [`moves_by_keys`] (bitboard path) reads the
//! move off the two bits in which the keys differ.

use super::bitboard::BitModel;
use super::key::PackedKey;
use super::model::{Metric, Model, Tracked, MAX_CLASSES};
use super::moves::{destinations, route};
use super::table::{StateId, StateTable};

/// The states from the start to `goal`, following parent links.
pub fn chain<K: PackedKey>(table: &StateTable<K>, goal: StateId) -> Vec<StateId> {
    let mut ids = vec![goal];
    let mut id = goal;
    while id != 0 {
        id = table.parent(id);
        ids.push(id);
    }
    ids.reverse();
    ids
}

/// The moves (`letter` + directions) along `ids`, starting from the model's real pieces.
pub fn moves<K: PackedKey>(
    model: &Model,
    metric: Metric,
    table: &StateTable<K>,
    ids: &[StateId],
) -> Result<Vec<String>, String> {
    let k = model.classes();
    let mut pieces: Vec<Tracked> = model.pieces.clone();
    let mut out = Vec::with_capacity(ids.len().saturating_sub(1));
    let mut masks = [0u64; MAX_CLASSES];
    for pair in ids.windows(2) {
        let target = table.state(pair[1]);
        let occupied = occupied(model, &pieces);
        let mut step = None;
        'pieces: for j in 0..pieces.len() {
            let p = pieces[j];
            for (dest, dirs) in destinations(model, metric, occupied, p.class, p.pos as usize) {
                pieces[j].pos = dest;
                model.masks_of(&pieces, &mut masks[..k]);
                pieces[j].pos = p.pos;
                let probe: K = model.canonical_key(&masks[..k]);
                if probe == *target {
                    step = Some((j, dest, dirs));
                    break 'pieces;
                }
            }
        }
        let (j, dest, dirs) =
            step.ok_or_else(|| "internal error: solution path cannot be rebuilt".to_string())?;
        out.push(format!("{}{dirs}", pieces[j].letter as char));
        pieces[j].pos = dest;
    }
    Ok(out)
}

fn occupied(model: &Model, pieces: &[Tracked]) -> u64 {
    pieces.iter().fold(0, |occ, p| {
        occ | model.shapes[p.class].cells[p.pos as usize]
    })
}

/// The moves along a chain of canonical one-word keys (the bitboard path), starting from the
/// model's real pieces. The real position's key differs from the next state (or its mirror
/// image) in exactly two bits, the moved piece's old and new placement, so each step is found
/// without trying every move; only the chosen move's directions are worked out.
pub fn moves_by_keys(
    model: &Model,
    bm: &BitModel,
    metric: Metric,
    chain: &[u64],
) -> Result<Vec<String>, String> {
    let lost = || "internal error: solution path cannot be rebuilt".to_string();
    let mut pieces: Vec<Tracked> = model.pieces.clone();
    let mut real = bm.key_of(pieces.iter().map(|p| (p.class, p.pos as usize)));
    let mut out = Vec::with_capacity(chain.len().saturating_sub(1));
    for &target in chain.iter().skip(1) {
        let images = [target, bm.mirror(target)];
        let wanted = if bm.mirror_dedup {
            &images[..]
        } else {
            &images[..1]
        };
        let occupied = bm.occupied(real);
        let mut step = None;
        for &want in wanted {
            let diff = real ^ want;
            if diff.count_ones() != 2 || (diff & real).count_ones() != 1 {
                continue;
            }
            let (from, to) = (
                (diff & real).trailing_zeros() as usize,
                (diff & want).trailing_zeros() as usize,
            );
            let class = bm.class_of[from] as usize;
            if bm.class_of[to] as usize != class {
                continue;
            }
            let (t, n) = (bm.cell_of[from], bm.cell_of[to]);
            let Some(j) = pieces.iter().position(|p| p.class == class && p.pos == t) else {
                continue;
            };
            if let Some(dirs) = route(model, metric, occupied, class, t as usize, n as usize) {
                step = Some((j, n, dirs, want));
                break;
            }
        }
        let (j, n, dirs, want) = step.ok_or_else(lost)?;
        let mut text = String::with_capacity(1 + dirs.len());
        text.push(pieces[j].letter as char);
        text.push_str(&dirs);
        out.push(text);
        pieces[j].pos = n;
        real = want;
    }
    Ok(out)
}
