//! Which of a generator's files a request names: `board.{json,svg,png,pdf}`,
//! `config.toml`, `fit.json`, `steps` or `snapshot-K.svg`, read once from the address
//! and written back in one spelling (`snapshot-01.svg` is `snapshot-1.svg`).

use std::fmt;

use output::Format;

use crate::error::ApiError;

/// A generator's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum File {
    /// The board in a format.
    Board(Format),
    /// The resolved parameters as TOML.
    Config,
    /// How large the board prints on the paper asked for ([`crate::fit`]).
    Fit,
    /// The generation followed step by step.
    Steps,
    /// The `K`-th snapshot of `steps`, drawn as SVG.
    Snapshot(usize),
}

impl File {
    /// The file named `name`, or 404 naming the files there are.
    pub(crate) fn parse(name: &str) -> Result<File, ApiError> {
        let snapshot = || name.strip_prefix("snapshot-")?.strip_suffix(".svg")?.parse().ok();
        match name {
            "config.toml" => Ok(File::Config),
            "fit.json" => Ok(File::Fit),
            "steps" => Ok(File::Steps),
            _ => name
                .strip_prefix("board.")
                .and_then(Format::from_extension)
                .map(File::Board)
                .or_else(|| snapshot().map(File::Snapshot))
                .ok_or_else(|| {
                    ApiError::not_found(format!(
                        "no {name:?} here; there are board.json, board.svg, board.png, board.pdf, config.toml, fit.json, steps and snapshot-K.svg"
                    ))
                }),
        }
    }

    /// Whether the file is a drawing, or about one (its paper, sheets and
    /// colours matter).
    pub(crate) fn draws(self) -> bool {
        matches!(
            self,
            File::Board(Format::Svg | Format::Png | Format::Pdf) | File::Snapshot(_) | File::Fit
        )
    }

    /// Whether the file is a PNG (its resolution matters).
    pub(crate) fn is_png(self) -> bool {
        self == File::Board(Format::Png)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            File::Board(format) => write!(f, "board.{}", format.extension()),
            File::Config => f.write_str("config.toml"),
            File::Fit => f.write_str("fit.json"),
            File::Steps => f.write_str("steps"),
            File::Snapshot(k) => write!(f, "snapshot-{k}.svg"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_written_back_in_one_spelling() {
        for (name, file) in [
            ("board.svg", "board.svg"),
            ("board.PNG", "board.png"),
            ("config.toml", "config.toml"),
            ("fit.json", "fit.json"),
            ("steps", "steps"),
            ("snapshot-01.svg", "snapshot-1.svg"),
        ] {
            assert_eq!(File::parse(name).map(|f| f.to_string()).ok().as_deref(), Some(file), "{name}");
        }
        for bad in ["board.gif", "snapshot-x.svg", "snapshot--1.svg", "Steps", ""] {
            assert!(File::parse(bad).is_err(), "{bad}");
        }
        assert!(File::Snapshot(0).draws() && File::Board(Format::Pdf).draws() && !File::Board(Format::Json).draws());
    }
}
