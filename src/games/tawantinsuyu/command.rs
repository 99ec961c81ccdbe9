//! The command language: one decision per command, canonical text starting
//! with the action word, then the piece, then the place. `Display` prints the
//! canonical form; `read` parses it back (structurally, so that long legal
//! lists need not be searched); `WORDS` holds the other words a player may
//! write (Korean and short forms), which the shared reader applies first.

use super::data::{Data, HpAction, Task, WORKER_IDS};
use crate::engine::parse::Vocabulary;

/// A building in the market or in front of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bld {
    Prod(u8),
    Pass(u8),
}

/// An item to flip face up: a production building or an army card in front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Bld(u8),
    Army(u8),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    Keep(Vec<u8>),
    Use(u8),
    UseDone,
    Start(u8),
    Begin(HpAction),
    Place {
        worker: u8,
        role: u8,
        space: u8,
        card: Option<u8>,
        extra: bool,
        /// The food mix, when given in the same line (`... food 2 potato 1 corn`).
        food: Option<[u32; 3]>,
    },
    /// How the food cost is paid: potatoes, corn, gold.
    Food([u32; 3]),
    Priest(HpAction),
    Pray,
    Train,
    Recruit(Option<u8>),
    Cash(u8),
    Trade(usize, usize),
    BuyGod,
    Bonus(bool),
    /// Only some parts of the statue bonus (kinds of `data::PART_WORDS`).
    BonusParts(Vec<u8>),
    Take(u8),
    Tasks(Vec<Task>),
    Step(u8),
    Swap(u8, Vec<Bld>),
    Build(Option<Bld>),
    Statue(bool, u8),
    Drop(u8),
    Buy(Vec<u8>),
    Put(u8, Option<(usize, bool)>),
    KeepArmy(u8),
    Produce(Option<u8>),
    FlipUp(u8),
    God(Option<u8>),
    Weaving(bool),
    Worker(u8),
    Recover(Option<Item>),
    Choose(usize),
    Pay(bool),
    Perform,
    Gold,
    Worship(Option<u8>, Option<u8>),
    JoinWorship(bool, u8),
    Sacrifice(u8),
    /// Joining a sacrifice: how many temple spaces (each at the others' rate).
    JoinSacrifice(u8),
    Casualty(Option<u8>, bool),
    Deploy(Option<u8>),
    /// The secret deployment (option A9): all the cards at once.
    DeployAll(Vec<u8>),
    Conquer {
        space: u8,
        flip: Vec<u8>,
        discard: Vec<u8>,
    },
    /// A conquest naming its cards without the split into flipped and
    /// discarded (`conquer chinchaysuyu 4 with a19 a01`): read, never legal
    /// itself; the reading stands for the legal `Conquer` of those cards.
    ConquerWith {
        space: u8,
        cards: Vec<u8>,
    },
    Hire(Option<bool>),
    Dismiss(u8),
    Feed(u32),
    Pass,
}

/// Names used in the command text; they need the data (ids of cards, spaces).
pub struct Names<'a>(pub &'a Data);

/// The id of entry `i` of a data table as a command names it (lower case),
/// `?` for an index the table does not have.
fn id_at<T>(table: &[T], i: u8, id: impl Fn(&T) -> &String) -> String {
    table
        .get(i as usize)
        .map(|t| id(t).to_lowercase())
        .unwrap_or_else(|| "?".into())
}

