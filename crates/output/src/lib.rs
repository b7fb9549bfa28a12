//! A result written in the format asked for: the one path the command line
//! and the web app share, so that both give the same bytes for the same
//! request. [`Format`] names a format (from a file extension, with its media
//! type), [`write()`] and [`write_many`] render results into bytes, and
//! [`mod@file`] writes a file whole or not at all.

use std::io::{self, Write};
use std::ops::RangeInclusive;

use boardwright::{DrawOptions, Generator};
use scene::Document;

pub mod file;

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

/// Pixels per inch of PNG output unless asked otherwise.
pub const DEFAULT_DPI: f64 = 150.0;

/// The pixels per inch a PNG may be asked for.
pub const DPI_RANGE: RangeInclusive<f64> = 30.0..=600.0;

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

/// Writes several results of generator `G` to `out`: JSON Lines (one
/// result a line), or one PDF with each board on its own page(s). One SVG
/// or PNG holds one board, so more than one is refused.
pub fn write_many<G: Generator>(outputs: &[G::Board], format: Format, drawing: &Drawing, out: &mut dyn Write) -> io::Result<()> {
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
pub fn write<G: Generator>(output: &G::Board, format: Format, drawing: &Drawing, out: &mut dyn Write) -> io::Result<()> {
    let format = match format {
        Format::Json => {
            G::write_json(output, &mut *out)?;
            return out.write_all(b"\n");
        }
        Format::Svg => render::Format::Svg,
        Format::Png => render::Format::Png,
        Format::Pdf => render::Format::Pdf,
    };
    draw(&G::sheets(output, drawing.options.clone()), format, drawing, out)
}

/// Renders `doc` in `format` at the drawing's resolution to `out`.
fn draw(doc: &Document, format: render::Format, drawing: &Drawing, out: &mut dyn Write) -> io::Result<()> {
    let bytes = render::render(doc, format, render::Options { dpi: drawing.dpi }).map_err(io::Error::other)?;
    out.write_all(&bytes)
}
