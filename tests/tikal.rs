//! Tikal: the rulebook's worked examples with exact numbers, and a scenario
//! per rule, driven through the engine contract (parse + apply) on states
//! arranged by hand. Line numbers are those of the Korean rulebook
//! `001_f3e3853131678f46.txt`.

use quipu::engine::{Event, Game, Options, RuleError, Seat};
use quipu::games::tikal::command::Command;
use quipu::games::tikal::state::{LeaderAt, Phase, RoundKind, Spot, State};
use quipu::games::tikal::testkit::{self as kit, acting, add_members, next_hex, put_hex, tile};
use quipu::games::tikal::Tikal;
use quipu::games::tikal::{legal, scoring};

const G: Tikal = Tikal;

fn setup(players: usize, opts: &[&str], seed: u64) -> State {
    G.setup(players, &Options::parse_pairs(opts).unwrap(), seed)
        .unwrap()
}

fn play(s: &mut State, seat: usize, text: &str) -> Vec<Event> {
    let c = G
        .parse(s, Seat(seat), text)
        .unwrap_or_else(|e| panic!("'{text}' does not parse: {e}"));
    G.apply(s, Seat(seat), &c)
        .unwrap_or_else(|e| panic!("'{text}' refused: {e}"))
}

fn refuse(s: &mut State, seat: usize, text: &str) -> RuleError {
    let before = s.clone();
    let e = match G.parse(s, Seat(seat), text) {
        Ok(c) => G
            .apply(s, Seat(seat), &c)
            .expect_err(&format!("'{text}' should be refused")),
        Err(p) => panic!("'{text}' does not parse: {p}"),
    };
    assert_eq!(*s, before, "a refused command changed the state");
    assert!(!e.message.en.is_empty() && !e.message.ko.is_empty());
    e
}

fn spot<'a>(s: &'a State, at: &str) -> &'a Spot {
    s.spot(kit::space(s, at)).unwrap()
}

fn legal_texts(s: &State, seat: usize) -> Vec<String> {
    G.legal(s, Seat(seat))
        .iter()
        .map(ToString::to_string)
        .collect()
}

// ---------------------------------------------------------------------------
// Worked examples

/// L518-536: the drawer controls temples "3", "5", "5", "8" (21 points) and
/// holds two pairs (6) and two singles (2): 29 this round. Then the next
/// player takes 10 AP and is scored; after everyone, the drawer places the
/// volcano and takes his normal 10 AP.
#[test]
fn scoring_round_example_l518_536_scores_29() {
    let mut s = setup(3, &[], 1);
    acting(&mut s, 0);
    // The board of the example, for seat 1 (blue).
    put_hex(&mut s, "C6", "T05", 0);
    put_hex(&mut s, "C5", "T12", 0);
    put_hex(&mut s, "D5", "T11", 0);
    put_hex(&mut s, "D6", "T10", 0);
    kit::temple_value(&mut s, "D6", 8);
    add_members(&mut s, "C6", 1, 1, false);
    add_members(&mut s, "C5", 1, 2, false);
    add_members(&mut s, "D5", 1, 0, true);
    add_members(&mut s, "D6", 1, 3, false);
    // Red is present but weaker on the "8"; green ties nobody.
    add_members(&mut s, "D6", 0, 2, false);
    kit::treasures_held(&mut s, 1, [2, 2, 1, 1, 0, 0, 0, 0]);
    next_hex(&mut s, "V02");
    play(&mut s, 0, "end");
    // Blue drew the volcano: scoring round, blue first with 10 AP.
    assert!(matches!(
        s.scoring.as_ref().map(|r| &r.kind),
        Some(RoundKind::Volcano { trigger: 1, .. })
    ));
    assert_eq!((s.phase.clone(), s.active, s.ap), (Phase::Act, 1, 10));
    let before = s.people[1].score;
    let ev = play(&mut s, 1, "end");
    assert_eq!(s.people[1].score - before, 29);
    assert!(
        ev.iter()
            .any(|e| e.text.en.contains("scores 21 for temples")
                && e.text.en.contains("8 for treasures: 29")),
        "{ev:?}"
    );
    // Then green (clockwise) takes 10 AP and is scored, then red.
    assert_eq!((s.active, s.ap), (2, 10));
    play(&mut s, 2, "end");
    assert_eq!((s.active, s.ap), (0, 10));
    assert_eq!(s.people[0].score, 0);
    play(&mut s, 0, "end");
    assert_eq!(
        s.people[0].score, 0,
        "red's 2 workers lose to blue's 3 on the 8"
    );
    // Blue now places the volcano (no rotation, no stones needed) and takes 10 AP.
    assert_eq!(
        s.phase,
        Phase::Place {
            tile: tile(&s, "V02")
        }
    );
    assert_eq!(s.active, 1);
    assert_eq!(s.rounds_scored, 1);
    let legal = legal_texts(&s, 1);
    assert!(
        legal
            .iter()
            .all(|c| c.starts_with("place ") && !c.contains(" r")),
        "{legal:?}"
    );
    play(&mut s, 1, "place E5");
    assert_eq!((s.phase.clone(), s.active, s.ap), (Phase::Act, 1, 10));
    assert!(s.scoring.is_none());
}

