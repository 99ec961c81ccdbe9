//! A tiny game for testing the engine's own machinery (the conformance
//! suite, the erased table): each seat holds a secret card and, in turn, adds
//! 1 or 2 to a running total; whoever reaches 10 wins. Not a registered game.

use super::*;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Default)]
pub struct Race {
    /// Deliberately broken variants, to prove the suite catches them.
    pub leak_hand: bool,
    pub ignore_turn: bool,
    /// The mover draws a new secret card and no event says so.
    pub reveal_silently: bool,
    /// The next seat is told the mover's secret card.
    pub leak_in_event: bool,
    /// A later version of the rules: "add 2" is refused on an odd total.
    pub version_2: bool,
    /// `is_legal` accepts every command, whatever the legal list says.
    pub lax_is_legal: bool,
    /// `apply_legal` changes the state, then meets an impossible state.
    pub broken_apply: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub total: u32,
    pub turn: usize,
    pub players: usize,
    pub hands: Vec<u32>,
    pub winner: Option<usize>,
    pub rng: Rng,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Add(pub u32);

impl fmt::Display for Add {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "add {}", self.0)
    }
}

impl Game for Race {
    type State = State;
    type Command = Add;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "race",
            title: "Race to ten",
            min_players: 2,
            max_players: 4,
            options: vec![],
            variants: vec![],
        }
    }

    fn setup(&self, players: usize, _: &Options, seed: u64) -> Result<State, SetupError> {
        let mut rng = Rng::new(seed);
        let hands = (0..players)
            .map(|_| 1000 + rng.below(9000) as u32)
            .collect();
        Ok(State {
            total: 0,
            turn: 0,
            players,
            hands,
            winner: None,
            rng,
        })
    }

    fn to_act(&self, s: &State) -> Vec<Seat> {
        if s.winner.is_some() {
            vec![]
        } else {
            vec![Seat(s.turn)]
        }
    }

    fn legal(&self, s: &State, seat: Seat) -> Vec<Add> {
        if self.version_2 && s.total % 2 == 1 && self.to_act(s).contains(&seat) {
            vec![Add(1)]
        } else if self.to_act(s).contains(&seat) {
            vec![Add(1), Add(2)]
        } else {
            vec![]
        }
    }

    fn parse(&self, s: &State, seat: Seat, text: &str) -> Result<Add, ParseError> {
        let all = [Add(1), Add(2)];
        let _ = self.legal(s, seat);
        parse::read(
            text,
            &parse::Vocabulary::NONE,
            |_| parse::Canonical::Other,
            || all.to_vec(),
        )
    }

    fn apply(&self, s: &mut State, seat: Seat, c: &Add) -> Result<Vec<Event>, RuleError> {
        if !self.ignore_turn && seat.0 != s.turn {
            return Err(RuleError::new("not your turn", "차례가 아닙니다"));
        }
        if !self.legal(s, seat).contains(c) && !self.ignore_turn {
            return Err(RuleError::new("not allowed now", "지금은 안 됩니다"));
        }
        s.total += c.0;
        if s.total >= 10 {
            s.winner = Some(seat.0);
        }
        let mut events = vec![Event::public(Text::same(format!("{seat} adds {}", c.0)))];
        if self.reveal_silently {
            s.hands[seat.0] = 1000 + s.rng.below(9000) as u32;
        }
        let next = (s.turn + 1) % s.players;
        if self.leak_in_event {
            let card = s.hands[seat.0];
            events.push(Event::private(
                Seat(next),
                Text::same(format!("{seat} holds card {card}")),
            ));
        }
        s.turn = next;
        Ok(events)
    }

    fn is_legal(&self, s: &State, seat: Seat, c: &Add) -> bool {
        self.lax_is_legal || self.legal(s, seat).contains(c)
    }

    fn apply_legal(
        &self,
        s: &mut State,
        seat: Seat,
        c: &Add,
        events: &mut Vec<Event>,
    ) -> Result<(), InternalError> {
        if self.broken_apply {
            s.total += c.0;
            return Err(InternalError::new("the total went past the table"));
        }
        let done = self
            .apply(s, seat, c)
            .map_err(|e| InternalError::new(e.to_string()))?;
        events.extend(done);
        Ok(())
    }

    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        let mut v = View {
            seat,
            headline: Text::same(format!("total {}", s.total)),
            ..View::default()
        };
        for (i, h) in s.hands.iter().enumerate() {
            if Some(Seat(i)) == seat || self.leak_hand {
                v.private.push(Section::lines(
                    Text::same("hand"),
                    vec![Text::same(format!("card {h}"))],
                ));
            }
        }
        v
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        let w = s.winner?;
        let scores = (0..s.players)
            .map(|i| if i == w { 1.0 } else { 0.0 })
            .collect();
        Some(Outcome::ranked(scores, vec![], Text::same("done")))
    }

    fn hidden_items(&self, s: &State, viewer: Option<Seat>) -> Vec<String> {
        (0..s.players)
            .filter(|&i| Some(Seat(i)) != viewer)
            .map(|i| format!("card {}", s.hands[i]))
            .collect()
    }

    fn invariants(&self, s: &State) -> Result<(), String> {
        if s.total > 11 {
            return Err(format!("total {} overshoots", s.total));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::conformance::{run, Depth};
    use std::sync::Arc;

    fn maker(game: Race) -> impl Fn(u64) -> Result<Box<dyn Table>, SetupError> {
        let game = Arc::new(game);
        move |seed| {
            let state = game.setup(3, &Options::default(), seed)?;
            Ok(Box::new(Typed::new(game.clone(), state, 3)) as Box<dyn Table>)
        }
    }

    #[test]
    fn a_correct_game_passes() {
        let r = run(&maker(Race::default()), 0..20, &Depth::default()).unwrap();
        assert_eq!(r.games, 20);
        assert!(r.moves >= 20 * 5, "{r:?}");
    }

    #[test]
    fn a_leaking_game_fails() {
        let e = run(
            &maker(Race {
                leak_hand: true,
                ..Race::default()
            }),
            0..1,
            &Depth::default(),
        )
        .unwrap_err();
        assert!(e.contains("hidden item"), "{e}");
    }

    #[test]
    fn the_erased_table_refuses_out_of_turn_and_garbage() {
        let make = maker(Race {
            ignore_turn: true,
            ..Race::default()
        });
        let mut t = make(1).unwrap();
        assert!(matches!(
            t.play(Seat(1), "add 1"),
            Err(PlayError::NotYourTurn(_))
        ));
        assert!(t.play(Seat(0), "add 7").is_err());
        let d = t.digest();
        assert!(t.play(Seat(0), "").is_err());
        assert_eq!(t.digest(), d);
        assert_eq!(t.play(Seat(0), "a 2").unwrap().command, "add 2");
        assert_ne!(t.digest(), d);
    }

    #[test]
    fn a_game_that_reveals_without_saying_fails_and_its_moves_are_marked_anyway() {
        let broken = Race {
            reveal_silently: true,
            ..Race::default()
        };
        let e = run(&maker(broken), 0..1, &Depth::default()).unwrap_err();
        assert!(e.contains("none of its events says it reveals"), "{e}");
        let mut t = maker(Race {
            reveal_silently: true,
            ..Race::default()
        })(3)
        .unwrap();
        let played = t.play(Seat(0), "add 1").unwrap();
        assert!(played.reveals && !played.said_reveals);
        assert!(played.events.iter().all(|e| e.reveals));
        let mut honest = maker(Race::default())(3).unwrap();
        let played = honest.play(Seat(0), "add 1").unwrap();
        assert!(!played.reveals);
        assert!(played.events.iter().all(|e| !e.reveals));
    }

    #[test]
    fn an_is_legal_that_disagrees_with_the_legal_list_fails() {
        let lax = Race {
            lax_is_legal: true,
            version_2: true,
            ..Race::default()
        };
        let e = run(&maker(lax), 0..3, &Depth::default()).unwrap_err();
        assert!(e.contains("is_legal says true for 'add"), "{e}");
        // The honest game's one check refuses it, in the game's own words.
        let mut t = maker(Race {
            version_2: true,
            ..Race::default()
        })(9)
        .unwrap();
        t.play(Seat(0), "add 1").unwrap();
        assert!(matches!(t.play(Seat(1), "add 2"), Err(PlayError::Rule(_))));
    }

    #[test]
    fn an_impossible_state_is_an_internal_error_and_changes_nothing() {
        let mut t = maker(Race {
            broken_apply: true,
            ..Race::default()
        })(4)
        .unwrap();
        let before = t.digest().unwrap();
        assert!(matches!(
            t.play(Seat(0), "add 1"),
            Err(PlayError::Internal(_))
        ));
        assert_eq!(t.digest().unwrap(), before);
        let mut rng = Rng::new(1);
        assert!(t.play_random(&mut rng).is_none());
        assert_eq!(t.digest().unwrap(), before);
    }

    #[test]
    fn the_lean_path_plays_the_same_game_as_the_service_path() {
        let make = maker(Race::default());
        let (mut service, mut lean) = (make(6).unwrap(), make(6).unwrap());
        let (mut a, mut b) = (Rng::new(2), Rng::new(2));
        while service.outcome().is_none() {
            let (seat, _) = service.play_random(&mut a).unwrap();
            assert_eq!(lean.play_random_quiet(&mut b), Some(seat));
        }
        assert_eq!(lean.digest().unwrap(), service.digest().unwrap());
        assert!(lean.outcome().is_some());
    }

    #[test]
    fn an_event_telling_a_seat_another_seats_card_fails() {
        let broken = Race {
            leak_in_event: true,
            ..Race::default()
        };
        let e = run(&maker(broken), 0..1, &Depth::default()).unwrap_err();
        assert!(e.contains("carries hidden item"), "{e}");
    }

    #[test]
    fn stored_commands_replay_only_in_their_exact_canonical_form() {
        let mut t = maker(Race::default())(5).unwrap();
        assert!(matches!(
            t.play_exact(Seat(0), "a 2"),
            Err(PlayError::NotCanonical(_))
        ));
        assert!(matches!(
            t.play_exact(Seat(0), "ADD 2"),
            Err(PlayError::NotCanonical(_))
        ));
        assert_eq!(t.play_exact(Seat(0), "add 2").unwrap().command, "add 2");
    }

    #[test]
    fn a_stored_game_goes_on_under_changed_rules_that_no_longer_replay_it() {
        // Played under version 1: "add 2" on an odd total, which version 2 refuses.
        let mut old = maker(Race::default())(9).unwrap();
        let moves = [(0, "add 1"), (1, "add 2"), (2, "add 2")];
        for (seat, cmd) in moves {
            old.play(Seat(seat), cmd).unwrap();
        }
        let stored = old.snapshot().unwrap();
        let new_rules = maker(Race {
            version_2: true,
            ..Race::default()
        });
        // The stored state loads under the new rules and play goes on by them.
        let mut current = new_rules(9).unwrap().restore(&stored.state).unwrap();
        assert_eq!(current.digest().unwrap(), stored.digest);
        assert_eq!(current.legal(Seat(0)), vec!["add 1"]);
        current.play(Seat(0), "add 1").unwrap();
        assert_eq!(current.view(None).headline.en, "total 6");
        // Its recorded commands no longer replay under the new rules.
        let mut replay = new_rules(9).unwrap();
        let refused = moves
            .iter()
            .map(|(seat, cmd)| replay.play_exact(Seat(*seat), cmd))
            .find_map(Result::err);
        assert_eq!(refused, Some(PlayError::NotCanonical("add 2".into())));
    }

    #[test]
    fn digests_are_sha256_of_the_stored_form() {
        let t = maker(Race::default())(1).unwrap();
        let s = t.snapshot().unwrap();
        assert_eq!(s.digest.len(), 64);
        assert!(s
            .state
            .starts_with(r#"{"total":0,"turn":0,"players":3,"hands":["#));
        assert_eq!(t.digest().unwrap(), s.digest);
    }
}
