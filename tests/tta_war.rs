//! Through the Ages (first edition), wars of the full game: declared as a
//! political action, resolved at the start of the declarer's next turn
//! (the declarer sends units first, then its opponent; no defence cards),
//! either side may win, every war card's spoils with exact numbers, the
//! tie, resignation, the last round and Loss of Sovereignty (seed
//! 004_9680d37650e49187.txt L2968-3047, L3076-3094, L3096-3130).

use quipu::engine::{Game, Seat};
use quipu::games::tta::data::Kind;
use quipu::games::tta::state::{Mode, Phase, State};
use quipu::games::tta::testkit::{
    self, culture, develop_from_deck, food, later_round_in, legal_texts, military_hand,
    pact_in_force, play, politics_given_up, put_blue, refused, resources, science, unused_workers,
    war_declared,
};
use quipu::games::tta::testkit::{begin, invariants, strength, to_act, units};
use quipu::games::tta::ThroughTheAges as TheGame;

/// Three players in the full game, Age II, round 8, seat 1 to begin.
fn full(players: usize) -> State {
    let mut s = later_round_in(Mode::Full, players);
    testkit::in_round(&mut s, 2, 8);
    s
}

fn view_text(s: &State, seat: Option<usize>) -> String {
    format!("{:?}", TheGame.view(s, seat.map(Seat)))
}

fn discarded(s: &State, id: &str) -> bool {
    let c = testkit::card(s, id);
    s.military_discards.iter().flatten().any(|&x| x == c)
}

fn population(s: &State, seat: usize) -> u32 {
    let p = &s.players[seat];
    u32::from(p.workers) + p.techs.iter().map(|t| u32::from(t.workers)).sum::<u32>()
}

