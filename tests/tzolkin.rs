//! Tzolk'in: the rulebook's worked examples with exact numbers (rulebook =
//! the Korean seed 000_51e6b76da9782423.txt, "rb L…" = its lines) and one
//! scenario per rule of the specification's sections 4-6.

use quipu::engine::{Game, Options, Seat};
use quipu::games::tzolkin::command::Command;
use quipu::games::tzolkin::data::{
    AGRI, ARCH, CHI, GOLD, PAL, RESO, STONE, THEO, TIK, UXM, WOOD, YAX,
};
use quipu::games::tzolkin::state::{Phase, State, DUMMY, EMPTY, NONE};
use quipu::games::tzolkin::testkit::{board, building, fresh, fresh_with, monument, seat, On};
use quipu::games::tzolkin::Tzolkin;
use quipu::games::tzolkin::{apply, legal as rules_legal, scoring};

const CHAAC: usize = 0;
const QUETZ: usize = 1;
const KUKUL: usize = 2;

/// Plays `text` for `seat`, failing the test with the engine's message if refused.
fn play(s: &mut State, seat: usize, text: &str) {
    let g = Tzolkin;
    let cmd = g
        .parse(s, Seat(seat), text)
        .unwrap_or_else(|e| panic!("'{text}' unreadable: {e}; legal: {:?}", legal(s, seat)));
    g.apply(s, Seat(seat), &cmd)
        .unwrap_or_else(|e| panic!("'{text}' refused: {e}"));
}

fn legal(s: &State, seat: usize) -> Vec<String> {
    Tzolkin
        .legal(s, Seat(seat))
        .iter()
        .map(|c| c.to_string())
        .collect()
}

// ------------------------------------------------------------ placement

#[test]
fn placement_cost_example_0_0_2_costs_5_rb_l305_l335() {
    // Red's worker sits on Palenque 1; Green places on PAL 0, PAL 2 and YAX 0:
    // 0 + 2 + 0 for the spaces and 3 for three workers = 5 corn.
    let mut s = fresh(2);
    board(&mut s).worker(PAL, 1, 0);
    seat(&mut s, 0).hand(2);
    board(&mut s).turn_index(1); // seat 1 (Green in the example) is to play
    seat(&mut s, 1).hand(4);
    seat(&mut s, 1).corn(5);
    play(&mut s, 1, "place pal pal yax");
    assert_eq!(s.players[1].corn, 0);
    assert_eq!(s.gears[PAL][0], 2);
    assert_eq!(s.gears[PAL][2], 2);
    assert_eq!(s.gears[YAX][0], 2);
    // The fourth worker would cost at least 3 more: only "end" is left.
    assert_eq!(legal(&s, 1), vec!["end"]);
}

#[test]
fn placement_cost_example_pal3_pal4_costs_8_rb_l339_l343() {
    let mut s = fresh(2);
    board(&mut s).worker(PAL, 0, 1);
    board(&mut s).worker(PAL, 1, 1);
    board(&mut s).worker(PAL, 2, 1);
    seat(&mut s, 1).hand(0);
    seat(&mut s, 0).hand(2);
    seat(&mut s, 0).corn(10);
    play(&mut s, 0, "place pal");
    assert_eq!(s.players[0].corn, 7, "PAL 3 costs 3 + 0");
    play(&mut s, 0, "place pal");
    assert_eq!(s.players[0].corn, 2, "PAL 4 costs 4 + 1");
    assert_eq!(legal(&s, 0), vec!["end"], "no worker left in hand");
}

#[test]
fn the_first_two_rounds_example_rb_l1068_l1080() {
    // The example's Green, Blue, Red, Yellow are seats 0, 1, 2, 3 here (turn order).
    let mut s = fresh(4);
    for i in 0..4 {
        seat(&mut s, i).corn(10);
    }
    play(&mut s, 0, "place tik yax pal");
    assert_eq!(s.players[0].corn, 7, "three workers on 0s: 3 corn");
    play(&mut s, 0, "end");
    play(&mut s, 1, "place pal pal");
    assert_eq!(s.players[1].corn, 6, "PAL 1 and 2: 1 + 2 + 1 = 4 corn");
    play(&mut s, 1, "end");
    play(&mut s, 2, "place yax yax tik");
    assert_eq!(
        s.players[2].corn, 3,
        "YAX 1, YAX 2, TIK 1: 1 + 2 + 1 + 3 = 7 corn"
    );
    play(&mut s, 2, "end");
    play(&mut s, 3, "place tik start");
    assert_eq!(
        s.players[3].corn, 7,
        "TIK 2 and the starting space: 2 + 0 + 1 = 3 corn"
    );
    play(&mut s, 3, "end");
    // Yellow took the starting player space: it takes the marker and chooses 1 day.
    assert_eq!(s.phase(), Phase::Advance);
    assert_eq!(Tzolkin.to_act(&s), vec![Seat(3)]);
    play(&mut s, 3, "advance 1");
    assert_eq!((s.day, s.first, s.accumulated), (2, 3, 0));
    assert_eq!(Tzolkin.to_act(&s), vec![Seat(3)]);
    // Round 2: Yellow places on PAL 0 and PAL 4 for 5 corn.
    play(&mut s, 3, "place pal pal");
    assert_eq!(s.players[3].corn, 2);
    assert_eq!((s.gears[PAL][0], s.gears[PAL][4]), (4, 4));
    play(&mut s, 3, "end");
    // Green must retrieve: YAX 1 gives a wood, TIK 1 turns it into Agriculture 1.
    assert!(
        legal(&s, 0).iter().all(|c| c.starts_with("retrieve")),
        "no worker in hand: must retrieve"
    );
    play(&mut s, 0, "retrieve yax1");
    assert_eq!(s.players[0].res[WOOD], 1);
    play(&mut s, 0, "retrieve tik1");
    play(&mut s, 0, "tech agri pay wood");
    assert_eq!((s.players[0].tech[AGRI], s.players[0].res[WOOD]), (1, 0));
    play(&mut s, 0, "end");
    assert_eq!(s.gears[PAL][1], 1, "Green's Palenque worker stays");
    // Blue places its last worker on TIK 0 for free.
    play(&mut s, 1, "place tik");
    assert_eq!((s.players[1].corn, s.gears[TIK][0]), (6, 2));
    play(&mut s, 1, "end");
    // Red retrieves YAX 3: 1 gold and 2 corn.
    play(&mut s, 2, "retrieve yax3");
    assert_eq!((s.players[2].res[GOLD], s.players[2].corn), (1, 5));
    play(&mut s, 2, "end");
    // Nobody took the starting space: a corn goes on the calendar.
    assert_eq!((s.day, s.accumulated, s.first), (3, 1, 3));
}

#[test]
fn the_starting_player_space_takes_the_corn_and_passes_the_marker_left_rb_l671_l685() {
    let mut s = fresh(3);
    board(&mut s).accumulated(4);
    seat(&mut s, 0).corn(1);
    play(&mut s, 0, "place start");
    assert_eq!(
        s.players[0].corn, 1,
        "the corn comes at the end of the turn"
    );
    play(&mut s, 0, "end");
    assert_eq!((s.players[0].corn, s.accumulated), (5, 0));
    play(&mut s, 1, "place pal");
    play(&mut s, 1, "end");
    play(&mut s, 2, "place yax");
    play(&mut s, 2, "end");
    // Seat 0 already held the marker: it passes to the left (seat 1).
    play(&mut s, 0, "advance 1");
    assert_eq!(s.first, 1);
    assert_eq!(s.players[0].hand, 3, "the starting-space worker came back");
    assert_eq!(
        s.accumulated, 0,
        "no corn on the teeth when the space was taken"
    );
}

