//! Through the Ages (first edition): the last cards built for issue 16,
//! each as its text in the card file says (seed 004_9680d37650e49187.txt
//! for the rules around them).

use quipu::engine::Game;
use quipu::games::tta::apply::turn;
use quipu::games::tta::legal;
use quipu::games::tta::state::{Mode, Phase, State};
use quipu::games::tta::testkit::{
    self, blue_on, develop_from_deck, later_round_in, legal_texts, play, put_blue, put_workers,
    resources, stats, turn_of, wonder_from_deck, wonders_from_deck,
};
use quipu::games::tta::ThroughTheAges as TheGame;

fn invariants(s: &State) {
    TheGame
        .invariants(s)
        .unwrap_or_else(|e| panic!("invariant: {e}"));
}

/// Seat `seat`'s turn begins (refill, then the political phase).
fn begin(s: &mut State, seat: usize) {
    turn_of(s, seat);
    let mut out = Vec::new();
    turn::begin_turn(s, &mut out);
    assert_eq!(s.phase, Phase::Political);
}

// ---- wonders and technologies

/// Two players of the full game in Age III.
fn age_three() -> State {
    let mut s = later_round_in(Mode::Full, 2);
    testkit::in_round(&mut s, 3, 12);
    s
}

/// Seat 1 builds the last stage of `wonder` (`last` resources) and returns
/// the culture it scored by it.
fn complete(s: &mut State, wonder: &str, id: &str, stages: u8, last: u8) -> i32 {
    wonder_from_deck(s, 0, id, stages - 1);
    put_blue(s, 0, "board-A-bronze", last);
    begin(s, 0);
    let before = s.players[0].culture;
    play(s, 0, &format!("build wonder {wonder}"));
    assert!(s.players[0].wonder.is_none(), "{wonder} is completed");
    invariants(s);
    s.players[0].culture - before
}

#[test]
fn internet_scores_two_culture_per_level_of_each_lab_and_library() {
    // Computers (lab III) ×1, Journalism (library II) ×2, Philosophy (lab
    // A, level 0) ×1; Drama (a theater) does not count: 2 × (3 + 2 × 2) = 14.
    let mut s = age_three();
    for id in ["civ-III-computers", "civ-II-journalism", "civ-I-drama"] {
        develop_from_deck(&mut s, 0, id);
    }
    put_workers(&mut s, 0, "civ-III-computers", 1);
    put_workers(&mut s, 0, "civ-II-journalism", 2);
    put_workers(&mut s, 0, "civ-I-drama", 1);
    let rate = testkit::stats(&s, 0).culture_rate;
    assert_eq!(complete(&mut s, "internet", "civ-III-internet", 5, 2), 14);
    // Once: the culture rate does not carry it.
    assert_eq!(testkit::stats(&s, 0).culture_rate, rate);
}

#[test]
fn hollywood_scores_two_culture_per_level_of_each_theater_and_library() {
    // Movies (theater III) ×1, Opera (theater II) ×1, Journalism (library
    // II) ×2; Computers (a lab) does not count: 2 × (3 + 2 + 2 × 2) = 18.
    let mut s = age_three();
    for id in [
        "civ-III-movies",
        "civ-II-opera",
        "civ-II-journalism",
        "civ-III-computers",
    ] {
        develop_from_deck(&mut s, 0, id);
    }
    put_workers(&mut s, 0, "civ-III-movies", 1);
    put_workers(&mut s, 0, "civ-II-opera", 1);
    put_workers(&mut s, 0, "civ-II-journalism", 2);
    put_workers(&mut s, 0, "civ-III-computers", 1);
    assert_eq!(complete(&mut s, "hollywood", "civ-III-hollywood", 3, 5), 18);
}

