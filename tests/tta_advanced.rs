//! Through the Ages (first edition), the advanced and full games: a
//! scenario per rule with the rulebook's numbers (seed
//! 004_9680d37650e49187.txt, lines in each test's name or comment).

use quipu::engine::{Game, Options, Seat, SetupError};
use quipu::games::tta::apply::turn;
use quipu::games::tta::command::Command;
use quipu::games::tta::state::{Mode, Phase, State};
use quipu::games::tta::testkit::{
    self, action_tokens, culture, current_events, deck_to_discards, food, future_events,
    give_from_deck, later_round_in, legal_texts, military_hand, military_on_top, play, put_workers,
    refused, resources, science,
};
use quipu::games::tta::testkit::{begin, invariants, reveal, to_act};
use quipu::games::tta::ThroughTheAges as TheGame;

fn hand_of(s: &State, seat: usize) -> Vec<String> {
    s.players[seat]
        .military_hand
        .iter()
        .map(|&c| s.data.card(c).map(|x| x.raw.id.clone()).unwrap_or_default())
        .collect()
}

/// The Code of Laws example (seed L2684-2700): Justice System after Code of
/// Laws brings no second civil action; the two together leave 1 civil action
/// and 3 blue tokens.
#[test]
fn special_civil_technologies_bring_blue_tokens_that_do_not_stack_spec_5_11() {
    // Code of Laws +1 civil action; Justice System +1 civil action and 3 blue
    // tokens from the box, replacing Code of Laws (the bonuses do not stack,
    // spec §5.11); Civil Service +2 civil actions and 3 blue tokens.
    let mut s = later_round_in(Mode::Full, 2);
    for card in [
        "civ-I-code-of-laws",
        "civ-II-justice-system",
        "civ-III-civil-service",
    ] {
        give_from_deck(&mut s, 0, card);
    }
    science(&mut s, 0, 30);
    assert_eq!(action_tokens(&s, 0), (4, 2));
    play(&mut s, 0, "develop code-of-laws");
    assert_eq!(action_tokens(&s, 0), (5, 2));
    assert_eq!(s.players[0].blue_bank, 18);
    play(&mut s, 0, "develop justice-system");
    assert_eq!(action_tokens(&s, 0), (5, 2));
    assert_eq!(s.players[0].blue_bank, 21, "3 blue tokens from the box");
    invariants(&s);
    play(&mut s, 0, "develop civil-service");
    assert_eq!(action_tokens(&s, 0), (6, 2));
    assert_eq!(
        s.players[0].blue_bank, 21,
        "Civil Service's 3 replace Justice System's 3"
    );
    assert_eq!(s.players[0].science, 30 - 6 - 7 - 10);
    invariants(&s);
}

#[test]
fn a_turn_begins_with_the_political_phase_then_the_discard_l2032_2053() {
    // Despotism: 2 military actions, so 2 military cards may be kept after
    // the political action (L2032-2038); with 4 in hand, 2 are discarded,
    // face down on the Age I discard pile (L2039-2044).
    let mut s = later_round_in(Mode::Advanced, 2);
    military_hand(
        &mut s,
        0,
        &[
            "mil-I-crusades",
            "mil-I-raid",
            "mil-I-legion",
            "mil-I-fighting-band",
        ],
    );
    begin(&mut s, 0);
    assert_eq!(s.phase, Phase::Political);
    assert_eq!(to_act(&s), vec![0]);
    let legal = legal_texts(&s, 0);
    assert!(legal.contains(&"skip".to_string()));
    assert!(legal.contains(&"event crusades".to_string()), "{legal:?}");
    assert!(
        !legal.contains(&"done".to_string()),
        "no actions before the discard: {legal:?}"
    );
    refused(&s, 0, "event raid");
    refused(&s, 1, "skip");
    play(&mut s, 0, "skip");
    assert_eq!(s.phase, Phase::Discard);
    play(&mut s, 0, "discard raid");
    assert_eq!(s.phase, Phase::Discard);
    refused(&s, 0, "done");
    play(&mut s, 0, "discard legion");
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(
        hand_of(&s, 0),
        vec!["mil-I-crusades", "mil-I-fighting-band"]
    );
    assert_eq!(s.military_discards[1].len(), 2);
    invariants(&s);
}

#[test]
fn an_action_written_in_the_political_phase_passes_it() {
    // A whole turn per reply: writing an action first means no political
    // action (no discard is due with 1 card and 2 military actions).
    let mut s = later_round_in(Mode::Advanced, 2);
    military_hand(&mut s, 0, &["mil-I-legion"]);
    testkit::put_blue(&mut s, 0, "board-A-agriculture", 2);
    begin(&mut s, 0);
    assert_eq!(s.phase, Phase::Political);
    play(&mut s, 0, "grow");
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(s.players[0].white_used, 1);
    refused(&s, 0, "skip");
    invariants(&s);
}

