//! Boards drawn to bytes: SVG, PNG or PDF, the same bytes the command line
//! and the web app write for the same board and options (feature `draw`,
//! on by default).

use crate::{DrawOptions, GeneratedBoard, Printed};

pub use render::Format;

/// Why a board was not drawn: a mark a player needs would be lost on the
/// paper asked for (the message names a paper or tiling that keeps it), or
/// the renderer failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawError(String);

impl std::fmt::Display for DrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DrawError {}

/// Pixels per inch of a PNG unless asked otherwise.
pub const DEFAULT_DPI: f64 = 150.0;

/// The pixels per inch a PNG may be drawn at.
pub const DPI_RANGE: std::ops::RangeInclusive<f64> = 30.0..=600.0;

/// `board` drawn in `format` with the default options: an A4 sheet in
/// colour, a PNG at [`DEFAULT_DPI`].
///
/// ```
/// use boardwright::{Generator, Seed, draw::{draw, Format}, hexet::Hexet};
///
/// let board = Hexet::generate(&Default::default(), &Seed::new("Tiamo")).unwrap();
/// let svg = draw(&board, Format::Svg).unwrap();
/// assert!(svg.starts_with(b"<svg") || svg.starts_with(b"<?xml"));
/// ```
pub fn draw<B: GeneratedBoard>(board: &B, format: Format) -> Result<Vec<u8>, DrawError> {
    draw_with(board, format, DrawOptions::default(), DEFAULT_DPI)
}

/// `board` drawn in `format` on the paper, sheets and ink `options` ask
/// for, a PNG at `dpi` pixels per inch (in [`DPI_RANGE`]). A board that
/// would lose a mark a player needs on that paper (a universe node's
/// number) is not drawn.
///
/// ```
/// use boardwright::{DrawOptions, Generator, Paper, Seed, draw::{draw_with, Format}, witches::Witches};
///
/// let board = Witches::generate(&Default::default(), &Seed::new("Tiamo")).unwrap();
/// let options = DrawOptions { paper: Paper::Letter, ink_friendly: true, ..DrawOptions::default() };
/// let pdf = draw_with(&board, Format::Pdf, options.clone(), 150.0).unwrap();
/// assert!(pdf.starts_with(b"%PDF"));
/// let err = draw_with(&board, Format::Png, options, 5000.0).unwrap_err();
/// assert_eq!(err.to_string(), "dpi: 5000 is not allowed; expected a number from 30 to 600");
/// ```
pub fn draw_with<B: GeneratedBoard>(board: &B, format: Format, options: DrawOptions, dpi: f64) -> Result<Vec<u8>, DrawError> {
    if !DPI_RANGE.contains(&dpi) {
        return Err(DrawError(format!(
            "dpi: {dpi} is not allowed; expected a number from {} to {}",
            DPI_RANGE.start(),
            DPI_RANGE.end()
        )));
    }
    <B::Generator as Printed>::check_printable(board, &options).map_err(|e| DrawError(e.to_string()))?;
    let doc = <B::Generator as Printed>::sheets(board, options);
    render::render(&doc, format, render::Options { dpi }).map_err(|e| DrawError(e.to_string()))
}
