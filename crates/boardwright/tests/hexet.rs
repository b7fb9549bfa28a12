//! Hexet: maps, the incremental networks against the flood-fill reference
//! after every step of long random road sequences, invalid roads, scores.

use boardwright::hexet::hex::{DIRECTIONS, Grid};
use boardwright::hexet::map::Terrain;
use boardwright::hexet::network::flood_fill;
use boardwright::hexet::{self, Action, Board, Game, Params, RoadEntry, RoadError, RoadType};
use boardwright::params;
use boardwright::seed::{Rng, Seed};

fn params(width: u32, height: u32, players: u32) -> Params {
    let small = width * height < 200;
    Params {
        width,
        height,
        players,
        city_types: if small { 2 } else { 4 },
        cities_per_type: if small { 2 } else { 3 },
        city_spacing: if small { 1 } else { 3 },
        ..Params::default()
    }
}

fn game(p: &Params, seed: &str) -> Game {
    let (map, _) = hexet::generate_map(p, &Seed::new(seed)).unwrap();
    Game::new(map, p.players)
}

/// A random entry: mostly legal adds and removals, some invalid on purpose.
fn random_entry(game: &mut Game, rng: &mut Rng, live: &mut Vec<RoadEntry>) -> RoadEntry {
    let grid = game.map.grid;
    if !live.is_empty() && rng.chance(0.4) {
        let mut e = live.swap_remove(rng.index(live.len()));
        e.action = Action::Remove;
        return e;
    }
    let c = rng.index(grid.len());
    let (q, r) = grid.axial(c);
    let [dq, dr] = DIRECTIONS[rng.index(6)];
    let road_type = if rng.chance(0.5) { RoadType::Bridge } else { RoadType::Normal };
    RoadEntry {
        player: rng.below(u64::from(game.players())) as u32,
        from: [q, r],
        to: [q + dq, r + dr],
        road_type,
        action: Action::Add,
    }
}

#[test]
fn incremental_networks_match_the_flood_fill_after_every_step() {
    for (w, h, players, steps) in [(6, 5, 2, 20_000), (24, 18, 3, 30_000), (64, 48, 4, 30_000)] {
        let p = params(w, h, players);
        let mut g = game(&p, "steps");
        let mut rng = Rng::new(u64::from(w), 77);
        let mut live: Vec<RoadEntry> = Vec::new();
        let grid = g.map.grid;
        for step in 0..steps {
            let e = random_entry(&mut g, &mut rng, &mut live);
            if g.apply(&e).is_ok() && e.action == Action::Add {
                live.push(e.clone());
            }
            // Check the player touched every step, every player now and then.
            let check: Vec<u32> = if step % 97 == 0 { (0..players).collect() } else { vec![e.player] };
            for player in check {
                let layer = g.layer(player);
                assert_eq!(
                    layer.canonical(),
                    flood_fill(grid, layer.masks()),
                    "{w}x{h}, step {step}, player {player}"
                );
            }
        }
    }
}

