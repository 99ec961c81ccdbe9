//! Through the Ages (first edition), the advanced and full games: required
//! happiness and uprising, the end of an age, the last round, the Age III
//! scoring events and the final scoring, resignation (seed
//! 004_9680d37650e49187.txt, lines in each test's name or comment).

use quipu::engine::{Event, Game, Seat};
use quipu::games::tta::apply::{event, turn};
use quipu::games::tta::scoring;
use quipu::games::tta::state::{Mode, Phase, State};
use quipu::games::tta::testkit::{self, begin, colony, invariants, to_act};
use quipu::games::tta::testkit::{
    action_tokens, card, civil_deck_down_to, culture, current_events, food, future_events,
    give_from_deck, in_civil_deck, in_round, later_round_in, later_round_seeded, legal_texts,
    new_game_in, pact_in_force, play, put_blue, put_workers, resources, scoring_events, stats,
    tactic, unused_workers, wonder_from_deck, workers_on,
};
use quipu::games::tta::ThroughTheAges as TheGame;

fn texts(out: Vec<Event>) -> Vec<String> {
    out.into_iter().map(|e| e.text.into_text().en).collect()
}

fn ranks(s: &State) -> Vec<usize> {
    TheGame.outcome(s).expect("the game is over").ranks
}

fn word(s: &State, id: &str) -> String {
    s.data.card(card(s, id)).expect("card").token.to_string()
}

fn ages_in_row(s: &State) -> Vec<u8> {
    s.row
        .iter()
        .flatten()
        .filter_map(|&c| s.data.card(c))
        .map(|c| c.age)
        .collect()
}

// ------------------------------------------- happiness and uprising

#[test]
fn two_growths_empty_the_first_section_and_one_happy_face_is_required_l2501_2505() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_blue(&mut s, 0, "board-A-agriculture", 4);
    assert_eq!(scoring::required_happiness(&s.players[0]), 0);
    play(&mut s, 0, "grow");
    play(&mut s, 0, "grow");
    assert_eq!(food(&s, 0), 0, "two growths at 2 food each");
    assert_eq!(s.players[0].yellow_bank, 16);
    assert_eq!(scoring::required_happiness(&s.players[0]), 1);
    assert_eq!(stats(&s, 0).happiness, 0);
    assert_eq!(scoring::discontent(&s.data, &s.players[0], s.rules.mode), 1);
    // Three unused workers can show the one discontent worker: no uprising.
    assert_eq!(s.players[0].workers, 3);
    assert!(!scoring::uprising(&s.data, &s.players[0], s.rules.mode));
    invariants(&s);
}

#[test]
fn an_uprising_skips_production_and_the_military_draw_l2526_2539() {
    let mut s = later_round_in(Mode::Advanced, 2);
    // 9 tokens left in the yellow bank require 3 happy faces; none are
    // there, and only 1 worker is unused.
    put_workers(&mut s, 0, "board-A-agriculture", 9);
    unused_workers(&mut s, 0, 1);
    assert_eq!(s.players[0].yellow_bank, 9);
    assert_eq!(scoring::required_happiness(&s.players[0]), 3);
    assert!(scoring::uprising(&s.data, &s.players[0], s.rules.mode));
    let before = (
        s.players[0].culture,
        s.players[0].science,
        food(&s, 0),
        resources(&s, 0),
        s.players[0].military_hand.len(),
    );
    let mut out = Vec::new();
    turn::production(&mut s, 0, &mut out);
    let said = texts(out).join(" ");
    assert!(said.contains("Uprising in seat 1"), "{said}");
    let after = (
        s.players[0].culture,
        s.players[0].science,
        food(&s, 0),
        resources(&s, 0),
        s.players[0].military_hand.len(),
    );
    assert_eq!(before, after, "nothing scored, produced, eaten or drawn");
    invariants(&s);

    // With 3 unused workers the discontent is shown: production happens.
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-agriculture", 7);
    unused_workers(&mut s, 0, 3);
    assert_eq!(s.players[0].yellow_bank, 9);
    assert!(!scoring::uprising(&s.data, &s.players[0], s.rules.mode));
    let science = s.players[0].science;
    let rate = stats(&s, 0).science_rate;
    let mut out = Vec::new();
    turn::production(&mut s, 0, &mut out);
    assert_eq!(s.players[0].science, science + rate);
    assert_eq!(
        s.players[0].military_hand.len(),
        2,
        "2 unused military actions"
    );
}

