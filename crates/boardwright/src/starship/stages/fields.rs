//! A stage's fields: how a kind declares its parameter struct (`table!`,
//! `stage_table!`), the docs and rules the web form shows, and the check
//! of every field against its range, which names the field at fault or,
//! for the form, records each rule instead.

use std::cell::RefCell;

use crate::params::{Allowed, ParamError};

/// Largest side of a room or machine, in tiles.
pub(crate) const MAX_PART_SIDE: u32 = 8;
/// Largest per-1000-hull-tiles rate of a room count.
pub(crate) const MAX_ROOM_RATE: f64 = 100.0;
/// Largest weight (shape modules, variants, facings).
pub(crate) const MAX_WEIGHT: f64 = 1e6;

/// A stage's parameter struct whose fields' docs are kept for the web form
/// ([`stage_fields`](super::stage_fields)): each field is `doc, pub name:
/// type` and any field attributes after its type, ending with `;`.
macro_rules! table {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                pub $field:ident: $ty:ty $(, #[$attr:meta])*;
            )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[doc = $doc])+
                $(#[$attr])*
                pub $field: $ty,
            )*
        }

        impl $crate::starship::stages::fields::FieldList for $name {
            const DOCS: &'static [(&'static str, &'static str)] = &[$((stringify!($field), concat!($($doc),+)),)*];
        }
    };
}
pub(crate) use table;

/// A stage's parameter struct declared once: each field's doc, name, type,
/// default and rule (`int(MIN, MAX)`, `float(MIN, MAX)`, `size` for a
/// room's `[w, h]`, `any`). From it come the struct (missing keys take the
/// default), its `Default`, its docs for the web form and the check of each
/// field against its rule (`check_fields`; rules across
/// fields are the kind's own, [`StageKind::check`](super::StageKind::check)).
macro_rules! stage_table {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $ty:ty = $default:expr, $rule:ident $(($($bound:expr),*))?;
            )*
        }
    ) => {
        $crate::starship::stages::fields::table! {
            $(#[$meta])*
            #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
            #[serde(default, deny_unknown_fields)]
            pub struct $name {
                $(
                    $(#[doc = $doc])+
                    pub $field: $ty;
                )*
            }
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $($field: $default,)* }
            }
        }

        impl $name {
            /// Checks (or records) each field against its own rule.
            pub(crate) fn check_fields(&self, f: &$crate::starship::stages::fields::Fields<'_>) -> Result<(), $crate::params::ParamError> {
                $($crate::starship::stages::fields::stage_table!(@rule f, stringify!($field), self.$field, $rule $(($($bound),*))?);)*
                Ok(())
            }
        }
    };
    (@rule $f:ident, $name:expr, $value:expr, int($min:expr, $max:expr)) => { $f.int($name, $value, $min, $max)? };
    (@rule $f:ident, $name:expr, $value:expr, float($min:expr, $max:expr)) => { $f.float($name, $value, $min, $max)? };
    (@rule $f:ident, $name:expr, $value:expr, size) => { $f.size($name, $value)? };
    (@rule $f:ident, $name:expr, $value:expr, any) => { let _ = &$value; };
}
pub(crate) use stage_table;

/// A parameter struct's fields, for the web form.
pub(crate) trait FieldList {
    /// Each field's name and doc.
    const DOCS: &'static [(&'static str, &'static str)];
}

/// Parameters of stages that have none.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

impl FieldList for NoParams {
    const DOCS: &'static [(&'static str, &'static str)] = &[];
}

/// What a field allows, as the check of one stage records it for a form:
/// its name, bounds where it is a number, and the rule in words.
pub(crate) type Rule = (String, Option<f64>, Option<f64>, String);

/// Checks the fields of one stage, naming them in errors
/// (`pipeline[11] (crew).bunks`); or, recording, passes every value and
/// writes down each field's rule instead ([`stage_fields`](super::stage_fields)).
pub(crate) struct Fields<'a> {
    pub(crate) at: &'a str,
    pub(crate) record: Option<&'a RefCell<Vec<Rule>>>,
}

impl<'a> Fields<'a> {
    pub(crate) fn new(at: &'a str) -> Fields<'a> {
        Fields { at, record: None }
    }

    /// The fields of a table nested in this one (`variants[0]`), checked or
    /// recorded as this one is.
    pub(crate) fn nested<'b>(&self, at: &'b str) -> Fields<'b>
    where
        'a: 'b,
    {
        Fields { at, record: self.record }
    }

