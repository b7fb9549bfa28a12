//! Starship: every guarantee checked by an independent walk over the
//! JSON-level result (tile rows, legend, parts and their roles, doors), never
//! by the code that placed the parts. Roles decide; part names never do.

use boardwright::params;
use boardwright::starship::pipeline::Variant;
use boardwright::starship::{self, Facing, Params, Role, Stage, Starship};
use boardwright::{Generator, Recorder, Seed};

const SIZES: [u32; 6] = [24, 32, 40, 64, 96, 128];

fn ship(size: u32, seed: &str) -> starship::Board {
    ship_of(size, size, seed)
}

/// The default ship on a `width` × `height` grid.
fn ship_of(width: u32, height: u32, seed: &str) -> starship::Board {
    let params = Params {
        width,
        height,
        ..Params::default()
    };
    Starship::generate(&params, &Seed::new(seed)).unwrap_or_else(|e| panic!("{width} x {height}, seed {seed:?}: {e}"))
}

/// Machines are operated from beside them; every other part is a room.
fn is_machine(role: Role) -> bool {
    matches!(role, Role::Thruster | Role::Weapon)
}

/// Each role that needs a supply within a walk, and the roles that supply it
/// (the first of which the ship must have).
const SUPPLIES: [(Role, &[Role]); 2] = [
    (Role::Weapon, &[Role::AmmoSupply]),
    (Role::Thruster, &[Role::PowerStorage, Role::Reactor]),
];

/// The role's name in the JSON.
fn role_name(role: Role) -> String {
    serde_json::to_value(role).unwrap().as_str().unwrap().to_string()
}

/// The crew's view of a finished ship, rebuilt from the JSON fields.
struct View<'a> {
    s: &'a starship::Board,
    w: usize,
    h: usize,
    /// Part index per tile.
    owner: Vec<Option<usize>>,
}