/// The rulebook's discontent example (seed L2545-2579): the bank's
/// happiness-2 section is empty and the civilization has 1 happy face, so
/// one unused worker shows as discontent; a growth takes the last token of
/// the happiness-3 section, and the new worker is the second discontent
/// one: no uprising. On the next seat's turn Development of Warfare puts a
/// discontent worker on a free Warriors: still 2 discontent, only 1 unused
/// worker left, so an uprising is due. On its own turn the civilization
/// develops Bread and Circuses and sends the last discontent worker to an
/// arena (+2 happy faces): happiness 3, nobody discontent, production as
/// usual.
#[test]
fn discontent_workers_keep_the_peace_example_l2545_2579() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-religion", 1);
    put_workers(&mut s, 0, "board-A-agriculture", 6);
    put_blue(&mut s, 0, "board-A-agriculture", 5);
    assert_eq!(s.players[0].yellow_bank, 11);
    assert_eq!(stats(&s, 0).happiness, 1, "one temple");
    assert_eq!(scoring::required_happiness(&s.players[0]), 2);
    assert_eq!(scoring::discontent(&s.data, &s.players[0], s.rules.mode), 1);
    assert_eq!(s.players[0].workers, 1);
    assert!(!scoring::uprising(&s.data, &s.players[0], s.rules.mode));
    play(&mut s, 0, "grow");
    assert_eq!(s.players[0].yellow_bank, 10);
    assert_eq!(scoring::required_happiness(&s.players[0]), 3);
    assert_eq!(scoring::discontent(&s.data, &s.players[0], s.rules.mode), 2);
    assert_eq!(s.players[0].workers, 2, "the new worker shows discontent");
    assert!(!scoring::uprising(&s.data, &s.players[0], s.rules.mode));
    let (science, rate) = (s.players[0].science, stats(&s, 0).science_rate);
    play(&mut s, 0, "done");
    assert_eq!(s.players[0].science, science + rate, "production as usual");

    // The next seat reveals Development of Warfare; seat 1 takes the free
    // Warriors with a discontent worker.
    current_events(&mut s, &["mil-A-development-of-warfare"]);
    testkit::military_hand(&mut s, 1, &["mil-I-crusades"]);
    assert_eq!(to_act(&s), [1]);
    play(&mut s, 1, "event crusades");
    while matches!(s.phase, Phase::EventChoice { .. }) {
        let seat = to_act(&s)[0];
        let answer = if seat == 0 {
            "choose build"
        } else {
            "choose decline"
        };
        play(&mut s, seat, answer);
    }
    assert_eq!(workers_on(&s, 0, "board-A-warriors"), 2);
    assert_eq!(s.players[0].workers, 1);
    assert_eq!(
        scoring::discontent(&s.data, &s.players[0], s.rules.mode),
        2,
        "the worker on the Warriors is still discontent"
    );
    assert!(scoring::uprising(&s.data, &s.players[0], s.rules.mode));
    play(&mut s, 1, "done");

    // Seat 1's turn: Bread and Circuses and an arena with the last unused
    // worker.
    give_from_deck(&mut s, 0, "civ-I-bread-and-circuses");
    testkit::science(&mut s, 0, 3);
    put_blue(&mut s, 0, "board-A-bronze", 4);
    let resources_before = resources(&s, 0);
    assert_eq!(to_act(&s), [0]);
    play(&mut s, 0, "develop bread-and-circuses");
    play(&mut s, 0, "build arena bread-and-circuses");
    assert_eq!(resources(&s, 0), resources_before - 4);
    assert_eq!(stats(&s, 0).happiness, 3);
    assert_eq!(s.players[0].workers, 0);
    assert_eq!(scoring::discontent(&s.data, &s.players[0], s.rules.mode), 0);
    assert!(!scoring::uprising(&s.data, &s.players[0], s.rules.mode));
    let (science, rate) = (s.players[0].science, stats(&s, 0).science_rate);
    play(&mut s, 0, "done");
    assert_eq!(s.players[0].science, science + rate, "no uprising");
    invariants(&s);
}

