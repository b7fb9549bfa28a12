//! Hexet: maps, the game's networks against this file's own flood fill over
//! the game's roads after every step of long random road sequences, invalid
//! and garbage roads (refused, nothing changed, never a panic), scores.
//!
//! Everything here goes through the public API and reads results the way a
//! user would: cells by their [`Hex`] (axial `q`, `r`), neighbours by the
//! result's `directions`.

use std::collections::{BTreeMap, BTreeSet};

use boardwright::Generator;
use boardwright::Logged;
use boardwright::Seed;
use boardwright::hexet::{
    Action, Board, Game, Hex, HexSide, Hexet, NetworkChange, NetworkOut, Params, Road, RoadEntry, RoadError, RoadType, Terrain,
};
use boardwright::params::Params as _;

use crate::rng::Rng;

mod play;

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
    Game::new(p, &Seed::new(seed)).unwrap()
}

/// A map as a player reads it from a result: cells by axial coordinates.
struct Layout {
    /// Cells in the result's order.
    cells: Vec<Hex>,
    /// Position in `cells` by coordinates.
    index: BTreeMap<Hex, usize>,
    directions: [[i32; 2]; 6],
    board: Board,
}

impl Layout {
    fn of(board: &Board) -> Layout {
        let cells: Vec<Hex> = board.cells.iter().map(|c| c.hex()).collect();
        Layout {
            index: cells.iter().enumerate().map(|(i, &c)| (c, i)).collect(),
            cells,
            directions: board.directions,
            board: board.clone(),
        }
    }

    /// The neighbour of `cell` across side `side`, if on the map.
    fn neighbour(&self, Hex { q, r }: Hex, side: usize) -> Option<Hex> {
        let [dq, dr] = self.directions[side];
        let n = Hex::new(q + dq, r + dr);
        self.index.contains_key(&n).then_some(n)
    }

    fn terrain(&self, cell: Hex) -> Terrain {
        self.board.cells[self.index[&cell]].terrain
    }

    fn river(&self, cell: Hex, side: usize) -> bool {
        self.board.cells[self.index[&cell]].rivers.bits() & (1 << side) != 0
    }

    fn distance(a: Hex, b: Hex) -> u32 {
        let (dq, dr) = (a.q - b.q, a.r - b.r);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }
}

/// A random entry: mostly legal adds and removals, some invalid on purpose.
fn random_entry(layout: &Layout, players: u32, rng: &mut Rng, live: &mut Vec<RoadEntry>) -> RoadEntry {
    if !live.is_empty() && rng.chance(0.4) {
        let mut e = live.swap_remove(rng.index(live.len()));
        e.action = Action::Remove;
        return e;
    }
    let Hex { q, r } = layout.cells[rng.index(layout.cells.len())];
    let [dq, dr] = layout.directions[rng.index(6)];
    let road_type = if rng.chance(0.5) { RoadType::Bridge } else { RoadType::Normal };
    RoadEntry {
        player: rng.below(u64::from(players)) as u32,
        from: [q, r].into(),
        to: [q + dq, r + dr].into(),
        road_type,
        action: Action::Add,
    }
}

/// One network as this file's flood fill sees it: its cells, the ids of its
/// cities, whether it holds the tower.
type Net = (BTreeSet<Hex>, BTreeSet<u32>, bool);

/// Player `player`'s networks by flood fill over `roads`, in no order.
fn flood_fill(layout: &Layout, roads: &[Road], player: u32) -> BTreeSet<Net> {
    let mut next: BTreeMap<Hex, Vec<Hex>> = BTreeMap::new();
    for road in roads.iter().filter(|road| road.player == player) {
        next.entry(road.from).or_default().push(road.to);
        next.entry(road.to).or_default().push(road.from);
    }
    let mut seen = BTreeSet::new();
    let mut nets = BTreeSet::new();
    for &start in next.keys() {
        if !seen.insert(start) {
            continue;
        }
        let mut cells = BTreeSet::from([start]);
        let mut open = vec![start];
        while let Some(c) = open.pop() {
            for &n in &next[&c] {
                if seen.insert(n) {
                    cells.insert(n);
                    open.push(n);
                }
            }
        }
        let cities = layout
            .board
            .cities
            .iter()
            .filter(|c| cells.contains(&c.hex()))
            .map(|c| c.id)
            .collect();
        let tower = cells.contains(&layout.board.tower);
        nets.insert((cells, cities, tower));
    }
    nets
}

