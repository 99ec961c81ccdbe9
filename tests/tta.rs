//! Through the Ages (first edition), introductory game: the rulebook's worked
//! examples with exact numbers (line numbers of seed 004_9680d37650e49187.txt
//! in each test's name or comment), a scenario per rule, and the deck totals.

use quipu::engine::{Game, Options, Seat};
use quipu::games::tta::apply::{event, turn};
use quipu::games::tta::data::{self, CardId, Data};
use quipu::games::tta::state::{Phase, State, WonderWork};
use quipu::games::tta::testkit::{
    self, blue_bank, blue_on, civil_deck, culture, empty_slot, events, food, give, government,
    in_round, in_row, later_round, leader, leader_taken_in, play, put_blue, put_workers, refused,
    resources, row_of, science, specials, start_player, stats, turn_of, unused_workers,
    with_leader, wonder_begun, wonders, workers_on, yellow_bank,
};
use quipu::games::tta::{legal as rules_legal, scoring, ThroughTheAges as TheGame};

fn setup(players: usize, seed: u64) -> State {
    testkit::new_game(players, seed)
}

fn id(s: &State, card: &str) -> CardId {
    testkit::card(s, card)
}

fn legal(s: &State, seat: usize) -> Vec<String> {
    testkit::legal_texts(s, seat)
}

// ---------------------------------------------------------------- data

#[test]
fn deck_totals_match_the_rulebook_l98_110() {
    let d = Data::load("cards-2006.toml", data::CARDS_FILE, data::EFFECTS_FILE)
        .expect("the shipped data loads");
    let count = |deck: &str, age: u8, players: usize| -> u32 {
        d.cards
            .iter()
            .filter(|c| c.raw.deck == deck && c.age == age)
            .map(|c| c.copies(players))
            .sum()
    };
    let civil: u32 = (0..4).map(|a| count("civil", a, 4)).sum();
    let military: u32 = (0..4).map(|a| count("military", a, 4)).sum();
    assert_eq!((civil, military), (185, 155));
    for age in 1..4 {
        assert_eq!(
            [
                count("civil", age, 2),
                count("civil", age, 3),
                count("civil", age, 4)
            ],
            [45, 50, 55]
        );
        let marks = |f: fn(&data::Marks) -> u32| -> u32 {
            d.cards
                .iter()
                .filter(|c| c.raw.deck == "civil" && c.age == age)
                .map(|c| c.raw.marks.as_ref().map(f).unwrap_or(0))
                .sum()
        };
        assert_eq!(
            (marks(|m| m.plus3), marks(|m| m.plus4)),
            (5, 5),
            "age {age}"
        );
    }
    assert_eq!(count("civil", 0, 2), 20);
    assert_eq!((0..4).map(|a| count("military", a, 2)).sum::<u32>(), 145);
}

#[test]
fn a_card_file_with_wrong_totals_is_refused() {
    // One more copy of Iron at 4 players breaks Age I (56 cards).
    let broken = data::CARDS_FILE.replacen("copies = [2, 2, 3]", "copies = [2, 2, 4]", 1);
    let err = Data::load("broken", &broken, data::EFFECTS_FILE).expect_err("must refuse");
    assert!(err.contains("186 civil") || err.contains("copies"), "{err}");
    let path = std::env::temp_dir().join("tta-broken-cards.toml");
    std::fs::write(&path, broken).expect("write");
    let mut opts = Options::default();
    opts.0
        .insert("cards".into(), path.to_string_lossy().into_owned());
    assert!(TheGame.setup(2, &opts, 1).is_err());
    // The shipped file loads from a path too.
    let good = std::env::temp_dir().join("tta-good-cards.toml");
    std::fs::write(&good, data::CARDS_FILE).expect("write");
    opts.0
        .insert("cards".into(), good.to_string_lossy().into_owned());
    let s = TheGame.setup(2, &opts, 1).expect("a good file loads");
    assert_eq!(s.civil_decks[1].len(), 45);
}

#[test]
fn intro_setup_per_player_count_l136_176() {
    for (players, age1) in [(2, 45), (3, 50), (4, 55)] {
        let s = setup(players, 11);
        assert_eq!(s.civil_decks[1].len(), age1);
        assert_eq!(s.civil_decks[0].len(), 20 - 13);
        assert_eq!(s.row.iter().flatten().count(), 13);
        assert!(s
            .row
            .iter()
            .flatten()
            .all(|&c| s.data.card(c).map(|c| c.age) == Some(0)));
        assert_eq!(
            s.events.len(),
            9,
            "9 Age A events without Development of Politics"
        );
        assert!(!s.events.contains(&id(&s, "mil-A-development-of-politics")));
        assert!(s.civil_decks[2].is_empty() && s.civil_decks[3].is_empty());
    }
}

#[test]
fn player_board_setup_l177_331() {
    let s = setup(2, 1);
    let p = &s.players[1];
    assert_eq!((p.yellow_bank, p.workers, p.blue_bank), (18, 1, 18));
    assert_eq!(workers_on(&s, 1, "board-A-agriculture"), 2);
    assert_eq!(workers_on(&s, 1, "board-A-bronze"), 2);
    assert_eq!(workers_on(&s, 1, "board-A-philosophy"), 1);
    assert_eq!(workers_on(&s, 1, "board-A-religion"), 0);
    assert_eq!(workers_on(&s, 1, "board-A-warriors"), 1);
    let st = stats(&s, 1);
    assert_eq!(
        (st.science_rate, st.strength, st.culture_rate, st.happiness),
        (1, 1, 0, 0)
    );
    assert_eq!(rules_legal::white_total(&s.data, p, s.rules.mode), 4);
    assert_eq!(rules_legal::red_total(&s.data, p, s.rules.mode), 2);
    assert_eq!(rules_legal::urban_limit(&s.data, p), 2);
}

#[test]
fn start_player_option_spec_11_3() {
    let opts = Options::parse_pairs(&["start=3"]).expect("pairs");
    let s = TheGame.setup(4, &opts, 1).expect("setup");
    assert_eq!((s.start_player, s.turn), (2, 2));
    assert!(TheGame.setup(2, &opts, 1).is_err(), "seat 3 of 2");
    let bad = Options::parse_pairs(&["start=0"]).expect("pairs");
    assert!(TheGame.setup(2, &bad, 1).is_err());
}