#[test]
fn military_cards_are_drawn_for_unused_military_actions_at_most_three_l2016_2023() {
    // Despotism, no military action used: 2 cards at the end of the turn.
    let mut s = later_round_in(Mode::Advanced, 2);
    military_on_top(&mut s, &["mil-I-raid", "mil-I-legion"]);
    play(&mut s, 0, "done");
    assert_eq!(hand_of(&s, 0), vec!["mil-I-legion", "mil-I-raid"]);
    // One military action used (a Warriors unit built): 1 card.
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::put_blue(&mut s, 0, "board-A-bronze", 2);
    play(&mut s, 0, "build infantry warriors");
    play(&mut s, 0, "done");
    assert_eq!(s.players[0].military_hand.len(), 1);
    // Constitutional Monarchy has 4 military actions, but at most 3 are drawn.
    let mut s = later_round_in(Mode::Advanced, 2);
    give_from_deck(&mut s, 0, "civ-II-constitutional-monarchy");
    science(&mut s, 0, 30);
    play(&mut s, 0, "revolution constitutional-monarchy");
    assert_eq!(action_tokens(&s, 0), (6, 4));
    play(&mut s, 0, "done");
    assert_eq!(s.players[0].military_hand.len(), 3);
    invariants(&s);
    // The introductory game draws none.
    let mut s = testkit::later_round(2);
    play(&mut s, 0, "done");
    assert!(s.players[0].military_hand.is_empty());
}

#[test]
fn no_military_cards_in_round_one_l2020_2023() {
    let mut s = testkit::new_game_in(Mode::Advanced, 2, 5);
    play(&mut s, 0, "done");
    assert!(s.players[0].military_hand.is_empty());
    assert_eq!(s.phase, Phase::Actions, "round 1 has no political phase");
}

#[test]
fn an_exhausted_military_deck_is_made_from_its_discards_l2045_2046() {
    let mut s = later_round_in(Mode::Advanced, 2);
    deck_to_discards(&mut s, 1);
    let pile = s.military_discards[1].len();
    play(&mut s, 0, "done");
    assert_eq!(s.players[0].military_hand.len(), 2);
    assert_eq!(s.military_decks[1].len(), pile - 2);
    assert!(s.military_discards[1].is_empty());
    invariants(&s);
}

#[test]
fn a_discarded_card_of_an_age_that_is_over_goes_to_the_box_l2047_2048() {
    let mut s = later_round_in(Mode::Advanced, 2);
    military_hand(
        &mut s,
        0,
        &["mil-I-raid", "mil-I-legion", "mil-II-spy", "mil-II-raid"],
    );
    testkit::in_round(&mut s, 2, 9);
    begin(&mut s, 0);
    play(&mut s, 0, "skip");
    play(&mut s, 0, "discard raid-i");
    play(&mut s, 0, "discard spy");
    // The Age I card, in the box; its name was in the move, so face up.
    assert_eq!(s.military_boxed_open, vec![testkit::card(&s, "mil-I-raid")]);
    assert_eq!(s.military_discards[2].len(), 1, "the Age II card");
    invariants(&s);
}

#[test]
fn preparing_a_future_event_scores_its_age_and_reveals_the_current_one_l2085_2112() {
    // Seat 1 buries an Age I event (+1 culture, L2090-2094) and the top
    // current event, Development of Agriculture, gives everyone 2 food.
    let mut s = later_round_in(Mode::Advanced, 3);
    current_events(
        &mut s,
        &[
            "mil-A-development-of-science",
            "mil-A-development-of-agriculture",
        ],
    );
    military_hand(&mut s, 0, &["mil-I-crusades"]);
    culture(&mut s, 0, 5);
    begin(&mut s, 0);
    let food_before: Vec<i32> = (0..3).map(|i| food(&s, i)).collect();
    let said = play(&mut s, 0, "event crusades");
    assert_eq!(s.players[0].culture, 6);
    for (i, before) in food_before.iter().enumerate() {
        assert_eq!(food(&s, i), before + 2, "seat {}", i + 1);
    }
    assert_eq!(s.future_events.len(), 1);
    assert_eq!(s.events.len(), 1);
    assert_eq!(s.phase, Phase::Actions);
    // The buried card's name is not told; its age is.
    assert!(said.iter().all(|l| !l.contains("Crusades")), "{said:?}");
    assert!(said.iter().any(|l| l.contains("Age I")), "{said:?}");
    // The hidden items of the other seats include the future event.
    let hidden = TheGame.hidden_items(&s, Some(Seat(1)));
    assert!(hidden.iter().any(|h| h == "Crusades"), "{hidden:?}");
    invariants(&s);
}