/// Player `player`'s networks as the game reports them, after checking that
/// their ids count from 1.
fn reported(networks: &[NetworkOut], player: u32) -> BTreeSet<Net> {
    let mine: Vec<&NetworkOut> = networks.iter().filter(|n| n.player == player).collect();
    let ids: Vec<u32> = mine.iter().map(|n| n.id).collect();
    assert_eq!(ids, (1..=mine.len() as u32).collect::<Vec<_>>(), "network ids of player {player}");
    mine.iter()
        .map(|n| {
            let cells: BTreeSet<Hex> = n.cells.iter().copied().collect();
            assert_eq!(cells.len(), n.cells.len(), "a cell listed twice");
            (cells, n.cities.iter().copied().collect(), n.tower)
        })
        .collect()
}

/// The change a road made, told from which networks (by their cells) it
/// replaced by which: none by none, none by a pair, a pair by none, one by
/// one a cell larger or smaller, two by their union, one by two that split
/// it.
fn expected_change(before: &BTreeSet<Net>, after: &BTreeSet<Net>) -> NetworkChange {
    let cells = |nets: &BTreeSet<Net>| nets.iter().map(|n| n.0.clone()).collect::<BTreeSet<_>>();
    let (old, new) = (cells(before), cells(after));
    let gone: Vec<&BTreeSet<Hex>> = old.difference(&new).collect();
    let came: Vec<&BTreeSet<Hex>> = new.difference(&old).collect();
    let grown = |small: &BTreeSet<Hex>, large: &BTreeSet<Hex>| small.is_subset(large) && large.len() == small.len() + 1;
    let parts = |a: &BTreeSet<Hex>, b: &BTreeSet<Hex>, whole: &BTreeSet<Hex>| a.is_disjoint(b) && &(a | b) == whole;
    match (gone.as_slice(), came.as_slice()) {
        ([], []) => NetworkChange::Unchanged,
        ([], [n]) if n.len() == 2 => NetworkChange::Created,
        ([n], []) if n.len() == 2 => NetworkChange::Removed,
        ([a], [b]) if grown(a, b) => NetworkChange::Extended,
        ([a], [b]) if grown(b, a) => NetworkChange::Trimmed,
        ([a, c], [b]) if parts(a, c, b) => NetworkChange::Merged,
        ([a], [b, c]) if parts(b, c, a) => NetworkChange::Split,
        _ => panic!("no change explains {gone:?} becoming {came:?}"),
    }
}

#[test]
fn networks_match_a_flood_fill_of_the_roads_after_every_step() {
    let mut changes = BTreeSet::new();
    for (w, h, players, steps) in [(6, 5, 2, 10_000), (24, 18, 3, 10_000), (64, 48, 4, 6_000)] {
        let p = params(w, h, players);
        let mut g = game(&p, "steps");
        let layout = Layout::of(&g.map_board());
        let mut rng = Rng::new(u64::from(w), 77);
        let mut live: Vec<RoadEntry> = Vec::new();
        let mut nets: Vec<BTreeSet<Net>> = vec![BTreeSet::new(); players as usize];
        for step in 0..steps {
            let e = random_entry(&layout, players, &mut rng, &mut live);
            let change = g.apply(&e);
            if change.is_ok() && e.action == Action::Add {
                live.push(e.clone());
            }
            // Check the player touched every step, every player now and then.
            let check: Vec<u32> = if step % 97 == 0 { (0..players).collect() } else { vec![e.player] };
            let (roads, networks) = (g.roads(), g.networks());
            for player in check {
                let now = flood_fill(&layout, &roads, player);
                assert_eq!(reported(&networks, player), now, "{w}x{h}, step {step}, player {player}");
                let before = std::mem::replace(&mut nets[player as usize], now);
                let now = &nets[player as usize];
                match change {
                    Ok(c) if player == e.player => {
                        assert_eq!(c, expected_change(&before, now), "{w}x{h}, step {step}");
                        changes.insert(format!("{c:?}"));
                    }
                    _ => assert_eq!(&before, now, "{w}x{h}, step {step}: player {player}'s networks changed"),
                }
            }
        }
    }
    assert_eq!(changes.len(), 7, "only {changes:?} happened");
}