/// L330-336 (numbers of the picture): temple "2" to the jungle costs 3 AP;
/// temple "2" to the treasure hex directly is impossible; through the jungle
/// it costs 6 AP in all; temple "2" to temple "1" costs 1 AP. Cost = stones
/// on both sides of the edge (L157-159, L313-315).
#[test]
fn movement_example_l330_336() {
    let mut s = setup(2, &[], 3);
    acting(&mut s, 0);
    // Temple "2" at B5 touches the printed temple "1" at A6 (B5's SW edge); the jungle
    // at C5 (B5's SE edge); the treasure at B4 (B5's N edge); jungle C5 and treasure B4
    // touch along C5's NW edge... find turns of the three hexes giving the example's numbers.
    let (b5, c5, b4, a6) = (
        kit::space(&s, "B5"),
        kit::space(&s, "C5"),
        kit::space(&s, "B4"),
        kit::space(&s, "A6"),
    );
    let mut found = None;
    let temples = ["T02", "T03", "T08"];
    let jungles: Vec<String> = (1..=10).map(|i| format!("J{i:02}")).collect();
    let treasures: Vec<String> = (1..=8).map(|i| format!("X{i:02}")).collect();
    let mut t = s.clone();
    let cost = |t: &State, a: usize, b: usize| {
        legal::edge_between(t, a, b)
            .and_then(|e| legal::crossing(t, a, e))
            .map(|(_, c)| c)
    };
    'search: for tp in temples {
        for r1 in 0..6 {
            put_hex(&mut t, "B5", tp, r1);
            if cost(&t, b5, a6) != Some(1) {
                continue;
            }
            for j in &jungles {
                for r2 in 0..6 {
                    put_hex(&mut t, "C5", j, r2);
                    if cost(&t, b5, c5) != Some(3) {
                        continue;
                    }
                    for x in &treasures {
                        for r3 in 0..6 {
                            put_hex(&mut t, "B4", x, r3);
                            if cost(&t, b5, b4).is_none() && cost(&t, c5, b4) == Some(3) {
                                found = Some((tp, r1, j.clone(), r2, x.clone(), r3));
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
    }
    let (tp, r1, j, r2, x, r3) =
        found.expect("a layout with the example's stones exists in the substitute set");
    put_hex(&mut s, "B5", tp, r1);
    put_hex(&mut s, "C5", &j, r2);
    put_hex(&mut s, "B4", &x, r3);
    add_members(&mut s, "B5", 0, 3, false);
    play(&mut s, 0, "move worker B5 C5");
    assert_eq!(s.ap, 7, "temple 2 -> jungle: 3 AP");
    refuse(&mut s, 0, "move worker B5 B4");
    play(&mut s, 0, "move worker C5 B4");
    assert_eq!(s.ap, 4, "temple 2 -> jungle -> treasure: 6 AP in all");
    play(&mut s, 0, "move worker B5 A6");
    assert_eq!(s.ap, 3, "temple 2 -> temple 1: 1 AP");
    assert_eq!(
        (
            spot(&s, "B4").workers[0],
            spot(&s, "A6").workers[0],
            spot(&s, "B5").workers[0]
        ),
        (1, 1, 1)
    );
}

/// L394-398 and L725-729: 1 disc 1 point, a pair 3, a triple 6.
#[test]
fn treasure_values_l394_398() {
    assert_eq!(scoring::treasure_points(&[1, 0, 0, 0, 0, 0, 0, 0]), 1);
    assert_eq!(scoring::treasure_points(&[2, 0, 0, 0, 0, 0, 0, 0]), 3);
    assert_eq!(scoring::treasure_points(&[3, 1, 2, 0, 0, 0, 0, 0]), 10);
}

// ---------------------------------------------------------------------------
// Setup

#[test]
fn setup_basic_stack_letters_and_pieces() {
    let s = setup(4, &[], 9);
    // The first hex is drawn already: 35 left, A hexes on top, G at the bottom (L103-109).
    assert_eq!(s.stack.len(), 35);
    let letters: Vec<char> = s
        .stack
        .iter()
        .map(|&t| s.data.tiles[t as usize].letter.unwrap())
        .collect();
    let mut sorted = letters.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(letters, sorted, "G at the bottom ... A on top");
    assert!(matches!(s.phase, Phase::Place { .. } | Phase::Act));
    assert_eq!(
        s.board.iter().flatten().count(),
        4,
        "base camp, two temples 1, a jungle (L97-101)"
    );
    for p in &s.people {
        assert_eq!(
            (p.score, p.workers_supply, p.leader, p.camps, p.guards),
            (0, 18, LeaderAt::Supply, 0, 0)
        );
    }
    assert_eq!(s.temple_tiles.iter().map(|&n| n as u32).sum::<u32>(), 48);
    assert_eq!(s.discs_total, 24);
}

#[test]
fn setup_auction_and_mini() {
    let s = setup(3, &["auction=on"], 2);
    assert!(s.people.iter().all(|p| p.score == 20), "L562");
    assert_eq!(s.display.len(), 3, "one hex per player on display (L573)");
    assert_eq!(s.phase, Phase::Bid);
    assert_eq!(G.to_act(&s), vec![Seat(0)], "the oldest bids first (L580)");
    let m = setup(2, &["mini=on"], 5);
    assert!(
        m.people
            .iter()
            .all(|p| p.score == 20 && p.workers_supply == 12),
        "L794, L834"
    );
    assert_eq!(
        (m.rules.camp_limit, m.rules.guard_limit),
        (1, 1),
        "L844, L847"
    );
    assert_eq!(m.stack.len() + m.display.len(), 12);
    assert_eq!(m.discs_total, 12, "4 kinds x 3 (L830)");
    assert_eq!(m.pool.iter().filter(|&&n| n == 3).count(), 4);
    let groups: Vec<char> = m
        .stack
        .iter()
        .chain(m.display.iter())
        .map(|&t| m.data.tiles[t as usize].letter.unwrap())
        .collect();
    assert_eq!(groups.iter().filter(|l| "ABC".contains(**l)).count(), 5);
    assert!(
        G.setup(3, &Options::parse_pairs(&["mini=on"]).unwrap(), 1)
            .is_err(),
        "Mini-Tikal is for 2"
    );
}

// ---------------------------------------------------------------------------
// Placing hexes (L141-199)

#[test]
fn placing_needs_adjacency_and_a_stone_volcano_needs_none() {
    let mut s = setup(2, &[], 4);
    kit::holding_hex(&mut s, "J03"); // 3 stones on one edge
                                     // C3 touches nothing placed.
    let e = refuse(&mut s, 0, "place C3 r0");
    assert!(e.message.en.contains("next to a placed hex"));
    // A5 touches A6 (A6's north edge carries 1 stone): any turn works.
    // B5 touches A6 (A6's NE edge: 0 stones) and B6 (B6's N edge: 0 stones):
    // J03's 3 stones must face one of them: r1 puts them on B5's S edge (towards B6),
    // r2 on B5's SW edge (towards A6); r0 (stones on SE, towards empty C6) does not connect.
    refuse(&mut s, 0, "place B5 r0");
    let legal = legal_texts(&s, 0);
    let b5: Vec<&String> = legal.iter().filter(|c| c.starts_with("place B5")).collect();
    assert_eq!(b5, ["place B5 r1", "place B5 r2"]);
    play(&mut s, 0, "place B5 r1");
    assert_eq!(s.ap, 10);
    let b6 = kit::space(&s, "B6");
    let b5 = kit::space(&s, "B5");
    assert_eq!(
        legal::edge_between(&s, b6, b5)
            .and_then(|e| legal::crossing(&s, b6, e))
            .map(|c| c.1),
        Some(3)
    );
    // A volcano needs only adjacency.
    let mut v = setup(2, &[], 4);
    kit::holding_hex(&mut v, "V01");
    let legal = legal_texts(&v, 0);
    assert!(
        legal.contains(&"place B5".to_string()) && legal.contains(&"place C7".to_string()),
        "{legal:?}"
    );
    refuse(&mut v, 0, "place B5 r1");
}

#[test]
fn placement_list_matches_the_single_check() {
    let s = setup(3, &[], 11);
    if let Phase::Place { tile } = s.phase {
        let fast = legal::placements(&s, tile as usize);
        let mut slow = Vec::new();
        for space in 0..s.board.len() {
            for r in legal::distinct_rotations(&s.data, tile as usize) {
                if legal::can_place(&s, tile as usize, space, r) {
                    slow.push((space, r));
                }
            }
        }
        assert_eq!(fast, slow);
        assert!(!fast.is_empty());
    } else {
        panic!("first hex should be placed");
    }
}

#[test]
fn a_treasure_hex_gets_its_discs() {
    let mut s = setup(2, &[], 4);
    let x = kit::holding_hex(&mut s, "X05"); // 4 masks
    let r = legal::placements(&s, x as usize)
        .into_iter()
        .find(|(sp_, _)| s.data.board.name(*sp_) == "A5")
        .unwrap()
        .1;
    play(&mut s, 0, &format!("place A5 r{r}"));
    assert_eq!(spot(&s, "A5").discs, 4, "L176-178");
}

// ---------------------------------------------------------------------------
// Members (L213-230, L290-323)

#[test]
fn bringing_members_in_and_moving_them() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    play(&mut s, 0, "new 3w base");
    play(&mut s, 0, "new leader A7");
    assert_eq!(s.ap, 6);
    assert_eq!(
        (
            spot(&s, "A7").workers[0],
            spot(&s, "A7").leader[0],
            s.people[0].workers_supply
        ),
        (3, true, 15)
    );
    // Base camp -> B6 jungle: 1 stone on each side = 2 AP per member.
    play(&mut s, 0, "move 2 workers A7 B6");
    assert_eq!(s.ap, 2);
    play(&mut s, 0, "move leader A7 A6");
    assert_eq!(s.ap, 0);
    let e = refuse(&mut s, 0, "move worker A7 B6");
    assert!(
        e.message.en.contains("costs 2 AP and you have 0 left"),
        "{}",
        e.message.en
    );
    assert_eq!(
        legal_texts(&s, 0),
        vec!["end"],
        "with no AP left only 'end' remains"
    );
    // Nobody can bring members onto another's camp or move what is not there.
    acting(&mut s, 1);
    refuse(&mut s, 1, "move worker A7 B6");
    refuse(&mut s, 1, "new worker B6");
}

#[test]
fn volcanoes_cannot_be_entered() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    put_hex(&mut s, "A5", "V01", 0);
    add_members(&mut s, "A6", 0, 1, false);
    assert!(
        legal::crossing(&s, kit::space(&s, "A6"), 0).is_none(),
        "L190-194"
    );
    refuse(&mut s, 0, "move worker A6 A5");
}

// ---------------------------------------------------------------------------
// Temples (L339-368)

#[test]
fn digging_limits() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    add_members(&mut s, "A6", 0, 0, true);
    play(&mut s, 0, "dig A6");
    assert_eq!((spot(&s, "A6").value, s.ap, s.temple_tiles[2]), (2, 8, 2));
    // One member per level: the leader counts 1 (L283, L353).
    refuse(&mut s, 0, "dig A6");
    add_members(&mut s, "A6", 0, 1, false);
    play(&mut s, 0, "dig A6");
    assert_eq!((spot(&s, "A6").value, s.ap), (3, 6));
    // At most 2 levels per temple per turn (L237, L355).
    add_members(&mut s, "A6", 0, 1, false);
    let e = refuse(&mut s, 0, "dig A6");
    assert!(e.message.en.contains("at most 2 per temple per turn"));
    // A new turn: two more at once; tiles strictly in order (L357-366).
    acting(&mut s, 0);
    play(&mut s, 0, "dig A6 2");
    assert_eq!(
        (
            spot(&s, "A6").value,
            s.ap,
            s.temple_tiles[4],
            s.temple_tiles[5]
        ),
        (5, 6, 8, 10)
    );
    // No tile "6" left: no further uncovering (L360-362).
    acting(&mut s, 0);
    kit::no_temple_tiles(&mut s, 6);
    refuse(&mut s, 0, "dig A6");
    assert!(!legal_texts(&s, 0).iter().any(|c| c.starts_with("dig")));
}

#[test]
fn temple_control_strict_majority_leader_counts_three() {
    let mut s = setup(3, &[], 4);
    let a6 = kit::space(&s, "A6");
    add_members(&mut s, "A6", 0, 0, true);
    add_members(&mut s, "A6", 1, 3, false);
    assert_eq!(
        legal::strongest(s.spot(a6).unwrap(), 3),
        None,
        "3 against 3: nobody scores (L480-482)"
    );
    add_members(&mut s, "A6", 1, 1, false);
    assert_eq!(legal::strongest(s.spot(a6).unwrap(), 3), Some(1));
    assert_eq!(scoring::temples_scored(&s, 1), vec![1]);
    assert!(scoring::temples_scored(&s, 0).is_empty());
}

#[test]
fn guarding_a_temple() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    add_members(&mut s, "A6", 0, 2, true);
    add_members(&mut s, "A6", 1, 5, false);
    let e = refuse(&mut s, 0, "guard A6");
    assert!(e.message.en.contains("strongest"), "5 vs 5 is no majority");
    add_members(&mut s, "A6", 0, 1, false);
    play(&mut s, 0, "guard A6");
    assert_eq!(s.ap, 5);
    let a6 = spot(&s, "A6");
    assert_eq!(
        (a6.guard, a6.workers[0], a6.leader[0], a6.workers[1]),
        (Some(0), 0, false, 5),
        "L444-452"
    );
    assert_eq!(
        (
            s.people[0].workers_gone,
            s.people[0].leader,
            s.people[0].guards
        ),
        (3, LeaderAt::Gone, 1)
    );
    // Only the guard's owner scores it, whatever the forces (L440-442, spec 11 A6).
    assert_eq!(scoring::temples_scored(&s, 0), vec![1]);
    assert!(scoring::temples_scored(&s, 1).is_empty());
    // It can no longer be uncovered (L456-458).
    acting(&mut s, 1);
    refuse(&mut s, 1, "dig A6");
    // At most 2 guards per game (L460).
    add_members(&mut s, "B7", 0, 1, false);
    acting(&mut s, 0);
    play(&mut s, 0, "guard B7");
    put_hex(&mut s, "C6", "T05", 0);
    add_members(&mut s, "C6", 0, 1, false);
    acting(&mut s, 0);
    let e = refuse(&mut s, 0, "guard C6");
    assert!(e.message.en.contains("already guarded 2"));
    // The shared reading of A6 as an option.
    let mut t = setup(2, &["guarded=shared"], 4);
    add_members(&mut t, "A6", 0, 1, false);
    acting(&mut t, 0);
    play(&mut t, 0, "guard A6");
    add_members(&mut t, "A6", 1, 1, false);
    assert_eq!(scoring::temples_scored(&t, 1), vec![1]);
}

// ---------------------------------------------------------------------------
// Treasures (L371-409)

#[test]
fn recovering_treasures() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    put_hex(&mut s, "A5", "X05", 0); // 4 discs
    add_members(&mut s, "A5", 0, 1, false);
    let ev = play(&mut s, 0, "loot A5");
    assert!(ev[0].reveals, "the disc is turned face up");
    assert_eq!(
        (
            spot(&s, "A5").discs,
            s.ap,
            s.people[0].treasures.iter().sum::<u8>()
        ),
        (3, 7, 1)
    );
    // One member per disc (L377).
    refuse(&mut s, 0, "loot A5");
    add_members(&mut s, "A5", 0, 2, false);
    play(&mut s, 0, "loot A5");
    // At most 2 per hex per turn (L379).
    refuse(&mut s, 0, "loot A5");
    acting(&mut s, 0);
    play(&mut s, 0, "loot A5 2");
    assert_eq!(
        (
            spot(&s, "A5").discs,
            s.ap,
            s.people[0].treasures.iter().sum::<u8>()
        ),
        (0, 4, 4)
    );
    assert_eq!(s.pool.iter().map(|&n| n as u32).sum::<u32>(), 20);
    // Now empty: a camp may go there (L182-184).
    acting(&mut s, 0);
    play(&mut s, 0, "camp A5");
    assert_eq!((spot(&s, "A5").camp, s.ap), (Some(0), 5));
}

