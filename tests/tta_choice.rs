//! Through the Ages, the advanced and full games: the military events of
//! Ages I and II that need a choice of the seats they touch (seed
//! 004_9680d37650e49187.txt L2113-2136; each card's text).

use quipu::engine::{Game, Seat};
use quipu::games::tta::legal::white_left;
use quipu::games::tta::scoring;
use quipu::games::tta::state::{Mode, Phase, State};
use quipu::games::tta::testkit::{
    action_tokens, card, colony, completed_wonder_from_deck, culture, food, later_round_in,
    legal_texts, play, put_blue, put_workers, refused, resources, row_from_deck, stats,
    unused_workers, workers_on,
};
use quipu::games::tta::testkit::{invariants, reveal, to_act};
use quipu::games::tta::ThroughTheAges as TheGame;

/// The seat's timeout default, applied.
fn time_out(s: &mut State, seat: usize) {
    let cmd = TheGame
        .default_command(s, Seat(seat))
        .expect("a default for an asked seat");
    TheGame
        .apply(s, Seat(seat), &cmd)
        .expect("the default is legal");
}

#[test]
fn foray_the_two_strongest_split_three_food_and_resources_at_once() {
    // Seat 2 is strongest (3 Warriors); seats 1 and 3 tie at 1 and the
    // active seat 1 is favoured: seats 1 and 2 are the two strongest.
    let mut s = later_round_in(Mode::Advanced, 3);
    put_workers(&mut s, 1, "board-A-warriors", 2);
    let before: Vec<(i32, i32)> = (0..3).map(|i| (food(&s, i), resources(&s, i))).collect();
    reveal(&mut s, "mil-I-foray");
    assert_eq!(to_act(&s), vec![0, 1]);
    assert!(legal_texts(&s, 2).is_empty());
    assert_eq!(
        legal_texts(&s, 1),
        vec![
            "choose food 0 resources 3",
            "choose food 1 resources 2",
            "choose food 2 resources 1",
            "choose food 3 resources 0"
        ]
    );
    refused(&s, 1, "choose food 2 resources 2");
    // Seat 2 answers first (in Korean), with no need to wait for seat 1.
    play(&mut s, 1, "선택 식량 1 자원 2");
    assert_eq!(to_act(&s), vec![0]);
    assert_eq!(food(&s, 1), before[1].0 + 1);
    assert_eq!(resources(&s, 1), before[1].1 + 2);
    // Seat 1 times out: the most even split, more food (2 food, 1 resource).
    time_out(&mut s, 0);
    assert_eq!(food(&s, 0), before[0].0 + 2);
    assert_eq!(resources(&s, 0), before[0].1 + 1);
    assert_eq!((food(&s, 2), resources(&s, 2)), before[2]);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn raiders_the_two_weakest_lose_two_food_and_resources_of_their_choice() {
    // Seat 2 is strongest; seat 1 (favoured) and seat 3 are the two weakest.
    let mut s = later_round_in(Mode::Advanced, 3);
    put_workers(&mut s, 1, "board-A-warriors", 2);
    // Seat 1: 3 food, no resources -> no choice, loses 2 food at once.
    put_blue(&mut s, 0, "board-A-agriculture", 3);
    // Seat 3: 1 food and 4 resources -> chooses.
    put_blue(&mut s, 2, "board-A-agriculture", 1);
    put_blue(&mut s, 2, "board-A-bronze", 4);
    put_blue(&mut s, 1, "board-A-bronze", 2);
    assert_eq!((food(&s, 0), resources(&s, 0)), (3, 0));
    assert_eq!((food(&s, 2), resources(&s, 2)), (1, 4));
    reveal(&mut s, "mil-I-raiders");
    assert_eq!((food(&s, 0), resources(&s, 0)), (1, 0));
    assert_eq!(to_act(&s), vec![2]);
    assert_eq!(
        legal_texts(&s, 2),
        vec!["choose food 0 resources 2", "choose food 1 resources 1"]
    );
    play(&mut s, 2, "choose food 0 resources 2");
    assert_eq!((food(&s, 2), resources(&s, 2)), (1, 2));
    // The strongest is untouched.
    assert_eq!(resources(&s, 1), 2);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn raiders_timeout_takes_one_of_each_and_a_seat_with_nothing_is_not_asked() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 1, "board-A-warriors", 1);
    // Two players: "the two weakest" is the weaker one, seat 1.
    put_blue(&mut s, 0, "board-A-agriculture", 2);
    put_blue(&mut s, 0, "board-A-bronze", 2);
    reveal(&mut s, "mil-I-raiders");
    assert_eq!(to_act(&s), vec![0]);
    time_out(&mut s, 0);
    assert_eq!((food(&s, 0), resources(&s, 0)), (1, 1));
    assert_eq!(s.phase, Phase::Actions);
    // Nothing left to take from seat 2's empty stock: nobody is asked.
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-warriors", 1);
    assert_eq!((food(&s, 1), resources(&s, 1)), (0, 0));
    reveal(&mut s, "mil-I-raiders");
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

/// The whole view of a seat as text (both languages).
fn view_text(s: &State, seat: usize) -> String {
    format!("{:?}", TheGame.view(s, Some(Seat(seat))))
}

fn discontent(s: &State, seat: usize) -> i32 {
    scoring::discontent(&s.data, &s.players[seat], s.rules.mode)
}

fn unused(s: &State, seat: usize) -> u8 {
    s.players[seat].workers
}

#[test]
fn border_conflict_the_weakest_loses_a_building_of_its_choice_the_strongest_produces_3() {
    // Seat 2 is strongest (3 Warriors); seats 1 and 3 tie at 1 and the
    // active seat 1 is favoured, so seat 3 is the weakest.
    let mut s = later_round_in(Mode::Advanced, 3);
    put_workers(&mut s, 1, "board-A-warriors", 2);
    let res = resources(&s, 1);
    reveal(&mut s, "mil-I-border-conflict");
    assert_eq!(resources(&s, 1), res + 3);
    assert_eq!(to_act(&s), vec![2]);
    assert_eq!(
        legal_texts(&s, 2),
        vec![
            "destroy farm agriculture",
            "destroy mine bronze",
            "destroy lab philosophy"
        ]
    );
    assert!(legal_texts(&s, 0).is_empty());
    let view = view_text(&s, 2);
    assert!(
        view.contains("Lose one farm, mine or urban building"),
        "{view}"
    );
    assert!(view.contains("농장, 광산, 도시 건물 중 하나를 골라 잃습니다"));
    let science = stats(&s, 2).science_rate;
    play(&mut s, 2, "해체 lab philosophy");
    assert_eq!(workers_on(&s, 2, "board-A-philosophy"), 0);
    assert_eq!(unused(&s, 2), 2);
    assert_eq!(stats(&s, 2).science_rate, science - 1);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn border_conflict_timeout_takes_down_the_oldest_building_first_developed() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-warriors", 1);
    reveal(&mut s, "mil-I-border-conflict");
    assert_eq!(to_act(&s), vec![1]);
    time_out(&mut s, 1);
    assert_eq!(workers_on(&s, 1, "board-A-agriculture"), 1);
    assert_eq!(workers_on(&s, 1, "board-A-bronze"), 2);
    assert_eq!(unused(&s, 1), 2);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn rebellion_costs_two_civil_actions_per_discontent_worker_on_the_next_turn() {
    let mut s = later_round_in(Mode::Advanced, 2);
    // Seat 1: 8 unused workers leave 11 in the bank: 2 happy faces
    // required, none made: 2 discontent. Seat 2: 13 left, 1 discontent.
    unused_workers(&mut s, 0, 8);
    unused_workers(&mut s, 1, 6);
    assert_eq!(discontent(&s, 0), 2);
    assert_eq!(discontent(&s, 1), 1);
    reveal(&mut s, "mil-I-rebellion");
    // No one is asked; the active seat keeps this turn's 4 civil actions.
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(white_left(&s, 0), 4);
    play(&mut s, 0, "done");
    // Seat 2's turn: 4 - 2.
    assert_eq!(s.turn, 1);
    assert_eq!(white_left(&s, 1), 2);
    // Seat 1 will start its next turn with none (4 - 2 × 2).
    assert_eq!(white_left(&s, 0), 0);
    play(&mut s, 1, "skip");
    play(&mut s, 1, "done");
    assert_eq!(s.turn, 0);
    assert_eq!(white_left(&s, 0), 0);
    assert_eq!(
        legal_texts(&s, 0).iter().filter(|c| *c == "grow").count(),
        0
    );
    invariants(&s);
}

#[test]
fn independence_declaration_the_weakest_gives_up_a_colony_of_its_choice() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-warriors", 1);
    colony(&mut s, 1, "mil-I-historic-territory");
    colony(&mut s, 1, "mil-I-wealthy-territory");
    let bank = s.players[1].blue_bank;
    let happy = stats(&s, 1).happiness;
    reveal(&mut s, "mil-II-independence-declaration");
    assert_eq!(to_act(&s), vec![1]);
    // The smallest permanent bonus first (Historic: 1 happy face;
    // Wealthy: 2 blue tokens).
    assert_eq!(
        legal_texts(&s, 1),
        vec!["choose historic-territory-i", "choose wealthy-territory-i"]
    );
    assert!(view_text(&s, 1).contains("Give up one of your colonies"));
    play(&mut s, 1, "선택 부유한 영토");
    assert_eq!(s.players[1].blue_bank, bank - 2);
    assert_eq!(stats(&s, 1).happiness, happy);
    assert_eq!(s.players[1].colonies.len(), 1);
    assert!(s.past_events.contains(&card(&s, "mil-I-wealthy-territory")));
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn independence_declaration_one_colony_goes_at_once_and_no_population_is_lost() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-warriors", 1);
    // Fertile Territory brought 3 yellow tokens; the bank holds 1 now.
    colony(&mut s, 1, "mil-I-fertile-territory");
    unused_workers(&mut s, 1, 21);
    assert_eq!(s.players[1].yellow_bank, 1);
    reveal(&mut s, "mil-II-independence-declaration");
    assert_eq!(s.phase, Phase::Actions);
    assert!(s.players[1].colonies.is_empty());
    // One token from the bank; the population stays (seed L2239-2242).
    assert_eq!(s.players[1].yellow_bank, 0);
    assert_eq!(unused(&s, 1), 21);
    invariants(&s);
}

#[test]
fn independence_declaration_timeout_gives_up_the_smallest_bonus() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-warriors", 1);
    colony(&mut s, 1, "mil-I-wealthy-territory");
    colony(&mut s, 1, "mil-I-historic-territory");
    let happy = stats(&s, 1).happiness;
    reveal(&mut s, "mil-II-independence-declaration");
    time_out(&mut s, 1);
    assert_eq!(stats(&s, 1).happiness, happy - 1);
    assert_eq!(
        s.players[1].colonies,
        vec![card(&s, "mil-I-wealthy-territory")]
    );
    invariants(&s);
}

