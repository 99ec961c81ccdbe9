//! Cuzco: the rulebook's worked examples (003_35d6a9479b819975.txt, line numbers in the test
//! names) and a scenario per rule, with exact numbers.

use quipu::engine::{Event, Game, Options, Seat};
use quipu::games::cuzco::command::Command;
use quipu::games::cuzco::data::Terrain;
use quipu::games::cuzco::state::{Cover, Phase, State};
use quipu::games::cuzco::testkit::{
    cell, common_tiles, deck_under_face_up, face_up, farms, flood_region, give, inca, lay,
    no_markers, remove_inca, remove_temple, sun, suns_left, temple, turn, villages,
};
use quipu::games::cuzco::Cuzco;

/// A 4-player game (or `n`) with an empty board, seat 0 to act with a fresh turn.
fn game(n: usize) -> State {
    game_opts(n, &[])
}

/// Like `game`, with options.
fn game_opts(n: usize, opts: &[&str]) -> State {
    let mut s = Cuzco
        .setup(n, &Options::parse_pairs(opts).unwrap(), 7)
        .unwrap();
    turn(&mut s, 0, 6, false);
    s
}

fn play(s: &mut State, seat: usize, text: &str) -> Vec<Event> {
    let g = Cuzco;
    let cmd = g
        .parse(s, Seat(seat), text)
        .unwrap_or_else(|e| panic!("'{text}' does not parse: {e}"));
    assert!(
        g.legal(s, Seat(seat)).contains(&cmd),
        "'{text}' is not in the legal list"
    );
    let events = g
        .apply(s, Seat(seat), &cmd)
        .unwrap_or_else(|e| panic!("'{text}' refused: {e}"));
    g.invariants(s).unwrap();
    events
}

fn refused(s: &mut State, seat: usize, text: &str) -> String {
    let g = Cuzco;
    let before = s.clone();
    let msg = match g.parse(s, Seat(seat), text) {
        Err(e) => e.message.en,
        Ok(cmd) => {
            assert!(!g.legal(s, Seat(seat)).contains(&cmd), "'{text}' is legal");
            g.apply(s, Seat(seat), &cmd)
                .expect_err("refused")
                .message
                .en
        }
    };
    assert_eq!(*s, before, "a refused command changed the state");
    msg
}

fn ap(s: &State) -> u8 {
    match &s.phase {
        Phase::Turn(t) => t.ap,
        _ => panic!("not in a turn"),
    }
}

fn pp(s: &State) -> Vec<i32> {
    s.players.iter().map(|p| p.pp).collect()
}

// ---------------------------------------------------------------- the turn example, L323-340

#[test]
fn turn_example_l323_340_six_ap_and_seven_prestige() {
    let mut s = game(4);
    // A village of three spaces waits to be joined; farms around the lake-to-be F6.
    villages(&mut s, &["E6", "E7", "E8"]);
    farms(&mut s, &["F5", "F7"]);
    // A 4-temple needs the 2 and the 4; the face-up card and one matching card for A.
    face_up(&mut s, 15); // c16: sun disc + mask
    give(&mut s, 0, 0); // c01: sun disc
                        // Nothing but a tile may come first (L73, L96).
    assert!(refused(&mut s, 0, "enter E4").contains("starts with placing a terrain tile"));
    // A: a 3-space tile from the common supply (1 AP).
    play(&mut s, 0, "place tile3 E5v E4 F4");
    assert_eq!((ap(&s), s.common_tiles), (5, 55));
    // B: an Inca enters from the forest onto the edge space E4 (1 AP).
    play(&mut s, 0, "enter E4");
    assert_eq!(ap(&s), 4);
    // C: into the village: a change of terrain (1 AP).
    play(&mut s, 0, "move E4 E5");
    assert_eq!(ap(&s), 3);
    // D: a 4-temple in the 4-space village (1 AP), 2 prestige.
    play(&mut s, 0, "build E7 4");
    assert_eq!((ap(&s), s.players[0].pp), (2, 2));
    assert_eq!(s.markers, vec![11, 10, 10, 8, 6]);
    // E: one space further into the city (0 AP).
    play(&mut s, 0, "move E5 E6");
    assert_eq!(ap(&s), 2);
    // F: a lake tile (1 AP).
    play(&mut s, 0, "lake F6");
    assert_eq!((ap(&s), s.lakes_left), (1, 15));
    // G: a 2-space tile surrounds the lake (1 AP): A is alone next to it, 3 prestige.
    play(&mut s, 0, "place tile2 G6v G7");
    assert_eq!((ap(&s), s.players[0].pp), (0, 5));
    // H: a festival at the 4-temple (0 AP); nobody else has an Inca there: sole host, 2.
    play(&mut s, 0, "festival E7");
    play(&mut s, 0, "play c01");
    play(&mut s, 0, "done");
    assert_eq!(pp(&s), vec![7, 0, 0, 0]);
    assert!(s.space(cell(&s, "E7")).sun);
    assert!(matches!(&s.phase, Phase::Turn(t) if t.seat == 1 && t.ap == 6 && !t.placed));
    assert_eq!(
        s.discard.iter().rev().nth(1),
        Some(&0),
        "c01 lies under the new face-up card"
    );
}

