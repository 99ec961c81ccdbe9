//! The component and board tables of Tzolk'in, read from `data/tzolkin.toml`
//! (or another file given by the `data` option) into typed form once, and the
//! readings of the open data points applied as alternatives.

use crate::engine::{Named, SetupError, Text};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The embedded default data file.
pub const DEFAULT_TOML: &str = include_str!("data/tzolkin.toml");

/// Gear indices, in the order of the data file.
pub const PAL: usize = 0;
pub const YAX: usize = 1;
pub const TIK: usize = 2;
pub const UXM: usize = 3;
pub const CHI: usize = 4;
pub const GEARS: usize = 5;
/// The most teeth any gear has (Chichen Itza).
pub const MAX_TEETH: usize = 13;
/// Resources: wood, stone, gold (corn and skulls are not resources).
pub const WOOD: usize = 0;
pub const STONE: usize = 1;
pub const GOLD: usize = 2;
pub const RES_IDS: [&str; 3] = ["wood", "stone", "gold"];
pub const RES_EN: [&str; 3] = ["wood", "stone", "gold"];
pub const RES_KO: [&str; 3] = ["나무", "돌", "금"];
/// Technologies.
pub const AGRI: usize = 0;
pub const RESO: usize = 1;
pub const ARCH: usize = 2;
pub const THEO: usize = 3;

/// Goods: corn, the three resources and crystal skulls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Goods {
    pub corn: i32,
    pub res: [i32; 3],
    pub skull: i32,
}

impl Goods {
    pub fn resources(&self) -> i32 {
        self.res.iter().sum()
    }
}

/// A one-shot or lasting effect of a tile or building.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Corn(i32),
    Res(usize, i32),
    Skull(i32),
    Vp(i32),
    /// One step up a temple; `None` = the player's choice.
    Temple(Option<usize>),
    /// A free tech level; `None` = the player's choice.
    Tech(Option<usize>),
    /// Two free tech levels, the same tech twice or two techs.
    TechTwo,
    Worker,
    /// This many workers need no corn on food days.
    Exempt(u8),
    /// Every worker eats one corn less.
    EatLess,
    Market,
    Build,
    /// Pay 1 corn: any action of Palenque, Yaxchilan, Tikal or Uxmal.
    Action,
}

