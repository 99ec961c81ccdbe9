//! Through the Ages (first edition), the military side of the advanced and
//! full games: aggressions with the defender's answer, every aggression
//! card's effect, tactics and armies, obsolete armies and air forces, with
//! the rulebook's worked examples (seed 004_9680d37650e49187.txt, lines in
//! each test's name or comment).

use quipu::engine::{Game, Seat, Shape};
use quipu::games::tta::apply::turn;
use quipu::games::tta::data::CardId;
use quipu::games::tta::state::{Mode, Phase, State};
use quipu::games::tta::testkit::{
    self, colony, culture, develop_from_deck, food, later_round_in, leader, legal_texts,
    military_hand, play, put_blue, put_workers, refused, resources, science, stats, tactic,
    wonder_begun,
};
use quipu::games::tta::testkit::{begin_politics, invariants, strength, to_act, units};
use quipu::games::tta::ThroughTheAges as TheGame;

/// Two players in the advanced game, Age II, seat 1 to begin its turn.
fn age_two() -> State {
    let mut s = later_round_in(Mode::Advanced, 2);
    testkit::in_round(&mut s, 2, 8);
    s
}

#[test]
fn tactic_armies_example_l2750_2765() {
    // 민호: Medieval Army (+2 per infantry-cavalry pair); 2 Warriors,
    // 1 Swordsmen, 2 Knights: units 8, two armies +4 = 12.
    let mut s = later_round_in(Mode::Advanced, 2);
    units(
        &mut s,
        0,
        &[
            ("board-A-warriors", 1),
            ("civ-I-swordsmen", 1),
            ("civ-I-knights", 2),
        ],
    );
    assert_eq!(strength(&s, 0), 8);
    tactic(&mut s, 0, "mil-I-medieval-army");
    assert_eq!(strength(&s, 0), 12);
    invariants(&s);
}

#[test]
fn obsolete_armies_take_the_lower_bonus_l2790_2826() {
    // 영희: Defensive Army (Age II: 2 infantry + 1 artillery, +6, or +3
    // with a unit more than one age older). Warriors (A) are too old,
    // Swordsmen (I) are not: units 13, one army +6, one old army +3 = 22.
    let mut s = later_round_in(Mode::Advanced, 2);
    units(&mut s, 0, &[("civ-I-swordsmen", 3), ("civ-II-cannon", 2)]);
    assert_eq!(strength(&s, 0), 13);
    tactic(&mut s, 0, "mil-II-defensive-army");
    assert_eq!(strength(&s, 0), 22);
}

#[test]
fn air_forces_double_an_army_each_l2928_2967() {
    // 민호: Entrenchments (Age III: 1 infantry + 2 artillery, +9, or +5).
    // Units 24 with one Air Forces; one army of up-to-date units (+9,
    // doubled to +18) and one with Swordsmen (+5): 47.
    let mut s = later_round_in(Mode::Full, 2);
    units(
        &mut s,
        0,
        &[
            ("civ-I-swordsmen", 1),
            ("civ-III-modern-infantry", 1),
            ("civ-II-cannon", 4),
            ("civ-III-air-forces", 1),
        ],
    );
    // Warriors 1 + Swordsmen 2 + Modern Infantry 5 + Cannon 12 + Air 5.
    assert_eq!(strength(&s, 0), 25);
    testkit::idle_workers(&mut s, 0, "board-A-warriors");
    assert_eq!(strength(&s, 0), 24);
    tactic(&mut s, 0, "mil-III-entrenchments");
    assert_eq!(strength(&s, 0), 47);
    // A second air force: its own 5 and the old army's +5 doubled: 57.
    put_workers(&mut s, 0, "civ-III-air-forces", 1);
    assert_eq!(strength(&s, 0), 57);
    // A third has no army left to double: 62, over the cap of 60 (the
    // rulebook prints 63; either way the track stops at 60).
    put_workers(&mut s, 0, "civ-III-air-forces", 1);
    assert_eq!(strength(&s, 0), 60);
    invariants(&s);
}

#[test]
fn a_tactic_is_played_with_a_military_action_and_replaces_the_old_one_l2730_2745() {
    let mut s = later_round_in(Mode::Advanced, 2);
    units(&mut s, 0, &[("civ-I-knights", 2)]);
    military_hand(&mut s, 0, &["mil-I-legion", "mil-I-light-cavalry"]);
    tactic(&mut s, 0, "mil-I-fighting-band");
    let legal = legal_texts(&s, 0);
    assert!(legal.contains(&"tactic legion".to_string()), "{legal:?}");
    assert!(!legal.contains(&"tactic fighting-band".to_string()));
    play(&mut s, 0, "tactic light-cavalry");
    // Knights 2+2, one Light Cavalry army (2 cavalry) +2.
    assert_eq!(strength(&s, 0), 1 + 4 + 2);
    assert_eq!(s.players[0].red_used, 1);
    assert_eq!(s.military_discards[1].len(), 1, "Fighting Band discarded");
    assert_eq!(s.players[0].military_hand.len(), 1);
    play(&mut s, 0, "전술 legion");
    assert_eq!(s.players[0].red_used, 2);
    assert_eq!(strength(&s, 0), 5, "Legion needs 3 infantry");
    assert!(
        !legal_texts(&s, 0).iter().any(|c| c.starts_with("tactic")),
        "no military action left"
    );
    invariants(&s);
}

