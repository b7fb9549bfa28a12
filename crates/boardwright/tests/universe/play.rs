//! The game by hand-made boards (each rule once: a cut that frees a piece,
//! a node with no free dot, each action type, the mission and the win), the
//! statistics against known distributions, and a series that is the same
//! on any number of threads.

use std::collections::BTreeMap;

use boardwright::universe::play::{self, Action, Effect, Game, Mission, Move, Outcome, Remedy, Report, Rules, Series};
use boardwright::universe::{self, Board, Node, NodeKind, Universe};
use boardwright::{Generator, Header, Rng, Seed};

/// A node of a hand-made board: position, what it is ("start", "centre" or
/// a node type) and its dots' angles.
struct N(f64, f64, &'static str, &'static [f64]);

/// The board of `nodes` and `edges` on a `width` × `height` paper, for two
/// players, with the built-in node types.
fn board(width: u32, height: u32, nodes: &[N], edges: &[[u32; 2]]) -> Board {
    let nodes = nodes
        .iter()
        .enumerate()
        .map(|(id, &N(x, y, what, dots))| {
            let (kind, node_type) = match what {
                "start" => (NodeKind::Mission, Some("Traveler".to_string())),
                "centre" => (NodeKind::Center, None),
                name => (NodeKind::Regular, Some(name.to_string())),
            };
            let mut edge_sides = Vec::new();
            for (on, side) in [
                (x == 0.0, universe::Side::Left),
                (y == 0.0, universe::Side::Top),
                (x == f64::from(width), universe::Side::Right),
                (y == f64::from(height), universe::Side::Bottom),
            ] {
                if on {
                    edge_sides.push(side);
                }
            }
            Node {
                id: id as u32,
                x,
                y,
                kind,
                node_type,
                edge_sides,
                dots: dots.to_vec(),
                number: (what == "Critters").then_some(1),
                label: None,
            }
        })
        .collect();
    Board {
        header: Header {
            generator: "universe".to_string(),
            seed: "hand-made".to_string(),
            version: boardwright::VERSION.to_string(),
            params: universe::Params {
                players: 2,
                ..Default::default()
            },
        },
        metrics: Default::default(),
        width,
        height,
        nodes,
        edges: edges.to_vec(),
        areas: Vec::new(),
        expeditions: Vec::new(),
        resources: Vec::new(),
        tiny_nodes: Vec::new(),
        remedy: Remedy::None,
    }
}

// The board most tests play on, a 4 × 2 paper:
//
//   corner ---- T(2) ---- corner
//     |  P(7)  / |  \       |
//   L(0) -- X(4)-C(5)-Y(6) -- R(1)
//     |        \ |  /       |
//   corner ---- B(3) ---- corner
//
// P hangs off X inside the top-left area (corner, T, X, L).
const L: u32 = 0;
const R: u32 = 1;
const T: u32 = 2;
const B: u32 = 3;
const X: u32 = 4;
const C: u32 = 5;
const Y: u32 = 6;
const P: u32 = 7;
/// Edges by index: L-X 0, X-C 1, C-Y 2, Y-R 3, T-X 4, T-Y 5, B-X 6, B-Y 7, T-C 8, B-C 9, X-P 10.
const EDGES: [[u32; 2]; 11] = [
    [L, X],
    [X, C],
    [C, Y],
    [Y, R],
    [T, X],
    [T, Y],
    [B, X],
    [B, Y],
    [T, C],
    [B, C],
    [X, P],
];

/// The board with X, Y and P of these types; L's dot points up into the
/// top-left area, X's down into the area X, B, C.
fn cross(x: &'static str, y: &'static str, p: &'static str) -> Board {
    board(
        4,
        2,
        &[
            N(0.0, 1.0, "start", &[-0.5]),
            N(4.0, 1.0, "start", &[3.0]),
            N(2.0, 0.0, "start", &[1.0]),
            N(2.0, 2.0, "start", &[-1.0]),
            N(1.0, 1.0, x, &[0.4]),
            N(2.0, 1.0, "centre", &[0.2]),
            N(3.0, 1.0, y, &[2.8]),
            N(0.6, 0.5, p, &[1.0]),
        ],
        &EDGES,
    )
}

/// The race, with Oil cutting 3 steps: from the paper's edge, two edges.
fn long_oil() -> Rules {
    let mut rules = race();
    rules.effects.insert(
        "Oil".to_string(),
        Effect {
            cut: 3,
            ..Default::default()
        },
    );
    rules
}

fn race() -> Rules {
    Rules {
        mission: Mission::Race,
        ..Default::default()
    }
}

/// Plays the start round: seat 1 on `a`, seat 2 on `b`.
fn started(board: &Board, rules: &Rules, a: u32, b: u32) -> Game {
    let mut game = Game::new(board, 2, rules).unwrap();
    assert!(game.starting());
    game.play(&Move::Start { node: a }).unwrap();
    game.play(&Move::Start { node: b }).unwrap();
    assert!(!game.starting());
    assert_eq!(game.to_move(), 0, "seat 1 moves first after the start round");
    game
}