// ---------------------------------------------------------------- placement, L92-116

#[test]
fn placement_rules_l98_l116() {
    let mut s = game(2);
    villages(&mut s, &["I5"]);
    inca(&mut s, "I5", 1);
    assert!(refused(&mut s, 0, "place tile2 I5v I6").contains("cover the Inca on I5"));
    assert!(refused(&mut s, 0, "place farm G10").contains("cover the lake on G10"));
    // A 3-space tile on the ground, then a 2-space tile half on it: overhang.
    play(&mut s, 0, "place tile3 I9v I10 H9");
    assert!(refused(&mut s, 0, "place tile2 I10v I11").contains("overhangs"));
    // Exactly on a same-size tile: no; straddling two tiles: yes (L104, L116).
    play(&mut s, 0, "place tile2 I11v I12");
    assert!(refused(&mut s, 0, "place tile2 I11 I12v").contains("same-size"));
    play(&mut s, 0, "place tile2 I10v I11");
    assert_eq!(s.space(cell(&s, "I10")).height, 2);
    assert_eq!(
        s.space(cell(&s, "I10")).cover,
        Cover::Tile(Terrain::Village)
    );
    assert_eq!(s.space(cell(&s, "I11")).cover, Cover::Tile(Terrain::Farm));
    // A 1-space tile on part of a 3-space tile is fine.
    play(&mut s, 0, "place farm H9");
    assert_eq!(ap(&s), 2);
    assert_eq!(s.players[0].tiles, [0, 3, 2, 2]);
}

#[test]
fn tiles_outside_the_region_cost_one_ap_per_outside_space_l107_l113() {
    let mut s = game(2);
    // Two of three spaces outside (E3, D3 are forest): 1 + 2 AP.
    play(&mut s, 0, "place tile3 E4v E3 D3");
    assert_eq!(ap(&s), 3);
    // On top of a tile that already sticks out: no extra cost (L113).
    play(&mut s, 0, "place tile2 E4v E3");
    assert_eq!(ap(&s), 2);
    // Wholly outside: never on the ground (L108); 1-space tiles never leave the region (L107).
    assert!(refused(&mut s, 0, "place tile2 C4v C5").contains("at least one space of the region"));
    assert!(refused(&mut s, 0, "place farm E3").contains("not the shape"));
}

#[test]
fn a_stacked_tile_wholly_outside_the_region_is_an_option_a6() {
    let mut s = game(2);
    play(&mut s, 0, "place tile3 E4v E3 D3");
    assert!(refused(&mut s, 0, "place tile2 D3v E3").contains("at least one space of the region"));
    let mut s = game_opts(2, &["stacked_outside=free"]);
    play(&mut s, 0, "place tile3 E4v E3 D3");
    play(&mut s, 0, "place tile2 D3v E3");
    assert_eq!(ap(&s), 2);
}

#[test]
fn a_tile_may_not_join_two_cities_but_may_join_a_city_and_villages_l105_l173() {
    let mut s = game(2);
    villages(&mut s, &["I4", "I5", "I6", "I7", "I9", "I10", "I11"]);
    temple(&mut s, "I4", 2);
    temple(&mut s, "I10", 2);
    assert!(refused(&mut s, 0, "place village I8").contains("join two cities"));
    // Without the second temple it is a city and a village: allowed.
    remove_temple(&mut s, "I10");
    play(&mut s, 0, "place village I8");
}

// ---------------------------------------------------------------- temples, L141-195

#[test]
fn highest_position_examples_l186_l189() {
    // L186: A on level 4; three Incas of B lower down: only A may upgrade.
    let mut s = game(3);
    villages(&mut s, &["I4", "I5", "I6", "I7", "I8"]);
    lay(&mut s, "I5", Terrain::Village, 4);
    temple(&mut s, "I4", 2);
    inca(&mut s, "I5", 0);
    for c in ["I6", "I7", "I8"] {
        inca(&mut s, c, 1);
    }
    turn(&mut s, 1, 6, true);
    assert!(refused(&mut s, 1, "upgrade I4 4").contains("highest position"));
    turn(&mut s, 0, 6, true);
    play(&mut s, 0, "upgrade I4 4");
    assert_eq!(pp(&s), vec![2, 0, 0]);

    // L189: A and B each on level 3; B's next is on 2, A's on 1; C has none on 3: B builds.
    let mut s = game(3);
    villages(&mut s, &["K5", "K6", "K7", "K8", "K9", "K10", "K11"]);
    for (c, h) in [
        ("K5", 3),
        ("K6", 1),
        ("K7", 3),
        ("K8", 2),
        ("K9", 2),
        ("K10", 2),
    ] {
        lay(&mut s, c, Terrain::Village, h);
    }
    inca(&mut s, "K5", 0);
    inca(&mut s, "K6", 0);
    inca(&mut s, "K7", 1);
    inca(&mut s, "K8", 1);
    inca(&mut s, "K9", 2);
    inca(&mut s, "K10", 2);
    turn(&mut s, 0, 6, true);
    assert!(refused(&mut s, 0, "build K11 2").contains("highest position"));
    turn(&mut s, 1, 6, true);
    play(&mut s, 1, "build K11 6");
    assert_eq!(pp(&s), vec![0, 3, 0]);
    // A full tie at the top: nobody may build (L154).
    let mut s = game(2);
    villages(&mut s, &["K5", "K6", "K7"]);
    inca(&mut s, "K5", 0);
    inca(&mut s, "K6", 1);
    turn(&mut s, 0, 6, true);
    assert!(refused(&mut s, 0, "build K7 2").contains("highest position"));
}