#[test]
fn invalid_roads_are_refused_and_change_nothing() {
    let p = params(20, 14, 2);
    let mut g = game(&p, "invalid");
    let layout = Layout::of(&g.map_board());
    let land = |c: Hex| layout.terrain(c) != Terrain::Lake;
    let entry = |from: Hex, to: Hex, road_type: RoadType, action: Action| RoadEntry {
        player: 0,
        from,
        to,
        road_type,
        action,
    };
    let lake = *layout.cells.iter().find(|&&c| !land(c)).expect("a lake");
    let lake_n = (0..6).find_map(|s| layout.neighbour(lake, s)).unwrap();
    let (rc, rn) = layout
        .cells
        .iter()
        .flat_map(|&c| (0..6).map(move |s| (c, s)))
        .find_map(|(c, s)| {
            let n = layout.neighbour(c, s)?;
            (layout.river(c, s) && land(c) && land(n)).then_some((c, n))
        })
        .expect("a river between land cells");
    let a = *layout
        .cells
        .iter()
        .find(|&&c| land(c) && (0..6).all(|s| layout.neighbour(c, s).is_some_and(land) && !layout.river(c, s)))
        .unwrap();
    let b = layout.neighbour(a, 0).unwrap();
    let far = layout.neighbour(b, 0).unwrap();
    let dry = layout.neighbour(a, 1).unwrap();
    g.apply(&entry(a, b, RoadType::Normal, Action::Add)).unwrap();
    let before = g.board();
    let cases = [
        (
            RoadEntry {
                player: 5,
                ..entry(a, b, RoadType::Normal, Action::Add)
            },
            RoadError::Player { player: 5, players: 2 },
        ),
        (
            entry(Hex::new(-1, 0), Hex::new(0, 0), RoadType::Normal, Action::Add),
            RoadError::OffMap(Hex::new(-1, 0)),
        ),
        (entry(a, far, RoadType::Normal, Action::Add), RoadError::NotNeighbours(a, far)),
        (entry(lake, lake_n, RoadType::Normal, Action::Add), RoadError::Lake(lake)),
        (entry(rc, rn, RoadType::Normal, Action::Add), RoadError::RiverWithoutBridge(rc, rn)),
        (entry(a, dry, RoadType::Bridge, Action::Add), RoadError::BridgeWithoutRiver(a, dry)),
        (entry(b, a, RoadType::Normal, Action::Add), RoadError::Exists(b, a)),
        (entry(a, b, RoadType::Normal, Action::Remove), RoadError::Missing(a, b)),
    ];
    for (k, (e, want)) in cases.iter().enumerate() {
        // The remove case: take the road away first, then a second removal is missing.
        let before = if e.action == Action::Remove {
            assert_eq!(g.apply(e), Ok(NetworkChange::Removed));
            g.board()
        } else {
            before.clone()
        };
        assert_eq!(&g.apply(e).unwrap_err(), want, "case {k}");
        assert!(g.board() == before, "case {k} changed the game");
    }
    // A log names the entry and the rule.
    let log = [
        entry(b, far, RoadType::Normal, Action::Add),
        entry(a, dry, RoadType::Bridge, Action::Add),
    ];
    assert_eq!(
        g.clone().replay(&log).unwrap_err().to_string(),
        format!("road log entry 2: no river lies between {a} and {dry}: a bridge must cross a river, so the road must be normal")
    );
    // A bridge may cross the river, and only a bridge.
    g.apply(&entry(rc, rn, RoadType::Bridge, Action::Add)).unwrap();
    assert_eq!(g.roads().len(), 1);
    assert_eq!(g.roads()[0].road_type, RoadType::Bridge);
}

/// A coordinate: on the map, near it, or anywhere an `i32` reaches.
fn garbage_coordinate(rng: &mut Rng, layout: &Layout) -> [i32; 2] {
    const EXTREMES: [i32; 7] = [i32::MIN, i32::MIN + 1, -1, 0, 1, i32::MAX - 1, i32::MAX];
    let any = |rng: &mut Rng| match rng.index(3) {
        0 => EXTREMES[rng.index(EXTREMES.len())],
        1 => rng.next_u32() as i32,
        _ => rng.range_inclusive(-5, 5) as i32,
    };
    match rng.index(4) {
        0 => [any(rng), any(rng)],
        1 => [layout.cells[rng.index(layout.cells.len())].q, any(rng)],
        _ => layout.cells[rng.index(layout.cells.len())].into(),
    }
}

/// An entry of random players, coordinates, types and actions, often aimed
/// at a neighbour of its first cell so that some are legal.
fn garbage_entry(rng: &mut Rng, layout: &Layout, players: u32) -> RoadEntry {
    let player = match rng.index(4) {
        0 => [players, u32::MAX, rng.next_u32()][rng.index(3)],
        _ => rng.below(u64::from(players)) as u32,
    };
    let from = garbage_coordinate(rng, layout);
    let to = if rng.chance(0.7) {
        let [dq, dr] = layout.directions[rng.index(6)];
        [from[0].wrapping_add(dq), from[1].wrapping_add(dr)]
    } else {
        garbage_coordinate(rng, layout)
    };
    RoadEntry {
        player,
        from: from.into(),
        to: to.into(),
        road_type: if rng.chance(0.5) { RoadType::Bridge } else { RoadType::Normal },
        action: if rng.chance(0.5) { Action::Add } else { Action::Remove },
    }
}