/// A step from `from` to `to`, its node's action declined.
fn step(from: u32, to: u32) -> Move {
    Move::Step {
        from,
        to,
        action: Action::None,
    }
}

fn steps_to(game: &Game, to: u32) -> Vec<Move> {
    game.moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Step { to: t, .. } if *t == to))
        .collect()
}

#[test]
fn a_cut_that_frees_a_piece_takes_its_nodes_and_the_icons_on_it() {
    let rules = long_oil();
    let board = cross("Oil", "Stardust", "Fish");
    let mut game = started(&board, &rules, L, R);
    assert!(game.holds(0, L));
    // From the paper's edge into L (a step), then L-X and X-T: the top-left
    // area loses both its joins to the rest of the paper.
    let cut = Move::Step {
        from: L,
        to: X,
        action: Action::Cut { edges: vec![0, 4] },
    };
    assert!(game.moves().contains(&cut), "{:?}", game.moves());
    // Landing on Oil, a cut must be made: no step onto X without one.
    assert!(!game.moves().contains(&step(L, X)));
    game.play(&cut).unwrap();
    assert!(game.is_cut(0) && game.is_cut(4) && !game.is_cut(1));
    assert!(!game.on_board(P), "P's only area came loose");
    assert!(
        game.on_board(L) && game.on_board(X) && game.on_board(T),
        "nodes round other areas stay"
    );
    assert!(!game.holds(0, L), "the dot of seat 1's start lay in the loose piece");
    assert!(game.holds(0, X));
    // A cut of one edge that frees nothing leaves every node.
    let mut other = started(&board, &rules, L, R);
    other
        .play(&Move::Step {
            from: L,
            to: X,
            action: Action::Cut { edges: vec![0] },
        })
        .unwrap();
    assert!(other.on_board(P) && other.holds(0, L));
}

#[test]
fn a_node_with_no_free_dot_cannot_be_entered() {
    let board = cross("Stardust", "Stardust", "Stardust");
    let mut game = started(&board, &race(), L, B);
    game.play(&step(L, X)).unwrap();
    assert_eq!(game.to_move(), 1);
    assert!(steps_to(&game, X).is_empty(), "X's one dot is taken");
    assert!(!steps_to(&game, Y).is_empty());
    let refused = game.play(&step(B, X));
    assert!(refused.is_err(), "an illegal move is refused");
}

#[test]
fn a_turn_node_gives_one_extra_turn() {
    let board = cross("Fish", "Stardust", "Fish");
    let mut game = started(&board, &race(), L, R);
    game.play(&step(L, X)).unwrap();
    assert_eq!(game.to_move(), 0, "another turn");
    // A second Fish at once gives none.
    game.play(&step(X, P)).unwrap();
    assert_eq!(game.to_move(), 1);
}

#[test]
fn a_movement_node_teleports_to_its_kind_erasing_the_icon_left() {
    let board = cross("Water", "Water", "Stardust");
    let mut game = started(&board, &race(), L, B);
    let jump = Move::Step {
        from: L,
        to: X,
        action: Action::Teleport { to: Y },
    };
    assert!(game.moves().contains(&jump));
    assert!(game.moves().contains(&step(L, X)), "a teleport may be declined");
    game.play(&jump).unwrap();
    assert!(game.holds(0, Y) && !game.holds(0, X));
}

#[test]
fn a_modify_node_draws_an_edge_across_an_area() {
    // Without T-C and B-C, X and Y share the areas T-X-C-Y and B-X-C-Y.
    let edges: Vec<[u32; 2]> = EDGES.iter().copied().filter(|e| *e != [T, C] && *e != [B, C]).collect();
    let mut board = cross("Dynamite", "Stardust", "Stardust");
    board.edges = edges;
    let mut game = started(&board, &race(), L, R);
    let draw = Move::Step {
        from: L,
        to: X,
        action: Action::NewEdge { to: Y },
    };
    assert!(game.moves().contains(&draw), "{:?}", game.moves());
    assert_eq!(game.hops(0)[Y as usize], 3, "from L through X and T before the edge is drawn");
    game.play(&draw).unwrap();
    assert_eq!(game.hops(0)[Y as usize], 1, "the drawn edge is walked like a printed one");
}

#[test]
fn a_guarded_node_is_never_cut_loose() {
    let mut rules = long_oil();
    let guarded = Effect {
        guarded: true,
        ..Effect::default()
    };
    rules.effects.insert("Puppy".to_string(), guarded);
    let board = cross("Oil", "Stardust", "Puppy");
    let game = started(&board, &rules, L, R);
    let cuts: Vec<Vec<u32>> = steps_to(&game, X)
        .into_iter()
        .filter_map(|m| match m {
            Move::Step {
                action: Action::Cut { edges },
                ..
            } => Some(edges),
            _ => None,
        })
        .collect();
    assert!(!cuts.is_empty());
    assert!(!cuts.contains(&vec![0, 4]), "that cut frees the Puppy");
    assert!(cuts.contains(&vec![0]));
}

