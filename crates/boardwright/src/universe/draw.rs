//! A universe board drawn on one landscape page (any paper, or a tile of
//! sheets) for cutting along its edges.
//!
//! Layout: the legend takes the bottom of the printable area (8 mm in from
//! the paper's edge) and the board the rest, one grid unit to a fixed number
//! of millimetres. A legend that would take more than [`LEGEND_SHARE`] of
//! the printable height (every expansion, a small paper) goes to a page of
//! its own after the board, and the board's page keeps only its caption.
//! Over several sheets the board is parted at each overlap strip
//! ([`frame`]), so that no node or piece lies within 5 mm of one, and the
//! legend keeps to the first column and last row of sheets. Around the board runs its edge line, outside every node:
//! players cut the sheet along it before play, starting at the scissors
//! beside its bottom-left corner, and it is the paper's edge the rules speak
//! of. The quadrant lines run through the centre, under the nodes.
//!
//! Every node of a kind is drawn at one size, the largest the board allows
//! ([`sizes`]): every edge shows at least [`EDGE_SHOWN`] of line between its
//! two nodes, and no node meets another, an edge it is not on, or the board's
//! edge line; an edge passing so near a node that it would shrink them all
//! is bent round it instead ([`bends`]). Inside each node its pictogram, number and name sit in a band
//! its power dots keep out of ([`face`]); on the smallest nodes the
//! pictogram and number lie over the dots ([`marks`]), and a page where even
//! they do not fit is refused ([`unprintable`]).
//!
//! Each node's shapes form a group tagged `node` with its id, the centre of
//! its outline (`x`, `y`) and its reach (`r`, the radius of everything drawn
//! for it); in it, its pictogram is a group tagged `pictogram`, its words
//! `label`, its number `number` (over the dots, on a white `patch`) or a
//! mission node's start letter `start-label` in its place, its
//! power dots `dot`. Each edge is tagged
//! `edge` with its two node ids (`a`, `b`), each piece of one bent across a
//! seam or round a node alike; the expansions' pieces as
//! [`pieces`] tells; the board's edge line
//! `board-edge`, the scissors `scissors`, the quadrant lines `quadrant`.

use scene::{Anchor, Document, Shape, Style, Tag};

use super::{Board, NodeKind, icons};
use crate::print::{self, INK, MARGIN};
use crate::{DrawOptions, Unprintable};

mod bends;
mod check;
mod face;
mod frame;
mod legend;
mod look;
mod marks;
mod outline;
mod pieces;
mod rules_card;
mod sizes;

pub(super) use check::unprintable;
use face::Fonts;
use look::{EDGE, LIGHT, Look};
pub(crate) use rules_card::pages as rules_card;
use sizes::Sizes;

/// The most of the printable height the legend takes beside the board;
/// a longer one gets a page of its own.
pub(crate) const LEGEND_SHARE: f64 = 0.25;

/// Boards with more nodes than this are not drawn (they would not be legible
/// on a sheet, and their drawing would run to tens of megabytes): [`draw`]
/// gives such a board a page that says so, with no node on it, and
/// [`Printed::check_drawable`](crate::Printed::check_drawable) refuses
/// parameters that lay out more points than this
/// ([`Params::node_count`](super::Params::node_count)). Write JSON instead.
pub const MAX_DRAWN_NODES: u64 = 20_000;

/// Why a board of `nodes` nodes is not drawn, if it is past [`MAX_DRAWN_NODES`].
pub(super) fn too_large(nodes: u64) -> Option<Unprintable> {
    (nodes > MAX_DRAWN_NODES)
        .then(|| Unprintable::too_large(format!("a board of {nodes} nodes is too large to draw (at most {MAX_DRAWN_NODES})")))
}

/// A line on the page through its points, millimetres.
type Path = Vec<(f64, f64)>;

/// Largest reach of a regular node, in grid units.
const REACH: f64 = 0.3;
/// Largest reach of a mission node, in grid units: a square reaches
/// farther than a circle of its size (to its corners, and to a power dot on
/// one), so that it may be as large as the regular nodes. The board keeps
/// this much room on every side for the missions on its border.
const MISSION_REACH: f64 = 0.5;
/// The smallest font of words a player reads, millimetres (capitals about
/// 1.4 mm tall).
const MIN_TEXT: f64 = 2.0;
/// Largest reach of the centre, in grid units.
const CENTER_REACH: f64 = 0.42;

