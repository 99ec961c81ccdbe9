//! Through the Ages, the advanced and full games: the military events of
//! Ages I and II that need a choice of the seats they touch (seed
//! 004_9680d37650e49187.txt L2113-2136; each card's text).

use quipu::engine::{Game, Seat};
use quipu::games::tta::apply::event;
use quipu::games::tta::state::{Mode, Phase, State};
use quipu::games::tta::testkit::{
    current_events, food, later_round_in, legal_texts, play, put_blue, put_workers, refused,
    resources,
};
use quipu::games::tta::ThroughTheAges as TheGame;

/// Reveals this event as the top current event.
fn reveal(s: &mut State, id: &str) -> Vec<String> {
    current_events(s, &[id]);
    let mut out = Vec::new();
    event::reveal_event(s, &mut out);
    out.into_iter().map(|e| e.text.en).collect()
}

fn invariants(s: &State) {
    TheGame
        .invariants(s)
        .unwrap_or_else(|e| panic!("invariant: {e}"));
}

fn to_act(s: &State) -> Vec<usize> {
    TheGame.to_act(s).into_iter().map(|Seat(x)| x).collect()
}

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