/// A buried card scores the age printed on its back, not the current age
/// (seed L2059-2066): in Age II an Age I card scores 1, an Age II card 2.
#[test]
fn a_future_event_scores_its_own_age_even_in_a_later_age_l2059_2066() {
    for (card, word, culture_won) in [
        ("mil-I-crusades", "crusades", 1),
        ("mil-II-cold-war", "cold-war", 2),
    ] {
        let mut s = later_round_in(Mode::Advanced, 2);
        testkit::in_round(&mut s, 2, 9);
        current_events(&mut s, &["mil-A-development-of-science"]);
        military_hand(&mut s, 0, &[card]);
        culture(&mut s, 0, 10);
        begin(&mut s, 0);
        play(&mut s, 0, &format!("event {word}"));
        assert_eq!(s.players[0].culture, 10 + culture_won, "{card}");
        invariants(&s);
    }
}

#[test]
fn the_last_current_event_turns_the_future_pile_over_older_ages_on_top_l2101_2109() {
    let mut s = later_round_in(Mode::Advanced, 2);
    current_events(&mut s, &["mil-A-development-of-crafts"]);
    // Future events already prepared: an Age II and an Age I card.
    future_events(&mut s, &["mil-II-cold-war", "mil-I-crusades"]);
    military_hand(&mut s, 0, &["mil-I-rats"]);
    begin(&mut s, 0);
    let res = resources(&s, 0);
    play(&mut s, 0, "event rats");
    assert_eq!(resources(&s, 0), res + 2, "Development of Crafts");
    assert!(s.future_events.is_empty());
    assert_eq!(s.events.len(), 3);
    // Top (last) two are the Age I cards, the Age II card at the bottom.
    let ages: Vec<u8> = s
        .events
        .iter()
        .map(|&c| s.data.card(c).map(|x| x.age).unwrap_or(9))
        .collect();
    assert_eq!(ages, vec![2, 1, 1]);
    invariants(&s);
}

#[test]
fn development_of_politics_draws_three_each_and_spares_the_active_discard() {
    // Its effect: each player draws 3 military cards; the player whose
    // turn it is does not discard the excess this turn.
    let mut s = later_round_in(Mode::Advanced, 2);
    current_events(&mut s, &["mil-A-no-event", "mil-A-development-of-politics"]);
    military_hand(&mut s, 0, &["mil-I-crusades", "mil-I-legion"]);
    begin(&mut s, 0);
    play(&mut s, 0, "event crusades");
    assert_eq!(s.players[0].military_hand.len(), 4);
    assert_eq!(s.players[1].military_hand.len(), 3);
    assert_eq!(s.phase, Phase::Actions, "no discard this turn");
    invariants(&s);
}

#[test]
fn military_hands_are_private() {
    let mut s = later_round_in(Mode::Advanced, 2);
    military_hand(&mut s, 0, &["mil-I-legion"]);
    let mine = TheGame.view(&s, Some(Seat(0)));
    let theirs = TheGame.view(&s, Some(Seat(1)));
    let text = |v: &quipu::engine::View| format!("{v:?}");
    assert!(text(&mine).contains("military hand: Legion"));
    assert!(!text(&theirs).contains("Legion"));
    let hidden = TheGame.hidden_items(&s, Some(Seat(1)));
    assert!(hidden.iter().any(|h| h.contains("military hand: Legion")));
    assert!(TheGame
        .hidden_items(&s, Some(Seat(0)))
        .iter()
        .all(|h| !h.contains("Legion")));
}

