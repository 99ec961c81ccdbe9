//! What scores: tapestry patterns and lengths, region majorities, and the
//! final-scoring items of a player (L540-549).

use super::data::{Data, GOLD};
use super::state::State;

/// The reward icons of matching neighbours in a tapestry, left to right (L346-351).
pub fn matches(d: &Data, tapestry: &[u8]) -> Vec<usize> {
    tapestry
        .windows(2)
        .filter_map(|w| {
            let a = d.weavings.get(w[0] as usize)?;
            let b = d.weavings.get(w[1] as usize)?;
            (a.right == b.left).then_some(a.right)
        })
        .collect()
}

/// The final VP of one tapestry by its number of tiles (L542-543).
pub fn tapestry_vp(d: &Data, len: usize) -> u32 {
    if len == 0 {
        0
    } else {
        d.rules
            .tapestry_vp
            .get(len - 1)
            .copied()
            .unwrap_or_else(|| d.rules.tapestry_vp.last().copied().unwrap_or(0))
    }
}

/// Who wins a region's majority: most markers; a tie goes to the player whose
/// marker lies further right (L502-504).
pub fn region_winner(
    d: &Data,
    conquest: &[Option<u8>],
    region: usize,
    players: usize,
) -> Option<usize> {
    let mut best: Option<(usize, usize, usize)> = None; // (count, rightmost, player)
    for p in 0..players {
        let mine: Vec<usize> = d
            .conquest
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                c.region == region && conquest.get(*i).copied().flatten() == Some(p as u8)
            })
            .map(|(_, c)| c.position)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let key = (mine.len(), mine.iter().copied().max().unwrap_or(0), p);
        if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
            best = Some(key);
        }
    }
    best.map(|b| b.2)
}

/// What a seat's score counted once the game is over: the VP it held
/// before the final scoring, and the final scoring's items.
pub struct FinalParts {
    pub during: u32,
    pub items: Vec<(&'static str, &'static str, u32)>,
}

/// [`FinalParts`] of player `p`; `None` before the final scoring.
pub fn final_parts(s: &State, p: usize) -> Option<FinalParts> {
    let vp = *s.final_scores.as_ref()?.get(p)?;
    let items = final_items(s, p);
    let added: u32 = items.iter().map(|x| x.2).sum();
    Some(FinalParts {
        during: vp.saturating_sub(added),
        items,
    })
}

/// The final-scoring VP of player `p` beyond its score (L540-549), by item.
pub fn final_items(s: &State, p: usize) -> Vec<(&'static str, &'static str, u32)> {
    let d = s.d();
    let r = &d.rules;
    let Some(pl) = s.players.get(p) else {
        return vec![];
    };
    let tap: u32 = pl.tapestries.iter().map(|t| tapestry_vp(d, t.len())).sum();
    let temple = d.temple.get(pl.temple).map(|t| t.final_vp).unwrap_or(0);
    let buildings =
        (pl.production.iter().filter(|b| b.1).count() + pl.passive.len()) as u32 * r.final_building;
    let per_card =
        r.final_god_card + u32::from(s.has_passive(p, "festival_4_potatoes_and_card_vp"));
    let cards = pl.gods.len() as u32 * per_card;
    let army = pl.army_front.iter().filter(|a| a.1).count() as u32 * r.final_army;
    let workers = pl.workers.len() as u32 * r.final_worker;
    let gold = pl.res[GOLD] * r.final_gold;
    vec![
        ("tapestries", "태피스트리", tap),
        ("temple", "신전", temple),
        ("face-up buildings", "앞면 건물", buildings),
        ("God cards in hand", "손의 신 카드", cards),
        ("face-up army cards", "앞면 군대 카드", army),
        ("workers", "일꾼", workers),
        ("gold", "금덩이", gold),
    ]
}