// ------------------------------------------------------------ retrieving

#[test]
fn retrieving_in_a_chosen_order_pays_the_step_back_with_new_corn_rb_l361_l371() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(YAX, 1, 0);
    board(&mut s).worker(YAX, 2, 0);
    board(&mut s).worker(YAX, 3, 0);
    // Starting with YAX 3 at no corn, stepping back to 2 is impossible.
    assert!(!legal(&s, 0).contains(&"retrieve yax3 as yax2".to_string()));
    play(&mut s, 0, "retrieve yax2");
    assert_eq!((s.players[0].res[STONE], s.players[0].corn), (1, 1));
    play(&mut s, 0, "retrieve yax3 as yax2");
    play(&mut s, 0, "end");
    assert_eq!((s.players[0].res[STONE], s.players[0].corn), (2, 1));
    assert_eq!(s.gears[YAX][1], 1, "the worker on YAX 1 stays");
}

#[test]
fn a_worker_can_be_retrieved_without_an_action_and_from_free_choice_spaces() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(PAL, 6, 0);
    board(&mut s).worker(YAX, 0, 0);
    board(&mut s).worker(YAX, 1, 0);
    let l = legal(&s, 0);
    let yax0: Vec<&String> = l
        .iter()
        .filter(|c| c.starts_with("retrieve yax0"))
        .collect();
    assert_eq!(yax0, vec!["retrieve yax0 none"], "space 0 has no action");
    // Free choice: any Palenque action, no step-back corn.
    play(&mut s, 0, "retrieve pal6 as pal5 wood");
    assert_eq!(
        (
            s.players[0].res[WOOD],
            s.players[0].corn,
            s.players[0].wood_tiles
        ),
        (4, 0, 1)
    );
    play(&mut s, 0, "retrieve yax1 none");
    assert_eq!(s.players[0].res[WOOD], 4);
}

#[test]
fn workers_beyond_the_last_space_return_without_action_and_dummies_stay_rb_l383_l389() {
    let mut s = fresh(2);
    board(&mut s).worker(PAL, 7, 0);
    board(&mut s).worker(CHI, 10, 1);
    board(&mut s).dummy(YAX, 9);
    board(&mut s).dummy(YAX, 7);
    seat(&mut s, 0).hand(2);
    seat(&mut s, 1).hand(2);
    apply::advance_days(&mut s, 1);
    assert_eq!((s.players[0].hand, s.players[1].hand), (3, 3));
    assert_eq!(s.gears[PAL][8], EMPTY);
    assert_eq!(
        s.gears[YAX][0], DUMMY,
        "a dummy on the unnumbered 9 turns to 0"
    );
    assert_eq!(s.gears[YAX][8], DUMMY, "a dummy on 7 is not pushed off");
}

// ------------------------------------------------------------ begging

#[test]
fn begging_for_corn_discards_corn_takes_three_and_angers_a_god_rb_l293_l297() {
    let mut s = fresh(2);
    seat(&mut s, 0).corn(2);
    play(&mut s, 0, "beg kukul");
    assert_eq!((s.players[0].corn, s.players[0].temple[KUKUL]), (3, 0));
    assert!(
        !legal(&s, 0).iter().any(|c| c.starts_with("beg")),
        "once per turn"
    );
    let mut s = fresh(2);
    seat(&mut s, 0).corn(3);
    assert!(
        !legal(&s, 0).iter().any(|c| c.starts_with("beg")),
        "only with 2 corn or fewer"
    );
    seat(&mut s, 0).corn(0);
    seat(&mut s, 0).temples([0; 3]);
    assert!(
        !legal(&s, 0).iter().any(|c| c.starts_with("beg")),
        "not with every marker at the bottom"
    );
}

#[test]
fn forced_begging_and_the_gods_pity_rb_l297_l744_l750() {
    let mut s = fresh(2);
    for g in 0..5 {
        board(&mut s).dummy(g, 0);
    }
    board(&mut s).dummy(PAL, 1);
    board(&mut s).start_space(Some(1));
    seat(&mut s, 1).hand(2);
    // No worker on a gear, no corn, every space costs 1 or more: must beg.
    let l = legal(&s, 0);
    assert_eq!(l, vec!["beg chaac", "beg quetz", "beg kukul"]);
    // With every temple at the bottom the gods take pity: the cheapest spaces only.
    seat(&mut s, 0).temples([0; 3]);
    seat(&mut s, 0).corn(0);
    let l = legal(&s, 0);
    assert_eq!(
        l,
        vec![
            "place yax pity",
            "place tik pity",
            "place uxm pity",
            "place chi pity"
        ]
    );
    play(&mut s, 0, "place tik pity");
    assert_eq!(
        (s.gears[TIK][1], s.players[0].corn, s.players[0].hand),
        (1, 0, 2)
    );
    assert_eq!(legal(&s, 0), vec!["end"], "exactly one worker");
}

// ------------------------------------------------------------ gears

#[test]
fn palenque_harvests_wood_first_then_corn_and_agriculture_bonuses_rb_l462_l492_l822_l836() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(PAL, 3, 0);
    board(&mut s).worker(PAL, 4, 0);
    board(&mut s).worker(PAL, 1, 0);
    let l = legal(&s, 0);
    assert!(
        !l.contains(&"retrieve pal3 corn".to_string()),
        "corn tiles are under wood at first: {l:?}"
    );
    play(&mut s, 0, "retrieve pal3 wood");
    assert_eq!((s.players[0].res[WOOD], s.jungle[1]), (2, [1, 1]));
    // Now a corn tile is bare in the PAL 3 group: step back from 4 to 3 for corn.
    seat(&mut s, 0).corn(1);
    seat(&mut s, 0).tech(AGRI, 1);
    play(&mut s, 0, "retrieve pal4 as pal3 corn");
    assert_eq!(
        (s.players[0].corn, s.players[0].corn_tiles),
        (6, 1),
        "1 - 1 + 5 + 1 (Agriculture 1)"
    );
    // Agriculture 2: +1 at fishing.
    seat(&mut s, 0).tech(AGRI, 2);
    play(&mut s, 0, "retrieve pal1");
    assert_eq!(s.players[0].corn, 10);
}

#[test]
fn agriculture_2_harvests_corn_without_a_visible_tile_and_level_3_adds_three_rb_l830_l836() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(PAL, 5, 0);
    seat(&mut s, 0).tech(AGRI, 3);
    play(&mut s, 0, "retrieve pal5 corn");
    assert_eq!(
        (s.players[0].corn, s.players[0].corn_tiles, s.jungle[3]),
        (12, 0, [2, 0]),
        "9 + 3, no tile taken"
    );
}

