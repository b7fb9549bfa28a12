//! Scene to PDF through krilla, one PDF page per scene page, text embedded.
//!
//! krilla derives the file id from the content and writes no date unless told
//! to, so the bytes depend on the scene alone.

use krilla::Document;
use krilla::geom::Size;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla_svg::{SurfaceExt, SvgSettings};

use crate::{RenderError, parse_svg, svg};

/// PDF points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

pub(crate) fn render(doc: &scene::Document, check: &dyn Fn() -> Result<(), RenderError>) -> Result<Vec<u8>, RenderError> {
    let mut pdf = Document::new();
    pdf.set_metadata(Metadata::new().title(doc.title.clone()).producer("boardwright".to_string()));
    for page in &doc.pages {
        check()?;
        let tree = parse_svg(&svg::page(page, &doc.title))?;
        let size = Size::from_wh((page.width * PT_PER_MM) as f32, (page.height * PT_PER_MM) as f32)
            .ok_or_else(|| RenderError(format!("invalid page size {} x {} mm", page.width, page.height)))?;
        let mut pdf_page = pdf.start_page_with(PageSettings::new(size));
        let mut surface = pdf_page.surface();
        let drawn = surface.draw_svg(&tree, size, SvgSettings::default());
        surface.finish();
        pdf_page.finish();
        drawn.ok_or_else(|| RenderError("the page could not be drawn into the PDF".to_string()))?;
    }
    pdf.finish().map_err(|e| RenderError(format!("PDF writing failed: {e:?}")))
}