#[test]
fn the_hidden_items_are_the_hand_lines_of_the_view() {
    // `hidden_items` builds its lines apart from the view (it runs at every
    // move); every card, and an unknown one, must read the same in both. The
    // civil hand's line goes on with the owner's price to develop the card,
    // after the item, so that the item still finds the line in a mail.
    use quipu::games::tta::{hand_item, military_hand_item, view};
    let s = later_round_in(Mode::Full, 4);
    let unknown = u16::try_from(s.data.cards.len()).expect("fewer than 65536 cards");
    let mut checked = 0;
    for card in (0..unknown).chain([unknown]) {
        for seat in [0, 3, 11] {
            let (item, line) = (
                hand_item(&s, seat, card),
                view::hand_line(&s, seat, card).en,
            );
            let price = line.strip_prefix(&item).unwrap_or_else(|| panic!("{line}"));
            assert!(
                price.is_empty() || price.starts_with(" — develop for "),
                "{line}"
            );
            assert_eq!(
                military_hand_item(&s, seat, card),
                view::military_hand_line(&s, seat, card).en
            );
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} lines compared");
    assert!(hand_item(&s, 11, unknown).starts_with("Seat 12 hand: ? (?, Age ?"));
}

#[test]
fn crusades_strongest_and_weakest_with_ties_to_the_active_player() {
    // Seat 2 is strongest (3 Warriors); seats 1 and 3 tie at 1: the active
    // seat 1 is favoured, so seat 3 is the weakest and loses 4 culture.
    let mut s = later_round_in(Mode::Advanced, 3);
    put_workers(&mut s, 1, "board-A-warriors", 2);
    for seat in 0..3 {
        culture(&mut s, seat, 10);
    }
    reveal(&mut s, "mil-I-crusades");
    assert_eq!(
        (
            s.players[0].culture,
            s.players[1].culture,
            s.players[2].culture
        ),
        (10, 14, 6)
    );
    invariants(&s);
}

#[test]
fn two_strongest_means_the_stronger_with_two_players_l2113_2120() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 1, "board-A-warriors", 1);
    reveal(&mut s, "mil-II-cold-war");
    assert_eq!((s.players[0].science, s.players[1].science), (0, 6));
    // Crime Wave: the weaker loses 3 culture and a blue token to the box.
    culture(&mut s, 0, 5);
    reveal(&mut s, "mil-II-crime-wave");
    assert_eq!(s.players[0].culture, 2);
    assert_eq!(s.players[0].blue_bank, 17);
    assert_eq!(s.players[1].blue_bank, 18);
    invariants(&s);
}

#[test]
fn population_events_take_unused_workers_first_l2128_2134() {
    let mut s = later_round_in(Mode::Advanced, 2);
    // Pestilence: each loses 1 population: the unused worker goes home.
    reveal(&mut s, "mil-I-pestilence");
    assert_eq!((s.players[0].workers, s.players[0].yellow_bank), (0, 19));
    // Again: now a worker leaves a card (the lowest level: Age A).
    reveal(&mut s, "mil-I-pestilence");
    assert_eq!(s.players[0].yellow_bank, 20);
    let on_cards: u8 = s.players[0].techs.iter().map(|t| t.workers).sum();
    assert_eq!(on_cards, 5);
    // Immigration: the happiest (a temple) grows by 1.
    testkit::put_workers(&mut s, 1, "board-A-religion", 1);
    reveal(&mut s, "mil-I-immigration");
    assert_eq!(s.players[1].workers, 1);
    assert_eq!(s.players[0].workers, 0);
    invariants(&s);
}

#[test]
fn uncertain_borders_moves_a_yellow_token_to_the_strongest() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 0, "board-A-warriors", 1);
    reveal(&mut s, "mil-I-uncertain-borders");
    assert_eq!(s.players[0].yellow_bank, 17 + 1);
    assert_eq!(s.players[1].yellow_bank, 18 - 1);
    invariants(&s);
}

#[test]
fn rats_and_harvests_and_rates_become_points() {
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::put_blue(&mut s, 0, "board-A-agriculture", 3);
    reveal(&mut s, "mil-I-rats");
    assert_eq!(food(&s, 0), 0);
    // Good Harvest: 2 farmers make 2 food, no consumption.
    reveal(&mut s, "mil-I-good-harvest");
    assert_eq!(food(&s, 0), 2);
    reveal(&mut s, "mil-I-new-deposits");
    assert_eq!(resources(&s, 0), 2);
    // Scientific Breakthrough: science rate 1 (one Philosophy lab).
    reveal(&mut s, "mil-I-scientific-breakthrough");
    assert_eq!(s.players[0].science, 1);
    reveal(&mut s, "mil-II-popularization-of-science");
    assert_eq!(s.players[0].culture, 1);
    invariants(&s);
}

#[test]
fn civil_unrest_costs_four_culture_per_discontent_worker_l2472_2525() {
    // 10 tokens left in the yellow bank: 3 happy faces required; none owned.
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::unused_workers(&mut s, 0, 9);
    assert_eq!(s.players[0].yellow_bank, 10);
    culture(&mut s, 0, 20);
    reveal(&mut s, "mil-II-civil-unrest");
    assert_eq!(s.players[0].culture, 20 - 12);
    // Emigration: half of 3 discontent workers, rounded up, go home.
    reveal(&mut s, "mil-II-emigration");
    assert_eq!((s.players[0].workers, s.players[0].yellow_bank), (7, 12));
    invariants(&s);
}

