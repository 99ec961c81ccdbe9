//! Through the Ages: the last cards built for issue 16, one scenario each
//! with exact numbers (the card texts are in `data/cards-2006.toml`; the
//! readings where a text is unclear are in `src/games/tta/NOTES.md`).

use quipu::engine::{Game, Seat};
use quipu::games::tta::state::State;
use quipu::games::tta::testkit::{
    self, culture, give, later_round, legal_texts, play, put_blue, put_workers, resources, stats,
    unused_workers,
};
use quipu::games::tta::ThroughTheAges;

/// Reads a command (English or Korean) to its canonical text.
fn read(s: &State, seat: usize, text: &str) -> String {
    ThroughTheAges
        .parse(s, Seat(seat), text)
        .map(|c| c.to_string())
        .unwrap_or_else(|e| panic!("'{text}' not read: {e}"))
}

// ---- leaders and actions

/// Endowment for the Arts: culture for each civilization with more culture
/// points than the player's (3 with three players; a tie does not count).
#[test]
fn endowment_for_the_arts_scores_per_richer_civilization() {
    let mut s = later_round(3);
    give(&mut s, 0, "civ-III-endowment-for-the-arts");
    culture(&mut s, 0, 10);
    culture(&mut s, 1, 15);
    culture(&mut s, 2, 10);
    assert!(legal_texts(&s, 0).contains(&"play endowment-for-the-arts".to_string()));
    assert_eq!(read(&s, 0, "사용 예술 후원"), "play endowment-for-the-arts");
    play(&mut s, 0, "play endowment-for-the-arts");
    assert_eq!(s.players[0].culture, 13, "one richer civilization: +3");
    assert_eq!(s.players[0].white_used, 1, "one civil action spent");

    // Two players: 6 per richer civilization; none richer: nothing.
    let mut s = later_round(2);
    culture(&mut s, 0, 4);
    culture(&mut s, 1, 9);
    let mut other = s.clone();
    give(&mut s, 0, "civ-III-endowment-for-the-arts");
    play(&mut s, 0, "play endowment-for-the-arts");
    assert_eq!(s.players[0].culture, 10);
    testkit::turn_of(&mut other, 1);
    give(&mut other, 1, "civ-III-endowment-for-the-arts");
    play(&mut other, 1, "play endowment-for-the-arts");
    assert_eq!(
        other.players[1].culture, 9,
        "no civilization has more culture"
    );
}

/// Wave of Nationalism: for each stronger civilization, resources this turn
/// for military units only (6 with two players); an equal strength does not
/// count, and what is left is lost at the end of the turn.
#[test]
fn wave_of_nationalism_gives_unit_resources_per_stronger_civilization() {
    let mut s = later_round(2);
    give(&mut s, 0, "civ-II-wave-of-nationalism");
    put_workers(&mut s, 0, "civ-I-swordsmen", 0);
    put_workers(&mut s, 1, "civ-I-swordsmen", 1);
    put_blue(&mut s, 0, "board-A-bronze", 5);
    unused_workers(&mut s, 0, 3);
    assert_eq!((stats(&s, 0).strength, stats(&s, 1).strength), (1, 3));
    assert_eq!(
        read(&s, 0, "사용 민족주의의 물결"),
        "play wave-of-nationalism"
    );
    play(&mut s, 0, "play wave-of-nationalism");
    assert_eq!(s.players[0].military_resources, 6);
    assert_eq!(resources(&s, 0), 5);
    play(&mut s, 0, "build infantry swordsmen");
    play(&mut s, 0, "build infantry swordsmen");
    assert_eq!(
        resources(&s, 0),
        5,
        "two Swordsmen (3 each) paid by the card"
    );
    assert_eq!(stats(&s, 0).strength, 5);
    assert_eq!(s.players[0].military_resources, 0);

    // Three players, one stronger and one as strong: 3 resources.
    let mut s = later_round(3);
    give(&mut s, 0, "civ-II-wave-of-nationalism");
    put_workers(&mut s, 1, "civ-I-swordsmen", 1);
    play(&mut s, 0, "play wave-of-nationalism");
    assert_eq!(s.players[0].military_resources, 3);
    play(&mut s, 0, "done");
    assert_eq!(
        s.players[0].military_resources, 0,
        "lost at the end of the turn"
    );
}

