//! Hexet played: the bots' roads are legal by the game's own check and by
//! the map read from the result, a game ends, its scores and the rounds
//! types were joined are what replaying its roads gives, a series is the
//! same on any number of threads, and the report's statistics match a
//! computation of their own on a tiny case.

use std::collections::BTreeSet;

use boardwright::Seed;
use boardwright::hexet::play::{Outcome, Report, Series};
use boardwright::hexet::{Game, Hex, Params, RoadType, Terrain};

use super::Layout;

/// The cities of `city_type` all in `player`'s network that reaches the tower.
fn type_joined(game: &Game, player: u32, city_type: u32) -> bool {
    let board = game.board();
    board.networks.iter().any(|n| {
        n.player == player
            && n.tower
            && board
                .cities
                .iter()
                .filter(|c| c.city_type == city_type)
                .all(|c| n.cities.contains(&c.id))
    })
}

#[test]
fn greedy_roads_are_legal_games_end_and_outcomes_are_what_the_roads_give() {
    for (k, players) in [(0, 2), (1, 3), (2, 4), (3, 1)] {
        let params = Params {
            players,
            ..Params::default()
        };
        let seed = format!("play-legal-{k}");
        let start = Game::new(&params, &Seed::new(&seed)).unwrap();
        let layout = Layout::of(&start.map_board());
        let series = Series {
            games: 3,
            ..Default::default()
        };
        for g in 0..series.games {
            let (roads, outcome) = series.replay(&start, g).unwrap();
            let mut game = start.clone();
            let mut joined = vec![vec![None; params.city_types as usize]; players as usize];
            let mut cells: Vec<BTreeSet<Hex>> = vec![BTreeSet::from([start.map_board().tower]); players as usize];
            let mut turns = vec![0u32; players as usize];
            for (i, road) in roads.iter().enumerate() {
                let at = format!("seed {seed}, game {g}, road {i}: {road:?}");
                let p = road.player as usize;
                turns[p] += 1;
                // Read from the map: no lake at either end, a bridge exactly
                // where a river lies between, and (greedy) out of the cells
                // the player's roads have joined to the tower.
                let side = (0..6).find(|&s| layout.neighbour(road.from, s) == Some(road.to));
                let side = side.unwrap_or_else(|| panic!("{at}: not neighbours"));
                assert!(
                    layout.terrain(road.from) != Terrain::Lake && layout.terrain(road.to) != Terrain::Lake,
                    "{at}"
                );
                assert_eq!(road.road_type == RoadType::Bridge, layout.river(road.from, side), "{at}");
                assert!(cells[p].contains(&road.from) && !cells[p].contains(&road.to), "{at}");
                cells[p].insert(road.to);
                // And by the game's own check.
                game.apply(road).unwrap_or_else(|e| panic!("{at}: refused: {e}"));
                for (t, at) in joined[p].iter_mut().enumerate() {
                    if at.is_none() && type_joined(&game, road.player, t as u32) {
                        *at = Some(turns[p]);
                    }
                }
            }
            let scores: Vec<u32> = game.scores().iter().map(|s| s.score).collect();
            assert_eq!(outcome.scores, scores, "seed {seed}, game {g}");
            assert_eq!(outcome.joined, joined, "seed {seed}, game {g}");
            // The game ends with the round in which a seat has joined every
            // city: every seat has placed as many roads, the round played out.
            assert!(
                turns.iter().all(|&t| t == outcome.rounds),
                "seed {seed}, game {g}: {turns:?} {}",
                outcome.rounds
            );
            assert!(
                joined.iter().any(|j| j.iter().all(Option::is_some)),
                "seed {seed}, game {g}: {joined:?}"
            );
            let most = joined.iter().flatten().flatten().max().copied();
            assert_eq!(most, Some(outcome.rounds), "seed {seed}, game {g}");
        }
    }
}

#[test]
fn a_series_is_the_same_on_any_number_of_threads() {
    let game = Game::new(&Params::default(), &Seed::new("Tiamo")).unwrap();
    let series = Series {
        games: 40,
        ..Default::default()
    };
    let on = |threads: usize| crate::on_threads(threads, || series.play(&game).unwrap());
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one.games, 40);
    assert_eq!(one.seats.iter().map(|s| s.rate.wins).sum::<u32>() + one.draws, 40);
    // The games differ: not every game is the first one again.
    let first = series.replay(&game, 0).unwrap();
    assert!((1..40).any(|g| series.replay(&game, g).unwrap().0 != first.0));
}

#[test]
fn bad_series_are_refused_in_words() {
    let game = Game::new(&Params::default(), &Seed::new("Tiamo")).unwrap();
    let refused = |series: Series| series.play(&game).unwrap_err().to_string();
    let none = refused(Series {
        games: 0,
        ..Default::default()
    });
    assert!(none.contains("games: 0") && none.contains("from 1"), "{none}");
    let who = refused(Series {
        bot: "clever".to_string(),
        ..Default::default()
    });
    assert!(who.contains("\"clever\"") && who.contains("greedy"), "{who}");
    let past = Series::default().replay(&game, 1000).unwrap_err().to_string();
    assert!(past.contains("game 1000") && past.contains("0 to 999"), "{past}");
    let large = Params {
        width: 600,
        height: 600,
        fair_city_types: false,
        ..Params::default()
    };
    let large = Game::new(&large, &Seed::new("large")).unwrap();
    let big = Series::default().play(&large).unwrap_err().to_string();
    assert!(big.contains("too large to play") && big.contains("360000 cells"), "{big}");
}