#[test]
fn exchanging_only_single_treasures() {
    let mut s = setup(3, &[], 4);
    acting(&mut s, 0);
    kit::give_treasures(&mut s, 0, [1, 2, 0, 0, 0, 0, 0, 0]);
    kit::give_treasures(&mut s, 1, [0, 0, 1, 3, 0, 0, 0, 0]);
    assert_eq!(s.pool, [2, 1, 2, 0, 3, 3, 3, 3]);
    play(&mut s, 0, "swap K1 for K3 with blue");
    assert_eq!(s.people[0].treasures, [0, 2, 1, 0, 0, 0, 0, 0]);
    assert_eq!(s.people[1].treasures, [1, 0, 0, 3, 0, 0, 0, 0]);
    assert_eq!(s.ap, 7);
    // Pairs and triples are never split (L259, L409).
    refuse(&mut s, 0, "swap K2 for K1 with blue");
    refuse(&mut s, 0, "swap K3 for K4 with blue");
    refuse(&mut s, 0, "swap K3 for K1 with green");
}

// ---------------------------------------------------------------------------
// Camps (L412-432)

#[test]
fn camps_and_the_secret_passage() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    // The printed jungle B6 with nobody on it: no camp (L416-420).
    let e = refuse(&mut s, 0, "camp B6");
    assert!(e.message.en.contains("member"));
    add_members(&mut s, "B6", 1, 1, false); // another player's member is enough
    play(&mut s, 0, "camp B6");
    assert_eq!(
        (spot(&s, "B6").camp, s.ap, s.people[0].camps),
        (Some(0), 5, 1)
    );
    refuse(&mut s, 0, "camp A6"); // a temple
                                  // New members straight onto the own camp; transfer base <-> camp for 1 AP each.
    play(&mut s, 0, "new 2 workers B6");
    play(&mut s, 0, "new worker base");
    play(&mut s, 0, "jump worker A7 B6");
    assert_eq!((spot(&s, "B6").workers[0], s.ap), (3, 1));
    // Blue may not use red's camp.
    acting(&mut s, 1);
    refuse(&mut s, 1, "new worker B6");
    refuse(&mut s, 1, "jump worker B6 A7");
    // The "free" reading of A3: no member needed.
    let mut t = setup(2, &["camp=free"], 4);
    acting(&mut t, 0);
    play(&mut t, 0, "camp B6");
}

