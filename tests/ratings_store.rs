//! Ratings kept in the store (`Store::record_finish`, `Store::rebuild_ratings`):
//! a rated game's result updates its pool in the same step, `--rebuild`
//! derives exactly the same numbers from the results over hundreds of random
//! games, a seat that left ranks last, unrated and pre-013 games never count,
//! and public names are unique by their look-alike skeleton.

use quipu::public_name::PublicName;
use quipu::rating::{Finish, Pool, RatedGame, Rating, Ratings, SizeClass};
use quipu::store::{FinalResult, GameStatus, NewGame, SeatResult, Store};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn db(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("quipu-ratings-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.join("quipu.db")
}

fn new_game(s: &Store, game: &str, rated: bool) -> i64 {
    let id = s
        .create_game(&NewGame {
            game: game.to_string(),
            seed: 1,
            options: "{}".to_string(),
            clock: "{}".to_string(),
            status: GameStatus::Active,
            created_by: None,
            created_at: "2026-12-01T00:00:00Z".to_string(),
        })
        .unwrap();
    s.set_game_rated(id, rated).unwrap();
    id
}

fn finish(s: &Store, id: i64, seats: &[(&str, Finish)], day: u32) -> bool {
    let result = FinalResult {
        game_id: id,
        seats: seats
            .iter()
            .enumerate()
            .map(|(i, (p, f))| SeatResult {
                seat: i,
                email: p.to_string(),
                finish: *f,
                score: Some(10.0 * i as f64),
            })
            .collect(),
        finished_at: format!("2026-12-{:02}T12:00:00Z", day.clamp(1, 28)),
    };
    s.in_transaction(|s| s.record_finish(&result)).unwrap()
}

fn pool(game: &str, class: SizeClass) -> Pool {
    Pool {
        game: game.to_string(),
        class,
    }
}

/// A small deterministic generator so the random games are the same on every run.
struct Draw(u64);
impl Draw {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

type Snapshot = (BTreeMap<(Pool, String), Rating>, Vec<(String, i64, Rating)>);

fn snapshot(s: &Store, players: &[String]) -> Snapshot {
    let mut ratings = BTreeMap::new();
    for game in ["tzolkin", "tikal", "cuzco"] {
        for p in s.rating_pools(game).unwrap() {
            for row in s.pool_ratings(&p).unwrap() {
                ratings.insert((p.clone(), row.email.clone()), row.rating);
            }
        }
    }
    let mut history = Vec::new();
    for p in players {
        for step in s.rating_history(p).unwrap() {
            history.push((p.clone(), step.game_id, step.rating));
        }
    }
    (ratings, history)
}

#[test]
fn rebuild_gives_exactly_the_incremental_numbers_over_random_games() {
    let s = Store::open(&db("rebuild")).unwrap();
    let players: Vec<String> = (0..14).map(|i| format!("p{i}@x.test")).collect();
    let mut draw = Draw(0x9E37_79B9_7F4A_7C15);
    let mut counted = Vec::new();
    for n in 0..300u32 {
        let game = ["tzolkin", "tikal", "cuzco"][draw.below(3) as usize];
        let size = 2 + draw.below(3) as usize;
        let rated = draw.below(5) != 0;
        let mut seated: Vec<&str> = Vec::new();
        while seated.len() < size {
            let p = players[draw.below(players.len() as u64) as usize].as_str();
            if !seated.contains(&p) {
                seated.push(p);
            }
        }
        let mut places: Vec<usize> = (1..=size).collect();
        for i in (1..size).rev() {
            places.swap(i, draw.below(i as u64 + 1) as usize);
        }
        let seats: Vec<(&str, Finish)> = seated
            .iter()
            .zip(&places)
            .map(|(p, &r)| {
                let finish = match draw.below(8) {
                    0 => Finish::Left,
                    1 => Finish::Ranked(1), // a tie for first
                    _ => Finish::Ranked(r),
                };
                (*p, finish)
            })
            .collect();
        let id = new_game(&s, game, rated);
        let changed = finish(&s, id, &seats, 1 + n / 11);
        assert_eq!(changed, rated, "game {n}: only rated games change ratings");
        if rated {
            counted.push(RatedGame {
                pool: pool(game, SizeClass::of(size).unwrap()),
                seats: seats.iter().map(|(p, f)| (p.to_string(), *f)).collect(),
            });
        }
    }
    let incremental = snapshot(&s, &players);
    assert!(counted.len() > 200, "{} rated games", counted.len());
    assert_eq!(
        incremental.1.len(),
        counted.iter().map(|g| g.seats.len()).sum::<usize>()
    );

    assert_eq!(s.rebuild_ratings().unwrap(), counted.len());
    let rebuilt = snapshot(&s, &players);
    assert_eq!(
        rebuilt, incremental,
        "rebuild differs from the incremental numbers"
    );

    // And both are the ratings of the games in the order they finished.
    let by_hand = Ratings::rebuild(&counted);
    for ((p, email), r) in &incremental.0 {
        assert_eq!(by_hand.of(p, email), *r, "{email} in {p:?}");
    }
    // Mixed pools really were kept apart: at least 6 of them hold players.
    let pools: std::collections::BTreeSet<&Pool> = incremental.0.keys().map(|(p, _)| p).collect();
    assert_eq!(pools.len(), 6);
}

#[test]
fn a_seat_that_resigned_ranks_last() {
    let s = Store::open(&db("resign")).unwrap();
    let left = new_game(&s, "tikal", true);
    assert!(finish(
        &s,
        left,
        &[
            ("quitter@x.test", Finish::Left),
            ("winner@x.test", Finish::Ranked(1)),
            ("second@x.test", Finish::Ranked(2)),
        ],
        1,
    ));
    let p = pool("tikal", SizeClass::ThreeOrFour);
    let get = |e: &str| s.rating(&p, e).unwrap().expect("rated");
    let (q, w, sec) = (
        get("quitter@x.test"),
        get("winner@x.test"),
        get("second@x.test"),
    );
    assert!(q.mu < sec.mu && sec.mu < w.mu, "{q:?} {sec:?} {w:?}");
    assert!(q.mu < 25.0 && w.mu > 25.0);
    assert_eq!((q.games, w.games, sec.games), (1, 1, 1));
    assert!(q.provisional());

    // Leaving counts exactly as finishing third of three.
    let mut third = Ratings::<String>::default();
    third.record(&RatedGame {
        pool: p.clone(),
        seats: vec![
            ("q".into(), Finish::Ranked(3)),
            ("w".into(), Finish::Ranked(1)),
            ("s".into(), Finish::Ranked(2)),
        ],
    });
    assert_eq!(third.of(&p, &"q".to_string()), q);

    let results = s.results(left).unwrap();
    assert_eq!(results[0].finish, Finish::Left);
    assert_eq!(results[2].score, Some(20.0));
    assert_eq!(s.results_of("Winner@X.test").unwrap()[0].0, left);
}

#[test]
fn unrated_games_and_games_from_before_013_count_for_nothing() {
    let path = db("unrated");
    let s = Store::open(&path).unwrap();
    let old = s
        .create_game(&NewGame {
            game: "tzolkin".into(),
            seed: 3,
            options: "{}".into(),
            clock: "{}".into(),
            status: GameStatus::Active,
            created_by: None,
            created_at: "2026-11-01T00:00:00Z".into(),
        })
        .unwrap();
    assert!(
        !s.game_rated(old).unwrap(),
        "a game is unrated unless made rated"
    );
    assert!(!finish(
        &s,
        old,
        &[
            ("a@x.test", Finish::Ranked(1)),
            ("b@x.test", Finish::Ranked(2))
        ],
        2
    ));
    assert_eq!(s.results(old).unwrap().len(), 2);
    assert!(s.rating_pools("tzolkin").unwrap().is_empty());
    // A rated game naming a player twice is not rated either.
    let twice = new_game(&s, "tzolkin", true);
    assert!(!finish(
        &s,
        twice,
        &[
            ("a@x.test", Finish::Ranked(1)),
            ("a@x.test", Finish::Ranked(2))
        ],
        3
    ));
    assert_eq!(s.rebuild_ratings().unwrap(), 0);
    // A game finishes once: a second record is refused and changes nothing.
    let again = FinalResult {
        game_id: old,
        seats: vec![],
        finished_at: "2026-12-05T00:00:00Z".into(),
    };
    assert!(s.in_transaction(|s| s.record_finish(&again)).is_err());
    assert_eq!(s.results(old).unwrap().len(), 2);
}

#[test]
fn standings_show_public_names_and_look_alikes_are_refused() {
    let s = Store::open(&db("names")).unwrap();
    let at = "2026-12-01T00:00:00Z";
    let minsu = PublicName::parse("Minsu").unwrap();
    assert_eq!(s.set_public_name("m@x.test", &minsu, at).unwrap(), Ok(()));
    let look_alike = PublicName::parse("M1nsu").unwrap();
    let taken = s
        .set_public_name("other@x.test", &look_alike, at)
        .unwrap()
        .unwrap_err();
    assert_eq!(taken.held, "Minsu");
    assert!(s.public_name("other@x.test").unwrap().is_none());
    // The holder may re-spell their own name.
    assert_eq!(
        s.set_public_name("M@x.test", &look_alike, at).unwrap(),
        Ok(())
    );
    assert_eq!(s.public_name("m@x.test").unwrap(), Some(look_alike.clone()));
    let korean = PublicName::parse("민수").unwrap();
    assert_eq!(s.set_public_name("k@x.test", &korean, at).unwrap(), Ok(()));

    let g = new_game(&s, "cuzco", true);
    finish(
        &s,
        g,
        &[
            ("k@x.test", Finish::Ranked(1)),
            ("m@x.test", Finish::Ranked(2)),
            ("n@x.test", Finish::Ranked(3)),
        ],
        4,
    );
    let rows = s
        .pool_ratings(&pool("cuzco", SizeClass::ThreeOrFour))
        .unwrap();
    let names: Vec<Option<String>> = rows
        .iter()
        .map(|r| r.name.as_ref().map(|n| n.to_string()))
        .collect();
    assert_eq!(names, vec![Some("민수".into()), Some("M1nsu".into()), None]);
    assert!(rows[0].rating.shown() > rows[1].rating.shown());
}
