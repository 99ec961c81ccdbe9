//! Small pure rule functions: costs, payments, task counts and their even
//! distribution, tapestries, conquest requirements and majorities, scoring.

use super::data::{Data, SpaceColour, Task, ARCHITECT, ARTISAN, GOLD, PORTER, PRIEST, WARRIOR};
use super::state::{Player, State};

/// Ring distance between two of the 5 sections: 0 same, 1 adjacent, 2 not adjacent.
pub fn section_distance(a: usize, b: usize) -> usize {
    let d = (a + 5 - b % 5) % 5;
    d.min(5 - d).min(2)
}

/// Can `have` pay `cost`, gold covering any shortfall (L177)?
pub fn can_pay(have: &[u32; 4], cost: &[u32; 4]) -> bool {
    pay(have, cost).is_some()
}

/// `have` after paying `cost`: each resource from its own kind first, gold
/// replacing what is missing (only when necessary).
pub fn pay(have: &[u32; 4], cost: &[u32; 4]) -> Option<[u32; 4]> {
    let mut out = *have;
    let mut gold_needed = cost[GOLD];
    for i in 0..3 {
        if out[i] >= cost[i] {
            out[i] -= cost[i];
        } else {
            gold_needed += cost[i] - out[i];
            out[i] = 0;
        }
    }
    if out[GOLD] < gold_needed {
        return None;
    }
    out[GOLD] -= gold_needed;
    Some(out)
}

/// One way to pay a food cost: potatoes, corn and gold given (gold is the
/// joker, L177: the player may give it for any part).
pub type FoodMix = [u32; 3];

/// Every way to pay `food` (potatoes or corn) plus `potato` (potatoes only),
/// gold replacing any part (L177), from `have` keeping `reserve_gold` back
/// for another part of the same cost. Potatoes-first comes first (the old
/// automatic payment, the timeout default).
pub fn food_mixes(have: &[u32; 4], food: u32, potato: u32, reserve_gold: u32) -> Vec<FoodMix> {
    let total = food + potato;
    let Some(gold) = have[GOLD].checked_sub(reserve_gold) else {
        return vec![];
    };
    let mut out = Vec::new();
    for g in 0..=total.min(gold) {
        for c in 0..=(total - g).min(food).min(have[1]) {
            let p = total - g - c;
            if p <= have[0] {
                out.push([p, c, g]);
            }
        }
    }
    out
}

/// Can `have` pay `food` plus `potato` in some mix (`food_mixes` not empty)?
pub fn can_pay_food(have: &[u32; 4], food: u32, potato: u32, reserve_gold: u32) -> bool {
    let Some(gold) = have[GOLD].checked_sub(reserve_gold) else {
        return false;
    };
    have[0] + gold >= potato && have[0] + have[1].min(food) + gold >= food + potato
}

/// `have` after paying `mix`, if it holds that much.
pub fn pay_mix(have: &[u32; 4], mix: &FoodMix) -> Option<[u32; 4]> {
    let mut out = *have;
    out[0] = out[0].checked_sub(mix[0])?;
    out[1] = out[1].checked_sub(mix[1])?;
    out[GOLD] = out[GOLD].checked_sub(mix[2])?;
    Some(out)
}

/// Festival feeding (L505-506): the potatoes owed for the God cards in hand.
pub fn festival_need(d: &Data, pl: &Player) -> u32 {
    pl.gods.len() as u32 * d.rules.festival_potato_per_card
}

/// The potatoes owed that the potatoes held cannot pay (gold may, A6).
pub fn festival_short(d: &Data, pl: &Player) -> u32 {
    festival_need(d, pl).saturating_sub(pl.res[0])
}

/// The food cost of placing on `space` for player `p` (no step owners listed).
pub fn food(s: &State, p: usize, space: usize, porter: bool) -> u32 {
    let d = s.d();
    let Some(sp) = d.spaces.get(space) else {
        return 0;
    };
    let priest = s
        .players
        .get(p)
        .and_then(|pl| pl.priest)
        .unwrap_or(sp.section);
    let section = d.rules.section_cost[section_distance(priest, sp.section)];
    let mut descent = d.rules.descent_cost[sp.terrace.min(2)];
    for (i, st) in d.steps.iter().enumerate() {
        if st.section == sp.section
            && matches!(s.steps.get(i), Some(Some(_)))
            && st.discounts.contains(&sp.terrace)
        {
            descent = descent.saturating_sub(d.rules.step_discount);
        }
    }
    let total = section + descent;
    if porter {
        total.saturating_sub(d.rules.porter_discount)
    } else {
        total
    }
}