#[test]
fn a_numbered_node_needs_as_many_of_its_type_held() {
    // Q (Stardust) lies between L and X; X is Critters numbered 1.
    let mut board = cross("Critters", "Stardust", "Stardust");
    board.nodes.push(Node {
        id: 8,
        x: 0.5,
        y: 1.5,
        kind: NodeKind::Regular,
        node_type: Some("Stardust".to_string()),
        edge_sides: Vec::new(),
        dots: vec![0.0],
        number: None,
        label: None,
    });
    board.edges.extend([[L, 8], [8, X]]);
    let mut game = started(&board, &race(), L, R);
    assert!(steps_to(&game, X).is_empty(), "no Stardust held yet");
    game.play(&step(L, 8)).unwrap();
    let any = game.moves()[0].clone();
    game.play(&any).unwrap();
    assert!(!steps_to(&game, X).is_empty(), "one Stardust held");
}

#[test]
fn the_centre_wins_once_the_mission_is_done() {
    let board = cross("Stardust", "Stardust", "Stardust");
    let mut game = started(&board, &race(), L, R);
    game.play(&step(L, X)).unwrap();
    game.play(&step(R, Y)).unwrap();
    let win = step(X, C);
    game.play(&win).unwrap();
    assert_eq!(game.winner(), Some(0));
    assert!(game.is_over() && game.moves().is_empty());
    // The Traveler needs a node in each quarter round the centre first.
    let rules = Rules {
        traveler_teleport: false,
        ..Default::default()
    };
    let mut game = started(&board, &rules, L, R);
    game.play(&step(L, X)).unwrap();
    game.play(&step(R, Y)).unwrap();
    assert!(!game.mission_done(0));
    assert!(steps_to(&game, C).is_empty());
}

#[test]
fn a_player_who_cannot_step_starts_again_on_a_starting_node() {
    // Two dots on T. Seat 1 takes X from B, so seat 2 on L (whose one
    // edge leads to X) has no step left.
    let mut board = cross("Stardust", "Stardust", "Stardust");
    board.nodes[T as usize].dots = vec![1.0, 2.0];
    let mut g = Game::new(&board, 2, &race()).unwrap();
    g.play(&Move::Start { node: B }).unwrap();
    g.play(&Move::Start { node: L }).unwrap();
    g.play(&step(B, X)).unwrap();
    let moves = g.moves();
    assert!(moves.iter().all(|m| matches!(m, Move::Start { .. })), "{moves:?}");
    assert!(moves.contains(&Move::Start { node: T }) && !moves.contains(&Move::Start { node: L }));
}

/// Outcomes of `games` games among `players` seats, seat `s` winning with
/// chance `chances[s]`, each seat starting on one of `starts` nodes at
/// random.
fn drawn(games: u32, chances: &[f64], starts: u32, rng: &mut Rng) -> Vec<Outcome> {
    (0..games)
        .map(|_| {
            let mut roll = rng.unit();
            let mut winner = None;
            for (s, &c) in chances.iter().enumerate() {
                if roll < c {
                    winner = Some(s);
                    break;
                }
                roll -= c;
            }
            Outcome {
                winner,
                cut_off: false,
                rounds: 10 + rng.index(20) as u32,
                starts: (0..chances.len()).map(|_| Some(rng.index(starts as usize) as u32)).collect(),
                bots: vec![0; chances.len()],
            }
        })
        .collect()
}

#[test]
fn fair_coins_give_no_excess_start_spread_and_a_loaded_seat_is_caught() {
    let bots = ["greedy".to_string()];
    let mut rng = Rng::new(7, 11);
    let mut excess = 0.0;
    for _ in 0..20 {
        let outcomes = drawn(2000, &[0.25; 4], 12, &mut rng);
        let report = Report::new(&outcomes, &outcomes, 4, &bots, &[], &rng.substream(1));
        assert!(report.chi_square.p_value > 1e-4, "{:?}", report.chi_square);
        excess += report.excess_start_spread;
    }
    assert!((excess / 20.0).abs() < 0.015, "mean excess {}", excess / 20.0);
    let outcomes = drawn(2000, &[0.4, 0.2, 0.2, 0.2], 12, &mut rng);
    let report = Report::new(&outcomes, &outcomes, 4, &bots, &[], &rng.substream(2));
    assert!(report.chi_square.p_value < 1e-6, "{:?}", report.chi_square);
    assert!(report.seats[0].rate.interval[0] > 0.25, "{:?}", report.seats[0]);
    assert!(
        report.balance < 0.85 && report.advantage_p1 > 0.1,
        "{} {}",
        report.balance,
        report.advantage_p1
    );
    assert_eq!(report.stalls, 0);
}

#[test]
fn a_series_is_the_same_on_any_number_of_threads() {
    let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
    let series = Series {
        games: 24,
        ..Default::default()
    };
    let on = |threads: usize| crate::on_threads(threads, || series.play(&board).unwrap());
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one.games, 24);
    assert_eq!(one.seats.iter().map(|s| s.rate.wins).sum::<u32>() + one.stalls, 24);
    let held: u32 = one.starts.iter().map(|s| s.held).sum();
    assert_eq!(held, 24 * 4, "every seat takes a start in every game");
    // Another bot, other games.
    let random = Series {
        bots: vec!["random".to_string()],
        ..series.clone()
    };
    assert_ne!(random.play(&board).unwrap(), one);
}