/// The kind of a refusal.
fn kind(e: &RoadError) -> &'static str {
    match e {
        RoadError::Player { .. } => "player",
        RoadError::OffMap(_) => "off the map",
        RoadError::NotNeighbours(..) => "not neighbours",
        RoadError::Lake(_) => "lake",
        RoadError::RiverWithoutBridge(..) => "river",
        RoadError::BridgeWithoutRiver(..) => "bridge",
        RoadError::Exists(..) => "exists",
        RoadError::Missing(..) => "missing",
    }
}

#[test]
fn garbage_logs_never_panic_and_refusals_change_nothing() {
    let mut refused = BTreeSet::new();
    let mut applied = 0;
    for (w, h, players) in [(4, 4, 1), (12, 9, 3), (24, 18, 8)] {
        let p = Params {
            lake_share: 0.2,
            rivers: 8,
            ..params(w, h, players)
        };
        let mut g = game(&p, "garbage");
        let layout = Layout::of(&g.map_board());
        let mut rng = Rng::new(u64::from(w * h), 3);
        for step in 0..4000 {
            let e = garbage_entry(&mut rng, &layout, players);
            let before = g.board();
            match g.apply(&e) {
                Ok(_) => applied += 1,
                Err(why) => {
                    assert!(g.board() == before, "{w}x{h}, step {step}: refusing {e:?} ({why}) changed the game");
                    refused.insert(kind(&why));
                }
            }
        }
        // The same entries as a log: replay stops at the first refusal, names
        // its index, and everything before it was applied.
        let log: Vec<RoadEntry> = (0..300).map(|_| garbage_entry(&mut rng, &layout, players)).collect();
        let mut fresh = game(&p, "garbage");
        let mut check = game(&p, "garbage");
        match fresh.replay(&log) {
            Ok(()) => assert!(log.iter().all(|e| check.apply(e).is_ok())),
            Err(err) => {
                for e in &log[..err.index] {
                    check.apply(e).unwrap();
                }
                assert_eq!(check.apply(&log[err.index]).unwrap_err(), err.reason);
                assert!(err.to_string().starts_with(&format!("road log entry {}: ", err.index + 1)), "{err}");
            }
        }
        assert!(fresh.board() == check.board());
    }
    assert!(applied > 100, "only {applied} entries applied: weak test");
    assert_eq!(refused.len(), 8, "only {refused:?} happened");
}

fn check_map(b: &Board) -> Result<(), String> {
    let layout = Layout::of(b);
    for (&cell, c) in layout.cells.iter().zip(&b.cells) {
        for side in HexSide::ALL {
            let s = usize::from(side.number());
            let on = c.rivers.contains(side);
            assert_eq!(on, layout.river(cell, s));
            match layout.neighbour(cell, s) {
                Some(n) if on != layout.river(n, (s + 3) % 6) => {
                    return Err(format!("river on cell {cell:?} side {s} is one-sided"));
                }
                None if on => return Err("a river on the map's edge".into()),
                _ => {}
            }
        }
    }
    // Every city reachable from the tower over land.
    let mut seen = BTreeSet::from([b.tower]);
    let mut stack = vec![b.tower];
    while let Some(c) = stack.pop() {
        for s in 0..6 {
            if let Some(n) = layout.neighbour(c, s)
                && layout.terrain(n) != Terrain::Lake
                && seen.insert(n)
            {
                stack.push(n);
            }
        }
    }
    for city in &b.cities {
        let c = city.hex();
        if !layout.index.contains_key(&c) {
            return Err("city off the map".into());
        }
        if !seen.contains(&c) {
            return Err(format!("city {} cannot be reached from the tower", city.id));
        }
        if Layout::distance(c, b.tower) < b.header.params.city_spacing {
            return Err("a city too close to the tower".into());
        }
        for other in &b.cities {
            if other.id != city.id && Layout::distance(c, other.hex()) < b.header.params.city_spacing {
                return Err("cities too close".into());
            }
        }
    }
    if b.cities.len() as u32 != b.header.params.city_types * b.header.params.cities_per_type {
        return Err("city count".into());
    }
    // Metrics: the lakes' share of the cells and each city type's spread of tower distances.
    let lakes = b.cells.iter().filter(|c| c.terrain == Terrain::Lake).count();
    if b.metrics.lakes_share != lakes as f64 / b.cells.len() as f64 {
        return Err(format!("lakes share {} for {lakes} lakes", b.metrics.lakes_share));
    }
    let spreads: Vec<u32> = (0..b.header.params.city_types)
        .map(|t| {
            let d: Vec<u32> = b
                .cities
                .iter()
                .filter(|c| c.city_type == t)
                .map(|c| Layout::distance(c.hex(), b.tower))
                .collect();
            d.iter().max().unwrap_or(&0) - d.iter().min().unwrap_or(&0)
        })
        .collect();
    crate::metric_agrees("tower distance spreads", &spreads, &b.metrics.tower_distance_spread)
}