/// The food cost of placing on `space` for player `p` (section + descent −
/// steps − porter), and the owners of the steps used (one entry per step).
pub fn food_cost(s: &State, p: usize, space: usize, porter: bool) -> (u32, Vec<u8>) {
    let d = s.d();
    let Some(sp) = d.spaces.get(space) else {
        return (0, vec![]);
    };
    let priest = s
        .players
        .get(p)
        .and_then(|pl| pl.priest)
        .unwrap_or(sp.section);
    let section = d.rules.section_cost[section_distance(priest, sp.section)];
    let mut descent = d.rules.descent_cost[sp.terrace.min(2)];
    let mut owners = Vec::new();
    for (i, st) in d.steps.iter().enumerate() {
        if st.section == sp.section && st.discounts.contains(&sp.terrace) {
            if let Some(Some(owner)) = s.steps.get(i) {
                descent = descent.saturating_sub(d.rules.step_discount);
                owners.push(*owner);
            }
        }
    }
    let mut total = section + descent;
    if porter {
        total = total.saturating_sub(d.rules.porter_discount);
    }
    (total, owners)
}

/// The number of tasks of a worker of type `colour` placed on `space` in the
/// role `role` (L216-218, L262-278).
pub fn task_count(
    s: &State,
    p: usize,
    space: usize,
    colour: u8,
    role: u8,
    priest_potato: bool,
) -> u8 {
    let d = s.d();
    let Some(sp) = d.spaces.get(space) else {
        return 1;
    };
    let mut n: u8 = 1;
    let swap = s.has_passive(p, "artisan_architect_swap");
    let on_blue = sp.colour == SpaceColour::Blue;
    let on_green = sp.colour == SpaceColour::Green;
    match role {
        ARCHITECT if on_blue || (swap && on_green) => n += 1,
        ARTISAN if on_green || (swap && on_blue) => n += 1,
        PORTER if porter_first(s, space) => n += 1,
        PRIEST if priest_potato => n += 1,
        WARRIOR if s.has_passive(p, "warrior_plus_2_tasks") => n += 2,
        _ => {}
    }
    for &a in &sp.adjacent {
        if s.hill.get(a).copied().flatten() == Some(colour) {
            n += 1;
        }
    }
    n
}

/// Is a Porter on `space` the first worker of its segment (A3)?
pub fn porter_first(s: &State, space: usize) -> bool {
    let d = s.d();
    let Some(sp) = d.spaces.get(space) else {
        return false;
    };
    let seg = sp.section * 3 + sp.terrace;
    if s.readings.porter_first_ever {
        !s.segment_used.get(seg).copied().unwrap_or(true)
    } else {
        !d.spaces.iter().enumerate().any(|(i, o)| {
            o.section == sp.section
                && o.terrace == sp.terrace
                && s.hill.get(i).copied().flatten().is_some()
        })
    }
}

/// Is `seq` a legal order of at most `n` tasks on the three icons: each full
/// round of three uses every icon once, a last partial round uses different
/// icons (L225-232)? Stopping early is allowed (A7).
pub fn valid_task_sequence(icons: &[Task; 3], n: usize, seq: &[Task]) -> bool {
    if seq.len() > n {
        return false;
    }
    seq.chunks(3).all(|round| {
        round.iter().all(|t| icons.contains(t))
            && round
                .iter()
                .enumerate()
                .all(|(i, t)| !round[..i].contains(t))
    })
}

