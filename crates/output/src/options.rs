//! The drawing options read from text, as the command line's flags and a
//! web address's query give them: one reading, one set of words for what
//! is allowed, wherever they come from.

use boardwright::{Paper, Tile};

use crate::{DPI_RANGE, Drawing};

impl Drawing {
    /// The query keys of the drawing options, as a web address writes them.
    pub const KEYS: [&'static str; 5] = ["ink_friendly", "rules_card", "paper", "tile", "dpi"];

    /// Sets the drawing option `key` (one of [`Drawing::KEYS`]) from `text`;
    /// an error says what is allowed, without the key. Answers whether `key`
    /// is a drawing option at all.
    ///
    /// ```
    /// let mut drawing = output::Drawing::default();
    /// assert_eq!(drawing.set("tile", "2x2"), Ok(true));
    /// assert_eq!(drawing.options.tile.count(), 4);
    /// assert_eq!(drawing.set("players", "3"), Ok(false));
    /// assert_eq!(drawing.set("dpi", "5000").unwrap_err(), "\"5000\" is not allowed; expected a number from 30 to 600");
    /// ```
    pub fn set(&mut self, key: &str, text: &str) -> Result<bool, String> {
        let options = &mut self.options;
        match key {
            "ink_friendly" => options.ink_friendly = switch(text)?,
            "rules_card" => options.rules_card = switch(text)?,
            "paper" => options.paper = paper(text)?,
            "tile" => options.tile = tile(text)?,
            "dpi" => self.dpi = dpi(text)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// A paper by its name (`a4`, `letter`, `a3`, `a5`).
pub fn paper(text: &str) -> Result<Paper, String> {
    Paper::from_name(text.trim()).ok_or_else(|| format!("{text:?} is not allowed; expected {}", Paper::CHOICES))
}

/// Sheets, `COLSxROWS`.
pub fn tile(text: &str) -> Result<Tile, String> {
    text.trim().parse()
}

/// A PNG's pixels per inch, in [`DPI_RANGE`].
pub fn dpi(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if DPI_RANGE.contains(&v) => Ok(v),
        _ => Err(format!(
            "{text:?} is not allowed; expected a number from {} to {}",
            DPI_RANGE.start(),
            DPI_RANGE.end()
        )),
    }
}

/// On or off: `true`, `1` or nothing (a bare key) is on; `false` or `0` off.
pub fn switch(text: &str) -> Result<bool, String> {
    match text.trim() {
        "" | "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        other => Err(format!("{other:?} is not allowed; expected true or false")),
    }
}