#[test]
fn advanced_and_full_modes_set_up_and_an_unknown_mode_is_refused_clearly() {
    for m in ["advanced", "full"] {
        let opts = Options::parse_pairs(&[format!("mode={m}")]).expect("pairs");
        let s = TheGame.setup(3, &opts, 1).expect("set up");
        assert_eq!(s.rules.mode.key(), m);
    }
    let opts = Options::parse_pairs(&["mode=expert"]).expect("pairs");
    let err = TheGame.setup(3, &opts, 1).expect_err("refused");
    assert!(
        err.to_string().contains("use intro, advanced or full"),
        "{err}"
    );
}

// ------------------------------------------------------ round 1 (L594-646)

/// The 3-player first-round example: Cheolsu (start) takes Moses; Younghee
/// takes Colossus and Engineering Genius; Hyeyoung takes Aristotle and the
/// Library of Alexandria and may no longer take Hammurabi (L594-646); then
/// production (L647-720) and the round-2 refill that removes Homer (L745-760).
#[test]
fn first_round_walkthrough_l594_646_and_refill_l745_760() {
    let mut s = setup(3, 5);
    let row = [
        "civ-A-moses",
        "civ-A-homer",
        "civ-A-colossus",
        "civ-A-engineering-genius",
        "civ-A-aristotle",
        "civ-A-hammurabi",
        "civ-A-library-of-alexandria",
        "civ-A-work-of-art",
        "civ-A-rich-land",
        "civ-A-pyramids",
        "civ-A-frugality",
        "civ-A-julius-caesar",
        "civ-A-patriotism",
    ];
    row_of(&mut s, &row);
    // The Age A deck holds the other seven cards.
    let mut rest: Vec<CardId> = Vec::new();
    for (i, c) in s.data.cards.iter().enumerate() {
        if c.raw.deck == "civil" && c.age == 0 {
            rest.extend(std::iter::repeat_n(i as CardId, c.copies(3) as usize));
        }
    }
    for c in s.row.iter().flatten() {
        if let Some(i) = rest.iter().position(|x| x == c) {
            rest.remove(i);
        }
    }
    assert_eq!(rest.len(), 7);
    civil_deck(&mut s, 0, rest);
    // Cheolsu: one civil action only.
    assert_eq!(
        legal(&s, 0).len(),
        6,
        "slots 1-5 and done: {:?}",
        legal(&s, 0)
    );
    play(&mut s, 0, "take 1");
    assert_eq!(legal(&s, 0), vec!["done"]);
    play(&mut s, 0, "done");
    let p0 = &s.players[0];
    assert_eq!((p0.science, p0.culture), (1, 0));
    assert_eq!((food(&s, 0), resources(&s, 0)), (2, 2));
    assert_eq!(
        (
            blue_on(&s, 0, "board-A-agriculture"),
            blue_on(&s, 0, "board-A-bronze"),
            s.players[0].blue_bank
        ),
        (2, 2, 14)
    );
    // Younghee: two civil actions: Colossus (to the table) and Engineering Genius.
    play(&mut s, 1, "take 3");
    play(&mut s, 1, "take 4");
    assert_eq!(
        s.players[1].wonder,
        Some(WonderWork {
            card: id(&s, "civ-A-colossus"),
            built: 0
        })
    );
    assert_eq!(s.players[1].hand.len(), 1);
    play(&mut s, 1, "done");
    // Hyeyoung: three; after Aristotle no other Age A leader.
    play(&mut s, 2, "take 5");
    refused(&s, 2, "take 6");
    refused(&s, 2, "take 2");
    play(&mut s, 2, "take 7");
    assert_eq!(
        s.players[2].wonder.as_ref().map(|w| w.card),
        Some(id(&s, "civ-A-library-of-alexandria"))
    );
    assert_eq!(legal(&s, 2), vec!["done"], "all three actions used");
    play(&mut s, 2, "done");
    // Round 2, Cheolsu's refill: slot 1 is empty, slot 2 (Homer) goes to the box.
    assert_eq!(s.round, 2);
    assert_eq!(s.row[0], Some(id(&s, "civ-A-hammurabi")));
    assert!(!s.row.iter().flatten().any(|&c| c == id(&s, "civ-A-homer")));
    assert_eq!(s.row.iter().flatten().count(), 13);
    assert!(
        s.civil_decks[0].is_empty(),
        "the rest of Age A goes to the box"
    );
    assert_eq!(s.age, 1);
}

/// Round 2: Younghee plays Engineering Genius to build Colossus's first stage
/// for 1 resource, then takes another Engineering Genius she may not play
/// this turn (L1205-1225).
#[test]
fn engineering_genius_example_l1205_1225() {
    let mut s = later_round(3);
    turn_of(&mut s, 1);
    give(&mut s, 1, "civ-A-engineering-genius");
    wonder_begun(&mut s, 1, "civ-A-colossus");
    put_blue(&mut s, 1, "board-A-bronze", 2);
    refused(&s, 1, "build wonder colossus");
    play(&mut s, 1, "play engineering-genius colossus");
    assert_eq!(resources(&s, 1), 1);
    assert_eq!(s.players[1].wonder.as_ref().map(|w| w.built), Some(1));
    assert_eq!(s.players[1].white_used, 1);
    in_row(&mut s, 6, "civ-I-engineering-genius");
    play(&mut s, 1, "take 7");
    assert_eq!(s.players[1].white_used, 3);
    assert!(
        !legal(&s, 1).iter().any(|c| c.starts_with("play")),
        "{:?}",
        legal(&s, 1)
    );
    // Next turn it can be played.
    play(&mut s, 1, "done");
    assert!(!s.players[1].hand[0].fresh);
}

// ------------------------------------------------- production (L647-720)