/// The Spy example's two civilizations: seat 1 strength 14 (Warriors,
/// 3 Riflemen, 2 Swordsmen), seat 2 strength 10 (2 Warriors, 2 Swordsmen,
/// 2 Knights) with 3 science and an Age II defence card (+4).
fn spy_example() -> State {
    spy_example_in(Mode::Advanced)
}

fn spy_example_in(mode: Mode) -> State {
    let mut s = later_round_in(mode, 2);
    testkit::in_round(&mut s, 2, 8);
    units(&mut s, 0, &[("civ-II-riflemen", 3), ("civ-I-swordsmen", 2)]);
    units(
        &mut s,
        1,
        &[
            ("board-A-warriors", 1),
            ("civ-I-swordsmen", 2),
            ("civ-I-knights", 2),
        ],
    );
    science(&mut s, 1, 3);
    science(&mut s, 0, 0);
    military_hand(&mut s, 0, &["mil-II-spy"]);
    military_hand(&mut s, 1, &["mil-II-defense-colonization"]);
    s
}

#[test]
fn spy_example_the_defender_gives_way_l2345_2372() {
    // 철수 (14) spends a military action and plays Spy on 영희 (10); he
    // sends a Riflemen (3): 17. 영희's defence card (+4) and two Knights
    // (+4) would just hold, but she would be too weak after: no defence.
    // She has only 3 science: she loses 3, he gains 3; his strength is 11.
    let mut s = spy_example();
    assert_eq!((strength(&s, 0), strength(&s, 1)), (14, 10));
    begin_politics(&mut s, 0);
    let legal = legal_texts(&s, 0);
    assert!(legal.contains(&"attack spy 2".to_string()), "{legal:?}");
    assert!(!legal.contains(&"attack spy 1".to_string()));
    play(&mut s, 0, "attack spy 2");
    assert_eq!(s.players[0].red_used, 1);
    assert_eq!(to_act(&s), vec![0]);
    let bank = s.players[0].yellow_bank;
    play(&mut s, 0, "sacrifice infantry riflemen");
    play(&mut s, 0, "sacrifice none");
    assert_eq!(to_act(&s), vec![1]);
    let legal = legal_texts(&s, 1);
    for c in [
        "defend defense-colonization-ii",
        "sacrifice cavalry knights",
        "defend none",
    ] {
        assert!(legal.contains(&c.to_string()), "{c}: {legal:?}");
    }
    refused(&s, 0, "defend none");
    let view = TheGame.view(&s, Some(Seat(1)));
    assert!(
        view.headline.en.contains("attack 17, defence 10"),
        "{}",
        view.headline.en
    );
    // The defender reads what it stands to lose, in its language.
    assert!(
        view.headline
            .en
            .contains("If the attack wins: the rival loses up to 5 science"),
        "{}",
        view.headline.en
    );
    assert!(
        view.headline
            .ko
            .contains("공격이 이기면: 상대가 과학을 최대 5 잃고"),
        "{}",
        view.headline.ko
    );
    play(&mut s, 1, "defend none");
    assert_eq!(s.players[1].science, 0);
    assert_eq!(s.players[0].science, 3);
    // The Riflemen's worker goes back to 철수's yellow bank (L2368-2371).
    assert_eq!(s.players[0].yellow_bank, bank + 1);
    assert_eq!(strength(&s, 0), 11);
    assert_eq!(s.players[1].military_hand.len(), 1, "no card played");
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(s.military_discards[2].len(), 1, "Spy discarded");
    invariants(&s);
}

#[test]
fn the_defender_holds_with_a_tie_l2274_2281() {
    // The same attack of 17: the defence card (+4) and a Knight (+2)
    // make 16; a Warriors (+1) more makes 17, a tie: the defence holds.
    let mut s = spy_example();
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    play(&mut s, 0, "sacrifice infantry riflemen");
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "defend defense-colonization-ii");
    assert!(matches!(s.phase, Phase::Aggression(_)));
    play(&mut s, 1, "sacrifice cavalry knights");
    assert!(matches!(s.phase, Phase::Aggression(_)), "16 < 17");
    play(&mut s, 1, "sacrifice infantry warriors");
    assert_eq!(s.phase, Phase::Actions, "17 = 17: the aggression fails");
    assert_eq!(s.players[1].science, 3);
    assert_eq!(s.players[0].science, 0);
    assert_eq!(strength(&s, 1), 10 - 2 - 1);
    assert_eq!(s.players[0].red_used, 1, "the military action stays spent");
    invariants(&s);
}