// ---------------------------------------------------------------------------
// Turn order, scoring rounds, the end (L464-514)

/// Plays 'end' (placing where needed) until the game is over, recording who acted.
fn run_ends(s: &mut State) -> Vec<(usize, String)> {
    let mut log = Vec::new();
    while !s.is_over() {
        let seat = G.to_act(s)[0].0;
        let legal = G.legal(s, Seat(seat));
        let c = legal
            .iter()
            .find(|c| **c == Command::End || **c == Command::Pass)
            .cloned()
            .unwrap_or_else(|| legal[0].clone());
        log.push((seat, c.to_string()));
        G.apply(s, Seat(seat), &c).unwrap();
        G.invariants(s).unwrap();
    }
    log
}

#[test]
fn basic_game_runs_36_placements_and_4_scoring_rounds() {
    let mut s = setup(3, &[], 21);
    let log = run_ends(&mut s);
    let placed = log.iter().filter(|(_, c)| c.starts_with("place")).count();
    assert_eq!(placed + s.set_aside.len(), 36);
    assert_eq!(s.rounds_scored, 4, "L82");
    let turns = log.iter().filter(|(_, c)| c == "end").count();
    assert_eq!(
        turns,
        36 + 4 * 3,
        "one turn per hex plus one per player per scoring round"
    );
    // The final round starts after the last placer, who is scored last (spec 11 A5).
    let last_place = log
        .iter()
        .rposition(|(_, c)| c.starts_with("place"))
        .unwrap();
    let last_placer = log[last_place].0;
    let finals: Vec<usize> = log.iter().rev().take(3).map(|(p, _)| *p).rev().collect();
    assert_eq!(
        finals,
        vec![(last_placer + 1) % 3, (last_placer + 2) % 3, last_placer]
    );
    // Nobody brought a member in: nobody scored, and all share first place.
    let o = G.outcome(&s).unwrap();
    assert_eq!((o.scores, o.ranks), (vec![0.0; 3], vec![1, 1, 1]));
}