#[test]
fn joining_a_village_lets_a_4_temple_jump_to_8_then_a_split_gives_a_new_village_l191_l195() {
    let mut s = game(2);
    villages(&mut s, &["I4", "I5", "I6", "I7", "I9", "I10", "I11"]);
    temple(&mut s, "I4", 4);
    inca(&mut s, "I5", 0);
    inca(&mut s, "I10", 0);
    // The city has 4 spaces: at most 4.
    turn(&mut s, 0, 6, true);
    assert!(refused(&mut s, 0, "upgrade I4 6").contains("at most 4"));
    // L191: a tile joins the village to the city (1 AP): 8 spaces.
    play(&mut s, 0, "place village I8");
    // L193: 4 -> 8 for 1 AP, the 6 and the 8 placed at once; half the new value: 4.
    play(&mut s, 0, "upgrade I4 8");
    assert_eq!((s.players[0].pp, ap(&s)), (4, 4));
    assert_eq!(s.markers, vec![11, 10, 9, 7, 6]);
    // Once per temple per turn (L175).
    assert!(refused(&mut s, 0, "upgrade I4 10").contains("once per turn"));
    // L195: a tile splits the city (1 AP): the value stays 8; the part without it is a village
    // again, where a new temple may be built (1 AP).
    play(&mut s, 0, "place tile2 I8 I9v");
    assert_eq!(s.space(cell(&s, "I4")).temple, 8);
    play(&mut s, 0, "build I11 2");
    assert_eq!((s.players[0].pp, ap(&s)), (5, 2));
}

#[test]
fn a_temple_changes_once_per_turn_and_needs_its_markers_l175_l320() {
    let mut s = game(2);
    villages(&mut s, &["I4", "I5", "I6", "I7", "I8", "I9"]);
    inca(&mut s, "I5", 0);
    turn(&mut s, 0, 6, true);
    play(&mut s, 0, "build I4 2");
    assert!(refused(&mut s, 0, "upgrade I4 4").contains("once per turn"));
    // Next turn: no 6 marker left means no upgrade to 6 (L320); 4 is still possible.
    turn(&mut s, 0, 6, true);
    no_markers(&mut s, 6);
    assert!(refused(&mut s, 0, "upgrade I4 6").contains("marker"));
    let cmd = Cuzco.parse(&s, Seat(0), "upgrade I4 4").unwrap();
    Cuzco.apply(&mut s, Seat(0), &cmd).unwrap();
    assert_eq!(s.players[0].pp, 1 + 2);
}

// ---------------------------------------------------------------- movement, L120-138

#[test]
fn movement_costs_l124_l138() {
    let mut s = game(2);
    turn(&mut s, 0, 7, true);
    // A mountain edge space costs 2 AP to enter (L124).
    farms(&mut s, &["L4", "K4", "K5"]);
    villages(&mut s, &["K6", "K7"]);
    play(&mut s, 0, "enter L4");
    assert_eq!(ap(&s), 5);
    // Every destination is listed: the farm area for free, the village beyond for 1 AP.
    let moves: Vec<String> = Cuzco
        .legal(&s, Seat(0))
        .iter()
        .map(ToString::to_string)
        .filter(|c| c.starts_with("move"))
        .collect();
    assert_eq!(
        moves,
        vec!["move L4 K4", "move L4 K5", "move L4 K6", "move L4 K7"]
    );
    // Same terrain: free whatever the distance; a change: 1 AP (L126-128).
    play(&mut s, 0, "move L4 K5");
    assert_eq!(ap(&s), 5);
    play(&mut s, 0, "move K5 K7");
    assert_eq!(ap(&s), 4);
    // Through one's own Inca: yes; through another player's: no (L134).
    inca(&mut s, "K6", 1);
    assert!(refused(&mut s, 0, "move K7 K5").contains("No path"));
    remove_inca(&mut s, "K6");
    inca(&mut s, "K6", 0);
    play(&mut s, 0, "move K7 K5");
    assert_eq!(ap(&s), 3);
    // Not onto empty land, lakes or temples (L130).
    assert!(refused(&mut s, 0, "move K5 J5").contains("free farm or village"));
    // Leaving over the mountains: 2 AP.
    play(&mut s, 0, "move K5 L4");
    play(&mut s, 0, "exit L4");
    assert_eq!((ap(&s), s.players[0].incas_off), (1, 11));
}