/// The rest of the Spy example (seed L2352-2362): 영희's defence card alone
/// (10 + 4 = 14) does not stop 17; with both Knights sent (+2 each) she
/// reaches 18 and holds, but keeps only 10 - 4 = 6 strength, which is why
/// she gives way instead.
#[test]
fn spy_example_the_card_and_both_knights_would_hold_l2352_2362() {
    let mut s = spy_example();
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    play(&mut s, 0, "sacrifice infantry riflemen");
    play(&mut s, 0, "sacrifice none");
    let totals = |s: &State| match &s.phase {
        Phase::Aggression(c) => (
            quipu::games::tta::apply::attack_total(s, c),
            quipu::games::tta::apply::defence_total(s, c),
        ),
        other => panic!("{other:?}"),
    };
    assert_eq!(totals(&s), (17, 10));
    play(&mut s, 1, "defend defense-colonization-ii");
    assert_eq!(totals(&s), (17, 14), "the card alone is not enough");
    play(&mut s, 1, "sacrifice cavalry knights");
    assert_eq!(totals(&s), (17, 16));
    play(&mut s, 1, "sacrifice cavalry knights");
    assert_eq!(s.phase, Phase::Actions, "18 > 17: the defence holds");
    assert_eq!(s.players[1].science, 3);
    assert_eq!(s.players[0].science, 0);
    assert_eq!(strength(&s, 1), 6);
    assert_eq!(strength(&s, 0), 11);
    assert!(s.players[1].military_hand.is_empty(), "the card is spent");
    invariants(&s);
}

