//! A potion: ingredients in cauldron order, each with the seeds grown or
//! "as needed"; read from text (`Sage:2,Mint:1,Dill`) or from parts (the
//! web API's list), every limit checked and every refusal naming the part
//! at fault.

use std::fmt;

use crate::witches::INGREDIENTS;

/// Most ingredients in a potion: a cauldron holds at most 6 (3 × 2).
pub(crate) const MAX_POTION: usize = 6;
/// Most seeds an ingredient may be grown with.
pub(crate) const MAX_SEEDS: u32 = 9;
/// Longest potion text read, in bytes.
pub(crate) const MAX_TEXT: usize = 500;
/// Longest ingredient name repeated in a message, in characters.
const SHOWN: usize = 30;

/// One ingredient of a potion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its place in the board's ingredients (`Parsley` 0 … `Black Pepper` 9).
    pub ingredient: usize,
    /// Seeds grown, or `None`: as many as needed.
    pub seeds: Option<u32>,
}

impl Entry {
    /// The ingredient's name.
    pub fn name(&self) -> &'static str {
        INGREDIENTS[self.ingredient]
    }
}

/// A potion: 1 to [`Potion::MAX_INGREDIENTS`] ingredients, in cauldron order; one may
/// go in more than once, as in the original.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Potion {
    entries: Vec<Entry>,
}

/// Why a potion was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotionError {
    /// The part at fault, from 1, when one is.
    pub part: Option<usize>,
    /// What is wrong and what is allowed.
    pub reason: String,
}

impl fmt::Display for PotionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.part {
            Some(part) => write!(f, "potion part {part}: {}", self.reason),
            None => write!(f, "potion: {}", self.reason),
        }
    }
}

impl std::error::Error for PotionError {}

pub(super) fn refuse(part: Option<usize>, reason: String) -> PotionError {
    PotionError { part, reason }
}

/// `text` cut to [`SHOWN`] characters for a message.
fn shown(text: &str) -> String {
    if text.chars().count() > SHOWN {
        format!("{}…", text.chars().take(SHOWN).collect::<String>())
    } else {
        text.to_string()
    }
}

impl Potion {
    /// Most ingredients in a potion: a cauldron holds at most 6 (3 × 2).
    pub const MAX_INGREDIENTS: usize = MAX_POTION;
    /// Most seeds an ingredient may be grown with.
    pub const MAX_SEEDS: u32 = MAX_SEEDS;

    /// The ingredient named `name` (any case, spaces around ignored): its
    /// place among the board's ten.
    pub fn ingredient(name: &str) -> Option<usize> {
        let name = name.trim();
        INGREDIENTS.iter().position(|known| known.eq_ignore_ascii_case(name))
    }

    /// Reads `Sage:2,Mint:1,Dill` for a board with `in_play` ingredients
    /// (its `ingredients`: the first names of the ten): ingredients
    /// separated by commas, each `NAME` (as many seeds as needed) or
    /// `NAME:SEEDS` with SEEDS from 0 to [`Potion::MAX_SEEDS`]; names in any case.
    /// A name that is not one of those in play is refused, naming them.
    ///
    /// ```
    /// use boardwright::witches::puzzle::Potion;
    ///
    /// let potion = Potion::parse("sage:2, Mint:1,Dill", 8).unwrap();
    /// assert_eq!(potion.to_string(), "Sage:2,Mint:1,Dill");
    /// let err = Potion::parse("Sage:2,Nettle", 6).unwrap_err();
    /// assert_eq!(err.part, Some(2));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "potion part 2: \"Nettle\" is not in play on this board; its 6 ingredients are Parsley, Sage, Chives, Rosemary, Oregano, Mint"
    /// );
    /// ```
    pub fn parse(text: &str, in_play: usize) -> Result<Potion, PotionError> {
        if text.len() > MAX_TEXT {
            return Err(refuse(None, format!("{} bytes long; at most {MAX_TEXT}", text.len())));
        }
        if text.trim().is_empty() {
            return Err(refuse(None, empty()));
        }
        let mut parts = Vec::new();
        for part in text.split(',') {
            let (name, seeds) = match part.split_once(':') {
                Some((name, seeds)) => (name, Some(seeds.trim())),
                None => (part, None),
            };
            parts.push((name.trim(), seeds));
        }
        Potion::check(
            parts.len(),
            in_play,
            parts.into_iter().enumerate().map(|(i, (name, seeds))| {
                let seeds = match seeds {
                    None => Ok(None),
                    Some(text) => seeds_of_text(text).map(Some),
                };
                (i, name, seeds)
            }),
        )
    }