#[test]
fn maps_are_consistent_and_every_city_is_reachable() {
    for (w, h) in [(8, 6), (24, 18), (60, 40)] {
        for i in 0..60 {
            let p = params(w, h, 2);
            let b = Hexet::generate(&p, &Seed::new(&format!("map-{i}"))).unwrap();
            check_map(&b).unwrap_or_else(|e| panic!("{w}x{h} seed map-{i}: {e}"));
        }
    }
}

/// A cell corner as integer coordinates: x in halves of the hex's
/// circumradius, y in halves of its inradius (flat-topped hexes; side 0 at
/// the bottom, the sides numbered clockwise on screen).
type Corner = [i32; 2];

/// The two corners side `s` of the cell at `[q, r]` joins.
fn side_corners(Hex { q, r }: Hex, s: usize) -> (Corner, Corner) {
    let (x, y) = (3 * q, 2 * r + q);
    // Corners between sides s and s + 1: south-west, west, north-west,
    // north-east, east, south-east.
    const CORNERS: [[i32; 2]; 6] = [[-1, 1], [-2, 0], [-1, -1], [1, -1], [2, 0], [1, 1]];
    let at = |k: usize| [x + CORNERS[k][0], y + CORNERS[k][1]];
    (at((s + 5) % 6), at(s))
}

/// Rivers seen as a graph of cell corners joined by river sides: it is a
/// forest (no loop), and each of its trees reaches an outlet, a corner on
/// the map's edge or on a lake's shore, where the river ends.
fn check_rivers(b: &Board) -> Result<(), String> {
    let layout = Layout::of(b);
    let mut cells_round: BTreeMap<Corner, (u32, bool)> = BTreeMap::new();
    for (&cell, c) in layout.cells.iter().zip(&b.cells) {
        for s in 0..6 {
            let entry = cells_round.entry(side_corners(cell, s).1).or_default();
            entry.0 += 1;
            entry.1 |= c.terrain == Terrain::Lake;
        }
    }
    let outlet = |v: &Corner| cells_round.get(v).is_some_and(|&(n, lake)| n < 3 || lake);
    let mut edges = BTreeSet::new();
    for (&cell, c) in layout.cells.iter().zip(&b.cells) {
        for side in c.rivers.iter() {
            let (a, z) = side_corners(cell, usize::from(side.number()));
            edges.insert((a.min(z), a.max(z)));
        }
    }
    // Union–find over the corners the rivers touch.
    let corners: Vec<Corner> = edges
        .iter()
        .flat_map(|&(a, z)| [a, z])
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let id = |v: &Corner| corners.binary_search(v).unwrap();
    let mut up: Vec<usize> = (0..corners.len()).collect();
    fn root(up: &mut [usize], mut v: usize) -> usize {
        while up[v] != v {
            up[v] = up[up[v]];
            v = up[v];
        }
        v
    }
    for (a, z) in &edges {
        let (ra, rz) = (root(&mut up, id(a)), root(&mut up, id(z)));
        if ra == rz {
            return Err(format!("rivers close a loop at the side {a:?}-{z:?}"));
        }
        up[ra] = rz;
    }
    let mut outlets = vec![0; corners.len()];
    for (k, v) in corners.iter().enumerate() {
        if outlet(v) {
            outlets[root(&mut up, k)] += 1;
        }
    }
    for k in 0..corners.len() {
        if root(&mut up, k) == k && outlets[k] == 0 {
            return Err(format!("the river through {:?} ends neither in a lake nor at the edge", corners[k]));
        }
    }
    let lengths: u32 = b.metrics.river_lengths.iter().sum();
    if lengths as usize != edges.len() {
        return Err(format!("river lengths add up to {lengths}, but {} sides have a river", edges.len()));
    }
    Ok(())
}

#[test]
fn rivers_end_in_a_lake_or_at_the_edge_and_never_loop() {
    let mut long = 0;
    let mut rivers = 0;
    for (w, h, n) in [(24, 18, 140), (60, 40, 40), (12, 40, 20)] {
        for i in 0..n {
            let p = Params {
                rivers: 3 + i % 5,
                ..params(w, h, 2)
            };
            let b = Hexet::generate(&p, &Seed::new(&format!("rivers-{i}"))).unwrap();
            check_rivers(&b).unwrap_or_else(|e| panic!("{w}x{h} seed rivers-{i}: {e}"));
            rivers += b.metrics.river_lengths.len();
            long += b.metrics.river_lengths.iter().filter(|&&l| l >= w.min(h) / 3).count();
        }
    }
    // Rivers start on high ground, not next to where they end.
    assert!(long * 2 > rivers, "only {long} of {rivers} rivers are long");
}