#[test]
fn burning_the_forest_boxes_the_wood_tile_and_angers_a_god_rb_l738_l742() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(PAL, 4, 0);
    play(&mut s, 0, "retrieve pal4 burn quetz");
    let p = &s.players[0];
    assert_eq!(
        (p.corn, p.corn_tiles, p.wood_tiles, p.temple[QUETZ]),
        (7, 1, 0, 0)
    );
    assert_eq!((s.jungle[2], s.burned), ([1, 0], 1));
}

#[test]
fn yaxchilan_with_resources_and_theology_bonuses_rb_l508_l536_l838_l852_l874() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    for k in 1..=5 {
        board(&mut s).worker(YAX, k, 0);
    }
    seat(&mut s, 0).tech(RESO, 3);
    seat(&mut s, 0).tech(THEO, 3);
    for k in 1..=5 {
        play(&mut s, 0, &format!("retrieve yax{k}"));
    }
    let p = &s.players[0];
    // wood 1+1; stone (1+1) + (1+1); gold (1+1) + (1+1); corn 1 + 2 + 2; skulls 1 + 1.
    assert_eq!((p.res, p.corn, p.skulls), ([2, 4, 4], 5, 2));
    assert_eq!(s.skull_supply, 11);
}

#[test]
fn tikal_technology_costs_and_bonuses_rb_l414_l434_l554() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 3, 0);
    seat(&mut s, 0).res([3, 0, 0]);
    play(&mut s, 0, "retrieve tik3");
    play(&mut s, 0, "tech theo pay wood");
    assert_eq!(
        legal(&s, 0),
        vec![
            "tech agri pay wood",
            "tech res pay wood",
            "tech arch pay wood",
            "tech theo pay wood wood",
            "skip"
        ]
    );
    play(&mut s, 0, "tech theo pay wood wood");
    assert_eq!((s.players[0].tech[THEO], s.players[0].res[WOOD]), (2, 0));
    // At level 3, "advancing" costs 1 and gives the bonus: Architecture 3 VP, Resources 2 goods.
    seat(&mut s, 0).techs([3, 3, 3, 3]);
    seat(&mut s, 0).res([0, 0, 3]);
    board(&mut s).worker(TIK, 3, 0);
    play(&mut s, 0, "retrieve tik3");
    play(&mut s, 0, "tech arch pay gold");
    play(&mut s, 0, "tech res pay gold");
    play(&mut s, 0, "gain wood stone");
    assert_eq!((s.players[0].vp, s.players[0].res), (3, [1, 1, 1]));
}

#[test]
fn tikal_builds_with_architecture_only_on_one_of_two_buildings_rb_l558_l562_l854_l868() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 4, 0);
    let a = building(&s, "A1-13"); // 1 gold, Architecture +1
    let b = building(&s, "A1-09"); // 2 wood, Agriculture +1
    board(&mut s).display([a, b, NONE, NONE, NONE, NONE]);
    let pile = s.piles[0].clone();
    seat(&mut s, 0).res([2, 0, 1]);
    seat(&mut s, 0).tech(ARCH, 1);
    play(&mut s, 0, "retrieve tik4");
    // Build A1-13 without Architecture, so that the new level 2 counts for A1-09.
    play(&mut s, 0, "build a1-13 plain");
    assert_eq!(
        (s.players[0].tech[ARCH], s.players[0].corn, s.players[0].vp),
        (2, 0, 0)
    );
    play(&mut s, 0, "build a1-09");
    assert_eq!(
        (s.players[0].corn, s.players[0].vp, s.players[0].tech[AGRI]),
        (1, 2, 1)
    );
    assert_eq!(s.display[0], NONE, "refilled only at the end of the turn");
    play(&mut s, 0, "end");
    assert_eq!(s.display[0], *pile.last().unwrap());
}

#[test]
fn architecture_3_spares_a_resource_at_tikal_and_2_corn_at_uxmal_rb_l858_l860() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 2, 0);
    board(&mut s).worker(UXM, 4, 0);
    let a = building(&s, "A1-07"); // 1 wood, 2 stone
    let b = building(&s, "A1-06"); // 2 wood, 1 stone
    board(&mut s).display([a, b, NONE, NONE, NONE, NONE]);
    seat(&mut s, 0).tech(ARCH, 3);
    seat(&mut s, 0).res([1, 1, 0]);
    play(&mut s, 0, "retrieve tik2");
    assert_eq!(
        legal(&s, 0),
        vec!["build a1-07 save stone", "build a1-06 save wood"]
    );
    play(&mut s, 0, "build a1-07 save stone");
    assert_eq!(
        (s.players[0].res, s.players[0].corn, s.players[0].vp),
        ([0, 0, 0], 1, 2)
    );
    assert_eq!(
        (s.players[0].temple[CHAAC], s.players[0].temple[KUKUL]),
        (2, 2)
    );
    // Uxmal 4: 3 resources = 6 corn, less 2 with Architecture 3; +1 corn, +2 VP.
    seat(&mut s, 0).corn(4);
    play(&mut s, 0, "retrieve uxm4");
    play(&mut s, 0, "build a1-06");
    assert_eq!((s.players[0].corn, s.players[0].vp), (1, 4));
}

#[test]
fn tikal_5_two_different_temples_for_one_resource_rb_l566_l728() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 5, 0);
    seat(&mut s, 0).res([0, 0, 2]);
    play(&mut s, 0, "retrieve tik5");
    play(&mut s, 0, "temples chaac kukul pay gold");
    assert_eq!(
        (s.players[0].temple, s.players[0].res[GOLD]),
        ([2, 1, 2], 1)
    );
}

#[test]
fn uxmal_temple_market_worker_and_any_action_rb_l582_l618() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    for k in 1..=5 {
        board(&mut s).worker(UXM, k, 0);
    }
    seat(&mut s, 0).corn(4);
    seat(&mut s, 0).res([0, 1, 1]);
    play(&mut s, 0, "retrieve uxm1");
    play(&mut s, 0, "temple quetz");
    assert_eq!((s.players[0].corn, s.players[0].temple[QUETZ]), (1, 2));
    play(&mut s, 0, "retrieve uxm2");
    play(&mut s, 0, "sell gold");
    play(&mut s, 0, "sell stone");
    assert!(
        !legal(&s, 0).contains(&"buy gold".to_string()),
        "no buying back what was sold"
    );
    play(&mut s, 0, "buy wood 3");
    play(&mut s, 0, "done");
    assert_eq!(
        (s.players[0].corn, s.players[0].res),
        (2, [3, 0, 0]),
        "1 + 4 + 3 - 6"
    );
    play(&mut s, 0, "retrieve uxm3");
    assert_eq!(
        (s.players[0].hand, s.players[0].supply),
        (4, 2),
        "three retrieved + one from the supply"
    );
    play(&mut s, 0, "retrieve uxm5");
    assert_eq!(s.players[0].corn, 1);
    play(&mut s, 0, "do yax1");
    assert_eq!(s.players[0].res[WOOD], 4);
}

