//! Scenario builders for tests: positions described in the rulebook's words
//! ("Red has 2 workers in hand and 5 corn, a worker of Red on Tikal 2"),
//! built through this one place instead of field writes scattered over the
//! tests. Builders set what they are told and nothing else, so a test's
//! numbers read the same as before.

use super::state::{Decision, Phase, State, EMPTY, NONE};
use super::Tzolkin;
use crate::engine::Flow;
use crate::engine::{Game, Options, Seat};

/// A game past the setup choice, with every player reset to a clean slate:
/// 3 workers in hand, no goods, markers on the start steps, seat 0 first,
/// and empty gears.
pub fn fresh_with(n: usize, options: &Options) -> State {
    let g = Tzolkin;
    let mut s = g
        .setup(n, options, 1)
        .expect("the built-in data sets up a game");
    for i in 0..n {
        let c = g.legal(&s, Seat(i))[0];
        g.apply(&mut s, Seat(i), &c)
            .expect("a legal starting choice applies");
    }
    assert_eq!(s.phase(), Phase::Turn);
    for i in 0..n {
        seat(&mut s, i)
            .corn(0)
            .res([0; 3])
            .skulls(0)
            .vp(0)
            .hand(3)
            .supply(3)
            .temples([1; 3])
            .techs([0; 4])
            .exempt(0)
            .eat_less(0)
            .light(true);
    }
    board(&mut s)
        .skull_supply(13)
        .clear_gears()
        .first(0)
        .turn_index(0);
    s
}

/// [`fresh_with`] under the default options.
pub fn fresh(n: usize) -> State {
    fresh_with(n, &Options::default())
}

/// The index of a building by its printed id (`A1-07`).
pub fn building(s: &State, id: &str) -> u8 {
    let i = s.data.buildings.iter().position(|b| b.id == id);
    i.unwrap_or_else(|| panic!("no building {id}")) as u8
}

/// The index of a monument by its printed id (`M05`).
pub fn monument(s: &State, id: &str) -> u8 {
    let i = s.data.monuments.iter().position(|m| m.id == id);
    i.unwrap_or_else(|| panic!("no monument {id}")) as u8
}

/// One seat's goods, workers and markers, set one by one:
/// `seat(&mut s, 0).hand(2).corn(5)`.
pub struct SeatBuilder<'a> {
    s: &'a mut State,
    seat: usize,
}

/// The builder of `seat`'s goods, workers and markers.
pub fn seat(s: &mut State, seat: usize) -> SeatBuilder<'_> {
    SeatBuilder { s, seat }
}

impl SeatBuilder<'_> {
    fn p(&mut self) -> &mut super::state::Player {
        &mut self.s.players[self.seat]
    }

    pub fn corn(mut self, n: i32) -> Self {
        self.p().corn = n;
        self
    }

    /// Wood, stone and gold.
    pub fn res(mut self, r: [i32; 3]) -> Self {
        self.p().res = r;
        self
    }

    pub fn skulls(mut self, n: i32) -> Self {
        self.p().skulls = n;
        self
    }

    pub fn vp(mut self, n: i32) -> Self {
        self.p().vp = n;
        self
    }

    /// Workers in hand.
    pub fn hand(mut self, n: u8) -> Self {
        self.p().hand = n;
        self
    }

    /// Workers left in the general supply.
    pub fn supply(mut self, n: u8) -> Self {
        self.p().supply = n;
        self
    }

    /// The step in each temple (0 = bottom, 1 = the white start step).
    pub fn temples(mut self, steps: [u8; 3]) -> Self {
        self.p().temple = steps;
        self
    }

    /// The step in one temple.
    pub fn temple(mut self, t: usize, step: u8) -> Self {
        self.p().temple[t] = step;
        self
    }

    /// The level of each technology.
    pub fn techs(mut self, levels: [u8; 4]) -> Self {
        self.p().tech = levels;
        self
    }

    /// The level of one technology.
    pub fn tech(mut self, t: usize, level: u8) -> Self {
        self.p().tech[t] = level;
        self
    }

    /// The player board's light side (the double advance is available).
    pub fn light(mut self, light: bool) -> Self {
        self.p().light = light;
        self
    }

    /// Workers that need no corn on food days.
    pub fn exempt(mut self, n: u8) -> Self {
        self.p().exempt = n;
        self
    }

    /// "Eat 1 less" farms.
    pub fn eat_less(mut self, n: u8) -> Self {
        self.p().eat_less = n;
        self
    }

    /// Corn harvest tiles taken from the jungle.
    pub fn corn_tiles(mut self, n: u8) -> Self {
        self.p().corn_tiles = n;
        self
    }

    /// Wood harvest tiles taken from the jungle.
    pub fn wood_tiles(mut self, n: u8) -> Self {
        self.p().wood_tiles = n;
        self
    }

    /// Exactly these monuments built (data indices).
    pub fn monuments(mut self, ms: &[u8]) -> Self {
        self.p().monuments = ms.iter().fold(0, |bits, &m| bits | 1 << m);
        self
    }

    /// One more monument built (a data index).
    pub fn with_monument(mut self, m: u8) -> Self {
        self.p().monuments |= 1 << m;
        self
    }

    /// One more building built (a data index).
    pub fn with_building(mut self, b: u8) -> Self {
        self.p().buildings |= 1 << b;
        self
    }
}