/// Terrain shows no bands: over many maps, each column has about the same
/// share of hills and of lakes, with no step or alternation between columns.
#[test]
fn terrain_has_no_column_bands() {
    let (w, h) = (24, 18);
    let mut hills = vec![0u32; w as usize];
    let mut low = vec![0u32; w as usize];
    let maps = 200;
    for i in 0..maps {
        let b = Hexet::generate(&params(w, h, 2), &Seed::new(&format!("bands-{i}"))).unwrap();
        for c in &b.cells {
            hills[c.q as usize] += u32::from(c.terrain == Terrain::Hills);
            low[c.q as usize] += u32::from(matches!(c.terrain, Terrain::Lake | Terrain::Grassland));
        }
    }
    for (name, counts) in [("hills", &hills), ("lakes and grassland", &low)] {
        let shares: Vec<f64> = counts.iter().map(|&n| f64::from(n) / f64::from(maps * h)).collect();
        let mean = shares.iter().sum::<f64>() / shares.len() as f64;
        // Alternation: the mean difference between even and odd columns.
        let even = shares.iter().step_by(2).sum::<f64>() / (shares.len() / 2) as f64;
        let odd = shares.iter().skip(1).step_by(2).sum::<f64>() / (shares.len() / 2) as f64;
        assert!((even - odd).abs() < 0.2 * mean, "{name}: even columns {even:.3}, odd {odd:.3}");
        for (q, &s) in shares.iter().enumerate() {
            assert!(
                (s - mean).abs() < 0.35 * mean,
                "{name}: column {q} has {s:.3}, the map {mean:.3}: {shares:?}"
            );
        }
    }
}

/// The generator's result, a new game's map and a new game's whole result are one board.
#[test]
fn the_map_alone_is_the_generated_result() {
    let p = params(24, 18, 3);
    for seed in ["a", "b", "c"] {
        let g = game(&p, seed);
        let generated = Hexet::generate_with(&p, &Seed::new(seed), &mut ()).unwrap();
        assert!(generated == g.map_board(), "seed {seed}");
        assert!(generated == g.board(), "seed {seed}");
        assert_eq!(generated.scores.len(), 3);
        assert!(generated.scores.iter().all(|s| s.score == 0));
    }
}