#[test]
fn greedy_beats_random_in_mixed_games() {
    let board = Universe::generate(
        &universe::Params {
            players: 2,
            ..Default::default()
        },
        &Seed::new("Tiamo"),
    )
    .unwrap();
    let series = Series {
        games: 60,
        bots: vec!["greedy".to_string(), "random".to_string()],
        ..Default::default()
    };
    let report = series.play(&board).unwrap();
    let greedy = report.bot_rates.iter().find(|b| b.bot == "greedy").unwrap();
    let decided = report.games - report.stalls;
    assert!(f64::from(greedy.rate.wins) >= 0.7 * f64::from(decided), "{:?}", report.bot_rates);
}

#[test]
fn bad_series_and_rules_are_refused_in_words() {
    let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
    let refused = |series: Series| series.play(&board).unwrap_err().to_string();
    assert!(
        refused(Series {
            games: 0,
            ..Default::default()
        })
        .contains("games: 0")
    );
    assert!(
        refused(Series {
            bots: vec!["clever".into()],
            ..Default::default()
        })
        .contains("random, greedy, search")
    );
    assert!(
        refused(Series {
            bots: vec!["greedy".into(); 3],
            ..Default::default()
        })
        .contains("3 bots")
    );
    let rules = Rules {
        max_rounds: 0,
        ..Default::default()
    };
    assert!(
        refused(Series {
            rules,
            ..Default::default()
        })
        .contains("max_rounds")
    );
    let mut effects = BTreeMap::new();
    effects.insert(
        "Oil".to_string(),
        Effect {
            cut: 99,
            ..Default::default()
        },
    );
    let rules = Rules {
        effects,
        ..Default::default()
    };
    assert!(
        refused(Series {
            rules,
            ..Default::default()
        })
        .contains("effects.Oil.cut")
    );
}

/// A seat named twice in the start order takes a second start after every
/// seat has its first; the rules' order comes before the board's, and an
/// order that leaves a seat out, names one three times or names a seat the
/// game has not is refused, naming the field.
#[test]
fn a_seat_named_twice_takes_a_second_start() {
    let mut board = cross("Stardust", "Stardust", "Stardust");
    let twice = |rules: &Rules, board: &Board, second: usize| {
        let mut game = Game::new(board, 2, rules).unwrap();
        for (node, seat) in [(L, 0), (R, 1), (T, second)] {
            assert!(game.starting());
            assert_eq!(game.to_move(), seat);
            game.play(&Move::Start { node }).unwrap();
        }
        assert!(!game.starting());
        assert_eq!(game.to_move(), 0, "seat 1 moves first after the starts");
        assert_eq!(game.starts(), &[Some(L), Some(R)], "a seat's start is its first");
        assert!(game.holds(second, T));
    };
    let rules = Rules {
        start_picks: vec![1, 2, 2],
        ..race()
    };
    twice(&rules, &board, 1);
    board.remedy = Remedy::SecondStart { seats: vec![2] };
    twice(&race(), &board, 1);
    let first_again = Rules {
        start_picks: vec![1, 2, 1],
        ..race()
    };
    twice(&first_again, &board, 0);
    for (picks, why) in [
        (vec![1, 1], "start_picks: [1, 1] is not allowed"),
        (vec![1, 2, 2, 2], "each once or twice"),
        (vec![1, 3], "seats from 1 to 2"),
    ] {
        let rules = Rules {
            start_picks: picks,
            ..race()
        };
        let refused = Game::new(&board, 2, &rules).unwrap_err().to_string();
        assert!(refused.contains(why), "{refused}");
    }
    board.remedy = Remedy::SecondStart { seats: vec![3] };
    let refused = Game::new(&board, 2, &race()).unwrap_err().to_string();
    assert!(refused.starts_with("the board's remedy.seats: [3] is not allowed"), "{refused}");
}

