//! The component data: the three TOML files of `data/` (a designed substitute
//! set, see `data/README.md`), parsed into indexed tables, with every check of
//! `data/check.py` ported so that a broken set refuses to start.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use toml::{Table, Value};

pub const BOARD_TOML: &str = include_str!("data/board.toml");
pub const CARDS_TOML: &str = include_str!("data/cards.toml");
pub const SOLO_TOML: &str = include_str!("data/solo.toml");

/// Resource indexes into `[u32; 4]` amounts.
pub const POTATO: usize = 0;
pub const CORN: usize = 1;
pub const STONE: usize = 2;
pub const GOLD: usize = 3;
pub const RES_NAMES: [&str; 4] = ["potato", "corn", "stone", "gold"];
pub const RES_KO: [&str; 4] = ["감자", "옥수수", "석재", "금덩이"];

/// The five worker types in the order of the data file.
pub const WORKER_IDS: [&str; 5] = ["architect", "porter", "artisan", "priest", "warrior"];
pub const ARCHITECT: u8 = 0;
pub const PORTER: u8 = 1;
pub const ARTISAN: u8 = 2;
pub const PRIEST: u8 = 3;
pub const WARRIOR: u8 = 4;

/// The eleven tasks; the short word is what a player types.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Task {
    Potato,
    Corn,
    Stone,
    Gold,
    Step,
    Building,
    Statue,
    Weave,
    Merchant,
    Train,
    Produce,
}

pub const TASKS: [(Task, &str, &str, &str); 11] = [
    (Task::Potato, "gather_potato", "potato", "감자"),
    (Task::Corn, "gather_corn", "corn", "옥수수"),
    (Task::Stone, "gather_stone", "stone", "석재"),
    (Task::Gold, "gather_gold", "gold", "금덩이"),
    (Task::Step, "build_step", "step", "계단"),
    (Task::Building, "build_building", "building", "건물"),
    (Task::Statue, "build_statue", "statue", "조각상"),
    (Task::Weave, "buy_weavings", "weave", "직조물"),
    (Task::Merchant, "merchant", "merchant", "상인"),
    (Task::Train, "train", "train", "훈련"),
    (Task::Produce, "production", "produce", "생산"),
];

impl Task {
    pub fn word(self) -> &'static str {
        TASKS
            .iter()
            .find(|t| t.0 == self)
            .map(|t| t.2)
            .unwrap_or("?")
    }
    pub fn ko(self) -> &'static str {
        TASKS
            .iter()
            .find(|t| t.0 == self)
            .map(|t| t.3)
            .unwrap_or("?")
    }
    fn from_data(id: &str) -> Option<Task> {
        TASKS.iter().find(|t| t.1 == id).map(|t| t.0)
    }
    pub fn from_word(w: &str) -> Option<Task> {
        TASKS.iter().find(|t| t.2 == w).map(|t| t.0)
    }
}

/// The High Priest actions of the Coricancha.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum HpAction {
    Worship,
    Sacrifice,
    Recover,
    Conquest,
    Production,
}

pub const HP_ACTIONS: [(HpAction, &str, &str); 5] = [
    (HpAction::Worship, "worship", "숭배"),
    (HpAction::Sacrifice, "sacrifice", "공양"),
    (HpAction::Recover, "recover", "회복"),
    (HpAction::Conquest, "conquest", "정복"),
    (HpAction::Production, "production", "생산"),
];

impl HpAction {
    pub fn word(self) -> &'static str {
        HP_ACTIONS
            .iter()
            .find(|a| a.0 == self)
            .map(|a| a.1)
            .unwrap_or("?")
    }
    pub fn ko(self) -> &'static str {
        HP_ACTIONS
            .iter()
            .find(|a| a.0 == self)
            .map(|a| a.2)
            .unwrap_or("?")
    }
    pub fn from_word(w: &str) -> Option<HpAction> {
        HP_ACTIONS.iter().find(|a| a.1 == w).map(|a| a.0)
    }
}

/// An effect in the data's vocabulary (README §3.1).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Effect {
    pub res: [u32; 4],
    pub vp: u32,
    pub god_cards: u32,
    pub army_cards: u32,
    pub train: u32,
    pub weavings: u32,
    pub workers: u32,
    pub temple: u32,
    pub recover: u32,
    pub statue_small: u32,
    pub statue_large: u32,
    pub tasks: Vec<Task>,
    pub pay: [u32; 4],
    pub choice: Vec<Effect>,
}

/// The separable parts of an effect, as a player names them when taking only
/// part of a God card's benefit (L241-244).
pub const PART_WORDS: [&str; 16] = [
    "potato",
    "corn",
    "stone",
    "gold",
    "vp",
    "godcard",
    "army",
    "train",
    "weaving",
    "worker",
    "temple",
    "recover",
    "smallstatue",
    "largestatue",
    "task",
    "choice",
];

impl Effect {
    pub fn is_empty(&self) -> bool {
        *self == Effect::default()
    }

    /// The kinds of part present (indexes into `PART_WORDS`), in that order.
    pub fn parts(&self) -> Vec<u8> {
        let amounts = [
            self.res[0],
            self.res[1],
            self.res[2],
            self.res[3],
            self.vp,
            self.god_cards,
            self.army_cards,
            self.train,
            self.weavings,
            self.workers,
            self.temple,
            self.recover,
            self.statue_small,
            self.statue_large,
            self.tasks.len() as u32,
            self.choice.len() as u32,
        ];
        (0..amounts.len())
            .filter(|&i| amounts[i] > 0)
            .map(|i| i as u8)
            .collect()
    }

    /// Only the parts of the given kinds.
    pub fn only(&self, kinds: &[u8]) -> Effect {
        let has = |k: u8| kinds.contains(&k);
        let pick = |k: u8, v: u32| if has(k) { v } else { 0 };
        Effect {
            res: [
                pick(0, self.res[0]),
                pick(1, self.res[1]),
                pick(2, self.res[2]),
                pick(3, self.res[3]),
            ],
            vp: pick(4, self.vp),
            god_cards: pick(5, self.god_cards),
            army_cards: pick(6, self.army_cards),
            train: pick(7, self.train),
            weavings: pick(8, self.weavings),
            workers: pick(9, self.workers),
            temple: pick(10, self.temple),
            recover: pick(11, self.recover),
            statue_small: pick(12, self.statue_small),
            statue_large: pick(13, self.statue_large),
            tasks: if has(14) { self.tasks.clone() } else { vec![] },
            pay: self.pay,
            choice: if has(15) { self.choice.clone() } else { vec![] },
        }
    }

    /// A short English description, e.g. `2 potato, 1 God card`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.pay.iter().any(|&x| x > 0) {
            parts.push(format!("pay {}", res_text(&self.pay)));
        }
        if self.res.iter().any(|&x| x > 0) {
            parts.push(res_text(&self.res));
        }
        let named = [
            (self.vp, "VP"),
            (self.god_cards, "God card"),
            (self.army_cards, "army card"),
            (self.train, "train"),
            (self.weavings, "weaving"),
            (self.workers, "worker"),
            (self.temple, "temple"),
            (self.recover, "recover"),
            (self.statue_small, "small statue"),
            (self.statue_large, "large statue"),
        ];
        for (n, w) in named {
            if n > 0 {
                parts.push(format!("{n} {w}"));
            }
        }
        for t in &self.tasks {
            parts.push(format!("task {}", t.word()));
        }
        if !self.choice.is_empty() {
            let alts: Vec<String> = self.choice.iter().map(Effect::describe).collect();
            parts.push(format!("({})", alts.join(" or ")));
        }
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    }
}

/// `2 potato 1 gold` style text of an amount.
pub fn res_text(r: &[u32; 4]) -> String {
    let parts: Vec<String> = (0..4)
        .filter(|&i| r[i] > 0)
        .map(|i| format!("{} {}", r[i], RES_NAMES[i]))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(" ")
    }
}