/// What an action space does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    Fish {
        corn: i32,
    },
    Harvest,
    Gain(Goods),
    Tech {
        count: u8,
    },
    Build {
        count: u8,
    },
    Temples {
        count: u8,
        resources: i32,
    },
    Temple {
        corn: i32,
    },
    Market,
    Worker,
    BuildCorn {
        corn_per_resource: i32,
    },
    AnyAction {
        corn: i32,
    },
    Offer {
        vp: i32,
        temple: usize,
        resources: u8,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Gear {
    pub id: String,
    pub name: String,
    pub ko: String,
    pub teeth: usize,
    pub last: usize,
    pub free_from: usize,
    pub blocker: usize,
    /// Actions 1.. (index 0 is action 1).
    pub actions: Vec<ActionKind>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Temple {
    pub id: String,
    pub name: String,
    pub ko: String,
    pub vp: Vec<i32>,
    /// The mid-Age good on each step.
    pub reward: Vec<Goods>,
    pub bonus: [i32; 2],
}

impl Temple {
    pub fn top(&self) -> usize {
        self.vp.len() - 1
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tech {
    pub id: String,
    pub name: String,
    pub ko: String,
    pub costs: [i32; 3],
    pub bonus_cost: i32,
    pub bonus: Bonus,
}

/// What "advancing" a tech at level 3 gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    AnyTemple,
    Resources(u8),
    Vp(i32),
    Skull(i32),
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TechLevels {
    pub agri_harvest: [i32; 4],
    pub agri_fishing: [i32; 4],
    pub agri_tileless_level: u8,
    pub res_wood_level: u8,
    pub res_stone_level: u8,
    pub res_gold_level: u8,
    pub arch_corn_level: u8,
    pub arch_corn: i32,
    pub arch_vp_level: u8,
    pub arch_vp: i32,
    pub arch_discount_level: u8,
    pub arch_discount_corn: i32,
    pub theo_ahead_level: u8,
    pub theo_offer_level: u8,
    pub theo_skull_level: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    Farm,
    Tomb,
    City,
    Holy,
}

impl Category {
    pub fn en(self) -> &'static str {
        match self {
            Category::Farm => "farm",
            Category::Tomb => "tomb",
            Category::City => "city",
            Category::Holy => "holy site",
        }
    }
    pub fn ko(self) -> &'static str {
        match self {
            Category::Farm => "농장",
            Category::Tomb => "무덤",
            Category::City => "도시",
            Category::Holy => "성지",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub id: String,
    pub gear: usize,
    pub space: usize,
    pub opposite: Option<usize>,
    pub goods: Goods,
    pub effects: Vec<Effect>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Building {
    pub id: String,
    pub age: u8,
    pub category: Category,
    pub cost: Goods,
    pub effects: Vec<Effect>,
}

/// How a monument scores at the end.
#[derive(Clone, Debug, PartialEq)]
pub enum Scoring {
    Category(Category, i32),
    Built(i32, i32),
    CornTiles(i32),
    WoodTiles(i32),
    AllMonuments(Vec<i32>),
    MaxedTechs(Vec<i32>),
    TechLevels(i32),
    Workers(Vec<i32>),
    TemplesAgain,
    BestTemple(i32),
    ChiSkulls(i32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Monument {
    pub id: String,
    pub category: Category,
    pub cost: Goods,
    pub scoring: Scoring,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct General {
    pub workers_per_player: u8,
    pub workers_at_start: u8,
    pub skulls: i32,
    pub buildings_on_display: usize,
    pub monuments_extra: usize,
    pub dummies: Vec<usize>,
    pub surcharge: Vec<i32>,
    pub beg_max_corn: i32,
    pub beg_corn: i32,
    pub food_per_worker: i32,
    pub unfed_penalty: i32,
    pub food_days: Vec<u8>,
    pub mid_age_days: Vec<u8>,
    pub age_change_day: u8,
    pub skull_vp: i32,
    pub corn_per_vp: i32,
    pub wealth_dealt: usize,
    pub wealth_kept: usize,
}

/// All tables, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    /// Where the tables came from (file name plus the readings chosen).
    pub name: String,
    pub general: General,
    /// Corn value of wood, stone, gold.
    pub market: [i32; 3],
    pub jungle_corn: [i32; 4],
    pub jungle_wood: [i32; 4],
    pub levels: TechLevels,
    pub techs: Vec<Tech>,
    pub temples: Vec<Temple>,
    pub gears: Vec<Gear>,
    pub tiles: Vec<Tile>,
    pub buildings: Vec<Building>,
    pub monuments: Vec<Monument>,
    alternatives: Vec<RawAlternative>,
}

// ---- raw TOML shapes ----

#[derive(Deserialize, Default, Clone, Copy, Debug, PartialEq)]
struct RawGoods {
    #[serde(default)]
    corn: i32,
    #[serde(default)]
    wood: i32,
    #[serde(default)]
    stone: i32,
    #[serde(default)]
    gold: i32,
    #[serde(default)]
    skull: i32,
}

impl From<RawGoods> for Goods {
    fn from(r: RawGoods) -> Goods {
        Goods {
            corn: r.corn,
            res: [r.wood, r.stone, r.gold],
            skull: r.skull,
        }
    }
}

#[derive(Deserialize)]
struct RawMarket {
    wood: i32,
    stone: i32,
    gold: i32,
}

#[derive(Deserialize)]
struct RawJungle {
    corn: [i32; 4],
    wood: [i32; 4],
}

#[derive(Deserialize)]
struct RawTech {
    id: String,
    name: String,
    ko: String,
    costs: [i32; 3],
    bonus_cost: i32,
    bonus: String,
}

#[derive(Deserialize)]
struct RawTemple {
    id: String,
    name: String,
    ko: String,
    vp: Vec<i32>,
    reward: Vec<String>,
    bonus: [i32; 2],
}

#[derive(Deserialize)]
struct RawAction {
    n: usize,
    kind: String,
    #[serde(default)]
    corn: i32,
    #[serde(default)]
    wood: i32,
    #[serde(default)]
    stone: i32,
    #[serde(default)]
    gold: i32,
    #[serde(default)]
    skull: i32,
    #[serde(default)]
    count: u8,
    #[serde(default)]
    resources: i32,
    #[serde(default)]
    vp: i32,
    #[serde(default)]
    temple: String,
}

#[derive(Deserialize)]
struct RawGear {
    id: String,
    name: String,
    ko: String,
    teeth: usize,
    last: usize,
    free_from: usize,
    blocker: usize,
    actions: Vec<RawAction>,
}

#[derive(Deserialize)]
struct RawTile {
    id: String,
    gear: String,
    space: usize,
    #[serde(default)]
    opposite: Option<usize>,
    #[serde(default)]
    goods: RawGoods,
    #[serde(default)]
    effects: Vec<String>,
}

#[derive(Deserialize)]
struct RawBuilding {
    id: String,
    age: u8,
    category: String,
    cost: RawGoods,
    effects: Vec<String>,
}

#[derive(Deserialize)]
struct RawMonument {
    id: String,
    category: String,
    cost: RawGoods,
    score: String,
    #[serde(default)]
    table: Vec<i32>,
}

#[derive(Deserialize, Clone, Debug, PartialEq)]
struct RawAlternative {
    option: String,
    value: String,
    target: String,
    #[serde(default)]
    goods: Option<RawGoods>,
    #[serde(default)]
    cost: Option<RawGoods>,
    #[serde(default)]
    effects: Option<Vec<String>>,
    #[serde(default)]
    category: Option<String>,
}

#[derive(Deserialize)]
struct RawFile {
    general: General,
    market: RawMarket,
    jungle: RawJungle,
    tech_levels: TechLevels,
    tech: Vec<RawTech>,
    temple: Vec<RawTemple>,
    gear: Vec<RawGear>,
    tile: Vec<RawTile>,
    building: Vec<RawBuilding>,
    monument: Vec<RawMonument>,
    #[serde(default)]
    alternative: Vec<RawAlternative>,
}

fn bad(msg: String) -> SetupError {
    SetupError::Data(msg)
}

const TEMPLE_IDS: [&str; 3] = ["chaac", "quetz", "kukul"];
const TECH_IDS: [&str; 4] = ["agri", "res", "arch", "theo"];
const GEAR_IDS: [&str; 5] = ["pal", "yax", "tik", "uxm", "chi"];

fn index_of(list: &[&str], word: &str, what: &str) -> Result<usize, SetupError> {
    list.iter()
        .position(|w| *w == word)
        .ok_or_else(|| bad(format!("unknown {what} '{word}'")))
}

fn parse_effect(text: &str) -> Result<Effect, SetupError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let num = |i: usize| -> Result<i32, SetupError> {
        words
            .get(i)
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| bad(format!("effect '{text}' needs a number")))
    };
    let arg = words.get(1).copied().unwrap_or("");
    Ok(match words.first().copied().unwrap_or("") {
        "corn" => Effect::Corn(num(1)?),
        "wood" => Effect::Res(WOOD, num(1)?),
        "stone" => Effect::Res(STONE, num(1)?),
        "gold" => Effect::Res(GOLD, num(1)?),
        "skull" => Effect::Skull(num(1)?),
        "vp" => Effect::Vp(num(1)?),
        "temple" if arg == "any" => Effect::Temple(None),
        "temple" => Effect::Temple(Some(index_of(&TEMPLE_IDS, arg, "temple")?)),
        "tech" if arg == "any" => Effect::Tech(None),
        "tech" if arg == "two" => Effect::TechTwo,
        "tech" => Effect::Tech(Some(index_of(&TECH_IDS, arg, "tech")?)),
        "worker" => Effect::Worker,
        "exempt" => {
            Effect::Exempt(u8::try_from(num(1)?).map_err(|_| bad(format!("effect '{text}'")))?)
        }
        "eat_less" => Effect::EatLess,
        "market" => Effect::Market,
        "build" => Effect::Build,
        "action" => Effect::Action,
        _ => return Err(bad(format!("unknown effect '{text}'"))),
    })
}

fn parse_effects(list: &[String]) -> Result<Vec<Effect>, SetupError> {
    list.iter().map(|e| parse_effect(e)).collect()
}

fn parse_category(s: &str) -> Result<Category, SetupError> {
    Ok(match s {
        "farm" => Category::Farm,
        "tomb" => Category::Tomb,
        "city" => Category::City,
        "holy" => Category::Holy,
        _ => return Err(bad(format!("unknown category '{s}'"))),
    })
}

fn parse_scoring(m: &RawMonument) -> Result<Scoring, SetupError> {
    let words: Vec<&str> = m.score.split_whitespace().collect();
    let num = |i: usize| -> Result<i32, SetupError> {
        words
            .get(i)
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| bad(format!("monument {} score needs a number", m.id)))
    };
    Ok(match words.first().copied().unwrap_or("") {
        "category" => Scoring::Category(
            parse_category(words.get(1).copied().unwrap_or(""))?,
            num(2)?,
        ),
        "built" => Scoring::Built(num(1)?, num(2)?),
        "corn_tiles" => Scoring::CornTiles(num(1)?),
        "wood_tiles" => Scoring::WoodTiles(num(1)?),
        "all_monuments" => Scoring::AllMonuments(m.table.clone()),
        "maxed_techs" => Scoring::MaxedTechs(m.table.clone()),
        "tech_levels" => Scoring::TechLevels(num(1)?),
        "workers" => Scoring::Workers(m.table.clone()),
        "temples_again" => Scoring::TemplesAgain,
        "best_temple" => Scoring::BestTemple(num(1)?),
        "chi_skulls" => Scoring::ChiSkulls(num(1)?),
        other => return Err(bad(format!("unknown monument scoring '{other}'"))),
    })
}

fn parse_action(gear: &str, a: &RawAction) -> Result<ActionKind, SetupError> {
    Ok(match a.kind.as_str() {
        "fish" => ActionKind::Fish { corn: a.corn },
        "harvest" => ActionKind::Harvest,
        "gain" => ActionKind::Gain(Goods {
            corn: a.corn,
            res: [a.wood, a.stone, a.gold],
            skull: a.skull,
        }),
        "tech" => ActionKind::Tech {
            count: a.count.max(1),
        },
        "build" => ActionKind::Build {
            count: a.count.max(1),
        },
        "temples" => ActionKind::Temples {
            count: a.count.max(1),
            resources: a.resources,
        },
        "temple" => ActionKind::Temple { corn: a.corn },
        "market" => ActionKind::Market,
        "worker" => ActionKind::Worker,
        "build_corn" => ActionKind::BuildCorn {
            corn_per_resource: a.corn,
        },
        "any_action" => ActionKind::AnyAction { corn: a.corn },
        "offer" => ActionKind::Offer {
            vp: a.vp,
            temple: index_of(&TEMPLE_IDS, &a.temple, "temple")?,
            resources: u8::try_from(a.resources)
                .map_err(|_| bad(format!("{gear} {}: resources", a.n)))?,
        },
        other => {
            return Err(bad(format!(
                "{gear} {}: unknown action kind '{other}'",
                a.n
            )))
        }
    })
}

fn parse_bonus(s: &str) -> Result<Bonus, SetupError> {
    let w: Vec<&str> = s.split_whitespace().collect();
    let n = w.get(1).and_then(|x| x.parse::<i32>().ok()).unwrap_or(0);
    Ok(match w.first().copied().unwrap_or("") {
        "temple" => Bonus::AnyTemple,
        "resources" => Bonus::Resources(u8::try_from(n).map_err(|_| bad(format!("bonus '{s}'")))?),
        "vp" => Bonus::Vp(n),
        "skull" => Bonus::Skull(n),
        _ => return Err(bad(format!("unknown tech bonus '{s}'"))),
    })
}

/// The general numbers: enough surcharges, food days and dummies, and worker
/// and wealth tile counts in range.
fn check_general(g: &General) -> Result<(), SetupError> {
    if g.surcharge.len() < g.workers_per_player as usize
        || g.food_days.is_empty()
        || g.dummies.len() < 5
    {
        return Err(bad(
            "general: surcharge, food_days or dummies too short".into()
        ));
    }
    if g.workers_per_player > 6
        || g.workers_at_start > g.workers_per_player
        || g.wealth_dealt != 4
        || g.wealth_kept != 2
    {
        return Err(bad(
            "general: worker or wealth tile counts out of range".into()
        ));
    }
    Ok(())
}

/// The four technology tracks, in their fixed order.
fn parse_techs(raw: &[RawTech]) -> Result<Vec<Tech>, SetupError> {
    let mut techs = Vec::new();
    for (i, t) in raw.iter().enumerate() {
        if TECH_IDS.get(i) != Some(&t.id.as_str()) {
            return Err(bad(format!("tech {i} must be {:?}", TECH_IDS.get(i))));
        }
        techs.push(Tech {
            id: t.id.clone(),
            name: t.name.clone(),
            ko: t.ko.clone(),
            costs: t.costs,
            bonus_cost: t.bonus_cost,
            bonus: parse_bonus(&t.bonus)?,
        });
    }
    if techs.len() != 4 {
        return Err(bad("there must be 4 techs".into()));
    }
    Ok(techs)
}

/// The three temples, in their fixed order, with their rewards.
fn parse_temples(raw: &[RawTemple]) -> Result<Vec<Temple>, SetupError> {
    let mut temples = Vec::new();
    for (i, t) in raw.iter().enumerate() {
        if TEMPLE_IDS.get(i) != Some(&t.id.as_str())
            || t.vp.len() < 3
            || t.vp.len() > 12
            || t.reward.len() != t.vp.len()
        {
            return Err(bad(format!("temple {} is malformed", t.id)));
        }
        let reward = t
            .reward
            .iter()
            .map(|r| match r.as_str() {
                "" => Ok(Goods::default()),
                "wood" => Ok(Goods {
                    res: [1, 0, 0],
                    ..Goods::default()
                }),
                "stone" => Ok(Goods {
                    res: [0, 1, 0],
                    ..Goods::default()
                }),
                "gold" => Ok(Goods {
                    res: [0, 0, 1],
                    ..Goods::default()
                }),
                "skull" => Ok(Goods {
                    skull: 1,
                    ..Goods::default()
                }),
                other => Err(bad(format!("temple {}: unknown reward '{other}'", t.id))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        temples.push(Temple {
            id: t.id.clone(),
            name: t.name.clone(),
            ko: t.ko.clone(),
            vp: t.vp.clone(),
            reward,
            bonus: t.bonus,
        });
    }
    if temples.len() != 3 {
        return Err(bad("there must be 3 temples".into()));
    }
    Ok(temples)
}

/// The five gears, in their fixed order, with their numbered actions.
fn parse_gears(raw: &[RawGear]) -> Result<Vec<Gear>, SetupError> {
    let mut gears = Vec::new();
    for (i, gr) in raw.iter().enumerate() {
        if GEAR_IDS.get(i) != Some(&gr.id.as_str()) {
            return Err(bad(format!("gear {i} must be {:?}", GEAR_IDS.get(i))));
        }
        if gr.teeth > MAX_TEETH
            || gr.last >= gr.teeth
            || gr.free_from > gr.last
            || gr.blocker >= gr.last
            || gr.free_from < 2
        {
            return Err(bad(format!("gear {} has impossible spaces", gr.id)));
        }
        let mut actions = Vec::new();
        for (k, a) in gr.actions.iter().enumerate() {
            if a.n != k + 1 {
                return Err(bad(format!(
                    "gear {}: actions must be numbered 1, 2, ...",
                    gr.id
                )));
            }
            actions.push(parse_action(&gr.id, a)?);
        }
        if actions.len() + 1 != gr.free_from {
            return Err(bad(format!(
                "gear {}: actions 1..{} expected",
                gr.id,
                gr.free_from - 1
            )));
        }
        gears.push(Gear {
            id: gr.id.clone(),
            name: gr.name.clone(),
            ko: gr.ko.clone(),
            teeth: gr.teeth,
            last: gr.last,
            free_from: gr.free_from,
            blocker: gr.blocker,
            actions,
        });
    }
    if gears.len() != GEARS || gears[PAL].actions.len() != 5 || gears[CHI].actions.len() > 15 {
        return Err(bad(
            "there must be the 5 gears, Palenque with 5 actions".into()
        ));
    }
    Ok(gears)
}

impl Data {
    /// Reads and checks a data file.
    pub fn from_toml(name: &str, text: &str) -> Result<Data, SetupError> {
        let raw: RawFile = toml::from_str(text).map_err(|e| bad(format!("{name}: {e}")))?;
        check_general(&raw.general)?;
        let techs = parse_techs(&raw.tech)?;
        let temples = parse_temples(&raw.temple)?;
        let gears = parse_gears(&raw.gear)?;
        let tiles = raw
            .tile
            .iter()
            .map(|t| {
                let gear = index_of(&GEAR_IDS, &t.gear, "gear")?;
                if t.space > gears[gear].last || t.opposite.is_some_and(|o| o >= gears[gear].teeth)
                {
                    return Err(bad(format!("tile {}: space off the gear", t.id)));
                }
                Ok(Tile {
                    id: t.id.clone(),
                    gear,
                    space: t.space,
                    opposite: t.opposite,
                    goods: t.goods.into(),
                    effects: parse_effects(&t.effects)?,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let buildings = raw
            .building
            .iter()
            .map(|b| {
                Ok(Building {
                    id: b.id.clone(),
                    age: b.age,
                    category: parse_category(&b.category)?,
                    cost: b.cost.into(),
                    effects: parse_effects(&b.effects)?,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let monuments = raw
            .monument
            .iter()
            .map(|m| {
                Ok(Monument {
                    id: m.id.clone(),
                    category: parse_category(&m.category)?,
                    cost: m.cost.into(),
                    scoring: parse_scoring(m)?,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if tiles.len() < 16 || tiles.len() > 32 || buildings.len() > 32 || monuments.len() > 16 {
            return Err(bad(
                "need 16 to 32 tiles, at most 32 buildings and 16 monuments".into(),
            ));
        }
        Ok(Data {
            name: name.to_string(),
            general: raw.general,
            market: [raw.market.wood, raw.market.stone, raw.market.gold],
            jungle_corn: raw.jungle.corn,
            jungle_wood: raw.jungle.wood,
            levels: raw.tech_levels,
            techs,
            temples,
            gears,
            tiles,
            buildings,
            monuments,
            alternatives: raw.alternative,
        })
    }

    /// The option values that some alternative reading depends on.
    pub fn alternative_options(&self) -> BTreeMap<String, Vec<String>> {
        let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for a in &self.alternatives {
            let v = out.entry(a.option.clone()).or_default();
            if !v.contains(&a.value) {
                v.push(a.value.clone());
            }
        }
        out
    }

    /// Applies the alternative readings chosen by `chosen` (option → value).
    pub fn with_alternatives(&self, chosen: &[(String, String)]) -> Result<Data, SetupError> {
        let mut d = self.clone();
        for (opt, val) in chosen {
            for a in self
                .alternatives
                .iter()
                .filter(|a| &a.option == opt && &a.value == val)
            {
                if let Some(t) = d.tiles.iter_mut().find(|t| t.id == a.target) {
                    if let Some(g) = a.goods {
                        t.goods = g.into();
                    }
                    if let Some(e) = &a.effects {
                        t.effects = parse_effects(e)?;
                    }
                } else if let Some(b) = d.buildings.iter_mut().find(|b| b.id == a.target) {
                    if let Some(c) = a.cost {
                        b.cost = c.into();
                    }
                    if let Some(e) = &a.effects {
                        b.effects = parse_effects(e)?;
                    }
                } else if let Some(m) = d.monuments.iter_mut().find(|m| m.id == a.target) {
                    if let Some(c) = a.cost {
                        m.cost = c.into();
                    }
                    if let Some(c) = &a.category {
                        m.category = parse_category(c)?;
                    }
                } else {
                    return Err(bad(format!("alternative for unknown '{}'", a.target)));
                }
            }
            d.name.push_str(&format!(" {opt}={val}"));
        }
        Ok(d)
    }
}

/// The default tables, parsed once.
pub fn default_data() -> Result<Arc<Data>, SetupError> {
    static CACHE: OnceLock<Result<Arc<Data>, SetupError>> = OnceLock::new();
    CACHE
        .get_or_init(|| Data::from_toml("tzolkin.toml", DEFAULT_TOML).map(Arc::new))
        .clone()
}

impl Named for Data {
    fn name(&self) -> &str {
        &self.name
    }
}

// ---------------------------------------------------------------- in words

/// A seat's name in both languages.
pub fn seat_name(seat: usize) -> Text {
    const EN: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];
    const KO: [&str; 4] = ["빨강", "파랑", "녹색", "노랑"];
    Text::new(
        EN.get(seat).copied().unwrap_or("?"),
        KO.get(seat).copied().unwrap_or("?"),
    )
}

/// Goods in words ("2 corn, 1 wood").
pub fn goods_text(g: &Goods) -> Text {
    let mut en = Vec::new();
    let mut ko = Vec::new();
    let parts = [
        (g.corn, "corn", "옥수수"),
        (g.res[0], "wood", "나무"),
        (g.res[1], "stone", "돌"),
        (g.res[2], "gold", "금"),
        (g.skull, "skull", "해골"),
    ];
    for (n, e, k) in parts {
        if n != 0 {
            en.push(format!("{n} {e}"));
            ko.push(format!("{k} {n}"));
        }
    }
    if en.is_empty() {
        return Text::new("nothing", "없음");
    }
    Text::new(en.join(", "), ko.join(", "))
}

pub fn effect_text(e: &Effect) -> Text {
    const TEMPLES: [(&str, &str); 3] = [
        ("Chaac", "차크"),
        ("Quetzalcoatl", "케찰코아틀"),
        ("Kukulcan", "쿠쿨칸"),
    ];
    const TECHS: [(&str, &str); 4] = [
        ("Agriculture", "농업"),
        ("Resources", "자원"),
        ("Architecture", "건축"),
        ("Theology", "신학"),
    ];
    match *e {
        Effect::Corn(n) => Text::new(format!("+{n} corn"), format!("옥수수 +{n}")),
        Effect::Res(r, n) => {
            Text::new(format!("+{n} {}", RES_EN[r]), format!("{} +{n}", RES_KO[r]))
        }
        Effect::Skull(n) => Text::new(format!("+{n} skull"), format!("해골 +{n}")),
        Effect::Vp(n) => Text::new(format!("{n} VP"), format!("{n}점")),
        Effect::Temple(Some(t)) => Text::new(
            format!("{} +1", TEMPLES[t].0),
            format!("{} +1", TEMPLES[t].1),
        ),
        Effect::Temple(None) => Text::new("any temple +1", "원하는 신전 +1"),
        Effect::Tech(Some(t)) => {
            Text::new(format!("{} +1", TECHS[t].0), format!("{} +1", TECHS[t].1))
        }
        Effect::Tech(None) => Text::new("any tech +1", "원하는 기술 +1"),
        Effect::TechTwo => Text::new("two tech levels", "기술 두 단계"),
        Effect::Worker => Text::new("+1 worker", "일꾼 +1"),
        Effect::Exempt(n) => Text::new(
            format!("no food for {n} worker(s)"),
            format!("일꾼 {n}개는 먹지 않음"),
        ),
        Effect::EatLess => Text::new("workers eat 1 less", "일꾼마다 1개 덜 먹음"),
        Effect::Market => Text::new("market trade", "시장 거래"),
        Effect::Build => Text::new("build a building", "건물 하나 건설"),
        Effect::Action => Text::new(
            "pay 1 corn: any PAL/YAX/TIK/UXM action",
            "옥수수 1: 팔렝케/야슈칠란/티칼/우슈말 행동",
        ),
    }
}

pub fn effects_text(list: &[Effect]) -> Text {
    let parts: Vec<Text> = list.iter().map(effect_text).collect();
    Text::join(&parts, ", ")
}

pub fn scoring_text(s: &Scoring) -> Text {
    match s {
        Scoring::Category(c, v) => Text::new(
            format!("{v} VP per own {} (monuments too)", c.en()),
            format!("자신의 {} 건물·기념비당 {v}점", c.ko()),
        ),
        Scoring::Built(a, b) => Text::new(
            format!("{a} VP per building, {b} per monument"),
            format!("건물당 {a}점, 기념비당 {b}점"),
        ),
        Scoring::CornTiles(v) => Text::new(
            format!("{v} VP per corn tile"),
            format!("옥수수 수확 타일당 {v}점"),
        ),
        Scoring::WoodTiles(v) => Text::new(
            format!("{v} VP per wood tile"),
            format!("나무 수확 타일당 {v}점"),
        ),
        Scoring::AllMonuments(t) => Text::new(
            format!("per monument built by anyone: {t:?} by players"),
            format!("건설된 기념비당 점수(인원별 {t:?})"),
        ),
        Scoring::MaxedTechs(t) => Text::new(
            format!("techs at level 3: {t:?} VP"),
            format!("3단계 기술 수: {t:?}점"),
        ),
        Scoring::TechLevels(v) => Text::new(
            format!("{v} VP per tech level"),
            format!("기술 단계당 {v}점"),
        ),
        Scoring::Workers(t) => Text::new(
            format!("workers owned 3/4/5/6: {:?} VP", t.get(3..).unwrap_or(&[])),
            format!("보유 일꾼 3/4/5/6: {:?}점", t.get(3..).unwrap_or(&[])),
        ),
        Scoring::TemplesAgain => Text::new("temple step VP again", "신전 점수 한 번 더"),
        Scoring::BestTemple(v) => Text::new(
            format!("{v} VP per step above start in one temple"),
            format!("한 신전의 시작 위 칸당 {v}점"),
        ),
        Scoring::ChiSkulls(v) => Text::new(
            format!("{v} VP per skull on Chichen Itza"),
            format!("치첸이차 해골당 {v}점"),
        ),
    }
}

/// A gear action in words, for the board's list of actions.
pub fn action_text(d: &Data, kind: &ActionKind) -> Text {
    match *kind {
        ActionKind::Fish { corn } => Text::new(format!("{corn} corn"), format!("옥수수 {corn}")),
        ActionKind::Harvest => Text::new(
            "jungle: corn tile or wood tile",
            "정글: 옥수수 또는 나무 수확",
        ),
        ActionKind::Gain(g) => goods_text(&g),
        ActionKind::Tech { count: 1 } => Text::new("1 tech step (paid)", "기술 1단계 (비용 지불)"),
        ActionKind::Tech { count } => Text::new(
            format!("up to {count} tech steps (paid)"),
            format!("기술 최대 {count}단계 (비용 지불)"),
        ),
        ActionKind::Build { count: 1 } => Text::new("build 1 building", "건물 1개 건설"),
        ActionKind::Build { count } => Text::new(
            format!("build {count} buildings or 1 monument"),
            format!("건물 {count}개 또는 기념비 1개 건설"),
        ),
        ActionKind::Temples { count, resources } => Text::new(
            format!("{resources} resource: {count} different temples +1"),
            format!("자원 {resources}: 서로 다른 신전 {count}곳 +1"),
        ),
        ActionKind::Temple { corn } => Text::new(
            format!("{corn} corn: 1 temple +1"),
            format!("옥수수 {corn}: 신전 1곳 +1"),
        ),
        ActionKind::Market => {
            let m = d.market;
            Text::new(
                format!(
                    "market: wood {} / stone {} / gold {} corn",
                    m[0], m[1], m[2]
                ),
                format!("시장: 나무 {} / 돌 {} / 금 {} 옥수수", m[0], m[1], m[2]),
            )
        }
        ActionKind::Worker => Text::new("+1 worker from the supply", "공급처에서 일꾼 +1"),
        ActionKind::BuildCorn { corn_per_resource } => Text::new(
            format!("build 1 building for {corn_per_resource} corn per resource"),
            format!("자원당 옥수수 {corn_per_resource}로 건물 1개 건설"),
        ),
        ActionKind::AnyAction { corn } => Text::new(
            format!("{corn} corn: any PAL/YAX/TIK/UXM action"),
            format!("옥수수 {corn}: 다른 기어 행동 하나"),
        ),
        ActionKind::Offer {
            vp,
            temple,
            resources,
        } => {
            let t = d
                .temples
                .get(temple)
                .map(|t| (t.name.as_str(), t.ko.as_str()))
                .unwrap_or(("?", "?"));
            let (re, rk) = if resources > 0 {
                (" + 1 resource", " + 자원 1")
            } else {
                ("", "")
            };
            Text::new(
                format!("skull: {vp} VP, {} +1{re}", t.0),
                format!("해골: {vp}점, {} +1{rk}", t.1),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_tables_load_with_every_component() {
        let d = default_data().unwrap();
        assert_eq!(d.tiles.len(), 21);
        assert_eq!(d.buildings.iter().filter(|b| b.age == 1).count(), 14);
        assert_eq!(d.buildings.iter().filter(|b| b.age == 2).count(), 18);
        assert_eq!(d.monuments.len(), 13);
        assert_eq!(d.gears[CHI].actions.len(), 9);
        assert_eq!(d.temples[1].top(), 8);
        assert_eq!(d.market, [2, 3, 4]);
    }

    #[test]
    fn alternatives_change_only_their_target() {
        let d = default_data().unwrap();
        let alt = d
            .with_alternatives(&[("a2_04_cost".into(), "gold".into())])
            .unwrap();
        let b = alt.buildings.iter().find(|b| b.id == "A2-04").unwrap();
        assert_eq!(b.cost.res, [0, 0, 3]);
        let orig = d.buildings.iter().find(|b| b.id == "A2-04").unwrap();
        assert_eq!(orig.cost.res, [0, 3, 0]);
    }
}