/// With `fair_play` the board prints the remedy whose seats win most
/// evenly in the race it was chosen by: of the remedies whose gap over the
/// first half of the games was in the better half, the least gap over all
/// of them; replayed from the board (its printed rule), the series gives
/// the gap measured for that remedy, and the legend prints it.
#[test]
fn fair_play_prints_the_remedy_whose_seats_win_most_evenly() {
    for (players, seed) in [(2, "b"), (4, "c")] {
        let params = universe::Params {
            players,
            start_layouts: 1,
            fair_play: 40,
            ..Default::default()
        };
        let board = Universe::generate(&params, &Seed::new(seed)).unwrap();
        let series = Series {
            games: 40,
            ..Default::default()
        };
        // The catalogue, then the starts assigned from the games dealt.
        let dealt = Series {
            rules: Rules {
                start_order: play::StartOrder::Dealt,
                ..Rules::default()
            },
            ..series.clone()
        };
        let dealt: Vec<Outcome> = (0..dealt.games).map(|g| dealt.replay(&board, g).unwrap().1).collect();
        let assigned = Remedy::assigned(&dealt, &board.start_labels());
        assert!(assigned.is_some(), "{seed}: no starts assigned");
        let tried = |games| -> Vec<_> {
            let series = Series { games, ..series.clone() };
            Remedy::catalogue(players)
                .into_iter()
                .chain(assigned.clone())
                .map(|r| series.try_remedy(&board, r, None).unwrap())
                .collect()
        };
        let (first_half, all) = (tried(20), tried(40));
        let mut ranked: Vec<usize> = (0..all.len()).collect();
        ranked.sort_by(|&a, &b| first_half[a].gap.gap.total_cmp(&first_half[b].gap.gap).then(a.cmp(&b)));
        let finalists = &ranked[..all.len().div_ceil(2)];
        let least = finalists.iter().map(|&k| all[k].gap.gap).fold(f64::MAX, f64::min);
        let chosen = all.iter().position(|t| t.remedy == board.remedy).unwrap();
        assert!(
            finalists.contains(&chosen),
            "{seed}: {:?} was not in the better half after 20 games",
            board.remedy
        );
        let chosen = &all[chosen];
        assert_eq!(chosen.gap.gap, least, "{seed}: {:?}", board.remedy);
        assert_eq!(series.play(&board).unwrap().gap, chosen.gap, "{seed}: replayed from the board");
        let doc = Universe::draw(&board, Default::default());
        let svg = render::svg::page(&doc.pages[0], &doc.title);
        if let Some(sentence) = board.remedy.sentence(players) {
            let printed = sentence.replace('\'', "&apos;");
            let first_words: String = printed.chars().take(24).collect();
            assert!(svg.contains(&first_words), "{seed}: {sentence:?} not printed");
        }
    }
}

/// `fair_play` races the layouts and keeps one whose starts win evenly
/// among those with a hop spread of 2 or less: all `start_layouts` are
/// made, the same board comes every time, and on this board the one kept
/// is no worse by that reckoning (a stalled game counted as uneven) than
/// the first layout, the one kept without it.
#[test]
fn fair_play_keeps_the_layout_whose_starts_win_most_evenly() {
    let seed = Seed::new("even");
    let series = Series {
        games: 40,
        ..Default::default()
    };
    let first = Universe::generate(
        &universe::Params {
            start_layouts: 1,
            ..Default::default()
        },
        &seed,
    )
    .unwrap();
    let params = universe::Params {
        start_layouts: 4,
        fair_play: 40,
        ..Default::default()
    };
    let kept = Universe::generate(&params, &seed).unwrap();
    assert_eq!(kept.metrics.layouts, 4);
    assert_eq!(kept, Universe::generate(&params, &seed).unwrap(), "the same board every time");
    // The layout is chosen before its remedy, with the starts dealt.
    let reckon = |board: &Board| {
        let board = Board {
            remedy: Remedy::None,
            ..board.clone()
        };
        let dealt = Series {
            rules: Rules {
                start_order: play::StartOrder::Dealt,
                ..Default::default()
            },
            ..series.clone()
        };
        let report = dealt.play(&board).unwrap();
        let uneven = report.excess_start_spread + f64::from(report.stalls) / f64::from(report.games);
        (u8::from(board.metrics.mission_hop_spread > 2), uneven)
    };
    let (kept_key, first_key) = (reckon(&kept), reckon(&first));
    assert!(kept_key <= first_key, "{kept_key:?} against the first layout's {first_key:?}");
}

/// A replayed game is the series' game: replaying every game gives the
/// series' report, and each replay's moves are legal, one seat after
/// another, with the nodes each cut took off the board.
#[test]
fn a_replay_is_the_game_the_series_played() {
    let board = Universe::generate(
        &universe::Params {
            players: 3,
            ..Default::default()
        },
        &Seed::new("Tiamo"),
    )
    .unwrap();
    let series = Series {
        games: 9,
        ..Default::default()
    };
    let report = series.play(&board).unwrap();
    let mut outcomes = Vec::new();
    for g in 0..series.games {
        let (turns, outcome) = series.replay(&board, g).unwrap();
        let mut game = Game::new(&board, 3, &series.rules).unwrap();
        for turn in &turns {
            assert_eq!(turn.seat, game.to_move());
            let before: Vec<bool> = (0..board.nodes.len() as u32).map(|v| game.on_board(v)).collect();
            game.play(&turn.played).unwrap();
            let gone: Vec<u32> = (0..board.nodes.len() as u32)
                .filter(|&v| before[v as usize] && !game.on_board(v))
                .collect();
            assert_eq!(turn.gone, gone);
        }
        assert_eq!(game.winner(), outcome.winner);
        outcomes.push(outcome);
    }
    let again = Report::new(&outcomes, &outcomes, 3, &series.bots, &[], &Rng::new(0, 0));
    assert_eq!(
        (again.seats, again.stalls, again.turns),
        (report.seats, report.stalls, report.turns)
    );
    assert!(series.replay(&board, 9).unwrap_err().to_string().contains("games 0 to 8"));
}