#[test]
fn a_war_is_declared_then_resolved_at_the_declarers_next_turn_l2968_3012() {
    let mut s = full(3);
    // Seat 1: Warfare (+1 strength, +1 military action: 3), 2 Swordsmen;
    // strength 1 (Warriors) + 4 + 1 = 6. Seat 2: Warriors only, strength 1.
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    units(&mut s, 0, &[("civ-I-swordsmen", 2)]);
    military_hand(&mut s, 0, &["mil-II-war-over-culture"]);
    military_hand(&mut s, 1, &["mil-II-defense-colonization"]);
    culture(&mut s, 1, 10);
    assert_eq!((strength(&s, 0), strength(&s, 1)), (6, 1));
    begin(&mut s, 0);
    assert_eq!(s.phase, Phase::Political);
    let legal = legal_texts(&s, 0);
    assert!(
        legal.contains(&"war war-over-culture-ii 2".to_string())
            && legal.contains(&"war war-over-culture-ii 3".to_string())
            && !legal.contains(&"war war-over-culture-ii 1".to_string()),
        "{legal:?}"
    );
    play(&mut s, 0, "war war-over-culture 2");
    // The political action is spent with 3 military actions; the turn goes on.
    assert_eq!(s.players[0].red_used, 3);
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(s.wars.len(), 1);
    invariants(&s);
    // Open to all at once: every seat's mail shows it, no seat's hidden items
    // name it.
    for seat in [Some(0), Some(1), Some(2), None] {
        let text = view_text(&s, seat);
        assert!(
            text.contains(
                "War declared: seat 1 on seat 2, War over Culture; resolved at the start of seat 1's next turn."
            ),
            "{text}"
        );
        assert!(
            text.contains("전쟁 선포: 1번 자리 → 2번 자리, 문화 전쟁"),
            "{text}"
        );
        let hidden = TheGame.hidden_items(&s, seat.map(Seat));
        assert!(!hidden.iter().any(|h| h.contains("War over Culture")));
    }
    // The board picture shows it under the declarer's tableau.
    let picture = format!("{:?}", quipu::games::tta::picture::picture(&s, &[]).shapes);
    assert!(
        picture.contains("War declared on seat 2: War over Culture"),
        "{picture}"
    );
    assert!(
        picture.contains("2번 자리에 전쟁 선포: 문화 전쟁"),
        "{picture}"
    );
    // The others play their turns (seat 2 may build units meanwhile).
    play(&mut s, 0, "done");
    assert_eq!(s.turn, 1);
    play(&mut s, 1, "done");
    play(&mut s, 2, "done");
    // Seat 1's next turn: the war first, before its political action.
    assert_eq!(s.turn, 0);
    assert!(matches!(s.phase, Phase::War(_)), "{:?}", s.phase);
    assert_eq!(to_act(&s), vec![0]);
    let legal = legal_texts(&s, 0);
    assert!(!legal.contains(&"skip".to_string()), "{legal:?}");
    assert!(legal.contains(&"sacrifice infantry swordsmen".to_string()));
    refused(&s, 1, "sacrifice none");
    let (c0, c1) = (s.players[0].culture, s.players[1].culture);
    play(&mut s, 0, "sacrifice infantry swordsmen");
    play(&mut s, 0, "sacrifice none");
    // The opponent answers with units only: no defence cards in a war.
    assert_eq!(to_act(&s), vec![1]);
    let legal = legal_texts(&s, 1);
    assert_eq!(
        legal,
        vec!["sacrifice infantry warriors", "sacrifice none"],
        "no defence cards"
    );
    assert_eq!(
        TheGame.default_command(&s, Seat(1)).map(|c| c.to_string()),
        Some("sacrifice none".to_string())
    );
    // The headline names the seat to act and speaks to its reader: the
    // target sends on the declarer's turn, so it is asked, not told "your
    // turn"; the declarer reads its own war as "your".
    let target = TheGame.view(&s, Some(Seat(1))).headline;
    assert_eq!(
        target.en,
        "War: seat 1's War over Culture against you (strength 8 against 1) — You are asked to send units ('sacrifice …') or 'sacrifice none'"
    );
    assert_eq!(
        target.ko,
        "전쟁: 1번 자리의 문화 전쟁 대 당신 (군사력 8 대 1) — 당신의 결정: 유닛 희생('sacrifice …') 또는 'sacrifice none'"
    );
    let declarer = TheGame.view(&s, Some(Seat(0))).headline;
    assert_eq!(
        declarer.en,
        "War: your War over Culture against seat 2 (strength 8 against 1) — Seat 2 to send units ('sacrifice …') or 'sacrifice none'"
    );
    assert_eq!(
        declarer.ko,
        "전쟁: 당신의 문화 전쟁 대 2번 자리 (군사력 8 대 1) — 2번 자리의 차례: 유닛 희생('sacrifice …') 또는 'sacrifice none'"
    );
    // Attack 6 + 2 (the Swordsman sent) = 8; defence 1 + 1 (Warriors sent) = 2.
    play(&mut s, 1, "희생 infantry warriors");
    assert_eq!(s.players[0].culture, c0 + 6);
    assert_eq!(s.players[1].culture, c1 - 6);
    // The card is discarded and the political action of this turn remains.
    assert_eq!(s.phase, Phase::Political);
    assert!(s.wars.is_empty());
    assert!(discarded(&s, "mil-II-war-over-culture"));
    assert!(legal_texts(&s, 0).contains(&"skip".to_string()));
    invariants(&s);
}

#[test]
fn the_opponent_may_win_and_war_over_technology_asks_the_loser_l2997_3005() {
    // Seat 1 (Warriors and Cartography: strength 2) declared War over
    // Technology on seat 2 (Warriors and 3 Swordsmen: 7). Seat 2 wins by 5;
    // seat 1 pays 5 in science or in special technologies at their science
    // cost (Masonry 3, Cartography 4).
    let mut s = full(3);
    units(&mut s, 1, &[("civ-I-swordsmen", 3)]);
    develop_from_deck(&mut s, 0, "civ-I-masonry");
    develop_from_deck(&mut s, 0, "civ-I-cartography");
    science(&mut s, 0, 10);
    science(&mut s, 1, 2);
    war_declared(&mut s, 0, 1, "mil-II-war-over-technology");
    begin(&mut s, 0);
    // Seat 1 has no unit worth asking about beyond Warriors: it is asked.
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "sacrifice none");
    assert!(
        matches!(
            s.phase,
            Phase::WarLoss {
                loser: 0,
                owed: 5,
                ..
            }
        ),
        "{:?}",
        s.phase
    );
    assert_eq!(to_act(&s), vec![0]);
    let legal = legal_texts(&s, 0);
    assert_eq!(
        legal,
        vec!["give masonry", "give cartography", "give science"]
    );
    assert_eq!(
        TheGame.default_command(&s, Seat(0)).map(|c| c.to_string()),
        Some("give science".to_string())
    );
    // Masonry (3) and the last 2 in science (Cartography's 4 no longer fits).
    play(&mut s, 0, "give masonry");
    let masonry = testkit::card(&s, "civ-I-masonry");
    assert!(s.players[1].specials.contains(&masonry));
    assert!(!s.players[0].specials.contains(&masonry));
    assert_eq!((s.players[0].science, s.players[1].science), (8, 4));
    assert_eq!(s.phase, Phase::Political);
    invariants(&s);
}