/// Military Build-Up: Wave of Nationalism's rule at 8/5/3 per stronger
/// civilization; with four players, two stronger and one as strong: 6.
#[test]
fn military_build_up_gives_unit_resources_per_stronger_civilization() {
    let mut s = later_round(4);
    give(&mut s, 0, "civ-III-military-build-up");
    put_workers(&mut s, 1, "civ-I-swordsmen", 1);
    put_workers(&mut s, 2, "civ-I-swordsmen", 2);
    assert_eq!(read(&s, 0, "사용 군비 증강"), "play military-build-up");
    let two = {
        let mut s2 = later_round(2);
        give(&mut s2, 0, "civ-III-military-build-up");
        put_workers(&mut s2, 1, "civ-I-swordsmen", 1);
        play(&mut s2, 0, "play military-build-up");
        s2.players[0].military_resources
    };
    assert_eq!(two, 8, "two players, one stronger");
    play(&mut s, 0, "play military-build-up");
    assert_eq!(s.players[0].military_resources, 6);
    assert_eq!(s.players[0].white_used, 1);
}

/// Isaac Newton: the best lab or library makes its level in extra science,
/// and each technology played gives a spent civil action back (a peaceful
/// change of government too; a revolution keeps one civil action).
#[test]
fn isaac_newton_best_lab_and_a_civil_action_back_per_technology() {
    let mut s = testkit::with_leader("civ-II-isaac-newton");
    testkit::science(&mut s, 0, 4);
    give(&mut s, 0, "civ-I-alchemy");
    assert_eq!(stats(&s, 0).science_rate, 1, "Philosophy is level 0");
    play(&mut s, 0, "develop alchemy");
    assert_eq!(s.players[0].white_used, 0, "the civil action came back");
    assert_eq!(s.players[0].science, 0);
    put_workers(&mut s, 0, "civ-I-alchemy", 1);
    assert_eq!(stats(&s, 0).science_rate, 1 + 2 + 1, "Alchemy is level 1");

    let mut s = testkit::with_leader("civ-II-isaac-newton");
    testkit::science(&mut s, 0, 9);
    give(&mut s, 0, "civ-I-monarchy");
    let mut peaceful = s.clone();
    play(&mut peaceful, 0, "peaceful monarchy");
    assert_eq!(peaceful.players[0].white_used, 0);
    play(&mut s, 0, "revolution monarchy");
    let total = testkit::action_tokens(&s, 0).0;
    assert_eq!(s.players[0].white_used, total - 1);
}

/// William Shakespeare: +1 culture per library and +2 per library-theater
/// pair: two libraries and one theater make 2 + 2 = 4 more culture a turn.
#[test]
fn william_shakespeare_culture_per_library_and_pair() {
    let mut s = later_round(2);
    put_workers(&mut s, 0, "civ-I-printing-press", 2);
    put_workers(&mut s, 0, "civ-I-drama", 1);
    let without = stats(&s, 0).culture_rate;
    assert_eq!(without, 2 + 2, "Printing Press 1 each, Drama 2");
    testkit::leader(&mut s, 0, "civ-II-william-shakespeare");
    assert_eq!(stats(&s, 0).culture_rate, without + 2 + 2);
    // A second theater makes a second pair.
    put_workers(&mut s, 0, "civ-I-drama", 1);
    assert_eq!(stats(&s, 0).culture_rate, 2 + 4 + 2 + 2 * 2);
    // No library: nothing.
    let mut s = later_round(2);
    put_workers(&mut s, 0, "civ-I-drama", 1);
    let without = stats(&s, 0).culture_rate;
    testkit::leader(&mut s, 0, "civ-II-william-shakespeare");
    assert_eq!(stats(&s, 0).culture_rate, without);
}

/// Albert Einstein: the best lab or library makes its level in extra
/// science, and each technology played scores 3 culture.
#[test]
fn albert_einstein_best_lab_and_culture_per_technology() {
    let mut s = testkit::with_leader("civ-III-albert-einstein");
    testkit::science(&mut s, 0, 4);
    culture(&mut s, 0, 5);
    give(&mut s, 0, "civ-I-alchemy");
    play(&mut s, 0, "develop alchemy");
    assert_eq!(s.players[0].culture, 5 + 3);
    assert_eq!(s.players[0].white_used, 1);
    put_workers(&mut s, 0, "civ-I-alchemy", 1);
    assert_eq!(stats(&s, 0).science_rate, 1 + 2 + 1, "Alchemy is level 1");
}
