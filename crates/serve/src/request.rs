//! A board request's query string: `seed`, `preset`, the drawing options
//! (`ink_friendly`, `paper`, `tile`, `dpi`, and `rules_card` for a generator
//! with a rules card), `every` (for steps), and `KEY=VALUE` for any
//! parameter, read exactly as the command line reads `--seed`, `--preset`
//! and `--set KEY=VALUE`.

use boardwright::params::{Layers, Params};
use boardwright::{Error, Registered, Seed};

use crate::error::ApiError;
use crate::file::File;
use output::Drawing;

/// Most snapshots' spacing `every` may ask for.
pub(crate) const MAX_EVERY: u32 = 1_000_000;

/// What a board request asks for.
#[derive(Debug, Default)]
pub(crate) struct BoardQuery {
    seed: Option<String>,
    preset: Option<String>,
    /// The `KEY=VALUE` settings, as `--set` gives them.
    sets: Vec<(String, String)>,
    /// Colours or ink-friendly, and the PNG resolution.
    pub(crate) drawing: Drawing,
    /// Snapshots every how many repetitions of a step (steps only).
    pub(crate) every: u32,
    /// The log to replay, as a web address writes it (`roads=` for hexet).
    log: Option<String>,
}

impl BoardQuery {
    /// Reads a query string (without the `?`) for generator `G`, whose log
    /// option (hexet's `roads`) takes a log's code.
    pub(crate) fn parse<G: Registered>(raw: Option<&str>) -> Result<BoardQuery, ApiError> {
        let log_option = G::LOG.map(|l| l.option);
        let mut query = BoardQuery {
            every: 1,
            ..BoardQuery::default()
        };
        let mut seen = std::collections::BTreeSet::new();
        for (key, value) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
            // Which of two values was meant cannot be told: neither is taken.
            if !seen.insert(key.trim().to_string()) {
                let key = key.trim();
                return Err(ApiError::bad_request(format!("`{key}` is given twice; give each parameter once")).parameter(key));
            }
            match &*key {
                "seed" => query.seed = Some(value.into_owned()),
                // `preset=` with nothing, as a form's "(none)" sends it: no preset.
                "preset" => query.preset = Some(value.into_owned()).filter(|name| !name.trim().is_empty()),
                // rules_card only for a generator with a rules card: for
                // another it is no key it knows.
                key if Drawing::KEYS.contains(&key) && (key != "rules_card" || G::RULES_CARD) => {
                    query
                        .drawing
                        .set(key, &value)
                        .map_err(|why| ApiError::bad_request(format!("{key}: {why}")).parameter(key))?;
                }
                key if Some(key) == log_option => query.log = Some(value.trim().to_string()),
                "every" => {
                    query.every = match value.trim().parse::<u32>() {
                        Ok(k) if (1..=MAX_EVERY).contains(&k) => k,
                        _ => {
                            return Err(ApiError::bad_request(format!(
                                "every: {value:?} is not allowed; expected an integer from 1 to {MAX_EVERY}"
                            ))
                            .parameter("every"));
                        }
                    }
                }
                _ => {
                    query.sets.push((key.into_owned(), value.into_owned()));
                }
            }
        }
        Ok(query)
    }

    /// The parameters: the preset, then the `KEY=VALUE` pairs, over the defaults.
    pub(crate) fn params<P: Params>(&self) -> Result<P, ApiError> {
        Ok(self.layers::<P>()?.resolve()?)
    }

    /// The layers the parameters are resolved from: the preset, if any,
    /// then the `KEY=VALUE` pairs.
    pub(crate) fn layers<P: Params>(&self) -> Result<Layers, ApiError> {
        let mut layers = Layers::default();
        if let Some(name) = &self.preset {
            layers.preset::<P>(name)?;
        }
        for (key, value) in &self.sets {
            layers.set(key, value);
        }
        Ok(layers)
    }

    /// The request normalised, for `file` of generator `name` with its
    /// `params` resolved: the same text for every query that asks for the
    /// same answer (a default given or left out, a preset and the settings
    /// it makes, options that do not change this file's bytes), whatever
    /// the order of its pairs.
    pub(crate) fn address<P: Params>(&self, name: &str, file: File, params: &P) -> String {
        let options = &self.drawing.options;
        let drawing = if file.draws() {
            format!(
                "ink_friendly={} rules_card={} paper={} tile={}",
                options.ink_friendly,
                options.rules_card,
                options.paper.name(),
                options.tile
            )
        } else {
            String::new()
        };
        let dpi = if file.is_png() {
            format!(" dpi={}", self.drawing.dpi)
        } else {
            String::new()
        };
        let every = if matches!(file, File::Steps | File::Snapshot(_)) {
            format!(" every={}", self.every)
        } else {
            String::new()
        };
        let log = if file == File::Config {
            None
        } else {
            self.log.as_deref().filter(|code| !code.is_empty())
        };
        format!(
            "{name}/{file}\nseed={:?}\nlog={log:?}\n{drawing}{dpi}{every}\n{}",
            self.seed,
            params.to_toml()
        )
    }

    /// The log the request replays on a result of `params`, from its code:
    /// refused when the code is bad or longer than `most` letters (checked
    /// first, so that a hostile address costs no more than reading it).
    pub(crate) fn log<G: Registered>(&self, params: &G::Params, most: usize) -> Result<G::Log, ApiError> {
        let code = self.log.as_deref().unwrap_or("");
        let option = G::LOG.map_or("log", |l| l.option);
        let refuse = |why: String| ApiError::bad_request(format!("{option}: {why}")).parameter(option);
        if code.len() > most {
            return Err(refuse(format!(
                "the code is {} letters long; at most {most} are replayed",
                code.len()
            )));
        }
        G::decode_log(params, code).map_err(|e| match e {
            Error::Log { index, reason } => refuse(format!("entry {}: {reason}", index + 1)),
            other => refuse(other.to_string()),
        })
    }

    /// The seed's text, when the request names one.
    pub(crate) fn seed_text(&self) -> Option<&str> {
        self.seed.as_deref()
    }

    /// The seed; a board request must name one.
    pub(crate) fn seed(&self) -> Result<Seed, ApiError> {
        match &self.seed {
            Some(text) => Ok(Seed::new(text)),
            None => Err(ApiError::bad_request("no seed: add seed=TEXT to the query").parameter("seed")),
        }
    }
}

#[cfg(test)]
mod tests {
    use boardwright::universe::Universe;

    use super::*;

    #[test]
    fn the_drawing_keys_are_read_as_drawing_options_never_as_parameters() {
        let query = Drawing::KEYS.iter().map(|key| {
            format!(
                "{key}={}",
                match *key {
                    "paper" => "a3",
                    "tile" => "2x2",
                    "dpi" => "100",
                    _ => "true",
                }
            )
        });
        let raw = query.collect::<Vec<_>>().join("&");
        let read = BoardQuery::parse::<Universe>(Some(&raw)).unwrap();
        assert!(read.sets.is_empty(), "{:?}", read.sets);
        let options = &read.drawing.options;
        assert!(options.ink_friendly && options.rules_card && options.paper == boardwright::Paper::A3 && options.tile.count() == 4);
        assert_eq!(read.drawing.dpi, 100.0);
    }
}