// ------------------------------------------------- the end of an age

#[test]
fn the_end_of_age_i_discards_age_a_hands_leaders_and_unfinished_wonders_l2827_2856() {
    // A setup whose Age A deck still holds a leader, an action and a wonder.
    let mut s = (1..100)
        .map(|seed| later_round_seeded(Mode::Advanced, 3, seed))
        .find(|s| {
            ["leader", "action", "wonder"]
                .iter()
                .all(|k| !in_civil_deck(s, 0, k).is_empty())
        })
        .expect("such a setup");
    let leader = in_civil_deck(&s, 0, "leader")[0].clone();
    let action = in_civil_deck(&s, 0, "action")[0].clone();
    let wonder = in_civil_deck(&s, 0, "wonder")[0].clone();
    give_from_deck(&mut s, 0, &leader);
    let elect = format!("elect {}", word(&s, &leader));
    play(&mut s, 0, &elect);
    assert_eq!(s.players[0].leader, Some(card(&s, &leader)));
    give_from_deck(&mut s, 0, &action);
    give_from_deck(&mut s, 0, "civ-I-iron");
    wonder_from_deck(&mut s, 0, &wonder, 1);
    let blue = s.players[0].blue_bank;
    let discarded = s.players[0].discarded;
    let old_deck = s.military_decks[1].len() as u32;
    let boxed = s.military_boxed;
    civil_deck_down_to(&mut s, 1, 2);
    invariants(&s);

    let said = begin(&mut s, 1).join(" ");
    assert!(said.contains("Age I is over"), "{said}");
    assert!(said.contains("Age II begins"), "{said}");
    assert_eq!(s.age, 2);
    let p = &s.players[0];
    assert_eq!(p.leader, None, "an Age A leader leaves");
    assert_eq!(p.wonder, None, "an unfinished Age A wonder leaves");
    assert_eq!(p.blue_bank, blue + 1, "its stage's blue token comes back");
    assert_eq!(p.hand.len(), 1, "the Age I card stays in hand");
    assert_eq!(p.hand[0].card, card(&s, "civ-I-iron"));
    assert_eq!(p.discarded, discarded + 3);
    // The last two Age I cards, then Age II cards fill the row.
    assert_eq!(ages_in_row(&s), [1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert!(
        s.military_decks[1].is_empty(),
        "the Age I military deck leaves"
    );
    assert_eq!(s.military_boxed, boxed + old_deck);
    assert!(!s.last_round);
    invariants(&s);
}

/// Pacts are among the cards an age's end makes obsolete (seed L2841-2848,
/// again for the full game L3048-3052): when Age II ends, an Age I pact in
/// force ends (Open Borders: each side's extra military action goes), an
/// Age II pact stays, and so do an Age I tactic and colony (L2851-2852).
/// When Age III ends in the full game, the Age II pacts go and the Age III
/// ones stay.
#[test]
fn the_end_of_an_age_ends_the_pacts_two_ages_back_l2841_2848_l3048_3052() {
    let mut s = later_round_in(Mode::Advanced, 3);
    in_round(&mut s, 2, 12);
    pact_in_force(&mut s, 0, 1, "mil-I-open-borders-agreement", true);
    // Seat 3 offered seat 1 Promise of Military Protection, seat 1 on side
    // B (+5 strength).
    pact_in_force(&mut s, 2, 0, "mil-II-promise-of-military-protection", true);
    tactic(&mut s, 0, "mil-I-legion");
    colony(&mut s, 0, "mil-I-historic-territory");
    assert_eq!(action_tokens(&s, 0), (4, 3));
    assert_eq!(action_tokens(&s, 1), (4, 3));
    assert_eq!(stats(&s, 0).strength, 1 + 5);
    civil_deck_down_to(&mut s, 2, 1);
    let said = begin(&mut s, 1).join(" ");
    assert!(said.contains("Age II is over"), "{said}");
    assert!(
        said.contains("The pact Open Borders Agreement ends"),
        "{said}"
    );
    assert_eq!(action_tokens(&s, 0), (4, 2));
    assert_eq!(action_tokens(&s, 1), (4, 2));
    assert!(s.players[1].pacts.is_empty());
    assert_eq!(s.players[0].pacts.len(), 1, "the Age II pact stays");
    assert_eq!(stats(&s, 0).strength, 1 + 5);
    assert_eq!(s.players[0].tactic, Some(card(&s, "mil-I-legion")));
    assert_eq!(s.players[0].colonies.len(), 1);
    assert!(s
        .military_boxed_open
        .contains(&card(&s, "mil-I-open-borders-agreement")));
    invariants(&s);

    let mut s = later_round_in(Mode::Full, 3);
    in_round(&mut s, 3, 20);
    pact_in_force(&mut s, 2, 0, "mil-II-promise-of-military-protection", true);
    pact_in_force(&mut s, 0, 1, "mil-III-military-pact", true);
    assert_eq!(stats(&s, 0).strength, 1 + 5 + 4);
    civil_deck_down_to(&mut s, 3, 1);
    let said = begin(&mut s, 1).join(" ");
    assert!(said.contains("Age III is over"), "{said}");
    assert_eq!(stats(&s, 0).strength, 1 + 4);
    assert_eq!(stats(&s, 1).strength, 1 + 4);
    assert!(s.players[2].pacts.is_empty());
    invariants(&s);
}

#[test]
fn the_full_game_puts_two_yellow_tokens_of_each_bank_in_the_box_l3056_3064() {
    let mut s = later_round_in(Mode::Full, 2);
    put_workers(&mut s, 1, "board-A-agriculture", 17);
    assert_eq!(s.players[1].yellow_bank, 1);
    civil_deck_down_to(&mut s, 1, 1);
    begin(&mut s, 0);
    assert_eq!(s.age, 2);
    assert_eq!(s.players[0].yellow_bank, 16);
    assert_eq!(s.players[1].yellow_bank, 0, "only what is left goes");
    assert_eq!(s.players[1].workers, 1, "workers in play stay");
    invariants(&s);

    // The advanced game keeps its yellow tokens.
    let mut s = later_round_in(Mode::Advanced, 2);
    civil_deck_down_to(&mut s, 1, 1);
    begin(&mut s, 0);
    assert_eq!(s.age, 2);
    assert_eq!(s.players[0].yellow_bank, 18);
}

// ------------------------------------------- the last round and scoring

#[test]
fn the_advanced_game_ends_with_the_round_of_age_ii_and_scores_its_four_events_l2857_2871() {
    let mut s = later_round_in(Mode::Advanced, 3);
    scoring_events(
        &mut s,
        &[
            "mil-III-impact-of-government",
            "mil-III-impact-of-strength",
            "mil-III-impact-of-colonies",
            "mil-III-impact-of-technology",
        ],
    );
    in_round(&mut s, 2, 12);
    civil_deck_down_to(&mut s, 2, 1);
    put_workers(&mut s, 0, "board-A-warriors", 1);
    assert_eq!(
        action_tokens(&s, 0),
        (4, 2),
        "Despotism: 4 civil, 2 military"
    );
    invariants(&s);

    let said = begin(&mut s, 1).join(" ");
    assert!(said.contains("this is the last round"), "{said}");
    assert_eq!(s.age, 3);
    assert!(s.last_round);
    play(&mut s, 1, "done");
    assert_eq!(to_act(&s), [2]);
    let culture_before: Vec<i32> = s.players.iter().map(|p| p.culture).collect();
    play(&mut s, 2, "done");
    assert_eq!(
        s.phase,
        Phase::Over,
        "the seat right of the start player ended"
    );
    // Government: 2 per civil action, 1 per military (4 and 2): 10 each.
    // Strength (3 players 14/7/0): seat 1 has 2, seats 2 and 3 tie at 1 and
    // share 7 + 0, rounded down: 3. No colony, no level II technology.
    let bonus: Vec<i32> = s.players.iter().map(|p| p.final_bonus).collect();
    assert_eq!(bonus, [24, 13, 13]);
    // Seat 3's production came before the scoring.
    assert_eq!(s.players[0].culture, culture_before[0] + 24);
    assert_eq!(ranks(&s)[0], 1);
    invariants(&s);
}

#[test]
fn the_full_game_plays_one_more_round_when_age_iii_ends_at_another_turn_l3106_3119() {
    let mut s = later_round_in(Mode::Full, 2);
    in_round(&mut s, 3, 20);
    civil_deck_down_to(&mut s, 3, 1);
    let said = begin(&mut s, 1).join(" ");
    assert!(said.contains("one more round is played"), "{said}");
    assert_eq!(s.age, 4);
    assert!(s.extra_round && !s.last_round);
    assert_eq!(ages_in_row(&s), [3], "no Age IV cards: the row stays short");
    play(&mut s, 1, "done");
    assert!(
        s.players[1].military_hand.is_empty(),
        "no military cards in Age IV"
    );
    assert!(s.last_round && !s.extra_round);
    assert_eq!(s.round, 21);
    play(&mut s, 0, "done");
    assert_eq!(s.phase, Phase::Political);
    play(&mut s, 1, "done");
    assert_eq!(s.phase, Phase::Over);
    invariants(&s);

    // Ended at the start player's turn: that round is the last.
    let mut s = later_round_in(Mode::Full, 2);
    in_round(&mut s, 3, 20);
    civil_deck_down_to(&mut s, 3, 1);
    begin(&mut s, 0);
    assert!(s.last_round && !s.extra_round);
    play(&mut s, 0, "done");
    play(&mut s, 1, "done");
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn the_full_game_scores_every_age_iii_event_left_in_current_and_future_events_l3131_3151() {
    let mut s = later_round_in(Mode::Full, 2);
    current_events(&mut s, &["mil-III-impact-of-government"]);
    future_events(&mut s, &["mil-III-impact-of-strength", "mil-II-cold-war"]);
    put_workers(&mut s, 1, "board-A-warriors", 2);
    culture(&mut s, 0, 30);
    culture(&mut s, 1, 20);
    let mut out = Vec::new();
    scoring::finish(&mut s, &mut out);
    assert_eq!(s.phase, Phase::Over);
    // Government: 10 each; strength with 2 players 10/0: seat 2 (3 > 1).
    assert_eq!(s.players[0].final_bonus, 10);
    assert_eq!(s.players[1].final_bonus, 20);
    assert_eq!(s.players[0].culture, 40);
    assert_eq!(s.players[1].culture, 40);
    assert_eq!(ranks(&s), [1, 1], "a tie is shared");
}

#[test]
fn an_age_iii_event_revealed_in_the_full_game_scores_at_once() {
    let mut s = later_round_in(Mode::Full, 3);
    current_events(&mut s, &["mil-III-impact-of-government"]);
    let mut out = Vec::new();
    event::reveal_event(&mut s, &mut out);
    let culture: Vec<i32> = s.players.iter().map(|p| p.culture).collect();
    assert_eq!(culture, [10, 10, 10]);
    invariants(&s);
}

#[test]
fn impact_scores_read_their_terms() {
    let mut s = new_game_in(Mode::Advanced, 4, 3);
    // Happiness: a temple worker gives 1 face: 2 culture; none discontent.
    put_workers(&mut s, 0, "board-A-religion", 1);
    let happy = card(&s, "mil-III-impact-of-happiness");
    assert_eq!(scoring::impact_scores(&s, happy), [2, 0, 0, 0]);
    // Science rank with 4 players, 15/10/5/0: all at 1 science share 30/4.
    let science = card(&s, "mil-III-impact-of-science");
    assert_eq!(scoring::impact_scores(&s, science), [7, 7, 7, 7]);
    put_workers(&mut s, 2, "board-A-philosophy", 1);
    assert_eq!(scoring::impact_scores(&s, science), [5, 5, 15, 5]);
    // Architecture: level A buildings score nothing; Population: none above 10.
    let arch = card(&s, "mil-III-impact-of-architecture");
    assert_eq!(scoring::impact_scores(&s, arch), [0, 0, 0, 0]);
    let pop = card(&s, "mil-III-impact-of-population");
    assert_eq!(scoring::impact_scores(&s, pop), [0, 0, 0, 0]);
    // Agriculture and Industry: what farms and mines produce (2 workers each).
    let agri = card(&s, "mil-III-impact-of-agriculture");
    assert_eq!(scoring::impact_scores(&s, agri), [2, 2, 2, 2]);
}

// ------------------------------------------------------- resignation

#[test]
fn a_civilization_resigns_at_the_start_of_its_turn_and_is_skipped_l3076_3094() {
    let mut s = later_round_in(Mode::Full, 3);
    begin(&mut s, 1);
    assert!(legal_texts(&s, 1).contains(&"resign".to_string()));
    let culture = s.players[1].culture;
    let said = play(&mut s, 1, "resign").join(" ");
    assert!(said.contains("resigns"), "{said}");
    assert!(s.players[1].resigned);
    assert_eq!(s.players[1].culture, culture, "no production");
    assert_eq!(to_act(&s), [2]);
    play(&mut s, 2, "done");
    assert_eq!(to_act(&s), [0]);
    play(&mut s, 0, "done");
    assert_eq!(to_act(&s), [2], "seat 2 is skipped");
    invariants(&s);
    let mut out = Vec::new();
    scoring::finish(&mut s, &mut out);
    assert_eq!(ranks(&s)[1], 3, "not scored: ranked after the others");

    // The advanced game has no resignation command.
    let mut s = later_round_in(Mode::Advanced, 3);
    begin(&mut s, 1);
    assert!(!legal_texts(&s, 1).contains(&"resign".to_string()));
}

/// The card row's front removal counts the civilizations still playing
/// (seed L3089-3093): with four, 1 card; after one resigns, 2 (as with
/// three players).
#[test]
fn the_row_removal_counts_the_seats_still_playing_l3089_3093() {
    let mut s = later_round_in(Mode::Full, 4);
    begin(&mut s, 0);
    assert_eq!(ages_in_row(&s).len(), 13);
    let boxed = s.boxed;
    begin(&mut s, 1);
    assert_eq!(s.boxed, boxed + 1, "four playing: 1 card removed");
    let boxed = s.boxed;
    play(&mut s, 1, "resign");
    assert_eq!(to_act(&s), [2]);
    assert_eq!(s.boxed, boxed + 2, "three playing: 2 cards removed");
    assert_eq!(ages_in_row(&s).len(), 13);
    invariants(&s);
}

#[test]
fn when_one_civilization_is_left_it_wins_l3092_3094() {
    let mut s = later_round_in(Mode::Full, 2);
    culture(&mut s, 0, 50);
    begin(&mut s, 0);
    play(&mut s, 0, "resign");
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(ranks(&s), [2, 1]);
    assert!(to_act(&s).is_empty());
}

#[test]
fn a_dropped_seat_resigns_and_a_newcomer_takes_it_back() {
    let mut s = later_round_in(Mode::Advanced, 3);
    begin(&mut s, 0);
    assert!(TheGame.drop_seat(&mut s, Seat(0)));
    assert_eq!(to_act(&s), [1]);
    assert!(
        !TheGame.drop_seat(&mut s, Seat(1)),
        "two must stay in the game"
    );
    assert!(TheGame.restore_seat(&mut s, Seat(0)));
    play(&mut s, 1, "done");
    play(&mut s, 2, "done");
    assert_eq!(to_act(&s), [0], "back in the turn order");
    invariants(&s);
    // The introductory game cannot go on without a seat.
    let mut s = new_game_in(Mode::Intro, 3, 1);
    assert!(!TheGame.drop_seat(&mut s, Seat(0)));
}