#[test]
fn production_consumption_and_famine_l1773_1796() {
    let mut s = later_round(2);
    // Two increases empty the first section: consumption 1 (L700-710).
    put_blue(&mut s, 0, "board-A-agriculture", 5);
    play(&mut s, 0, "grow");
    assert_eq!(food(&s, 0), 3, "the first increase costs 2 food (L817-845)");
    play(&mut s, 0, "grow");
    assert_eq!(
        food(&s, 0),
        1,
        "the second too: the first section holds two tokens"
    );
    assert_eq!(s.players[0].yellow_bank, 16);
    assert_eq!(scoring::consumption(&s.players[0]), 1);
    assert_eq!(
        rules_legal::growth_cost(&s.data, &s.players[0], s.rules.mode),
        Some(3)
    );
    play(&mut s, 0, "done");
    // 2 farms make 2 food, 1 is eaten.
    assert_eq!(food(&s, 0), 2);
    assert_eq!((s.players[0].science, s.players[0].culture), (1, 0));
    // Famine: no farm, nothing stored: 4 culture per missing food.
    let mut s = later_round(2);
    culture(&mut s, 0, 10);
    unused_workers(&mut s, 0, 7);
    assert_eq!(s.players[0].yellow_bank, 12);
    testkit::idle_workers(&mut s, 0, "board-A-agriculture");
    play(&mut s, 0, "done");
    assert_eq!(
        s.players[0].culture,
        10 - 2 * 4,
        "consumption 2 with 12 tokens left"
    );
}

#[test]
fn irrigation_tokens_are_worth_two_food_and_events_use_them_l1370_1378() {
    let mut s = later_round(2);
    put_workers(&mut s, 0, "civ-I-irrigation", 1);
    play(&mut s, 0, "done");
    assert_eq!(blue_on(&s, 0, "civ-I-irrigation"), 1);
    assert_eq!(food(&s, 0), 4, "2 Agriculture farms + 1 Irrigation farm");
    // Development of Agriculture: 2 food as one token on Irrigation.
    let mut s = later_round(2);
    put_workers(&mut s, 0, "civ-I-irrigation", 0);
    events(&mut s, &["mil-A-development-of-agriculture"]);
    let mut out = Vec::new();
    event::reveal_event(&mut s, &mut out);
    assert_eq!(blue_on(&s, 0, "civ-I-irrigation"), 1);
    assert_eq!(
        blue_on(&s, 1, "board-A-agriculture"),
        2,
        "without Irrigation: two tokens on Agriculture"
    );
    assert_eq!(
        s.past_events,
        vec![id(&s, "mil-A-development-of-agriculture")]
    );
}

// ---------------------------------------------- later rounds (L817-1772)

#[test]
fn build_farm_mine_and_urban_limit_l846_928() {
    let mut s = later_round(2);
    put_blue(&mut s, 0, "board-A-bronze", 12);
    unused_workers(&mut s, 0, 4);
    play(&mut s, 0, "build mine bronze");
    assert_eq!(resources(&s, 0), 10);
    play(&mut s, 0, "build lab philosophy");
    assert_eq!(resources(&s, 0), 7);
    assert_eq!(
        stats(&s, 0).science_rate,
        2,
        "rate up, score unchanged (L912-920)"
    );
    assert_eq!(s.players[0].science, 0);
    // Despotism: at most 2 labs.
    refused(&s, 0, "build lab philosophy");
    play(&mut s, 0, "build temple religion");
    assert_eq!((stats(&s, 0).culture_rate, stats(&s, 0).happiness), (1, 1));
    play(&mut s, 0, "build farm agriculture");
    assert_eq!((resources(&s, 0), s.players[0].workers), (2, 0));
    refused(&s, 0, "build mine bronze"); // all four civil actions used
}

#[test]
fn destroy_returns_the_worker_without_refund_l929_950() {
    let mut s = later_round(2);
    play(&mut s, 0, "destroy lab philosophy");
    assert_eq!((s.players[0].workers, stats(&s, 0).science_rate), (2, 0));
    play(&mut s, 0, "disband infantry warriors");
    assert_eq!(
        (
            s.players[0].workers,
            stats(&s, 0).strength,
            s.players[0].red_used
        ),
        (3, 0, 1)
    );
}

/// Wonders: one at a time; +1 civil action per completed wonder to take one
/// (L580-596); Pyramids give a civil action at once (L1128-1140).
#[test]
fn wonders_l562_604_l1012_1089_l1128_1140() {
    let mut s = later_round(2);
    wonders(&mut s, 0, &["civ-A-hanging-gardens", "civ-A-colossus"]);
    in_row(&mut s, 6, "civ-I-taj-mahal");
    let cost = quipu::games::tta::legal::take_cost(&s, &s.players[0], 6);
    assert_eq!(cost, Some(4), "zone 2 (2) + 2 completed wonders");
    play(&mut s, 0, "take 7");
    in_row(&mut s, 0, "civ-I-great-wall");
    refused(&s, 0, "take 1");
    // Pyramids 3-2-1: three actions, then +1 civil action this turn.
    let mut s = later_round(2);
    wonder_begun(&mut s, 0, "civ-A-pyramids");
    put_blue(&mut s, 0, "board-A-bronze", 6);
    play(&mut s, 0, "build wonder pyramids");
    assert_eq!((resources(&s, 0), s.players[0].blue_bank), (3, 14));
    play(&mut s, 0, "build wonder pyramids");
    play(&mut s, 0, "build wonder pyramids");
    assert_eq!(s.players[0].wonders, vec![id(&s, "civ-A-pyramids")]);
    assert_eq!(
        s.players[0].blue_bank, 18,
        "stage tokens return to the bank"
    );
    assert_eq!(
        rules_legal::white_total(&s.data, &s.players[0], s.rules.mode),
        5
    );
    assert_eq!(quipu::games::tta::legal::white_left(&s, 0), 2);
}

#[test]
fn hand_limit_and_what_may_be_taken_l1236_1313() {
    let mut s = later_round(2);
    for c in [
        "civ-A-work-of-art",
        "civ-A-rich-land",
        "civ-A-frugality",
        "civ-I-iron",
    ] {
        give(&mut s, 0, c);
    }
    in_row(&mut s, 0, "civ-I-alchemy");
    in_row(&mut s, 1, "civ-I-taj-mahal");
    refused(&s, 0, "take 1");
    play(&mut s, 0, "take 2"); // a wonder is taken with a full hand
    let mut s = later_round(2);
    give(&mut s, 0, "civ-I-iron");
    in_row(&mut s, 0, "civ-I-iron");
    refused(&s, 0, "take 1"); // the same technology is in hand
    in_row(&mut s, 1, "civ-I-irrigation");
    put_workers(&mut s, 0, "civ-I-irrigation", 0);
    refused(&s, 0, "take 2"); // ... or on the table
}