#[test]
fn terrorism_the_least_cultured_destroys_an_urban_building_of_each_other() {
    let mut s = later_round_in(Mode::Advanced, 3);
    culture(&mut s, 0, 5);
    culture(&mut s, 1, 3);
    culture(&mut s, 2, 0);
    // Seat 1 has a lab and a temple; seat 2 a lab only (goes at once).
    put_workers(&mut s, 0, "board-A-religion", 1);
    reveal(&mut s, "mil-II-terrorism");
    assert_eq!(workers_on(&s, 1, "board-A-philosophy"), 0);
    assert_eq!(unused(&s, 1), 2);
    assert_eq!(to_act(&s), vec![2]);
    assert_eq!(
        legal_texts(&s, 2),
        vec!["destroy lab philosophy 1", "destroy temple religion 1"]
    );
    let view = view_text(&s, 2);
    assert!(
        view.contains("Destroy one urban building of each of seats 1"),
        "{view}"
    );
    assert!(view.contains("1번 자리마다 도시 건물 하나씩을 파괴합니다"));
    play(&mut s, 2, "파괴 temple religion 1");
    assert_eq!(workers_on(&s, 0, "board-A-religion"), 0);
    assert_eq!(workers_on(&s, 0, "board-A-philosophy"), 1);
    // The terrorist's own buildings stand.
    assert_eq!(workers_on(&s, 2, "board-A-philosophy"), 1);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn terrorism_timeout_destroys_the_oldest_building_first() {
    let mut s = later_round_in(Mode::Advanced, 2);
    culture(&mut s, 0, 4);
    put_workers(&mut s, 0, "board-A-religion", 1);
    reveal(&mut s, "mil-II-terrorism");
    assert_eq!(to_act(&s), vec![1]);
    time_out(&mut s, 1);
    assert_eq!(workers_on(&s, 0, "board-A-philosophy"), 0);
    assert_eq!(workers_on(&s, 0, "board-A-religion"), 1);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn ravages_of_time_each_turns_an_old_wonder_face_down_at_once() {
    let mut s = later_round_in(Mode::Advanced, 3);
    completed_wonder_from_deck(&mut s, 0, "civ-A-pyramids");
    completed_wonder_from_deck(&mut s, 0, "civ-I-great-wall");
    completed_wonder_from_deck(&mut s, 1, "civ-A-hanging-gardens");
    completed_wonder_from_deck(&mut s, 2, "civ-A-colossus");
    completed_wonder_from_deck(&mut s, 2, "civ-I-taj-mahal");
    let before: Vec<_> = (0..3).map(|i| stats(&s, i)).collect();
    reveal(&mut s, "mil-II-ravages-of-time");
    // Seat 2's only old wonder goes at once: Hanging Gardens (1 culture,
    // 2 happy) now makes 2 culture and nothing else.
    assert_eq!(stats(&s, 1).culture_rate, before[1].culture_rate + 1);
    assert_eq!(stats(&s, 1).happiness, before[1].happiness - 2);
    assert_eq!(to_act(&s), vec![0, 2]);
    assert_eq!(
        legal_texts(&s, 2),
        vec!["choose colossus", "choose taj-mahal"]
    );
    assert!(view_text(&s, 0).contains("Turn one of your Age A or I wonders face down"));
    // Seat 3 answers first (Taj Mahal: 3 culture becomes 2).
    play(&mut s, 2, "choose taj-mahal");
    assert_eq!(stats(&s, 2).culture_rate, before[2].culture_rate - 1);
    assert_eq!(to_act(&s), vec![0]);
    // Seat 1 times out: the oldest, Pyramids (its civil action is lost).
    time_out(&mut s, 0);
    assert_eq!(action_tokens(&s, 0).0, 4);
    assert_eq!(stats(&s, 0).culture_rate, before[0].culture_rate + 2);
    assert!(view_text(&s, 1).contains("Pyramids (face down: 2 culture)"));
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn international_agreement_the_strongest_takes_cards_worth_5_and_skips_its_politics() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 1, "board-A-warriors", 1);
    row_from_deck(&mut s, 0, "civ-I-iron");
    row_from_deck(&mut s, 6, "civ-I-knights");
    row_from_deck(&mut s, 10, "civ-I-monarchy");
    let deck = s.civil_decks[1].len();
    reveal(&mut s, "mil-II-international-agreement");
    assert_eq!(to_act(&s), vec![1]);
    assert_eq!(
        legal_texts(&s, 1),
        vec!["take 1", "take 7", "take 11", "choose decline"]
    );
    assert!(view_text(&s, 1).contains("worth up to 5 more civil actions"));
    play(&mut s, 1, "take 11");
    assert_eq!(
        legal_texts(&s, 1),
        vec!["take 1", "take 7", "choose decline"]
    );
    // 3 + 2: the budget is spent, the choice ends and the row is refilled.
    play(&mut s, 1, "take 7");
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(s.players[1].hand.len(), 2);
    assert!(s.players[1].hand.iter().all(|h| !h.fresh));
    assert_eq!(s.players[1].white_used, 0);
    assert_eq!(s.row[0], Some(card(&s, "civ-I-iron")));
    assert_eq!(s.row.iter().flatten().count(), 13);
    assert_eq!(s.civil_decks[1].len(), deck - 12);
    play(&mut s, 0, "done");
    // Seat 2's political action is given up: its actions come at once.
    assert_eq!(s.turn, 1);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn international_agreement_timeout_takes_nothing_and_keeps_the_politics() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 1, "board-A-warriors", 1);
    row_from_deck(&mut s, 0, "civ-I-iron");
    reveal(&mut s, "mil-II-international-agreement");
    assert_eq!(to_act(&s), vec![1]);
    time_out(&mut s, 1);
    assert_eq!(s.phase, Phase::Actions);
    assert!(s.players[1].hand.is_empty());
    assert_eq!(s.row.iter().flatten().count(), 1);
    play(&mut s, 0, "done");
    assert_eq!(s.phase, Phase::Political);
    invariants(&s);
}