#[test]
fn iconoclasm_discards_leaders_of_earlier_ages() {
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::in_round(&mut s, 2, 9);
    testkit::leader(&mut s, 0, "civ-A-hammurabi");
    testkit::leader(&mut s, 1, "civ-II-napoleon-bonaparte");
    assert_eq!(action_tokens(&s, 0), (5, 1));
    reveal(&mut s, "mil-II-iconoclasm");
    assert_eq!(s.players[0].leader, None);
    assert_eq!(action_tokens(&s, 0), (4, 2));
    assert!(s.players[1].leader.is_some());
}

#[test]
fn corruption_is_paid_in_resources_in_the_advanced_game_l2580_2618() {
    // 14 resource tokens on Bronze leave 4 in the blue bank; 2 farmers and
    // 2 miners take the last 4: the bank is empty, corruption 6 (spec §9.2).
    for (mode, want) in [(Mode::Advanced, 14 + 2 - 6), (Mode::Intro, 16)] {
        let mut s = if mode == Mode::Intro {
            testkit::later_round(2)
        } else {
            later_round_in(mode, 2)
        };
        testkit::put_blue(&mut s, 0, "board-A-bronze", 14);
        play(&mut s, 0, "done");
        assert_eq!(resources(&s, 0), want, "{mode:?}");
    }
}

/// The blue bank's corruption steps (seed L2590-2603: nothing while the
/// rightmost section holds a token, then 2, 4 and 6; token counts from
/// spec §9.2): the board's 2 farmers and 2 miners take 4 tokens from the
/// bank in production, so `stocked` resources leave 18 - stocked - 4.
#[test]
fn corruption_steps_by_the_blue_tokens_left_l2590_2603() {
    for (stocked, left, lost) in [
        (4, 10, 0),
        (5, 9, 0),
        (6, 8, 2),
        (9, 5, 2),
        (10, 4, 4),
        (13, 1, 4),
        (14, 0, 6),
    ] {
        let mut s = later_round_in(Mode::Advanced, 2);
        testkit::put_blue(&mut s, 0, "board-A-bronze", stocked);
        turn::production(&mut s, 0, &mut Vec::new());
        assert_eq!(
            resources(&s, 0),
            i32::from(stocked) + 2 - lost,
            "{left} tokens left in the bank"
        );
        invariants(&s);
    }
}

// ------------------------------------------- the corruption variant

/// An advanced game with `corruption_variant=on`, seat 1 acting, `stocked`
/// resources on its Bronze: its 2 farmers and 2 miners take 4 tokens from
/// the bank of 18 in production, as in the corruption steps above.
fn variant_game(stocked: u8) -> State {
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::corruption_variant(&mut s);
    testkit::put_blue(&mut s, 0, "board-A-bronze", stocked);
    s
}

/// Seat 1's own board in both languages (the view's debug text).
fn own_view(s: &State) -> String {
    format!("{:?}", TheGame.view(s, Some(Seat(0))))
}

/// The seed's case (L2619-2637): with 6 resources stocked, Bronze's two
/// tokens would leave 8 in the bank, the first section's last token gone:
/// corruption 2. One token fewer keeps 9: 1 resource not produced instead
/// of 2 lost. Farms produce as usual (2 food either way).
#[test]
fn the_corruption_variant_spares_a_bronze_token_to_keep_the_first_section_l2619_2637() {
    let s = variant_game(6);
    let legal = legal_texts(&s, 0);
    assert!(legal.contains(&"done".to_string()));
    assert!(legal.contains(&"done spare bronze".to_string()));
    assert!(
        !legal.iter().any(|c| c.starts_with("done spare agri")),
        "farms are not spared: {legal:?}"
    );
    let view = own_view(&s);
    assert!(
        view.contains(
            "Corruption this turn: 2 resources if you end with `done`; 0 with `done spare bronze` (1 fewer from Bronze)."
        ),
        "{view}"
    );
    assert!(
        view.contains("`done`으로 마치면 자원 2개, `done spare bronze`로 마치면 0개 (청동에서 자원 1개 덜 생산)"),
        "{view}"
    );

    let mut plain = s.clone();
    play(&mut plain, 0, "done");
    assert_eq!(resources(&plain, 0), 6 + 2 - 2);
    assert_eq!(plain.players[0].blue_bank, 18 - 6 - 4 + 2);

    let mut spared = s.clone();
    let said = play(&mut spared, 0, "done spare bronze");
    assert_eq!(
        resources(&spared, 0),
        6 + 1,
        "1 resource not produced, none lost"
    );
    assert_eq!(
        spared.players[0].blue_bank, 9,
        "the first section keeps its last token"
    );
    assert_eq!(testkit::blue_on(&spared, 0, "board-A-bronze"), 7);
    assert!(
        said.iter().any(|l| l.contains("1 resources.")
            && l.contains("One token fewer from a mine: 1 resource not produced.")
            && !l.contains("Corruption")),
        "{said:?}"
    );
    // Farms are not touched by the choice.
    assert_eq!(food(&spared, 0), food(&plain, 0));
    assert_eq!(
        testkit::blue_on(&spared, 0, "board-A-agriculture"),
        testkit::blue_on(&plain, 0, "board-A-agriculture")
    );
    invariants(&spared);
}