pub fn res_text_ko(r: &[u32; 4]) -> String {
    let parts: Vec<String> = (0..4)
        .filter(|&i| r[i] > 0)
        .map(|i| format!("{} {}개", RES_KO[i], r[i]))
        .collect();
    if parts.is_empty() {
        "없음".into()
    } else {
        parts.join(" ")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceColour {
    None,
    Blue,
    Green,
}

#[derive(Clone, Debug)]
pub struct Space {
    pub id: String,
    pub section: usize,
    /// 0 top, 1 middle, 2 bottom.
    pub terrace: usize,
    pub symbol: usize,
    pub colour: SpaceColour,
    pub tasks: [Task; 3],
    pub adjacent: Vec<usize>,
    pub two_player_setup: bool,
    pub two_player_festival: bool,
    pub angle: f64,
    pub ring: f64,
}

#[derive(Clone, Debug)]
pub struct StepSpace {
    pub id: String,
    pub section: usize,
    pub upper: bool,
    pub requires: Option<usize>,
    /// Terraces (1 middle, 2 bottom) whose descent cost it lowers.
    pub discounts: Vec<usize>,
    pub angle: f64,
    pub ring: f64,
}

#[derive(Clone, Debug)]
pub struct TempleSpace {
    pub reward: Effect,
    pub festival_vp: u32,
    pub final_vp: u32,
}

#[derive(Clone, Debug)]
pub struct Region {
    pub id: String,
    pub ko: String,
    pub prefix: String,
}

#[derive(Clone, Debug)]
pub struct ConquestSpace {
    pub id: String,
    pub region: usize,
    pub position: usize,
    pub flip: u32,
    pub discard: u32,
    pub benefit: Effect,
}

#[derive(Clone, Debug)]
pub struct GodCard {
    pub id: String,
    pub symbol: usize,
    pub cost: [u32; 4],
    pub benefit: Effect,
}

#[derive(Clone, Debug)]
pub struct ArmyCard {
    pub id: String,
    pub soldiers: u32,
    pub resources: [u32; 4],
}

#[derive(Clone, Debug)]
pub struct Weaving {
    pub id: String,
    pub number: u32,
    pub pattern: usize,
    pub left: usize,
    pub right: usize,
    pub starting: bool,
    pub min_players: usize,
}

/// A building: production (`passive == None`) or passive (with its code).
#[derive(Clone, Debug)]
pub struct Building {
    pub id: String,
    pub cost: [u32; 4],
    pub input: [u32; 4],
    pub output: Effect,
    pub passive: Option<String>,
    pub effect_en: String,
    pub effect_ko: String,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub start_vp: u32,
    pub start_stone: u32,
    pub god_cards_dealt: usize,
    pub god_cards_kept: usize,
    pub start_draw_bag_per_type: usize,
    pub start_workers_drawn: usize,
    pub workers_removed_per_type: [usize; 5],
    pub offerings_capacity: [usize; 5],
    pub worker_limit: usize,
    pub section_cost: [u32; 3],
    pub descent_cost: [u32; 3],
    pub step_discount: u32,
    pub step_use_vp: u32,
    pub porter_discount: u32,
    pub priest_extra_task_potato: u32,
    pub step_cost: [u32; 4],
    pub step_reward: Effect,
    pub lower_step_bonus_vp: u32,
    pub statue_small_cost: [u32; 4],
    pub statue_small_vp: u32,
    pub statue_large_cost: [u32; 4],
    pub statue_large_vp: u32,
    pub weavings_drawn: usize,
    pub weavings_drawn_z08: usize,
    pub weaving_prices_corn: Vec<u32>,
    pub weaving_leftover_price_corn: u32,
    pub pray_cards: u32,
    pub priest_gold_instead: u32,
    pub worship_large: u32,
    pub worship_small: u32,
    pub worship_other: u32,
    /// (corn, temple) options of the active player.
    pub sacrifice_active: Vec<(u32, u32)>,
    pub sacrifice_other: (u32, u32),
    pub recover_active_free: u32,
    pub recover_active_extra_food: u32,
    pub recover_other_corn: u32,
    pub conquest_deploy_potato: u32,
    pub conquest_active_free_cards: u32,
    pub festival_trigger_vp: Vec<u32>,
    pub festivals: usize,
    pub festival_potato_per_card: u32,
    pub festival_unpaid_vp: u32,
    pub festival_card_draw: [Vec<u32>; 5],
    pub festival_god_cards_usable: usize,
    pub tapestry_vp: Vec<u32>,
    pub final_building: u32,
    pub final_god_card: u32,
    pub final_army: u32,
    pub final_worker: u32,
    pub final_gold: u32,
    pub solo_win_min_vp: u32,
}

/// A cell of Axomama's action board.
#[derive(Clone, Debug)]
pub struct SoloCell {
    /// 0 top, 1 middle, 2 bottom.
    pub row: usize,
    pub action: String,
    pub gain: Effect,
    pub pay: [u32; 4],
}

#[derive(Clone, Debug)]
pub struct Personality {
    pub name: String,
    pub gold: u32,
    /// Each option as (kind, amount): build_production, build_passive, build_step,
    /// statue_small, statue_large, weavings, vp.
    pub options: Vec<(String, u32)>,
}

#[derive(Clone, Debug)]
pub struct Solo {
    pub die: Vec<u32>,
    pub start_res: [u32; 4],
    pub start_army: usize,
    pub potato_conv: (u32, u32),
    pub statue_bonus_vp: u32,
    pub god_gain_vp: u32,
    pub cells: Vec<SoloCell>,
    pub personality_cell: usize,
    /// (value, start cell).
    pub tokens: Vec<(u32, usize)>,
    pub hire_reward: [Effect; 5],
    pub personalities: Vec<Personality>,
    pub sacrifice_min_corn: u32,
    pub production_min: usize,
    pub worship_min: usize,
    pub recover_min: usize,
    pub no_worker_vp: u32,
    pub festival_vp_per_weaving: u32,
    pub festival_behind_vp: u32,
    pub buy_weavings: usize,
    pub leftover_min_corn: u32,
    pub middle_fail_gold: u32,
    pub margin: u32,
    pub easier_building_stone: u32,
    pub easier_worship_min: usize,
    pub harder_hp_vp: u32,
    pub harder_festival_vp_per_weaving: u32,
    pub harder_no_worker_vp: u32,
    pub uses_passives: Vec<String>,
}

/// Every component table, indexed.
#[derive(Debug)]
pub struct Data {
    pub name: String,
    pub rules: Rules,
    pub worker_colours: [String; 5],
    pub worker_ko: [String; 5],
    pub symbols: Vec<(String, String)>,
    pub spaces: Vec<Space>,
    pub steps: Vec<StepSpace>,
    pub village_size: [usize; 5],
    pub nomads_size: [usize; 5],
    pub coricancha: [HpAction; 5],
    pub first_game_section: usize,
    pub temple: Vec<TempleSpace>,
    pub regions: Vec<Region>,
    pub conquest: Vec<ConquestSpace>,
    pub gods: Vec<GodCard>,
    pub army: Vec<ArmyCard>,
    pub rewards: Vec<(String, Effect)>,
    pub patterns: Vec<String>,
    pub weavings: Vec<Weaving>,
    pub production: Vec<Building>,
    pub passive: Vec<Building>,
    /// Per symbol: (small, large).
    pub statues: Vec<(u32, u32)>,
    pub solo: Solo,
}

impl crate::engine::Named for Data {
    fn name(&self) -> &str {
        &self.name
    }
}

impl Data {
    /// The index of a passive building by its code.
    pub fn passive_by_code(&self, code: &str) -> Option<usize> {
        self.passive
            .iter()
            .position(|b| b.passive.as_deref() == Some(code))
    }

    pub fn symbol_name(&self, s: usize) -> &str {
        self.symbols.get(s).map(|x| x.0.as_str()).unwrap_or("?")
    }
}

/// The default set, parsed once.
pub fn default_data() -> Result<Arc<Data>, String> {
    static CELL: OnceLock<Result<Arc<Data>, String>> = OnceLock::new();
    CELL.get_or_init(|| load_texts("default", BOARD_TOML, CARDS_TOML, SOLO_TOML).map(Arc::new))
        .clone()
}

/// Loads `board.toml`, `cards.toml` and `solo.toml` from a directory.
pub fn load_dir(path: &str) -> Result<Arc<Data>, String> {
    let read = |f: &str| crate::engine::read_data_file(&std::path::Path::new(path).join(f));
    let (b, c, s) = (read("board.toml")?, read("cards.toml")?, read("solo.toml")?);
    load_texts(path, &b, &c, &s).map(Arc::new)
}

// ---------------------------------------------------------------- TOML helpers

fn tbl<'a>(t: &'a Table, k: &str) -> Result<&'a Table, String> {
    t.get(k)
        .and_then(Value::as_table)
        .ok_or_else(|| format!("missing table '{k}'"))
}
fn arr<'a>(t: &'a Table, k: &str) -> Result<&'a Vec<Value>, String> {
    t.get(k)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("missing array '{k}'"))
}
fn int(t: &Table, k: &str) -> Result<u32, String> {
    t.get(k)
        .and_then(Value::as_integer)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| format!("missing or negative integer '{k}'"))
}
fn string(t: &Table, k: &str) -> Result<String, String> {
    t.get(k)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("missing string '{k}'"))
}
fn float(t: &Table, k: &str) -> f64 {
    t.get(k)
        .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
        .unwrap_or(0.0)
}
fn records<'a>(t: &'a Table, k: &str) -> Result<Vec<&'a Table>, String> {
    arr(t, k)?
        .iter()
        .map(|v| {
            v.as_table()
                .ok_or_else(|| format!("'{k}' entry is not a table"))
        })
        .collect()
}
fn ints(v: &Value) -> Result<Vec<u32>, String> {
    v.as_array()
        .ok_or("expected a list")?
        .iter()
        .map(|x| {
            x.as_integer()
                .and_then(|i| u32::try_from(i).ok())
                .ok_or_else(|| "expected integers".to_string())
        })
        .collect()
}
fn per_count(t: &Table, k: &str) -> Result<[usize; 5], String> {
    let m = tbl(t, k)?;
    let mut out = [0usize; 5];
    for (n, slot) in out.iter_mut().enumerate().skip(1) {
        let key = format!("p{n}");
        let key = if n == 1 && !m.contains_key("p1") {
            "p2".to_string()
        } else {
            key
        };
        *slot = int(m, &key)? as usize;
    }
    Ok(out)
}

/// Resources only (`potato corn stone gold`).
fn resources(v: Option<&Value>) -> Result<[u32; 4], String> {
    let mut r = [0u32; 4];
    let Some(v) = v else { return Ok(r) };
    let t = v.as_table().ok_or("resources must be a table")?;
    for (k, x) in t {
        let i = RES_NAMES
            .iter()
            .position(|n| n == k)
            .ok_or_else(|| format!("'{k}' is not a resource"))?;
        r[i] = x
            .as_integer()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or("resource amounts are positive")?;
    }
    Ok(r)
}

/// An effect table in the shared vocabulary.
pub fn effect(v: Option<&Value>) -> Result<Effect, String> {
    let mut e = Effect::default();
    let Some(v) = v else { return Ok(e) };
    let t = v.as_table().ok_or("an effect must be a table")?;
    for (k, x) in t {
        if k == "pay" {
            e.pay = resources(Some(x))?;
            continue;
        }
        if k == "choice" {
            for alt in x.as_array().ok_or("choice must be a list")? {
                e.choice.push(effect(Some(alt))?);
            }
            continue;
        }
        let n = x
            .as_integer()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("effect '{k}' must be a positive integer"))?;
        if let Some(i) = RES_NAMES.iter().position(|r| r == k) {
            e.res[i] = n;
            continue;
        }
        match k.as_str() {
            "vp" => e.vp = n,
            "god_cards" => e.god_cards = n,
            "army_cards" => e.army_cards = n,
            "train" => e.train = n,
            "weavings" => e.weavings = n,
            "workers" => e.workers = n,
            "temple" => e.temple = n,
            "recover" => e.recover = n,
            "statue_small" => e.statue_small = n,
            "statue_large" => e.statue_large = n,
            _ => {
                let task = k
                    .strip_prefix("task_")
                    .and_then(|t| match t {
                        "build_step" => Some(Task::Step),
                        "build_building" => Some(Task::Building),
                        "build_statue" => Some(Task::Statue),
                        "buy_weavings" => Some(Task::Weave),
                        "merchant" => Some(Task::Merchant),
                        "production" => Some(Task::Produce),
                        _ => None,
                    })
                    .ok_or_else(|| format!("unknown effect key '{k}'"))?;
                for _ in 0..n {
                    e.tasks.push(task);
                }
            }
        }
    }
    Ok(e)
}