#[test]
fn war_over_technology_in_science_when_the_loser_chooses_so() {
    let mut s = full(3);
    units(&mut s, 0, &[("civ-I-swordsmen", 2)]);
    develop_from_deck(&mut s, 1, "civ-I-code-of-laws");
    science(&mut s, 1, 3);
    war_declared(&mut s, 0, 1, "mil-II-war-over-technology");
    begin(&mut s, 0);
    play(&mut s, 0, "sacrifice none");
    // Code of Laws costs 6 science, more than the difference of 4: not offered;
    // the loser loses what science it has (3), never more.
    play(&mut s, 1, "sacrifice none");
    assert_eq!(s.phase, Phase::Political);
    assert_eq!((s.players[0].science, s.players[1].science), (3, 0));
    invariants(&s);
}

#[test]
fn war_over_resources_the_loser_splits_food_and_resources() {
    // Strength 5 against 1: the loser owes 4 of its 3 food and 2 resources.
    let mut s = full(3);
    units(&mut s, 0, &[("civ-I-swordsmen", 2)]);
    put_blue(&mut s, 1, "board-A-agriculture", 3);
    put_blue(&mut s, 1, "board-A-bronze", 2);
    war_declared(&mut s, 0, 1, "mil-II-war-over-resources");
    begin(&mut s, 0);
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "sacrifice none");
    assert_eq!(to_act(&s), vec![1]);
    assert_eq!(
        legal_texts(&s, 1),
        vec!["choose food 2 resources 2", "choose food 3 resources 1"]
    );
    assert_eq!(
        TheGame.default_command(&s, Seat(1)).map(|c| c.to_string()),
        Some("choose food 2 resources 2".to_string())
    );
    let loser = TheGame.view(&s, Some(Seat(1))).headline;
    assert!(
        loser.en.ends_with("— You are asked to give 4 food and resources in all for the lost war: 'choose food … resources …'"),
        "{loser:?}"
    );
    assert!(
        loser.ko.ends_with(
            "— 당신의 결정: 전쟁에 져서 식량과 자원을 합쳐 4만큼 주기: 'choose food … resources …'"
        ),
        "{loser:?}"
    );
    let watcher = TheGame.view(&s, None).headline;
    assert!(
        watcher.en.ends_with("— Seat 2 to give 4 food and resources in all for the lost war: 'choose food … resources …'"),
        "{watcher:?}"
    );
    let (f0, r0) = (food(&s, 0), resources(&s, 0));
    play(&mut s, 1, "선택 식량 3 자원 1");
    assert_eq!((food(&s, 1), resources(&s, 1)), (0, 1));
    assert_eq!((food(&s, 0), resources(&s, 0)), (f0 + 3, r0 + 1));
    assert_eq!(s.phase, Phase::Political);
    invariants(&s);
}

#[test]
fn war_over_territory_takes_yellow_tokens_one_plus_one_per_three() {
    // Strength 8 (Warriors, 3 Swordsmen, Warfare) against 1: a difference
    // of 7 takes 1 + 2 = 3 yellow tokens.
    let mut s = full(3);
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    units(&mut s, 0, &[("civ-I-swordsmen", 3)]);
    let (b0, b1) = (s.players[0].yellow_bank, s.players[1].yellow_bank);
    war_declared(&mut s, 0, 1, "mil-II-war-over-territory");
    begin(&mut s, 0);
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "sacrifice none");
    assert_eq!(s.players[0].yellow_bank, b0 + 3);
    assert_eq!(s.players[1].yellow_bank, b1 - 3);
    invariants(&s);
    // A yellow bank with 1 token gives 1, never more.
    let mut s = full(3);
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    units(&mut s, 0, &[("civ-I-swordsmen", 3)]);
    let p = &s.players[1];
    let idle = p.workers + p.yellow_bank - 1;
    unused_workers(&mut s, 1, idle);
    let b0 = s.players[0].yellow_bank;
    war_declared(&mut s, 0, 1, "mil-II-war-over-territory");
    begin(&mut s, 0);
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "sacrifice none");
    assert_eq!(
        (s.players[0].yellow_bank, s.players[1].yellow_bank),
        (b0 + 1, 0)
    );
    invariants(&s);
}