// ---------------------------------------------------------------- lakes, L199-221

#[test]
fn lake_example_l219_a_completes_a_two_tile_lake_and_gains_6() {
    let mut s = game(2);
    // The printed lake G10 and a hole G11 next to it, every other neighbour covered.
    farms(&mut s, &["G9", "F9", "H9", "H10", "G12", "F11", "H11"]);
    lay(&mut s, "F10", Terrain::Farm, 3);
    lay(&mut s, "H9", Terrain::Farm, 2);
    inca(&mut s, "F10", 0);
    inca(&mut s, "G9", 1);
    inca(&mut s, "H9", 1);
    turn(&mut s, 0, 6, true);
    play(&mut s, 0, "lake G11");
    assert_eq!(pp(&s), vec![6, 0]);
    assert!(s.space(cell(&s, "G10")).lake_scored);
}

#[test]
fn lake_example_l221_a_tie_at_the_top_scores_nobody() {
    let mut s = game(3);
    // The printed lake J5: neighbours J4, J6, I5, I6, K5, K6.
    lay(&mut s, "I5", Terrain::Farm, 2);
    lay(&mut s, "I6", Terrain::Farm, 2);
    farms(&mut s, &["J4", "J6"]);
    inca(&mut s, "I5", 0);
    inca(&mut s, "I6", 1);
    inca(&mut s, "J4", 2);
    let events = play(&mut s, 0, "place tile2 K5v K6");
    assert_eq!(pp(&s), vec![0, 0, 0]);
    assert!(events.iter().any(|e| e.text.en.contains("nobody scores")));
    assert!(s.space(cell(&s, "J5")).lake_scored);
}

#[test]
fn lakes_go_only_on_empty_inner_region_spaces_l204_l206() {
    let mut s = game(2);
    farms(&mut s, &["I9"]);
    turn(&mut s, 0, 6, true);
    assert!(refused(&mut s, 0, "lake I9").contains("empty space"));
    assert!(refused(&mut s, 0, "lake I2").contains("edge"));
    play(&mut s, 0, "lake I10");
    assert_eq!(s.lakes_left, 15);
}

// ---------------------------------------------------------------- festival, L273-291

/// The 8-temple city of the example with an Inca of each of A, B, C, D.
fn festival_table() -> State {
    festival_table_with(&[])
}

/// `festival_table` under options.
fn festival_table_with(opts: &[&str]) -> State {
    let mut s = game_opts(4, opts);
    villages(&mut s, &["I4", "I5", "I6", "I7", "I8", "I9", "I10", "I11"]);
    temple(&mut s, "I4", 8);
    for (c, seat) in [("I5", 0), ("I6", 1), ("I7", 2), ("I8", 3)] {
        inca(&mut s, c, seat);
    }
    // Face-up: sun disc + mask (c16). A: three sun discs; B: a mask; C: sun+mask and a mask;
    // D: a vase only.
    face_up(&mut s, 15);
    for (seat, cards) in [
        (0, vec![0, 1, 2]),
        (1, vec![5]),
        (2, vec![16, 6]),
        (3, vec![10]),
    ] {
        for c in cards {
            give(&mut s, seat, c);
        }
    }
    turn(&mut s, 0, 0, true);
    s
}

#[test]
fn festival_example_l273_291_a_and_c_co_host_for_2_each() {
    let mut s = festival_table();
    play(&mut s, 0, "festival I4");
    // 1. A plays one card with one matching artifact: 1 FP.
    play(&mut s, 0, "play c01");
    play(&mut s, 0, "done");
    // 2. B matches with 1; C plays the card with both artifacts: 2; D declines.
    play(&mut s, 1, "play c06");
    play(&mut s, 1, "done");
    assert!(refused(&mut s, 2, "pass").contains("may now"));
    play(&mut s, 2, "play c17");
    play(&mut s, 2, "done");
    assert_eq!(
        Cuzco
            .legal(&s, Seat(3))
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        vec!["drop"]
    );
    play(&mut s, 3, "drop");
    // 3. A must reach 2: one more card.
    assert!(refused(&mut s, 0, "pass").contains("may now"));
    play(&mut s, 0, "play c02");
    play(&mut s, 0, "done");
    // 4. B cannot reach 2 and drops out.
    play(&mut s, 1, "drop");
    // 5. C raises to 3.
    play(&mut s, 2, "play c07");
    play(&mut s, 2, "done");
    // 6. A matches 3.
    play(&mut s, 0, "play c03");
    play(&mut s, 0, "done");
    // 7. C plays no more; 8. A has no more: co-hosts, 2 each (8-temple).
    play(&mut s, 2, "pass");
    let events = play(&mut s, 0, "pass");
    assert_eq!(pp(&s), vec![2, 0, 2, 0]);
    assert!(events.iter().any(|e| e.text.en.contains("co-hosts")));
    // Every played card is discarded, B's included, and a new card is face up.
    let played = [0u8, 5, 16, 1, 6, 2];
    for c in played {
        assert!(s.discard.contains(&c), "card {c} discarded");
    }
    assert_eq!(s.discard.len(), 1 + played.len() + 1);
    assert!(s.space(cell(&s, "I4")).sun);
    assert_eq!(
        s.players.iter().map(|p| p.hand.len()).collect::<Vec<_>>(),
        vec![0, 0, 0, 1]
    );
}

