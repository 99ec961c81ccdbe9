//! Through the Ages: the setup of the advanced and full games by player
//! count (seed 004_9680d37650e49187.txt L1914-1960 advanced, L2880-2899
//! full): the decks used, the cards removed, the Age A events dealt face
//! down and the advanced game's four Age III scoring events.

use quipu::engine::{Game, Seat};
use quipu::games::tta::data::{CardId, Kind};
use quipu::games::tta::setup::military_cards;
use quipu::games::tta::state::{Mode, State};
use quipu::games::tta::testkit::{new_game, new_game_in};
use quipu::games::tta::ThroughTheAges;

fn kind_word(s: &State, id: CardId) -> String {
    s.data
        .card(id)
        .map(|c| c.raw.kind.clone())
        .unwrap_or_default()
}

fn count_kind(s: &State, cards: &[CardId], kind: &str) -> usize {
    cards.iter().filter(|&&c| kind_word(s, c) == kind).count()
}

/// Civil cards of one age in the game: its deck plus those in the row.
fn civil_of_age(s: &State, age: u8) -> usize {
    let in_row = s
        .row
        .iter()
        .flatten()
        .filter(|&&c| s.data.card(c).is_some_and(|x| x.age == age))
        .count();
    s.civil_decks[usize::from(age)].len() + in_row
}

#[test]
fn advanced_game_decks_by_player_count_l1914_1936() {
    // (players, civil I and II per deck, military I, military II without wars)
    // Military I holds 49 cards (47 without its 2 pacts), II 50 (46 without
    // its 4 pacts), and the 4 Age II wars leave the advanced game.
    for (players, civil, mil1, mil2) in [(2, 45, 47, 42), (3, 50, 49, 46), (4, 55, 49, 46)] {
        let s = new_game_in(Mode::Advanced, players, 3);
        assert_eq!(civil_of_age(&s, 0), 20, "{players}p Age A");
        assert_eq!(s.row.iter().flatten().count(), 13);
        assert_eq!(civil_of_age(&s, 1), civil, "{players}p Age I");
        assert_eq!(civil_of_age(&s, 2), civil, "{players}p Age II");
        assert!(s.civil_decks[3].is_empty(), "no Age III civil cards");
        assert_eq!(s.military_decks[1].len(), mil1, "{players}p military I");
        assert_eq!(s.military_decks[2].len(), mil2, "{players}p military II");
        assert!(s.military_decks[3].is_empty());
        let all: Vec<CardId> = s.military_decks.concat();
        assert_eq!(
            count_kind(&s, &all, "war"),
            0,
            "no wars in the advanced game"
        );
        if players == 2 {
            assert_eq!(count_kind(&s, &all, "pact"), 0, "no pacts with 2 players");
        } else {
            assert_eq!(count_kind(&s, &all, "pact"), 6);
        }
        assert_eq!(ThroughTheAges.invariants(&s), Ok(()));
    }
}

#[test]
fn age_a_events_players_plus_two_face_down_rest_boxed_unseen_l1926_1932() {
    for players in 2..=4 {
        for mode in [Mode::Advanced, Mode::Full] {
            let s = new_game_in(mode, players, 11);
            assert_eq!(s.events.len(), players + 2, "{mode:?} {players}p");
            let boxed_a = s
                .removed
                .iter()
                .filter(|&&c| s.data.card(c).is_some_and(|x| x.age == 0))
                .count();
            assert_eq!(boxed_a, 10 - (players + 2), "{mode:?} {players}p");
            assert!(s.events.iter().all(|&c| s
                .data
                .card(c)
                .is_some_and(|x| x.age == 0 && x.kind == Kind::Event)));
            assert!(s.future_events.is_empty() && s.past_events.is_empty());
            // Nobody sees the boxed cards: every seat's view hides them.
            let hidden = ThroughTheAges.hidden_items(&s, Some(Seat(0)));
            assert!(!hidden.is_empty() || s.removed.is_empty());
        }
    }
}

#[test]
fn advanced_game_four_age_three_scoring_events_open_to_all_l1945_1951() {
    for players in 2..=4 {
        let s = new_game_in(Mode::Advanced, players, 5);
        assert_eq!(s.scoring_events.len(), 4);
        for &c in &s.scoring_events {
            let card = s.data.card(c).expect("a card");
            assert_eq!((card.age, card.kind), (3, Kind::Event), "{}", card.name());
        }
        // The rest of Age III is boxed: 46 cards at 3-4 players, 42 at 2.
        let age3_boxed = s
            .removed
            .iter()
            .filter(|&&c| s.data.card(c).is_some_and(|x| x.age == 3))
            .count();
        let age3 = if players == 2 { 42 } else { 46 };
        assert_eq!(age3_boxed + 4, age3, "{players}p");
        // Open to all: never in anyone's hidden items.
        let hidden = ThroughTheAges.hidden_items(&s, None);
        for &c in &s.scoring_events {
            assert!(!hidden.contains(&s.data.card_name(c).en));
        }
    }
    // Another seed turns up other events.
    let a = new_game_in(Mode::Advanced, 4, 5).scoring_events;
    let b = new_game_in(Mode::Advanced, 4, 6).scoring_events;
    assert_ne!(a, b);
}

#[test]
fn full_game_uses_every_deck_l2880_2899() {
    // (players, civil I-III per deck, military I, II, III)
    for (players, civil, mil) in [
        (2, 45, [47, 46, 42]),
        (3, 50, [49, 50, 46]),
        (4, 55, [49, 50, 46]),
    ] {
        let s = new_game_in(Mode::Full, players, 8);
        assert_eq!(civil_of_age(&s, 0), 20);
        for age in 1..=3 {
            assert_eq!(civil_of_age(&s, age), civil, "{players}p civil {age}");
            assert_eq!(
                s.military_decks[usize::from(age)].len(),
                mil[usize::from(age) - 1],
                "{players}p military {age}"
            );
        }
        let all: Vec<CardId> = s.military_decks.concat();
        // 4 wars in Age II, 6 in Age III (Holy War 2, War over Culture 4 in the card file).
        assert_eq!(count_kind(&s, &all, "war"), 10);
        assert_eq!(
            count_kind(&s, &all, "pact"),
            if players == 2 { 0 } else { 10 }
        );
        assert!(s.scoring_events.is_empty());
        // All 155 military cards of the box at 4 players: 6 + 4 boxed + decks.
        if players == 4 {
            assert_eq!(military_cards(&s.data, Mode::Full, 4), Ok(155));
        }
        assert_eq!(ThroughTheAges.invariants(&s), Ok(()));
    }
}

#[test]
fn setup_is_deterministic_and_the_introductory_game_is_unchanged() {
    assert_eq!(
        new_game_in(Mode::Full, 3, 42),
        new_game_in(Mode::Full, 3, 42)
    );
    let intro = new_game(4, 1);
    assert_eq!(intro.events.len(), 9);
    assert_eq!(military_cards(&intro.data, Mode::Intro, 4), Ok(9));
    assert!(intro.military_decks.iter().all(Vec::is_empty));
    assert!(intro.removed.is_empty() && intro.scoring_events.is_empty());
    assert!(intro.civil_decks[2].is_empty() && intro.civil_decks[3].is_empty());
}