#[test]
fn holy_war_costs_population_per_three_and_scores_three_culture_each() {
    // A difference of 7: 2 population lost, 6 culture to the winner.
    let mut s = full(3);
    testkit::in_round(&mut s, 3, 12);
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    units(&mut s, 0, &[("civ-I-swordsmen", 3)]);
    let (pop, c0) = (population(&s, 1), s.players[0].culture);
    war_declared(&mut s, 0, 1, "mil-III-holy-war");
    begin(&mut s, 0);
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "sacrifice none");
    assert_eq!(population(&s, 1), pop - 2);
    assert_eq!(s.players[0].culture, c0 + 6);
    invariants(&s);
}

#[test]
fn war_over_culture_takes_no_more_than_the_loser_has_and_a_side_without_units_is_not_asked() {
    // Seat 2 has no unit at all (its Warriors disbanded): it is not asked.
    let mut s = full(3);
    testkit::in_round(&mut s, 3, 12);
    units(&mut s, 0, &[("civ-I-swordsmen", 2)]);
    testkit::idle_workers(&mut s, 1, "board-A-warriors");
    culture(&mut s, 1, 3);
    let c0 = s.players[0].culture;
    war_declared(&mut s, 0, 1, "mil-III-war-over-culture");
    begin(&mut s, 0);
    play(&mut s, 0, "sacrifice none");
    // Strength 5 against 0: the loser has 3 culture, the winner takes 3.
    assert_eq!(s.phase, Phase::Political);
    assert_eq!((s.players[0].culture, s.players[1].culture), (c0 + 3, 0));
    invariants(&s);
}

#[test]
fn a_tie_changes_nothing_and_the_card_is_discarded() {
    // Strength 1 against 1 (the NOTES reading of "the higher wins").
    let mut s = full(3);
    culture(&mut s, 0, 5);
    culture(&mut s, 1, 5);
    war_declared(&mut s, 0, 1, "mil-II-war-over-culture");
    let lines = begin(&mut s, 0);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("is resolved: strength 1 against 1")),
        "{lines:?}"
    );
    play(&mut s, 0, "sacrifice none");
    let lines = play(&mut s, 1, "sacrifice none");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("The war is a tie (1 against 1)")),
        "{lines:?}"
    );
    assert_eq!((s.players[0].culture, s.players[1].culture), (5, 5));
    assert!(discarded(&s, "mil-II-war-over-culture"));
    assert_eq!(s.phase, Phase::Political);
    invariants(&s);
}

/// A declarer that gave up this turn's political action (International
/// Agreement) goes on to its actions once its war is over.
#[test]
fn after_the_war_a_political_action_given_up_stays_given_up() {
    let mut s = full(3);
    war_declared(&mut s, 0, 1, "mil-II-war-over-culture");
    politics_given_up(&mut s, 0);
    begin(&mut s, 0);
    assert_eq!(to_act(&s), vec![0], "the war holds the turn first");
    play(&mut s, 0, "sacrifice none");
    let lines = play(&mut s, 1, "sacrifice none");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("has given up this turn's political action")),
        "{lines:?}"
    );
    assert!(discarded(&s, "mil-II-war-over-culture"));
    assert_ne!(s.phase, Phase::Political);
    assert!(!legal_texts(&s, 0)
        .iter()
        .any(|c| c.starts_with("war ") || c == "skip"));
    invariants(&s);
}

#[test]
fn joan_of_arc_scores_five_culture_when_a_war_is_declared_on_her() {
    let mut s = full(3);
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    military_hand(&mut s, 0, &["mil-II-war-over-culture"]);
    testkit::leader_from_deck(&mut s, 1, "civ-I-joan-of-arc");
    let before = (s.players[0].culture, s.players[1].culture);
    begin(&mut s, 0);
    play(&mut s, 0, "war war-over-culture 2");
    assert_eq!(s.players[1].culture, before.1 + 5);
    assert_eq!(s.players[0].culture, before.0);
    invariants(&s);
}

