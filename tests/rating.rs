//! Ratings (`quipu::rating`): the Weng-Lin update checked against numbers
//! worked out by hand from the published formulas, and the rules around it
//! (provisional ratings, a seat that left ranks last, pools kept apart).

use quipu::rating::{Finish, Pool, RatedGame, Rating, Ratings, SizeClass};

fn pool(game: &str, players: usize) -> Pool {
    Pool {
        game: game.to_string(),
        class: SizeClass::of(players).expect("a rated size"),
    }
}

fn game(name: &str, seats: &[(&str, Finish)]) -> RatedGame<String> {
    RatedGame {
        pool: pool(name, seats.len()),
        seats: seats.iter().map(|(p, f)| (p.to_string(), *f)).collect(),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Three players with given ratings: b wins, a second, c third. The expected
/// values follow Weng & Lin (2011), Algorithm 1 (Bradley-Terry, full pairing),
/// beta = 25/6, kappa = 1e-6, worked out apart from the crate:
///   c_iq = sqrt(s_i^2 + s_q^2 + 2 beta^2),  p_iq = e^(m_i/c) / (e^(m_i/c) + e^(m_q/c)),
///   m_i' = m_i + sum_q s_i^2 / c_iq (S_iq - p_iq),
///   s_i' = s_i sqrt(max(1 - sum_q (s_i / c_iq) s_i^2 / c_iq^2 p_iq p_qi, kappa)).
#[test]
fn a_three_player_update_matches_the_published_formulas() {
    let start = [("a", 30.0, 6.0), ("b", 25.0, 25.0 / 3.0), ("c", 20.0, 4.0)];
    let mut ratings = Ratings::<String>::default();
    let seeded = seed(&mut ratings, &start);
    let g = RatedGame {
        pool: seeded.clone(),
        seats: vec![
            ("a".to_string(), Finish::Ranked(2)),
            ("b".to_string(), Finish::Ranked(1)),
            ("c".to_string(), Finish::Ranked(3)),
        ],
    };
    ratings.record(&g);
    let expected = [
        ("a", 29.147789677166678, 5.749052478635614),
        ("b", 31.000461205893142, 7.510559420121273),
        ("c", 18.996253881643696, 3.9464855532324847),
    ];
    for (p, mu, sigma) in expected {
        let r = ratings.of(&seeded, &p.to_string());
        assert!(close(r.mu, mu), "{p}: mu {} not {mu}", r.mu);
        assert!(close(r.sigma, sigma), "{p}: sigma {} not {sigma}", r.sigma);
    }
}

/// The hand-worked case's starting ratings, set directly.
fn seed(ratings: &mut Ratings<String>, start: &[(&str, f64, f64)]) -> Pool {
    let p = pool("tikal", 3);
    for (name, mu, sigma) in start {
        ratings.set(
            &p,
            name.to_string(),
            Rating {
                mu: *mu,
                sigma: *sigma,
                games: 0,
            },
        );
    }
    p
}

#[test]
fn a_new_player_shows_1000_and_is_provisional_for_five_games() {
    let mut ratings = Ratings::<String>::default();
    let p = pool("tzolkin", 2);
    assert_eq!(ratings.of(&p, &"x".to_string()).shown(), 1000);
    for n in 1..=5 {
        ratings.record(&game(
            "tzolkin",
            &[("x", Finish::Ranked(1)), ("y", Finish::Ranked(2))],
        ));
        let x = ratings.of(&p, &"x".to_string());
        assert_eq!(x.games, n);
        assert_eq!(x.provisional(), n < 5, "after {n} games");
    }
    let (x, y) = (
        ratings.of(&p, &"x".to_string()),
        ratings.of(&p, &"y".to_string()),
    );
    assert!(x.mu > 25.0 && y.mu < 25.0, "the winner rises: {x:?} {y:?}");
    assert!(
        x.shown() > 1000,
        "five wins raise the shown number: {}",
        x.shown()
    );
    assert_eq!(
        ratings
            .standings(&p)
            .iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>(),
        ["x", "y"]
    );
}

#[test]
fn a_seat_that_left_ranks_below_every_seat_that_played_on() {
    // b had the best score when it resigned; it still ranks last.
    let left = game(
        "tikal",
        &[
            ("a", Finish::Ranked(2)),
            ("b", Finish::Left),
            ("c", Finish::Ranked(3)),
        ],
    );
    let played = game(
        "tikal",
        &[
            ("a", Finish::Ranked(1)),
            ("b", Finish::Ranked(3)),
            ("c", Finish::Ranked(2)),
        ],
    );
    let p = pool("tikal", 3);
    let one = Ratings::rebuild([&left]);
    let two = Ratings::rebuild([&played]);
    for name in ["a", "b", "c"] {
        let (x, y) = (one.of(&p, &name.to_string()), two.of(&p, &name.to_string()));
        assert!(close(x.mu, y.mu), "{name}: {} vs {}", x.mu, y.mu);
    }
    assert!(one.of(&p, &"b".to_string()).mu < 25.0);
}

#[test]
fn equal_ranks_are_a_tie_and_pools_are_kept_apart() {
    let tie = game(
        "cuzco",
        &[("a", Finish::Ranked(1)), ("b", Finish::Ranked(1))],
    );
    let ratings = Ratings::rebuild([&tie]);
    let p = pool("cuzco", 2);
    let (a, b) = (
        ratings.of(&p, &"a".to_string()),
        ratings.of(&p, &"b".to_string()),
    );
    assert!(close(a.mu, 25.0) && close(b.mu, 25.0), "{a:?} {b:?}");
    assert!(a.sigma < 25.0 / 3.0, "a tie still teaches something");
    // The same players in a four-player Cuzco game and in Tikal: untouched.
    assert_eq!(ratings.of(&pool("cuzco", 4), &"a".to_string()).games, 0);
    assert_eq!(ratings.of(&pool("tikal", 2), &"a".to_string()).games, 0);
    assert_eq!(SizeClass::of(1), None);
    assert_eq!(SizeClass::of(5), None);
}

#[test]
fn a_game_that_names_a_player_twice_changes_nothing() {
    let bad = game(
        "tikal",
        &[("a", Finish::Ranked(1)), ("a", Finish::Ranked(2))],
    );
    let ratings = Ratings::rebuild([&bad]);
    assert_eq!(ratings.of(&pool("tikal", 2), &"a".to_string()).games, 0);
    assert_eq!(ratings.pools().count(), 0);
}

#[test]
fn the_order_of_games_matters_and_rebuilding_follows_it() {
    let g1 = game("tta", &[("a", Finish::Ranked(1)), ("b", Finish::Ranked(2))]);
    let g2 = game("tta", &[("a", Finish::Ranked(2)), ("b", Finish::Ranked(1))]);
    let mut stepwise = Ratings::default();
    for g in [&g1, &g2, &g1] {
        stepwise.record(g);
    }
    assert_eq!(stepwise, Ratings::rebuild([&g1, &g2, &g1]));
    assert_ne!(stepwise, Ratings::rebuild([&g2, &g1, &g1]));
}
