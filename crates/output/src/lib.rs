//! A result written in the format asked for: the one path the command line
//! and the web app share, so that both give the same bytes for the same
//! request. [`Format`] names a format (from a file extension, with its media
//! type), [`write()`] and [`write_many`] render results into bytes,
//! [`mod@file`] writes a file whole or not at all, [`options`] reads
//! the drawing options from text, and [`listing`] lists the generators.

use std::io::{self, Write};

use boardwright::{DrawOptions, Registered};
use scene::Document;

pub mod file;
pub mod listing;
pub mod options;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The result as compact JSON and a newline.
    Json,
    /// The drawing as SVG.
    Svg,
    /// The drawing as PNG.
    Png,
    /// The drawing as PDF.
    Pdf,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 4] = [Format::Json, Format::Svg, Format::Png, Format::Pdf];

    /// The format of a file extension (`json`, `svg`, `png`, `pdf`, any case).
    pub fn from_extension(ext: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.extension().eq_ignore_ascii_case(ext))
    }

    /// The format a file's name gives by its extension, when it gives one.
    pub fn from_path(path: &std::path::Path) -> Option<Format> {
        path.extension().and_then(|e| e.to_str()).and_then(Format::from_extension)
    }

    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Pdf => "pdf",
        }
    }

    /// The media type served with it.
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Json => "application/json",
            Format::Svg => "image/svg+xml",
            Format::Png => "image/png",
            Format::Pdf => "application/pdf",
        }
    }
}

pub use boardwright::draw::{DEFAULT_DPI, DPI_RANGE};

/// How to draw: colours or ink-friendly, the paper, icons, and the PNG resolution.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// Passed to the generator's `draw`.
    pub options: DrawOptions,
    /// Pixels per inch of PNG output.
    pub dpi: f64,
}

impl Default for Drawing {
    fn default() -> Drawing {
        Drawing {
            options: DrawOptions::default(),
            dpi: DEFAULT_DPI,
        }
    }
}

/// Millimetres per inch.
const MM_PER_INCH: f64 = 25.4;

impl Drawing {
    /// Pixels of a PNG of `pages` (each `(width, height)` in millimetres),
    /// stacked top to bottom as [`write()`] draws them, at this drawing's
    /// resolution.
    pub fn pixels(&self, pages: impl IntoIterator<Item = (f64, f64)>) -> u64 {
        let (width, height) = pages.into_iter().fold((0.0_f64, 0.0), |(w, h), (pw, ph)| (w.max(pw), h + ph));
        let px = |mm: f64| (mm / MM_PER_INCH * self.dpi).ceil();
        (px(width) * px(height)) as u64
    }

    /// The fewest pixels a PNG of any board drawn this way has, known
    /// before the board exists: one page of the paper for each sheet (a
    /// board may print more pages, such as a back or a rules card).
    pub fn least_pixels(&self) -> u64 {
        let (short, long) = self.options.paper.size();
        let sheets = self.options.tile.count();
        self.pixels((0..sheets).map(|_| (long, short)))
    }
}

/// What bounds one drawing: the most pixels a PNG may have, and a question
/// asked between pages whether to give up (a web server's client gone, its
/// time up).
pub struct Budget<'a> {
    /// Most pixels of a PNG; a larger one is refused before it is drawn.
    pub max_pixels: u64,
    /// Asked between pages: `true` stops the drawing.
    pub stop: &'a dyn Fn() -> bool,
}

impl Budget<'_> {
    /// No bound: every drawing is made whole.
    pub const NONE: Budget<'static> = Budget {
        max_pixels: u64::MAX,
        stop: &|| false,
    };
}