/// Dealt starts: in game `g` the seat `s` holds the `(s + g)`-th starting
/// node, so over a round of games every start is held as often, by every
/// seat in turn, whatever the bots would have picked.
#[test]
fn dealt_starts_give_every_seat_every_start_in_turn() {
    let board = Universe::generate(&universe::Params::default(), &Seed::new("Tiamo")).unwrap();
    let starts: Vec<u32> = board.nodes.iter().filter(|n| n.kind == NodeKind::Mission).map(|n| n.id).collect();
    let series = Series {
        games: 2 * starts.len() as u32,
        rules: Rules {
            start_order: play::StartOrder::Dealt,
            ..Rules::default()
        },
        ..Series::default()
    };
    for g in 0..series.games {
        let (turns, _) = series.replay(&board, g).unwrap();
        for (s, turn) in turns.iter().take(4).enumerate() {
            assert_eq!(turn.seat, s);
            assert_eq!(
                turn.played,
                Move::Start {
                    node: starts[(s + g as usize) % starts.len()]
                },
                "game {g}, seat {}",
                s + 1
            );
        }
    }
    let report = series.play(&board).unwrap();
    assert_eq!(report.starts.len(), starts.len());
    assert!(report.starts.iter().all(|s| s.held == 8), "{:?}", report.starts);
    // Greedy bots, picking, leave starts unpicked; the report still
    // measures every start, from games with the starts dealt.
    let picking = Series {
        bots: vec!["greedy".to_string()],
        rules: Rules::default(),
        ..series
    };
    let mut picked: Vec<u32> = (0..picking.games)
        .flat_map(|g| picking.replay(&board, g).unwrap().0)
        .filter_map(|t| match t.played {
            Move::Start { node } => Some(node),
            _ => None,
        })
        .collect();
    picked.sort_unstable();
    picked.dedup();
    assert!(picked.len() < starts.len(), "greedy bots picked every start: {picked:?}");
    let report = picking.play(&board).unwrap();
    assert_eq!(report.starts.len(), starts.len());
    assert!(report.starts.iter().all(|s| s.held == 8), "{:?}", report.starts);
}

/// A rules file naming a node type the board does not have is refused,
/// naming the field and the types there are, not played as if applied.
#[test]
fn effects_of_an_unknown_type_are_refused() {
    let board = cross("Oil", "Stardust", "Puppy");
    let mut rules = race();
    rules.effects.insert("oil".to_string(), Effect::default());
    let refused = Game::new(&board, 2, &rules).unwrap_err().to_string();
    assert!(
        refused.starts_with("effects.oil: the board has no node type of that name"),
        "{refused}"
    );
    assert!(refused.contains("Oil, "), "{refused}");
    let series = Series {
        games: 2,
        rules,
        ..Default::default()
    };
    assert!(series.play(&board).is_err());
}

/// Devlog part 2: a cut may run along an edge a Dynamite node drew; with
/// `cut_drawn_edges = false` it may not.
#[test]
fn a_drawn_edge_can_be_cut_along() {
    let edges: Vec<[u32; 2]> = EDGES.iter().copied().filter(|e| *e != [T, C] && *e != [B, C]).collect();
    let mut board = cross("Dynamite", "Oil", "Stardust");
    board.edges = edges;
    let drawn = board.edges.len() as u32;
    for cut_drawn_edges in [true, false] {
        let rules = Rules {
            cut_drawn_edges,
            ..long_oil()
        };
        let mut game = started(&board, &rules, L, R);
        game.play(&Move::Step {
            from: L,
            to: X,
            action: Action::NewEdge { to: Y },
        })
        .unwrap();
        let along: Vec<Move> = steps_to(&game, Y)
            .into_iter()
            .filter(|m| matches!(m, Move::Step { action: Action::Cut { edges }, .. } if edges.contains(&drawn)))
            .collect();
        assert_eq!(!along.is_empty(), cut_drawn_edges, "{along:?}");
        if let Some(cut) = along.first() {
            game.play(cut).unwrap();
            assert!(game.is_cut(drawn));
            assert_eq!(game.edge_ends(drawn), [X, Y]);
            assert_eq!(game.hops(0)[Y as usize], u32::MAX, "the drawn edge is gone and Y is seat 2's");
        }
    }
}

/// Devlogs 2 and 7: cutting through a Puppy costs the cutter; here their
/// next turn. A cut that passes it by costs nothing.
#[test]
fn a_cut_through_a_penalty_node_costs_the_next_turn() {
    let board = cross("Oil", "Stardust", "Puppy");
    for (edges, costs) in [(vec![0, 10], true), (vec![0, 1], false)] {
        let mut game = started(&board, &long_oil(), L, R);
        let cut = Move::Step {
            from: L,
            to: X,
            action: Action::Cut { edges },
        };
        assert!(game.moves().contains(&cut), "{:?}", game.moves());
        game.play(&cut).unwrap();
        assert_eq!(game.loses_next_turn(0), costs);
        let seat_2 = game.moves()[0].clone();
        game.play(&seat_2).unwrap();
        assert_eq!(game.to_move(), if costs { 1 } else { 0 }, "seat 1's turn skipped: {costs}");
        assert!(!game.loses_next_turn(0));
    }
}