#[test]
fn final_scoring_when_the_stack_runs_out() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 1);
    kit::last_hex_down(&mut s, 1);
    add_members(&mut s, "A6", 0, 1, false);
    kit::give_treasures(&mut s, 1, [1, 0, 0, 0, 0, 0, 0, 0]);
    play(&mut s, 1, "end");
    // Red (after blue, the last placer) takes 10 AP and is scored first.
    assert_eq!((s.active, s.ap), (0, 10));
    play(&mut s, 0, "end");
    assert_eq!(s.people[0].score, 1);
    play(&mut s, 1, "end");
    assert_eq!(s.people[1].score, 1);
    assert!(s.is_over());
    let o = G.outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![1, 1], "no tie-breaker: shared win (spec 6.5)");
}

// ---------------------------------------------------------------------------
// The auction version (L547-686)

#[test]
fn auction_bidding_paying_choosing_and_the_free_last_hex() {
    let mut s = setup(3, &["auction=on"], 2);
    assert_eq!(
        legal_texts(&s, 0).len(),
        1 + 20,
        "pass, bid 1..20 (at most one's score)"
    );
    play(&mut s, 0, "bid 3");
    let e = refuse(&mut s, 1, "bid 3");
    assert!(e.message.en.contains("Bid between 4"));
    play(&mut s, 1, "bid 5");
    play(&mut s, 2, "pass");
    play(&mut s, 0, "pass");
    // Blue wins for 5 (L593-595) and chooses one of the 3 displayed hexes.
    assert_eq!(
        (s.phase.clone(), s.active, s.people[1].score),
        (Phase::Choose, 1, 15)
    );
    let pick = s
        .display
        .iter()
        .copied()
        .find(|&t| s.data.tiles[t as usize].kind != quipu::games::tikal::data::Kind::Volcano)
        .unwrap();
    let id = s.data.tiles[pick as usize].id.clone();
    play(&mut s, 1, &format!("take {id}"));
    assert!(matches!(s.phase, Phase::Place { .. }));
    let first = G.legal(&s, Seat(1))[0].to_string();
    play(&mut s, 1, &first);
    play(&mut s, 1, "end");
    assert!(!s.people[1].indicator_up, "L599-601");
    // Auction 2 opens with the winner's neighbour (L606): green. Nobody bids: green takes it free (L614-616).
    assert_eq!(G.to_act(&s), vec![Seat(2)]);
    play(&mut s, 2, "pass");
    play(&mut s, 0, "pass");
    assert_eq!((s.active, s.people[2].score), (2, 20));
    assert!(matches!(
        s.phase,
        Phase::Choose | Phase::Place { .. } | Phase::Act
    ));
    // Finish green's turn (a volcano would start a scoring round: end those turns too).
    while s.people[2].indicator_up {
        let seat = G.to_act(&s)[0].0;
        let c = G
            .legal(&s, Seat(seat))
            .into_iter()
            .find(|c| *c == Command::End)
            .unwrap_or_else(|| G.legal(&s, Seat(seat))[0].clone());
        G.apply(&mut s, Seat(seat), &c).unwrap();
    }
    // Red, the only one left, takes the last hex free (L619-625) and acts.
    assert_eq!(s.active, 0);
    assert_eq!(s.people[0].score, 20);
    assert!(s.display.is_empty());
}