#[test]
fn invalid_roads_are_refused_and_change_nothing() {
    let p = params(20, 14, 2);
    let mut g = game(&p, "invalid");
    let grid = g.map.grid;
    let at = |c: usize| {
        let (q, r) = grid.axial(c);
        [q, r]
    };
    let entry = |from: [i32; 2], to: [i32; 2], road_type: RoadType, action: Action| RoadEntry {
        player: 0,
        from,
        to,
        road_type,
        action,
    };
    let lake = (0..grid.len()).find(|&c| g.map.terrain[c] == Terrain::Lake).expect("a lake");
    let lake_side = (0..6).find(|&s| grid.neighbor(lake, s).is_some()).unwrap();
    let river = (0..grid.len())
        .flat_map(|c| (0..6).map(move |s| (c, s)))
        .find(|&(c, s)| {
            g.map.rivers[c] & (1 << s) != 0
                && grid.neighbor(c, s).is_some_and(|n| g.map.terrain[n] != Terrain::Lake)
                && g.map.terrain[c] != Terrain::Lake
        })
        .expect("a river between land cells");
    let (rc, rs) = river;
    let rn = grid.neighbor(rc, rs).unwrap();
    let land = (0..grid.len())
        .find(|&c| {
            g.map.terrain[c] != Terrain::Lake
                && (0..6).all(|s| grid.neighbor(c, s).is_some_and(|n| g.map.terrain[n] != Terrain::Lake))
                && g.map.rivers[c] == 0
        })
        .unwrap();
    let land_n = grid.neighbor(land, 0).unwrap();
    g.apply(&entry(at(land), at(land_n), RoadType::Normal, Action::Add)).unwrap();
    let before: Vec<Vec<u8>> = (0..2).map(|p| g.layer(p).masks().to_vec()).collect();
    let far = grid.neighbor(land_n, 0).unwrap_or(land_n);
    let cases = [
        (
            RoadEntry {
                player: 5,
                ..entry(at(land), at(land_n), RoadType::Normal, Action::Add)
            },
            RoadError::Player(5),
        ),
        (entry([-1, 0], [0, 0], RoadType::Normal, Action::Add), RoadError::OffMap([-1, 0])),
        (entry(at(land), at(far), RoadType::Normal, Action::Add), RoadError::NotNeighbours),
        (
            entry(at(lake), at(grid.neighbor(lake, lake_side).unwrap()), RoadType::Normal, Action::Add),
            RoadError::Lake(at(lake)),
        ),
        (entry(at(rc), at(rn), RoadType::Normal, Action::Add), RoadError::RiverWithoutBridge),
        (entry(at(land_n), at(land), RoadType::Normal, Action::Add), RoadError::Exists),
        (
            entry(at(land), at(land_n), RoadType::Normal, Action::Remove).clone(),
            RoadError::Missing,
        ),
    ];
    for (k, (e, want)) in cases.iter().enumerate() {
        // The remove case: take the road away first, then a second removal is missing.
        if k == cases.len() - 1 {
            g.apply(e).unwrap();
        }
        let got = g.apply(e).unwrap_err();
        assert_eq!(&got, want, "case {k}");
        if k < cases.len() - 1 {
            for (p, b) in before.iter().enumerate() {
                assert_eq!(g.layer(p as u32).masks(), b.as_slice(), "case {k} changed the roads");
            }
        }
    }
    // A bridge may cross the river.
    g.apply(&entry(at(rc), at(rn), RoadType::Bridge, Action::Add)).unwrap();
}