#[test]
fn festival_example_l291_if_a_had_not_matched_c_would_host_alone_for_4() {
    let mut s = festival_table();
    play(&mut s, 0, "festival I4");
    for (seat, cmd) in [
        (0, "play c01"),
        (0, "done"),
        (1, "play c06"),
        (1, "done"),
        (2, "play c17"),
        (2, "done"),
        (3, "drop"),
    ] {
        play(&mut s, seat, cmd);
    }
    for (seat, cmd) in [
        (0, "play c02"),
        (0, "done"),
        (1, "drop"),
        (2, "play c07"),
        (2, "done"),
    ] {
        play(&mut s, seat, cmd);
    }
    play(&mut s, 0, "drop");
    assert_eq!(pp(&s), vec![0, 0, 4, 0]);
}

#[test]
fn a_sun_marker_blocks_festivals_until_the_temple_is_upgraded_l267() {
    let mut s = festival_table();
    sun(&mut s, "I4");
    assert!(refused(&mut s, 0, "festival I4").contains("sun marker"));
}

// ---------------------------------------------------------------- end and final scoring, L294-312

#[test]
fn final_scoring_example_l305_b_gets_10_then_a_and_c_get_5() {
    let mut s = game(3);
    villages(
        &mut s,
        &[
            "K5", "K6", "K7", "K8", "K9", "K10", "K11", "K12", "K13", "K14",
        ],
    );
    temple(&mut s, "K5", 10);
    for (c, h, seat) in [
        ("K6", 3, 0),
        ("K7", 2, 0),
        ("K8", 3, 1),
        ("K9", 2, 1),
        ("K10", 1, 1),
        ("K11", 3, 2),
        ("K12", 2, 2),
    ] {
        lay(&mut s, c, Terrain::Village, h);
        inca(&mut s, c, seat);
    }
    // B places the last 3-space tile: after the turn, B's own final scoring (L296).
    common_tiles(&mut s, 1);
    turn(&mut s, 1, 6, false);
    play(&mut s, 1, "place tile3 E5v D5 E6");
    play(&mut s, 1, "end");
    assert_eq!(pp(&s), vec![0, 10, 0]);
    assert_eq!(s.end_trigger, Some(1));
    // C's final turn: no tile needed; then C's own scoring: second place, 5.
    assert!(matches!(&s.phase, Phase::Turn(t) if t.seat == 2 && t.final_turn));
    play(&mut s, 2, "end");
    assert_eq!(pp(&s), vec![0, 10, 5]);
    // A likewise; then the game is over.
    play(&mut s, 0, "end");
    assert_eq!(pp(&s), vec![5, 10, 5]);
    let o = Cuzco.outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![2, 1, 2]);
}

#[test]
fn final_ties_share_first_and_second_is_still_paid_l301_l302() {
    let mut s = game(3);
    villages(&mut s, &["K5", "K6", "K7", "K8"]);
    temple(&mut s, "K5", 4);
    inca(&mut s, "K6", 0);
    inca(&mut s, "K7", 1);
    lay(&mut s, "K6", Terrain::Village, 2);
    lay(&mut s, "K7", Terrain::Village, 2);
    inca(&mut s, "K8", 2);
    common_tiles(&mut s, 1);
    turn(&mut s, 0, 6, false);
    play(&mut s, 0, "place tile3 E5v D5 E6");
    play(&mut s, 0, "end");
    play(&mut s, 1, "end");
    play(&mut s, 2, "end");
    assert_eq!(pp(&s), vec![4, 4, 2]);
    assert_eq!(Cuzco.outcome(&s).unwrap().ranks, vec![1, 1, 3]);
}

// ---------------------------------------------------------------- cards, tokens, commands