#[test]
fn chichen_itza_example_step_back_to_6_rb_l655_l659() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(CHI, 7, 0);
    seat(&mut s, 0).corn(1);
    seat(&mut s, 0).skulls(1);
    board(&mut s).skull_supply(12);
    play(&mut s, 0, "retrieve chi7 as chi6");
    play(&mut s, 0, "gain gold");
    let p = &s.players[0];
    assert_eq!(
        (p.corn, p.skulls, p.vp, p.temple[KUKUL], p.res[GOLD]),
        (0, 0, 8, 2, 1)
    );
    assert_eq!(s.chi_slots, 1 << 5);
    // The slot is used: no second offering on 6.
    seat(&mut s, 0).skulls(1);
    board(&mut s).skull_supply(11);
    board(&mut s).worker(CHI, 6, 0);
    assert!(!legal(&s, 0).contains(&"retrieve chi6".to_string()));
}

#[test]
fn theology_1_and_2_at_chichen_itza_rb_l870_l878() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(CHI, 8, 0);
    seat(&mut s, 0).skulls(1);
    board(&mut s).skull_supply(12);
    seat(&mut s, 0).tech(THEO, 2);
    play(&mut s, 0, "retrieve chi8 as chi9");
    play(&mut s, 0, "gain stone");
    play(&mut s, 0, "offer stone chaac");
    let p = &s.players[0];
    assert_eq!((p.vp, p.temple, p.res), (13, [2, 2, 1], [0, 0, 0]));
    // From CHI 9, Theology 1 reaches the free choice of 10 (spec 11 A4), unless the option denies it.
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(CHI, 9, 0);
    seat(&mut s, 0).skulls(1);
    board(&mut s).skull_supply(12);
    seat(&mut s, 0).tech(THEO, 1);
    assert!(legal(&s, 0).contains(&"retrieve chi9 as chi1".to_string()));
    let mut o = Options::default();
    o.0.insert("theo_chi9".into(), "deny".into());
    let mut s = fresh_with(2, &o);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(CHI, 9, 0);
    seat(&mut s, 0).skulls(1);
    board(&mut s).skull_supply(12);
    seat(&mut s, 0).tech(THEO, 1);
    seat(&mut s, 0).corn(1);
    assert!(!legal(&s, 0).contains(&"retrieve chi9 as chi1".to_string()));
    assert!(
        legal(&s, 0).contains(&"retrieve chi9 as chi8".to_string()),
        "stepping back still costs 1"
    );
}

#[test]
fn a_temple_top_holds_one_player_and_flips_the_board_light_rb_l730_l732() {
    let mut s = fresh(2);
    seat(&mut s, 0).temple(CHAAC, 5);
    seat(&mut s, 0).light(false);
    apply::temple_up(&mut s, 0, CHAAC);
    assert_eq!((s.players[0].temple[CHAAC], s.players[0].light), (6, true));
    seat(&mut s, 1).temple(CHAAC, 5);
    apply::temple_up(&mut s, 1, CHAAC);
    assert_eq!(s.players[1].temple[CHAAC], 5, "the top is taken");
}

// ------------------------------------------------------------ buildings and monuments

#[test]
fn monuments_score_at_the_end_rb_l1115_l1120() {
    let mut s = fresh(2);
    let m05 = monument(&s, "M05");
    let m09 = monument(&s, "M09");
    let m13 = monument(&s, "M13");
    seat(&mut s, 0).monuments(&[m05, m09]);
    seat(&mut s, 1).monuments(&[m13]);
    seat(&mut s, 0).supply(1); // 5 workers owned
    board(&mut s).chi_slots(0b111);
    assert_eq!(
        scoring::monument_points(&s, 0, m05 as usize),
        18,
        "3 monuments x 6 VP at 2 players"
    );
    assert_eq!(scoring::monument_points(&s, 0, m09 as usize), 12);
    assert_eq!(
        scoring::monument_points(&s, 1, m13 as usize),
        9,
        "3 skulls on Chichen Itza"
    );
}

#[test]
fn a_monument_is_built_at_tikal_4_and_its_skull_returns_to_the_supply_rb_l806() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 4, 0);
    let m13 = monument(&s, "M13");
    board(&mut s).monuments_on_offer(&[m13]);
    board(&mut s).display([NONE; 6]);
    seat(&mut s, 0).res([0, 0, 4]);
    seat(&mut s, 0).skulls(1);
    board(&mut s).skull_supply(12);
    seat(&mut s, 0).tech(ARCH, 2);
    play(&mut s, 0, "retrieve tik4");
    play(&mut s, 0, "monument m13");
    let p = &s.players[0];
    assert_eq!(
        (p.res[GOLD], p.skulls, s.skull_supply, p.vp, p.corn),
        (0, 0, 13, 0, 0),
        "no Architecture benefit on monuments"
    );
    assert!(s.monuments.is_empty());
}

// ------------------------------------------------------------ food days

#[test]
fn feeding_pays_two_per_worker_and_loses_3_per_unfed_rb_l894_l906() {
    let mut s = fresh(2);
    seat(&mut s, 0).corn(5);
    seat(&mut s, 1).corn(10);
    seat(&mut s, 1).hand(5);
    seat(&mut s, 1).supply(1);
    seat(&mut s, 1).exempt(2);
    seat(&mut s, 1).eat_less(1);
    board(&mut s).food_done(0);
    apply::food_day(&mut s, 8);
    assert_eq!(
        (s.players[0].corn, s.players[0].vp),
        (1, -3),
        "3 workers, 5 corn: two fed"
    );
    assert_eq!(
        (s.players[1].corn, s.players[1].vp),
        (7, 0),
        "rb L780: 5 workers, 2 need none, 3 eat 1"
    );
}

/// The temples of the rulebook's example (rb L936-1000): Red, Blue, Yellow.
fn temple_example() -> State {
    let mut s = fresh(3);
    seat(&mut s, 0).temples([2, 1, 6]);
    seat(&mut s, 1).temples([4, 1, 4]);
    seat(&mut s, 2).temples([4, 1, 0]);
    for i in 0..3 {
        seat(&mut s, i).exempt(9);
    }
    s
}

#[test]
fn mid_age_rewards_example_rb_l936_l938() {
    let mut s = temple_example();
    apply::food_day(&mut s, 8);
    let got: Vec<([i32; 3], i32)> = s.players.iter().map(|p| (p.res, p.skulls)).collect();
    assert_eq!(got, vec![([2, 1, 0], 1), ([2, 2, 0], 0), ([0, 2, 0], 0)]);
}

#[test]
fn mid_age_skulls_are_withheld_when_the_supply_is_short_rb_l932() {
    let mut s = temple_example();
    seat(&mut s, 1).temple(KUKUL, 5);
    board(&mut s).skull_supply(1);
    seat(&mut s, 0).skulls(12);
    apply::food_day(&mut s, 8);
    assert_eq!(
        (s.players[0].skulls, s.players[1].skulls, s.skull_supply),
        (12, 0, 1)
    );
}

#[test]
fn end_of_age_scoring_example_16_15_7_rb_l950_l974() {
    let mut s = temple_example();
    board(&mut s).food_done(1);
    apply::food_day(&mut s, 14);
    let vp: Vec<i32> = s.players.iter().map(|p| p.vp).collect();
    assert_eq!(vp, vec![16, 15, 7]);
    assert_eq!(s.age, 2, "Age II buildings come out at the second food day");
    assert!(s
        .display
        .iter()
        .all(|&b| b == NONE || s.data.buildings[b as usize].age == 2));
}