/// The largest expedition or landmark, as a part of a grid unit.
const EXPEDITION_MOST: f64 = 0.7;
/// The largest natural resource's reach, as a part of a grid unit.
const RESOURCE_MOST: f64 = 0.2;
/// Largest reach of a node of `kind`, in grid units, as drawn (what the
/// pieces placed between the nodes keep clear of).
pub(crate) fn node_most(kind: NodeKind) -> f64 {
    match kind {
        NodeKind::Regular => REACH,
        NodeKind::Mission => MISSION_REACH,
        NodeKind::Center => CENTER_REACH,
    }
}

/// Line every edge shows between its two nodes, millimetres (3 mm and a
/// little to spare for rounding in the SVG).
pub const EDGE_SHOWN: f64 = 3.05;
/// Room kept between a node and an edge it is not on, and between two
/// nodes, millimetres.
const CLEARANCE: f64 = 0.5;
/// Width of an edge's line, millimetres.
const EDGE_WIDTH: f64 = 0.45;
/// Space between the board's edge line and the legend, millimetres.
const LEGEND_GAP: f64 = 3.0;
/// Width of the board's edge line, millimetres.
const BOARD_EDGE_WIDTH: f64 = 0.35;
/// Room a node keeps from the board's edge line's middle, millimetres.
const EDGE_GAP: f64 = CLEARANCE + BOARD_EDGE_WIDTH;
/// Side of the scissors beside the board's edge line, and the room between
/// them, millimetres.
const SCISSORS: f64 = 4.0;
const SCISSORS_GAP: f64 = 0.5;
/// Length of a quadrant line's dashes, millimetres.
const QUADRANT_DASH: f64 = 1.2;

/// The edges' lines.
fn edge_line() -> Style {
    Style::stroke(EDGE, EDGE_WIDTH)
}

/// The quadrant lines: light and dashed, never a cut.
fn quadrant_line() -> Style {
    Style::stroke(LIGHT, 0.3).dashed(QUADRANT_DASH)
}

/// The board's edge line: solid ink, all round the board.
fn board_edge_line() -> Style {
    Style::stroke(INK, BOARD_EDGE_WIDTH)
}

