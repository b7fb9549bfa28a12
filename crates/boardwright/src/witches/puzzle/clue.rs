//! The free clue given at the start: one true sentence about the recipe,
//! of one of four kinds drawn at random (from the seed's own stream):
//! - "One of A, B or C is a decoy." (one decoy and two of the recipe);
//! - "One of A, B or C has number k." (the recipe's k and two that do not
//!   have k);
//! - "A is not number k.";
//! - with effects, "A has 2 effects." (an ingredient that has some);
//!   without, "A belongs in the first half." (or the second: the
//!   recipe's numbers up to n / 2 are the first half).

use super::recipe::Recipe;
use crate::seed::Rng;

/// The clue of `recipe`.
pub(super) fn clue(recipe: &Recipe, rng: &mut Rng) -> String {
    let ings = &recipe.ingredients;
    let n = recipe.length;
    let real: Vec<usize> = (0..ings.len()).filter(|&i| ings[i].decoy.is_none()).collect();
    let decoys: Vec<usize> = (0..ings.len()).filter(|&i| ings[i].decoy.is_some()).collect();
    let pick = |rng: &mut Rng, from: &[usize]| from[rng.index(from.len())];
    match rng.index(4) {
        0 if !decoys.is_empty() && real.len() >= 2 => {
            let decoy = pick(rng, &decoys);
            let mut others = real.clone();
            rng.shuffle(&mut others);
            three(recipe, [decoy, others[0], others[1]], rng, "is a decoy")
        }
        1 => {
            let k = 1 + rng.below(u64::from(n)) as u32;
            let holder = real
                .iter()
                .copied()
                .find(|&i| ings[i].number == Some(k))
                .expect("every number has its ingredient");
            let mut others: Vec<usize> = (0..ings.len()).filter(|&i| ings[i].number != Some(k)).collect();
            rng.shuffle(&mut others);
            if others.len() < 2 {
                // Only in a recipe made by hand with few ingredients.
                return format!("{} has number {k}.", ings[holder].name);
            }
            three(recipe, [holder, others[0], others[1]], rng, &format!("has number {k}"))
        }
        2 => {
            let a = rng.index(ings.len());
            let wrong: Vec<u32> = (1..=n).filter(|&k| ings[a].number != Some(k)).collect();
            let k = wrong[rng.index(wrong.len())];
            format!("{} is not number {k}.", ings[a].name)
        }
        _ => {
            let with: Vec<usize> = (0..ings.len()).filter(|&i| !ings[i].effects.is_empty()).collect();
            if with.is_empty() {
                let a = pick(rng, &real);
                let number = ings[a].number.unwrap_or(0);
                let half = if number <= n / 2 { "first" } else { "second" };
                format!("{} belongs in the {half} half.", ings[a].name)
            } else {
                let a = pick(rng, &with);
                // The imposter's own effect is dealt with the decoy kind, so it counts.
                match ings[a].effects.len() {
                    1 => format!("{} has 1 effect.", ings[a].name),
                    k => format!("{} has {k} effects.", ings[a].name),
                }
            }
        }
    }
}

/// "One of A, B or C {what}." with the three in a random order.
fn three(recipe: &Recipe, mut which: [usize; 3], rng: &mut Rng, what: &str) -> String {
    rng.shuffle(&mut which);
    let [a, b, c] = which.map(|i| recipe.ingredients[i].name);
    format!("One of {a}, {b} or {c} {what}.")
}

impl Recipe {
    /// Whether `clue` is true of the self (for tests and a program that
    /// plays).
    pub fn clue_holds(&self, clue: &str) -> bool {
        let ings = &self.ingredients;
        let by_name = |name: &str| ings.iter().find(|i| i.name == name);
        let body = clue.trim_end_matches('.');
        if let Some(rest) = body.strip_prefix("One of ") {
            let (names, what) = match rest.find(" is a decoy").or_else(|| rest.find(" has number ")) {
                Some(at) => rest.split_at(at),
                None => return false,
            };
            let names: Vec<&str> = names.split(", ").flat_map(|s| s.split(" or ")).collect();
            let found: Vec<_> = names.iter().filter_map(|n| by_name(n)).collect();
            if found.len() != 3 {
                return false;
            }
            return if what == " is a decoy" {
                found.iter().any(|i| i.decoy.is_some())
            } else {
                let k: Option<u32> = what.trim_start_matches(" has number ").parse().ok();
                found.iter().any(|i| i.decoy.is_none() && i.number == k)
            };
        }
        if let Some((name, k)) = body.split_once(" is not number ") {
            return by_name(name).is_some_and(|i| i.number != k.parse().ok());
        }
        if let Some((name, half)) = body.split_once(" belongs in the ") {
            return by_name(name).is_some_and(|i| {
                let first = i.decoy.is_none() && i.number.is_some_and(|k| k <= self.length / 2);
                let second = i.decoy.is_none() && i.number.is_some_and(|k| k > self.length / 2);
                (half == "first half" && first) || (half == "second half" && second)
            });
        }
        if let Some((name, count)) = body.split_once(" has ") {
            let k: Option<usize> = count.split(' ').next().and_then(|k| k.parse().ok());
            return by_name(name).is_some_and(|i| Some(i.effects.len()) == k);
        }
        false
    }
}