#[test]
fn end_of_game_scoring_example_18_15_7_rb_l976_l1000() {
    let mut s = temple_example();
    board(&mut s).food_done(3);
    apply::food_day(&mut s, 27);
    let vp: Vec<i32> = s.players.iter().map(|p| p.vp).collect();
    assert_eq!(vp, vec![18, 15, 7]);
}

#[test]
fn final_scoring_quarter_corn_skulls_and_tie_break_rb_l1002_l1015() {
    let mut s = fresh(2);
    seat(&mut s, 0).corn(3);
    seat(&mut s, 0).res([1, 1, 1]); // 2 + 3 + 4 = 9 corn: 12 corn = 3 VP
    seat(&mut s, 0).skulls(1);
    seat(&mut s, 0).vp(10);
    seat(&mut s, 1).corn(1); // 1/4 VP
    seat(&mut s, 1).vp(16);
    board(&mut s).worker(PAL, 3, 0);
    board(&mut s).worker(PAL, 7, 1); // would be pushed off by one more day (spec 11 A9)
    board(&mut s).phase(Phase::Over);
    let f = scoring::finals(&s);
    assert_eq!((f[0].quarters, f[1].quarters), (64, 65));
    let out = Tzolkin.outcome(&s).unwrap();
    assert_eq!(out.scores, vec![16.0, 16.25]);
    assert_eq!(out.ranks, vec![2, 1]);
    seat(&mut s, 1).corn(0);
    let out = Tzolkin.outcome(&s).unwrap();
    assert_eq!(out.ranks, vec![1, 2], "tie: more workers left on the gears");
    let mut o = Options::default();
    o.0.insert("corn_points".into(), "floor".into());
    let mut t = fresh_with(2, &o);
    seat(&mut t, 0).corn(7);
    assert_eq!(scoring::finals(&t)[0].quarters, 4);
}

// ------------------------------------------------------------ calendar

#[test]
fn the_double_advance_needs_a_light_board_and_no_worker_on_6_rb_l689_l704() {
    let mut s = fresh(2);
    board(&mut s).start_space(Some(0));
    assert!(rules_legal::double_advance_ok(&s, 0));
    board(&mut s).worker(PAL, 7, 1);
    assert!(
        rules_legal::double_advance_ok(&s, 0),
        "a worker on 7 leaves anyway"
    );
    board(&mut s).worker(PAL, 6, 1);
    assert!(!rules_legal::double_advance_ok(&s, 0));
    board(&mut s).dummy(PAL, 6);
    assert!(
        rules_legal::double_advance_ok(&s, 0),
        "dummies do not block by default (spec 11 A2)"
    );
    board(&mut s).space(PAL, 6, On::Empty);
    board(&mut s).worker(CHI, 9, 1);
    assert!(!rules_legal::double_advance_ok(&s, 0));
    board(&mut s).space(CHI, 9, On::Empty);
    seat(&mut s, 0).light(false);
    assert!(!rules_legal::double_advance_ok(&s, 0));
}

#[test]
fn a_double_advance_flips_the_board_and_a_passed_food_day_is_still_resolved_rb_l696() {
    let mut s = fresh(2);
    board(&mut s).day(7);
    seat(&mut s, 0).corn(10);
    seat(&mut s, 1).corn(10);
    play(&mut s, 0, "place start");
    play(&mut s, 0, "end");
    play(&mut s, 1, "place pal");
    play(&mut s, 1, "end");
    play(&mut s, 0, "advance 2");
    assert_eq!((s.day, s.players[0].light, s.food_done), (9, false, 0));
    // Day 9: the passed food day of day 8 comes at the end of this round.
    play(&mut s, 1, "place yax");
    play(&mut s, 1, "end");
    play(&mut s, 0, "place yax");
    play(&mut s, 0, "end");
    assert_eq!((s.food_done, s.day), (1, 10));
}

#[test]
fn the_game_ends_after_the_fourth_food_day() {
    let mut s = fresh(2);
    board(&mut s).day(27);
    board(&mut s).food_done(3);
    seat(&mut s, 0).corn(20);
    seat(&mut s, 1).corn(20);
    play(&mut s, 0, "place pal");
    play(&mut s, 0, "end");
    play(&mut s, 1, "place pal");
    play(&mut s, 1, "end");
    assert_eq!(s.phase(), Phase::Over);
    assert!(Tzolkin.to_act(&s).is_empty());
    assert!(Tzolkin.outcome(&s).is_some());
}

// ------------------------------------------------------------ setup

#[test]
fn starting_wealth_is_a_simultaneous_hidden_choice_rb_l197_l199() {
    let g = Tzolkin;
    let mut s = g.setup(4, &Options::default(), 5).unwrap();
    assert_eq!(g.to_act(&s), vec![Seat(0), Seat(1), Seat(2), Seat(3)]);
    assert_eq!(g.legal(&s, Seat(0)).len(), 6);
    let other = s.data.tiles[s.players[1].dealt[0] as usize].id.clone();
    let json = serde_json::to_string(&g.view(&s, Some(Seat(0)))).unwrap();
    assert!(
        !json.contains(&format!("{other}:")),
        "seat 0 sees seat 1's tile"
    );
    let c = g.legal(&s, Seat(1))[0];
    g.apply(&mut s, Seat(1), &c).unwrap();
    assert_eq!(g.to_act(&s), vec![Seat(0), Seat(2), Seat(3)]);
    let json = serde_json::to_string(&g.view(&s, Some(Seat(0)))).unwrap();
    assert!(!json.contains(&format!("{other}:")) && !json.contains(&format!("{other} ")));
    for i in [0, 2, 3] {
        let c = g.legal(&s, Seat(i))[0];
        g.apply(&mut s, Seat(i), &c).unwrap();
    }
    assert_eq!(s.phase(), Phase::Turn);
    let corn: i32 = s.players.iter().map(|p| p.corn).sum();
    let expected: i32 = s
        .players
        .iter()
        .flat_map(|p| p.kept)
        .map(|t| s.data.tiles[t as usize].goods.corn)
        .sum();
    assert_eq!(corn, expected);
}

#[test]
fn dummy_workers_2_and_3_players_rb_l245_l260() {
    for (n, dummies, monuments) in [(2, 12, 4), (3, 6, 5), (4, 0, 6)] {
        let s = Tzolkin.setup(n, &Options::default(), 9).unwrap();
        let count: usize = s
            .gears
            .iter()
            .map(|g| g.iter().filter(|&&o| o == DUMMY).count())
            .sum();
        assert_eq!(count, dummies, "{n} players");
        assert_eq!(s.monuments.len(), monuments);
        assert_eq!(
            s.jungle,
            [[0, n as u8], [n as u8, 0], [n as u8, 0], [n as u8, 0]]
        );
        for &t in &s.dummy_tiles {
            assert!(
                s.players.iter().all(|p| !p.dealt.contains(&t)),
                "dummies come from undealt tiles"
            );
        }
    }
}

// ------------------------------------------------------------ commands

