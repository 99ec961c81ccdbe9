//! What the calendar's food days cost each player, and final scoring:
//! victory points, corn and resources, skulls and monuments, and the
//! tie-break count of workers left on the gears.

use super::data::Scoring;
use super::state::State;

/// Corn each player pays on a food day and the unfed workers (rb L894-906, L774-794).
pub fn feeding(s: &State, seat: usize) -> (i32, i32) {
    let g = &s.data.general;
    let p = &s.players[seat];
    let needy = i32::from(s.active_workers(seat)) - i32::from(p.exempt);
    let needy = needy.max(0);
    let per = (g.food_per_worker - i32::from(p.eat_less)).max(0);
    let fed = if per == 0 {
        needy
    } else {
        needy.min(p.corn / per)
    };
    (fed * per, needy - fed)
}

/// One player's final score, in quarter points, with its parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Final {
    pub quarters: i64,
    pub vp: i32,
    pub corn_value: i32,
    pub corn_points_quarters: i64,
    pub skull_points: i32,
    pub monument_points: i32,
    pub tiebreak_workers: u8,
}

pub fn monument_points(s: &State, seat: usize, m: usize) -> i32 {
    let Some(md) = s.data.monuments.get(m) else {
        return 0;
    };
    let p = &s.players[seat];
    let data = &s.data;
    let built_in = |c| {
        let b = data
            .buildings
            .iter()
            .enumerate()
            .filter(|(i, b)| p.buildings & (1 << i) != 0 && b.category == c)
            .count();
        let m = data
            .monuments
            .iter()
            .enumerate()
            .filter(|(i, m)| p.monuments & (1 << i) != 0 && m.category == c)
            .count();
        (b + m) as i32
    };
    let table = |t: &Vec<i32>, i: usize| t.get(i).or(t.last()).copied().unwrap_or(0);
    match &md.scoring {
        Scoring::Category(c, v) => v * built_in(*c),
        Scoring::Built(a, b) => {
            a * p.buildings.count_ones() as i32 + b * p.monuments.count_ones() as i32
        }
        Scoring::CornTiles(v) => v * i32::from(p.corn_tiles),
        Scoring::WoodTiles(v) => v * i32::from(p.wood_tiles),
        Scoring::AllMonuments(t) => table(t, s.n) * s.monuments_built() as i32,
        Scoring::MaxedTechs(t) => table(t, p.tech.iter().filter(|&&l| l >= 3).count()),
        Scoring::TechLevels(v) => v * p.tech.iter().map(|&l| i32::from(l)).sum::<i32>(),
        Scoring::Workers(t) => table(
            t,
            usize::from(data.general.workers_per_player.saturating_sub(p.supply)),
        ),
        Scoring::TemplesAgain => (0..3)
            .map(|t| {
                data.temples[t]
                    .vp
                    .get(p.temple[t] as usize)
                    .copied()
                    .unwrap_or(0)
            })
            .sum(),
        Scoring::BestTemple(v) => {
            v * (0..3)
                .map(|t| i32::from(p.temple[t]) - 1)
                .max()
                .unwrap_or(0)
                .max(0)
        }
        Scoring::ChiSkulls(v) => v * s.skulls_on_chi() as i32,
    }
}

/// Final scores (rb L1002-1015) and the tie-break count of workers left on
/// the gears after one more day (spec 11 A9).
pub fn finals(s: &State) -> Vec<Final> {
    let g = &s.data.general;
    (0..s.n)
        .map(|seat| {
            let p = &s.players[seat];
            let corn_value = p.corn + (0..3).map(|r| p.res[r] * s.data.market[r]).sum::<i32>();
            let per = i64::from(g.corn_per_vp.max(1));
            let corn_points_quarters = if s.rules.floor_corn {
                4 * (i64::from(corn_value.max(0)) / per)
            } else {
                4 * i64::from(corn_value.max(0)) / per
            };
            let skull_points = p.skulls * g.skull_vp;
            let monument_points: i32 = (0..s.data.monuments.len())
                .filter(|m| p.monuments & (1 << m) != 0)
                .map(|m| monument_points(s, seat, m))
                .sum();
            let me = seat as u8 + 1;
            let tiebreak_workers = s
                .data
                .gears
                .iter()
                .zip(s.gears.iter())
                .map(|(gd, row)| row.iter().take(gd.last).filter(|&&o| o == me).count() as u8)
                .sum();
            let quarters =
                4 * i64::from(p.vp + skull_points + monument_points) + corn_points_quarters;
            Final {
                quarters,
                vp: p.vp,
                corn_value,
                corn_points_quarters,
                skull_points,
                monument_points,
                tiebreak_workers,
            }
        })
        .collect()
}