/// Draws `board` as a one-page document; a board of more than
/// [`MAX_DRAWN_NODES`] nodes as a page that says it is too large to draw,
/// and nothing else.
pub fn draw(board: &Board, options: DrawOptions) -> Document {
    let mut page = print::page(&options);
    let title = format!("Universe board, seed {}", board.header.seed);
    if let Some(why) = too_large(board.nodes.len() as u64) {
        page.shapes
            .push(print::text((MARGIN, MARGIN + 5.0), why.to_string(), 3.5, Anchor::Start, INK));
        return Document { title, pages: vec![page] };
    }
    let look = Look::new(board, &options);
    let Placed {
        entries,
        lines,
        legend_page,
        legend_h,
        inner_w,
        frame,
        paths,
        at,
        sizes,
        tiny,
    } = place(board, &options, &look, &page);
    let fonts = Fonts::new(board, &sizes);

    // Each node's edges as they leave it: unit vectors along their first pieces.
    let mut leaving: Vec<Vec<(f64, f64)>> = vec![Vec::new(); board.nodes.len()];
    for (&[a, b], path) in board.edges.iter().zip(&paths) {
        let last = path.len() - 1;
        for (v, from, to) in [(a, path[0], path[1]), (b, path[last], path[last - 1])] {
            let (dx, dy) = (to.0 - from.0, to.1 - from.1);
            let d = dx.hypot(dy);
            if d > 0.0 {
                leaving[v as usize].push((dx / d, dy / d));
            }
        }
    }
    let mut groups = Vec::with_capacity(board.nodes.len());
    // The board's edge line runs round everything drawn for the nodes.
    let mut edge = [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY];
    for node in &board.nodes {
        let (x, y) = at[node.id as usize];
        let shapes = face::node_shapes(node, &look, &fonts, (x, y), sizes.of(node.kind), &leaving[node.id as usize]);
        let reach = sizes.reach(node);
        edge = [
            edge[0].min(x - reach),
            edge[1].min(y - reach),
            edge[2].max(x + reach),
            edge[3].max(y + reach),
        ];
        let tag = Tag::new("node")
            .with("id", node.id)
            .with_mm("x", x)
            .with_mm("y", y)
            .with_mm("r", reach);
        groups.push(Shape::Group { tag, shapes });
    }
    let out = CLEARANCE + BOARD_EDGE_WIDTH / 2.0;
    let edge = [edge[0] - out, edge[1] - out, edge[2] + out, edge[3] + out];
    let shapes = &mut page.shapes;
    shapes.push(
        Shape::Rect {
            origin: (edge[0], edge[1]),
            size: (edge[2] - edge[0], edge[3] - edge[1]),
            style: board_edge_line(),
        }
        .tagged(Tag::new("board-edge")),
    );
    // The scissors left of the bottom-left corner, pointing along the bottom line.
    let scissors = (edge[0] - SCISSORS_GAP - SCISSORS, edge[3] - SCISSORS / 2.0);
    shapes.push(Shape::Group {
        tag: Tag::new("scissors"),
        shapes: icons::scissors(look.icon)
            .iter()
            .map(|s| print::place(s, scissors, SCISSORS))
            .collect(),
    });
    if let Some(center) = board.nodes.iter().find(|n| n.kind == NodeKind::Center) {
        let (cx, cy) = at[center.id as usize];
        for (from, to) in [((cx, edge[1]), (cx, edge[3])), ((edge[0], cy), (edge[2], cy))] {
            let style = quadrant_line();
            shapes.push(Shape::Line { from, to, style }.tagged(Tag::new("quadrant")));
        }
    }
    // An edge bent across a seam is drawn as its pieces, each tagged as the edge.
    for (&[a, b], path) in board.edges.iter().zip(&paths) {
        for piece in path.windows(2) {
            shapes.push(
                Shape::Line {
                    from: piece[0],
                    to: piece[1],
                    style: edge_line(),
                }
                .tagged(Tag::new("edge").with("a", a).with("b", b)),
            );
        }
    }
    shapes.extend(pieces::shapes(board, &at, &paths, &frame, &sizes, &tiny, &look));
    shapes.extend(groups);
    let on_board: &[print::Entry] = if legend_page { &[] } else { &entries };
    shapes.push(print::legend(
        on_board,
        &lines,
        (MARGIN, page.height - MARGIN - legend_h),
        inner_w,
        false,
    ));
    let mut pages = vec![page];
    if legend_page {
        let mut legend = scene::Page::landscape(options.paper);
        let width = legend.width - 2.0 * MARGIN;
        let lines = caption(board, &options).flowing(width);
        legend.shapes.push(print::legend(&entries, &lines, (MARGIN, MARGIN), width, false));
        pages.push(legend);
    }
    Document { title, pages }
}