    /// A potion from its parts: each an ingredient's name and its seeds
    /// (`None`: as many as needed), as the web API sends them, for a board
    /// with `in_play` ingredients (see [`Potion::parse`]).
    pub fn from_parts<'a>(parts: impl ExactSizeIterator<Item = (&'a str, Option<i64>)>, in_play: usize) -> Result<Potion, PotionError> {
        if parts.len() == 0 {
            return Err(refuse(None, empty()));
        }
        let len = parts.len();
        Potion::check(
            len,
            in_play,
            parts.enumerate().map(|(i, (name, seeds))| {
                let seeds = match seeds {
                    None => Ok(None),
                    Some(n) => seeds_of_number(n).map(Some),
                };
                (i, name, seeds)
            }),
        )
    }

    /// Checks the length first (so a long list costs nothing more), then
    /// each part in order, against the first `in_play` ingredients.
    fn check<'a>(
        len: usize,
        in_play: usize,
        parts: impl Iterator<Item = (usize, &'a str, Result<Option<u32>, String>)>,
    ) -> Result<Potion, PotionError> {
        let in_play = in_play.clamp(1, INGREDIENTS.len());
        if len > MAX_POTION {
            return Err(refuse(None, format!("{len} ingredients; a cauldron holds at most {MAX_POTION}")));
        }
        let mut entries: Vec<Entry> = Vec::with_capacity(len);
        for (i, name, seeds) in parts {
            let part = Some(i + 1);
            if name.trim().is_empty() {
                return Err(refuse(part, "no ingredient named; expected NAME or NAME:SEEDS".to_string()));
            }
            let Some(ingredient) = Potion::ingredient(name).filter(|&i| i < in_play) else {
                return Err(refuse(
                    part,
                    format!(
                        "{} is not in play on this board; its {in_play} ingredients are {}",
                        Potion::ingredient(name).map_or_else(|| format!("{:?}", shown(name.trim())), |i| INGREDIENTS[i].to_string()),
                        INGREDIENTS[..in_play].join(", ")
                    ),
                ));
            };
            let seeds = seeds.map_err(|why| refuse(part, format!("{}: {why}", INGREDIENTS[ingredient])))?;
            entries.push(Entry { ingredient, seeds });
        }
        Ok(Potion { entries })
    }

    /// A potion of `entries` as they are (the search and tests build
    /// potions this way); `None` if it breaks a rule [`Potion::parse`]
    /// enforces.
    pub fn of(entries: &[Entry]) -> Option<Potion> {
        let ok = !entries.is_empty()
            && entries.len() <= MAX_POTION
            && entries
                .iter()
                .all(|e| e.ingredient < INGREDIENTS.len() && e.seeds.is_none_or(|s| s <= MAX_SEEDS));
        ok.then(|| Potion { entries: entries.to_vec() })
    }

    /// Its ingredients, in cauldron order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }
}

fn empty() -> String {
    format!("no ingredients; expected 1 to {MAX_POTION}, such as Sage:2,Mint:1,Chives")
}

fn seeds_of_text(text: &str) -> Result<u32, String> {
    if text.is_empty() {
        return Err(format!(
            "no seeds after the colon; expected a whole number from 0 to {MAX_SEEDS}, or no colon for as many as needed"
        ));
    }
    match text.parse::<i64>() {
        Ok(n) => seeds_of_number(n),
        Err(_) => Err(format!("seeds {:?} is not a whole number from 0 to {MAX_SEEDS}", shown(text))),
    }
}

fn seeds_of_number(n: i64) -> Result<u32, String> {
    match u32::try_from(n) {
        Ok(s) if s <= MAX_SEEDS => Ok(s),
        _ if n < 0 => Err(format!("{n} seeds is negative; expected a whole number from 0 to {MAX_SEEDS}")),
        _ => Err(format!("{n} seeds is too many; expected a whole number from 0 to {MAX_SEEDS}")),
    }
}

/// The canonical text: names as the board writes them, `NAME:SEEDS`
/// or `NAME`, joined by commas without spaces; [`Potion::parse`] reads
/// it back to the same potion.
impl fmt::Display for Potion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(e.name())?;
            if let Some(s) = e.seeds {
                write!(f, ":{s}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        let p = Potion::parse(" black pepper : 3 ,SAGE", 10).unwrap();
        assert_eq!(p.to_string(), "Black Pepper:3,Sage");
        assert_eq!(Potion::parse(&p.to_string(), 10).unwrap(), p);
    }

    #[test]
    fn refusals_name_the_part() {
        let err = |text: &str| Potion::parse(text, 6).unwrap_err().to_string();
        assert!(err("").contains("no ingredients"));
        assert!(err("Sage,,Mint").starts_with("potion part 2: no ingredient named"));
        assert!(err("Sage:-1").starts_with("potion part 1: Sage: -1 seeds is negative"));
        assert!(err("Sage:x").contains("\"x\" is not a whole number"));
        assert!(err("Sage:").contains("no seeds after the colon"));
        assert!(err("Sage:10").contains("too many"));
        assert!(err("Sage:99999999999999999999").contains("not a whole number"));
        assert_eq!(Potion::parse("Sage,Mint,sage", 6).unwrap().to_string(), "Sage,Mint,Sage");
        // Only the ingredients in play are named, a known one out of play too.
        for name in ["Garlic", "Black Pepper"] {
            let why = err(name);
            assert!(
                why.ends_with("its 6 ingredients are Parsley, Sage, Chives, Rosemary, Oregano, Mint"),
                "{why}"
            );
            assert!(!why.contains("Dill"), "{why}");
        }
        assert!(err("Sage,Mint,Dill,Basil,Thyme,Chives,Parsley").contains("7 ingredients; a cauldron holds at most 6"));
        assert!(err(&"x".repeat(600)).contains("at most 500"));
        let long = err(&"Nettle".repeat(20));
        assert!(long.contains('…') && long.len() < 200, "{long}");
    }
}