/// No advice when sparing would not lower corruption (10 left: none due),
/// and a token spared then only costs a resource.
#[test]
fn the_corruption_variant_gives_no_advice_when_nothing_is_gained() {
    let s = variant_game(4);
    assert!(!own_view(&s).contains("Corruption this turn"));
    let mut spared = s.clone();
    play(&mut spared, 0, "done spare bronze");
    assert_eq!(resources(&spared, 0), 4 + 1);
    assert_eq!(spared.players[0].blue_bank, 18 - 4 - 3);
    // Not the seat's turn: no advice on seat 2's board either.
    assert!(
        !format!("{:?}", TheGame.view(&variant_game(6), Some(Seat(1))))
            .contains("Corruption this turn")
    );
}

/// A token the blue bank could not give is not spared (a reading, NOTES):
/// with 2 tokens left the farms take both and Bronze makes nothing; with 3
/// Bronze makes 1 of 2, and sparing it keeps one token: corruption 4, not 6.
#[test]
fn the_corruption_variant_spares_only_a_token_the_bank_would_have_given() {
    let s = variant_game(16);
    let (mut plain, mut spared) = (s.clone(), s.clone());
    play(&mut plain, 0, "done");
    let said = play(&mut spared, 0, "done spare bronze");
    assert_eq!(resources(&plain, 0), 16 - 6);
    assert_eq!(resources(&spared, 0), 16 - 6);
    assert!(
        said.iter().any(|l| l.contains("nothing was spared")),
        "{said:?}"
    );

    let s = variant_game(15);
    assert!(own_view(&s).contains(
        "Corruption this turn: 6 resources if you end with `done`; 4 with `done spare bronze` (1 fewer from Bronze)."
    ));
    let (mut plain, mut spared) = (s.clone(), s.clone());
    play(&mut plain, 0, "done");
    play(&mut spared, 0, "done spare bronze");
    assert_eq!(resources(&plain, 0), 15 + 1 - 6);
    assert_eq!(resources(&spared, 0), 15 - 4);
    invariants(&spared);
}

/// Without the option (the rulebook's standard rule) there is no such
/// command, and the timeout default stays plain `done` with it.
#[test]
fn without_the_corruption_variant_no_token_is_spared() {
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::put_blue(&mut s, 0, "board-A-bronze", 6);
    assert!(!legal_texts(&s, 0).iter().any(|c| c.contains("spare")));
    refused(&s, 0, "done spare bronze");
    assert!(!own_view(&s).contains("Corruption this turn"));
    assert_eq!(TheGame.default_command(&s, Seat(0)), Some(Command::Done));
    let s = variant_game(6);
    assert_eq!(TheGame.default_command(&s, Seat(0)), Some(Command::Done));
}

/// Only a mine with a worker may spare a token.
#[test]
fn the_corruption_variant_offers_only_mines_with_workers() {
    let mut s = variant_game(6);
    testkit::idle_workers(&mut s, 0, "board-A-bronze");
    assert_eq!(
        legal_texts(&s, 0)
            .iter()
            .filter(|c| c.starts_with("done"))
            .count(),
        1
    );
    refused(&s, 0, "done spare bronze");
}

/// The option is read in the advanced and full games, refused in the
/// introductory game (no corruption there) and for unknown values.
#[test]
fn the_corruption_variant_is_an_option_of_the_advanced_and_full_games_only() {
    let opts = |pairs: &[&str]| Options::parse_pairs(pairs).expect("pairs");
    for mode in ["mode=advanced", "mode=full"] {
        let s = TheGame
            .setup(3, &opts(&[mode, "corruption_variant=on"]), 1)
            .expect("set up");
        assert!(s.rules.corruption_variant);
    }
    let s = TheGame
        .setup(3, &opts(&["mode=advanced"]), 1)
        .expect("set up");
    assert!(!s.rules.corruption_variant, "off by default");
    for pairs in [
        &["corruption_variant=on"][..],
        &["mode=intro", "corruption_variant=on"],
    ] {
        match TheGame.setup(3, &opts(pairs), 1) {
            Err(SetupError::BadOption(m)) => {
                assert!(m.contains("needs mode=advanced or mode=full"), "{m}");
                assert!(m.contains("맛보기 게임"), "{m}");
            }
            other => panic!("{pairs:?} accepted: {:?}", other.map(|_| ())),
        }
    }
    assert!(TheGame
        .setup(3, &opts(&["mode=full", "corruption_variant=yes"]), 1)
        .is_err());
    assert!(TheGame
        .setup(3, &opts(&["mode=intro", "corruption_variant=off"]), 1)
        .is_ok());
}

