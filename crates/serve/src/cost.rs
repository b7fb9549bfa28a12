//! What a request will cost, known from its parameters before any work
//! starts: a board over the generator's size cap, steps whose snapshots
//! would hold too many values, or a PNG over the server's pixels is
//! refused (422, naming the parameter to change and what is allowed); what
//! is let through is sized small or large for the slots ([`crate::jobs`]).

use boardwright::Registered;
use output::Drawing;

use crate::error::ApiError;
use crate::file::File;
use crate::generators::{cap, cap_steps, size_parameter};
use crate::jobs::Size;

/// Work this many times the default board's or more is large.
const LARGE_WORK: u64 = 16;

/// Refuses what this server does not make, and sizes the rest: `file` of
/// generator `G` with `params`, drawn as `drawing`, snapshots every `every`
/// repetitions, PNGs of at most `max_pixels`.
pub(crate) fn size<G: Registered>(
    params: &G::Params,
    file: File,
    drawing: &Drawing,
    every: u32,
    max_pixels: u64,
) -> Result<Size, ApiError> {
    // A config makes no board: any parameters the generator accepts.
    if file == File::Config {
        return Ok(Size::Small);
    }
    // A fit searches for the sizes that are made, from any size asked:
    // several boards, each within the cap.
    if file == File::Fit {
        return Ok(Size::Large);
    }
    cap::<G>(params)?;
    if matches!(file, File::Steps | File::Snapshot(_)) {
        cap_steps::<G>(params, every)?;
    }
    if file.draws() {
        G::check_drawable(params).map_err(|e| ApiError::unprintable(&e, size_parameter::<G>(params)))?;
    }
    let pixels = if file.is_png() { drawing.least_pixels() } else { 0 };
    if pixels > max_pixels {
        return Err(too_many_pixels(drawing, pixels, max_pixels));
    }
    // Large: far more work than the default board, many sheets, or a big PNG.
    let default_work = G::work_size(&G::Params::default()).max(1);
    let large = G::work_size(params) > default_work.saturating_mul(LARGE_WORK)
        || (file.draws() && drawing.options.tile.count() > 4)
        || pixels.saturating_mul(4) > max_pixels;
    Ok(if large { Size::Large } else { Size::Small })
}

/// The refusal of a PNG of at least `pixels`: the resolution that would
/// fit, or fewer sheets when none would.
pub(crate) fn too_many_pixels(drawing: &Drawing, pixels: u64, most: u64) -> ApiError {
    let options = &drawing.options;
    // Pixels grow with the square of the resolution.
    let fits = (drawing.dpi * (most as f64 / pixels as f64).sqrt()).floor();
    let (parameter, remedy) = if fits >= *output::DPI_RANGE.start() {
        ("dpi", format!("ask for dpi={fits} or less"))
    } else {
        ("tile", "print fewer sheets or smaller paper".to_string())
    };
    ApiError::unprocessable(format!(
        "a PNG of this board on {} tiled {} at {} dpi (every page: the sheets, and a back or rules card when asked for) has at least {:.1} million pixels; this server draws at most {:.1} million: {remedy}, or ask for board.pdf",
        options.paper.name(),
        options.tile,
        drawing.dpi,
        pixels as f64 / 1e6,
        most as f64 / 1e6,
    ))
    .parameter(parameter)
}