#[test]
fn drawing_cards_at_most_two_per_turn_l226_l229() {
    let mut s = game(2);
    turn(&mut s, 0, 6, true);
    let up = s.face_up().unwrap();
    let deck = s.deck.len();
    play(&mut s, 0, "draw open");
    assert!(s.players[0].hand.contains(&up));
    assert_eq!(
        s.players[0].known,
        vec![up],
        "everyone saw which card was taken"
    );
    assert_eq!(s.deck.len(), deck - 1, "a new card was turned up");
    let events = play(&mut s, 0, "draw deck");
    assert!(events.iter().any(|e| e.reveals));
    assert!(events.iter().any(|e| e.to == Some(Seat(0))));
    assert_eq!((s.players[0].hand.len(), ap(&s)), (5, 4));
    assert!(refused(&mut s, 0, "draw deck").contains("At most 2"));
}

#[test]
fn one_extra_action_token_per_turn_gives_7_ap_l84() {
    let mut s = game(2);
    play(&mut s, 0, "token");
    assert_eq!((ap(&s), s.players[0].tokens), (7, 2));
    assert!(refused(&mut s, 0, "token").contains("one extra action token per turn"));
}

#[test]
fn commands_forgive_case_order_prefixes_and_korean() {
    let s = game(2);
    let g = Cuzco;
    let canon = g.parse(&s, Seat(0), "place tile3 E5v E4 F4").unwrap();
    assert_eq!(canon.to_string(), "place tile3 E5v E4 F4");
    assert_eq!(g.parse(&s, Seat(0), "PLACE 3칸 f4 e5V e4").unwrap(), canon);
    assert_eq!(
        g.parse(&s, Seat(0), "놓기 농장 I9").unwrap().to_string(),
        "place farm I9"
    );
    assert!(g
        .parse(&s, Seat(0), "place tile3 E5 E4 F4")
        .unwrap_err()
        .message
        .en
        .contains("'v'"));
    assert!(g.parse(&s, Seat(0), "move Z99 A1").is_err());
    // `p` starts only `place` among this turn's legal commands (no festival card to
    // play, nothing to pass): it stands for `place`, which needs its tile and spaces.
    assert!(g
        .parse(&s, Seat(0), "p")
        .unwrap_err()
        .message
        .en
        .contains("place <tile>"));
}

#[test]
fn every_placement_reads_in_its_compact_form_and_the_offer_hides_none() {
    let g = Cuzco;
    let s = game(2);
    let legal = g.legal(&s, Seat(0));
    let places: Vec<&Command> = legal
        .iter()
        .filter(|c| matches!(c, Command::Place { .. }))
        .collect();
    assert!(places.len() > 1000, "{}", places.len());
    for c in &places {
        let short = quipu::games::cuzco::command::compact(c);
        assert_eq!(&g.parse(&s, Seat(0), &short).unwrap(), *c, "{short}");
    }
    // Korean directions, any order of the farms.
    let canon = g.parse(&s, Seat(0), "place tile3 E5v E4 F4").unwrap();
    let short = quipu::games::cuzco::command::compact(&canon);
    assert_eq!(short, "place tile3 E5 w sw");
    assert_eq!(g.parse(&s, Seat(0), "놓기 3칸 e5 남서 서").unwrap(), canon);
    assert!(g.parse(&s, Seat(0), "place tile3 A1 nw n").is_err());
    // The mail lists the moves that are not placements and summarises each kind of
    // placement: the counts add up to every placement, nothing else is left out.
    let (listed, summaries) = g.offer(&s, Seat(0), legal.clone());
    assert!(listed.contains(&Command::Token));
    assert!(!listed.iter().any(|c| matches!(c, Command::Place { .. })));
    let counted: usize = summaries
        .iter()
        .map(|m| {
            let n = m.title.en.rsplit(": ").next().unwrap_or("");
            n.trim_end_matches(" ways").parse::<usize>().unwrap()
        })
        .sum();
    assert_eq!(counted + listed.len(), legal.len());
    for m in &summaries {
        assert!(!m.examples.is_empty() && m.how.ko.contains("예:"), "{m:?}");
        for e in &m.examples {
            assert!(places.contains(&&g.parse(&s, Seat(0), e).unwrap()), "{e}");
        }
    }
}

/// The first words of the seat's legal commands.
fn legal_words(s: &State, seat: usize) -> Vec<String> {
    let mut words: Vec<String> = Cuzco
        .legal(s, Seat(seat))
        .iter()
        .map(|c| c.to_string().split(' ').next().unwrap_or("").to_string())
        .collect();
    words.dedup();
    words
}