/// Units sent may lift a side's total past the track's 60 (seed
/// L2268-2273): strength 60 (61 capped) and a Modern Infantry (5) sent
/// attack with 65.
#[test]
fn sent_units_may_lift_a_total_past_sixty_l2268_2273() {
    let mut s = later_round_in(Mode::Full, 2);
    testkit::in_round(&mut s, 3, 16);
    units(&mut s, 0, &[("civ-III-modern-infantry", 12)]);
    assert_eq!(strength(&s, 0), 60, "12 × 5 + Warriors 1, capped");
    military_hand(&mut s, 0, &["mil-II-spy"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    play(&mut s, 0, "sacrifice infantry modern-infantry");
    let attack = match &s.phase {
        Phase::Aggression(c) => quipu::games::tta::apply::attack_total(&s, c),
        other => panic!("{other:?}"),
    };
    assert_eq!(attack, 65);
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "defend none");
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(strength(&s, 0), 56, "11 × 5 + 1 after the sacrifice");
    invariants(&s);
}

/// The last round: the attacker sends nothing and the defender may only
/// play defence cards (seed L3121-3125).
#[test]
fn in_the_full_games_last_round_only_the_defender_raises_strength_with_cards() {
    let mut s = spy_example_in(Mode::Full);
    testkit::in_last_round(&mut s);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    assert_eq!(to_act(&s), vec![1], "the attacker is not asked for units");
    assert_eq!(
        legal_texts(&s, 1),
        vec!["defend defense-colonization-ii", "defend none"]
    );
    refused(&s, 1, "sacrifice cavalry knights");
    // 10 + 4 = 14 against 14: the tie holds.
    play(&mut s, 1, "defend defense-colonization-ii");
    assert_eq!(s.phase, Phase::Actions, "14 = 14: the aggression fails");
    assert_eq!(s.players[1].science, 3);
    invariants(&s);
}

/// The advanced game's last round has no such rule: units are sent as ever.
#[test]
fn in_the_advanced_games_last_round_units_are_still_sent() {
    let mut s = spy_example();
    testkit::in_last_round(&mut s);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    assert_eq!(to_act(&s), vec![0], "the attacker may send units");
    play(&mut s, 0, "sacrifice infantry riflemen");
    play(&mut s, 0, "sacrifice none");
    assert!(legal_texts(&s, 1).contains(&"sacrifice cavalry knights".to_string()));
}

#[test]
fn a_stronger_defender_needs_no_answer() {
    let mut s = spy_example();
    units(&mut s, 1, &[("civ-II-cavalrymen", 2)]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    play(&mut s, 0, "sacrifice none");
    assert_eq!(s.phase, Phase::Actions, "16 ≥ 14: fails at once");
    assert_eq!(s.players[1].science, 3);
}

#[test]
fn sent_armies_count_their_tactic_bonus_l2766_2789() {
    // 민호 (12 with Medieval Army) sends a Knight: 14; a Swordsmen too:
    // 18 (a whole army sent: 2 + 2 + its bonus 2). Or 2 Warriors and
    // 2 Knights: 12 + 2 × 5 = 22.
    let setup = || {
        let mut s = age_two();
        units(
            &mut s,
            0,
            &[
                ("board-A-warriors", 1),
                ("civ-I-swordsmen", 1),
                ("civ-I-knights", 2),
            ],
        );
        tactic(&mut s, 0, "mil-I-medieval-army");
        military_hand(&mut s, 0, &["mil-II-spy"]);
        begin_politics(&mut s, 0);
        play(&mut s, 0, "attack spy 2");
        s
    };
    let attack = |s: &State| match &s.phase {
        Phase::Aggression(c) => quipu::games::tta::apply::attack_total(s, c),
        other => panic!("{other:?}"),
    };
    let mut s = setup();
    assert_eq!(attack(&s), 12);
    play(&mut s, 0, "sacrifice cavalry knights");
    assert_eq!(attack(&s), 14);
    play(&mut s, 0, "sacrifice infantry swordsmen");
    assert_eq!(attack(&s), 18);
    let mut s = setup();
    for u in ["warriors", "warriors", "knights", "knights"] {
        let kind = if u == "knights" {
            "cavalry"
        } else {
            "infantry"
        };
        play(&mut s, 0, &format!("sacrifice {kind} {u}"));
    }
    assert_eq!(attack(&s), 22);
    invariants(&s);
}

/// Seat 1 (strength 10: Warriors and 3 Riflemen) attacks seat 2
/// (strength 1, Warriors only) with `card`, sends nothing, and seat 2
/// gives way.
fn win_with(s: &mut State, card: &str, word: &str) {
    units(s, 0, &[("civ-II-riflemen", 3)]);
    military_hand(s, 0, &[card]);
    begin_politics(s, 0);
    play(s, 0, &format!("attack {word} 2"));
    play(s, 0, "sacrifice none");
    play(s, 1, "defend none");
}

/// An aggression's headline names the seat to act and speaks to its
/// reader, in both languages: the attacker sends units on its own turn
/// ("Your turn"), the defender answers on the attacker's turn ("You are
/// asked to"), the spoils are the attacker's; a spectator reads names.
#[test]
fn aggression_headlines_name_the_seat_to_act_and_speak_to_the_reader() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_blue(&mut s, 1, "board-A-agriculture", 2);
    put_blue(&mut s, 1, "board-A-bronze", 5);
    units(&mut s, 0, &[("civ-II-riflemen", 3)]);
    military_hand(&mut s, 0, &["mil-I-plunder"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack plunder-i 2");
    let head = |s: &State, seat: Option<usize>| TheGame.view(s, seat.map(Seat)).headline;
    let attacker = head(&s, Some(0));
    assert!(
        attacker.en.starts_with("You attack seat 2 with Plunder (attack ")
            && attacker.en.contains(") — Your turn: send units ('sacrifice …') or 'sacrifice none'. If the attack wins: "),
        "{attacker:?}"
    );
    assert!(
        attacker
            .ko
            .starts_with("당신이 2번 자리를 약탈로 공격 (공격 ")
            && attacker.ko.contains(
                ") — 당신의 차례: 유닛 희생('sacrifice …') 또는 'sacrifice none'. 공격이 이기면: "
            ),
        "{attacker:?}"
    );
    let target = head(&s, Some(1));
    assert!(
        target
            .en
            .starts_with("Seat 1 attacks you with Plunder (attack ")
            && target
                .en
                .contains(") — Seat 1 to send units ('sacrifice …') or 'sacrifice none'."),
        "{target:?}"
    );
    play(&mut s, 0, "sacrifice none");
    let target = head(&s, Some(1));
    assert!(
        target
            .en
            .starts_with("Seat 1 attacks you with Plunder (attack ")
            && target.en.contains(
                ") — You are asked to answer with 'defend …', 'sacrifice …' or 'defend none'."
            ),
        "{target:?}"
    );
    assert!(!target.en.contains("Your turn"), "{target:?}");
    assert!(
        target
            .ko
            .starts_with("1번 자리가 당신을 약탈로 공격 (공격 ")
            && target
                .ko
                .contains(") — 당신의 결정: 대응('defend …', 'sacrifice …' 또는 'defend none')."),
        "{target:?}"
    );
    let spectator = head(&s, None);
    assert!(
        spectator
            .en
            .starts_with("Seat 1 attacks seat 2 with Plunder (attack ")
            && spectator
                .en
                .contains(") — Seat 2 to answer with 'defend …'"),
        "{spectator:?}"
    );
    assert!(
        spectator.ko.contains(") — 2번 자리의 차례: 대응("),
        "{spectator:?}"
    );
    play(&mut s, 1, "defend none");
    assert!(matches!(s.phase, Phase::Spoils { .. }));
    let attacker = head(&s, Some(0));
    assert!(
        attacker.en.ends_with(") — Your turn: choose the spoils"),
        "{attacker:?}"
    );
    let target = head(&s, Some(1));
    assert!(
        target.en.ends_with(") — Seat 1 to choose the spoils"),
        "{target:?}"
    );
    assert!(
        target.ko.ends_with("1번 자리의 차례: 전리품 고르기"),
        "{target:?}"
    );
}

#[test]
fn enslave_takes_a_worker_and_makes_three_resources() {
    let mut s = later_round_in(Mode::Advanced, 2);
    let (pop, res) = (s.players[1].workers, resources(&s, 0));
    win_with(&mut s, "mil-I-enslave", "enslave");
    assert_eq!(s.players[1].workers, pop - 1);
    assert_eq!(resources(&s, 0), res + 3);
    assert_eq!(s.players[0].red_used, 2, "Enslave costs 2 military actions");
    invariants(&s);
}

#[test]
fn plunder_lets_the_attacker_choose_the_mix() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_blue(&mut s, 1, "board-A-agriculture", 2);
    put_blue(&mut s, 1, "board-A-bronze", 5);
    let (f0, r0) = (food(&s, 0), resources(&s, 0));
    win_with(&mut s, "mil-I-plunder", "plunder-i");
    assert!(matches!(s.phase, Phase::Spoils { .. }));
    let legal = legal_texts(&s, 0);
    assert_eq!(
        legal,
        vec![
            "seize 0 food 3 resources",
            "seize 1 food 2 resources",
            "seize 2 food 1 resources"
        ]
    );
    play(&mut s, 0, "seize 2 food 1 resources");
    assert_eq!((food(&s, 1), resources(&s, 1)), (0, 4));
    assert_eq!((food(&s, 0), resources(&s, 0)), (f0 + 2, r0 + 1));
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn plunder_takes_no_more_than_the_defender_has_l2289_2293() {
    let mut s = age_two();
    put_blue(&mut s, 1, "board-A-bronze", 2);
    win_with(&mut s, "mil-II-plunder", "plunder-ii");
    assert_eq!(legal_texts(&s, 0), vec!["seize 0 food 2 resources"]);
}

#[test]
fn raid_one_destroys_a_building_for_half_its_cost_rounded_up() {
    let mut s = later_round_in(Mode::Advanced, 2);
    put_workers(&mut s, 1, "board-A-religion", 2);
    let (res, idle) = (resources(&s, 0), s.players[1].workers);
    win_with(&mut s, "mil-I-raid", "raid-i");
    assert_eq!(
        legal_texts(&s, 0),
        vec!["destroy lab philosophy", "destroy temple religion"]
    );
    play(&mut s, 0, "destroy temple religion");
    assert_eq!(testkit::workers_on(&s, 1, "board-A-religion"), 1);
    assert_eq!(s.players[1].workers, idle + 1, "the worker becomes unused");
    assert_eq!(resources(&s, 0), res + 2, "half of 3, rounded up");
    assert_eq!(s.players[0].red_used, 1);
    invariants(&s);
}

#[test]
fn raid_two_destroys_two_of_a_kind_for_half_their_cost_rounded_down() {
    let mut s = age_two();
    develop_from_deck(&mut s, 1, "civ-I-theology");
    put_workers(&mut s, 1, "civ-I-theology", 2);
    let res = resources(&s, 0);
    win_with(&mut s, "mil-II-raid", "raid-ii");
    play(&mut s, 0, "destroy temple theology");
    assert_eq!(testkit::workers_on(&s, 1, "civ-I-theology"), 0);
    assert_eq!(resources(&s, 0), res + 5, "half of 2 × 5");
    invariants(&s);
}

#[test]
fn annex_moves_a_colony_and_its_permanent_bonus() {
    let mut s = age_two();
    colony(&mut s, 1, "mil-I-fertile-territory");
    win_with(&mut s, "mil-II-annex", "annex");
    assert_eq!(legal_texts(&s, 0), vec!["annex fertile-territory-i"]);
    let (y0, y1) = (s.players[0].yellow_bank, s.players[1].yellow_bank);
    play(&mut s, 0, "annex fertile-territory-i");
    assert_eq!(s.players[0].colonies.len(), 1);
    assert!(s.players[1].colonies.is_empty());
    assert_eq!(s.players[0].yellow_bank, y0 + 3);
    assert_eq!(s.players[1].yellow_bank, y1 - 3);
    invariants(&s);
}

/// A colony annexed from a civilization whose yellow bank is short: the
/// tokens it cannot give stay, and no worker is lost (seed L2239-2242).
#[test]
fn an_annexed_colony_costs_no_population_when_the_bank_is_short() {
    let mut s = age_two();
    colony(&mut s, 1, "mil-I-fertile-territory");
    // All but one of the bank's tokens become unused workers.
    let (bank, idle) = (s.players[1].yellow_bank, s.players[1].workers);
    testkit::unused_workers(&mut s, 1, idle + bank - 1);
    let workers = |s: &State| {
        let p = &s.players[1];
        p.workers as u32 + p.techs.iter().map(|t| t.workers as u32).sum::<u32>()
    };
    let before = workers(&s);
    win_with(&mut s, "mil-II-annex", "annex");
    play(&mut s, 0, "annex fertile-territory-i");
    assert!(s.players[1].colonies.is_empty());
    assert_eq!(
        s.players[1].yellow_bank, 0,
        "the one token in the bank goes"
    );
    assert_eq!(workers(&s), before, "no population lost");
    invariants(&s);
}

#[test]
fn annex_needs_a_colony_to_take() {
    let mut s = age_two();
    units(&mut s, 0, &[("civ-II-riflemen", 3)]);
    military_hand(&mut s, 0, &["mil-II-annex"]);
    begin_politics(&mut s, 0);
    assert!(!legal_texts(&s, 0).iter().any(|c| c.starts_with("attack")));
}

#[test]
fn armed_intervention_takes_seven_culture() {
    let mut s = later_round_in(Mode::Full, 2);
    testkit::in_round(&mut s, 3, 12);
    culture(&mut s, 1, 30);
    culture(&mut s, 0, 10);
    win_with(&mut s, "mil-III-armed-intervention", "armed-intervention");
    assert_eq!((s.players[0].culture, s.players[1].culture), (17, 23));
    invariants(&s);
}

#[test]
fn assassinate_costs_the_leaders_level_and_scores_three_culture_each() {
    let mut s = age_two();
    leader(&mut s, 1, "civ-I-frederick-barbarossa");
    culture(&mut s, 0, 0);
    units(&mut s, 0, &[("civ-II-riflemen", 3)]);
    military_hand(&mut s, 0, &["mil-II-assassinate"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack assassinate 2");
    assert_eq!(
        s.players[0].red_used, 1,
        "an Age I leader: 1 military action"
    );
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "defend none");
    assert_eq!(s.players[1].leader, None);
    assert_eq!(s.players[0].culture, 3);
}

#[test]
fn sabotage_discards_the_wonder_under_construction() {
    let mut s = age_two();
    wonder_begun(&mut s, 1, "civ-I-great-wall");
    culture(&mut s, 0, 0);
    win_with(&mut s, "mil-II-sabotage", "sabotage");
    assert_eq!(s.players[1].wonder, None);
    assert_eq!(s.players[0].culture, 3);
}

#[test]
fn an_aggression_needs_its_military_actions() {
    // Despotism gives 2 military actions: Raid II (2) and Spy (1) may be
    // played, against the other seat only.
    let mut s = age_two();
    put_workers(&mut s, 1, "board-A-religion", 1);
    military_hand(&mut s, 0, &["mil-II-raid", "mil-II-spy"]);
    begin_politics(&mut s, 0);
    let legal = legal_texts(&s, 0);
    assert!(legal.contains(&"attack raid-ii 2".to_string()), "{legal:?}");
    assert!(legal.contains(&"attack spy 2".to_string()));
    refused(&s, 0, "attack spy 1");
}

#[test]
fn timeouts_send_nothing_and_defend_with_nothing() {
    let mut s = spy_example();
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    let d = TheGame.default_command(&s, Seat(0)).expect("a default");
    assert_eq!(d.to_string(), "sacrifice none");
    play(&mut s, 0, "sacrifice none");
    let d = TheGame.default_command(&s, Seat(1)).expect("a default");
    assert_eq!(d.to_string(), "defend none");
}

#[test]
fn korean_commands_read_the_same() {
    let mut s = spy_example();
    begin_politics(&mut s, 0);
    play(&mut s, 0, "공격 스파이 2");
    play(&mut s, 0, "희생 없음");
    play(&mut s, 1, "방어 없음");
    assert_eq!(s.players[0].science, 3);
}

#[test]
fn the_defenders_hand_stays_hidden_and_the_played_card_is_told() {
    let mut s = spy_example();
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    play(&mut s, 0, "sacrifice none");
    let hidden = TheGame.hidden_items(&s, Some(Seat(0)));
    assert!(hidden.iter().any(|h| h.contains("Defense / Colonization")));
    let said = play(&mut s, 1, "defend defense-colonization-ii");
    assert!(
        said.iter().any(|l| l.contains("defence bonus of 4")),
        "{said:?}"
    );
    let hidden = TheGame.hidden_items(&s, Some(Seat(0)));
    assert!(
        !hidden.iter().any(|h| h.contains("military hand")),
        "{hidden:?}"
    );
}

/// Three players in the full game, Age III, seat 1 to begin its turn.
fn three_in_full(pacts: &[&str]) -> State {
    let mut s = later_round_in(Mode::Full, 3);
    testkit::in_round(&mut s, 3, 12);
    military_hand(&mut s, 0, pacts);
    s
}

#[test]
fn a_pact_offered_and_accepted_is_in_force_for_both_l2374_2404() {
    // Peace Treaty: no attacks between the two, +1 culture each per turn.
    let mut s = three_in_full(&["mil-III-peace-treaty", "mil-III-armed-intervention"]);
    let rates = (stats(&s, 0).culture_rate, stats(&s, 1).culture_rate);
    begin_politics(&mut s, 0);
    let legal = legal_texts(&s, 0);
    assert!(
        legal.contains(&"pact peace-treaty 2 a".to_string()),
        "{legal:?}"
    );
    assert!(
        !legal.contains(&"pact peace-treaty 2 b".to_string()),
        "symmetric"
    );
    play(&mut s, 0, "pact peace-treaty 2 a");
    assert_eq!(to_act(&s), vec![1]);
    assert_eq!(legal_texts(&s, 1), vec!["accept", "refuse"]);
    refused(&s, 2, "accept");
    play(&mut s, 1, "수락");
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(stats(&s, 0).culture_rate, rates.0 + 1);
    assert_eq!(stats(&s, 1).culture_rate, rates.1 + 1);
    assert_eq!(s.players[0].pacts.len(), 1);
    assert_eq!(s.players[1].pacts.len(), 1);
    let view = TheGame.view(&s, Some(Seat(2)));
    let text = format!("{view:?}");
    assert!(
        text.contains("Pact Peace Treaty: seat 1 A, seat 2 B."),
        "{text}"
    );
    // The picture shows the pact and every seat's military hand size too.
    let drawn: Vec<String> = view
        .picture
        .shapes
        .iter()
        .filter_map(|sh| match sh {
            Shape::Caption { text, .. } => Some(text.en.clone()),
            _ => None,
        })
        .collect();
    let drawn = drawn.join(" ");
    assert!(drawn.contains("Pact Peace Treaty: seat 1 A"), "{drawn}");
    assert!(drawn.contains("Mil."), "{drawn}");
    invariants(&s);
    // Next turn: no attack on seat 2, seat 3 may be attacked.
    begin_politics(&mut s, 0);
    let legal = legal_texts(&s, 0);
    assert!(
        legal.contains(&"attack armed-intervention 3".to_string()),
        "{legal:?}"
    );
    assert!(!legal.contains(&"attack armed-intervention 2".to_string()));
    assert!(legal.contains(&"cancel peace-treaty".to_string()));
}

#[test]
fn a_refused_pact_goes_back_to_the_hand_and_the_political_action_is_spent_l2378_2388() {
    let mut s = three_in_full(&["mil-III-peace-treaty"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "pact peace-treaty 3 a");
    let d = TheGame.default_command(&s, Seat(2)).expect("a default");
    assert_eq!(d.to_string(), "refuse");
    play(&mut s, 2, "refuse");
    assert_eq!(s.phase, Phase::Actions, "no second political action");
    assert_eq!(s.players[0].military_hand.len(), 1);
    assert!(s.players[0].pacts.is_empty() && s.players[2].pacts.is_empty());
    invariants(&s);
}

/// A refused pact comes back to the hand, and the discard that follows may
/// keep it and drop another card (seed L2382-2385); the pact offered before
/// stays in force, since only an accepted one replaces it (L2393-2396).
#[test]
fn a_refused_pact_may_be_kept_in_the_discard_and_the_old_pact_stays_l2382_2396() {
    let mut s = three_in_full(&["mil-III-peace-treaty", "mil-III-military-pact"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "pact peace-treaty 2 a");
    play(&mut s, 1, "accept");
    assert_eq!(s.phase, Phase::Actions);
    military_hand(
        &mut s,
        0,
        &["mil-III-armed-intervention", "mil-III-defense-colonization"],
    );
    begin_politics(&mut s, 0);
    play(&mut s, 0, "pact military-pact 3 a");
    play(&mut s, 2, "refuse");
    // Three cards for two military actions: one goes, the pact may stay.
    assert_eq!(s.phase, Phase::Discard);
    let legal = legal_texts(&s, 0);
    assert!(
        legal.contains(&"discard military-pact".to_string()),
        "{legal:?}"
    );
    play(&mut s, 0, "discard defense-colonization-iii");
    assert_eq!(s.phase, Phase::Actions);
    let hand: Vec<CardId> = s.players[0].military_hand.clone();
    assert!(hand.contains(&testkit::card(&s, "mil-III-military-pact")));
    assert_eq!(hand.len(), 2);
    let treaty = testkit::card(&s, "mil-III-peace-treaty");
    assert_eq!(s.players[0].pacts.len(), 1);
    assert_eq!(s.players[0].pacts[0].card, treaty, "Peace Treaty holds");
    assert_eq!(s.players[1].pacts.len(), 1);
    assert!(s.players[2].pacts.is_empty());
    invariants(&s);
}

#[test]
fn asymmetric_pact_sides_and_an_attack_that_ends_it_l2405_2420_l2466_2472() {
    // Promise of Military Protection: seat 1 offers, taking A (+1 culture
    // per turn); seat 2 takes B (+5 strength, -1 culture per turn).
    let mut s = three_in_full(&["mil-II-promise-of-military-protection"]);
    let (c0, c1, st1) = (
        stats(&s, 0).culture_rate,
        stats(&s, 1).culture_rate,
        strength(&s, 1),
    );
    begin_politics(&mut s, 0);
    let legal = legal_texts(&s, 0);
    assert!(legal.contains(&"pact promise-of-military-protection 2 b".to_string()));
    play(&mut s, 0, "pact promise-of-military-protection 2 a");
    play(&mut s, 1, "accept");
    assert_eq!(stats(&s, 0).culture_rate, c0 + 1);
    assert_eq!(stats(&s, 1).culture_rate, (c1 - 1).max(0));
    assert_eq!(strength(&s, 1), st1 + 5);
    // Seat 2 attacks seat 1: the pact ends (its card says so).
    units(&mut s, 1, &[("civ-II-riflemen", 3)]);
    military_hand(&mut s, 1, &["mil-III-armed-intervention"]);
    begin_politics(&mut s, 1);
    play(&mut s, 1, "attack armed-intervention 1");
    assert!(s.players[0].pacts.is_empty() && s.players[1].pacts.is_empty());
    assert_eq!(strength(&s, 1), st1 + 9);
    invariants(&s);
}

#[test]
fn a_new_pact_replaces_the_one_offered_before_and_cancel_ends_one_l2389_2465() {
    let mut s = three_in_full(&["mil-III-peace-treaty", "mil-III-military-pact"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "pact peace-treaty 2 a");
    play(&mut s, 1, "accept");
    begin_politics(&mut s, 0);
    play(&mut s, 0, "pact military-pact 3 a");
    play(&mut s, 2, "accept");
    assert_eq!(s.players[0].pacts.len(), 1, "Peace Treaty discarded");
    assert!(s.players[1].pacts.is_empty());
    assert_eq!(s.military_discards[3].len(), 1);
    // Seat 3 cancels it as its political action.
    let st = strength(&s, 2);
    begin_politics(&mut s, 2);
    play(&mut s, 2, "파기 military-pact");
    assert!(s.players[0].pacts.is_empty() && s.players[2].pacts.is_empty());
    assert_eq!(strength(&s, 2), st - 4);
    assert_eq!(s.phase, Phase::Actions);
    invariants(&s);
}

#[test]
fn open_borders_gives_a_military_action_each_and_three_strength_to_an_attacker() {
    let mut s = later_round_in(Mode::Advanced, 3);
    testkit::in_round(&mut s, 2, 8);
    military_hand(&mut s, 0, &["mil-I-open-borders-agreement", "mil-II-spy"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "pact open-borders-agreement 2 a");
    play(&mut s, 1, "accept");
    assert_eq!(testkit::action_tokens(&s, 0).1, 3);
    assert_eq!(testkit::action_tokens(&s, 1).1, 3);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "attack spy 2");
    match &s.phase {
        Phase::Aggression(c) => assert_eq!(c.attack, strength(&s, 0) + 3),
        other => panic!("{other:?}"),
    }
}

#[test]
fn acceptance_of_supremacy_moves_a_resource_each_turn() {
    let mut s = later_round_in(Mode::Advanced, 3);
    testkit::in_round(&mut s, 2, 8);
    military_hand(&mut s, 0, &["mil-II-acceptance-of-supremacy"]);
    begin_politics(&mut s, 0);
    play(&mut s, 0, "pact acceptance-of-supremacy 2 a");
    play(&mut s, 1, "accept");
    let made = |s: &mut State, seat: usize| {
        let before = resources(s, seat);
        turn::production(s, seat, &mut Vec::new());
        resources(s, seat) - before
    };
    let plain = made(&mut s, 2);
    assert_eq!(made(&mut s, 0), plain + 1);
    assert_eq!(made(&mut s, 1), plain - 1);
}
