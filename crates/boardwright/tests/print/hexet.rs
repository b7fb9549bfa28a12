//! The hexet map: cells, terrain and cities, measured.

use boardwright::hexet::Hexet;
use boardwright::{Generator, Paper, Seed};

use super::*;

/// A hexet map's cells are at least 8 mm across (between opposite sides) at
/// the default size, on both papers; nothing is drawn in the margin.
#[test]
fn hexet_cells_are_wide_enough_to_draw_in() {
    let params = boardwright::hexet::Params::default();
    for paper in PAPERS {
        for i in 0..5 {
            for ink_friendly in [false, true] {
                let board = Hexet::generate(&params, &Seed::new(&format!("hex-{i}"))).unwrap();
                let doc = Hexet::draw(
                    &board,
                    DrawOptions {
                        paper,
                        ink_friendly,
                        ..DrawOptions::default()
                    },
                );
                let (width, height, elements) = elements(&render::svg::page(&doc.pages[0], &doc.title));
                inside_margin(width, height, &elements).unwrap_or_else(|e| panic!("{paper:?} hex-{i}: {e}"));
                assert!(elements.iter().any(|e| e.class() == "legend"), "no legend");
                let cells: Vec<&Element> = elements.iter().filter(|e| e.class() == "cell").collect();
                assert_eq!(cells.len() as u32, params.width * params.height);
                for cell in cells {
                    let pts = cell.points();
                    assert_eq!(pts.len(), 6);
                    // Across the flats: twice the distance from the centre to a side's middle.
                    let c = (
                        pts.iter().map(|p| p.0).sum::<f64>() / 6.0,
                        pts.iter().map(|p| p.1).sum::<f64>() / 6.0,
                    );
                    let across = (0..6)
                        .map(|k| 2.0 * segment_distance(c, pts[k], pts[(k + 1) % 6]))
                        .fold(f64::INFINITY, f64::min);
                    assert!(across >= 8.0, "{paper:?}: a cell {across:.2} mm across");
                }
            }
        }
    }
}