#[test]
fn auction_rounds_rotate_the_opener_and_final_order_is_by_score() {
    let mut s = setup(2, &["auction=on"], 8);
    // The opener of each round's first auction, seen when its bidding starts.
    let mut openers = vec![G.to_act(&s)[0].0];
    let mut rounds = s.auction_rounds;
    let mut final_order = None;
    while !s.is_over() {
        if s.auction_rounds != rounds && s.phase == Phase::Bid && s.auctions_this_round == 1 {
            rounds = s.auction_rounds;
            openers.push(G.to_act(&s)[0].0);
        }
        if final_order.is_none()
            && s.scoring
                .as_ref()
                .is_some_and(|r| r.kind == RoundKind::Final)
        {
            let order = s.scoring.as_ref().unwrap().order.clone();
            let scores: Vec<i32> = order.iter().map(|&q| s.people[q as usize].score).collect();
            final_order = Some((order, scores));
        }
        let seat = G.to_act(&s)[0].0;
        let legal = G.legal(&s, Seat(seat));
        // Red bids 1 whenever he may, so the scores differ; everyone else passes or ends.
        let c = if seat == 0 && legal.contains(&Command::Bid(1)) {
            Command::Bid(1)
        } else {
            legal
                .iter()
                .find(|c| **c == Command::End || **c == Command::Pass)
                .cloned()
                .unwrap_or_else(|| legal[0].clone())
        };
        G.apply(&mut s, Seat(seat), &c).unwrap();
    }
    assert_eq!(s.auction_rounds, 18, "36 hexes / 2 per round");
    assert_eq!(openers.len(), 18);
    assert!(
        openers.iter().enumerate().all(|(i, &o)| o == i % 2),
        "the first bidder moves one seat clockwise each round (L634-636): {openers:?}"
    );
    assert_eq!(s.rounds_scored, 4);
    // Red paid 1 for each of his 18 auctions won; the final round starts with the lower score (L672-678).
    let (order, scores) = final_order.unwrap();
    assert_eq!(
        (order, scores),
        (vec![0, 1], vec![2, 20]),
        "red paid 18 x 1 and goes first"
    );
}

/// Arranges an auction game whose last hex green has just placed, then green ends his turn.
fn auction_final(opts: &[&str]) -> Vec<u8> {
    let mut s = setup(3, opts, 2);
    kit::last_hex_down(&mut s, 2);
    kit::auctions_done(&mut s);
    kit::score(&mut s, 0, 30);
    kit::score(&mut s, 1, 12);
    kit::score(&mut s, 2, 30);
    acting(&mut s, 2);
    play(&mut s, 2, "end");
    G.invariants(&s).unwrap();
    s.scoring.as_ref().unwrap().order.clone()
}

#[test]
fn auction_final_round_lowest_score_first() {
    // Blue (12) first; red and green tie at 30: red is reached first clockwise
    // from green, the last placer (L672-682, spec 11 A13).
    assert_eq!(auction_final(&["auction=on"]), vec![1, 0, 2]);
    // The other reading: the last placer himself counts first.
    assert_eq!(
        auction_final(&["auction=on", "final_tie=placer_first"]),
        vec![1, 2, 0]
    );
}

#[test]
fn basic_final_round_start_option() {
    let mut s = setup(3, &["final_start=placer"], 21);
    let log = run_ends(&mut s);
    let last_place = log
        .iter()
        .rposition(|(_, c)| c.starts_with("place"))
        .unwrap();
    let l = log[last_place].0;
    let finals: Vec<usize> = log.iter().rev().take(3).map(|(p, _)| *p).rev().collect();
    assert_eq!(finals, vec![l, (l + 1) % 3, (l + 2) % 3]);
}

#[test]
fn mini_tikal_has_one_volcano_and_two_scoring_rounds() {
    let mut s = setup(2, &["mini=on"], 12);
    let log = run_ends(&mut s);
    assert_eq!(s.rounds_scored, 2, "L850-854");
    assert_eq!(s.auction_rounds, 6, "12 hexes, 2 per round");
    assert!(log.iter().filter(|(_, c)| c.starts_with("place")).count() + s.set_aside.len() == 12);
    // Mini-Tikal uses only its part of the board.
    assert!(s
        .board
        .iter()
        .enumerate()
        .all(|(i, x)| x.is_none() || s.data.board.spaces[i].mini));
}

// ---------------------------------------------------------------------------
// Commands and views