/// A boxed-in Traveler with their teleport unused may teleport instead of
/// restarting on a starting node; in the race there is no teleport.
#[test]
fn a_boxed_in_traveler_may_teleport_before_restarting() {
    let mut board = cross("Stardust", "Stardust", "Stardust");
    board.nodes[T as usize].dots = vec![1.0, 2.0];
    for (rules, teleports) in [(Rules::default(), true), (race(), false)] {
        let mut g = Game::new(&board, 2, &rules).unwrap();
        g.play(&Move::Start { node: B }).unwrap();
        g.play(&Move::Start { node: L }).unwrap();
        g.play(&step(B, X)).unwrap();
        let moves = g.moves();
        assert!(moves.contains(&Move::Start { node: T }), "{moves:?}");
        assert_eq!(moves.contains(&Move::Teleport { to: P }), teleports, "{moves:?}");
    }
}

/// Each starting node is one player's unless `shared_starts`: a start
/// another player holds is not offered, even with a free dot.
#[test]
fn a_start_another_player_holds_is_theirs_unless_shared() {
    let mut board = cross("Stardust", "Stardust", "Stardust");
    board.nodes[L as usize].dots = vec![1.0, 2.0];
    for shared_starts in [false, true] {
        let rules = Rules { shared_starts, ..race() };
        let mut g = Game::new(&board, 2, &rules).unwrap();
        g.play(&Move::Start { node: L }).unwrap();
        assert_eq!(g.moves().contains(&Move::Start { node: L }), shared_starts);
    }
    // A board fair_play once kept with both seats on one start: no game
    // of it shares one now.
    let params = universe::Params {
        players: 2,
        fair_play: 20,
        start_layouts: 2,
        ..Default::default()
    };
    let board = Universe::generate(&params, &Seed::new("Marmalade")).unwrap();
    let series = Series {
        games: 10,
        ..Default::default()
    };
    for g in 0..series.games {
        let (_, outcome) = series.replay(&board, g).unwrap();
        assert_ne!(outcome.starts[0], outcome.starts[1], "game {g} shares a start");
    }
}

/// The verdict in words says a seat is favoured only where the gap is
/// more than chance gives at this many games.
#[test]
fn the_verdict_speaks_of_the_sample_size() {
    let bots = ["reference".to_string()];
    let mut rng = Rng::new(3, 5);
    let loaded = [0.4, 0.2, 0.2, 0.2];
    let large = drawn(2000, &loaded, 12, &mut rng);
    let report = Report::new(&large, &large, 4, &bots, &[], &rng.substream(1));
    assert!(report.verdict.starts_with("Seat 1 is favoured: it wins 4"), "{}", report.verdict);
    assert!(report.verdict.contains("2,000 games, reference bots"), "{}", report.verdict);
    assert!(report.gap.real() && report.gap.best == 1);
    let small = drawn(12, &loaded, 12, &mut rng);
    let report = Report::new(&small, &small, 4, &bots, &[], &rng.substream(2));
    assert!(
        report.verdict.starts_with("No seat measurably favoured at 12 games"),
        "{}",
        report.verdict
    );
    let fair = drawn(4000, &[0.25; 4], 12, &mut rng);
    let report = Report::new(&fair, &fair, 4, &bots, &[], &rng.substream(3));
    assert!(!report.gap.real(), "{:?}", report.gap);
    assert!(
        report.verdict.starts_with("No seat measurably favoured at 4,000 games"),
        "{}",
        report.verdict
    );
}

/// Every report says how far its verdicts hold: the reference bot's
/// with the measured agreement of a stronger player, another bot's as its
/// own.
#[test]
fn the_report_says_how_far_its_verdict_holds() {
    let mut rng = Rng::new(3, 6);
    let games = drawn(100, &[0.5, 0.5], 12, &mut rng);
    let reference = Report::new(&games, &games, 2, &["reference".to_string()], &[], &rng.substream(1));
    let holds = &reference.verdict_holds;
    assert!(holds.starts_with("These verdicts are the reference bot's"), "{holds}");
    assert!(
        holds.contains("rank correlation") && holds.contains("at 2 players") && holds.contains("at 4 players"),
        "{holds}"
    );
    let search = Report::new(&games, &games, 2, &["search".to_string()], &[], &rng.substream(2));
    assert!(
        search.verdict_holds.starts_with("These verdicts are the search bots'"),
        "{}",
        search.verdict_holds
    );
    let mixed = ["search".to_string(), "greedy".to_string()];
    let both = Report::new(&games, &games, 2, &mixed, &[], &rng.substream(3));
    assert!(both.verdict_holds.contains("search and greedy bots'"), "{}", both.verdict_holds);
}

/// The reference bot's games on one board differ from one another (the
/// greedy bot's nearly repeat): games with the same seats in the same
/// order but other streams play other moves.
#[test]
fn the_reference_bots_games_differ() {
    let board = Universe::generate(
        &universe::Params {
            players: 2,
            ..Default::default()
        },
        &Seed::new("Tiamo"),
    )
    .unwrap();
    let series = Series {
        games: 20,
        ..Default::default()
    };
    let games: Vec<Vec<play::Turn>> = (0..series.games).step_by(2).map(|g| series.replay(&board, g).unwrap().0).collect();
    let distinct = games.iter().enumerate().filter(|(i, g)| !games[..*i].contains(g)).count();
    assert!(distinct >= 8, "{distinct} distinct games of 10");
}