fn parse_toml(name: &str, text: &str) -> Result<Table, String> {
    text.parse::<Table>().map_err(|e| format!("{name}: {e}"))
}

/// Collects failed checks (the port of `check.py`).
struct Checks(Vec<String>);

impl Checks {
    fn check(&mut self, ok: bool, label: &str) {
        if !ok {
            self.0.push(label.to_string());
        }
    }
}

/// Parses and checks the three files.
/// Parses and checks the three files.
pub fn load_texts(name: &str, board: &str, cards: &str, solo: &str) -> Result<Data, String> {
    let b = parse_toml("board.toml", board)?;
    let c = parse_toml("cards.toml", cards)?;
    let s = parse_toml("solo.toml", solo)?;
    let mut ck = Checks(Vec::new());
    provenance(&mut ck, "board.toml", &b);
    provenance(&mut ck, "cards.toml", &c);
    provenance(&mut ck, "solo.toml", &s);
    for (f, text) in [
        ("board.toml", board),
        ("cards.toml", cards),
        ("solo.toml", solo),
    ] {
        ck.check(
            !text.contains("/home/") && !text.contains("/work/") && !text.contains("C:\\"),
            &format!("{f} contains no absolute path"),
        );
    }
    let rules = load_rules(&mut ck, tbl(&b, "rules")?)?;
    let (worker_colours, worker_ko) = load_workers(&mut ck, &b)?;
    let symbols = load_symbols(&mut ck, &c)?;
    let (spaces, icons) = load_hill(&mut ck, &b, &symbols)?;
    let steps = load_steps(&mut ck, &b, &rules, &spaces, &icons)?;
    let (village_size, nomads_size) = load_supply(&mut ck, &b, &rules, &spaces)?;
    let (coricancha, first_game_section) = load_coricancha(&mut ck, &b)?;
    let temple = load_temple(&mut ck, &b)?;
    let (regions, conquest) = load_conquest(&mut ck, &b)?;
    let (gods, army) = load_cards(&mut ck, &c, &symbols)?;
    let rewards = load_rewards(&mut ck, &c)?;
    let (patterns, weavings) = load_weavings(&mut ck, &c, &rules, &rewards)?;
    let (production, passive) = load_buildings(&mut ck, &c)?;
    let statues = load_statues(&mut ck, &c, &symbols)?;

    let solo = load_solo(&mut ck, &s, &passive)?;
    if !ck.0.is_empty() {
        return Err(format!(
            "{name}: {} check(s) failed: {}",
            ck.0.len(),
            ck.0.join("; ")
        ));
    }
    Ok(Data {
        name: name.to_string(),
        rules,
        worker_colours,
        worker_ko,
        symbols,
        spaces,
        steps,
        village_size,
        nomads_size,
        coricancha,
        first_game_section,
        temple,
        regions,
        conquest,
        gods,
        army,
        rewards,
        patterns,
        weavings,
        production,
        passive,
        statues,
        solo,
    })
}

/// Worker types, the per-player components and the task kinds (L54-71, L279-282).
fn load_workers(ck: &mut Checks, b: &Table) -> Result<([String; 5], [String; 5]), String> {
    let wts = records(b, "worker_type")?;
    let mut worker_colours: [String; 5] = Default::default();
    let mut worker_ko: [String; 5] = Default::default();
    ck.check(wts.len() == 5, "5 worker types (L55-59)");
    for w in &wts {
        let id = string(w, "id")?;
        let i = WORKER_IDS
            .iter()
            .position(|x| *x == id)
            .ok_or_else(|| format!("unknown worker type {id}"))?;
        worker_colours[i] = string(w, "colour")?;
        worker_ko[i] = string(w, "name_ko")?;
        ck.check(int(w, "count")? == 9, "45 workers, 9 per type (L54)");
    }
    ck.check(
        worker_colours[ARCHITECT as usize] == "blue",
        "Architect is blue (L233-236)",
    );
    let mut cols = worker_colours.to_vec();
    cols.sort();
    cols.dedup();
    ck.check(
        cols.len() == 5,
        "worker colours distinct (same-colour adjacency, L218)",
    );
    let pc = tbl(b, "player_colours")?;
    let per = tbl(pc, "per_player")?;
    ck.check(
        int(per, "step_markers")? == 5
            && int(per, "conquest_markers")? == 10
            && int(per, "high_priest")? == 1,
        "per-player components (L65-71)",
    );
    for t in records(b, "task")? {
        let id = string(t, "id")?;
        let task = Task::from_data(&id).ok_or_else(|| format!("unknown task {id}"))?;
        let gain = resources(t.get("gain"))?;
        let want = match task {
            Task::Potato => [3, 0, 0, 0],
            Task::Corn => [0, 2, 0, 0],
            Task::Stone => [0, 0, 2, 0],
            Task::Gold => [0, 0, 0, 1],
            _ => [0; 4],
        };
        ck.check(gain == want, &format!("task {id} gains as L282"));
    }
    ck.check(records(b, "task")?.len() == 11, "11 task kinds (L279-374)");
    Ok((worker_colours, worker_ko))
}

/// The god symbols.
fn load_symbols(ck: &mut Checks, c: &Table) -> Result<Vec<(String, String)>, String> {
    let symbols: Vec<(String, String)> = records(c, "god_symbol")?
        .iter()
        .map(|g| Ok((string(g, "id")?, string(g, "name")?)))
        .collect::<Result<_, String>>()?;
    ck.check(symbols.len() >= 2, "god symbols defined");
    Ok(symbols)
}

/// The index of a god symbol by id.
fn symbol_index(symbols: &[(String, String)], id: &str) -> Result<usize, String> {
    symbols
        .iter()
        .position(|s| s.0 == id)
        .ok_or_else(|| format!("unknown god symbol {id}"))
}

/// A terrace by name: 0 top, 1 middle, 2 bottom.
fn terrace_index(t: &str) -> Result<usize, String> {
    ["top", "middle", "bottom"]
        .iter()
        .position(|x| *x == t)
        .ok_or_else(|| format!("unknown terrace {t}"))
}

/// The task icons of the hill by id: their task and the spaces they touch.
type Icons = BTreeMap<String, (Task, Vec<String>)>;

/// The hill: its sections, task icons and worker spaces (L194-239).
fn load_hill(
    ck: &mut Checks,
    b: &Table,
    symbols: &[(String, String)],
) -> Result<(Vec<Space>, Icons), String> {
    ck.check(int(tbl(b, "sections")?, "count")? == 5, "5 sections (L196)");
    let icon_recs = records(b, "icon")?;
    let mut icons: BTreeMap<String, (Task, Vec<String>)> = BTreeMap::new();
    for i in &icon_recs {
        let id = string(i, "id")?;
        let task = Task::from_data(&string(i, "task")?).ok_or("icon task invalid")?;
        let touches: Vec<String> = arr(i, "touches")?
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        ck.check(!touches.is_empty(), &format!("icon {id} touches a space"));
        icons.insert(id, (task, touches));
    }
    ck.check(icons.len() == icon_recs.len(), "icon ids unique");
    let space_recs = records(b, "space")?;
    let ids: Vec<String> = space_recs
        .iter()
        .map(|r| string(r, "id"))
        .collect::<Result<_, _>>()?;
    let mut spaces = Vec::new();
    let mut space_icons: Vec<Vec<String>> = Vec::new();
    for r in &space_recs {
        let (space, icon_ids) = read_space(ck, r, &ids, &icons, symbols)?;
        spaces.push(space);
        space_icons.push(icon_ids);
    }
    check_hill(ck, b, &spaces, &space_icons, &ids, symbols.len())?;
    Ok((spaces, icons))
}

/// One worker space and the ids of the icons it touches.
fn read_space(
    ck: &mut Checks,
    r: &Table,
    ids: &[String],
    icons: &Icons,
    symbols: &[(String, String)],
) -> Result<(Space, Vec<String>), String> {
    let id = string(r, "id")?;
    let section = int(r, "section")? as usize;
    ck.check(
        (1..=5).contains(&section),
        &format!("{id} section 1-5 (L196)"),
    );
    let terrace = terrace_index(&string(r, "terrace")?)?;
    let icon_ids: Vec<String> = arr(r, "icons")?
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    ck.check(
        icon_ids.len() == 3,
        &format!("{id} touches exactly 3 task icons (L213)"),
    );
    let mut tasks = Vec::new();
    for ic in &icon_ids {
        match icons.get(ic) {
            Some((t, touches)) => {
                tasks.push(*t);
                ck.check(
                    touches.contains(&id),
                    &format!("icon {ic} <-> space {id} consistent"),
                );
            }
            None => ck.check(false, &format!("{id}: icon {ic} exists")),
        }
    }
    let listed: Vec<Task> = arr(r, "tasks")?
        .iter()
        .filter_map(|v| v.as_str().and_then(Task::from_data))
        .collect();
    ck.check(listed == tasks, &format!("{id} tasks = its icons' tasks"));
    let mut distinct = tasks.clone();
    distinct.sort();
    distinct.dedup();
    ck.check(
        distinct.len() == 3,
        &format!("[designed] {id} 3 different tasks (L227-229)"),
    );
    let tasks: [Task; 3] = [
        *tasks.first().unwrap_or(&Task::Potato),
        *tasks.get(1).unwrap_or(&Task::Corn),
        *tasks.get(2).unwrap_or(&Task::Stone),
    ];
    let colour = match string(r, "colour")?.as_str() {
        "blue" => SpaceColour::Blue,
        "green" => SpaceColour::Green,
        "none" => SpaceColour::None,
        other => return Err(format!("{id}: colour {other} is not blue/green/none")),
    };
    let two = r.get("two_player").and_then(Value::as_str).unwrap_or("");
    let pos = tbl(r, "pos")?;
    let adjacent: Vec<usize> = arr(r, "adjacent")?
        .iter()
        .filter_map(|v| v.as_str())
        .map(|a| {
            ids.iter()
                .position(|x| x == a)
                .ok_or_else(|| format!("{id}: unknown neighbour {a}"))
        })
        .collect::<Result<_, _>>()?;
    let space = Space {
        id,
        section: section.saturating_sub(1),
        terrace,
        symbol: symbol_index(symbols, &string(r, "symbol")?)?,
        colour,
        tasks,
        adjacent,
        two_player_setup: two == "setup",
        two_player_festival: two == "festival1",
        angle: float(pos, "angle"),
        ring: float(pos, "ring"),
    };
    Ok((space, icon_ids))
}