#[test]
fn a_prefix_stands_for_a_word_only_when_one_legal_command_word_fits() {
    let g = Cuzco;
    // Once a tile lies, an Inca may enter it or the turn may end.
    let mut s = game(2);
    play(&mut s, 0, "place tile3 E5v E4 F4");
    let words = legal_words(&s, 0);
    assert!(
        words.contains(&"enter".to_string()) && words.contains(&"end".to_string()),
        "{words:?}"
    );
    // `e` and `en` start both: refused, naming a command of each.
    for typed in ["e", "en", "en E5"] {
        let e = g.parse(&s, Seat(0), typed).unwrap_err();
        assert!(e.message.en.contains("several"), "{typed}: {e:?}");
        let named: Vec<&str> = e
            .suggestions
            .iter()
            .filter_map(|c| c.split(' ').next())
            .collect();
        assert!(
            named.contains(&"enter") && named.contains(&"end"),
            "{named:?}"
        );
    }
    // One fits: read.
    assert_eq!(
        g.parse(&s, Seat(0), "ent E5").unwrap().to_string(),
        "enter E5"
    );
    assert_eq!(g.parse(&s, Seat(0), "end").unwrap(), Command::End);
    // In a festival, `d` is `drop` when only dropping out starts with it.
    let mut f = festival_table();
    play(&mut f, 0, "festival I4");
    play(&mut f, 0, "play c01");
    play(&mut f, 0, "done");
    assert_eq!(legal_words(&f, 1), ["play", "drop"]);
    assert_eq!(g.parse(&f, Seat(1), "d").unwrap(), Command::Drop);
    assert_eq!(g.parse(&f, Seat(1), "p c06").unwrap(), Command::Play(5));
    // A turn's start: `tok` is `token`; `dr o` is no legal command (no card to draw).
    let s = game(2);
    assert_eq!(g.parse(&s, Seat(0), "tok").unwrap(), Command::Token);
    assert!(g.parse(&s, Seat(0), "dr o").is_err());
    // A space name and a number are whole: `F` is no space, `c1` is card 1.
    assert!(g.parse(&s, Seat(0), "place tile3 E5v E4 F").is_err());
    assert!(g.parse(&s, Seat(0), "place tile3 E5v E4 F4").is_ok());
    assert_eq!(g.parse(&s, Seat(0), "play c1").unwrap(), Command::Play(0));
    assert_eq!(g.parse(&s, Seat(0), "play c10").unwrap(), Command::Play(9));
    let e = g.parse(&s, Seat(0), "build E5 1").map(|c| c.to_string());
    assert_ne!(e.ok().as_deref(), Some("build E5 10"));
}

// ---------------------------------------------------------------- options and open points

fn game_with(n: usize, opts: &[&str]) -> State {
    let mut s = game_opts(n, opts);
    turn(&mut s, 0, 6, true);
    s
}

#[test]
fn outside_incas_option_a7() {
    // Default: an Inca may walk onto a tile hex outside the region.
    let mut s = game(2);
    play(&mut s, 0, "place tile3 E4v E3 D3");
    play(&mut s, 0, "enter E4");
    play(&mut s, 0, "move E4 E3");
    assert_eq!(ap(&s), 1);
    // outside_incas=no: not allowed.
    let mut s = game_with(2, &["outside_incas=no"]);
    turn(&mut s, 0, 6, false);
    play(&mut s, 0, "place tile3 E4v E3 D3");
    play(&mut s, 0, "enter E4");
    assert!(refused(&mut s, 0, "move E4 E3").contains("free farm or village"));
}

#[test]
fn build_markers_option_a2() {
    for (opt, markers) in [
        ("build_markers=stack", vec![11, 10, 10, 8, 6]),
        ("build_markers=top", vec![12, 10, 10, 8, 6]),
    ] {
        let mut s = game_with(2, &[opt]);
        villages(&mut s, &["I4", "I5", "I6", "I7"]);
        inca(&mut s, "I5", 0);
        play(&mut s, 0, "build I4 4");
        assert_eq!(s.markers, markers, "{opt}");
    }
}

#[test]
fn sun_limit_option_g9() {
    let mut s = festival_table_with(&["sun_limit=on"]);
    suns_left(&mut s, 0);
    assert!(refused(&mut s, 0, "festival I4").contains("festival needs"));
    suns_left(&mut s, 1);
    play(&mut s, 0, "festival I4");
}

#[test]
fn an_empty_deck_is_refilled_from_the_discards_under_the_face_up_card_g5() {
    let mut s = game(2);
    turn(&mut s, 0, 6, true);
    // Move the whole deck onto the discard pile; the face-up card stays on top.
    let up = s.face_up().unwrap();
    deck_under_face_up(&mut s);
    assert_eq!(s.face_up(), Some(up));
    let under = s.discard.len() - 1;
    play(&mut s, 0, "draw deck");
    assert_eq!((s.deck.len(), s.discard.as_slice()), (under - 1, &[up][..]));
    // With deck_empty=none the deck stays empty and cannot be drawn from.
    let mut s = game_with(2, &["deck_empty=none"]);
    deck_under_face_up(&mut s);
    assert!(!Cuzco
        .legal(&s, Seat(0))
        .iter()
        .any(|c| c.to_string() == "draw deck"));
    assert!(refused(&mut s, 0, "draw deck").contains("empty"));
}