#[test]
fn a_war_on_a_seat_that_resigns_is_discarded_l3083_3087() {
    let mut s = full(3);
    units(&mut s, 0, &[("civ-I-swordsmen", 2)]);
    war_declared(&mut s, 0, 1, "mil-II-war-over-culture");
    begin(&mut s, 1);
    play(&mut s, 1, "resign");
    assert!(s.wars.is_empty());
    assert!(discarded(&s, "mil-II-war-over-culture"));
    invariants(&s);
    // The declarer's next turn has no war to resolve.
    begin(&mut s, 0);
    assert_eq!(s.phase, Phase::Political);
    // A seat dropped by the service: its wars go the same way.
    let mut s = full(4);
    war_declared(&mut s, 2, 3, "mil-II-war-over-territory");
    assert!(TheGame.drop_seat(&mut s, Seat(2)));
    assert!(s.wars.is_empty());
    invariants(&s);
}

#[test]
fn no_war_in_the_last_round_and_a_war_of_the_round_before_compares_strengths_only_l3120_3130() {
    let mut s = full(3);
    testkit::in_round(&mut s, 3, 20);
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    units(&mut s, 0, &[("civ-I-swordsmen", 2)]);
    military_hand(&mut s, 0, &["mil-III-war-over-culture"]);
    culture(&mut s, 1, 20);
    begin(&mut s, 0);
    assert!(legal_texts(&s, 0).contains(&"war war-over-culture-iii 2".to_string()));
    // The last round: no war can be declared.
    let mut last = s.clone();
    testkit::in_last_round(&mut last);
    assert!(!legal_texts(&last, 0).iter().any(|c| c.starts_with("war ")));
    refused(&last, 0, "war war-over-culture-iii 2");
    // Both ages' cards share the Korean name; the one in hand is read.
    play(&mut s, 0, "전쟁 문화 전쟁 2");
    assert_eq!(s.wars.len(), 1);
    // A war declared the round before is resolved with no units sent:
    // 6 against 1, 5 culture.
    let mut s = full(3);
    testkit::in_round(&mut s, 3, 20);
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    units(&mut s, 0, &[("civ-I-swordsmen", 2)]);
    culture(&mut s, 1, 20);
    war_declared(&mut s, 0, 1, "mil-III-war-over-culture");
    testkit::in_last_round(&mut s);
    let c0 = s.players[0].culture;
    let lines = begin(&mut s, 0);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("neither side may raise its strength")),
        "{lines:?}"
    );
    assert_eq!(s.phase, Phase::Political);
    assert_eq!((s.players[0].culture, s.players[1].culture), (c0 + 5, 15));
    invariants(&s);
}

#[test]
fn loss_of_sovereignty_side_b_and_peace_treaties_forbid_wars() {
    let mut s = full(4);
    testkit::in_round(&mut s, 3, 12);
    military_hand(&mut s, 0, &["mil-III-holy-war"]);
    develop_from_deck(&mut s, 0, "civ-I-warfare");
    // Seat 3 offered Loss of Sovereignty, taking A: seat 2 is B.
    pact_in_force(&mut s, 2, 1, "mil-III-loss-of-sovereignty", true);
    pact_in_force(&mut s, 0, 3, "mil-III-peace-treaty", true);
    begin(&mut s, 0);
    let wars: Vec<String> = legal_texts(&s, 0)
        .into_iter()
        .filter(|c| c.starts_with("war "))
        .collect();
    assert_eq!(wars, vec!["war holy-war 3"]);
    refused(&s, 0, "war holy-war 2");
    refused(&s, 0, "war holy-war 4");
    invariants(&s);
}

#[test]
fn korean_commands_and_the_cost_in_military_actions() {
    // War over Technology costs 2 military actions: Despotism's 2 suffice;
    // War over Culture's 3 do not.
    let mut s = full(3);
    military_hand(
        &mut s,
        0,
        &["mil-II-war-over-technology", "mil-II-war-over-culture"],
    );
    begin(&mut s, 0);
    let legal = legal_texts(&s, 0);
    assert!(
        legal.contains(&"war war-over-technology 2".to_string()),
        "{legal:?}"
    );
    assert!(!legal.iter().any(|c| c.starts_with("war war-over-culture")));
    play(&mut s, 0, "전쟁 기술 전쟁 3");
    assert_eq!(s.wars.len(), 1);
    assert_eq!(s.wars[0].target, 2);
    assert_eq!(s.players[0].red_used, 2);
    invariants(&s);
}