/// The hill as a whole: totals, adjacency and the worked examples it must allow.
fn check_hill(
    ck: &mut Checks,
    b: &Table,
    spaces: &[Space],
    space_icons: &[Vec<String>],
    ids: &[String],
    n_symbols: usize,
) -> Result<(), String> {
    ck.check(
        spaces.len() == int(tbl(b, "hill")?, "spaces")? as usize,
        "hill totals match lists",
    );
    let mut uniq = ids.to_vec();
    uniq.sort();
    uniq.dedup();
    ck.check(uniq.len() == ids.len(), "space ids unique");
    for (i, s) in spaces.iter().enumerate() {
        let derived: Vec<usize> = (0..spaces.len())
            .filter(|&j| {
                j != i
                    && spaces[j].terrace == s.terrace
                    && space_icons[j].iter().any(|x| space_icons[i].contains(x))
            })
            .collect();
        let mut listed = s.adjacent.clone();
        listed.sort();
        ck.check(
            listed == derived,
            &format!("{} adjacent = same terrace + shared icon (L219-220)", s.id),
        );
        ck.check(
            s.adjacent.iter().all(|&n| spaces[n].symbol != s.symbol),
            "[designed] neighbours have different symbols",
        );
    }
    let mut segs: Vec<(usize, usize)> = spaces.iter().map(|s| (s.section, s.terrace)).collect();
    segs.sort();
    segs.dedup();
    ck.check(
        segs.len() == 15,
        "15 segments = 5 sections x 3 terraces, none empty (L273)",
    );
    ck.check(
        spaces
            .iter()
            .any(|s| s.colour != SpaceColour::Blue && !s.adjacent.is_empty()),
        "Example 3: a non-blue space with a neighbour (L233-234)",
    );
    ck.check(
        spaces.iter().any(|s| {
            let mut t = s.tasks.to_vec();
            t.sort();
            s.colour != SpaceColour::Blue
                && s.adjacent.len() >= 4
                && t == vec![Task::Potato, Task::Stone, Task::Building]
        }),
        "Example 4: a non-blue space with 4 neighbours and tasks building+potato+stone (L235-239)",
    );
    ck.check(
        spaces.iter().any(|s| s.colour == SpaceColour::Blue)
            && spaces.iter().any(|s| s.colour == SpaceColour::Green),
        "blue and green spaces exist (L264-266)",
    );
    for t in 0..3 {
        let mut on: Vec<usize> = spaces
            .iter()
            .filter(|s| s.terrace == t)
            .map(|s| s.symbol)
            .collect();
        on.sort();
        on.dedup();
        ck.check(
            on.len() == n_symbols,
            "[designed] every god symbol on every terrace (L712)",
        );
    }
    for sec in 0..5 {
        let mut on: Vec<Task> = spaces
            .iter()
            .filter(|s| s.section == sec)
            .flat_map(|s| s.tasks)
            .collect();
        on.sort();
        on.dedup();
        ck.check(
            on.len() == 11,
            "[designed] every section offers all 11 tasks",
        );
    }
    Ok(())
}

/// The step spaces (L203, L283-297).
fn load_steps(
    ck: &mut Checks,
    b: &Table,
    rules: &Rules,
    spaces: &[Space],
    icons: &Icons,
) -> Result<Vec<StepSpace>, String> {
    let step_recs = records(b, "step_space")?;
    let step_ids: Vec<String> = step_recs
        .iter()
        .map(|r| string(r, "id"))
        .collect::<Result<_, _>>()?;
    let mut steps = Vec::new();
    for r in &step_recs {
        let pos = tbl(r, "pos")?;
        let discounts: Vec<usize> = arr(r, "discounts")?
            .iter()
            .filter_map(|v| v.as_str())
            .map(terrace_index)
            .collect::<Result<_, _>>()?;
        let requires = match r.get("requires").and_then(Value::as_str) {
            Some(q) => Some(
                step_ids
                    .iter()
                    .position(|x| x == q)
                    .ok_or("step requires an unknown step")?,
            ),
            None => None,
        };
        steps.push(StepSpace {
            id: string(r, "id")?,
            section: (int(r, "section")? as usize).saturating_sub(1),
            upper: string(r, "level")? == "upper",
            requires,
            discounts,
            angle: float(pos, "angle"),
            ring: float(pos, "ring"),
        });
    }
    for sec in 0..5 {
        let up: Vec<usize> = (0..steps.len())
            .filter(|&i| steps[i].section == sec && steps[i].upper)
            .collect();
        let lo: Vec<usize> = (0..steps.len())
            .filter(|&i| steps[i].section == sec && !steps[i].upper)
            .collect();
        ck.check(
            up.len() == 1 && lo.len() == 1,
            "one upper and one lower step space per section (L290-291)",
        );
        if let (Some(&u), Some(&l)) = (up.first(), lo.first()) {
            ck.check(
                steps[l].requires == Some(u) && steps[u].requires.is_none(),
                "lower step requires upper (L290-291)",
            );
            ck.check(
                steps[u].discounts == vec![1, 2] && steps[l].discounts == vec![2],
                "steps discount the terraces below (L203)",
            );
        }
    }
    for sec in 0..5 {
        for t in 0..3 {
            let n = steps
                .iter()
                .filter(|s| s.section == sec && s.discounts.contains(&t))
                .count() as u32;
            ck.check(
                rules.descent_cost[t] >= rules.step_discount * n,
                "descent cost with all steps >= 0 (L203)",
            );
        }
    }
    // Some icon touches two terraces, so the same-terrace rule matters (L219).
    ck.check(
        icons.values().any(|(_, touches)| {
            let ts: Vec<usize> = touches
                .iter()
                .filter_map(|id| spaces.iter().find(|s| &s.id == id))
                .map(|s| s.terrace)
                .collect();
            ts.windows(2).any(|w| w[0] != w[1])
        }),
        "[designed] some icons touch two terraces (L219)",
    );
    Ok(steps)
}

/// Village and Nomads sizes, the two-player spaces and the bag (L101-119, L514).
fn load_supply(
    ck: &mut Checks,
    b: &Table,
    rules: &Rules,
    spaces: &[Space],
) -> Result<([usize; 5], [usize; 5]), String> {
    let village_size = per_count(tbl(b, "village")?, "size")?;
    let nomads_size = per_count(tbl(b, "nomads")?, "size")?;
    ck.check(
        village_size[1] == village_size[2] && nomads_size[1] == nomads_size[2],
        "solo uses the 2-player sizes (L615)",
    );
    let top2 = spaces.iter().filter(|s| s.two_player_setup).count();
    let mid2 = spaces.iter().filter(|s| s.two_player_festival).count();
    ck.check(
        spaces
            .iter()
            .filter(|s| s.two_player_setup)
            .all(|s| s.terrace == 0)
            && top2 > 0,
        "2p setup spaces on the top terrace (L116)",
    );
    ck.check(
        spaces
            .iter()
            .filter(|s| s.two_player_festival)
            .all(|s| s.terrace == 1)
            && mid2 > 0,
        "2p Festival-1 spaces on the middle (L519-520)",
    );
    for n in 2..=4usize {
        let in_play = 45 - 5 * rules.workers_removed_per_type[n];
        ck.check(
            2 * n < 5 * rules.start_draw_bag_per_type,
            "start-draw bag suffices incl. one redraw (L103-106)",
        );
        let bag = in_play as i64
            - 2 * n as i64
            - village_size[n] as i64
            - nomads_size[n] as i64
            - if n == 2 { top2 as i64 } else { 0 };
        let after2 = bag - 2 * village_size[n] as i64 - if n == 2 { mid2 as i64 } else { 0 };
        ck.check(bag > 0, "workers left in the bag after setup (L107-119)");
        ck.check(
            after2 >= 0,
            "[designed] the bag refills the Village twice (L514)",
        );
    }
    Ok((village_size, nomads_size))
}

/// The Coricancha's actions clockwise and the printed first-game section (L98-99).
fn load_coricancha(ck: &mut Checks, b: &Table) -> Result<([HpAction; 5], usize), String> {
    let co = tbl(b, "coricancha")?;
    let acts: Vec<HpAction> = arr(co, "actions_clockwise")?
        .iter()
        .filter_map(|v| v.as_str())
        .map(|a| HpAction::from_word(a).ok_or_else(|| format!("unknown High Priest action {a}")))
        .collect::<Result<_, _>>()?;
    let mut sorted = acts.clone();
    sorted.sort();
    sorted.dedup();
    ck.check(
        acts.len() == 5 && sorted.len() == 5,
        "Coricancha: 5 High Priest actions, each once (L380-462)",
    );
    let coricancha = [
        acts[0],
        acts[1 % acts.len()],
        acts[2 % acts.len()],
        acts[3 % acts.len()],
        acts[4 % acts.len()],
    ];
    let first_game_section =
        (int(co, "first_game_section_of_first_action")? as usize).clamp(1, 5) - 1;
    Ok((coricancha, first_game_section))
}

/// The temple track (L96, L499-501, L555-562).
fn load_temple(ck: &mut Checks, b: &Table) -> Result<Vec<TempleSpace>, String> {
    let tp = tbl(b, "temple")?;
    let mut temple = Vec::new();
    for (i, r) in records(b, "temple_space")?.iter().enumerate() {
        ck.check(
            int(r, "index")? as usize == i,
            "temple spaces indexed from the lowest (L96)",
        );
        temple.push(TempleSpace {
            reward: effect(r.get("reward"))?,
            festival_vp: int(r, "festival_vp")?,
            final_vp: r.get("final_vp").and_then(Value::as_integer).unwrap_or(0) as u32,
        });
    }
    ck.check(
        temple.len() == int(tp, "spaces")? as usize && int(tp, "start")? == 0,
        "temple marker starts on the lowest space (L96)",
    );
    let fin: Vec<usize> = (0..temple.len())
        .filter(|&i| temple[i].final_vp > 0)
        .collect();
    ck.check(
        temple.len() >= 4 && fin == (temple.len() - 4..temple.len()).collect::<Vec<_>>(),
        "final VP on the top 4 spaces only (L501, L544)",
    );
    ck.check(
        temple
            .windows(2)
            .all(|w| w[0].festival_vp <= w[1].festival_vp),
        "[designed] festival VP never decreases",
    );
    ck.check(
        temple
            .iter()
            .any(|t| t.reward.god_cards > 0 || t.reward.choice.iter().any(|c| c.god_cards > 0))
            && temple
                .iter()
                .any(|t| t.reward.workers > 0 || t.reward.choice.iter().any(|c| c.workers > 0)),
        "temple rewards include God cards and free workers (L561, L649)",
    );
    Ok(temple)
}