#[test]
fn first_space_flight_scores_the_levels_of_every_technology_card() {
    // Computers III, Coal II, Drama I (no building needed), Architecture
    // II (a special technology); the Age A cards and Despotism are level 0:
    // 3 + 2 + 1 + 2 = 8.
    let mut s = age_three();
    for id in [
        "civ-III-computers",
        "civ-II-coal",
        "civ-I-drama",
        "civ-II-architecture",
    ] {
        develop_from_deck(&mut s, 0, id);
    }
    assert_eq!(
        complete(&mut s, "first-space", "civ-III-first-space-flight", 3, 9),
        8
    );
}

#[test]
fn fast_food_chains_scores_per_worker_two_on_farms_and_mines() {
    // The board: Agriculture ×2 and Bronze ×2 (2 each), Philosophy ×1 and
    // Warriors ×1 (1 each); Drama ×1 (1); the unused worker counts nothing:
    // 4 + 4 + 1 + 1 + 1 = 11.
    let mut s = age_three();
    develop_from_deck(&mut s, 0, "civ-I-drama");
    put_workers(&mut s, 0, "civ-I-drama", 1);
    assert!(s.players[0].workers > 0);
    assert_eq!(
        complete(&mut s, "fast-food", "civ-III-fast-food-chains", 4, 4),
        11
    );
}

#[test]
fn transcontinental_railroad_doubles_one_worker_of_the_best_worked_mine() {
    // Bronze ×2 (1 each); Iron developed, no worker: the best worked mine
    // is Bronze, 2 + 1 = 3 a turn.
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::in_round(&mut s, 2, 8);
    develop_from_deck(&mut s, 0, "civ-I-iron");
    assert_eq!(stats(&s, 0).resource_rate, 2);
    wonders_from_deck(&mut s, 0, &["civ-II-transcontinental-railroad"]);
    assert_eq!(stats(&s, 0).resource_rate, 3);
    // A worker on Iron (2 each): 2 + 2, and Iron doubled: +2 = 6.
    put_workers(&mut s, 0, "civ-I-iron", 1);
    assert_eq!(stats(&s, 0).resource_rate, 6);
    let before = resources(&s, 0);
    turn::production(&mut s, 0, &mut Vec::new());
    assert_eq!(resources(&s, 0), before + 6);
    assert_eq!(blue_on(&s, 0, "civ-I-iron"), 2);
    assert_eq!(blue_on(&s, 0, "board-A-bronze"), 2);
    invariants(&s);
}

#[test]
fn ocean_liner_service_grows_once_a_turn_without_a_civil_action_five_food_less() {
    // 3 tokens left in the yellow bank: growing costs 7 food; the card's
    // growth costs 2 and no civil action; a plain growth still costs 7.
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::in_round(&mut s, 2, 8);
    put_workers(&mut s, 0, "board-A-agriculture", 15);
    wonders_from_deck(&mut s, 0, &["civ-II-ocean-liner-service"]);
    let mode = s.rules.mode;
    assert_eq!(legal::growth_cost(&s.data, &s.players[0], mode), Some(7));
    put_blue(&mut s, 0, "board-A-agriculture", 2);
    begin(&mut s, 0);
    let texts = legal_texts(&s, 0);
    assert!(texts.contains(&"grow free".to_string()), "{texts:?}");
    assert!(!texts.contains(&"grow".to_string()), "7 food > 2");
    let (white, workers) = (s.players[0].white_used, s.players[0].workers);
    play(&mut s, 0, "인구 무료");
    let p = &s.players[0];
    assert_eq!(
        (p.white_used, p.workers, p.yellow_bank, testkit::food(&s, 0)),
        (white, workers + 1, 2, 0)
    );
    // Once a turn.
    put_blue(&mut s, 0, "board-A-agriculture", 7);
    let texts = legal_texts(&s, 0);
    assert!(!texts.contains(&"grow free".to_string()), "{texts:?}");
    assert!(texts.contains(&"grow".to_string()), "7 food");
    invariants(&s);
    play(&mut s, 0, "done");
    assert_eq!(s.players[0].free_growths, 0, "again next turn");
}
