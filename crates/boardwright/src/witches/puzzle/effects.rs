//! The effects an ingredient may carry: the names here, their categories,
//! levels and one-line rules as data in `effects.toml`, and what each does
//! in [`super::brew`].

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// An effect an ingredient may carry. What each does is its rule
/// ([`Effect::rule`]), from `effects.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Effect {
    /// The next ingredient counts one number higher.
    Spicy,
    /// The evaluation stops.
    Cutoff,
    /// The next ingredient is skipped.
    Enthusiastic,
    /// Says the number of an ingredient in the potion.
    Detective,
    /// Says how many effects the potion holds.
    General,
    /// Says how many ingredients in the potion carry effects.
    Inspector,
    /// Says the sum of the potion's numbers.
    Calculator,
    /// Says how many decoys the potion holds.
    Revealer,
    /// Moves itself to the end of the potion.
    Coward,
    /// The next considered ingredient's seeds do not matter.
    Fertilizer,
    /// The evaluation starts again from the next ingredient.
    Resetter,
    /// Says whether the ingredient before it is within 1 of its number.
    Hugger,
    /// Says a number of the recipe that no ingredient in the potion has.
    Liar,
    /// The imposter decoy's own effect: says an imposter was met.
    Imposter,
    /// The player who brewed is poisoned (2023).
    Poison,
    /// The player who brewed grows two seeds at a time (2023).
    #[serde(rename = "Green Fingers")]
    GreenFingers,
    /// The player who brewed plays on another player's area (2023).
    Piggyback,
    /// The player who brewed may not plant or grow this potion's
    /// ingredients (2023).
    Allergies,
    /// The player who brewed grows nothing past two seeds (2023).
    Distracted,
    /// The player who brewed may change one thing of a potion (2023).
    Genius,
    /// The player who brewed calls or plants only what they have least
    /// of (2023).
    Sharer,
    /// The player who brewed tests only potions of one ingredient (2023).
    Minimalist,
    /// The player who brewed may copy another player's garden (2023).
    Copycat,
}

/// An effect's category: effects are dealt one from each category first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Changes how the cauldron evaluates the potion.
    Cauldron,
    /// Tells the players something about the potion.
    Investigative,
    /// Gives the player who brewed an ability or a handicap (the 2023
    /// edition's).
    Players,
    /// The hardest level's own: changes the evaluation's order or memory.
    Complex,
}

impl Category {
    /// Every category, in the order effects are dealt.
    pub const ALL: [Category; 4] = [Category::Cauldron, Category::Investigative, Category::Players, Category::Complex];
}

/// What `effects.toml` says of an effect.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Info {
    name: String,
    category: Category,
    level: u32,
    #[serde(default = "yes")]
    dealt: bool,
    rule: String,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct File {
    effect: Vec<Info>,
}

/// The table, in the order of [`Effect::ALL`] (a unit test checks it).
static TABLE: LazyLock<Vec<Info>> = LazyLock::new(|| {
    toml::from_str::<File>(include_str!("effects.toml"))
        .expect("the built-in effects are valid TOML")
        .effect
});

impl Effect {
    /// Every effect, in the order of `effects.toml`.
    pub const ALL: [Effect; 23] = [
        Effect::Spicy,
        Effect::Cutoff,
        Effect::Enthusiastic,
        Effect::Detective,
        Effect::General,
        Effect::Inspector,
        Effect::Calculator,
        Effect::Revealer,
        Effect::Coward,
        Effect::Fertilizer,
        Effect::Resetter,
        Effect::Hugger,
        Effect::Liar,
        Effect::Imposter,
        Effect::Poison,
        Effect::GreenFingers,
        Effect::Piggyback,
        Effect::Allergies,
        Effect::Distracted,
        Effect::Genius,
        Effect::Sharer,
        Effect::Minimalist,
        Effect::Copycat,
    ];

    fn info(self) -> &'static Info {
        &TABLE[self as usize]
    }

    /// Its name, as players read it.
    pub fn name(self) -> &'static str {
        &self.info().name
    }

    /// Its category.
    pub fn category(self) -> Category {
        self.info().category
    }

    /// The lowest difficulty at which it is dealt.
    pub fn level(self) -> u32 {
        self.info().level
    }

    /// Whether it is dealt to ingredients (the imposter's comes only with
    /// an imposter decoy).
    pub fn dealt(self) -> bool {
        self.info().dealt
    }

    /// What it does, in one line.
    pub fn rule(self) -> &'static str {
        &self.info().rule
    }

    /// The effects dealt at `difficulty`, in table order: the players'
    /// abilities only in the 2023 edition (`second_edition`).
    pub fn dealt_at(difficulty: u32, second_edition: bool) -> impl Iterator<Item = Effect> {
        Effect::ALL
            .into_iter()
            .filter(move |e| e.dealt() && e.level() <= difficulty && (second_edition || e.category() != Category::Players))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_every_effect_in_order() {
        assert_eq!(TABLE.len(), Effect::ALL.len());
        for (i, e) in Effect::ALL.into_iter().enumerate() {
            assert_eq!(e as usize, i);
            assert_eq!(format!("{e:?}"), e.name().replace(' ', ""));
            assert!(!e.rule().is_empty() && !e.rule().contains('\n'), "{e:?}");
            assert!((2..=3).contains(&e.level()), "{e:?}");
        }
        // Every category has an effect dealt at the hardest level.
        for c in Category::ALL {
            assert!(Effect::dealt_at(3, true).any(|e| e.category() == c), "{c:?}");
        }
        assert!(!Effect::dealt_at(3, false).any(|e| e.category() == Category::Players));
        assert_eq!(Effect::dealt_at(1, true).count(), 0);
    }
}