/// `done spare bronze` reads back as itself and from the forgiving forms,
/// in English and Korean; plain `done` stays `done`.
#[test]
fn done_spare_reads_back_and_forgivingly() {
    let s = variant_game(6);
    let spare = |s: &State, text: &str| TheGame.parse(s, Seat(0), text).map(|c| c.to_string());
    for cmd in TheGame.legal(&s, Seat(0)) {
        assert_eq!(
            TheGame.parse(&s, Seat(0), &cmd.to_string()).as_ref(),
            Ok(&cmd)
        );
    }
    for text in [
        "done spare bronze",
        "Done spare mine Bronze.",
        "done spare from bronze",
        "end spare bro",
        "done save bronze",
        "끝 덜 청동",
        "종료 아끼기 청동 광산",
    ] {
        assert_eq!(
            spare(&s, text).as_deref(),
            Ok("done spare bronze"),
            "{text}"
        );
    }
    assert_eq!(spare(&s, "done").as_deref(), Ok("done"));
    assert_eq!(spare(&s, "끝").as_deref(), Ok("done"));
}

/// Seat 1 is active and prepares an Age I event so that `territory`, the
/// top current event, is revealed.
fn discover(s: &mut State, territory: &str) -> Vec<String> {
    current_events(s, &[territory]);
    military_hand(s, 0, &["mil-I-crusades"]);
    begin(s, 0);
    play(s, 0, "event crusades")
}

/// The colonization example (seed L2217-2242): 민호 (seat 1) bids 4 for
/// Inhabited Territory and the others pass; Cartography gives +2, so 2 are
/// left to send. He sends one Swordsmen (2) and keeps the +2 bonus card
/// (the other way, the card and a Warriors making 5, is
/// `colonization_example_with_the_bonus_card_still_needs_a_unit_l2217_2242`).
/// Permanent: 2 yellow tokens from the box; immediate: one of them to the
/// worker pool; the sent worker back to the yellow bank.
#[test]
fn colonization_example_inhabited_territory_l2217_2242() {
    let mut s = colonization_example();
    // Strength 2 + Warriors 1 + bonus card 2 + Cartography 2 = 7 at most.
    let legal = legal_texts(&s, 0);
    assert!(legal.contains(&"bid 7".to_string()) && !legal.contains(&"bid 8".to_string()));
    play(&mut s, 0, "bid 4");
    // The others (Warriors only, strength 1) cannot outbid 4: seat 1 wins.
    assert!(
        matches!(s.phase, Phase::Colonize { owed: 2, .. }),
        "{:?}",
        s.phase
    );
    let (bank, workers) = (s.players[0].yellow_bank, s.players[0].workers);
    play(&mut s, 0, "sacrifice infantry swordsmen");
    assert_eq!(s.players[0].colonies.len(), 1);
    assert_eq!(s.players[0].yellow_bank, bank + 1 + 2 - 1);
    assert_eq!(s.players[0].workers, workers + 1);
    // The Warriors (1) and Cartography (+1) are left.
    assert_eq!(testkit::stats(&s, 0).strength, 2);
    assert_eq!(s.players[0].military_hand.len(), 1, "the bonus card kept");
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

/// Seat 1 of three with Cartography, a Swordsmen (2) beside its Warriors
/// (1) and an Age II defence/colonization card (+2 colonization), has
/// revealed Inhabited Territory and bids first.
fn colonization_example() -> State {
    let mut s = later_round_in(Mode::Advanced, 3);
    testkit::develop_from_deck(&mut s, 0, "civ-I-cartography");
    testkit::develop_from_deck(&mut s, 0, "civ-I-swordsmen");
    put_workers(&mut s, 0, "civ-I-swordsmen", 1);
    military_hand(&mut s, 0, &["mil-II-defense-colonization"]);
    discover(&mut s, "mil-I-inhabited-territory");
    assert!(matches!(s.phase, Phase::Auction { .. }), "{:?}", s.phase);
    assert_eq!(to_act(&s), vec![0]);
    s
}

/// The example's other payment (seed L2225-2232): the bonus card (+2) and
/// Cartography (+2) cover the bid of 4, but a unit must still go, so the
/// Warriors (1) go too: 5 in all. The card is discarded. Losing the colony
/// later (here to Independence Declaration) costs the 2 yellow tokens of
/// the bank, never a worker (seed L2239-2242).
#[test]
fn colonization_example_with_the_bonus_card_still_needs_a_unit_l2217_2242() {
    let mut s = colonization_example();
    play(&mut s, 0, "bid 4");
    play(&mut s, 0, "bonus defense-colonization-ii");
    assert!(
        matches!(s.phase, Phase::Colonize { owed: 0, .. }),
        "paid in full, but no unit sent yet: {:?}",
        s.phase
    );
    refused(&s, 0, "sacrifice none");
    let (bank, workers) = (s.players[0].yellow_bank, s.players[0].workers);
    play(&mut s, 0, "sacrifice infantry warriors");
    assert_eq!(s.players[0].colonies.len(), 1);
    assert!(s.players[0].military_hand.is_empty(), "the card discarded");
    assert_eq!(s.players[0].yellow_bank, bank + 1 + 2 - 1);
    assert_eq!(s.players[0].workers, workers + 1);
    // The Swordsmen (2) and Cartography (+1) are left.
    assert_eq!(testkit::stats(&s, 0).strength, 3);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);

    // The others grow stronger (4); seat 1 (3) is the weakest and loses
    // its only colony: 2 yellow tokens of its bank to the box, no worker.
    for seat in [1, 2] {
        put_workers(&mut s, seat, "board-A-warriors", 3);
    }
    let (bank, workers) = (s.players[0].yellow_bank, s.players[0].workers);
    reveal(&mut s, "mil-II-independence-declaration");
    assert!(s.players[0].colonies.is_empty());
    assert_eq!(s.players[0].yellow_bank, bank - 2);
    assert_eq!(s.players[0].workers, workers, "no population lost");
    assert_eq!(testkit::stats(&s, 0).strength, 3, "no unit lost");
    invariants(&s);
}