#[test]
fn parsing_short_forms_korean_and_errors() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    let p = |s: &State, t: &str| G.parse(s, Seat(0), t).map(|c| c.to_string());
    assert_eq!(p(&s, "NEW 3W BASE").unwrap(), "new 3 workers A7");
    assert_eq!(p(&s, "투입 리더 베이스").unwrap(), "new leader A7");
    assert_eq!(p(&s, "이동 대원 a7 b6").unwrap(), "move worker A7 B6");
    assert_eq!(p(&s, "m 2w a7 b6").unwrap(), "move 2 workers A7 B6");
    assert_eq!(p(&s, "끝").unwrap(), "end");
    assert_eq!(
        p(&s, "swap k1 k2 blue").unwrap(),
        "swap K1 for K2 with blue"
    );
    assert_eq!(p(&s, "dig a6 2").unwrap(), "dig A6 2");
    let e = G.parse(&s, Seat(0), "fly to the moon").unwrap_err();
    assert!(!e.suggestions.is_empty() && !e.message.ko.is_empty());
    assert!(G.parse(&s, Seat(0), &"x".repeat(5000)).is_err());
    assert!(G.parse(&s, Seat(0), "move worker Z9 A1").is_err());
}

#[test]
fn every_view_says_substitute_and_hides_the_stack() {
    let s = setup(4, &["auction=on"], 3);
    for viewer in [None, Some(Seat(0)), Some(Seat(3))] {
        let v = G.view(&s, viewer);
        assert!(v
            .footer
            .iter()
            .any(|f| f.en.contains("substitute tile set") && f.ko.contains("대체 타일 세트")));
        let json = serde_json::to_string(&v).unwrap();
        for hidden in G.hidden_items(&s, viewer) {
            assert!(!json.contains(&hidden), "{hidden}");
        }
        // The displayed hexes are public.
        let shown = &s.data.tiles[s.display[0] as usize].id;
        assert!(json.contains(shown.as_str()));
        assert!(v.picture.width == quipu::engine::PICTURE_WIDTH && !v.picture.shapes.is_empty());
    }
    assert_eq!(G.hidden_items(&s, None).len(), 32);
}

/// L643-663: choosing the volcano in an auction starts the scoring round at
/// once, with the chooser first; scoring turns leave the indicators alone;
/// afterwards the chooser places the volcano, acts, and turns his indicator down.
#[test]
fn auction_volcano_scoring_round() {
    let mut s = setup(3, &["auction=on"], 2);
    kit::show_hex(&mut s, 0, "V01");
    let v = tile(&s, "V01");
    add_members(&mut s, "A6", 1, 1, false); // blue controls the printed temple "1"
    play(&mut s, 0, "bid 2");
    play(&mut s, 1, "pass");
    play(&mut s, 2, "pass");
    assert_eq!((s.phase.clone(), s.people[0].score), (Phase::Choose, 18));
    play(&mut s, 0, "take V01");
    let order = s.scoring.as_ref().map(|r| r.order.clone());
    assert_eq!(order, Some(vec![0, 1, 2]));
    assert_eq!((s.phase.clone(), s.active, s.ap), (Phase::Act, 0, 10));
    play(&mut s, 0, "end");
    play(&mut s, 1, "end");
    play(&mut s, 2, "end");
    assert_eq!(
        s.people.iter().map(|p| p.score).collect::<Vec<_>>(),
        vec![18, 21, 20]
    );
    assert!(
        s.people.iter().all(|p| p.indicator_up),
        "scoring turns do not turn indicators (L655-657)"
    );
    assert_eq!((s.phase.clone(), s.active), (Phase::Place { tile: v }, 0));
    play(&mut s, 0, "place A5");
    play(&mut s, 0, "end");
    assert_eq!(
        s.people.iter().map(|p| p.indicator_up).collect::<Vec<_>>(),
        vec![false, true, true]
    );
    // The next auction opens with the winner's neighbour (L606).
    assert_eq!(G.to_act(&s), vec![Seat(1)]);
    G.invariants(&s).unwrap();
}

#[test]
fn contract_details_default_out_of_turn_and_garbage() {
    let mut s = setup(3, &["auction=on"], 2);
    assert_eq!(G.default_command(&s, Seat(0)), Some(Command::Pass));
    let before = s.clone();
    assert!(
        G.apply(&mut s, Seat(1), &Command::Pass).is_err(),
        "not blue's bid"
    );
    assert!(
        G.apply(&mut s, Seat(0), &Command::End).is_err(),
        "no turn to end during an auction"
    );
    for junk in [
        "",
        "💥",
        "place 99 -3",
        "bid -1",
        "take NOPE",
        "\u{0}",
        "move 300 workers A7 B6",
    ] {
        if let Ok(c) = G.parse(&s, Seat(0), junk) {
            assert!(G.apply(&mut s, Seat(0), &c).is_err(), "{junk}");
        }
    }
    assert_eq!(s, before);
    let mut b = setup(2, &[], 4);
    acting(&mut b, 0);
    assert_eq!(G.default_command(&b, Seat(0)), Some(Command::End));
    // Too many workers for the supply or the AP.
    refuse(&mut b, 0, "new 11 workers A7");
}