#[test]
fn leaders_one_per_age_and_replacement_l1090_1153() {
    let mut s = later_round(2);
    leader_taken_in(&mut s, 0, vec![0]);
    give(&mut s, 0, "civ-A-hammurabi");
    in_row(&mut s, 0, "civ-A-moses");
    in_row(&mut s, 1, "civ-I-michelangelo");
    refused(&s, 0, "take 1");
    play(&mut s, 0, "elect hammurabi");
    let mode = s.rules.mode;
    assert_eq!(rules_legal::white_total(&s.data, &s.players[0], mode), 5);
    assert_eq!(rules_legal::red_total(&s.data, &s.players[0], mode), 1);
    play(&mut s, 0, "take 2");
    play(&mut s, 0, "elect michelangelo");
    assert_eq!(rules_legal::white_total(&s.data, &s.players[0], mode), 4);
    assert_eq!(rules_legal::red_total(&s.data, &s.players[0], mode), 2);
    // Five whites, three used; the token lost is a used one: 2 of 4 used.
    assert_eq!(s.players[0].white_used, 2);
    assert_eq!(quipu::games::tta::legal::white_left(&s, 0), 2);
}

/// Cheolsu, Despotism with Hammurabi (5 civil actions), takes Monarchy and
/// cannot revolt this turn; next turn the revolution (3 science) uses all
/// civil actions: Monarchy + Hammurabi = 6 civil, 2 military (L1500-1530).
#[test]
fn revolution_example_l1500_1530() {
    let mut s = later_round(2);
    leader(&mut s, 0, "civ-A-hammurabi");
    science(&mut s, 0, 3);
    in_row(&mut s, 0, "civ-I-monarchy");
    play(&mut s, 0, "take 1");
    refused(&s, 0, "revolution monarchy");
    play(&mut s, 0, "done");
    turn_of(&mut s, 0);
    science(&mut s, 0, 3);
    play(&mut s, 0, "revolution monarchy");
    let mode = s.rules.mode;
    let p = &s.players[0];
    assert_eq!(p.government, id(&s, "civ-I-monarchy"));
    assert_eq!(
        (
            rules_legal::white_total(&s.data, p, mode),
            rules_legal::red_total(&s.data, p, mode)
        ),
        (6, 2)
    );
    assert_eq!(
        (
            quipu::games::tta::legal::white_left(&s, 0),
            quipu::games::tta::legal::red_left(&s, 0)
        ),
        (0, 2)
    );
    assert_eq!(p.science, 0);
    assert_eq!(rules_legal::urban_limit(&s.data, p), 3);
    refused(&s, 0, "grow");
}

/// The peaceful change: with 9 science, take Monarchy (1 action) and change
/// (1 action, 9 science): 6 civil actions, 2 used, 4 left (L1540-1560).
#[test]
fn peaceful_change_example_l1540_1560() {
    let mut s = later_round(2);
    leader(&mut s, 0, "civ-A-hammurabi");
    science(&mut s, 0, 9);
    in_row(&mut s, 0, "civ-I-monarchy");
    play(&mut s, 0, "take 1");
    play(&mut s, 0, "develop monarchy");
    assert_eq!(s.players[0].science, 0);
    assert_eq!(s.players[0].white_used, 2);
    assert_eq!(quipu::games::tta::legal::white_left(&s, 0), 4);
}

/// Iron: develop for 5 science; with 8 resources two Bronze mines become
/// Iron mines for 3 each, leaving 2 (L1619-1645).
#[test]
fn iron_upgrade_example_l1619_1645() {
    // Four Bronze mines and 8 resources; Iron developed for 5 science.
    let start = || {
        let mut s = later_round(2);
        science(&mut s, 0, 5);
        put_workers(&mut s, 0, "board-A-bronze", 2);
        put_blue(&mut s, 0, "board-A-bronze", 8);
        give(&mut s, 0, "civ-I-iron");
        play(&mut s, 0, "develop iron");
        assert_eq!(s.players[0].science, 0);
        s
    };
    // Two upgrades for 3 each leave 2, enough for a new Bronze mine.
    let mut s = start();
    play(&mut s, 0, "upgrade mine bronze iron");
    play(&mut s, 0, "upgrade mine bronze iron");
    assert_eq!(resources(&s, 0), 2);
    play(&mut s, 0, "build mine bronze");
    assert_eq!(resources(&s, 0), 0);
    let mines = |s: &State| {
        (
            workers_on(s, 0, "civ-I-iron"),
            workers_on(s, 0, "board-A-bronze"),
        )
    };
    assert_eq!(mines(&s), (2, 3));
    assert_eq!(s.players[0].white_used, 4);
    // The same 8 resources: a new Iron mine (5) and one upgrade (3): the same
    // mines with one civil action less.
    let mut s = start();
    play(&mut s, 0, "build mine iron");
    play(&mut s, 0, "upgrade mine bronze iron");
    assert_eq!(resources(&s, 0), 0);
    assert_eq!(mines(&s), (2, 3));
    assert_eq!(s.players[0].white_used, 3);
    assert_eq!(stats(&s, 0).resource_rate, 7);
}

/// Younghee's mines: 3 Bronze + 2 Iron produce 5 tokens worth 7; an upgrade
/// for 3 returns the three Bronze tokens; the next for 3 moves one Iron token
/// to Bronze as change and returns the other (L1700-1730).
#[test]
fn blue_token_change_example_l1700_1730() {
    let mut s = later_round(2);
    put_workers(&mut s, 0, "board-A-bronze", 1);
    put_workers(&mut s, 0, "civ-I-iron", 2);
    play(&mut s, 0, "done");
    assert_eq!(
        (
            blue_on(&s, 0, "board-A-bronze"),
            blue_on(&s, 0, "civ-I-iron"),
            resources(&s, 0)
        ),
        (3, 2, 7)
    );
    turn_of(&mut s, 0);
    let bank = s.players[0].blue_bank;
    play(&mut s, 0, "upgrade mine bronze iron");
    assert_eq!(
        (
            blue_on(&s, 0, "board-A-bronze"),
            blue_on(&s, 0, "civ-I-iron")
        ),
        (0, 2)
    );
    assert_eq!(s.players[0].blue_bank, bank + 3);
    play(&mut s, 0, "upgrade mine bronze iron");
    assert_eq!(
        (
            blue_on(&s, 0, "board-A-bronze"),
            blue_on(&s, 0, "civ-I-iron")
        ),
        (1, 0)
    );
    assert_eq!(s.players[0].blue_bank, bank + 4);
    assert_eq!(resources(&s, 0), 1);
}

