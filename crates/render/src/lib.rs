//! Turns a [`scene::Document`] into SVG, PNG or PDF bytes.
//!
//! SVG is written directly from the scene ([`svg`]); PNG and PDF are drawn from
//! that SVG through usvg, so all three formats share one layout. Text always
//! uses the one font embedded in this crate, never a system font, and no output
//! carries a date or a random id: the same scene gives the same bytes.
//!
//! The renderer never sees a generator.

use std::fmt;
use std::sync::{Arc, OnceLock};

mod pdf;
mod png;
pub mod svg;

/// The one font every drawing uses (DejaVu Sans; its licence is beside it in `assets/`).
pub const FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
/// The family name of [`FONT`], used in the SVG we write.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics, pages stacked top to bottom.
    Svg,
    /// A raster image of the SVG at [`Options::dpi`].
    Png,
    /// A vector PDF, one PDF page per scene page.
    Pdf,
}

/// Settings that change the bytes produced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Pixels per inch for PNG output.
    pub dpi: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options { dpi: 150.0 }
    }
}

/// Why rendering failed.
#[derive(Debug)]
pub struct RenderError(String);

impl RenderError {
    /// The message given when rendering stopped because it was asked to.
    const STOPPED: &str = "stopped before the drawing was finished";

    /// Whether rendering stopped because its `stop` asked it to.
    pub fn stopped(&self) -> bool {
        self.0 == RenderError::STOPPED
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RenderError {}

/// Renders `doc` in `format`.
pub fn render(doc: &scene::Document, format: Format, options: Options) -> Result<Vec<u8>, RenderError> {
    render_until(doc, format, options, &|| false)
}

/// Renders `doc` in `format`, asking `stop` between pages (and before a
/// PNG is drawn) whether to give up: a drawing nobody waits for any more
/// ends there, with an error whose [`RenderError::stopped`] is true. The
/// bytes are those of [`render`] whenever it finishes.
pub fn render_until(doc: &scene::Document, format: Format, options: Options, stop: &dyn Fn() -> bool) -> Result<Vec<u8>, RenderError> {
    let check = || {
        if stop() {
            Err(RenderError(RenderError::STOPPED.to_string()))
        } else {
            Ok(())
        }
    };
    match format {
        Format::Svg => {
            check()?;
            Ok(svg::document(doc).into_bytes())
        }
        Format::Png => png::render(doc, options.dpi, &check),
        Format::Pdf => pdf::render(doc, &check),
    }
}

/// Whether `text` is an SVG document the renderer can draw (as an icon):
/// the reason when it is not.
pub fn check_svg(text: &str) -> Result<(), RenderError> {
    parse_svg(text)
        .map(|_| ())
        .map_err(|e| RenderError(e.0.replace("internal SVG error", "not a usable SVG")))
}

/// Parses SVG text written by [`svg`] with the embedded font as the only font.
fn parse_svg(text: &str) -> Result<usvg::Tree, RenderError> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    let fontdb = FONTS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(FONT.to_vec());
        db.set_sans_serif_family(FONT_FAMILY);
        Arc::new(db)
    });
    let options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: Arc::clone(fontdb),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(text, &options).map_err(|e| RenderError(format!("internal SVG error: {e}")))
}