impl Names<'_> {
    pub fn space(&self, i: u8) -> String {
        id_at(&self.0.spaces, i, |s| &s.id)
    }
    pub fn god(&self, i: u8) -> String {
        id_at(&self.0.gods, i, |s| &s.id)
    }
    pub fn army(&self, i: u8) -> String {
        id_at(&self.0.army, i, |s| &s.id)
    }
    pub fn weaving(&self, i: u8) -> String {
        id_at(&self.0.weavings, i, |s| &s.id)
    }
    pub fn step(&self, i: u8) -> String {
        id_at(&self.0.steps, i, |s| &s.id)
    }
    pub fn bld(&self, b: Bld) -> String {
        match b {
            Bld::Prod(i) => id_at(&self.0.production, i, |s| &s.id),
            Bld::Pass(i) => id_at(&self.0.passive, i, |s| &s.id),
        }
    }
    pub fn symbol(&self, i: u8) -> String {
        self.0
            .symbols
            .get(i as usize)
            .map(|s| s.0.clone())
            .unwrap_or_else(|| "?".into())
    }
    pub fn conquest(&self, i: u8) -> String {
        self.0
            .conquest
            .get(i as usize)
            .map(|c| {
                format!(
                    "{} {}",
                    self.0
                        .regions
                        .get(c.region)
                        .map(|r| r.id.as_str())
                        .unwrap_or("?"),
                    c.position
                )
            })
            .unwrap_or_else(|| "?".into())
    }

    /// The ids of `items` named by `name`, separated by spaces.
    fn list(&self, items: &[u8], name: fn(&Self, u8) -> String) -> String {
        let ids: Vec<String> = items.iter().map(|&i| name(self, i)).collect();
        ids.join(" ")
    }

    pub fn text(&self, c: &Cmd) -> String {
        let w = worker_word;
        match c {
            Cmd::Keep(v) => format!("keep {}", self.list(v, Self::god)),
            Cmd::Use(g) => format!("use {}", self.god(*g)),
            Cmd::UseDone => "use done".into(),
            Cmd::Start(t) => format!("start {}", self.weaving(*t)),
            Cmd::Begin(a) => format!("begin {}", a.word()),
            Cmd::Place {
                worker,
                role,
                space,
                card,
                extra,
                food,
            } => {
                let mut s = format!(
                    "place {} {} {}",
                    w(*worker),
                    self.space(*space),
                    card.map(|g| format!("card {}", self.god(g)))
                        .unwrap_or_else(|| "gold".into())
                );
                if role != worker {
                    s.push_str(&format!(" as {}", w(*role)));
                }
                if *extra {
                    s.push_str(" extra");
                }
                if let Some(m) = food {
                    s.push(' ');
                    s.push_str(&food_text(m));
                }
                s
            }
            Cmd::Food(m) => food_text(m),
            Cmd::Priest(a) => format!("priest {}", a.word()),
            Cmd::Pray => "pray".into(),
            Cmd::Train => "train".into(),
            Cmd::Recruit(t) => format!("recruit {}", t.map(w).unwrap_or_else(|| "none".into())),
            Cmd::Cash(a) => format!("cash {}", self.army(*a)),
            Cmd::Trade(a, b) => format!(
                "trade {} {}",
                super::data::RES_NAMES[*a % 4],
                super::data::RES_NAMES[*b % 4]
            ),
            Cmd::BuyGod => "godcard".into(),
            Cmd::Bonus(b) => format!("bonus {}", if *b { "take" } else { "skip" }),
            Cmd::BonusParts(v) => format!(
                "bonus {}",
                v.iter()
                    .map(|&k| super::data::PART_WORDS
                        .get(k as usize)
                        .copied()
                        .unwrap_or("?"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Cmd::Take(s) => format!("take {}", self.space(*s)),
            Cmd::Tasks(v) => {
                if v.is_empty() {
                    "tasks none".into()
                } else {
                    format!(
                        "tasks {}",
                        v.iter().map(|t| t.word()).collect::<Vec<_>>().join(" ")
                    )
                }
            }
            Cmd::Step(s) => format!("step {}", self.step(*s)),
            Cmd::Swap(g, v) => format!(
                "swap {} {}",
                self.god(*g),
                v.iter().map(|b| self.bld(*b)).collect::<Vec<_>>().join(" ")
            ),
            _ => self.text_more(c),
        }
    }

    /// `text` continued: the arms after `text`.
    fn text_more(&self, c: &Cmd) -> String {
        let w = worker_word;
        match c {
            Cmd::Build(b) => format!(
                "build {}",
                b.map(|b| self.bld(b)).unwrap_or_else(|| "none".into())
            ),
            Cmd::Statue(large, sym) => format!(
                "statue {} {}",
                if *large { "large" } else { "small" },
                self.symbol(*sym)
            ),
            Cmd::Drop(t) => format!("drop {}", self.weaving(*t)),
            Cmd::Buy(v) => {
                if v.is_empty() {
                    "buy none".into()
                } else {
                    format!("buy {}", self.list(v, Self::weaving))
                }
            }
            Cmd::Put(t, target) => match target {
                None => format!("weave {} new", self.weaving(*t)),
                Some((i, right)) => format!(
                    "weave {} {} {}",
                    self.weaving(*t),
                    i + 1,
                    if *right { "right" } else { "left" }
                ),
            },
            Cmd::KeepArmy(a) => format!("keep {}", self.army(*a)),
            Cmd::Produce(b) => format!(
                "produce {}",
                b.map(|b| self.bld(Bld::Prod(b)))
                    .unwrap_or_else(|| "done".into())
            ),
            Cmd::FlipUp(b) => format!("flipup {}", self.bld(Bld::Prod(*b))),
            Cmd::God(g) => format!(
                "god {}",
                g.map(|g| self.god(g)).unwrap_or_else(|| "deck".into())
            ),
            Cmd::Weaving(below) => format!("weaving {}", if *below { "below" } else { "top" }),
            Cmd::Worker(t) => format!("worker {}", w(*t)),
            Cmd::Recover(i) => match i {
                None => "recover done".into(),
                Some(Item::Bld(b)) => format!("recover {}", self.bld(Bld::Prod(*b))),
                Some(Item::Army(a)) => format!("recover {}", self.army(*a)),
            },
            Cmd::Choose(i) => format!("choose {}", i + 1),
            Cmd::Pay(b) => format!("pay {}", if *b { "yes" } else { "no" }),
            Cmd::Perform => "perform".into(),
            Cmd::Gold => "gold".into(),
            Cmd::Worship(l, s) => {
                let mut t = "worship".to_string();
                if let Some(l) = l {
                    t.push_str(&format!(" large {}", self.symbol(*l)));
                }
                if let Some(s) = s {
                    t.push_str(&format!(" small {}", self.symbol(*s)));
                }
                t
            }
            Cmd::JoinWorship(large, sym) => format!(
                "join worship {} {}",
                if *large { "large" } else { "small" },
                self.symbol(*sym)
            ),
            Cmd::Sacrifice(n) => format!("sacrifice {n}"),
            Cmd::JoinSacrifice(n) => format!("join sacrifice {n}"),
            Cmd::Casualty(t, corn) => match t {
                None => format!("casualty {}", if *corn { "corn" } else { "potato" }),
                Some(t) => format!("casualty nomad {}", w(*t)),
            },
            _ => self.text_last(c),
        }
    }

    /// `text` continued: the arms after `text_more`.
    fn text_last(&self, c: &Cmd) -> String {
        let w = worker_word;
        match c {
            Cmd::Deploy(a) => format!(
                "deploy {}",
                a.map(|a| self.army(a)).unwrap_or_else(|| "done".into())
            ),
            Cmd::DeployAll(v) => {
                if v.is_empty() {
                    "deploy none".into()
                } else {
                    format!("deploy {}", self.list(v, Self::army))
                }
            }
            Cmd::Conquer {
                space,
                flip,
                discard,
            } => {
                let mut t = format!("conquer {}", self.conquest(*space));
                if !flip.is_empty() {
                    t.push_str(&format!(" flip {}", self.list(flip, Self::army)));
                }
                if !discard.is_empty() {
                    t.push_str(&format!(" discard {}", self.list(discard, Self::army)));
                }
                t
            }
            Cmd::ConquerWith { space, cards } => format!(
                "conquer {} with {}",
                self.conquest(*space),
                self.list(cards, Self::army)
            ),
            Cmd::Hire(e) => format!(
                "hire {}",
                e.map(|c| if c { "corn" } else { "potato" })
                    .unwrap_or("none")
            ),
            Cmd::Dismiss(t) => format!("dismiss {}", w(*t)),
            Cmd::Feed(n) => format!("feed {n}"),
            Cmd::Pass => "pass".into(),
            // Every other command is written by `text` or `text_more`.
            _ => String::new(),
        }
    }

    fn find(list: impl Iterator<Item = String>, word: &str) -> Option<u8> {
        list.enumerate()
            .find(|(_, id)| id.to_lowercase() == word)
            .and_then(|(i, _)| u8::try_from(i).ok())
    }
    fn god_of(&self, w: &str) -> Option<u8> {
        Self::find(self.0.gods.iter().map(|g| g.id.clone()), w)
    }
    fn army_of(&self, w: &str) -> Option<u8> {
        Self::find(self.0.army.iter().map(|g| g.id.clone()), w)
    }
    fn weaving_of(&self, w: &str) -> Option<u8> {
        Self::find(self.0.weavings.iter().map(|g| g.id.clone()), w)
    }
    fn space_of(&self, w: &str) -> Option<u8> {
        Self::find(self.0.spaces.iter().map(|g| g.id.clone()), w)
    }
    fn step_of(&self, w: &str) -> Option<u8> {
        Self::find(self.0.steps.iter().map(|g| g.id.clone()), w)
    }
    fn symbol_of(&self, w: &str) -> Option<u8> {
        Self::find(self.0.symbols.iter().map(|g| g.0.clone()), w)
    }
    fn bld_of(&self, w: &str) -> Option<Bld> {
        Self::find(self.0.production.iter().map(|g| g.id.clone()), w)
            .map(Bld::Prod)
            .or_else(|| Self::find(self.0.passive.iter().map(|g| g.id.clone()), w).map(Bld::Pass))
    }
    fn worker_of(w: &str) -> Option<u8> {
        WORKER_IDS
            .iter()
            .position(|x| *x == w)
            .and_then(|i| u8::try_from(i).ok())
    }
    fn all<T>(words: &[&str], f: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
        words.iter().map(|w| f(w)).collect()
    }

    /// A command from its canonical words (normalised and de-aliased).
    pub fn read_words(&self, words: &[&str]) -> Option<Cmd> {
        let (&head, rest) = words.split_first()?;
        let one = |i: usize| rest.get(i).copied();
        let c = match (head, rest.len()) {
            ("keep", 1) if one(0)?.starts_with('a') => Cmd::KeepArmy(self.army_of(one(0)?)?),
            ("keep", _) => Cmd::Keep(Self::all(rest, |w| self.god_of(w))?),
            ("use", 1) if one(0)? == "done" => Cmd::UseDone,
            ("use", 1) => Cmd::Use(self.god_of(one(0)?)?),
            ("start", 1) => Cmd::Start(self.weaving_of(one(0)?)?),
            ("begin", 1) => Cmd::Begin(HpAction::from_word(one(0)?)?),
            ("place", n) if n >= 3 => {
                let worker = Self::worker_of(one(0)?)?;
                let space = self.space_of(one(1)?)?;
                let (card, mut i) = match one(2)? {
                    "gold" => (None, 3),
                    "card" => (Some(self.god_of(one(3)?)?), 4),
                    _ => return None,
                };
                let mut role = worker;
                if one(i) == Some("as") {
                    role = Self::worker_of(one(i + 1)?)?;
                    i += 2;
                }
                let extra = one(i) == Some("extra");
                if extra {
                    i += 1;
                }
                let food = match rest.get(i..) {
                    Some([]) | None => None,
                    Some(tail) => Some(read_food(tail)?),
                };
                Cmd::Place {
                    worker,
                    role,
                    space,
                    card,
                    extra,
                    food,
                }
            }
            ("food", _) => Cmd::Food(read_food(words)?),
            ("priest", 1) => Cmd::Priest(HpAction::from_word(one(0)?)?),
            ("pray", 0) => Cmd::Pray,
            ("train", 0) => Cmd::Train,
            ("recruit", 1) if one(0)? == "none" => Cmd::Recruit(None),
            ("recruit", 1) => Cmd::Recruit(Some(Self::worker_of(one(0)?)?)),
            ("cash", 1) => Cmd::Cash(self.army_of(one(0)?)?),
            ("trade", 2) => {
                let r = |w: &str| super::data::RES_NAMES.iter().position(|x| *x == w);
                Cmd::Trade(r(one(0)?)?, r(one(1)?)?)
            }
            ("godcard", 0) => Cmd::BuyGod,
            ("bonus", 1) if one(0)? != "take" && one(0)? != "skip" => {
                Cmd::BonusParts(vec![part_of(one(0)?)?])
            }
            ("bonus", n) if n >= 2 => Cmd::BonusParts(Self::all(rest, part_of)?),
            ("bonus", 1) => Cmd::Bonus(match one(0)? {
                "take" => true,
                "skip" => false,
                _ => return None,
            }),
            ("take", 1) => Cmd::Take(self.space_of(one(0)?)?),
            ("tasks", 1) if one(0)? == "none" => Cmd::Tasks(vec![]),
            ("tasks", n) if n >= 1 => Cmd::Tasks(Self::all(rest, Task::from_word)?),
            ("step", 1) => Cmd::Step(self.step_of(one(0)?)?),
            ("swap", n) if n == 2 || n == 3 => Cmd::Swap(
                self.god_of(one(0)?)?,
                Self::all(&rest[1..], |w| self.bld_of(w))?,
            ),
            ("build", 1) if one(0)? == "none" => Cmd::Build(None),
            ("build", 1) => Cmd::Build(Some(self.bld_of(one(0)?)?)),
            ("statue", 2) => Cmd::Statue(
                match one(0)? {
                    "large" => true,
                    "small" => false,
                    _ => return None,
                },
                self.symbol_of(one(1)?)?,
            ),
            ("drop", 1) => Cmd::Drop(self.weaving_of(one(0)?)?),
            ("buy", 1) if one(0)? == "none" => Cmd::Buy(vec![]),
            ("buy", n) if n >= 1 => Cmd::Buy(Self::all(rest, |w| self.weaving_of(w))?),
            ("weave", 2) if one(1)? == "new" => Cmd::Put(self.weaving_of(one(0)?)?, None),
            _ => return self.read_more_words(words),
        };
        Some(c)
    }

    /// `read_words` continued: the arms after `read_words`.
    fn read_more_words(&self, words: &[&str]) -> Option<Cmd> {
        let (&head, rest) = words.split_first()?;
        let one = |i: usize| rest.get(i).copied();
        let c = match (head, rest.len()) {
            ("weave", 3) => {
                let i: usize = one(1)?
                    .parse()
                    .ok()
                    .filter(|&i: &usize| (1..100).contains(&i))?;
                let right = match one(2)? {
                    "right" => true,
                    "left" => false,
                    _ => return None,
                };
                Cmd::Put(self.weaving_of(one(0)?)?, Some((i - 1, right)))
            }
            ("produce", 1) if one(0)? == "done" => Cmd::Produce(None),
            ("produce", 1) => match self.bld_of(one(0)?)? {
                Bld::Prod(b) => Cmd::Produce(Some(b)),
                Bld::Pass(_) => return None,
            },
            ("flipup", 1) => match self.bld_of(one(0)?)? {
                Bld::Prod(b) => Cmd::FlipUp(b),
                Bld::Pass(_) => return None,
            },
            ("god", 1) if one(0)? == "deck" => Cmd::God(None),
            ("god", 1) => Cmd::God(Some(self.god_of(one(0)?)?)),
            ("weaving", 1) => Cmd::Weaving(match one(0)? {
                "top" => false,
                "below" => true,
                _ => return None,
            }),
            ("worker", 1) => Cmd::Worker(Self::worker_of(one(0)?)?),
            ("recover", 1) if one(0)? == "done" => Cmd::Recover(None),
            ("recover", 1) => {
                let w = one(0)?;
                match (self.bld_of(w), self.army_of(w)) {
                    (Some(Bld::Prod(b)), _) => Cmd::Recover(Some(Item::Bld(b))),
                    (_, Some(a)) => Cmd::Recover(Some(Item::Army(a))),
                    _ => return None,
                }
            }
            ("choose", 1) => Cmd::Choose(
                one(0)?
                    .parse::<usize>()
                    .ok()
                    .filter(|&i| (1..10).contains(&i))?
                    - 1,
            ),
            ("pay", 1) => Cmd::Pay(match one(0)? {
                "yes" => true,
                "no" => false,
                _ => return None,
            }),
            ("perform", 0) => Cmd::Perform,
            ("gold", 0) => Cmd::Gold,
            ("worship", _) => {
                let (mut l, mut s) = (None, None);
                let mut i = 0;
                while i < rest.len() {
                    let sym = self.symbol_of(one(i + 1)?)?;
                    match one(i)? {
                        "large" if l.is_none() && s.is_none() => l = Some(sym),
                        "small" if s.is_none() => s = Some(sym),
                        _ => return None,
                    }
                    i += 2;
                }
                if l.is_none() && s.is_none() {
                    return None;
                }
                Cmd::Worship(l, s)
            }
            ("join", 1) if one(0)? == "sacrifice" => Cmd::JoinSacrifice(1),
            ("join", 2) if one(0)? == "sacrifice" => Cmd::JoinSacrifice(
                one(1)?
                    .parse()
                    .ok()
                    .filter(|&n: &u8| (1..=9).contains(&n))?,
            ),
            ("join", 3) if one(0)? == "worship" => Cmd::JoinWorship(
                match one(1)? {
                    "large" => true,
                    "small" => false,
                    _ => return None,
                },
                self.symbol_of(one(2)?)?,
            ),
            _ => return self.read_last_words(words),
        };
        Some(c)
    }

    /// `read_words` continued: the arms after `read_more_words`.
    fn read_last_words(&self, words: &[&str]) -> Option<Cmd> {
        let (&head, rest) = words.split_first()?;
        let one = |i: usize| rest.get(i).copied();
        let c = match (head, rest.len()) {
            ("sacrifice", 1) => Cmd::Sacrifice(
                one(0)?
                    .parse()
                    .ok()
                    .filter(|&n: &u8| (1..=9).contains(&n))?,
            ),
            ("casualty", 1) => Cmd::Casualty(
                None,
                match one(0)? {
                    "corn" => true,
                    "potato" => false,
                    _ => return None,
                },
            ),
            ("casualty", 2) if one(0)? == "nomad" => {
                Cmd::Casualty(Some(Self::worker_of(one(1)?)?), false)
            }
            ("deploy", 1) if one(0)? == "done" => Cmd::Deploy(None),
            ("deploy", 1) if one(0)? == "none" => Cmd::DeployAll(vec![]),
            ("deploy", 1) => Cmd::Deploy(Some(self.army_of(one(0)?)?)),
            ("deploy", n) if n >= 2 => Cmd::DeployAll(Self::all(rest, |w| self.army_of(w))?),
            ("conquer", n) if n >= 2 => {
                let rname = one(0)?;
                let region = self.0.regions.iter().position(|r| r.id == rname)?;
                let pos: usize = one(1)?.parse().ok()?;
                let space = self
                    .0
                    .conquest
                    .iter()
                    .position(|c| c.region == region && c.position == pos)?;
                let space = u8::try_from(space).ok()?;
                if one(2) == Some("with") {
                    let cards = Self::all(rest.get(3..)?, |w| self.army_of(w))?;
                    return Some(Cmd::ConquerWith { space, cards });
                }
                let (mut flip, mut discard) = (Vec::new(), Vec::new());
                let mut mode = 0;
                for w in &rest[2..] {
                    match *w {
                        "flip" if mode == 0 => mode = 1,
                        "discard" if mode < 2 => mode = 2,
                        _ if mode == 1 => flip.push(self.army_of(w)?),
                        _ if mode == 2 => discard.push(self.army_of(w)?),
                        _ => return None,
                    }
                }
                Cmd::Conquer {
                    space,
                    flip,
                    discard,
                }
            }
            ("hire", 1) => Cmd::Hire(match one(0)? {
                "potato" => Some(false),
                "corn" => Some(true),
                "none" => None,
                _ => return None,
            }),
            ("dismiss", 1) => Cmd::Dismiss(Self::worker_of(one(0)?)?),
            ("feed", 1) => Cmd::Feed(one(0)?.parse().ok().filter(|&n: &u32| n < 1000)?),
            ("pass", 0) => Cmd::Pass,
            _ => return None,
        };
        Some(c)
    }
}

/// `food 2 potato 1 corn`: the nonzero parts, potatoes, corn, gold in that order.
pub fn food_text(m: &[u32; 3]) -> String {
    let parts: Vec<String> = m
        .iter()
        .zip(["potato", "corn", "gold"])
        .filter(|(n, _)| **n > 0)
        .map(|(n, w)| format!("{n} {w}"))
        .collect();
    if parts.is_empty() {
        "food none".into()
    } else {
        format!("food {}", parts.join(" "))
    }
}

/// Reads `food 2 potato 1 corn` (each kind at most once; `food none`).
fn read_food(words: &[&str]) -> Option<[u32; 3]> {
    let (&head, rest) = words.split_first()?;
    if head != "food" {
        return None;
    }
    if rest == ["none"] {
        return Some([0; 3]);
    }
    if rest.is_empty() || rest.len() % 2 != 0 {
        return None;
    }
    let mut m = [0u32; 3];
    let mut seen = [false; 3];
    for pair in rest.chunks(2) {
        let n: u32 = pair.first()?.parse().ok().filter(|&n: &u32| n < 100)?;
        let k = match *pair.get(1)? {
            "potato" | "potatoes" | "p" => 0,
            "corn" | "c" => 1,
            "gold" | "g" => 2,
            _ => return None,
        };
        if std::mem::replace(seen.get_mut(k)?, true) {
            return None;
        }
        *m.get_mut(k)? = n;
    }
    Some(m)
}

fn part_of(w: &str) -> Option<u8> {
    super::data::PART_WORDS
        .iter()
        .position(|x| *x == w)
        .and_then(|i| u8::try_from(i).ok())
}

/// The words of the command language beyond its canonical text, for the
/// shared reader (`engine::parse::read`): the aliases below; `pay` in a
/// placement adds nothing (`place architect s3b2 pay card 17`); a bare card
/// number after `card` is a God card (`card 17` = `card g17`) and after
/// `with` an army card (`with 19 1` = `with a19 a01`); the compact food mix
/// of the spec after `food` (`food 2p1c` = `food 2 potato 1 corn`).
pub const WORDS: Vocabulary = Vocabulary {
    aliases: ALIASES,
    fillers: &[("place", "pay")],
    numbered: &[("card", "g"), ("with", "a")],
    compact: &[("food", &[('p', "potato"), ('c', "corn"), ('g', "gold")])],
    longest: 300,
    ..Vocabulary::NONE
};

/// Short forms and Korean words, replaced word by word before parsing.
pub const ALIASES: &[(&str, &str)] = &[
    ("배치", "place"),
    ("건축가", "architect"),
    ("운반인", "porter"),
    ("courier", "porter"),
    ("장인", "artisan"),
    ("craftsman", "artisan"),
    ("제사장", "priest"),
    ("전사", "warrior"),
    ("arch", "architect"),
    ("port", "porter"),
    ("art", "artisan"),
    ("pri", "priest"),
    ("war", "warrior"),
    ("카드", "card"),
    ("금", "gold"),
    ("금덩이", "gold"),
    ("감자", "potato"),
    ("옥수수", "corn"),
    ("석재", "stone"),
    ("업무", "tasks"),
    ("계단", "step"),
    ("건물", "building"),
    ("조각상", "statue"),
    ("직조물", "weave"),
    ("상인", "merchant"),
    ("훈련", "train"),
    ("생산", "production"),
    ("숭배", "worship"),
    ("공양", "sacrifice"),
    ("회복", "recover"),
    ("정복", "conquest"),
    ("기도", "pray"),
    ("고용", "hire"),
    ("모집", "recruit"),
    ("대제사장", "priest"),
    ("참여", "join"),
    ("패스", "pass"),
    ("없음", "none"),
    ("친차이수유", "chinchaysuyu"),
    ("안티수유", "antisuyu"),
    ("쿠야수유", "qullasuyu"),
    ("쿤티수유", "kuntisuyu"),
    ("ch", "chinchaysuyu"),
    ("an", "antisuyu"),
    ("qu", "qullasuyu"),
    ("ku", "kuntisuyu"),
];

/// A worker type's word in a command (`?` for one out of range).
fn worker_word(i: u8) -> String {
    WORKER_IDS
        .get(i as usize)
        .copied()
        .unwrap_or("?")
        .to_string()
}