/// Two seats, three games: seat 1 scores 10, 12, 14 and seat 2 scores 10,
/// 20, 9; type 0 joined by seat 1 in rounds 4 and 6 and by seat 2 in round 8.
fn tiny() -> Vec<Outcome> {
    let outcome = |scores: [u32; 2], joined: [[Option<u32>; 2]; 2], rounds| Outcome {
        scores: scores.to_vec(),
        rounds,
        joined: joined.iter().map(|j| j.to_vec()).collect(),
    };
    vec![
        outcome([10, 10], [[Some(4), None], [None, None]], 9),
        outcome([12, 20], [[None, None], [Some(8), Some(9)]], 9),
        outcome([14, 9], [[Some(6), None], [None, None]], 11),
    ]
}

#[test]
fn the_report_of_a_tiny_series_matches_a_computation_by_hand() {
    let report = Report::new(&tiny(), "greedy", &[Some(5), None]);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    // Seat 1: mean 12, standard deviation 2, so 12 ± 1.959964 × 2 / √3.
    let s1 = &report.seats[0];
    assert!(close(s1.score.mean, 12.0), "{s1:?}");
    let half = 1.959_963_984_540_054 * 2.0 / 3f64.sqrt();
    assert!(
        close(s1.score.interval[0], 12.0 - half) && close(s1.score.interval[1], 12.0 + half),
        "{s1:?}"
    );
    // Seat 2: mean 13, deviations −3, 7, −4: variance 74 / 2 = 37.
    let s2 = &report.seats[1];
    let half = 1.959_963_984_540_054 * (37.0f64 / 3.0).sqrt();
    assert!(close(s2.score.mean, 13.0) && close(s2.score.interval[1], 13.0 + half), "{s2:?}");
    assert!(close(report.score_spread, 1.0));
    // Game 1 is a draw; each seat wins one game of three. The Wilson
    // interval's ends are the roots of (p − 1/3)² = z² p (1 − p) / 3.
    assert_eq!((s1.rate.wins, s2.rate.wins, report.draws), (1, 1, 1));
    let z2 = 1.959_963_984_540_054f64.powi(2);
    let (a, b, c) = (1.0 + z2 / 3.0, -(2.0 / 3.0 + z2 / 3.0), 1.0 / 9.0);
    let root = (b * b - 4.0 * a * c).sqrt();
    let (low, high) = ((-b - root) / (2.0 * a), (-b + root) / (2.0 * a));
    assert!(
        close(s1.rate.interval[0], low) && close(s1.rate.interval[1], high),
        "{s1:?} {low} {high}"
    );
    assert!(close(report.balance, 1.0) && close(report.advantage_p1, 0.0));
    assert!(close(report.chi_square.statistic, 0.0) && report.chi_square.degrees == 1);
    // Type 0 joined three times (rounds 4, 6, 8), type 1 once (9).
    let t0 = &report.city_types[0];
    assert_eq!((t0.city_type, t0.roads, t0.joined), (0, Some(5), 3));
    assert!(close(t0.turn.mean, 6.0), "{t0:?}");
    let half = 1.959_963_984_540_054 * 2.0 / 3f64.sqrt();
    assert!(close(t0.turn.interval[0], 6.0 - half), "{t0:?}");
    let t1 = &report.city_types[1];
    assert_eq!((t1.roads, t1.joined), (None, 1));
    assert!(close(t1.turn.mean, 9.0) && t1.turn.interval == [9.0, 9.0], "{t1:?}");
    assert!(close(report.joined_turn, (4.0 + 6.0 + 8.0 + 9.0) / 4.0));
    assert!(close(report.joined_turn_spread, 3.0));
    assert!(close(report.turns.mean, 29.0 / 3.0) && report.turns.p95 == 11);
}

#[test]
fn a_seat_that_scores_more_shows_apart() {
    // Seat 1 always scores 2 more: its wins, its interval and the test say so.
    let outcomes: Vec<Outcome> = (0..200)
        .map(|g| Outcome {
            scores: vec![40 + g % 7 + 2, 40 + g % 7],
            rounds: 50,
            joined: vec![vec![None], vec![None]],
        })
        .collect();
    let report = Report::new(&outcomes, "greedy", &[None]);
    assert_eq!(report.seats[0].rate.wins, 200);
    assert!(
        report.seats[0].score.interval[0] > report.seats[1].score.interval[1],
        "{:?}",
        report.seats
    );
    assert!(report.chi_square.p_value < 1e-6 && report.advantage_p1 > 0.49, "{report:?}");
    assert!((report.score_spread - 2.0).abs() < 1e-9);
}

/// The fairness target of `analyze hexet --play`: on each map, the seats'
/// mean scores within 0.25 points of each other (the round in which a seat
/// joins every city is played out, so no seat gains by its place).
#[test]
fn no_seat_scores_more_on_any_map() {
    for players in [2, 3] {
        let params = Params {
            players,
            ..Params::default()
        };
        for k in 0..12 {
            let seed = format!("seats-{k}");
            let game = Game::new(&params, &Seed::new(&seed)).unwrap();
            let series = Series {
                games: 4 * players,
                ..Default::default()
            };
            let report = series.play(&game).unwrap();
            assert!(
                report.score_spread <= 0.25,
                "seed {seed}, {players} players: seats' mean scores {:?}",
                report.seats.iter().map(|s| s.score.mean).collect::<Vec<_>>()
            );
        }
    }
}