/// Who stands on a gear space, for [`BoardBuilder::space`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum On {
    Empty,
    /// A worker of this seat.
    Seat(usize),
    Dummy,
}

/// The shared board, set one part at a time: `board(&mut s).day(7).age(2)`.
pub struct BoardBuilder<'a> {
    s: &'a mut State,
}

/// The builder of the shared board.
pub fn board(s: &mut State) -> BoardBuilder<'_> {
    BoardBuilder { s }
}

impl BoardBuilder<'_> {
    /// Who stands on space `pos` of gear `gear`.
    pub fn space(self, gear: usize, pos: usize, on: On) -> Self {
        self.s.gears[gear][pos] = match on {
            On::Empty => EMPTY,
            On::Seat(seat) => seat as u8 + 1,
            On::Dummy => super::state::DUMMY,
        };
        self
    }

    /// A worker of `seat` on space `pos` of gear `gear`.
    pub fn worker(self, gear: usize, pos: usize, seat: usize) -> Self {
        self.space(gear, pos, On::Seat(seat))
    }

    /// A dummy worker on space `pos` of gear `gear`.
    pub fn dummy(self, gear: usize, pos: usize) -> Self {
        self.space(gear, pos, On::Dummy)
    }

    /// Every gear space empty.
    pub fn clear_gears(self) -> Self {
        for row in self.s.gears.iter_mut() {
            row.fill(EMPTY);
        }
        self
    }

    /// A worker of `seat` on the starting player space, or none.
    pub fn start_space(self, seat: Option<usize>) -> Self {
        self.s.start_space = seat.map_or(EMPTY, |o| o as u8 + 1);
        self
    }

    /// Crystal skulls left in the supply.
    pub fn skull_supply(self, n: i32) -> Self {
        self.s.skull_supply = n;
        self
    }

    /// The holder of the starting player marker.
    pub fn first(self, seat: usize) -> Self {
        self.s.first = seat;
        self
    }

    /// The position in this round's turn order (0 = the starting player).
    pub fn turn_index(self, i: usize) -> Self {
        self.s.turn_index = i;
        self
    }

    /// The game in `phase`, nothing owed (a scenario's start, as setup builds one).
    pub fn phase(self, phase: Phase) -> Self {
        self.s.flow = Flow::start([Decision::of_phase(phase)]);
        self
    }

    /// The calendar's day.
    pub fn day(self, day: u8) -> Self {
        self.s.day = day;
        self
    }

    /// Food days resolved so far.
    pub fn food_done(self, n: u8) -> Self {
        self.s.food_done = n;
        self
    }

    pub fn age(self, age: u8) -> Self {
        self.s.age = age;
        self
    }

    /// Corn lying on the Tzolk'in gear's teeth.
    pub fn accumulated(self, corn: i32) -> Self {
        self.s.accumulated = corn;
        self
    }

    /// Skull slots filled on Chichen Itza (bit k = action k + 1).
    pub fn chi_slots(self, bits: u16) -> Self {
        self.s.chi_slots = bits;
        self
    }

    /// The monuments on offer (data indices), in display order.
    pub fn monuments_on_offer(self, ms: &[u8]) -> Self {
        self.s.monuments = ms.to_vec();
        self
    }

    /// The six display slots, NONE for an empty one.
    pub fn display(self, slots: [u8; 6]) -> Self {
        self.s.display = slots;
        self
    }

    /// Building `b` (or NONE) on display slot `slot`, nothing else changed.
    pub fn display_slot(self, slot: usize, b: u8) -> Self {
        self.s.display[slot] = b;
        self
    }

    /// Building `b` on display slot `slot`, taken off every other slot and
    /// out of the Age I pile, so that it is on offer exactly once.
    pub fn show_building(self, slot: usize, b: u8) -> Self {
        for x in self.s.display.iter_mut().filter(|x| **x == b) {
            *x = NONE;
        }
        self.s.piles[0].retain(|&x| x != b);
        self.s.display[slot] = b;
        self
    }

    /// Empty display slots from `from` on refilled from the Age I pile.
    pub fn refill_display_from(self, from: usize) -> Self {
        for slot in from..self.s.display.len() {
            if self.s.display[slot] == NONE {
                self.s.display[slot] = self.s.piles[0].pop().unwrap_or(NONE);
            }
        }
        self
    }

    /// Jungle group `group` (PAL 2..5) with `covered` stacks still under wood
    /// and `bare` corn tiles.
    pub fn jungle(self, group: usize, covered: u8, bare: u8) -> Self {
        self.s.jungle[group] = [covered, bare];
        self
    }
}