/// Why a bounded drawing was not made.
#[derive(Debug)]
pub enum DrawError {
    /// The PNG would have more pixels than the budget allows.
    TooManyPixels {
        /// Its pixels.
        pixels: u64,
        /// The budget's most.
        most: u64,
    },
    /// The budget's `stop` asked to give up.
    Stopped,
    /// Writing failed.
    Failed(io::Error),
}

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrawError::TooManyPixels { pixels, most } => write!(
                f,
                "this PNG would have {:.1} million pixels; at most {:.1} million are drawn: lower dpi, or print fewer sheets",
                *pixels as f64 / 1e6,
                *most as f64 / 1e6
            ),
            DrawError::Stopped => f.write_str("the drawing was stopped before it was finished"),
            DrawError::Failed(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DrawError {}

/// Writes several results of generator `G` to `out`: JSON Lines (one
/// result a line), or one PDF with each board on its own page(s). One SVG
/// or PNG holds one board, so more than one is refused.
pub fn write_many<G: Registered>(outputs: &[G::Board], format: Format, drawing: &Drawing, out: &mut dyn Write) -> io::Result<()> {
    match (format, outputs) {
        (_, [one]) => write::<G>(one, format, drawing, out),
        (Format::Json, _) => outputs.iter().try_for_each(|o| write::<G>(o, Format::Json, drawing, out)),
        (Format::Pdf, _) => {
            let mut docs = outputs.iter().map(|o| G::sheets(o, drawing.options.clone()));
            let mut doc = docs.next().ok_or_else(|| io::Error::other("no board to write"))?;
            for more in docs {
                doc.pages.extend(more.pages);
            }
            doc.title = format!("{} ({} boards)", doc.title, outputs.len());
            draw(&doc, render::Format::Pdf, drawing, out)
        }
        (Format::Svg | Format::Png, _) => Err(io::Error::other(format!(
            "one {} holds one board; write several as pdf or json",
            format.extension()
        ))),
    }
}

/// Writes `output` of generator `G` in `format` to `out`.
pub fn write<G: Registered>(output: &G::Board, format: Format, drawing: &Drawing, out: &mut dyn Write) -> io::Result<()> {
    write_within::<G>(output, format, drawing, &Budget::NONE, out).map_err(|e| match e {
        DrawError::Failed(e) => e,
        other => io::Error::other(other),
    })
}

/// [`write()`] held to `budget`: a PNG over its pixels is refused before it
/// is drawn, and the drawing gives up between pages when it says stop.
pub fn write_within<G: Registered>(
    output: &G::Board,
    format: Format,
    drawing: &Drawing,
    budget: &Budget<'_>,
    out: &mut dyn Write,
) -> Result<(), DrawError> {
    let format = match format {
        Format::Json => {
            G::write_json(output, &mut *out).map_err(DrawError::Failed)?;
            return out.write_all(b"\n").map_err(DrawError::Failed);
        }
        Format::Svg => render::Format::Svg,
        Format::Png => render::Format::Png,
        Format::Pdf => render::Format::Pdf,
    };
    if (budget.stop)() {
        return Err(DrawError::Stopped);
    }
    let doc = G::sheets(output, drawing.options.clone());
    if format == render::Format::Png {
        let pixels = drawing.pixels(doc.pages.iter().map(|p| (p.width, p.height)));
        if pixels > budget.max_pixels {
            return Err(DrawError::TooManyPixels {
                pixels,
                most: budget.max_pixels,
            });
        }
    }
    let bytes = render::render_until(&doc, format, render::Options { dpi: drawing.dpi }, budget.stop).map_err(|e| {
        if e.stopped() {
            DrawError::Stopped
        } else {
            DrawError::Failed(io::Error::other(e))
        }
    })?;
    out.write_all(&bytes).map_err(DrawError::Failed)
}

/// Renders `doc` in `format` at the drawing's resolution to `out`.
fn draw(doc: &Document, format: render::Format, drawing: &Drawing, out: &mut dyn Write) -> io::Result<()> {
    let bytes = render::render(doc, format, render::Options { dpi: drawing.dpi }).map_err(io::Error::other)?;
    out.write_all(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardwright::{GeneratedBoard, Seed, draw, hexet, starship, universe, witches};

    /// A board of `G` drawn by the library's `draw_with` and written by
    /// [`write()`], in each drawing format, gives the same bytes.
    fn same_bytes<G: Registered>()
    where
        G::Board: GeneratedBoard,
    {
        let board = G::generate(&G::Params::default(), &Seed::new("same bytes")).expect("a default board");
        let drawing = Drawing {
            options: DrawOptions {
                ink_friendly: true,
                paper: scene::Paper::Letter,
                ..DrawOptions::default()
            },
            dpi: 40.0,
        };
        let formats = [
            (Format::Svg, draw::Format::Svg),
            (Format::Png, draw::Format::Png),
            (Format::Pdf, draw::Format::Pdf),
        ];
        for (format, library) in formats {
            let mut written = Vec::new();
            write::<G>(&board, format, &drawing, &mut written).unwrap();
            let drawn = draw::draw_with(&board, library, drawing.options.clone(), drawing.dpi).expect("drawn");
            assert!(
                drawn == written,
                "{}: {format:?} drawn by the library differs from the written file",
                G::NAME
            );
        }
    }

    #[test]
    fn the_library_draws_the_bytes_a_file_gets() {
        same_bytes::<universe::Universe>();
        same_bytes::<witches::Witches>();
        same_bytes::<starship::Starship>();
        same_bytes::<hexet::Hexet>();
        assert_eq!(boardwright::GENERATORS.len(), 4, "a new generator is missing here");
    }
}
