//! A game set up on a board: the table read once from the board, the seats'
//! order of picking starts, and any starts a remedy assigns.

use std::sync::Arc;

use super::*;

impl Game {
    /// A new game on `board` for `players` players (2 to 9, at most the
    /// board's mission nodes), by `rules`: no icon drawn yet, the first
    /// player to pick a start by the rules' start order.
    pub fn new(board: &Board, players: usize, rules: &Rules) -> Result<Game, PlayError> {
        let params = &board.header.params;
        let names: Vec<&str> = params.node_types.iter().map(|t| t.name.as_str()).collect();
        rules.check(&names).map_err(PlayError)?;
        let starts: Vec<u32> = board.nodes.iter().filter(|n| n.kind == NodeKind::Mission).map(|n| n.id).collect();
        if !(2..=9).contains(&players) || players > starts.len() {
            return Err(PlayError(format!(
                "players: {players} is not allowed; 2 to 9, and at most the board's {} starting nodes",
                starts.len()
            )));
        }
        let centre = board
            .nodes
            .iter()
            .find(|n| n.kind == NodeKind::Center)
            .ok_or_else(|| PlayError("the board has no centre node".to_string()))?;
        if board.edges.iter().flatten().any(|&v| v as usize >= board.nodes.len()) {
            return Err(PlayError("an edge names a node the board does not have".to_string()));
        }
        let paper = Paper::new(board);
        let adjacency = Adjacency::new(board.nodes.len(), &board.edges);
        let type_index = |name: &str| params.node_types.iter().position(|t| t.name == name).map(|i| i as u32);
        let kind: Vec<u32> = board
            .nodes
            .iter()
            .map(|n| match (n.kind, &n.node_type) {
                (NodeKind::Regular, Some(name)) => type_index(name).unwrap_or(u32::MAX),
                _ => u32::MAX,
            })
            .collect();
        let effect = kind
            .iter()
            .map(|&k| match params.node_types.get(k as usize) {
                Some(t) => rules
                    .effects
                    .get(&t.name)
                    .cloned()
                    .unwrap_or_else(|| Effect::of_actions(&t.actions)),
                None => Effect::default(),
            })
            .collect();
        let needs = board
            .nodes
            .iter()
            .zip(&kind)
            .map(|(n, &k)| {
                let from = params.node_types.get(k as usize)?.number_from.as_deref()?;
                Some((type_index(from)?, n.number?))
            })
            .collect();
        let quarter = board
            .nodes
            .iter()
            .map(|n| u8::from(n.x >= centre.x) + 2 * u8::from(n.y >= centre.y))
            .collect();
        let mut first_dot = Vec::with_capacity(board.nodes.len() + 1);
        let mut total = 0u32;
        for n in &board.nodes {
            first_dot.push(total);
            total += n.dots.len() as u32;
        }
        first_dot.push(total);
        let remedy = rules.remedy.as_ref().unwrap_or(&board.remedy);
        remedy.check(players).map_err(|e| PlayError(format!("the board's {e}")))?;
        let picks = start_picks(rules, remedy, players)?;
        let assigned = assigned_starts(board, remedy)?;
        let table = Table {
            picks,
            assigned,
            first_without_action: *remedy == Remedy::FirstMoveWithoutAction,
            teleports: (0..players).map(|s| remedy.teleports(s)).collect(),
            adjacency,
            edges: board.edges.clone(),
            effect,
            kind,
            types: params.node_types.len(),
            needs,
            quarter,
            border: board.nodes.iter().map(|n| !n.edge_sides.is_empty()).collect(),
            starts,
            centre: centre.id,
            first_dot,
            players,
            rules: rules.clone(),
            paper,
        };
        let mut live = Vec::new();
        let cut = vec![false; board.edges.len()];
        table.paper.live(&cut, &mut live);
        let seat = table.picks[0];
        let nodes = board.nodes.len();
        let mut game = Game {
            cut,
            live,
            dots: vec![FREE; total as usize],
            held: vec![0; players * nodes.div_ceil(64)],
            has_free: vec![false; nodes],
            alive: vec![false; nodes],
            quarters: vec![0; players],
            type_counts: Vec::new(),
            drawn: Vec::new(),
            drawn_cut: Vec::new(),
            seat,
            starts: vec![None; players],
            teleports: table.teleports.clone(),
            stepped: vec![false; players],
            skip: vec![false; players],
            extra: false,
            start_turns: 0,
            deal: 0,
            round: 0,
            winner: None,
            table: Arc::new(table),
        };
        game.refresh();
        Ok(game)
    }
}

/// The seats (from 0) in the order they take starting nodes: the rules'
/// `start_picks`, else the remedy's order, else each seat once by
/// `start_order`. Refused unless every seat picks once or twice.
fn start_picks(rules: &Rules, remedy: &Remedy, players: usize) -> Result<Vec<usize>, PlayError> {
    let given = &rules.start_picks;
    if given.is_empty() {
        return Ok(remedy.picks(players).unwrap_or_else(|| rules.start_order.seats(players)));
    }
    let times = |seat: u32| given.iter().filter(|&&s| s == seat).count();
    if given.iter().any(|&s| !(1..=players as u32).contains(&s)) || (1..=players as u32).any(|s| !(1..=2).contains(&times(s))) {
        return Err(PlayError(format!(
            "start_picks: {given:?} is not allowed; seats from 1 to {players}, each once or twice (twice: a second start)"
        )));
    }
    Ok(given.iter().map(|&s| s as usize - 1).collect())
}

/// The starting node of each seat under [`Remedy::AssignedStarts`], by
/// its label (none under any other remedy); a label the board does not
/// print is refused.
fn assigned_starts(board: &Board, remedy: &Remedy) -> Result<Vec<u32>, PlayError> {
    let Remedy::AssignedStarts { starts } = remedy else {
        return Ok(Vec::new());
    };
    let labels = board.start_labels();
    starts
        .iter()
        .map(|wanted| {
            labels.iter().find(|(_, l)| l == wanted).map(|(node, _)| *node).ok_or_else(|| {
                let all: Vec<&str> = labels.iter().map(|(_, l)| l.as_str()).collect();
                PlayError(format!(
                    "the board's remedy.starts: {wanted:?} is not a start on this board; its starts are {}",
                    all.join(", ")
                ))
            })
        })
        .collect()
}