/// Cheolsu plays the Age I Patriotism (+1 military action, 2 resources for
/// units): Warriors → Swordsmen costs nothing, a second Swordsman costs 2,
/// a third the full 3 (L1751-1772).
#[test]
fn patriotism_example_l1751_1772() {
    let mut s = later_round(2);
    give(&mut s, 0, "civ-I-patriotism");
    put_workers(&mut s, 0, "civ-I-swordsmen", 0);
    put_blue(&mut s, 0, "board-A-bronze", 5);
    unused_workers(&mut s, 0, 2);
    play(&mut s, 0, "play patriotism-i");
    assert_eq!(quipu::games::tta::legal::red_left(&s, 0), 3);
    play(&mut s, 0, "upgrade infantry warriors swordsmen");
    assert_eq!(resources(&s, 0), 5);
    play(&mut s, 0, "build infantry swordsmen");
    assert_eq!(resources(&s, 0), 3);
    play(&mut s, 0, "build infantry swordsmen");
    assert_eq!(resources(&s, 0), 0);
    assert_eq!(stats(&s, 0).strength, 6);
    play(&mut s, 0, "done");
    assert_eq!(s.players[0].military_resources, 0);
    assert_eq!(
        rules_legal::red_total(&s.data, &s.players[0], s.rules.mode),
        2,
        "the extra action lasts one turn"
    );
}

#[test]
fn action_cards_l1161_1235() {
    let mut s = later_round(2);
    for c in [
        "civ-A-work-of-art",
        "civ-I-revolutionary-idea",
        "civ-I-mineral-deposits",
        "civ-A-frugality",
    ] {
        give(&mut s, 0, c);
    }
    play(&mut s, 0, "play work-of-art-a");
    assert_eq!(s.players[0].culture, 6);
    play(&mut s, 0, "play revolutionary-idea-i");
    assert_eq!(s.players[0].science, 2);
    play(&mut s, 0, "play mineral-deposits");
    assert_eq!(resources(&s, 0), 2);
    // Frugality needs a legal population increase (L1208-1214).
    refused(&s, 0, "play frugality-a");
    let mut s = later_round(2);
    give(&mut s, 0, "civ-A-frugality");
    put_blue(&mut s, 0, "board-A-agriculture", 2);
    play(&mut s, 0, "play frugality-a");
    assert_eq!(
        (food(&s, 0), s.players[0].workers, s.players[0].white_used),
        (1, 2, 1)
    );
}

#[test]
fn masonry_discounts_urban_levels_one_and_up_l2701_2729() {
    let mut s = later_round(2);
    science(&mut s, 0, 3);
    give(&mut s, 0, "civ-I-masonry");
    put_workers(&mut s, 0, "civ-I-alchemy", 0);
    play(&mut s, 0, "develop masonry");
    let p = &s.players[0];
    let alchemy = s.data.card(id(&s, "civ-I-alchemy")).expect("card");
    let philosophy = s.data.card(id(&s, "board-A-philosophy")).expect("card");
    assert_eq!(rules_legal::build_cost(&s.data, p, alchemy), 5);
    assert_eq!(rules_legal::build_cost(&s.data, p, philosophy), 3);
    assert_eq!(
        rules_legal::upgrade_cost(&s.data, p, philosophy, alchemy),
        2
    );
    assert_eq!(rules_legal::stages_per_action(&s.data, p), 2);
}

// ----------------------------------------------------- events (L1361-1390)

#[test]
fn events_start_in_round_three_with_choices_in_turn_order() {
    let mut s = setup(2, 3);
    s.events.push(id(&s, "mil-A-development-of-warfare"));
    // Round 1 and 2: no event.
    for _ in 0..4 {
        let seat = s.turn;
        play(&mut s, seat, "done");
    }
    assert_eq!(s.round, 3);
    assert!(matches!(s.phase, Phase::EventChoice { .. }));
    assert_eq!(s.events.len(), 9);
    play(&mut s, 0, "choose build");
    play(&mut s, 1, "choose decline");
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(
        (
            workers_on(&s, 0, "board-A-warriors"),
            workers_on(&s, 1, "board-A-warriors")
        ),
        (2, 1)
    );
    assert_eq!(stats(&s, 0).strength, 2);
}

// ------------------------------------------- overall example (L1846-1892)

/// The overall example: strength 6, culture 9 per round, happiness 12 shown
/// as 8, science 6 per round, 7 resources and 4 food per round, 8 Age I
/// technologies: final bonus 16 + 12 + 16 + 11 + 6 = 61 (L1846-1892).
#[test]
fn overall_example_final_bonus_61_l1846_1892() {
    let mut s = later_round(2);
    let p0 = 0;
    // Technologies and workers as in the picture.
    government(&mut s, p0, "civ-I-theocracy");
    specials(&mut s, p0, &["civ-I-cartography"]);
    put_workers(&mut s, p0, "civ-I-swordsmen", 2);
    put_workers(&mut s, p0, "civ-I-drama", 1);
    put_workers(&mut s, p0, "board-A-religion", 3);
    testkit::idle_workers(&mut s, p0, "board-A-philosophy");
    put_workers(&mut s, p0, "civ-I-alchemy", 2);
    put_workers(&mut s, p0, "board-A-bronze", 1); // 3 Bronze mines
    put_workers(&mut s, p0, "civ-I-iron", 2);
    put_workers(&mut s, p0, "civ-I-irrigation", 1); // + 2 Agriculture = 4 food
    put_workers(&mut s, p0, "civ-I-knights", 0);
    wonders(
        &mut s,
        p0,
        &["civ-I-st-peter-s-basilica", "civ-A-library-of-alexandria"],
    );
    wonder_begun(&mut s, p0, "civ-I-great-wall");
    leader(&mut s, p0, "civ-I-leonardo-da-vinci");
    let st = stats(&s, p0);
    assert_eq!(st.strength, 6);
    assert_eq!(st.culture_rate, 9);
    assert_eq!((st.happiness_raw, st.happiness), (12, 8));
    assert_eq!(st.science_rate, 6);
    assert_eq!((st.resource_rate, st.food_rate), (7, 4));
    assert_eq!(
        scoring::final_bonus(&s.data, &s.players[p0], s.rules.mode),
        61
    );
}