fn check_map(b: &Board) -> Result<(), String> {
    let grid = Grid {
        width: b.width,
        height: b.height,
    };
    for (i, cell) in b.cells.iter().enumerate() {
        for s in 0..6 {
            let on = cell.rivers & (1 << s) != 0;
            match grid.neighbor(i, s) {
                Some(n) if on != (b.cells[n].rivers & (1 << ((s + 3) % 6)) != 0) => {
                    return Err(format!("river on cell {i} side {s} is one-sided"));
                }
                None if on => return Err("a river on the map's edge".into()),
                _ => {}
            }
        }
    }
    // Every city reachable from the tower over land.
    let tower = grid.index(b.tower[0], b.tower[1]).unwrap();
    let mut seen = vec![false; grid.len()];
    let mut stack = vec![tower];
    seen[tower] = true;
    while let Some(c) = stack.pop() {
        for s in 0..6 {
            if let Some(n) = grid.neighbor(c, s)
                && !seen[n]
                && b.cells[n].terrain != Terrain::Lake
            {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    for city in &b.cities {
        let c = grid.index(city.q, city.r).ok_or("city off the map")?;
        if !seen[c] {
            return Err(format!("city {} cannot be reached from the tower", city.id));
        }
        for other in &b.cities {
            let o = grid.index(other.q, other.r).unwrap();
            if other.id != city.id && grid.distance(c, o) < b.header.params.city_spacing {
                return Err("cities too close".into());
            }
        }
    }
    if b.cities.len() as u32 != b.header.params.city_types * b.header.params.cities_per_type {
        return Err("city count".into());
    }
    Ok(())
}

#[test]
fn maps_are_consistent_and_every_city_is_reachable() {
    for (w, h) in [(8, 6), (24, 18), (60, 40)] {
        for i in 0..60 {
            let p = params(w, h, 2);
            let b = hexet::generate_with_log(&p, &Seed::new(&format!("map-{i}")), &[]).unwrap();
            check_map(&b).unwrap_or_else(|e| panic!("{w}x{h} seed map-{i}: {e}"));
        }
    }
}

#[test]
fn scores_follow_the_networks() {
    let p = params(24, 18, 3);
    let mut g = game(&p, "score");
    let grid = g.map.grid;
    // Player 0 builds every legal road (bridges where needed), then some go;
    // the others build at random.
    let mut log = Vec::new();
    for c in 0..grid.len() {
        for s in 0..3 {
            let Some(n) = grid.neighbor(c, s) else { continue };
            let (q, r) = grid.axial(c);
            let (nq, nr) = grid.axial(n);
            let e = RoadEntry {
                player: 0,
                from: [q, r],
                to: [nq, nr],
                road_type: RoadType::Bridge,
                action: Action::Add,
            };
            if g.apply(&e).is_ok() {
                log.push(e);
            }
        }
    }
    let mut rng = Rng::new(5, 5);
    let mut live = Vec::new();
    for k in 0..4000 {
        let mut e = random_entry(&mut g, &mut rng, &mut live);
        if k % 2 == 0 && rng.chance(0.3) {
            e = RoadEntry {
                action: Action::Remove,
                ..log[rng.index(log.len())].clone()
            };
        }
        if g.apply(&e).is_ok() {
            if e.action == Action::Add {
                live.push(e.clone());
            }
            log.push(e);
        }
    }
    let b = hexet::generate_with_log(&p, &Seed::new("score"), &log).unwrap();
    for s in &b.scores {
        let nets: Vec<_> = b.networks.iter().filter(|n| n.player == s.player).collect();
        let net_of = |city: u32| nets.iter().position(|n| n.cities.contains(&city));
        let at_tower = |city: u32| net_of(city).is_some_and(|k| nets[k].tower);
        let mut want = 0;
        for t in 0..p.city_types {
            let of_type: Vec<u32> = b.cities.iter().filter(|c| c.city_type == t).map(|c| c.id).collect();
            let best = nets
                .iter()
                .map(|n| n.cities.iter().filter(|c| of_type.contains(c)).count() as u32)
                .max()
                .unwrap_or(0);
            if best >= 2 {
                want += best * p.type_points;
            }
            if of_type.iter().all(|&c| at_tower(c)) {
                want += p.completion_points;
            }
        }
        want += b.cities.iter().filter(|c| at_tower(c.id)).count() as u32 * p.tower_points;
        assert_eq!(s.score, want, "player {}", s.player);
    }
    assert!(b.scores.iter().any(|s| s.score > 0), "the log scored nothing: weak test");
}

#[test]
fn same_seed_same_map() {
    let p = params(30, 20, 2);
    let a = serde_json::to_string(&hexet::generate_with_log(&p, &Seed::new("x"), &[]).unwrap()).unwrap();
    assert_eq!(
        a,
        serde_json::to_string(&hexet::generate_with_log(&p, &Seed::new("x"), &[]).unwrap()).unwrap()
    );
    assert_ne!(
        a,
        serde_json::to_string(&hexet::generate_with_log(&p, &Seed::new("y"), &[]).unwrap()).unwrap()
    );
}

#[test]
fn bad_parameters_name_what_is_wrong() {
    let err = |text: &str| params::resolve::<Params>(&[text.parse().unwrap()]).unwrap_err().to_string();
    assert!(err("width = 2").contains("`width`"));
    assert!(err("width = 5000").contains("`width`"));
    assert!(err("width = 4\nheight = 4\ncities_per_type = 12").contains("`cities_per_type`"));
}

#[test]
fn golden_json() {
    let p = params(8, 6, 2);
    let (map, attempts) = hexet::generate_map(&p, &Seed::new("golden")).unwrap();
    let mut g = Game::new(map, 2);
    let grid = g.map.grid;
    let mut rng = Rng::new(1, 2);
    let mut live = Vec::new();
    for _ in 0..40 {
        let e = random_entry(&mut g, &mut rng, &mut live);
        if g.apply(&e).is_ok() && e.action == Action::Add {
            live.push(e);
        }
    }
    assert!(grid.len() == 48);
    let b = hexet::board(&p, &Seed::new("golden"), &mut g, attempts);
    crate::golden("hexet-8x6-golden.json", &(serde_json::to_string_pretty(&b).unwrap() + "\n"));
}
