//! Whether a board's page holds every mark a player needs (each node's
//! pictogram and number) at its least size, and, where it does not, which
//! paper or tiling would: a page that would lose a mark is refused, never
//! drawn without it.

use super::{Board, Look, face, place, too_large};
use crate::print::{self, Tile};
use crate::{DrawOptions, Paper};

/// A kind of node too small for its marks: what it is, the least size its
/// marks need and the size it is drawn at, millimetres.
struct Short {
    what: String,
    need: f64,
    size: f64,
}

/// The first node of `board` drawn on `options` too small for its marks.
fn short(board: &Board, options: &DrawOptions) -> Option<Short> {
    let look = Look::new(board, options);
    let placed = place(board, options, &look, &print::page(options));
    board.nodes.iter().find_map(|node| {
        let need = face::least_size(node)?;
        let size = placed.sizes.of(node.kind);
        (size < need - 1e-9).then(|| {
            let name = node.node_type.as_deref().unwrap_or("centre");
            let what = match node.number {
                Some(_) => format!("{name} numbers"),
                None => format!("{name} pictograms"),
            };
            Short { what, need, size }
        })
    })
}

/// Why `board` cannot be printed on `options` with every mark at its least
/// size, naming a larger paper and a tiling that would do; `Ok` when it can.
pub(crate) fn check(board: &Board, options: &DrawOptions) -> Result<(), String> {
    if let Some(why) = too_large(board.nodes.len() as u64) {
        return Err(why);
    }
    let Some(Short { what, need, size }) = short(board, options) else {
        return Ok(());
    };
    let fits = |paper: Paper, tile: Tile| {
        let o = DrawOptions {
            paper,
            tile,
            ..options.clone()
        };
        short(board, &o).is_none()
    };
    // Every paper and tiling with more room, least first: the first larger
    // paper, the first tiling of this paper, else the first of all.
    let area = |p: Paper, t: Tile| p.size().0 * p.size().1 * f64::from(t.count());
    let mut larger: Vec<(Paper, Tile)> = Paper::ALL
        .into_iter()
        .flat_map(|p| (1..=Tile::MAX).flat_map(move |cols| (1..=Tile::MAX).map(move |rows| (p, Tile { cols, rows }))))
        .filter(|&(p, t)| area(p, t) > area(options.paper, options.tile))
        .collect();
    larger.sort_by(|a, b| area(a.0, a.1).total_cmp(&area(b.0, b.1)).then(a.1.rows.cmp(&b.1.rows)));
    let first = |keep: &dyn Fn(Paper, Tile) -> bool| larger.iter().copied().find(|&(p, t)| keep(p, t) && fits(p, t));
    let paper = first(&|_, t| t == options.tile);
    let tile = first(&|p, _| p == options.paper);
    let named = |(p, t): (Paper, Tile)| match t {
        Tile::ONE => format!("print on {}", p.name()),
        _ if p == options.paper => format!("tile {t}"),
        _ => format!("print on {} tiled {t}", p.name()),
    };
    let on = if options.tile == Tile::ONE {
        options.paper.name().to_string()
    } else {
        format!("{} tiled {}", options.paper.name(), options.tile)
    };
    let remedy = match (paper, tile) {
        (Some(p), Some(t)) => format!("{}, or {}", named(p), named(t)),
        (Some(one), None) | (None, Some(one)) => named(one),
        (None, None) => match first(&|_, _| true) {
            Some(any) => named(any),
            None => "no paper or tiling makes them that large; write .json instead".to_string(),
        },
    };
    Err(format!(
        "{what} need nodes of at least {} mm across; on {on} these nodes are {} mm across: {remedy}",
        needed(2.0 * need),
        drawn(2.0 * size)
    ))
}

/// A size needed, rounded up to a tenth of a millimetre (a size drawn is
/// rounded down, [`drawn`], so that one short of its need never reads as
/// equal to it).
fn needed(mm: f64) -> String {
    format!("{:.1}", (mm * 10.0 - 1e-9).ceil() / 10.0)
}

/// A size drawn, rounded down to a tenth of a millimetre: "under 0.1"
/// below that.
fn drawn(mm: f64) -> String {
    if mm < 0.1 {
        "under 0.1".to_string()
    } else {
        format!("{:.1}", (mm * 10.0).floor() / 10.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_short_of_its_need_never_reads_as_equal_or_zero() {
        assert_eq!((needed(4.0), drawn(3.999_999)), ("4.0".to_string(), "3.9".to_string()));
        assert_eq!((needed(2.61), drawn(2.69)), ("2.7".to_string(), "2.6".to_string()));
        assert_eq!(drawn(0.04), "under 0.1");
        assert_eq!(needed(4.000_000_000_01), "4.0");
    }
}