#[test]
fn korean_names_short_forms_and_suggestions() {
    let mut s = fresh(2);
    seat(&mut s, 0).corn(10);
    let g = Tzolkin;
    assert_eq!(
        g.parse(&s, Seat(0), "배치 팔렝케").unwrap().to_string(),
        "place pal"
    );
    assert_eq!(
        g.parse(&s, Seat(0), "pl tik").unwrap().to_string(),
        "place tik"
    );
    assert_eq!(
        g.parse(&s, Seat(0), "place palenque tikal start")
            .unwrap()
            .to_string(),
        "place pal tik start"
    );
    let e = g.parse(&s, Seat(0), "plase pal").unwrap_err();
    assert!(e.suggestions.contains(&"place pal".to_string()), "{e:?}");
    play(&mut s, 0, "place 치첸이차");
    assert_eq!(s.gears[CHI][0], 1);
    play(&mut s, 0, "end");
    seat(&mut s, 1).hand(0);
    board(&mut s).worker(YAX, 2, 1);
    assert_eq!(
        g.parse(&s, Seat(1), "y2").unwrap().to_string(),
        "retrieve yax2"
    );
    assert!(matches!(
        g.parse(&s, Seat(1), "r y2").unwrap(),
        Command::Retrieve {
            gear: 1,
            pos: 2,
            act: Some(_)
        }
    ));
    assert_eq!(
        g.parse(&s, Seat(1), "회수 야슈칠란 2").unwrap().to_string(),
        "retrieve yax2"
    );
}

#[test]
fn theology_1_lets_a_worker_on_chichen_itza_0_do_action_1_rb_l872() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(CHI, 0, 0);
    seat(&mut s, 0).skulls(1);
    seat(&mut s, 0).corn(3);
    board(&mut s).skull_supply(12);
    assert_eq!(legal(&s, 0), vec!["retrieve chi0 none"]);
    seat(&mut s, 0).tech(THEO, 1);
    play(&mut s, 0, "retrieve chi0 as chi1");
    assert_eq!(
        (s.players[0].vp, s.players[0].temple[CHAAC], s.chi_slots),
        (4, 2, 1)
    );
}

#[test]
fn the_quick_legality_check_agrees_with_the_legal_list() {
    use quipu::engine::Rng;
    let g = Tzolkin;
    let mut rng = Rng::new(5);
    for seed in 0..20 {
        let mut s = g
            .setup(2 + (seed % 3) as usize, &Options::default(), seed)
            .unwrap();
        while let Some(&seat) = g.to_act(&s).first() {
            for who in 0..s.n {
                let legal = g.legal(&s, Seat(who));
                let mut candidates = legal.clone();
                candidates.push(Command::End);
                candidates.extend((0..6).map(|t| Command::Place {
                    targets: [t, 0, 0, 0, 0, 0],
                    n: 1,
                }));
                for gear in 0..5u8 {
                    for pos in 0..11u8 {
                        candidates.push(Command::Retrieve {
                            gear,
                            pos,
                            act: None,
                        });
                    }
                }
                for c in &candidates {
                    assert_eq!(
                        rules_legal::is_legal(&s, who, c),
                        legal.contains(c),
                        "{c} for seat {who} in {s:?}"
                    );
                }
            }
            let legal = g.legal(&s, seat);
            let c = legal[rng.below(legal.len())];
            g.apply(&mut s, seat, &c).unwrap();
        }
    }
}

#[test]
fn placing_and_retrieving_do_not_mix_and_placing_on_7_is_legal_rb_l289_spec_a3() {
    let mut s = fresh(2);
    board(&mut s).worker(YAX, 3, 0);
    seat(&mut s, 0).hand(2);
    for k in 0..7 {
        board(&mut s).dummy(PAL, k);
    }
    seat(&mut s, 0).corn(8);
    play(&mut s, 0, "place pal");
    assert_eq!(
        (s.gears[PAL][7], s.players[0].corn),
        (1, 1),
        "the lowest empty space is 7"
    );
    let l = legal(&s, 0);
    assert!(
        l.contains(&"place start".to_string()) && !l.iter().any(|c| c.starts_with("retrieve")),
        "no retrieving after placing: {l:?}"
    );
}

#[test]
fn uxmal_5_from_a_free_choice_space_still_costs_its_corn_rb_l618() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(UXM, 7, 0);
    seat(&mut s, 0).corn(1);
    play(&mut s, 0, "retrieve uxm7 as uxm5");
    assert_eq!(s.players[0].corn, 0);
    play(&mut s, 0, "do pal1");
    assert_eq!(s.players[0].corn, 3);
    board(&mut s).worker(UXM, 6, 0);
    seat(&mut s, 0).corn(2);
    assert!(
        !legal(&s, 0).contains(&"retrieve uxm6 as uxm1".to_string()),
        "UXM 1 needs 3 corn"
    );
}

#[test]
fn no_skull_when_the_supply_is_empty_rb_l536() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(YAX, 4, 0);
    board(&mut s).skull_supply(0);
    seat(&mut s, 1).skulls(13);
    play(&mut s, 0, "retrieve yax4");
    assert_eq!((s.players[0].skulls, s.skull_supply), (0, 0));
}

#[test]
fn building_effects_nested_build_two_techs_action_and_market_rb_l1105_l1113() {
    // A1-08: a temple of choice, then a building as at Tikal 2.
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 2, 0);
    let a108 = building(&s, "A1-08");
    let a101 = building(&s, "A1-01");
    board(&mut s).display([a108, a101, NONE, NONE, NONE, NONE]);
    seat(&mut s, 0).res([2, 0, 1]);
    play(&mut s, 0, "retrieve tik2");
    play(&mut s, 0, "build a1-08");
    play(&mut s, 0, "temple kukul");
    play(&mut s, 0, "build a1-01");
    let p = &s.players[0];
    assert_eq!(
        (p.res, p.temple[KUKUL], p.exempt, p.buildings.count_ones()),
        ([0, 0, 0], 2, 1, 2)
    );
    // A2-17: two free tech levels; A2-07: pay 1 corn for any action; A2-04: a market trade.
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 4, 0);
    board(&mut s).age(2);
    let a217 = building(&s, "A2-17");
    let a207 = building(&s, "A2-07");
    board(&mut s).display([a217, a207, NONE, NONE, NONE, NONE]);
    seat(&mut s, 0).res([2, 2, 3]);
    seat(&mut s, 0).corn(1);
    play(&mut s, 0, "retrieve tik4");
    play(&mut s, 0, "build a2-17");
    play(&mut s, 0, "tech theo");
    play(&mut s, 0, "tech theo");
    assert_eq!(s.players[0].tech[THEO], 2);
    play(&mut s, 0, "build a2-07");
    assert_eq!(s.players[0].vp, 2);
    play(&mut s, 0, "do yax1");
    assert_eq!((s.players[0].corn, s.players[0].res[WOOD]), (0, 1));
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 2, 0);
    let a204 = building(&s, "A2-04");
    board(&mut s).display([a204, NONE, NONE, NONE, NONE, NONE]);
    seat(&mut s, 0).res([0, 4, 0]);
    play(&mut s, 0, "retrieve tik2");
    play(&mut s, 0, "build a2-04");
    play(&mut s, 0, "sell stone");
    play(&mut s, 0, "done");
    assert_eq!(
        (s.players[0].vp, s.players[0].corn, s.players[0].res[STONE]),
        (6, 3, 0)
    );
}