// -------------------------------------------------- end of game (L1819-1845)

#[test]
fn the_game_ends_after_the_round_of_the_last_age1_card_l1819_1845() {
    let mut s = setup(2, 9);
    in_round(&mut s, 1, 5);
    turn_of(&mut s, 1); // the player right of the start player finishes round 5
    let last = s.civil_decks[1].pop().expect("a card");
    civil_deck(&mut s, 1, vec![last]);
    culture(&mut s, 0, 20);
    s.events.clear();
    play(&mut s, 1, "done");
    // Round 6: seat 0's refill removes 3 and draws the one card left.
    assert_eq!(s.round, 6);
    assert!(s.last_round);
    assert!(s.civil_decks[1].is_empty());
    let row_cards = s.row.iter().flatten().count();
    play(&mut s, 0, "done");
    assert_eq!(
        s.row.iter().flatten().count(),
        row_cards - 3,
        "no new cards, the row still shifts"
    );
    assert!(TheGame.outcome(&s).is_none());
    let bonus: Vec<i32> = s
        .players
        .iter()
        .map(|p| scoring::final_bonus(&s.data, p, s.rules.mode))
        .collect();
    let before: Vec<i32> = s.players.iter().map(|p| p.culture).collect();
    play(&mut s, 1, "done");
    assert_eq!(s.phase, Phase::Over);
    let o = TheGame.outcome(&s).expect("over");
    // Starting boards: strength 1 (2), science 1 (1), 2 food + 2 resources (4) = 7.
    assert_eq!(bonus[1], 7);
    assert_eq!(o.scores[1], f64::from(before[1] + bonus[1]));
    assert!(TheGame.to_act(&s).is_empty());
}

// ------------------------------------------------------------- commands

#[test]
fn commands_read_korean_names_prefixes_and_refuse_garbage() {
    let mut s = later_round(2);
    give(&mut s, 0, "civ-I-monarchy");
    science(&mut s, 0, 9);
    put_blue(&mut s, 0, "board-A-bronze", 3);
    let read = |s: &State, t: &str| TheGame.parse(s, Seat(0), t).map(|c| c.to_string());
    assert_eq!(
        read(&s, "develop 군주 정치").as_deref(),
        Ok("develop monarchy")
    );
    assert_eq!(read(&s, "개발 monarchy").as_deref(), Ok("develop monarchy"));
    assert_eq!(read(&s, "dev mon").as_deref(), Ok("develop monarchy"));
    assert_eq!(
        read(&s, "build lab 철학").as_deref(),
        Ok("build lab philosophy")
    );
    assert_eq!(read(&s, "END").as_deref(), Ok("done"));
    assert!(read(&s, "take 99").is_err());
    assert!(read(&s, "").is_err());
    assert!(read(&s, &"x".repeat(5000)).is_err());
    let e = read(&s, "develop monarhcy").expect_err("typo");
    assert!(
        e.suggestions.iter().any(|x| x == "develop monarchy"),
        "{:?}",
        e.suggestions
    );
    play(&mut s, 0, "peaceful monarchy");
    assert_eq!(s.players[0].government, id(&s, "civ-I-monarchy"));
}

#[test]
fn hands_are_private() {
    let mut s = later_round(3);
    give(&mut s, 1, "civ-A-moses");
    let hidden = TheGame.hidden_items(&s, Some(Seat(0)));
    assert_eq!(hidden.len(), 1);
    let json = serde_json::to_string(&TheGame.view(&s, Some(Seat(1)))).expect("json");
    assert!(json.contains(&hidden[0]), "the owner sees it");
    let json = serde_json::to_string(&TheGame.view(&s, Some(Seat(0)))).expect("json");
    assert!(!json.contains(&hidden[0]));
}

// ------------------------------------------------ leaders (card effects)

#[test]
fn age_a_leaders_from_their_card_numbers() {
    let mode = quipu::games::tta::state::Mode::Intro;
    // Alexander: +1 strength per unit; Caesar: +1 strength, +1 military action.
    let s = with_leader("civ-A-alexander-the-great");
    assert_eq!(stats(&s, 0).strength, 2);
    let s = with_leader("civ-A-julius-caesar");
    assert_eq!(
        (
            stats(&s, 0).strength,
            rules_legal::red_total(&s.data, &s.players[0], mode)
        ),
        (2, 3)
    );
    // Moses: growth costs 1 food less.
    let s = with_leader("civ-A-moses");
    assert_eq!(
        rules_legal::growth_cost(&s.data, &s.players[0], mode),
        Some(1)
    );
    // Aristotle: 1 science per technology taken from the row.
    let mut s = with_leader("civ-A-aristotle");
    in_row(&mut s, 0, "civ-I-iron");
    in_row(&mut s, 1, "civ-I-rich-land");
    play(&mut s, 0, "take 1");
    play(&mut s, 0, "take 2"); // the row shifts only at the next refill
    assert_eq!(s.players[0].science, 1);
    // Homer: 1 resource a turn for military units; up to two Warriors give culture.
    let mut s = later_round(2);
    give(&mut s, 0, "civ-A-homer");
    put_blue(&mut s, 0, "board-A-bronze", 1);
    play(&mut s, 0, "elect homer");
    assert_eq!(
        (stats(&s, 0).culture_rate, s.players[0].military_resources),
        (1, 1)
    );
    play(&mut s, 0, "done");
    turn_of(&mut s, 0);
    turn::begin_turn(&mut s, &mut Vec::new());
    assert_eq!(s.players[0].military_resources, 1);
    play(&mut s, 0, "build infantry warriors");
    assert_eq!(
        (resources(&s, 0), s.players[0].military_resources),
        (2, 0),
        "1 kept + 2 produced - (2 - 1 from Homer)"
    );
    assert_eq!(stats(&s, 0).culture_rate, 2);
    put_blue(&mut s, 0, "board-A-bronze", 2);
    unused_workers(&mut s, 0, 1);
    play(&mut s, 0, "build infantry warriors");
    assert_eq!(stats(&s, 0).culture_rate, 2, "at most two Warriors count");
}