impl<'a> View<'a> {
    fn new(s: &'a starship::Board) -> Result<View<'a>, String> {
        let (w, h) = (s.width as usize, s.height as usize);
        if s.tiles.len() != h || s.tiles.iter().any(|r| r.chars().count() != w) {
            return Err("tile rows do not match the grid".into());
        }
        let mut owner = vec![None; w * h];
        for (k, p) in s.parts.iter().enumerate() {
            if (p.rect.x + p.rect.w) as usize > w || (p.rect.y + p.rect.h) as usize > h {
                return Err(format!("part {k} leaves the grid"));
            }
            for y in p.rect.y..p.rect.y + p.rect.h {
                for x in p.rect.x..p.rect.x + p.rect.w {
                    let t = y as usize * w + x as usize;
                    if owner[t].replace(k).is_some() {
                        return Err(format!("parts overlap at ({x}, {y})"));
                    }
                }
            }
        }
        let view = View { s, w, h, owner };
        for t in 0..w * h {
            let meaning = view.meaning(t);
            let expected = view.owner[t].map(|k| s.parts[k].kind.as_str());
            let is_part = !matches!(meaning, "space" | "floor" | "armor");
            if is_part != expected.is_some() || (is_part && Some(meaning) != expected) {
                return Err(format!("tile {t} says {meaning:?}, parts say {expected:?}"));
            }
        }
        Ok(view)
    }

    fn meaning(&self, t: usize) -> &str {
        let c = self.s.tiles[t / self.w].chars().nth(t % self.w).unwrap_or(' ');
        self.s.legend.get(&c.to_string()).map_or("?", String::as_str)
    }

    fn room(&self, t: usize) -> Option<usize> {
        self.owner[t].filter(|&k| !is_machine(self.s.parts[k].role))
    }

    fn walkable(&self, t: usize) -> bool {
        self.meaning(t) == "floor" || self.room(t).is_some()
    }

    fn neighbors(&self, t: usize) -> Vec<usize> {
        let (x, y) = (t % self.w, t / self.w);
        let mut out = Vec::new();
        if x > 0 {
            out.push(t - 1);
        }
        if x + 1 < self.w {
            out.push(t + 1);
        }
        if y > 0 {
            out.push(t - self.w);
        }
        if y + 1 < self.h {
            out.push(t + self.w);
        }
        out
    }

    fn door(&self, a: usize, b: usize) -> bool {
        let xy = |t: usize| [(t % self.w) as u32, (t / self.w) as u32];
        self.s
            .doors
            .iter()
            .any(|d| (d[0] == xy(a) && d[1] == xy(b)) || (d[0] == xy(b) && d[1] == xy(a)))
    }

    fn step(&self, a: usize, b: usize) -> bool {
        self.walkable(a) && self.walkable(b) && (self.room(a) == self.room(b) || self.door(a, b))
    }

    fn walk(&self, from: &[usize]) -> Vec<u32> {
        let mut d = vec![u32::MAX; self.w * self.h];
        let mut queue: std::collections::VecDeque<usize> = from.iter().copied().filter(|&t| self.walkable(t)).collect();
        for &t in &queue {
            d[t] = 0;
        }
        while let Some(t) = queue.pop_front() {
            for n in self.neighbors(t) {
                if d[n] == u32::MAX && self.step(t, n) {
                    d[n] = d[t] + 1;
                    queue.push_back(n);
                }
            }
        }
        d
    }

    fn tiles_of(&self, k: usize) -> Vec<usize> {
        (0..self.w * self.h).filter(|&t| self.owner[t] == Some(k)).collect()
    }

    /// Walkable tiles beside part `k`.
    fn beside(&self, k: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .tiles_of(k)
            .into_iter()
            .flat_map(|t| self.neighbors(t))
            .filter(|&n| self.owner[n] != Some(k) && self.walkable(n))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

fn check(s: &starship::Board) -> Result<(), String> {
    let v = View::new(s)?;
    let walkable: Vec<usize> = (0..v.w * v.h).filter(|&t| v.walkable(t)).collect();
    let d = v.walk(&walkable[..1]);
    if walkable.iter().any(|&t| d[t] == u32::MAX) {
        return Err("the crew network is split".into());
    }
    for door in &s.doors {
        let [[ax, ay], [bx, by]] = *door;
        if ax.abs_diff(bx) + ay.abs_diff(by) != 1 {
            return Err("a door joins tiles that are not neighbours".into());
        }
    }
    for role in [Role::Cockpit, Role::Reactor] {
        if s.parts.iter().filter(|p| p.role == role).count() != 1 {
            return Err(format!("not exactly one {role:?}"));
        }
    }
    // A machine's role is its variant's; a room's kind is its role's name.
    let variants: Vec<&Variant> = s
        .header
        .params
        .pipeline
        .iter()
        .flat_map(|stage| match stage {
            Stage::Thrusters(m) | Stage::Weapons(m) => m.variants.iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    for (k, p) in s.parts.iter().enumerate() {
        let declared = if is_machine(p.role) {
            variants.iter().any(|v| v.name == p.kind && v.role == p.role)
        } else {
            p.kind == role_name(p.role)
        };
        if !declared {
            return Err(format!(
                "part {k} ({}) has role {:?}, which its parameters do not give it",
                p.kind, p.role
            ));
        }
        if is_machine(p.role) {
            if v.beside(k).is_empty() {
                return Err(format!("machine {k} ({}) cannot be operated", p.kind));
            }
        } else {
            let has_door = v.tiles_of(k).iter().any(|&t| {
                v.neighbors(t)
                    .iter()
                    .any(|&n| v.owner[n] != Some(k) && v.walkable(n) && v.door(t, n))
            });
            if !has_door {
                return Err(format!("room {k} ({}) has no door", p.kind));
            }
        }
        if let Some(f) = p.facing {
            let (dx, dy) = f.step();
            for t in v.tiles_of(k) {
                let (mut x, mut y) = ((t % v.w) as i64, (t / v.w) as i64);
                loop {
                    (x, y) = (x + i64::from(dx), y + i64::from(dy));
                    if x < 0 || y < 0 || x >= v.w as i64 || y >= v.h as i64 {
                        break;
                    }
                    let n = y as usize * v.w + x as usize;
                    if v.owner[n] == Some(k) {
                        continue;
                    }
                    if v.meaning(n) != "space" {
                        return Err(format!("{} {k} faces the hull", p.kind));
                    }
                }
            }
        }
    }
    for (consumer, providers) in SUPPLIES {
        let limit = s.header.params.supply_walk.unwrap_or(default_walk(consumer));
        let longest = longest_walk(&v, consumer, providers)?;
        if longest > limit {
            return Err(format!(
                "a {consumer:?} is {longest} steps from {:?}, more than {limit}",
                providers[0]
            ));
        }
        let reported = match consumer {
            Role::Weapon => s.metrics.longest_weapon_to_ammo_walk,
            _ => s.metrics.longest_thruster_to_power_walk,
        };
        if reported != longest {
            return Err(format!(
                "the metrics say the longest {consumer:?} walk is {reported}, it is {longest}"
            ));
        }
    }
    Ok(())
}

/// The walk the guarantee allows by default: 12 steps from a weapon to ammo,
/// 16 from a thruster to power storage or the reactor, at every size.
fn default_walk(consumer: Role) -> u32 {
    match consumer {
        Role::Weapon => 12,
        _ => 16,
    }
}

/// The longest walk from a part of role `consumer` (from a walkable tile
/// beside it) to the nearest tile of a part of one of `providers`' roles;
/// an error if the ship has a consumer but no part of the first provider.
fn longest_walk(v: &View<'_>, consumer: Role, providers: &[Role]) -> Result<u32, String> {
    let s = v.s;
    let sources: Vec<usize> = (0..s.parts.len())
        .filter(|&k| providers.contains(&s.parts[k].role))
        .flat_map(|k| v.tiles_of(k))
        .collect();
    let has_consumer = s.parts.iter().any(|p| p.role == consumer);
    if has_consumer && !s.parts.iter().any(|p| p.role == providers[0]) {
        return Err(format!("{consumer:?}s but no {:?}", providers[0]));
    }
    let d = v.walk(&sources);
    let mut longest = 0;
    for (k, _) in s.parts.iter().enumerate().filter(|(_, p)| p.role == consumer) {
        longest = longest.max(v.beside(k).iter().map(|&t| d[t]).min().unwrap_or(u32::MAX));
    }
    Ok(longest)
}

/// Every guarantee on default ships from 24 × 24 to 128 × 128 (fewer
/// seeds at the larger sizes), and every stage places what it planned: at
/// most 1 % of them report a shortfall.
#[test]
fn every_guarantee_holds_over_many_seeds_and_sizes() {
    // (size, seeds)
    let runs: [(u32, usize); 6] = [(24, 120), (32, 100), (40, 100), (64, 40), (96, 16), (128, 10)];
    let jobs: Vec<(u32, String)> = runs
        .iter()
        .flat_map(|&(size, n)| (0..n).map(move |i| (size, format!("check-{i}"))))
        .collect();
    let results: Vec<(String, Result<(), String>, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|half| {
                let jobs = &jobs;
                scope.spawn(move || {
                    jobs.iter()
                        .enumerate()
                        .filter(|(i, _)| i % 2 == half)
                        .map(|(_, (size, seed))| {
                            let s = ship(*size, seed);
                            (format!("size {size}, seed {seed:?}"), check(&s), s.metrics.shortfalls)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let failures: Vec<String> = results
        .iter()
        .filter_map(|(at, r, _)| r.as_ref().err().map(|e| format!("{at}: {e}")))
        .collect();
    assert!(failures.is_empty(), "{} failures, first: {}", failures.len(), failures[0]);
    let short: Vec<String> = results
        .iter()
        .filter(|(_, _, shortfalls)| !shortfalls.is_empty())
        .map(|(at, _, shortfalls)| format!("{at}: {shortfalls:?}"))
        .collect();
    assert!(
        short.len() * 100 <= results.len(),
        "{} of {} default ships report a shortfall (at most 1 % may): {}",
        short.len(),
        results.len(),
        short.join("; ")
    );
}

/// A pipeline that asks for more than the hull holds hears about it: what
/// a stage could not place is a shortfall, never dropped in silence.
#[test]
fn asking_for_more_than_fits_is_a_shortfall() {
    // (size, the stage asking too much, what it asks, the shortfalls expected)
    let cases: [(u32, &str, &str, &[&str]); 3] = [
        (24, "crew", "quarters = 32\nbunks = 32", &["crew_quarters: placed", "bunks: placed"]),
        (24, "power_storage", "min = 16\nmax = 16", &["power_storage: placed"]),
        (40, "thrusters", "min_score = 200\nmax_score = 200", &["thrusters: placed"]),
    ];
    for (size, asking, fields, expected) in cases {
        let mut text = format!("width = {size}\nheight = {size}\nmax_attempts = 10\n");
        for stage in Params::default().pipeline {
            text += &format!("[[pipeline]]\nstage = \"{}\"\n", stage.name());
            if stage.name() == asking {
                text += &format!("{fields}\n");
            }
        }
        let params = resolve(&text).unwrap();
        for i in 0..5 {
            let seed = format!("too much-{i}");
            let s = Starship::generate(&params, &Seed::new(&seed)).unwrap_or_else(|e| panic!("{asking}, {seed}: {e}"));
            check(&s).unwrap_or_else(|e| panic!("{asking}, {seed}: {e}"));
            for prefix in expected {
                // `placed N of M`, N the parts placed and less than M.
                let found = s.metrics.shortfalls.iter().find(|f| f.starts_with(prefix));
                let numbers: Vec<u32> = found.map_or(Vec::new(), |f| f.split(' ').filter_map(|w| w.parse().ok()).collect());
                assert!(
                    numbers.len() == 2 && numbers[0] < numbers[1],
                    "{asking}, {seed}: no `{prefix} N of M` shortfall in {:?}",
                    s.metrics.shortfalls
                );
                let role = match *prefix {
                    "crew_quarters: placed" => Some(Role::CrewQuarters),
                    "bunks: placed" => Some(Role::Bunks),
                    "power_storage: placed" => Some(Role::PowerStorage),
                    _ => None,
                };
                if let Some(role) = role {
                    let made = s.parts.iter().filter(|p| p.role == role).count() as u32;
                    assert_eq!(numbers[0], made, "{asking}, {seed}: {:?}", s.metrics.shortfalls);
                }
            }
        }
    }
}

/// A tile grid as rows of "is ship" (not space).
fn outline(rows: &[String]) -> Vec<Vec<bool>> {
    rows.iter().map(|r| r.chars().map(|c| c != ' ').collect()).collect()
}

/// The share of the outline's bounding box that it fills.
fn box_fill(rows: &[Vec<bool>]) -> f64 {
    let tiles: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(y, r)| r.iter().enumerate().filter(|&(_, &t)| t).map(move |(x, _)| (x, y)))
        .collect();
    let (x0, x1) = (tiles.iter().map(|t| t.0).min().unwrap(), tiles.iter().map(|t| t.0).max().unwrap());
    let (y0, y1) = (tiles.iter().map(|t| t.1).min().unwrap(), tiles.iter().map(|t| t.1).max().unwrap());
    tiles.len() as f64 / ((x1 - x0 + 1) * (y1 - y0 + 1)) as f64
}

/// The finished ship and its silhouette as the shape stages left it (the
/// tiles after `fill_gaps`, before any part).
fn with_silhouette(size: u32, seed: &str) -> (starship::Board, Vec<Vec<bool>>) {
    let params = Params {
        width: size,
        height: size,
        ..Params::default()
    };
    let mut recorder = Recorder::new(1);
    let s = Starship::generate_with(&params, &Seed::new(seed), &mut recorder).unwrap();
    let shaped = recorder
        .snapshots
        .iter()
        .rev()
        .find(|v| v.stage == "fill_gaps")
        .expect("a fill_gaps snapshot");
    (s, outline(&shaped.tiles))
}

#[test]
fn default_silhouettes_are_mirrored_outlines_with_a_nose_and_a_tail() {
    for i in 0..200 {
        let size = [24, 32, 40, 48][i % 4];
        let (s, shape) = with_silhouette(size, &format!("outline-{i}"));
        let at = format!("size {size}, seed outline-{i}");
        for (y, row) in shape.iter().enumerate() {
            let mirrored: Vec<bool> = row.iter().rev().copied().collect();
            assert_eq!(row, &mirrored, "{at}: row {y} is not mirrored");
        }
        for (what, rows) in [("silhouette", shape.clone()), ("finished ship", outline(&s.tiles))] {
            let fill = box_fill(&rows);
            assert!(
                (0.40..=0.85).contains(&fill),
                "{at}: the {what} fills {fill:.2} of its bounding box"
            );
        }
        // A nose: the foremost row is narrow; a tail: the last row is wider.
        let widths: Vec<usize> = shape.iter().map(|r| r.iter().filter(|&&t| t).count()).filter(|&n| n > 0).collect();
        let widest = *widths.iter().max().unwrap();
        let (first, last) = (widths[0], *widths.last().unwrap());
        assert!(
            first * 3 <= widest,
            "{at}: no nose: the first row is {first} wide, the widest {widest}"
        );
        assert!(last > first, "{at}: no tail: the last row is {last} wide, the first {first}");
    }
}

/// The share of the grid's width and height the ship's bounding box takes.
fn extent(s: &starship::Board) -> (f64, f64) {
    let rows = outline(&s.tiles);
    let columns = (0..s.width as usize).filter(|&x| rows.iter().any(|r| r[x])).count();
    let lines = rows.iter().filter(|r| r.iter().any(|&t| t)).count();
    (columns as f64 / f64::from(s.width), lines as f64 / f64::from(s.height))
}

/// A wide or tall grid gets a ship of the same proportions to it as a
/// square grid does: the asked width is used, not only the smaller side.
#[test]
fn a_wide_grid_gets_a_wide_ship() {
    let share = |width: u32, height: u32| {
        let ships: Vec<(f64, f64)> = (0..12).map(|i| extent(&ship_of(width, height, &format!("extent-{i}")))).collect();
        let n = ships.len() as f64;
        (
            ships.iter().map(|e| e.0).sum::<f64>() / n,
            ships.iter().map(|e| e.1).sum::<f64>() / n,
        )
    };
    let square = share(40, 40);
    for (width, height) in [(96, 64), (128, 40), (40, 96)] {
        let (across, along) = share(width, height);
        assert!(
            across >= 0.85 * square.0 && along >= 0.85 * square.1,
            "{width} x {height}: the ship takes {across:.2} of the width and {along:.2} of the height, a square grid's {:.2} and {:.2}",
            square.0,
            square.1
        );
    }
}

/// On a grid at least half as wide again as tall, every ship spans at
/// least 70 % of the width asked, and keeps every guarantee.
#[test]
fn a_wide_grid_is_filled_across() {
    let mut failures = Vec::new();
    for (width, height) in [(96, 64), (60, 30), (200, 40)] {
        for i in 0..10 {
            let seed = format!("across-{i}");
            let s = ship_of(width, height, &seed);
            let (across, _) = extent(&s);
            if across < 0.7 {
                failures.push(format!(
                    "{width} x {height}, seed {seed:?}: the ship spans {across:.2} of the width"
                ));
            }
            if let Err(e) = check(&s) {
                failures.push(format!("{width} x {height}, seed {seed:?}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn silhouettes_vary_from_seed_to_seed() {
    let shapes: std::collections::BTreeSet<Vec<Vec<bool>>> = (0..10).map(|i| with_silhouette(40, &format!("vary-{i}")).1).collect();
    assert!(shapes.len() >= 8, "only {} different outlines in 10 seeds", shapes.len());
}

/// From 24 × 24 to 128 × 128, the default pipeline's budgets and room
/// counts grow with the hull, armor is at most 40 % of the hull, and every
/// guarantee holds.
#[test]
fn what_fills_a_ship_grows_with_it() {
    let sizes = [24, 32, 40, 48, 64, 96, 128];
    let seeds = 3;
    let means: Vec<[f64; 5]> = std::thread::scope(|scope| {
        let handles: Vec<_> = sizes
            .iter()
            .map(|&size| {
                scope.spawn(move || {
                    let mut sum = [0.0; 5];
                    for k in 0..seeds {
                        let seed = format!("grow-{k}");
                        let s = ship(size, &seed);
                        check(&s).unwrap_or_else(|e| panic!("size {size}, seed {seed}: {e}"));
                        let hull = s.tiles.iter().flat_map(|r| r.chars()).filter(|&c| c != ' ').count();
                        let armor = s.tiles.iter().flat_map(|r| r.chars()).filter(|&c| c == '#').count();
                        let share = armor as f64 / hull as f64;
                        assert!(
                            share <= 0.40,
                            "size {size}, seed {seed}: armor is {:.0} % of the hull",
                            share * 100.0
                        );
                        let budget = |stage: &str| s.metrics.scores.iter().find(|b| b.stage == stage).map_or(0, |b| b.budget);
                        let rooms = |roles: &[Role]| s.parts.iter().filter(|p| roles.contains(&p.role)).count();
                        let row = [
                            f64::from(budget("thrusters")),
                            f64::from(budget("weapons")),
                            rooms(&[Role::AmmoSupply, Role::PowerStorage]) as f64,
                            rooms(&[Role::CrewQuarters, Role::Bunks]) as f64,
                            hull as f64,
                        ];
                        for (total, v) in sum.iter_mut().zip(row) {
                            *total += v / f64::from(seeds);
                        }
                    }
                    sum
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let names = ["thruster budget", "weapon budget", "supply rooms", "crew rooms", "hull tiles"];
    // Supply rooms come a few at a time: they never fall from one size to
    // the next and are three times as many at the largest as at the smallest.
    let supplies = (means[0][2], means[means.len() - 1][2]);
    assert!(supplies.1 >= 3.0 * supplies.0, "supply rooms: {supplies:?}");
    for (k, name) in names.iter().enumerate() {
        for (i, pair) in means.windows(2).enumerate() {
            assert!(
                pair[1][k] > pair[0][k] || k == 2 && pair[1][k] >= pair[0][k],
                "{name} does not grow from {0} × {0} ({1:.1}) to {2} × {2} ({3:.1})",
                sizes[i],
                pair[0][k],
                sizes[i + 1],
                pair[1][k]
            );
        }
    }
}

#[test]
fn the_checker_catches_broken_ships() {
    let good = ship(40, "broken");
    check(&good).unwrap();
    let mut no_doors = good.clone();
    no_doors.doors.clear();
    assert!(check(&no_doors).is_err());
    let mut blocked = good.clone();
    let thruster = blocked.parts.iter().find(|p| p.facing == Some(Facing::Down)).unwrap().clone();
    let row = &mut blocked.tiles[(thruster.rect.y + thruster.rect.h) as usize];
    row.replace_range(thruster.rect.x as usize..thruster.rect.x as usize + 1, "#");
    assert!(check(&blocked).is_err());
}

/// The default pipeline at `size`, every weapon and thruster variant renamed
/// (`laser`, `ion drive`, …): nothing in the names says what they are.
fn renamed(size: u32) -> Params {
    let mut params = Params {
        width: size,
        height: size,
        ..Params::default()
    };
    for stage in &mut params.pipeline {
        let (m, names): (_, &[&str]) = match stage {
            Stage::Weapons(m) => (m, &["laser", "heavy laser"]),
            Stage::Thrusters(m) => (m, &["ion drive", "ion drive mk2", "ion drive mk3"]),
            _ => continue,
        };
        for (v, name) in m.variants.iter_mut().zip(names) {
            v.name = name.to_string();
        }
    }
    params
}

#[test]
fn renamed_machines_keep_every_guarantee() {
    let mut kinds = std::collections::BTreeSet::new();
    for i in 0..120 {
        let size = SIZES[i % 4];
        let seed = format!("renamed-{i}");
        // The ship's own check passed, or there would be no ship.
        let s = Starship::generate(&renamed(size), &Seed::new(&seed)).unwrap_or_else(|e| panic!("size {size}, seed {seed:?}: {e}"));
        check(&s).unwrap_or_else(|e| panic!("size {size}, seed {seed:?}: {e}"));
        for p in &s.parts {
            assert!(
                !p.kind.starts_with("weapon") && !p.kind.starts_with("thruster"),
                "{seed}: {}",
                p.kind
            );
            kinds.insert((p.kind.clone(), p.role));
        }
    }
    assert!(kinds.contains(&("laser".to_string(), Role::Weapon)), "{kinds:?}");
    assert!(kinds.contains(&("ion drive".to_string(), Role::Thruster)), "{kinds:?}");
}

/// Weapons called `laser` need ammo: a pipeline without ammo supplies gives
/// no ship, and a ship whose ammo supplies are taken away fails the checker.
#[test]
fn supplies_follow_roles_not_names() {
    let mut lean = renamed(40);
    lean.pipeline
        .retain(|stage| !matches!(stage, Stage::AmmoSupplies(_) | Stage::FillArmor(_) | Stage::ExtraDoors(_)));
    lean.max_attempts = 3;
    let err = Starship::generate(&lean, &Seed::new("no ammo")).unwrap_err().to_string();
    assert!(err.contains("weapons but no ammo_supply"), "{err}");

    let good = Starship::generate(&renamed(40), &Seed::new("take the ammo")).unwrap();
    check(&good).unwrap();
    assert!(good.parts.iter().any(|p| p.kind == "laser"));
    let mut robbed = good.clone();
    for p in good.parts.iter().filter(|p| p.role == Role::AmmoSupply) {
        for row in &mut robbed.tiles[p.rect.y as usize..(p.rect.y + p.rect.h) as usize] {
            row.replace_range(p.rect.x as usize..(p.rect.x + p.rect.w) as usize, &".".repeat(p.rect.w as usize));
        }
    }
    robbed.parts.retain(|p| p.role != Role::AmmoSupply);
    let err = check(&robbed).unwrap_err();
    assert!(err.contains("Weapons but no AmmoSupply"), "{err}");
}

#[test]
fn a_pipeline_without_optional_stages_still_gives_a_valid_ship() {
    let text = r#"
width = 48
height = 40
[[pipeline]]
stage = "shape"
mirror = false
[[pipeline]]
stage = "cockpit"
[[pipeline]]
stage = "reactor"
[[pipeline]]
stage = "weapons"
min_score = 4
max_score = 6
facing_weights = [1.0, 0.0, 1.0, 1.0]
variants = [{ name = "laser", w = 1, h = 2, score = 1, weight = 1.0, symbol = "L" }]
[[pipeline]]
stage = "ammo_supplies"
min = 1
max = 1
[[pipeline]]
stage = "fill_armor"
"#;
    let params: Params = params::Params::resolve(&[text.parse().unwrap()]).unwrap();
    for i in 0..30 {
        let s = Starship::generate(&params, &Seed::new(&format!("lean-{i}"))).unwrap();
        check(&s).unwrap_or_else(|e| panic!("lean-{i}: {e}"));
        assert_eq!(s.stages, ["shape", "cockpit", "reactor", "weapons", "ammo_supplies", "fill_armor"]);
        assert!(s.parts.iter().all(|p| p.role != Role::Thruster));
        assert!(s.parts.iter().any(|p| p.kind == "laser" && p.role == Role::Weapon));
    }
}

fn resolve(text: &str) -> Result<Params, params::ParamError> {
    <Params as params::Params>::resolve(&[text.parse().unwrap()])
}

#[test]
fn a_stage_table_may_give_only_some_fields() {
    // Alone (with the cockpit and reactor every ship needs), each stage is
    // the default pipeline's.
    for stage in Params::default().pipeline {
        let needed: String = ["cockpit", "reactor"]
            .iter()
            .filter(|&&n| n != stage.name())
            .map(|n| format!("[[pipeline]]\nstage = \"{n}\"\n"))
            .collect();
        let p = resolve(&format!("[[pipeline]]\nstage = \"{}\"\n{needed}", stage.name())).unwrap();
        assert_eq!(p.pipeline[0], stage);
    }
    // The stages given, then a cockpit and a reactor.
    let resolve = |text: &str| {
        resolve(&format!(
            "{text}\n[[pipeline]]\nstage = \"cockpit\"\n[[pipeline]]\nstage = \"reactor\"\n"
        ))
    };
    let p = resolve("[[pipeline]]\nstage = \"weapons\"\n[[pipeline]]\nstage = \"power_storage\"\nmax = 4").unwrap();
    let Stage::Weapons(weapons) = &p.pipeline[0] else {
        panic!("{:?}", p.pipeline[0])
    };
    assert_eq!((weapons.min_score, weapons.max_score, weapons.variants.len()), (2, 4, 2));
    assert_eq!(weapons.facing_weights, [5.0, 1.0, 1.0, 1.0]);
    assert!(weapons.variants.iter().all(|v| v.role == Role::Weapon));
    let Stage::PowerStorage(power) = &p.pipeline[1] else {
        panic!("{:?}", p.pipeline[1])
    };
    assert_eq!((power.min, power.max, power.w, power.h), (1, 4, 2, 2));

    // A variant without a role takes its stage's.
    let p = resolve(
        r#"
[[pipeline]]
stage = "thrusters"
min_score = 6
variants = [
    { name = "ion drive", w = 1, h = 2, score = 1, weight = 1.0, symbol = "i" },
    { name = "cannon", role = "weapon", w = 1, h = 1, score = 1, weight = 1.0, symbol = "k" },
]
"#,
    )
    .unwrap();
    let Stage::Thrusters(thrusters) = &p.pipeline[0] else {
        panic!("{:?}", p.pipeline[0])
    };
    assert_eq!((thrusters.min_score, thrusters.max_score), (6, 6));
    let roles: Vec<Role> = thrusters.variants.iter().map(|v| v.role).collect();
    assert_eq!(roles, [Role::Thruster, Role::Weapon]);

    // A variant table of a built-in name takes that variant's other fields;
    // a new name must give them all.
    let p =
        resolve("[[pipeline]]\nstage = \"thrusters\"\nvariants = [{ name = \"thruster_small\", w = 2 }, { name = \"thruster_large\" }]")
            .unwrap();
    let Stage::Thrusters(thrusters) = &p.pipeline[0] else {
        panic!("{:?}", p.pipeline[0])
    };
    let Stage::Thrusters(builtin) = &Params::default().pipeline[6] else {
        panic!("the default pipeline's seventh stage is the thrusters")
    };
    let small = Variant {
        w: 2,
        ..builtin.variants[0].clone()
    };
    assert_eq!(thrusters.variants, [small, builtin.variants[2].clone()]);

    // Unknown and missing fields are named.
    let err = resolve("[[pipeline]]\nstage = \"crew\"\nquarterz = 2").unwrap_err().to_string();
    assert!(err.contains("`pipeline[0].quarterz`: unknown field `quarterz`"), "{err}");
    let err = resolve("[[pipeline]]\nstage = \"weapons\"\nvariants = [{ name = \"laser\", w = 1, h = 2, score = 1, weight = 1.0 }]")
        .unwrap_err()
        .to_string();
    assert!(err.contains("`pipeline[0].variants[0]`: missing field `symbol`"), "{err}");
    let err = resolve("[[pipeline]]\nmin = 2").unwrap_err().to_string();
    assert!(err.contains("`pipeline[0]`: missing field `stage`"), "{err}");
}

#[test]
fn parameters_round_trip_through_toml_and_json() {
    let mut custom = renamed(48);
    custom.supply_walk = Some(30);
    custom.pipeline.truncate(9);
    for params in [Params::default(), renamed(32), custom] {
        let text = toml::to_string(&params).unwrap();
        assert_eq!(toml::from_str::<Params>(&text).unwrap(), params, "{text}");
        assert_eq!(resolve(&text).unwrap(), params, "{text}");
        let json = serde_json::to_string(&params).unwrap();
        assert_eq!(serde_json::from_str::<Params>(&json).unwrap(), params, "{json}");
    }
    let s = ship(24, "round trip");
    assert_eq!(
        serde_json::from_str::<starship::Board>(&serde_json::to_string(&s).unwrap()).unwrap(),
        s
    );
}

#[test]
fn stage_by_stage_view_has_one_snapshot_per_stage() {
    let params = Params::default();
    let mut recorder = Recorder::new(1);
    let s = Starship::generate_with(&params, &Seed::new("views"), &mut recorder).unwrap();
    let views = recorder.snapshots;
    assert_eq!(views.len(), params.pipeline.len());
    assert_eq!(
        s,
        Starship::generate(&params, &Seed::new("views")).unwrap(),
        "watching changes nothing"
    );
    assert_eq!(views.last().unwrap().tiles, s.tiles);
    // The shape comes first: after it, only space and floor.
    assert!(views[0].tiles.iter().all(|r| r.chars().all(|c| c == ' ' || c == '.')));
}

#[test]
fn same_seed_same_ship() {
    crate::same_seed_same_json(|seed| ship(40, seed), "again", "again!");
}

#[test]
fn bad_parameters_name_what_is_wrong() {
    crate::assert_refused::<Params>(&[
        ("width = 0", "`width`"),
        ("width = 100000", "`width`"),
        (
            "[[pipeline]]\nstage = \"warp_drive\"",
            "`pipeline[0].stage`: unknown stage `warp_drive`; stages: shape,",
        ),
        (
            "[[pipeline]]\nstage = \"shape\"\nwobble = 3",
            "`pipeline[0].wobble`: unknown field `wobble`",
        ),
        ("hull = 3", "unknown parameter `hull`"),
    ]);
    // A stage field of the wrong kind is named with what it should be: its
    // range where it has one, as the form shows it.
    for (fields, wanted) in [
        (
            "stage = \"weapons\"\nmin_score = -1",
            "`pipeline[0].min_score`: -1 is not allowed; expected an integer from 0 to",
        ),
        (
            "stage = \"shape\"\nmin_modules = -3",
            "`pipeline[0].min_modules`: -3 is not allowed; expected an integer from 1 to 50",
        ),
        (
            "stage = \"weapons\"\nmin_score = \"x\"",
            "`pipeline[0].min_score`: \"x\" is not allowed; expected an integer from 0 to",
        ),
        (
            "stage = \"thrusters\"\nvariants = [{ name = \"thruster_small\", role = \"banana\" }]",
            "`pipeline[0].variants[0].role`: \"banana\" is not allowed; expected \"thruster\" or \"weapon\"",
        ),
        (
            "stage = \"weapons\"\nfacing_weights = [1, 2]",
            "`pipeline[0].facing_weights`: [1, 2] is not allowed; expected a list of 4 numbers",
        ),
        ("stage = \"crew\"\nquarters_size = [3.5, 2]", "expected a list of 2 whole numbers"),
        (
            "stage = \"weapons\"\nvariants = [{ name = \"weapon_small\", w = -2 }]",
            "`pipeline[0].variants[0].w`: -2 is not allowed",
        ),
        (
            "stage = \"weapons\"\nvariants = [{ name = \"weapon_small\", symbol = \"ab\" }]",
            "expected one character",
        ),
        (
            "stage = \"fill_gaps\"\niterations = true",
            "`pipeline[0].iterations`: true is not allowed; expected an integer from 0 to 16",
        ),
    ] {
        let message = crate::resolve_error::<Params>(&format!("[[pipeline]]\n{fields}"));
        assert!(message.contains(wanted), "{fields}: {message}");
    }
}

/// Every stage field, variant field and count outside its range is refused,
/// naming the stage and the field; so are symbols and names that clash, and
/// pipelines whose work over all attempts is too much.
#[test]
fn out_of_range_stage_fields_are_refused_by_name() {
    let stage = |name: &str, fields: &str| format!("[[pipeline]]\nstage = \"{name}\"\n{fields}\n");
    let laser = |name: &str, symbol: &str, role: &str| {
        format!("{{ name = \"{name}\", role = \"{role}\", w = 1, h = 2, score = 1, weight = 1.0, symbol = \"{symbol}\" }}")
    };
    let weapons = |variants: &[String]| stage("weapons", &format!("variants = [{}]", variants.join(", ")));
    // One stage with one field out of range: refused, naming the stage and the field.
    let one_field: [(&str, &str, &str); 27] = [
        ("power_storage", "min = 3\nmax = 2", "min"),
        ("ammo_supplies", "max = 1000000000", "max"),
        ("crew", "bunks = 33", "bunks"),
        ("crew", "bunks_size = [2, 9]", "bunks_size"),
        ("cockpit", "w = 0", "w"),
        ("reactor", "h = 100", "h"),
        ("cockpit_armor", "layers = 1000000000", "layers"),
        ("fill_gaps", "scan_range = 1000000000", "scan_range"),
        ("fill_gaps", "iterations = 17", "iterations"),
        ("shape", "min_modules = 0", "min_modules"),
        ("shape", "max_modules = 1000000000", "max_modules"),
        ("shape", "min_modules = 12\nmax_modules = 11", "min_modules"),
        ("shape", "max_size = 1.5", "max_size"),
        ("shape", "min_size = 0.5\nmax_size = 0.4", "min_size"),
        ("shape", "circle_weight = 0.0\nrectangle_weight = 0.0", "rectangle_weight"),
        ("shape", "circle_weight = -1.0", "circle_weight"),
        ("extra_doors", "door_threshold = 0", "door_threshold"),
        ("thrusters", "max_score = 201", "max_score"),
        ("thrusters", "min_score = 50\nmax_score = 40", "min_score"),
        ("weapons", "facing_weights = [0.0, 0.0, 0.0, 0.0]", "facing_weights"),
        ("weapons", "variants = []", "variants"),
        ("shape", "nose = 0.9", "nose"),
        ("shape", "spine = -0.1", "spine"),
        ("thrusters", "score_per_1000_tiles = 201.0", "score_per_1000_tiles"),
        ("ammo_supplies", "per_1000_tiles = 1e9", "per_1000_tiles"),
        ("crew", "quarters_per_1000_tiles = -1.0", "quarters_per_1000_tiles"),
        ("crew", "bunks_per_1000_tiles = 101.0", "bunks_per_1000_tiles"),
    ];
    let mut cases: Vec<(String, String)> = vec![
        (stage("ammo_supplies", "w = 0"), "`pipeline[0] (ammo_supplies).w`: 0"),
        (stage("power_storage", "h = 9"), "`pipeline[0] (power_storage).h`: 9"),
        (
            stage("shape", "") + &stage("crew", "quarters = 1000000000"),
            "`pipeline[1] (crew).quarters`",
        ),
        (
            stage("crew", "quarters_size = [0, 2]"),
            "`pipeline[0] (crew).quarters_size`: [0, 2]",
        ),
        (
            weapons(&[laser("laser", "L", "cockpit")]),
            "`pipeline[0] (weapons).variants[0].role`",
        ),
        (weapons(&[laser("", "L", "weapon")]), "`pipeline[0] (weapons).variants[0].name`"),
        (
            weapons(&[laser(&"x".repeat(65), "L", "weapon")]),
            "`pipeline[0] (weapons).variants[0].name`",
        ),
        (
            weapons(&[laser("floor", "L", "weapon")]),
            "`pipeline[0] (weapons).variants[0].name`",
        ),
        (
            weapons(&[laser("laser", "C", "weapon")]),
            "`pipeline[0] (weapons).variants[0].symbol`",
        ),
        (
            weapons(&[laser("laser", " ", "weapon")]),
            "`pipeline[0] (weapons).variants[0].symbol`",
        ),
        (
            weapons(&[laser("laser", "L", "weapon"), laser("maser", "L", "weapon")]),
            "`pipeline[0] (weapons).variants[1].symbol`",
        ),
        (
            weapons(&[laser("laser", "L", "weapon"), laser("laser", "M", "weapon")]),
            "`pipeline[0] (weapons).variants[1].symbol`",
        ),
        (
            weapons(&[laser("laser", "L", "weapon")]) + &stage("thrusters", &format!("variants = [{}]", laser("laser", "L", "thruster"))),
            "`pipeline[1] (thrusters).variants[0].role`",
        ),
        (
            "max_attempts = 1000".to_string(),
            "`max_attempts`: 1000 is not allowed; expected at most 36",
        ),
        (stage("exterior_armor", "").repeat(65), "`pipeline`: 65 stages"),
        (
            stage("crew", "quarters = 32\nbunks = 32\nquarters_size = [8, 8]\nbunks_size = [8, 8]").repeat(30),
            "`pipeline`",
        ),
    ]
    .into_iter()
    .map(|(text, expected)| (text, expected.to_string()))
    .collect();
    cases.extend(one_field.map(|(name, fields, field)| (stage(name, fields), format!("`pipeline[0] ({name}).{field}`"))));
    for (text, expected) in &cases {
        let err = resolve(text).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains(expected), "{text}\ngave: {err}\nexpected: {expected}");
    }
    // The edges of each range, and the same variant in two stages, are accepted.
    let fine = [
        stage(
            "crew",
            "quarters = 32\nbunks = 0\nquarters_size = [8, 8]\nquarters_per_1000_tiles = 0.0\nbunks_per_1000_tiles = 0.0",
        ),
        stage(
            "shape",
            "min_modules = 50\nmax_modules = 50\nmin_size = 1.0\nmax_size = 1.0\ncircle_weight = 0.0",
        ),
        weapons(&[laser("laser", "L", "weapon")]) + &weapons(&[laser("laser", "L", "weapon")]),
        stage("exterior_armor", "").repeat(62),
        "max_attempts = 36".to_string(),
    ];
    for text in &fine {
        // With the cockpit and reactor every ship needs (the default pipeline has them).
        let text = if text.contains("[[pipeline]]") {
            format!("{text}{}{}", stage("cockpit", ""), stage("reactor", ""))
        } else {
            text.clone()
        };
        resolve(&text).unwrap_or_else(|e| panic!("{text}\ngave: {e}"));
    }
}

#[test]
fn golden_json() {
    let json = serde_json::to_string_pretty(&ship(24, "golden")).unwrap() + "\n";
    crate::golden("starship-24-golden.json", &json);
}

/// The public grid walks as the metrics measure and as the crew's view
/// (rebuilt here from the JSON fields) walks: the longest weapon-to-ammo
/// and thruster-to-power walks, every tile's walkability, part and steps,
/// and the distances from the cockpit.
#[test]
fn the_grid_walks_as_the_metrics_and_the_crew_view_do() {
    for i in 0..50 {
        let size = [24, 32, 40][i % 3];
        let s = ship(size, &format!("grid-{i}"));
        let grid = s.grid();
        let v = View::new(&s).unwrap();
        let metrics = [
            (Role::Weapon, s.metrics.longest_weapon_to_ammo_walk),
            (Role::Thruster, s.metrics.longest_thruster_to_power_walk),
        ];
        for (role, longest) in metrics {
            let walks = s.parts.iter().filter(|p| p.role == role).map(|p| grid.walk(p, role.suppliers()));
            let walks: Vec<u32> = walks.map(|w| w.expect("a supplier within reach")).collect();
            assert!(!walks.is_empty(), "seed {i}: no {role:?}");
            assert_eq!(walks.into_iter().max(), Some(longest), "seed {i}: {role:?}");
        }
        for t in 0..v.w * v.h {
            let (x, y) = ((t % v.w) as u32, (t / v.w) as u32);
            assert_eq!(grid.is_walkable(x, y), v.walkable(t), "seed {i}: ({x}, {y})");
            assert_eq!(grid.part_at(x, y).map(|p| p.id as usize), v.owner[t], "seed {i}: ({x}, {y})");
            let mut steps: Vec<usize> = grid
                .walkable_neighbors(x, y)
                .into_iter()
                .map(|(x, y)| y as usize * v.w + x as usize)
                .collect();
            steps.sort_unstable();
            let mut expected: Vec<usize> = v.neighbors(t).into_iter().filter(|&n| v.step(t, n)).collect();
            expected.sort_unstable();
            assert_eq!(steps, expected, "seed {i}: ({x}, {y})");
        }
        let cockpit = s.parts.iter().position(|p| p.role == Role::Cockpit).unwrap();
        let expected: Vec<Option<u32>> = v
            .walk(&v.tiles_of(cockpit))
            .into_iter()
            .map(|d| (d != u32::MAX).then_some(d))
            .collect();
        assert_eq!(grid.distances(&s.parts[cockpit]), expected, "seed {i}");
        assert!(grid.tile(size, 0).is_none() && !grid.is_walkable(0, size) && grid.walkable_neighbors(size, size).is_empty());
        assert_eq!(grid.tile(0, 0), Some(starship::Tile::Space));
    }
}

/// Default ships at 40 × 40 over `n` seeds, made on two threads.
fn default_ships(prefix: &str, n: usize) -> Vec<(String, starship::Board)> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|half| {
                scope.spawn(move || {
                    (0..n)
                        .filter(|i| i % 2 == half)
                        .map(|i| {
                            let seed = format!("{prefix}-{i}");
                            let s = ship(40, &seed);
                            (seed, s)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    })
}

/// Thrusters face the way the ship can use them: none blows forwards from
/// the front quarter of the ship's length (the nose), each forward one sits
/// on a shoulder (the hull reaches further forward beside it), and most
/// face backwards, as in the original; weapons still face mostly forwards.
#[test]
fn thrusters_never_blow_out_of_the_nose() {
    let (mut back, mut thrusters, mut forward_guns, mut guns) = (0, 0, 0, 0);
    for (seed, s) in default_ships("exhaust", 200) {
        let rows: Vec<usize> = (0..s.tiles.len()).filter(|&y| s.tiles[y].chars().any(|c| c != ' ')).collect();
        let (tip, tail) = (rows[0] as u32, rows[rows.len() - 1] as u32);
        let length = f64::from(tail - tip + 1);
        for p in &s.parts {
            match (p.role, p.facing) {
                (Role::Thruster, Some(f)) => {
                    thrusters += 1;
                    back += usize::from(f == Facing::Down);
                    if f == Facing::Up {
                        let behind = f64::from(p.rect.y - tip);
                        assert!(
                            behind >= length / 4.0,
                            "seed {seed}: {} {} blows forwards {behind} rows behind the nose's tip, of {length}",
                            p.kind,
                            p.id
                        );
                        let ahead = s.tiles[..p.rect.y as usize].iter().any(|r| r.chars().any(|c| c != ' '));
                        assert!(ahead, "seed {seed}: {} {} is at the front", p.kind, p.id);
                    }
                }
                (Role::Weapon, Some(f)) => {
                    guns += 1;
                    forward_guns += usize::from(f == Facing::Up);
                }
                _ => {}
            }
        }
    }
    assert!(back * 2 > thrusters, "{back} of {thrusters} thrusters face backwards");
    assert!(forward_guns * 2 > guns, "{forward_guns} of {guns} weapons face forwards");
}

/// Floor is corridors, not halls: after filling with armor, bare floor is
/// on average under 30 % of the hull of a default ship (200 seeds; it was
/// 48 % when armor kept to the parts' detour, 35 % before crew rooms packed
/// along the corridors that stay, their doors on them, and filling left no
/// dead end), and no more than 38 % on any; few 2 × 2 squares of floor are
/// left; every guarantee (every corridor walkable) still holds.
#[test]
fn floor_is_corridors_not_halls() {
    let ships = default_ships("floor", 200);
    let mut shares = Vec::new();
    let mut squares = 0;
    for (seed, s) in &ships {
        check(s).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let count = |c: char| s.tiles.iter().flat_map(|r| r.chars()).filter(|&t| t == c).count() as f64;
        let hull = s.tiles.iter().flat_map(|r| r.chars()).filter(|&t| t != ' ').count() as f64;
        let share = count('.') / hull;
        assert!(share <= 0.38, "seed {seed}: bare floor is {:.1} % of the hull", share * 100.0);
        shares.push(share);
        let rows: Vec<Vec<char>> = s.tiles.iter().map(|r| r.chars().collect()).collect();
        for y in 0..rows.len() - 1 {
            for x in 0..rows[y].len() - 1 {
                squares += usize::from([rows[y][x], rows[y][x + 1], rows[y + 1][x], rows[y + 1][x + 1]] == ['.'; 4]);
            }
        }
    }
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    assert!(mean < 0.30, "bare floor is {:.1} % of the hull on average", mean * 100.0);
    let per_ship = squares as f64 / ships.len() as f64;
    assert!(per_ship <= 6.0, "{per_ship:.1} squares of 2 x 2 floor a ship");
}

/// Every stage field's doc says the range its check holds it to, as
/// `(MIN to MAX)` (a large bound as `1e6`): the doc cannot drift from
/// the declaration.
#[test]
fn stage_field_docs_say_their_checked_ranges() {
    let written = |x: f64| if x >= 1e6 { format!("{x:e}") } else { format!("{x}") };
    for field in <Params as params::Params>::table_fields("pipeline") {
        // A variant's weights and facings are checked together, not one by one.
        let (Some(min), Some(max)) = (field.min, field.max) else { continue };
        let upper = format!("to {}", written(max));
        assert!(
            field.doc.contains(&upper),
            "{}.{}: {:?} does not say {upper:?}",
            field.table,
            field.name,
            field.doc
        );
        // The lower bound, unless the doc names the field it follows (`min_modules to 50`).
        let said = field.doc.split(&upper).next().and_then(|head| head.rsplit(['(', ' ']).nth(1));
        if let Some(lower) = said.and_then(|w| w.parse::<f64>().ok()) {
            assert_eq!(lower, min, "{}.{}: {:?}", field.table, field.name, field.doc);
        }
    }
}