    pub(crate) fn name(&self, field: &str) -> String {
        if self.at.is_empty() {
            field.to_string()
        } else {
            format!("{}.{field}", self.at)
        }
    }

    /// Records `field`'s rule (once: a field of every variant is one field of
    /// the form) and says whether the check is only being recorded.
    fn recorded(&self, field: &str, bounds: Option<(f64, f64)>, allowed: impl FnOnce() -> String) -> bool {
        let Some(record) = self.record else { return false };
        let name = self.name(field);
        let mut rules = record.borrow_mut();
        if !rules.iter().any(|rule| rule.0 == name) {
            rules.push((name, bounds.map(|b| b.0), bounds.map(|b| b.1), allowed()));
        }
        true
    }

    pub(crate) fn int(&self, field: &str, value: u32, min: u32, max: u32) -> Result<(), ParamError> {
        let allowed = Allowed::Int {
            min: min.into(),
            max: max.into(),
        };
        if self.recorded(field, Some((min.into(), max.into())), || allowed.to_string()) || (min..=max).contains(&value) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), value, allowed))
    }

    pub(crate) fn float(&self, field: &str, value: f64, min: f64, max: f64) -> Result<(), ParamError> {
        let allowed = Allowed::Float { min, max };
        if self.recorded(field, Some((min, max)), || allowed.to_string()) || value.is_finite() && (min..=max).contains(&value) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), value, allowed))
    }

    /// A list of `len` tables, `min` to `max` of them.
    pub(crate) fn count(&self, field: &str, len: usize, min: usize, max: usize) -> Result<(), ParamError> {
        let allowed = || format!("{min} to {max} {field}");
        if self.recorded(field, None, allowed) || (min..=max).contains(&len) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), format!("{len} {field}"), allowed()))
    }

    /// A string of 1 to `max` characters.
    pub(crate) fn text(&self, field: &str, value: &str, max: usize) -> Result<(), ParamError> {
        let allowed = || format!("1 to {max} characters");
        let length = value.chars().count();
        if self.recorded(field, Some((1.0, max as f64)), allowed) || (1..=max).contains(&length) {
            return Ok(());
        }
        let shown: String = value.chars().take(max).collect();
        Err(ParamError::invalid(
            &self.name(field),
            format!("\"{shown}\" ({length} characters)"),
            allowed(),
        ))
    }

    /// One of the words `allowed`, as `holds` says of the value.
    pub(crate) fn word(&self, field: &str, value: &str, holds: bool, allowed: &'static str) -> Result<(), ParamError> {
        if self.recorded(field, None, || allowed.to_string()) || holds {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), value, allowed))
    }

    /// `low` (named `low_field`) is at most `high` (named `high_field`).
    pub(crate) fn ordered<T: PartialOrd + std::fmt::Display>(
        &self,
        low_field: &str,
        low: T,
        high_field: &str,
        high: T,
    ) -> Result<(), ParamError> {
        if let Some(record) = self.record {
            let name = self.name(low_field);
            if let Some(rule) = record.borrow_mut().iter_mut().find(|rule| rule.0 == name) {
                rule.3 = format!("{}, at most {high_field}", rule.3);
            }
            return Ok(());
        }
        if low <= high {
            return Ok(());
        }
        Err(ParamError::invalid(
            &self.name(low_field),
            low,
            format!("at most {high_field} ({high})"),
        ))
    }

    /// A room's `[w, h]`, each side 1 to [`MAX_PART_SIDE`].
    pub(crate) fn size(&self, field: &str, [w, h]: [u32; 2]) -> Result<(), ParamError> {
        let allowed = || format!("two sides, each an integer from 1 to {MAX_PART_SIDE}");
        let bounds = Some((1.0, f64::from(MAX_PART_SIDE)));
        if self.recorded(field, bounds, allowed) || [w, h].iter().all(|side| (1..=MAX_PART_SIDE).contains(side)) {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), format!("[{w}, {h}]"), allowed()))
    }

    /// Weights that are each in range and not all zero.
    pub(crate) fn weights(&self, field: &str, weights: &[f64]) -> Result<(), ParamError> {
        let allowed = || format!("numbers from 0 to {MAX_WEIGHT}, not all 0");
        let fine = || weights.iter().all(|w| w.is_finite() && (0.0..=MAX_WEIGHT).contains(w)) && weights.iter().any(|&w| w > 0.0);
        if self.recorded(field, Some((0.0, MAX_WEIGHT)), allowed) || fine() {
            return Ok(());
        }
        Err(ParamError::invalid(&self.name(field), format!("{weights:?}"), allowed()))
    }
}