/// The conquest regions and their spaces (L78-81, L422-449).
fn load_conquest(ck: &mut Checks, b: &Table) -> Result<(Vec<Region>, Vec<ConquestSpace>), String> {
    let regions: Vec<Region> = records(b, "conquest_region")?
        .iter()
        .map(|r| {
            Ok(Region {
                id: string(r, "id")?,
                ko: string(r, "name_ko")?,
                prefix: string(r, "prefix")?,
            })
        })
        .collect::<Result<_, String>>()?;
    ck.check(
        regions.iter().map(|r| r.id.as_str()).collect::<Vec<_>>()
            == ["chinchaysuyu", "antisuyu", "qullasuyu", "kuntisuyu"],
        "4 conquest regions in key-concept order (L78-81)",
    );
    ck.check(
        regions.iter().map(|r| r.ko.as_str()).collect::<Vec<_>>()
            == ["친차이수유", "안티수유", "쿠야수유", "쿤티수유"],
        "region Korean names (L78-81)",
    );
    let mut conquest = Vec::new();
    for r in records(b, "conquest_space")? {
        let rid = string(r, "region")?;
        let region = regions
            .iter()
            .position(|x| x.id == rid)
            .ok_or("conquest space in an unknown region")?;
        let cs = ConquestSpace {
            id: string(r, "id")?,
            region,
            position: int(r, "position")? as usize,
            flip: int(r, "flip")?,
            discard: int(r, "discard")?,
            benefit: effect(r.get("benefit"))?,
        };
        ck.check(
            cs.flip + cs.discard >= 1,
            "conquest spaces require soldiers (L422-425)",
        );
        conquest.push(cs);
    }
    for (ri, _) in regions.iter().enumerate() {
        let pos: Vec<usize> = conquest
            .iter()
            .filter(|c| c.region == ri)
            .map(|c| c.position)
            .collect();
        ck.check(
            pos == (1..=pos.len()).collect::<Vec<_>>(),
            "conquest positions 1..n left to right (L504)",
        );
    }
    for (f, d, vp) in [(2, 1, 4), (2, 2, 7)] {
        ck.check(
            conquest.iter().any(|c| {
                c.flip == f
                    && c.discard == d
                    && c.benefit
                        == Effect {
                            vp,
                            ..Effect::default()
                        }
            }),
            "Example 8 conquest spaces (L443-446)",
        );
    }
    ck.check(
        conquest.iter().any(|c| {
            c.flip == 0
                && c.discard == 1
                && c.benefit
                    == Effect {
                        god_cards: 1,
                        weavings: 1,
                        ..Effect::default()
                    }
        }),
        "Example 8 space discard 1 -> God card + weaving (L447-449)",
    );
    ck.check(
        conquest.len() <= 40,
        "conquest spaces do not exceed 4 players x 10 markers (L71)",
    );
    Ok((regions, conquest))
}

/// God cards and army cards (L61-62, L142-145, L366-369).
fn load_cards(
    ck: &mut Checks,
    c: &Table,
    symbols: &[(String, String)],
) -> Result<(Vec<GodCard>, Vec<ArmyCard>), String> {
    let mut gods = Vec::new();
    for g in records(c, "god_card")? {
        gods.push(GodCard {
            id: string(g, "id")?,
            symbol: symbol_index(symbols, &string(g, "symbol")?)?,
            cost: resources(g.get("cost"))?,
            benefit: effect(g.get("benefit"))?,
        });
    }
    ck.check(
        gods.len() == 42
            && gods
                .iter()
                .enumerate()
                .all(|(i, g)| g.id == format!("G{:02}", i + 1)),
        "42 God cards G01-G42 (L61)",
    );
    ck.check(
        gods.iter().any(|g| g.cost.iter().any(|&x| x > 0)),
        "some God-card benefits have a cost (L142)",
    );
    ck.check(
        (0..symbols.len()).all(|s| gods.iter().any(|g| g.symbol == s)),
        "every god symbol has God cards",
    );
    ck.check(example1_possible(&gods), "Example 1: five God cards give 5 potato, 1 stone, 1 corn, 1 army, 5 VP + a building (L143-145)");
    let mut army = Vec::new();
    for a in records(c, "army_card")? {
        army.push(ArmyCard {
            id: string(a, "id")?,
            soldiers: int(a, "soldiers")?,
            resources: resources(a.get("resources"))?,
        });
    }
    ck.check(
        army.len() == 30
            && army
                .iter()
                .enumerate()
                .all(|(i, a)| a.id == format!("A{:02}", i + 1)),
        "30 army cards (L62)",
    );
    ck.check(
        army.iter().all(|a| a.soldiers == 1 || a.soldiers == 2),
        "army cards show 1 or 2 soldiers (L369, L421)",
    );
    ck.check(
        army.iter().filter(|a| a.soldiers == 2).count() >= 3
            && army.iter().filter(|a| a.soldiers == 1).count() >= 5,
        "Example 8 hands possible (L437-442)",
    );
    Ok((gods, army))
}

/// The eight merchant rewards (L349-351).
fn load_rewards(ck: &mut Checks, c: &Table) -> Result<Vec<(String, Effect)>, String> {
    let mut rewards = Vec::new();
    for m in records(c, "merchant_reward")? {
        rewards.push((string(m, "id")?, effect(m.get("effect"))?));
    }
    let seed_rewards = [
        Effect {
            res: [0, 0, 0, 1],
            ..Effect::default()
        },
        Effect {
            res: [0, 0, 2, 0],
            ..Effect::default()
        },
        Effect {
            res: [3, 0, 0, 0],
            ..Effect::default()
        },
        Effect {
            god_cards: 1,
            res: [1, 0, 0, 0],
            ..Effect::default()
        },
        Effect {
            recover: 1,
            ..Effect::default()
        },
        Effect {
            army_cards: 1,
            ..Effect::default()
        },
        Effect {
            pay: [0, 0, 0, 1],
            temple: 1,
            ..Effect::default()
        },
        Effect {
            vp: 3,
            ..Effect::default()
        },
    ];
    ck.check(
        rewards.iter().map(|r| &r.1).eq(seed_rewards.iter()),
        "8 merchant rewards (L349-351)",
    );
    Ok(rewards)
}

/// Weaving patterns and tiles (L37-38, L127-129, L332-361).
fn load_weavings(
    ck: &mut Checks,
    c: &Table,
    rules: &Rules,
    rewards: &[(String, Effect)],
) -> Result<(Vec<String>, Vec<Weaving>), String> {
    let patterns: Vec<String> = records(c, "pattern")?
        .iter()
        .map(|p| string(p, "id"))
        .collect::<Result<_, _>>()?;
    ck.check(patterns.len() == 7, "7 weaving patterns (L339)");
    let mut weavings = Vec::new();
    for w in records(c, "weaving")? {
        let reward = |k: &str| -> Result<usize, String> {
            let id = string(w, k)?;
            rewards
                .iter()
                .position(|r| r.0 == id)
                .ok_or_else(|| format!("weaving end icon {id} is not a merchant reward"))
        };
        let pid = string(w, "pattern")?;
        weavings.push(Weaving {
            id: string(w, "id")?,
            number: int(w, "number")?,
            pattern: patterns
                .iter()
                .position(|p| *p == pid)
                .ok_or("weaving of an unknown pattern")?,
            left: reward("left")?,
            right: reward("right")?,
            starting: w.get("starting").and_then(Value::as_bool).unwrap_or(false),
            min_players: w
                .get("min_players")
                .and_then(Value::as_integer)
                .unwrap_or(2) as usize,
        });
    }
    ck.check(weavings.len() == 35, "35 weavings (L37)");
    ck.check(
        weavings
            .iter()
            .filter(|w| w.starting)
            .map(|w| w.id.as_str())
            .collect::<Vec<_>>()
            == ["SW01", "SW02", "SW03", "SW04"],
        "4 starting weavings #SW01-04 (L38)",
    );
    ck.check(
        weavings.iter().all(|w| w.left != w.right),
        "[designed] a tile's two end icons differ",
    );
    ck.check(
        weavings.iter().any(|w| !w.starting && w.min_players == 4)
            && weavings.iter().any(|w| !w.starting && w.min_players == 3),
        "icon-A and icon-B tiles exist (L128-129)",
    );
    for n in 2..=4 {
        let mut pats: Vec<usize> = weavings
            .iter()
            .filter(|w| !w.starting && w.min_players <= n)
            .map(|w| w.pattern)
            .collect();
        pats.sort();
        pats.dedup();
        ck.check(
            pats.len() == 7,
            "every pattern in the pile at every player count (L542)",
        );
    }
    ck.check(
        example7_possible(&weavings, rewards),
        "Example 7: the two tapestries can be built (L353-361)",
    );
    ck.check(
        rules.tapestry_vp.len() == 7 && rules.tapestry_vp.last() == Some(&21),
        "tapestry table 1-7 (L542-543)",
    );
    let mut counts = vec![0usize; patterns.len()];
    for w in &weavings {
        if let Some(x) = counts.get_mut(w.pattern) {
            *x += 1;
        }
    }
    let mut distinct = counts.clone();
    distinct.sort();
    distinct.dedup();
    ck.check(
        distinct.len() == 7,
        "[designed] the 7 patterns have 7 different rarities (L339)",
    );
    Ok((patterns, weavings))
}