#[test]
fn age_one_leaders_from_their_card_numbers_and_rules() {
    let mode = quipu::games::tta::state::Mode::Intro;
    // Genghis Khan is ignored in the introductory game (L1154-1160).
    let mut s = with_leader("civ-I-genghis-khan");
    put_workers(&mut s, 0, "civ-I-knights", 1);
    assert_eq!((stats(&s, 0).strength, stats(&s, 0).culture_rate), (3, 0));
    // Joan of Arc: +1 strength per happy face of temples.
    let mut s = with_leader("civ-I-joan-of-arc");
    put_workers(&mut s, 0, "board-A-religion", 2);
    assert_eq!(stats(&s, 0).strength, 3);
    // Michelangelo: +1 culture per happy face of temples, theaters and
    // wonders; a wonder costs one civil action less to take.
    let mut s = with_leader("civ-I-michelangelo");
    put_workers(&mut s, 0, "board-A-religion", 1);
    wonders(&mut s, 0, &["civ-A-hanging-gardens"]);
    assert_eq!(stats(&s, 0).culture_rate, 1 + 1 + 3);
    in_row(&mut s, 5, "civ-I-taj-mahal");
    assert_eq!(
        quipu::games::tta::legal::take_cost(&s, &s.players[0], 5),
        Some(2)
    );
    // Leonardo: the best lab gets its level in science; a technology played
    // produces 1 resource.
    let mut s = with_leader("civ-I-leonardo-da-vinci");
    science(&mut s, 0, 4);
    give(&mut s, 0, "civ-I-alchemy");
    play(&mut s, 0, "develop alchemy");
    assert_eq!(resources(&s, 0), 1);
    assert_eq!(stats(&s, 0).science_rate, 1, "Philosophy is level 0");
    put_workers(&mut s, 0, "civ-I-alchemy", 1);
    assert_eq!(stats(&s, 0).science_rate, 1 + 2 + 1);
    // Barbarossa: one civil action grows and builds a unit, 1 food and 1 resource cheaper.
    let mut s = with_leader("civ-I-frederick-barbarossa");
    put_blue(&mut s, 0, "board-A-agriculture", 1);
    put_blue(&mut s, 0, "board-A-bronze", 1);
    play(&mut s, 0, "recruit infantry warriors");
    assert_eq!(
        (food(&s, 0), resources(&s, 0), s.players[0].white_used),
        (0, 0, 1)
    );
    assert_eq!(
        (
            workers_on(&s, 0, "board-A-warriors"),
            s.players[0].yellow_bank,
            s.players[0].workers
        ),
        (2, 17, 1)
    );
    let _ = mode;
}

#[test]
fn breakthrough_may_declare_the_revolution_l1500_1510() {
    let mut s = later_round(2);
    give(&mut s, 0, "civ-I-breakthrough");
    give(&mut s, 0, "civ-I-theocracy");
    science(&mut s, 0, 2);
    play(&mut s, 0, "play breakthrough revolution theocracy");
    let p = &s.players[0];
    assert_eq!((p.government, p.science), (id(&s, "civ-I-theocracy"), 2));
    assert_eq!(quipu::games::tta::legal::white_left(&s, 0), 0);
    assert_eq!(stats(&s, 0).happiness, 2);
    assert_eq!(stats(&s, 0).culture_rate, 1);
}

#[test]
fn library_of_alexandria_raises_the_hand_limit() {
    let mut s = later_round(2);
    for c in [
        "civ-A-work-of-art",
        "civ-A-rich-land",
        "civ-A-frugality",
        "civ-I-iron",
    ] {
        give(&mut s, 0, c);
    }
    wonders(&mut s, 0, &["civ-A-library-of-alexandria"]);
    in_row(&mut s, 0, "civ-I-alchemy");
    play(&mut s, 0, "take 1");
    assert_eq!(s.players[0].hand.len(), 5);
    assert_eq!(
        (stats(&s, 0).science_rate, stats(&s, 0).culture_rate),
        (2, 1)
    );
}

#[test]
fn event_timing_options_spec_11_2() {
    for (value, expect) in [
        ("round", [1, 1, 2]),
        ("turn", [1, 2, 3]),
        ("once", [1, 1, 1]),
    ] {
        let opts = Options::parse_pairs(&[format!("events={value}")]).expect("pairs");
        let mut s = TheGame.setup(2, &opts, 4).expect("setup");
        start_player(&mut s, 0);
        turn_of(&mut s, 0);
        // Keep the events that ask no choice.
        s.events.retain(|&e| {
            s.data.card(e).is_some_and(|c| {
                !["Markets", "Religion", "Warfare"]
                    .iter()
                    .any(|w| c.raw.name.contains(w))
            })
        });
        let n = s.events.len();
        assert_eq!(n, 6);
        for _ in 0..4 {
            let seat = s.turn;
            play(&mut s, seat, "done");
        }
        let mut seen = Vec::new();
        for _ in 0..3 {
            seen.push(n - s.events.len()); // round 3 seat 0, round 3 seat 1, round 4 seat 0
            let seat = s.turn;
            play(&mut s, seat, "done");
        }
        assert_eq!(seen, expect, "events={value}");
    }
}

// ------------------------------------------------ card row (L729-778)

#[test]
fn refill_removes_three_two_one_front_cards_by_player_count_l734_760() {
    for (players, removed) in [(2usize, 3usize), (3, 2), (4, 1)] {
        let mut s = setup(players, 21);
        in_round(&mut s, 1, 3);
        let before: Vec<CardId> = s.row.iter().flatten().copied().collect();
        let deck = s.civil_decks[1].len();
        turn::refill(&mut s, &mut Vec::new());
        let after: Vec<CardId> = s.row.iter().flatten().copied().collect();
        assert_eq!(after.len(), 13);
        assert_eq!(
            &after[..13 - removed],
            &before[removed..],
            "{players} players"
        );
        assert_eq!(s.civil_decks[1].len(), deck - removed);
        assert_eq!(s.boxed, removed as u32);
    }
    // An empty front slot is not replaced by another removal.
    let mut s = setup(3, 22);
    in_round(&mut s, 1, 3);
    empty_slot(&mut s, 0);
    let second = s.row[2];
    turn::refill(&mut s, &mut Vec::new());
    assert_eq!(s.row[0], second);
    assert_eq!(s.boxed, 1);
}