/// The `aspect` (to two places) that lays a board of `params` out to fill
/// the room `options` leave it: the page less its margins, the legend,
/// the scissors and the overlap strips with their clear bands. The sizes
/// `aspect` can give are ranked by how near the room's their shape comes,
/// reckoned as a board reaching half a unit past its outer points and
/// beside each cut at a strip (the most a part reaches there). On
/// boards of up to [`SHAPED_NODES`] nodes the five nearest are laid out
/// for three seeds (without `fair_play`) and drawn, and the one whose
/// nodes fill the room best on the least filled is taken (the room between
/// each two strips counted apart, so that a blank beside a strip is room
/// unfilled): a board a few rows high loses more to points relaxed
/// inwards. The legend is measured
/// on a board of the player count's size. `None` when no board of
/// `params` can be made.
pub(super) fn sheets_aspect(params: &super::Params, options: &DrawOptions) -> Option<f64> {
    let page = print::page(options);
    let [across, down] = print::seams(options.paper, options.tile);
    let banded = |bands: &[(f64, f64)]| bands.iter().map(|(a, b)| b - a).sum::<f64>();
    let once = |aspect: Option<f64>| super::Params {
        fair_play: 0,
        aspect,
        ..params.clone()
    };
    let make = |params: &super::Params, seed: &str| <super::Universe as crate::Generator>::generate(params, &crate::Seed::new(seed)).ok();
    let width = page.width - 2.0 * MARGIN - SCISSORS - SCISSORS_GAP - banded(&across);
    // The room's height beside the legend of `board`, and how much of the
    // room the board's nodes fill.
    let filled = |board: &Board| {
        let look = Look::new(board, options);
        let placed = place(board, options, &look, &page);
        let height = page.height - 2.0 * MARGIN - placed.legend_h - LEGEND_GAP - banded(&down);
        // The outlines, as players see the board's extent, in each room
        // between the strips: a gap beside a strip is room not filled.
        let outlines: Vec<(f64, f64, f64)> = board
            .nodes
            .iter()
            .zip(&placed.at)
            .map(|(node, &(x, y))| (x, y, placed.sizes.of(node.kind)))
            .collect();
        let spans = |bands: &[(f64, f64)], at: fn(&(f64, f64, f64)) -> f64| {
            let mut rooms = vec![(f64::INFINITY, f64::NEG_INFINITY); bands.len() + 1];
            for o in &outlines {
                let (c, r) = (at(o), o.2);
                let room = &mut rooms[bands.iter().filter(|b| b.1 <= c).count()];
                *room = (room.0.min(c - r), room.1.max(c + r));
            }
            rooms.iter().filter(|r| r.1 > r.0).map(|r| r.1 - r.0).sum::<f64>()
        };
        let fill = (spans(&across, |o| o.0) / width).min(spans(&down, |o| o.1) / height);
        (height, fill)
    };
    let small = super::Params {
        resolution: None,
        start_layouts: 1,
        ..once(None)
    };
    let (height, _) = filled(&make(&small, "sheets")?);
    let room = height / width;
    let drawn = |(w, h): (u32, u32)| {
        let parted = |w: u32, cuts: usize| f64::from(w) + 2.0 * MISSION_REACH * (1 + cuts) as f64;
        // How far apart the two shapes are, as a ratio of 1 or more.
        let ratio = parted(h, down.len()) / parted(w, across.len()) / room;
        ratio.max(1.0 / ratio)
    };
    let mut sizes: Vec<((u32, u32), f64)> = Vec::new();
    for aspect in (20..=500).map(|k| f64::from(k) / 100.0) {
        let size = once(Some(aspect)).size();
        if !sizes.iter().any(|(s, _)| *s == size) {
            sizes.push((size, aspect));
        }
    }
    sizes.sort_by(|a, b| drawn(a.0).total_cmp(&drawn(b.0)));
    if params.node_count() > SHAPED_NODES {
        return sizes.first().map(|s| s.1);
    }
    let least = |aspect: f64| {
        let fills: Option<Vec<f64>> = ["sheets", "sheets-1", "sheets-2"]
            .iter()
            .map(|seed| make(&once(Some(aspect)), seed).map(|b| filled(&b).1))
            .collect();
        fills.map(|f| f.into_iter().fold(f64::INFINITY, f64::min))
    };
    let tried = sizes
        .iter()
        .take(TRIED_SIZES)
        .filter_map(|&(_, aspect)| Some((aspect, least(aspect)?)));
    // The first of the best.
    tried
        .fold(
            None,
            |best: Option<(f64, f64)>, t| if best.is_some_and(|b| b.1 >= t.1) { best } else { Some(t) },
        )
        .map(|(aspect, _)| aspect)
}

/// The most nodes a board has for [`sheets_aspect`] to lay it out in
/// several sizes and draw them.
const SHAPED_NODES: u64 = 2_000;

/// The sizes [`sheets_aspect`] lays out and draws.
const TRIED_SIZES: usize = 5;