/// Starts assigned from games with the starts dealt even the seats out:
/// here seat 1's chance is 0.1 more than seat 2's from any start, and each
/// start is 0.1 stronger than the one before, so of the deals played, seat
/// 1 on a start and seat 2 on the next, those that wrap round (seat 1 on
/// the strongest, seat 2 on the weakest) are uneven and the others even.
#[test]
fn assigned_starts_give_the_stronger_seat_a_weaker_start() {
    let strength = [-0.2, -0.1, 0.0, 0.1];
    let chance = |x0: usize, x1: usize| 0.5 + (strength[x0] + 0.1) - strength[x1];
    let mut rng = Rng::new(5, 9);
    let dealt: Vec<Outcome> = (0..4000)
        .map(|g| {
            let (x0, x1) = (g % 4, (g + 1) % 4);
            Outcome {
                winner: Some(usize::from(rng.unit() >= chance(x0, x1))),
                cut_off: false,
                rounds: 10,
                starts: vec![Some(x0 as u32), Some(x1 as u32)],
                bots: vec![0, 0],
            }
        })
        .collect();
    let labels: Vec<(u32, String)> = ["A", "B", "C", "D"]
        .iter()
        .enumerate()
        .map(|(i, l)| (i as u32, l.to_string()))
        .collect();
    let Some(Remedy::AssignedStarts { starts }) = Remedy::assigned(&dealt, &labels) else {
        panic!("no starts assigned");
    };
    let at = |label: &str| labels.iter().position(|(_, l)| l == label).unwrap();
    let (x0, x1) = (at(&starts[0]), at(&starts[1]));
    assert_eq!(x1, x0 + 1, "{starts:?}: seat 1 should hold the start next weaker than seat 2's");
    assert!((chance(x0, x1) - 0.5).abs() < 1e-9, "{starts:?}");
    assert_eq!(Remedy::assigned(&[], &labels), None, "no games, no starts");
    assert_eq!(Remedy::assigned(&dealt, &labels[..1]), None, "fewer starts than seats");
}

/// A board whose remedy assigns the starts is played on them: each seat's
/// first move is its start, and the sentence names them; a label the board
/// does not print, a seat left out or a start named twice is refused.
#[test]
fn assigned_starts_are_played_and_printed() {
    let params = universe::Params {
        players: 2,
        ..Default::default()
    };
    let board = Universe::generate(&params, &Seed::new("Tiamo")).unwrap();
    let labels = board.start_labels();
    let remedy = Remedy::AssignedStarts {
        starts: vec![labels[3].1.clone(), labels[0].1.clone()],
    };
    let series = Series {
        games: 4,
        rules: Rules {
            remedy: Some(remedy.clone()),
            ..Rules::default()
        },
        ..Series::default()
    };
    for g in 0..series.games {
        let (turns, _) = series.replay(&board, g).unwrap();
        let starts: Vec<Move> = turns.iter().take(2).map(|t| t.played.clone()).collect();
        assert_eq!(
            starts,
            [Move::Start { node: labels[3].0 }, Move::Start { node: labels[0].0 }],
            "game {g}"
        );
    }
    assert_eq!(
        remedy.sentence(2).unwrap(),
        format!("Starts: player 1 on {}, player 2 on {}.", labels[3].1, labels[0].1)
    );
    let refused = |starts: &[&str]| {
        let rules = Rules {
            remedy: Some(Remedy::AssignedStarts {
                starts: starts.iter().map(|s| s.to_string()).collect(),
            }),
            ..Rules::default()
        };
        Series { rules, ..series.clone() }.play(&board).unwrap_err().to_string()
    };
    assert!(
        refused(&["A", "ZZ"]).contains("\"ZZ\" is not a start on this board"),
        "{}",
        refused(&["A", "ZZ"])
    );
    assert!(refused(&["A"]).contains("one start label per seat (2)"), "{}", refused(&["A"]));
    assert!(refused(&["A", "A"]).contains("each once"));
    // Played with every remedy, the report reuses its own games with the
    // starts dealt: the same remedies as `compensate`, whatever the start order.
    for start_order in [play::StartOrder::Seat, play::StartOrder::Dealt] {
        let plain = Series {
            games: 6,
            rules: Rules {
                start_order,
                ..Rules::default()
            },
            ..Series::default()
        };
        let counted = std::sync::atomic::AtomicU64::new(0);
        let done = |_| {
            counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        let report = plain.play_compensated(&board, &done, None).unwrap();
        assert_eq!(counted.into_inner(), plain.compensated(2), "{start_order:?}: games counted");
        let alone = plain.compensate(&board, &|_| {}, None).unwrap();
        assert_eq!(report.remedies, alone, "{start_order:?}");
        assert_eq!(report.seats, plain.play(&board).unwrap().seats);
    }
}
