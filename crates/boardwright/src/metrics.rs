//! What a board's metrics mean to a reader. A generator's `Metrics` struct
//! is one `declare!` block: each figure's name, type, doc, label in words
//! and unit, from which come the struct and its [`Metric`] list, so that the
//! web page says "Spread of mission distances: 2 hops" with a one-line
//! meaning instead of `mission_hop_spread`.

use serde::Serialize;

/// One figure of a board's metrics, as a reader needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Metric {
    /// Its key in the board's JSON `metrics`.
    pub name: &'static str,
    /// Its name in words ("Nodes per quadrant").
    pub label: &'static str,
    /// What it counts or measures in ("nodes", "hops", "share 0–1");
    /// empty for a record of several figures.
    pub unit: &'static str,
    /// What it means: the field's doc, in one line.
    #[serde(skip)]
    doc: &'static [&'static str],
}

impl Metric {
    #[doc(hidden)]
    pub const fn new(name: &'static str, label: &'static str, unit: &'static str, doc: &'static [&'static str]) -> Metric {
        Metric { name, label, unit, doc }
    }

    /// What the figure means, in one line of plain text (the field's doc,
    /// its lines joined, code marks dropped).
    pub fn meaning(&self) -> String {
        crate::params::plain(&self.doc.concat())
    }
}

/// A metrics struct whose figures are described, in the order of its fields.
pub trait Described {
    /// Every field, in order.
    const METRICS: &'static [Metric];
}

/// Declares a generator's metrics struct: for each field its doc comment,
/// name and type, then `=> "Label", "unit"` and any field attributes
/// (`, #[serde(...)]`), then `;`. Gives the struct (every field public) and
/// its [`Described`] list.
macro_rules! declare {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $ty:ty => $label:literal, $unit:literal $(, #[$attr:meta])*;
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

        impl $crate::metrics::Described for $name {
            const METRICS: &'static [$crate::metrics::Metric] = &[
                $($crate::metrics::Metric::new(stringify!($field), $label, $unit, &[$($doc),+]),)*
            ];
        }
    };
}
pub(crate) use declare;