/// Every legal task order of `n` tasks that uses them all, or as many as the
/// distribution allows.
pub fn task_sequences(icons: &[Task; 3], n: usize) -> Vec<Vec<Task>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..n.min(12) {
        let mut next = Vec::new();
        for seq in &frontier {
            for t in icons {
                let mut s2: Vec<Task> = seq.clone();
                s2.push(*t);
                if valid_task_sequence(icons, n, &s2) {
                    next.push(s2);
                }
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
        if out.len() > 5000 {
            break;
        }
    }
    out
}

/// The places a tile may go: `None` = a new tapestry, `Some((i, right))` = an
/// end of tapestry `i` whose patterns all differ from the tile's (L332-338).
pub fn tile_targets(d: &Data, tapestries: &[Vec<u8>], tile: u8) -> Vec<Option<(usize, bool)>> {
    let Some(w) = d.weavings.get(tile as usize) else {
        return vec![];
    };
    let mut out = vec![None];
    for (i, t) in tapestries.iter().enumerate() {
        if t.iter()
            .all(|&x| d.weavings.get(x as usize).map(|o| o.pattern) != Some(w.pattern))
        {
            out.push(Some((i, false)));
            out.push(Some((i, true)));
        }
    }
    out
}

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

/// Is paying with `flip` and `discard` (army cards, by soldiers) a minimal
/// way to meet `need_flip` / `need_discard` (A8)? `discount` (Z13) lowers one
/// part by 1, at least 1 soldier in total.
pub fn soldiers_ok(
    flip: &[u32],
    discard: &[u32],
    need_flip: u32,
    need_discard: u32,
    discount: bool,
) -> bool {
    let f: u32 = flip.iter().sum();
    let dsum: u32 = discard.iter().sum();
    let meets = |nf: u32, nd: u32| {
        let cover = f >= nf && dsum >= nd;
        // minimal: dropping any card breaks the requirement
        let min_f = flip.iter().all(|&c| f - c < nf);
        let min_d = discard.iter().all(|&c| dsum - c < nd);
        cover && min_f && min_d && (nf > 0 || flip.is_empty()) && (nd > 0 || discard.is_empty())
    };
    if !discount {
        return meets(need_flip, need_discard);
    }
    let total = need_flip + need_discard;
    if total <= 1 {
        return meets(need_flip, need_discard);
    }
    (need_flip > 0 && meets(need_flip - 1, need_discard))
        || (need_discard > 0 && meets(need_flip, need_discard - 1))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_on_the_ring() {
        assert_eq!(section_distance(0, 0), 0);
        assert_eq!(section_distance(0, 4), 1);
        assert_eq!(section_distance(0, 2), 2);
        assert_eq!(section_distance(3, 1), 2);
    }

    #[test]
    fn gold_replaces_only_what_is_missing() {
        assert_eq!(pay(&[1, 0, 3, 2], &[0, 1, 3, 0]), Some([1, 0, 0, 1]));
        assert_eq!(pay(&[0, 0, 1, 1], &[0, 0, 3, 0]), None);
    }

    #[test]
    fn food_mixes_list_every_split_with_gold_as_joker() {
        // 2 food from 1 potato, 2 corn, 1 gold: pp/pc/cc/pg/cg (L177).
        assert_eq!(
            food_mixes(&[1, 2, 0, 1], 2, 0, 0),
            vec![[1, 1, 0], [0, 2, 0], [1, 0, 1], [0, 1, 1]]
        );
        // 1 food + the Priest's potato: corn may not pay the potato part.
        assert_eq!(food_mixes(&[1, 2, 0, 0], 1, 1, 0), vec![[1, 1, 0]]);
        // The placement's gold is kept back.
        assert!(food_mixes(&[0, 0, 0, 1], 1, 0, 1).is_empty());
        assert!(can_pay_food(&[0, 1, 0, 1], 1, 1, 0));
        assert!(!can_pay_food(&[0, 2, 0, 0], 1, 1, 0));
    }

    #[test]
    fn even_distribution_of_tasks() {
        use Task::*;
        let icons = [Building, Potato, Stone];
        // Example 4 (L235-239): 5 tasks = the three once, then two different ones.
        assert!(valid_task_sequence(
            &icons,
            5,
            &[Building, Potato, Stone, Potato, Stone]
        ));
        assert!(!valid_task_sequence(
            &icons,
            5,
            &[Building, Potato, Stone, Stone, Stone]
        ));
        assert!(!valid_task_sequence(&icons, 2, &[Potato, Potato]));
        assert!(!valid_task_sequence(&icons, 2, &[Potato, Stone, Building]));
        // 0 (stop at once) .. 5 tasks: 1 + 3 + 6 + 6 + 18 + 36
        assert_eq!(task_sequences(&icons, 5).len(), 70);
    }

    #[test]
    fn minimal_soldiers() {
        // Example 8: flip 2 + discard 1 with a 2-soldier card flipped and a 1 discarded.
        assert!(soldiers_ok(&[2], &[1], 2, 1, false));
        assert!(!soldiers_ok(&[2, 1], &[1], 2, 1, false));
        assert!(soldiers_ok(&[1, 1], &[2], 2, 2, false));
        assert!(!soldiers_ok(&[], &[], 0, 1, false));
        assert!(soldiers_ok(&[1], &[], 2, 1, true) || soldiers_ok(&[2], &[], 2, 1, true));
    }
}