#[test]
fn another_tile_file_by_option_checked_at_load() {
    use quipu::games::tikal::data::DEFAULT_TILES;
    let dir = std::env::temp_dir();
    let good = dir.join(format!("tikal_tiles_ok_{}.txt", std::process::id()));
    std::fs::write(
        &good,
        DEFAULT_TILES.replace(
            "J10  G   jungle    0   0   0  1  1  0  1  0",
            "J10  G   jungle    0   0   0  0  3  0  0  0",
        ),
    )
    .unwrap();
    let opts = Options::parse_pairs(&[format!("tiles={}", good.display())]).unwrap();
    let s = G.setup(2, &opts, 1).unwrap();
    let j10 = s.data.tiles.iter().find(|t| t.id == "J10").unwrap();
    assert_eq!(j10.stones, [0, 0, 3, 0, 0, 0]);
    // The operator's file is never named to players.
    assert!(G
        .view(&s, None)
        .footer
        .iter()
        .all(|f| !f.en.contains(&good.display().to_string())));
    let bad = dir.join(format!("tikal_tiles_bad_{}.txt", std::process::id()));
    std::fs::write(
        &bad,
        DEFAULT_TILES.replace("X08  G   treasure  0   3", "X08  G   treasure  0   4"),
    )
    .unwrap();
    let opts = Options::parse_pairs(&[format!("tiles={}", bad.display())]).unwrap();
    let e = G.setup(2, &opts, 1).unwrap_err();
    assert!(e.to_string().contains("24 masks"), "{e}");
    let missing = Options::parse_pairs(&["tiles=/nonexistent/tikal.txt"]).unwrap();
    assert!(G.setup(2, &missing, 1).is_err());
    let _ = std::fs::remove_file(good);
    let _ = std::fs::remove_file(bad);
}

/// Drives the game with `end`, `pass` or the first legal command until `stop` holds.
fn drive_until(s: &mut State, stop: impl Fn(&State) -> bool) {
    while !stop(s) && !s.is_over() {
        let seat = G.to_act(s)[0].0;
        let legal = G.legal(s, Seat(seat));
        let c = legal
            .iter()
            .find(|c| **c == Command::End || **c == Command::Pass)
            .cloned()
            .unwrap_or_else(|| legal[0].clone());
        G.apply(s, Seat(seat), &c).unwrap();
    }
}

/// Spec 11 A21: round 2 opens with the neighbour of round 1's first speaker
/// (red -> blue), or with the option, of its first actual bidder (blue -> green).
#[test]
fn next_round_opener_and_its_option() {
    for (opts, want) in [
        (&["auction=on"][..], 1usize),
        (&["auction=on", "opener=bid"][..], 2),
    ] {
        let mut s = setup(3, opts, 2);
        play(&mut s, 0, "pass");
        play(&mut s, 1, "bid 1");
        play(&mut s, 2, "pass");
        assert_eq!(s.people[1].score, 19);
        drive_until(&mut s, |s| s.auction_rounds == 2 && s.phase == Phase::Bid);
        assert_eq!(G.to_act(&s), vec![Seat(want)], "{opts:?}");
    }
}

/// Spec 11 A15: a stone towards a volcano is no connection (members cannot
/// cross it); the option `volcano_link=yes` counts it.
#[test]
fn stones_towards_a_volcano_and_its_option() {
    for (opts, allowed) in [(&[][..], false), (&["volcano_link=yes"][..], true)] {
        let mut s = setup(2, opts, 4);
        put_hex(&mut s, "A5", "V01", 0);
        kit::holding_hex(&mut s, "J03");
        // A4 touches only the volcano at A5; r1 turns J03's 3 stones to the south edge.
        let legal = legal_texts(&s, 0);
        assert_eq!(
            legal.contains(&"place A4 r1".to_string()),
            allowed,
            "{opts:?}"
        );
        if !allowed {
            refuse(&mut s, 0, "place A4 r1");
        }
    }
}

/// A walk over several edges in one command: all steps or none.
#[test]
fn walking_several_edges_in_one_command() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    play(&mut s, 0, "new leader base");
    let c = G.parse(&s, Seat(0), "move leader A7 B6 B7").unwrap();
    assert_eq!(c.to_string(), "move leader A7 B6 B7");
    let ev = G.apply(&mut s, Seat(0), &c).unwrap();
    assert_eq!(ev.len(), 2);
    assert_eq!(
        (s.ap, spot(&s, "B7").leader[0]),
        (6, true),
        "2 AP (A7-B6) + 1 AP (B6-B7)"
    );
    // B7 -> A7 -> C4: the second step is no edge; nothing moves.
    refuse(&mut s, 0, "move leader B7 A7 C4");
    assert!(spot(&s, "B7").leader[0]);
}

/// The spec's combined forms (12.2): `new 3w L at base`, `move 2w L base B6 B7`.
#[test]
fn leader_and_workers_together() {
    let mut s = setup(2, &[], 4);
    acting(&mut s, 0);
    let c = G.parse(&s, Seat(0), "new 3w L at base").unwrap();
    assert_eq!(c.to_string(), "new leader and 3 workers A7");
    assert_eq!(G.parse(&s, Seat(0), &c.to_string()).unwrap(), c);
    G.apply(&mut s, Seat(0), &c).unwrap();
    assert_eq!(
        (s.ap, s.people[0].workers_supply, s.people[0].leader),
        (6, 15, LeaderAt::Board)
    );
    // Leader and 2 workers: 3 members x 2 AP to B6 = 6 AP.
    play(&mut s, 0, "move 2w L base B6");
    assert_eq!(
        (s.ap, spot(&s, "B6").workers[0], spot(&s, "B6").leader[0]),
        (0, 2, true)
    );
    acting(&mut s, 0);
    play(&mut s, 0, "move leader and worker B6 B7 A7");
    assert_eq!(
        (s.ap, spot(&s, "A7").workers[0], spot(&s, "A7").leader[0]),
        (4, 2, true),
        "2x1 + 2x2 AP"
    );
    G.invariants(&s).unwrap();
}