/// Production and passive buildings (L34-36).
fn load_buildings(ck: &mut Checks, c: &Table) -> Result<(Vec<Building>, Vec<Building>), String> {
    let mut production = Vec::new();
    for p in records(c, "production_building")? {
        production.push(Building {
            id: string(p, "id")?,
            cost: resources(p.get("cost"))?,
            input: resources(p.get("input"))?,
            output: effect(p.get("output"))?,
            passive: None,
            effect_en: String::new(),
            effect_ko: String::new(),
        });
    }
    ck.check(
        production.len() == 19
            && production
                .iter()
                .enumerate()
                .all(|(i, p)| p.id == format!("P{:02}", i + 1)),
        "19 production buildings (L36)",
    );
    let mut passive = Vec::new();
    for p in records(c, "passive_building")? {
        passive.push(Building {
            id: string(p, "id")?,
            cost: resources(p.get("cost"))?,
            input: [0; 4],
            output: Effect::default(),
            passive: Some(string(p, "code")?),
            effect_en: string(p, "effect")?,
            effect_ko: string(p, "effect_ko")?,
        });
    }
    ck.check(
        passive.len() == 20
            && passive
                .iter()
                .enumerate()
                .all(|(i, p)| p.id == format!("Z{:02}", i + 1)),
        "20 passive buildings Z01-Z20 (L34)",
    );
    let mut codes: Vec<&str> = passive
        .iter()
        .filter_map(|p| p.passive.as_deref())
        .collect();
    codes.sort();
    codes.dedup();
    ck.check(codes.len() == 20, "passive effect codes unique");
    ck.check(
        production
            .iter()
            .chain(&passive)
            .any(|b| b.cost == [0, 1, 1, 0]),
        "a building costs exactly 1 stone + 1 corn (Example 1, L145)",
    );
    Ok((production, passive))
}

/// The statues of each god symbol (L40-41).
fn load_statues(
    ck: &mut Checks,
    c: &Table,
    symbols: &[(String, String)],
) -> Result<Vec<(u32, u32)>, String> {
    let mut statues = vec![(0u32, 0u32); symbols.len()];
    for st in records(c, "statue")? {
        let s = symbol_index(symbols, &string(st, "symbol")?)?;
        if let Some(x) = statues.get_mut(s) {
            *x = (int(st, "small")?, int(st, "large")?);
        }
    }
    ck.check(
        statues.iter().map(|s| s.0).sum::<u32>() == 12
            && statues.iter().map(|s| s.1).sum::<u32>() == 6,
        "12 small and 6 large statues (L40-41)",
    );
    ck.check(
        statues.iter().all(|s| s.0 + s.1 > 0),
        "statues exist for every god symbol (L241)",
    );
    Ok(statues)
}

/// Every record carries a valid provenance; every seed value a `ref` (README §2).
fn provenance(ck: &mut Checks, file: &str, t: &Table) {
    const PROV: [&str; 3] = ["seed", "recalled", "designed"];
    ck.check(
        t.get("data_status").and_then(Value::as_str).is_some(),
        &format!("{file} has data_status"),
    );
    for (k, v) in t {
        let recs: Vec<&Table> = match v {
            Value::Table(x) => vec![x],
            Value::Array(a) => a.iter().filter_map(Value::as_table).collect(),
            _ => continue,
        };
        for r in recs {
            let Some(src) = r.get("src").and_then(Value::as_str) else {
                ck.check(false, &format!("{file} [{k}] has src"));
                continue;
            };
            ck.check(
                PROV.contains(&src),
                &format!("{file} [{k}] src is seed/recalled/designed"),
            );
            let overrides = r.get("src_override").and_then(Value::as_table);
            if let Some(ov) = overrides {
                ck.check(
                    ov.iter().all(|(f, p)| {
                        r.contains_key(f) && p.as_str().is_some_and(|p| PROV.contains(&p))
                    }),
                    &format!("{file} [{k}] src_override names own fields"),
                );
            }
            let any_seed = src == "seed"
                || overrides.is_some_and(|ov| ov.values().any(|p| p.as_str() == Some("seed")));
            if any_seed {
                ck.check(
                    r.contains_key("ref"),
                    &format!("{file} [{k}] seed value carries a ref"),
                );
            }
        }
    }
}