/// Where a board's nodes go on a page of `options` and how large they are
/// drawn, beside the legend and its caption.
struct Placed {
    entries: Vec<print::Entry>,
    lines: Vec<String>,
    /// Whether the legend has a page of its own ([`LEGEND_SHARE`]).
    legend_page: bool,
    /// The height of what the board's page shows of the legend.
    legend_h: f64,
    /// The legend's width.
    inner_w: f64,
    frame: frame::Frame,
    /// Each edge's line on the page: its two ends, and where it crosses a
    /// seam the bends round the gap ([`frame`]).
    paths: Vec<Path>,
    at: Vec<(f64, f64)>,
    sizes: Sizes,
    tiny: sizes::Tiny,
}

fn place(board: &Board, options: &DrawOptions, look: &Look, page: &scene::Page) -> Placed {
    let entries = legend::entries(board, look);
    // Over several sheets the legend keeps to the first column and the last
    // row, clear of their seams, so that no trimmed edge runs through its words.
    let [across, down] = print::seams(options.paper, options.tile);
    let inner_w = across.first().map_or(page.width - MARGIN, |band| band.0) - MARGIN;
    let tallest = down.last().map_or(f64::INFINITY, |band| page.height - MARGIN - band.1);
    let mut lines = caption(board, options).flowing(inner_w);
    let mut legend_h = print::legend_height(&entries, lines.len(), inner_w);
    let legend_page = legend_h > tallest.min(LEGEND_SHARE * (page.height - 2.0 * MARGIN));
    if legend_page {
        lines.push("The legend is on the next page.".to_string());
        legend_h = print::legend_height(&[], lines.len(), inner_w);
    }
    // Room on the left for the scissors beside the board's edge line.
    let area = Area {
        x0: MARGIN + SCISSORS + SCISSORS_GAP,
        y0: MARGIN,
        x1: page.width - MARGIN,
        y1: page.height - MARGIN - legend_h - LEGEND_GAP,
    };
    let frame = frame::Frame::new(board, &area, &[across, down]);
    let unit = frame.unit;
    let at: Vec<(f64, f64)> = board.nodes.iter().map(|n| frame.at((n.x, n.y))).collect();
    let paths: Vec<Path> = board
        .edges
        .iter()
        .map(|&[a, b]| {
            let (a, b) = (&board.nodes[a as usize], &board.nodes[b as usize]);
            frame.path((a.x, a.y), (b.x, b.y), (node_most(a.kind), node_most(b.kind)))
        })
        .collect();
    let cell = sizes::Buckets::cell_for(unit);
    let buckets = sizes::Buckets::new(&at, &paths, cell);
    // The sizes no edge passing a node limits: with no edge bucketed, none
    // is near a node it is not on.
    let unlimited = sizes::Buckets::new(&at, &[], cell);
    let goal = Sizes::new(board, &at, &paths, unit, &area, &unlimited, &sizes::Tiny::none(board.edges.len()));
    let paths = bends::bent(board, &at, paths, &buckets, &goal);
    let buckets = sizes::Buckets::new(&at, &paths, cell);
    // The nodes are sized first, the tiny nodes fit in what they leave; only
    // where that is too little are the nodes sized again round them.
    let sizes = Sizes::new(board, &at, &paths, unit, &area, &buckets, &sizes::Tiny::none(board.edges.len()));
    let tiny = sizes::Tiny::new(board, &at, &paths, &frame, &buckets, &sizes);
    let sizes = if tiny.forced {
        Sizes::new(board, &at, &paths, unit, &area, &buckets, &tiny)
    } else {
        sizes
    };
    Placed {
        entries,
        lines,
        legend_page,
        legend_h,
        inner_w,
        frame,
        paths,
        at,
        sizes,
        tiny,
    }
}

/// The caption under the board (and under the legend on its own page).
fn caption(board: &Board, options: &DrawOptions) -> print::Caption {
    // The board's `resolution` is filled in from `players` when not given:
    // the caption names it only when it is not what the players give.
    let params = &board.header.params;
    let from_players = super::Params {
        resolution: None,
        ..params.clone()
    };
    let given = if from_players.size() == params.size() {
        &from_players
    } else {
        params
    };
    print::Caption::new(
        "Unstable Universe board",
        &board.header.seed,
        format!("{} players", params.players),
        options,
        given,
        &["players"],
    )
}

/// The printable rectangle the board is drawn in.
struct Area {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}