#[test]
fn a_jammed_board_skips_the_placement_and_starts_the_end_phase_g6() {
    let mut s = game(2);
    // Every region space a lake: no tile can go anywhere.
    flood_region(&mut s);
    turn(&mut s, 0, 0, true);
    let g = Cuzco;
    let events = g.apply(&mut s, Seat(0), &Command::End).unwrap();
    assert!(events
        .iter()
        .any(|e| e.text.en.contains("cannot place any tile")));
    assert!(matches!(&s.phase, Phase::Turn(t) if t.seat == 1 && t.jammed && !t.final_turn));
    // No placement is owed: the turn may end at once; then the end phase.
    g.apply(&mut s, Seat(1), &Command::End).unwrap();
    assert_eq!(s.end_trigger, Some(1));
    assert!(s.players[1].final_scored);
    assert!(matches!(&s.phase, Phase::Turn(t) if t.seat == 0 && t.final_turn));
    g.apply(&mut s, Seat(0), &Command::End).unwrap();
    assert!(g.outcome(&s).is_some());
}

#[test]
fn garbage_and_unknown_spaces_are_refused_with_suggestions() {
    let s = game(2);
    let g = Cuzco;
    for text in [
        "",
        "xyzzy",
        "place tile9 A1",
        "move",
        "build I4 x",
        "play c999",
        "💥",
        &"~".repeat(5000),
    ] {
        assert!(g.parse(&s, Seat(0), text).is_err(), "{text:?}");
    }
    let e = g.parse(&s, Seat(0), "plce tile3 I9v I10 H9").unwrap_err();
    assert!(!e.suggestions.is_empty());
    let e = g.parse(&s, Seat(0), "place tile3 Z9v I10 H9").unwrap_err();
    assert!(
        e.message.en.contains("'z9' is not a space"),
        "{}",
        e.message.en
    );
}

#[test]
fn every_view_states_the_board_discrepancy_and_hides_other_hands() {
    let s = game(3);
    for viewer in [None, Some(Seat(0)), Some(Seat(2))] {
        let v = Cuzco.view(&s, viewer);
        let footer = &v.footer[0];
        assert!(
            footer.en.contains("152") && footer.en.contains("150"),
            "{}",
            footer.en
        );
        assert!(
            footer.ko.contains("152") && footer.ko.contains("150"),
            "{}",
            footer.ko
        );
        let json = serde_json::to_string(&v).unwrap();
        for item in Cuzco.hidden_items(&s, viewer) {
            assert!(!json.contains(&item), "{item} leaked to {viewer:?}");
        }
        assert_eq!(v.private.is_empty(), viewer.is_none());
        assert_eq!(v.picture.width, quipu::engine::PICTURE_WIDTH);
    }
    // A seat sees its own three cards.
    let v = Cuzco.view(&s, Some(Seat(1)));
    let lines = match &v.private[0].body {
        quipu::engine::Block::Lines(l) => l.clone(),
        _ => panic!("private part is lines"),
    };
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.en.starts_with("In hand: c"))
            .count(),
        3
    );
}

// ---------------------------------------------------------------- stored games survive the upgrade

/// A position stored by an earlier engine (`tests/stored/`): its state as stored, its digest
/// and the legal commands of the seat to act as that engine listed them.
struct Stored {
    digest: String,
    seat: usize,
    legal: Vec<String>,
    state: String,
}

fn stored(name: &str) -> Stored {
    let path = format!("{}/tests/stored/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut s = Stored {
        digest: String::new(),
        seat: 0,
        legal: vec![],
        state: String::new(),
    };
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        match line.split_once(' ') {
            Some(("digest", d)) => s.digest = d.to_string(),
            Some(("seat", n)) => s.seat = n.parse().unwrap(),
            Some(("legal", c)) => s.legal.push(c.to_string()),
            Some(("state", json)) => s.state = json.to_string(),
            _ => {}
        }
    }
    s
}

#[test]
fn positions_stored_before_the_shape_load_to_the_same_digest_and_the_same_legal_commands() {
    let entry = quipu::games::find("cuzco").unwrap();
    for (name, next) in [
        ("cuzco-turn-ae43cad.txt", "festival G3"),
        ("cuzco-festival-ae43cad.txt", "play c09"),
    ] {
        let old = stored(name);
        let fresh = (entry.new)(3, &Options::default(), 42).unwrap();
        let mut table = fresh.restore(&old.state).unwrap();
        let snapshot = table.snapshot().unwrap();
        assert_eq!(snapshot.digest, old.digest, "{name}");
        assert_eq!(
            snapshot.state, old.state,
            "{name}: stored form read back unchanged"
        );
        assert_eq!(table.legal(Seat(old.seat)), old.legal, "{name}");
        assert_eq!(
            old.legal.len(),
            if name.contains("turn") { 1040 } else { 7 }
        );
        // The game goes on from the stored position.
        table.play(Seat(old.seat), next).unwrap();
        assert_ne!(table.snapshot().unwrap().digest, old.digest);
    }
}