/// Example 1 (L143-145): some five cost-free God cards sum to exactly 5 potatoes,
/// 1 stone, 1 corn, 1 army card, 5 VP and one Build-building task.
fn example1_possible(gods: &[GodCard]) -> bool {
    let free: Vec<&GodCard> = gods.iter().filter(|g| g.cost == [0; 4]).collect();
    let n = free.len();
    let target = |sum: &Effect| {
        sum.res == [5, 1, 1, 0]
            && sum.army_cards == 1
            && sum.vp == 5
            && sum.tasks == vec![Task::Building]
            && sum.god_cards == 0
    };
    let mut idx = [0usize, 1, 2, 3, 4];
    if n < 5 {
        return false;
    }
    loop {
        let mut sum = Effect::default();
        let mut simple = true;
        for &i in &idx {
            let e = &free[i].benefit;
            for r in 0..4 {
                sum.res[r] += e.res[r];
            }
            sum.vp += e.vp;
            sum.army_cards += e.army_cards;
            sum.god_cards += e.god_cards;
            sum.tasks.extend(e.tasks.iter().copied());
            simple &= e.choice.is_empty()
                && e.train == 0
                && e.weavings == 0
                && e.workers == 0
                && e.temple == 0
                && e.recover == 0;
            simple &= e.statue_small == 0 && e.statue_large == 0;
        }
        if simple && target(&sum) {
            return true;
        }
        // next combination
        let mut i = 5;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if idx[i] < n - 5 + i {
                idx[i] += 1;
                for j in i + 1..5 {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// Example 7 (L353-361): a 4-tile tapestry whose matches are potato3 then
/// temple_gold, and a disjoint 5-tile one matching army and stone2.
fn example7_possible(wv: &[Weaving], rewards: &[(String, Effect)]) -> bool {
    let id = |name: &str| rewards.iter().position(|r| r.0 == name);
    let (Some(potato3), Some(temple), Some(army), Some(stone2)) =
        (id("potato3"), id("temple_gold"), id("army"), id("stone2"))
    else {
        return false;
    };
    let mut want2 = vec![army, stone2];
    want2.sort();
    let mut budget = 3_000_000u32;
    let mut firsts = Vec::new();
    collect_tapestries(
        wv,
        4,
        &[],
        &|m: &[usize]| m == [potato3, temple],
        &mut Vec::new(),
        &mut Vec::new(),
        &mut firsts,
        300,
        &mut budget,
    );
    firsts.iter().any(|t1| {
        let mut seconds = Vec::new();
        let ok2 = |m: &[usize]| {
            let mut v = m.to_vec();
            v.sort();
            v == want2
        };
        collect_tapestries(
            wv,
            5,
            t1,
            &ok2,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut seconds,
            1,
            &mut budget,
        );
        !seconds.is_empty()
    })
}

/// Collects up to `cap` tile sequences of `len` different patterns, avoiding
/// `used`, whose matching icons (at most 2) satisfy `ok`.
#[allow(clippy::too_many_arguments)]
fn collect_tapestries(
    wv: &[Weaving],
    len: usize,
    used: &[usize],
    ok: &dyn Fn(&[usize]) -> bool,
    seq: &mut Vec<usize>,
    matches: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
    cap: usize,
    budget: &mut u32,
) {
    if out.len() >= cap || *budget == 0 {
        return;
    }
    *budget -= 1;
    if seq.len() == len {
        if ok(matches) {
            out.push(seq.clone());
        }
        return;
    }
    for (i, t) in wv.iter().enumerate() {
        if used.contains(&i)
            || seq.contains(&i)
            || seq
                .iter()
                .any(|&j| wv.get(j).map(|x| x.pattern) == Some(t.pattern))
        {
            continue;
        }
        let m = seq
            .last()
            .and_then(|&j| wv.get(j))
            .map(|x| x.right)
            .filter(|&r| r == t.left);
        if m.is_some() && matches.len() >= 2 {
            continue;
        }
        seq.push(i);
        if let Some(r) = m {
            matches.push(r);
        }
        collect_tapestries(wv, len, used, ok, seq, matches, out, cap, budget);
        if m.is_some() {
            matches.pop();
        }
        seq.pop();
    }
}

fn load_rules(ck: &mut Checks, r: &Table) -> Result<Rules, String> {
    let pair = |v: &Value, a: &str, b: &str| -> Result<(u32, u32), String> {
        let t = v.as_table().ok_or("expected a table")?;
        Ok((int(t, a)?, int(t, b)?))
    };
    let sac: Vec<(u32, u32)> = arr(r, "sacrifice_active")?
        .iter()
        .map(|v| pair(v, "corn", "temple"))
        .collect::<Result<_, _>>()?;
    let sc = tbl(r, "section_cost")?;
    let dc = tbl(r, "descent_cost")?;
    let wa = tbl(r, "worship_active_temple")?;
    let fcd = tbl(r, "festival_card_draw")?;
    let draw =
        |k: &str| -> Result<Vec<u32>, String> { ints(fcd.get(k).ok_or("festival_card_draw")?) };
    let wr = per_count(r, "workers_removed_per_type")?;
    let oc = per_count(r, "offerings_capacity")?;
    let vh = tbl(r, "village_hire_cost")?;
    ck.check(
        resources(vh.get("potato_end"))? == [1, 0, 0, 0]
            && resources(vh.get("corn_end"))? == [0, 1, 0, 0],
        "village hire 1 potato / 1 corn (L479-480)",
    );
    let rules = Rules {
        start_vp: int(r, "start_vp")?,
        start_stone: int(r, "start_stone")?,
        god_cards_dealt: int(r, "god_cards_dealt")? as usize,
        god_cards_kept: int(r, "god_cards_kept")? as usize,
        start_draw_bag_per_type: int(r, "start_draw_bag_per_type")? as usize,
        start_workers_drawn: int(r, "start_workers_drawn")? as usize,
        workers_removed_per_type: wr,
        offerings_capacity: oc,
        worker_limit: int(r, "worker_limit_end_of_turn")? as usize,
        section_cost: [
            int(sc, "same")?,
            int(sc, "adjacent")?,
            int(sc, "non_adjacent")?,
        ],
        descent_cost: [int(dc, "top")?, int(dc, "middle")?, int(dc, "bottom")?],
        step_discount: int(r, "step_discount")?,
        step_use_vp: int(r, "step_use_vp")?,
        porter_discount: int(r, "porter_discount")?,
        priest_extra_task_potato: resources(r.get("priest_extra_task_cost"))?[POTATO],
        step_cost: resources(r.get("step_cost"))?,
        step_reward: effect(r.get("step_reward"))?,
        lower_step_bonus_vp: int(r, "lower_step_bonus_vp")?,
        statue_small_cost: resources(r.get("statue_small_cost"))?,
        statue_small_vp: int(r, "statue_small_vp")?,
        statue_large_cost: resources(r.get("statue_large_cost"))?,
        statue_large_vp: int(r, "statue_large_vp")?,
        weavings_drawn: int(r, "weavings_drawn")? as usize,
        weavings_drawn_z08: int(r, "weavings_drawn_z08")? as usize,
        weaving_prices_corn: ints(r.get("weaving_prices_corn").ok_or("weaving_prices_corn")?)?,
        weaving_leftover_price_corn: int(r, "weaving_leftover_price_corn")?,
        pray_cards: int(r, "pray_cards")?,
        priest_gold_instead: int(r, "priest_gold_instead")?,
        worship_large: int(wa, "large")?,
        worship_small: int(wa, "small")?,
        worship_other: int(r, "worship_other_temple")?,
        sacrifice_active: sac,
        sacrifice_other: pair(
            r.get("sacrifice_other").ok_or("sacrifice_other")?,
            "corn",
            "temple",
        )?,
        recover_active_free: int(r, "recover_active_free")?,
        recover_active_extra_food: int(r, "recover_active_extra_cost_food")?,
        recover_other_corn: int(r, "recover_other_cost_corn")?,
        conquest_deploy_potato: int(r, "conquest_deploy_cost_potato")?,
        conquest_active_free_cards: int(r, "conquest_active_free_cards")?,
        festival_trigger_vp: ints(r.get("festival_trigger_vp").ok_or("festival_trigger_vp")?)?,
        festivals: int(r, "festivals")? as usize,
        festival_potato_per_card: int(r, "festival_potato_per_god_card")?,
        festival_unpaid_vp: int(r, "festival_unpaid_potato_vp")?,
        festival_card_draw: [
            draw("p2")?,
            draw("p2")?,
            draw("p2")?,
            draw("p3")?,
            draw("p4")?,
        ],
        festival_god_cards_usable: int(r, "festival_god_cards_usable")? as usize,
        tapestry_vp: ints(r.get("tapestry_vp").ok_or("tapestry_vp")?)?,
        final_building: int(r, "final_vp_per_face_up_building")?,
        final_god_card: int(r, "final_vp_per_god_card")?,
        final_army: int(r, "final_vp_per_face_up_army")?,
        final_worker: int(r, "final_vp_per_worker")?,
        final_gold: int(r, "final_vp_per_gold")?,
        solo_win_min_vp: int(r, "solo_win_min_vp")?,
    };
    let seed_ok = rules_are_the_seed(&rules);
    ck.check(seed_ok, "rules table equals the text's values (L95-L792)");
    ck.check(
        r.get("src").and_then(Value::as_str) == Some("seed"),
        "rules table is seed",
    );
    Ok(rules)
}

/// Whether the rules table holds the seed values, pinned as check.py pins them.
fn rules_are_the_seed(rules: &Rules) -> bool {
    rules.start_vp == 10
        && rules.start_stone == 2
        && (rules.god_cards_dealt, rules.god_cards_kept) == (8, 3)
        && rules.workers_removed_per_type[2..] == [1, 2, 0]
        && rules.offerings_capacity[2..] == [3, 4, 5]
        && rules.worker_limit == 2
        && rules.section_cost == [0, 1, 3]
        && rules.descent_cost == [0, 2, 5]
        && rules.step_discount == 2
        && rules.step_use_vp == 1
        && rules.porter_discount == 1
        && rules.step_cost == [0, 0, 3, 0]
        && rules.step_reward
            == Effect {
                vp: 4,
                res: [2, 1, 0, 0],
                ..Effect::default()
            }
        && rules.lower_step_bonus_vp == 2
        && (rules.statue_small_cost, rules.statue_small_vp) == ([0, 0, 3, 0], 3)
        && (rules.statue_large_cost, rules.statue_large_vp) == ([0, 0, 3, 2], 9)
        && rules.weavings_drawn == 3
        && rules.weaving_prices_corn == [1, 3, 6]
        && rules.weaving_leftover_price_corn == 2
        && rules.sacrifice_active == [(2, 1), (4, 2), (6, 3)]
        && rules.sacrifice_other == (3, 1)
        && (
            rules.worship_large,
            rules.worship_small,
            rules.worship_other,
        ) == (3, 1, 1)
        && rules.festival_trigger_vp == [1, 2, 4]
        && rules.festivals == 3
        && rules.festival_card_draw[4] == [2, 2, 1, 1]
        && rules.tapestry_vp == [0, 1, 3, 6, 10, 15, 21]
        && rules.solo_win_min_vp == 120
}

fn load_solo(ck: &mut Checks, s: &Table, passive: &[Building]) -> Result<Solo, String> {
    let comp = tbl(s, "components")?;
    ck.check(
        ints(comp.get("number_tokens").ok_or("number_tokens")?)? == [1, 1, 2, 2, 2, 3, 3, 4],
        "number tokens (L608)",
    );
    let die = ints(comp.get("die_faces").ok_or("die_faces")?)?;
    ck.check(die == [1, 2, 2, 3, 3, 4], "die faces (L609)");
    ck.check(
        int(comp, "god_card_slots")? == 4 && die.iter().all(|&d| (1..=4).contains(&d)),
        "die selects one of 4 slots (L701)",
    );
    let setup = tbl(s, "setup")?;
    let start_res = resources(setup.get("start_resources"))?;
    ck.check(
        start_res == [0, 2, 2, 1] && int(setup, "start_army_cards")? == 1,
        "Axomama start resources (L618-620)",
    );
    let rl = tbl(s, "rules")?;
    let pc = tbl(rl, "potato_conversion")?;
    let act = tbl(s, "activation")?;
    let brd = tbl(s, "board")?;
    let cells = read_solo_cells(s)?;
    let personality_cell = int(brd, "personality_cell")? as usize;
    ck.check(
        cells.len() == int(brd, "cells")? as usize,
        "Axomama cells indexed 0..n-1",
    );
    ck.check(
        cells
            .get(personality_cell)
            .is_some_and(|c| c.row == 0 && c.action == "personality"),
        "personality token covers a top-row cell (L634)",
    );
    ck.check(
        cells
            .get(4)
            .is_some_and(|c| c.row == 0 && c.action == "gain_fewer_of"),
        "5th top-row option is stone or corn (L724)",
    );
    ck.check(
        cells.iter().filter(|c| c.row != 1).all(|c| c.pay == [0; 4]),
        "top and bottom rows are free (L722, L733)",
    );
    ck.check(
        cells
            .iter()
            .any(|c| c.row == 2 && c.action == "hire_village"),
        "bottom row holds the Village hire (L734)",
    );
    let mut tokens = Vec::new();
    for t in records(s, "number_token")? {
        let cell = int(t, "start_cell")? as usize;
        ck.check(
            cell < cells.len() && cell != personality_cell,
            "token start cells valid (L625)",
        );
        tokens.push((int(t, "value")?, cell));
    }
    let hire_reward = read_hire_rewards(ck, s)?;
    let personalities = read_personalities(ck, s)?;
    let tr = tbl(s, "temple_rewards")?;
    let diff = tbl(s, "difficulty")?;
    let easier = tbl(diff, "easier")?;
    let harder = tbl(diff, "harder")?;
    let uses = read_axomama_passives(ck, s, passive)?;
    let solo = Solo {
        die,
        start_res,
        start_army: int(setup, "start_army_cards")? as usize,
        potato_conv: (int(pc, "potatoes")?, int(pc, "vp")?),
        statue_bonus_vp: int(rl, "statue_bonus_vp")?,
        god_gain_vp: int(rl, "god_card_gain_vp")?,
        cells,
        personality_cell,
        tokens,
        hire_reward,
        personalities,
        sacrifice_min_corn: int(act, "sacrifice_min_corn")?,
        production_min: int(act, "production_min_face_up")? as usize,
        worship_min: int(act, "worship_min_statues")? as usize,
        recover_min: int(act, "recover_min_face_down")? as usize,
        no_worker_vp: resources_vp(tr.get("no_worker_available")),
        festival_vp_per_weaving: int(rl, "festival_vp_per_weaving")?,
        festival_behind_vp: int(rl, "festival_behind_bonus_vp")?,
        buy_weavings: int(rl, "buy_weavings_count")? as usize,
        leftover_min_corn: int(rl, "leftover_weaving_min_corn")?,
        middle_fail_gold: int(rl, "middle_row_fail_gold")?,
        margin: int(diff, "margin_vp")?,
        easier_building_stone: resources(easier.get("building_cost"))?[STONE],
        easier_worship_min: int(easier, "worship_min_statues")? as usize,
        harder_hp_vp: int(harder, "vp_per_high_priest_action")?,
        harder_festival_vp_per_weaving: int(harder, "festival_vp_per_weaving")?,
        harder_no_worker_vp: int(harder, "no_workers_extra_vp")?,
        uses_passives: uses,
    };
    check_solo_numbers(ck, &solo);
    Ok(solo)
}

/// What Axomama gains when it hires a worker of each type.
fn read_hire_rewards(ck: &mut Checks, s: &Table) -> Result<[Effect; 5], String> {
    let mut hire_reward: [Effect; 5] = Default::default();
    for h in records(s, "hire_reward")? {
        let w = string(h, "worker_type")?;
        let i = WORKER_IDS
            .iter()
            .position(|x| *x == w)
            .ok_or("hire reward for an unknown worker type")?;
        hire_reward[i] = effect(h.get("reward"))?;
    }
    ck.check(
        hire_reward.iter().all(|e| !e.is_empty()),
        "a hire reward for every worker type (L643-645)",
    );
    Ok(hire_reward)
}

/// The passive buildings Axomama uses.
fn read_axomama_passives(
    ck: &mut Checks,
    s: &Table,
    passive: &[Building],
) -> Result<Vec<String>, String> {
    let uses: Vec<String> = arr(tbl(s, "passives")?, "axomama_uses")?
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    ck.check(
        uses.iter().all(|u| passive.iter().any(|p| p.id == *u)),
        "Axomama passive list names passive buildings",
    );
    Ok(uses)
}

/// The printed solo numbers the rulebook states.
fn check_solo_numbers(ck: &mut Checks, solo: &Solo) {
    ck.check(
        (
            solo.sacrifice_min_corn,
            solo.production_min,
            solo.worship_min,
            solo.recover_min,
        ) == (4, 2, 1, 3),
        "activation thresholds (L685-693)",
    );
    ck.check(
        solo.potato_conv == (5, 5) && solo.statue_bonus_vp == 5,
        "Axomama potato conversion and statue bonus (L656-666)",
    );
    ck.check(
        solo.margin == 25 && solo.easier_worship_min == 2 && solo.easier_building_stone == 2,
        "difficulty numbers (L793-816)",
    );
}

/// Axomama's action cells, as solo.toml lists them.
fn read_solo_cells(s: &Table) -> Result<Vec<SoloCell>, String> {
    let mut cells = Vec::new();
    for c in records(s, "cell")? {
        let row = match string(c, "row")?.as_str() {
            "top" => 0,
            "middle" => 1,
            _ => 2,
        };
        let params = c.get("params").and_then(Value::as_table);
        let mut gain = Effect::default();
        let mut pay = [0; 4];
        if let Some(p) = params {
            pay = resources(p.get("pay"))?;
            let simple: Table = p
                .iter()
                .filter(|(k, v)| v.is_integer() && *k != "count" && *k != "tiles")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            gain = effect(Some(&Value::Table(simple)))?;
            if let Some(t) = p.get("temple").and_then(Value::as_integer) {
                gain.temple = t as u32;
            }
        }
        cells.push(SoloCell {
            row,
            action: string(c, "action")?,
            gain,
            pay,
        });
    }
    Ok(cells)
}

/// Axomama's personality cards, as solo.toml lists them.
fn read_personalities(ck: &mut Checks, s: &Table) -> Result<Vec<Personality>, String> {
    let mut personalities = Vec::new();
    for p in records(s, "personality")? {
        let mut options = Vec::new();
        for o in arr(p, "options")? {
            let t = o.as_table().ok_or("personality option must be a table")?;
            for (k, v) in t {
                options.push((k.clone(), v.as_integer().map(|x| x as u32).unwrap_or(1)));
            }
        }
        personalities.push(Personality {
            name: string(p, "name")?,
            gold: int(p, "gold")?,
            options,
        });
    }
    ck.check(
        personalities.len() == 4
            && personalities
                .iter()
                .all(|p| p.gold >= 1 && !p.options.is_empty()),
        "2 tokens x 2 sides (L610, L766)",
    );
    ck.check(
        personalities.iter().any(|p| {
            p.options.iter().map(|o| o.0.as_str()).collect::<Vec<_>>()
                == ["build_production", "build_passive"]
        }),
        "a personality builds random production, else passive (L769)",
    );
    Ok(personalities)
}

fn resources_vp(v: Option<&Value>) -> u32 {
    v.and_then(Value::as_table)
        .and_then(|t| t.get("vp"))
        .and_then(Value::as_integer)
        .unwrap_or(0) as u32
}

// Words for the components, as the mails show them.

pub fn god_text(d: &Data, g: u8) -> String {
    d.gods
        .get(g as usize)
        .map(|c| {
            let cost = if c.cost.iter().any(|&x| x > 0) {
                format!("pay {}: ", res_text(&c.cost))
            } else {
                String::new()
            };
            format!(
                "{} ({}) {cost}{}",
                c.id,
                d.symbol_name(c.symbol),
                c.benefit.describe()
            )
        })
        .unwrap_or_default()
}

pub fn army_text(d: &Data, a: u8) -> String {
    d.army
        .get(a as usize)
        .map(|c| {
            format!(
                "{} ({} soldier(s); {})",
                c.id,
                c.soldiers,
                res_text(&c.resources)
            )
        })
        .unwrap_or_default()
}

pub fn weaving_text(d: &Data, w: u8) -> String {
    d.weavings
        .get(w as usize)
        .map(|x| {
            let r = |i: usize| d.rewards.get(i).map(|r| r.0.as_str()).unwrap_or("?");
            format!(
                "{} {} [{}|{}]",
                x.id,
                d.patterns.get(x.pattern).map(String::as_str).unwrap_or("?"),
                r(x.left),
                r(x.right)
            )
        })
        .unwrap_or_default()
}

/// A weaving pattern's name in Korean.
pub fn pattern_ko(p: &str) -> &str {
    match p {
        "llama" => "라마",
        "condor" => "콘도르",
        "puma" => "퓨마",
        "serpent" => "뱀",
        "maize" => "옥수수",
        "sun" => "태양",
        "moon" => "달",
        other => other,
    }
}

/// An effect in Korean words (the Korean side of `Effect::describe`).
pub fn effect_ko(e: &Effect) -> String {
    let mut parts = Vec::new();
    if e.pay.iter().any(|&x| x > 0) {
        parts.push(format!("{} 내고", res_text_ko(&e.pay)));
    }
    if e.res.iter().any(|&x| x > 0) {
        parts.push(res_text_ko(&e.res));
    }
    let named = [
        (e.vp, "승점", "점"),
        (e.god_cards, "신 카드", "장"),
        (e.army_cards, "군대 카드", "장"),
        (e.train, "훈련", "번"),
        (e.weavings, "직조물", "개"),
        (e.workers, "일꾼", "명"),
        (e.temple, "신전 칸", "칸"),
        (e.recover, "회수", "번"),
        (e.statue_small, "작은 석상", "개"),
        (e.statue_large, "큰 석상", "개"),
    ];
    for (n, w, unit) in named {
        if n > 0 {
            parts.push(format!("{w} {n}{unit}"));
        }
    }
    for task in &e.tasks {
        parts.push(format!("작업 {}", task.ko()));
    }
    if !e.choice.is_empty() {
        let alts: Vec<String> = e.choice.iter().map(effect_ko).collect();
        parts.push(format!("({})", alts.join(" 또는 ")));
    }
    if parts.is_empty() {
        "없음".into()
    } else {
        parts.join(", ")
    }
}

/// A god symbol's name in Korean (our transliteration of the Quechua name).
pub fn symbol_ko(d: &Data, s: usize) -> &'static str {
    match d.symbol_name(s) {
        "inti" => "인티",
        "killa" => "마마 킬라",
        "illapa" => "일라파",
        "pachamama" => "파차마마",
        "qucha" => "마마 코차",
        "wiracocha" => "비라코차",
        _ => "?",
    }
}

/// A worker type's name in Korean, as the data names it.
pub fn worker_ko(d: &Data, w: u8) -> &str {
    d.worker_ko
        .get(w as usize)
        .map(String::as_str)
        .unwrap_or("?")
}

/// Worker types named, in order, in both languages.
pub fn worker_list(d: &Data, v: &[u8]) -> crate::engine::Text {
    let en: Vec<&str> = v
        .iter()
        .map(|&w| WORKER_IDS.get(w as usize).copied().unwrap_or("?"))
        .collect();
    let ko: Vec<&str> = v.iter().map(|&w| worker_ko(d, w)).collect();
    crate::engine::Text::new(en.join(", "), ko.join(", "))
}

/// A god symbol's name in both languages.
pub fn symbol_text(d: &Data, s: usize) -> crate::engine::Text {
    crate::engine::Text::new(d.symbol_name(s), symbol_ko(d, s))
}

/// A solo personality's name in Korean.
pub fn personality_ko(name: &str) -> &str {
    match name {
        "builder" => "건설가",
        "stairs" => "계단",
        "sculptor" => "조각가",
        "weaver" => "직조공",
        other => other,
    }
}

/// A God card in Korean words (the Korean side of `god_text`).
pub fn god_text_ko(d: &Data, g: u8) -> String {
    d.gods
        .get(g as usize)
        .map(|c| {
            let cost = if c.cost.iter().any(|&x| x > 0) {
                format!("{} 내고: ", res_text_ko(&c.cost))
            } else {
                String::new()
            };
            format!(
                "{} ({}) {cost}{}",
                c.id,
                symbol_ko(d, c.symbol),
                effect_ko(&c.benefit)
            )
        })
        .unwrap_or_default()
}

/// An army card in Korean words (the Korean side of `army_text`).
pub fn army_text_ko(d: &Data, a: u8) -> String {
    d.army
        .get(a as usize)
        .map(|c| {
            format!(
                "{} (군인 {}명; {})",
                c.id,
                c.soldiers,
                res_text_ko(&c.resources)
            )
        })
        .unwrap_or_default()
}

/// A weaving tile in Korean words: id, pattern and its two end rewards.
pub fn weaving_text_ko(d: &Data, w: u8) -> String {
    d.weavings
        .get(w as usize)
        .map(|x| {
            let r = |i: usize| {
                d.rewards
                    .get(i)
                    .map(|r| effect_ko(&r.1))
                    .unwrap_or_default()
            };
            let pattern = d.patterns.get(x.pattern).map(String::as_str).unwrap_or("?");
            format!(
                "{} {} 무늬 [{} | {}]",
                x.id,
                pattern_ko(pattern),
                r(x.left),
                r(x.right)
            )
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_set_loads_and_passes_every_check() {
        let d = default_data().unwrap();
        assert_eq!(d.spaces.len(), 45);
        assert_eq!(d.gods.len(), 42);
        assert_eq!(d.army.len(), 30);
        assert_eq!(d.weavings.len(), 35);
        assert_eq!(d.temple.len(), 16);
        assert_eq!(d.conquest.len(), 20);
        assert_eq!(d.village_size[4], 9);
    }

    #[test]
    fn a_broken_set_is_refused() {
        let bad = CARDS_TOML.replacen("soldiers = 2", "soldiers = 3", 1);
        let e = load_texts("bad", BOARD_TOML, &bad, SOLO_TOML).unwrap_err();
        assert!(e.contains("1 or 2 soldiers"), "{e}");
        let bad = BOARD_TOML.replacen("start_vp = 10", "start_vp = 11", 1);
        assert!(load_texts("bad", &bad, CARDS_TOML, SOLO_TOML).is_err());
    }
}