#[test]
fn after_the_age_change_refills_come_from_the_age_2_pile_spec_a20_a21() {
    let mut s = fresh(2);
    board(&mut s).food_done(1);
    apply::food_day(&mut s, 14);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 2, 0);
    let b = s.display[0];
    let cost = s.data.buildings[b as usize].cost;
    seat(&mut s, 0).res(cost.res);
    seat(&mut s, 0).corn(cost.corn);
    seat(&mut s, 0).skulls(0);
    let id = s.data.buildings[b as usize].id.to_lowercase();
    play(&mut s, 0, "retrieve tik2");
    let cmd = legal(&s, 0)
        .into_iter()
        .find(|c| c.starts_with(&format!("build {id}")))
        .unwrap();
    play(&mut s, 0, &cmd);
    let top = *s.piles[1].last().unwrap();
    play(&mut s, 0, "end");
    assert_eq!(s.display[0], top);
    assert_eq!(s.data.buildings[top as usize].age, 2);
}

#[test]
fn the_starting_space_worker_is_fed_spec_a19() {
    let mut s = fresh(2);
    board(&mut s).start_space(Some(0));
    seat(&mut s, 0).hand(2);
    seat(&mut s, 0).corn(6);
    apply::food_day(&mut s, 8);
    assert_eq!(
        s.players[0].corn, 0,
        "3 workers: 2 in hand and 1 on the starting space"
    );
}

#[test]
fn every_monument_scores_as_printed_rb_l1117_l1120() {
    let mut s = fresh(4);
    seat(&mut s, 0)
        .temples([4, 3, 6]) // CHAAC +3 (6 VP), QUETZ +2 (2 VP), KUKUL +5 (9 VP)
        .techs([3, 3, 1, 0])
        .corn_tiles(3)
        .wood_tiles(2);
    let tombs = ["A1-06", "A1-07"];
    let cities = ["A1-09"];
    for id in tombs.iter().chain(cities.iter()) {
        let b = building(&s, id);
        seat(&mut s, 0).with_building(b);
    }
    let ids = [
        "M01", "M02", "M03", "M04", "M06", "M07", "M08", "M10", "M11", "M12",
    ];
    for id in ids {
        let m = monument(&s, id);
        seat(&mut s, 0).with_monument(m);
    }
    let pts: Vec<i32> = ids
        .iter()
        .map(|id| scoring::monument_points(&s, 0, monument(&s, id) as usize))
        .collect();
    // M01: 2 tomb buildings + 4 tomb monuments (M01-M04) = 6 x 4; M02: 3 buildings x 2 + 10 monuments x 2;
    // M03: 3 corn tiles x 4; M04: 2 wood tiles x 4; M06: 1 city building + 3 city monuments (M06-M08) = 4 x 4;
    // M07: two techs at 3 = 20; M08: 7 levels x 3; M10: 3 holy monuments (M10-M12) x 4;
    // M11: 6 + 2 + 9; M12: best temple KUKUL +5 = 5 x 3.
    assert_eq!(pts, vec![24, 26, 12, 8, 16, 20, 21, 12, 17, 15]);
}

#[test]
fn a_full_tie_is_a_shared_win_rb_l1006() {
    let mut s = fresh(3);
    for i in 0..3 {
        seat(&mut s, i).vp(10);
    }
    board(&mut s).worker(PAL, 2, 0);
    board(&mut s).worker(YAX, 2, 1);
    board(&mut s).phase(Phase::Over);
    let out = Tzolkin.outcome(&s).unwrap();
    assert_eq!(out.ranks, vec![1, 1, 3]);
}

#[test]
fn the_dummies_block_option_makes_dummies_block_the_double_advance_spec_a2() {
    let mut o = Options::default();
    o.0.insert("dummies_block".into(), "yes".into());
    let mut s = fresh_with(2, &o);
    board(&mut s).start_space(Some(0));
    board(&mut s).dummy(TIK, 6);
    assert!(!rules_legal::double_advance_ok(&s, 0));
}

#[test]
fn data_reading_options_change_the_tables_spec_10() {
    let mut o = Options::default();
    o.0.insert("a2_04_cost".into(), "gold".into());
    o.0.insert("m13_category".into(), "tomb".into());
    let s = Tzolkin.setup(2, &o, 1).unwrap();
    let b = &s.data.buildings[building(&s, "A2-04") as usize];
    assert_eq!(b.cost.res, [0, 0, 3]);
    let m = &s.data.monuments[monument(&s, "M13") as usize];
    assert_eq!(format!("{:?}", m.category), "Tomb");
    let mut bad = Options::default();
    bad.0.insert("data".into(), "/nonexistent/file.toml".into());
    assert!(Tzolkin.setup(2, &bad, 1).is_err());
}

#[test]
fn the_invariants_catch_lost_workers_skulls_and_tiles() {
    let s = Tzolkin.setup(3, &Options::default(), 2).unwrap();
    assert!(Tzolkin.invariants(&s).is_ok());
    let mut t = s.clone();
    let hand = t.players[0].hand;
    seat(&mut t, 0).hand(hand + 1);
    assert!(Tzolkin.invariants(&t).unwrap_err().contains("workers"));
    let mut t = s.clone();
    let skulls = t.skull_supply;
    board(&mut t).skull_supply(skulls - 1);
    assert!(Tzolkin.invariants(&t).unwrap_err().contains("skulls"));
    let mut t = s.clone();
    let [covered, bare] = t.jungle[0];
    board(&mut t).jungle(0, covered, bare - 1);
    assert!(Tzolkin.invariants(&t).unwrap_err().contains("jungle"));
}

#[test]
fn refused_commands_leave_the_state_untouched() {
    let mut s = fresh(2);
    seat(&mut s, 0).corn(1);
    let before = s.clone();
    let g = Tzolkin;
    // Two workers on PAL 0 and 1 would cost 0 + 2: the second cannot be paid.
    let cmd = g.parse(&s, Seat(0), "place pal pal").unwrap();
    assert!(g.apply(&mut s, Seat(0), &cmd).is_err());
    assert_eq!(s, before);
    assert!(g.apply(&mut s, Seat(1), &Command::End).is_err());
    assert_eq!(s, before);
}

#[test]
fn the_calendar_choice_can_be_declared_when_placing_on_the_starting_space_spec_12_1() {
    let mut s = fresh(2);
    seat(&mut s, 0).corn(5);
    seat(&mut s, 1).corn(5);
    play(&mut s, 0, "place start");
    play(&mut s, 0, "advance 2");
    assert!(
        !legal(&s, 0).iter().any(|c| c.starts_with("advance")),
        "declared once"
    );
    play(&mut s, 0, "end");
    play(&mut s, 1, "place pal");
    play(&mut s, 1, "end");
    assert_eq!(
        (s.phase(), s.day, s.players[0].light, s.first),
        (Phase::Turn, 3, false, 1),
        "no extra decision"
    );
    // Declared 2 but not allowed (a worker on 6): one day.
    let mut s = fresh(2);
    seat(&mut s, 0).corn(5);
    board(&mut s).worker(TIK, 6, 1);
    seat(&mut s, 1).hand(2);
    play(&mut s, 0, "place start");
    play(&mut s, 0, "advance 2");
    play(&mut s, 0, "end");
    play(&mut s, 1, "place pal");
    play(&mut s, 1, "end");
    assert_eq!((s.day, s.players[0].light, s.gears[TIK][7]), (2, true, 2));
}

