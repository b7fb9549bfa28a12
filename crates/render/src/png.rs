//! Scene to PNG, rasterised by resvg from the SVG text.

use crate::{RenderError, parse_svg, svg};
use resvg::tiny_skia;

/// Millimetres per inch.
const MM_PER_INCH: f64 = 25.4;

pub(crate) fn render(doc: &scene::Document, dpi: f64, check: &dyn Fn() -> Result<(), RenderError>) -> Result<Vec<u8>, RenderError> {
    check()?;
    let tree = parse_svg(&svg::document(doc))?;
    check()?;
    let size = tree.size();
    // The SVG's width is given in millimetres; convert to pixels at `dpi`.
    let width_mm = doc.pages.iter().map(|p| p.width).fold(0.0, f64::max);
    let scale = (width_mm / MM_PER_INCH * dpi) as f32 / size.width();
    let px_w = (size.width() * scale).ceil() as u32;
    let px_h = (size.height() * scale).ceil() as u32;
    let mut pixmap =
        tiny_skia::Pixmap::new(px_w, px_h).ok_or_else(|| RenderError(format!("a {px_w} x {px_h} pixel image is too large to allocate")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| RenderError(format!("PNG encoding failed: {e}")))
}
