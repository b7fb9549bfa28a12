//! Whether a board's page holds every mark a player needs (each node's
//! pictogram and number) at its least size: a page that would lose a mark
//! is refused, never drawn without it.

use super::{Board, Look, face, place, too_large};
use crate::DrawOptions;
use crate::print::{self, Tile};

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
/// size (or at all, too large), in words that name no command; none when
/// it can.
pub(crate) fn unprintable(board: &Board, options: &DrawOptions) -> Option<String> {
    if let Some(why) = too_large(board.nodes.len() as u64) {
        return Some(why.why);
    }
    let Short { what, need, size } = short(board, options)?;
    let on = if options.tile == Tile::ONE {
        options.paper.label().to_string()
    } else {
        format!("{} tiled {}", options.paper.label(), options.tile)
    };
    Some(format!(
        "{what} need nodes of at least {} mm across; on {on} these nodes are {} mm across",
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