#[test]
fn the_advanced_game_has_no_wars_and_the_full_game_all_of_them_l1921_1922() {
    let count = |s: &State, age: usize| {
        s.military_decks[age]
            .iter()
            .filter(|&&c| s.data.card(c).is_some_and(|x| x.kind == Kind::War))
            .count()
    };
    let adv = later_round_in(Mode::Advanced, 4);
    assert_eq!((count(&adv, 2), count(&adv, 3)), (0, 0));
    let full = later_round_in(Mode::Full, 4);
    // Age II: the four wars; Age III: Holy War ×2, War over Culture ×4.
    assert_eq!((count(&full, 2), count(&full, 3)), (4, 6));
}

#[test]
fn random_full_games_declare_and_resolve_wars_with_the_invariants_kept() {
    // Random legal play (a fixed LCG): wars are declared, resolved and
    // every card stays counted at every move.
    let (mut declared, mut resolved) = (0, 0);
    for seed in 1..=6u64 {
        let mut s = testkit::new_game_in(Mode::Full, 3, seed);
        let mut x = seed;
        for _ in 0..6000 {
            let Some(&Seat(seat)) = TheGame.to_act(&s).first() else {
                break;
            };
            // Random play would resign early; these games play on.
            let legal: Vec<_> = TheGame
                .legal(&s, Seat(seat))
                .into_iter()
                .filter(|c| c.to_string() != "resign")
                .collect();
            if legal.is_empty() {
                break;
            }
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let cmd = &legal[(x >> 33) as usize % legal.len()];
            let was_war = matches!(s.phase, Phase::War(_) | Phase::WarLoss { .. });
            TheGame
                .apply(&mut s, Seat(seat), cmd)
                .expect("a legal command");
            if cmd.to_string().starts_with("war ") {
                declared += 1;
            }
            if was_war && !matches!(s.phase, Phase::War(_) | Phase::WarLoss { .. }) {
                resolved += 1;
            }
            invariants(&s);
        }
    }
    assert!(declared > 0 && resolved > 0, "{declared} {resolved}");
}

#[test]
fn a_special_technology_handed_over_replaces_the_winners_older_one() {
    // Seat 2 (strength 7) wins by 6 against seat 1 (1); seat 1 hands over
    // Architecture (science cost 6); seat 2's Masonry (same family, Age I)
    // goes to its discards.
    let mut s = full(3);
    units(&mut s, 1, &[("civ-I-swordsmen", 3)]);
    develop_from_deck(&mut s, 1, "civ-I-masonry");
    develop_from_deck(&mut s, 0, "civ-II-architecture");
    science(&mut s, 0, 4);
    let discarded = s.players[1].discarded;
    war_declared(&mut s, 0, 1, "mil-II-war-over-technology");
    begin(&mut s, 0);
    play(&mut s, 0, "sacrifice none");
    play(&mut s, 1, "sacrifice none");
    assert_eq!(
        legal_texts(&s, 0),
        vec!["give architecture", "give science"]
    );
    // The declarer lost its own war: on its turn, so "your turn".
    let loser = TheGame.view(&s, Some(Seat(0))).headline;
    assert!(
        loser.en.ends_with("— Your turn: hand over special technologies or science worth 6 for the lost war: 'give …' or 'give science'"),
        "{loser:?}"
    );
    assert!(
        loser.ko.ends_with("— 당신의 차례: 전쟁에 져서 특수 기술이나 과학으로 6만큼 넘기기: 'give …' 또는 'give science'"),
        "{loser:?}"
    );
    play(&mut s, 0, "give architecture");
    let architecture = testkit::card(&s, "civ-II-architecture");
    assert_eq!(s.players[1].specials, vec![architecture]);
    assert!(s.players[0].specials.is_empty());
    assert_eq!(s.players[1].discarded, discarded + 1);
    // Nothing more is owed: the loser keeps its science.
    assert_eq!(s.players[0].science, 4);
    assert_eq!(s.phase, Phase::Political);
    invariants(&s);
}