#[test]
fn the_auction_goes_round_until_all_but_one_pass_and_the_winner_pays_l2137_2176() {
    // Seat 2 (3 Warriors) outbids the active seat 1 (1 Warriors and a
    // colonization +2 card), wins and sends 2 units: the bid of 2 is paid.
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 1, "board-A-warriors", 2);
    military_hand(&mut s, 0, &["mil-II-defense-colonization"]);
    discover(&mut s, "mil-I-historic-territory");
    play(&mut s, 0, "bid 1");
    assert_eq!(to_act(&s), vec![1]);
    play(&mut s, 1, "bid 2");
    assert_eq!(to_act(&s), vec![0]);
    play(&mut s, 0, "bid none");
    assert!(matches!(
        s.phase,
        Phase::Colonize {
            seat: 1,
            owed: 2,
            ..
        }
    ));
    assert_eq!(to_act(&s), vec![1]);
    refused(&s, 0, "sacrifice infantry warriors");
    play(&mut s, 1, "sacrifice infantry warriors");
    assert!(matches!(s.phase, Phase::Colonize { owed: 1, .. }));
    let culture_before = s.players[1].culture;
    play(&mut s, 1, "sacrifice infantry warriors");
    // Historic Territory: +6 culture now, +1 happy face while held.
    assert_eq!(s.players[1].culture, culture_before + 6);
    assert_eq!(testkit::stats(&s, 1).happiness, 1);
    assert_eq!(testkit::stats(&s, 1).strength, 1);
    // The active seat goes on with its turn.
    assert_eq!(to_act(&s), vec![0]);
    invariants(&s);
}

#[test]
fn a_territory_nobody_bids_for_goes_to_the_past_events() {
    let mut s = later_round_in(Mode::Advanced, 2);
    discover(&mut s, "mil-I-wealthy-territory");
    play(&mut s, 0, "bid none");
    play(&mut s, 1, "bid none");
    assert_eq!(s.past_events.len(), 1);
    assert!(s.players.iter().all(|p| p.colonies.is_empty()));
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn colonies_bring_blue_tokens_and_strength() {
    // Wealthy Territory: 2 blue tokens from the box and 5 resources now.
    let mut s = later_round_in(Mode::Advanced, 2);
    discover(&mut s, "mil-I-wealthy-territory");
    play(&mut s, 0, "bid 1");
    // Seat 2 (strength 1) cannot outbid 1: seat 1 wins at once.
    play(&mut s, 0, "sacrifice infantry warriors");
    assert_eq!(resources(&s, 0), 5);
    assert_eq!(s.players[0].blue_bank, 18 + 2 - 5);
    invariants(&s);
}