#[test]
fn scores_follow_the_networks() {
    let p = params(24, 18, 3);
    let mut g = game(&p, "score");
    let layout = Layout::of(&g.map_board());
    // Player 0 builds every legal road (bridges where a river lies), then some go;
    // the others build at random.
    let mut log = Vec::new();
    for &c in &layout.cells {
        for s in 0..3 {
            let Some(n) = layout.neighbour(c, s) else { continue };
            let road_type = if layout.river(c, s) { RoadType::Bridge } else { RoadType::Normal };
            let e = RoadEntry::new(0, c, n, road_type, Action::Add);
            if g.apply(&e).is_ok() {
                log.push(e);
            }
        }
    }
    let mut rng = Rng::new(5, 5);
    let mut live = Vec::new();
    for k in 0..4000 {
        let mut e = random_entry(&layout, p.players, &mut rng, &mut live);
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
    let b = Hexet::generate_logged(&p, &Seed::new("score"), &log, &mut ()).unwrap();
    assert!(b == g.board(), "the replayed log and the game differ");
    assert_eq!(b.scores, g.scores());
    for s in &b.scores {
        let nets = flood_fill(&layout, &b.roads, s.player);
        let net_of = |city: u32| nets.iter().find(|n| n.1.contains(&city));
        let at_tower = |city: u32| net_of(city).is_some_and(|n| n.2);
        let mut want = 0;
        for t in 0..p.city_types {
            let of_type: Vec<u32> = b.cities.iter().filter(|c| c.city_type == t).map(|c| c.id).collect();
            let best = nets
                .iter()
                .map(|n| n.1.iter().filter(|c| of_type.contains(c)).count() as u32)
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
    crate::same_seed_same_json(|seed| Hexet::generate(&p, &Seed::new(seed)).unwrap(), "x", "y");
}

#[test]
fn bad_parameters_name_what_is_wrong() {
    crate::assert_refused::<Params>(&[
        ("width = 2", "`width`"),
        ("width = 5000", "`width`"),
        ("width = 4\nheight = 4\ncities_per_type = 12", "`cities_per_type`"),
    ]);
}

#[test]
fn golden_json() {
    let p = params(8, 6, 2);
    let mut g = game(&p, "golden");
    let layout = Layout::of(&g.map_board());
    let mut rng = Rng::new(1, 2);
    let mut live = Vec::new();
    for _ in 0..40 {
        let e = random_entry(&layout, 2, &mut rng, &mut live);
        if g.apply(&e).is_ok() && e.action == Action::Add {
            live.push(e);
        }
    }
    assert!(layout.cells.len() == 48);
    crate::golden("hexet-8x6-golden.json", &(serde_json::to_string_pretty(&g.board()).unwrap() + "\n"));
}

/// A hex's range, ring and line hold what a map's code leans on: the
/// counts, the distances, each step a neighbour, nothing twice; and `+`
/// and `-` move hexes as steps do.
#[test]
fn hex_ranges_rings_and_lines_are_what_their_distances_say() {
    use boardwright::hexet::{Hex, HexSide};
    for centre in [Hex::new(0, 0), Hex::new(5, -3), Hex::new(-7, 2)] {
        for radius in 0..6u32 {
            let range: Vec<Hex> = centre.range(radius).collect();
            let distinct: std::collections::BTreeSet<Hex> = range.iter().copied().collect();
            assert_eq!(range.len() as u32, 3 * radius * (radius + 1) + 1, "{centre} range {radius}");
            assert_eq!(distinct.len(), range.len());
            assert!(range.iter().all(|h| h.distance(centre) <= radius));
            let ring: Vec<Hex> = centre.ring(radius).collect();
            assert_eq!(ring.len() as u32, (6 * radius).max(1), "{centre} ring {radius}");
            assert!(ring.iter().all(|h| h.distance(centre) == radius));
            assert_eq!(ring.iter().copied().collect::<std::collections::BTreeSet<_>>().len(), ring.len());
            if radius > 0 {
                assert!(
                    ring.windows(2)
                        .chain([[ring[ring.len() - 1], ring[0]].as_slice()])
                        .all(|w| w[0].distance(w[1]) == 1)
                );
            }
        }
        for other in Hex::new(1, 1).range(6) {
            let line = centre.line_to(other);
            assert_eq!(line.len() as u32, centre.distance(other) + 1, "{centre} to {other}");
            assert_eq!((line[0], line[line.len() - 1]), (centre, other));
            assert!(line.windows(2).all(|w| w[0].distance(w[1]) == 1), "{centre} to {other}: {line:?}");
        }
        for side in HexSide::ALL {
            let step = centre.neighbor(side) - centre;
            assert_eq!(centre + step, centre.neighbor(side));
            assert_eq!(
                centre.line_to(centre + step + step + step),
                [0, 1, 2, 3].map(|k| (0..k).fold(centre, |h, _| h + step))
            );
        }
    }
}

/// `Board::cell` finds every cell of a map by its hex, and none off it.
#[test]
fn a_map_finds_each_cell_by_its_hex() {
    for (i, (width, height)) in [(24, 20), (30, 16), (18, 28)].into_iter().enumerate() {
        let params = boardwright::hexet::Params {
            width,
            height,
            ..Default::default()
        };
        let board = boardwright::hexet::Hexet::generate(&params, &Seed::new(&format!("cell-{i}"))).unwrap();
        for cell in &board.cells {
            assert_eq!(board.cell(cell.hex()), Some(cell));
        }
        let on: BTreeSet<_> = board.cells.iter().map(|c| c.hex()).collect();
        for hex in board.tower.range(30).filter(|h| !on.contains(h)) {
            assert!(board.cell(hex).is_none(), "{width} x {height}: {hex} is off the map");
        }
    }
}

/// Roads from `from` to every cell over cells that are not lakes (a river
/// is crossed by a bridge, one road): the fewest, by hex.
fn roads_from(board: &Board, from: Hex) -> BTreeMap<Hex, u32> {
    let mut seen = BTreeMap::from([(from, 0)]);
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        let d = seen[&h];
        for n in h.neighbors() {
            if board.cell(n).is_some_and(|c| c.terrain != Terrain::Lake) && !seen.contains_key(&n) {
                seen.insert(n, d + 1);
                queue.push_back(n);
            }
        }
    }
    seen
}

/// A type's fewest roads lie between its farthest city from the tower (a
/// tree holds a path to it) and the sum of its cities' paths (their union
/// is joined), and the spread is the most minus the fewest.
#[test]
fn city_type_roads_lie_between_the_farthest_city_and_all_paths() {
    for k in 0..40 {
        let seed = format!("steiner-{k}");
        let board = Hexet::generate(&Params::default(), &Seed::new(&seed)).unwrap();
        let from_tower = roads_from(&board, board.tower);
        let costs = &board.metrics.city_type_roads;
        assert_eq!(costs.len(), Params::default().city_types as usize);
        for (t, cost) in costs.iter().enumerate() {
            let cost = cost.unwrap_or_else(|| panic!("seed {seed}: type {t} has no cost"));
            let paths: Vec<u32> = board
                .cities
                .iter()
                .filter(|c| c.city_type == t as u32)
                .map(|c| from_tower[&c.hex()])
                .collect();
            let (farthest, all) = (*paths.iter().max().unwrap(), paths.iter().sum::<u32>());
            assert!(
                (farthest..=all).contains(&cost),
                "seed {seed}: type {t} costs {cost}, paths {paths:?}"
            );
        }
        let known: Vec<u32> = costs.iter().flatten().copied().collect();
        let spread = known.iter().max().unwrap() - known.iter().min().unwrap();
        assert_eq!(board.metrics.city_type_road_spread, Some(spread), "seed {seed}");
    }
}

/// Over 200 default maps, no city type costs everyone many more roads
/// than another: the spread of the types' costs is at most 2 on average
/// and 4 at the 95th percentile (the fairness targets); and dealing the
/// types by cost never leaves a map less even than the sectors alone.
#[test]
fn city_types_cost_about_the_same_to_join() {
    let sectors = Params::resolve(&[Params::preset("sectors").unwrap()]).unwrap();
    let mut spreads = Vec::new();
    for k in 0..200 {
        let seed = format!("even-{k}");
        let fair = Hexet::generate(&Params::default(), &Seed::new(&seed)).unwrap();
        let spread = fair
            .metrics
            .city_type_road_spread
            .unwrap_or_else(|| panic!("seed {seed}: no spread"));
        if k < 50 {
            let placed = Hexet::generate(&sectors, &Seed::new(&seed)).unwrap();
            let before = placed.metrics.city_type_road_spread.unwrap();
            assert!(spread <= before, "seed {seed}: {spread} roads of spread, {before} by sectors alone");
        }
        spreads.push((spread, seed));
    }
    spreads.sort();
    let mean = spreads.iter().map(|s| f64::from(s.0)).sum::<f64>() / spreads.len() as f64;
    let (p95, worst) = (&spreads[spreads.len() * 95 / 100 - 1], spreads.last().unwrap());
    assert!(mean <= 2.0, "mean spread {mean}; worst seed {}: {}", worst.1, worst.0);
    assert!(
        p95.0 <= 4,
        "p95 spread {} (seed {}); worst seed {}: {}",
        p95.0,
        p95.1,
        worst.1,
        worst.0
    );
}

/// Each city type's cheapest tree, built as one player's roads by the game's
/// own rules (a bridge where a river runs between), is legal, as long as
/// the type's fewest roads, and joins all its cities and the tower in one
/// network.
#[test]
fn each_city_type_tree_is_legal_and_joins_its_cities_and_the_tower() {
    let mut trees = 0;
    for i in 0..40 {
        let p = params(24, 18, 1);
        let seed = format!("tree-{i}");
        let b = Hexet::generate(&p, &Seed::new(&seed)).unwrap();
        let layout = Layout::of(&b);
        assert_eq!(b.city_type_trees.len(), p.city_types as usize, "seed {seed}");
        for (t, tree) in b.city_type_trees.iter().enumerate() {
            assert_eq!(
                tree.as_ref().map(|r| r.len() as u32),
                b.metrics.city_type_roads[t],
                "seed {seed}, type {t}"
            );
            let Some(tree) = tree else { continue };
            let mut g = game(&p, &seed);
            for &[from, to] in tree {
                let side = (0..6).find(|&s| layout.neighbour(from, s) == Some(to));
                let side = side.unwrap_or_else(|| panic!("seed {seed}, type {t}: {from} and {to} are not neighbours"));
                let road_type = if layout.river(from, side) {
                    RoadType::Bridge
                } else {
                    RoadType::Normal
                };
                g.apply(&RoadEntry::new(0, from, to, road_type, Action::Add))
                    .unwrap_or_else(|e| panic!("seed {seed}, type {t}: {e}"));
            }
            let cities: BTreeSet<u32> = b.cities.iter().filter(|c| c.city_type == t as u32).map(|c| c.id).collect();
            let joined = g
                .networks()
                .into_iter()
                .any(|n| n.tower && cities.iter().all(|c| n.cities.contains(c)));
            assert!(joined, "seed {seed}: type {t}'s tree leaves a city or the tower out");
            trees += 1;
        }
    }
    assert!(trees > 100, "only {trees} trees checked");
}