#[test]
fn the_view_shows_the_board_the_private_tiles_and_a_picture() {
    let g = Tzolkin;
    let s = g.setup(3, &Options::default(), 4).unwrap();
    let v = g.view(&s, Some(Seat(1)));
    assert_eq!(v.private.len(), 1);
    match &v.private[0].body {
        quipu::engine::Block::Lines(lines) => {
            assert_eq!(lines.len(), 5, "four tiles and a hint");
            let first = &s.data.tiles[s.players[1].dealt[0] as usize].id;
            assert!(lines[0].en.starts_with(&format!("{first}:")));
        }
        other => panic!("{other:?}"),
    }
    assert!(g.view(&s, None).private.is_empty());
    let mut s = fresh(3);
    board(&mut s).worker(PAL, 3, 0);
    seat(&mut s, 0).hand(2);
    let v = g.view(&s, None);
    assert!(
        v.headline
            .en
            .contains("Red (seat 1) to place or pick up workers"),
        "{}",
        v.headline.en
    );
    // The seat to act reads it as its own turn, in either language.
    let mine = g.view(&s, Some(Seat(0))).headline;
    assert!(
        mine.en.contains("Your turn: place or pick up workers"),
        "{}",
        mine.en
    );
    assert!(
        mine.ko.contains("당신의 차례: 일꾼 놓기 또는 회수"),
        "{}",
        mine.ko
    );
    let theirs = g.view(&s, Some(Seat(1))).headline;
    assert!(
        theirs.ko.contains("빨강 (1번 자리)의 차례"),
        "{}",
        theirs.ko
    );
    let gears = v
        .sections
        .iter()
        .find(|x| x.title.en.starts_with("Gears"))
        .unwrap();
    match &gears.body {
        quipu::engine::Block::Table { rows, .. } => {
            assert_eq!(rows[0][4].en, "R", "Red on Palenque 3")
        }
        other => panic!("{other:?}"),
    }
    assert!(v.picture.width == quipu::engine::PICTURE_WIDTH && v.picture.shapes.len() > 100);
    let red_dots = v
        .picture
        .shapes
        .iter()
        .filter(|sh| matches!(sh, quipu::engine::Shape::Circle { r: 8, fill: Some(c), .. } if *c == quipu::engine::Color::RED))
        .count();
    assert_eq!(red_dots, 1, "one red worker on the gears");
}

#[test]
fn a_refill_is_an_event_that_reveals() {
    let mut s = fresh(2);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 2, 0);
    let b = building(&s, "A1-13");
    board(&mut s).show_building(0, b);
    assert_eq!(s.display.iter().filter(|&&x| x == b).count(), 1);
    seat(&mut s, 0).res([0, 0, 1]);
    play(&mut s, 0, "retrieve tik2");
    play(&mut s, 0, "build a1-13");
    let g = Tzolkin;
    let events = g.apply(&mut s, Seat(0), &Command::End).unwrap();
    assert!(
        events
            .iter()
            .any(|e| e.reveals && e.text.en.starts_with("Buildings on offer now")),
        "{events:?}"
    );
}

#[test]
fn uxmal_4_any_two_resource_building_costs_4_corn_rb_l606_l610() {
    for id in ["A1-09", "A1-14", "A2-13"] {
        let mut s = fresh(2);
        seat(&mut s, 0).hand(0);
        board(&mut s).worker(UXM, 4, 0);
        let b = building(&s, id);
        board(&mut s).display([b, NONE, NONE, NONE, NONE, NONE]);
        seat(&mut s, 0).corn(4);
        seat(&mut s, 0).res([0, 0, 0]);
        play(&mut s, 0, "retrieve uxm4");
        play(&mut s, 0, &format!("build {}", id.to_lowercase()));
        assert_eq!(s.players[0].corn, 0, "{id}");
        assert_eq!(s.players[0].buildings, 1 << b);
    }
}

#[test]
fn tikal_example_two_techs_then_two_buildings_refilled_at_turn_end_rb_l572_l578() {
    // Yellow: TIK 3 raises two techs for 1 wood each, then TIK 4 builds two buildings.
    let mut s = fresh(4);
    seat(&mut s, 0).hand(0);
    board(&mut s).worker(TIK, 3, 0);
    board(&mut s).worker(TIK, 4, 0);
    let a = building(&s, "A1-01"); // 1 wood
    let b = building(&s, "A1-13"); // 1 gold
    board(&mut s)
        .show_building(0, a)
        .show_building(1, b)
        .refill_display_from(2);
    let pile_len = s.piles[0].len();
    seat(&mut s, 0).res([3, 0, 1]);
    play(&mut s, 0, "retrieve tik3");
    play(&mut s, 0, "tech agri pay wood");
    play(&mut s, 0, "tech res pay wood");
    play(&mut s, 0, "retrieve tik4");
    play(&mut s, 0, "build a1-01");
    play(&mut s, 0, "build a1-13");
    assert_eq!(
        (s.players[0].tech, s.players[0].res),
        ([1, 1, 1, 0], [0, 0, 0])
    );
    assert_eq!(s.display[..2], [NONE, NONE]);
    play(&mut s, 0, "end");
    assert_eq!(
        s.piles[0].len(),
        pile_len - 2,
        "two new buildings from the Age I pile"
    );
    assert!(s.display[..2].iter().all(|&x| x != NONE));
}

#[test]
fn leaving_a_worker_on_6_blocks_the_double_advance_but_7_does_not_rb_l698_l702() {
    // Green (seat 0) is on the starting space; Red (seat 1) has workers on PAL 6 and 7.
    let position = || {
        let mut s = fresh(2);
        board(&mut s)
            .start_space(Some(0))
            .turn_index(1)
            .worker(PAL, 6, 1)
            .worker(PAL, 7, 1);
        seat(&mut s, 0).hand(2);
        seat(&mut s, 1).hand(1);
        s
    };
    let mut s = position();
    play(&mut s, 1, "retrieve pal7 none");
    play(&mut s, 1, "end");
    assert_eq!(s.phase(), Phase::Turn, "no choice: the worker on 6 blocks");
    assert_eq!((s.day, s.gears[PAL][7], s.first), (2, 2, 1));
    let mut s = position();
    play(&mut s, 1, "retrieve pal6 none");
    play(&mut s, 1, "end");
    assert_eq!(s.phase(), Phase::Advance, "the worker on 7 does not block");
    assert_eq!(legal(&s, 0), vec!["advance 1", "advance 2"]);
}

#[test]
fn another_data_file_can_be_loaded_by_path() {
    let mut o = Options::default();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/games/tzolkin/data/tzolkin.toml"
    );
    o.0.insert("data".into(), path.into());
    let s = Tzolkin.setup(4, &o, 1).unwrap();
    assert_eq!(
        (
            s.data.tiles.len(),
            s.data.buildings.len(),
            s.data.monuments.len()
        ),
        (21, 32, 13)
    );
    assert!(s.data.name.ends_with("tzolkin.toml"));
}