#[test]
fn age_a_running_out_in_round_two_fills_with_age_one_spec_11_12() {
    let mut s = setup(2, 23);
    in_round(&mut s, 0, 2);
    s.civil_decks[0].truncate(1);
    let age1 = s.civil_decks[1].len();
    turn::refill(&mut s, &mut Vec::new());
    assert_eq!(s.row.iter().flatten().count(), 13);
    assert_eq!(
        s.civil_decks[1].len(),
        age1 - 2,
        "3 removed: 1 Age A card, then 2 Age I cards"
    );
    assert_eq!(s.age, 1);
    assert!(s.civil_decks[0].is_empty());
}

#[test]
fn final_bonus_counts_age_one_technologies_governments_included_l1830_1845() {
    let mut s = later_round(2);
    government(&mut s, 0, "civ-I-monarchy");
    specials(&mut s, 0, &["civ-I-code-of-laws"]);
    put_workers(&mut s, 0, "civ-I-iron", 0); // developed, no workers: still counts
                                             // 3 Age I technologies (6) + strength 1 (2) + science 1 (1) + 2 food + 2 resources (4).
    assert_eq!(
        scoring::final_bonus(&s.data, &s.players[0], s.rules.mode),
        13
    );
    // Happiness counts 2 each, at most 16.
    put_workers(&mut s, 0, "board-A-religion", 2);
    put_workers(&mut s, 0, "civ-I-theology", 3);
    assert_eq!(stats(&s, 0).happiness, 8);
    assert_eq!(
        scoring::final_bonus(&s.data, &s.players[0], s.rules.mode),
        13 + 2 + 16
    );
}

#[test]
fn bank_thresholds_for_the_later_modes_spec_9_2() {
    let mut s = later_round(2);
    let table: Vec<(u8, i32, i32)> = [18u8, 16, 12, 10, 8, 6, 4, 2, 0]
        .iter()
        .map(|&left| {
            yellow_bank(&mut s, 0, left);
            let p = &s.players[0];
            (
                left,
                scoring::consumption(p),
                scoring::required_happiness(p),
            )
        })
        .collect();
    assert_eq!(
        table,
        vec![
            (18, 0, 0),
            (16, 1, 1),
            (12, 2, 2),
            (10, 2, 3),
            (8, 3, 4),
            (6, 3, 5),
            (4, 4, 6),
            (2, 4, 7),
            (0, 6, 8)
        ]
    );
    let corruption: Vec<i32> = [18u8, 9, 8, 5, 4, 1, 0]
        .iter()
        .map(|&left| {
            blue_bank(&mut s, 0, left);
            scoring::corruption(&s.players[0])
        })
        .collect();
    assert_eq!(corruption, vec![0, 0, 2, 2, 4, 4, 6]);
}

#[test]
fn round_one_allows_only_taking_cards_l497_501() {
    let mut s = setup(2, 30);
    give(&mut s, 0, "civ-A-moses");
    give(&mut s, 0, "civ-A-work-of-art");
    let l = legal(&s, 0);
    assert!(
        l.iter().all(|c| c.starts_with("take") || c == "done"),
        "{l:?}"
    );
    refused(&s, 0, "elect moses");
    refused(&s, 0, "grow");
}

#[test]
fn discount_action_cards_build_and_upgrade_l1183_1204() {
    let mut s = later_round(2);
    for c in [
        "civ-I-rich-land",
        "civ-I-ideal-building-site",
        "civ-I-efficient-upgrade",
    ] {
        give(&mut s, 0, c);
    }
    put_workers(&mut s, 0, "civ-I-iron", 0);
    put_workers(&mut s, 0, "civ-I-alchemy", 0);
    put_blue(&mut s, 0, "board-A-bronze", 8);
    unused_workers(&mut s, 0, 3);
    play(&mut s, 0, "play rich-land-i iron"); // 5 - 2
    assert_eq!(resources(&s, 0), 5);
    play(&mut s, 0, "play ideal-building-site-i alchemy"); // 6 - 2
    assert_eq!(resources(&s, 0), 1);
    play(&mut s, 0, "play efficient-upgrade-i bronze iron"); // 5 - 2 - 2 = 1
    assert_eq!(resources(&s, 0), 0);
    assert_eq!(
        (
            workers_on(&s, 0, "civ-I-iron"),
            workers_on(&s, 0, "civ-I-alchemy")
        ),
        (2, 1)
    );
    assert_eq!(
        s.players[0].white_used, 3,
        "the embedded builds cost no further action"
    );
}

#[test]
fn masonry_builds_two_wonder_stages_with_one_action() {
    let mut s = later_round(2);
    specials(&mut s, 0, &["civ-I-masonry"]);
    wonder_begun(&mut s, 0, "civ-A-pyramids");
    put_blue(&mut s, 0, "board-A-bronze", 5);
    play(&mut s, 0, "build wonder pyramids 2");
    assert_eq!((resources(&s, 0), s.players[0].white_used), (0, 1));
    assert_eq!(s.players[0].wonder.as_ref().map(|w| w.built), Some(2));
}

#[test]
fn events_of_age_a_apply_to_everyone() {
    let mut s = later_round(3);
    let mut out = Vec::new();
    events(
        &mut s,
        &[
            "mil-A-development-of-trade-routes",
            "mil-A-development-of-settlement",
        ],
    );
    event::reveal_event(&mut s, &mut out);
    assert!(s
        .players
        .iter()
        .all(|p| p.workers == 2 && p.yellow_bank == 17));
    event::reveal_event(&mut s, &mut out);
    for seat in 0..3 {
        assert_eq!(
            (food(&s, seat), resources(&s, seat), s.players[seat].science),
            (1, 1, 1)
        );
    }
    // Development of Markets: each chooses, in turn order from the active player.
    turn_of(&mut s, 1);
    events(&mut s, &["mil-A-development-of-markets"]);
    event::reveal_event(&mut s, &mut out);
    assert_eq!(TheGame.to_act(&s), vec![Seat(1)]);
    play(&mut s, 1, "choose food");
    play(&mut s, 2, "choose resources");
    play(&mut s, 0, "choose resources");
    assert_eq!((food(&s, 1), resources(&s, 2), resources(&s, 0)), (3, 3, 3));
    assert_eq!(s.phase, Phase::Actions);
}
