//! A parameter problem, in words that name the parameter and what is allowed.

use std::fmt;

/// A parameter problem, naming the parameter and what is allowed.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// A key no parameter has.
    Unknown {
        /// The key given.
        name: String,
        /// The keys that exist.
        known: Vec<&'static str>,
    },
    /// A value outside what the parameter allows.
    Invalid {
        /// The parameter.
        name: String,
        /// The value given, as text.
        value: String,
        /// What is allowed.
        allowed: String,
    },
    /// A field inside a structured parameter (a node type, a pipeline
    /// stage) that is unknown or of the wrong kind, named by its path.
    Field {
        /// The parameter the field is in (`pipeline`).
        parameter: String,
        /// The field's path as a user types it (`pipeline[0].min_score`).
        path: String,
        /// What is wrong and what is allowed.
        reason: String,
    },
    /// A preset name that does not exist.
    UnknownPreset {
        /// The name given.
        name: String,
        /// The presets that exist.
        known: Vec<&'static str>,
    },
    /// TOML text that does not read as TOML ([`Params::from_toml`](super::Params::from_toml)).
    Syntax {
        /// What the reader found wrong.
        reason: String,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown { name, known } => {
                write!(f, "unknown parameter `{name}`; known parameters: {}", known.join(", "))
            }
            ParamError::Invalid { name, value, allowed } => {
                write!(f, "parameter `{name}`: {value} is not allowed; expected {allowed}")
            }
            ParamError::Field { path, reason, .. } => write!(f, "parameter `{path}`: {reason}"),
            ParamError::UnknownPreset { name, known } if known.is_empty() => {
                write!(f, "unknown preset `{name}`; this generator has no presets")
            }
            ParamError::UnknownPreset { name, known } => {
                write!(f, "unknown preset `{name}`; known presets: {}", known.join(", "))
            }
            ParamError::Syntax { reason } => write!(f, "the parameters do not read as TOML: {reason}"),
        }
    }
}

impl std::error::Error for ParamError {}

impl ParamError {
    /// Of a value a parameter (or a field in one) does not allow: what is
    /// wrong and what is allowed, without the parameter's name, which a
    /// form shows beside its field ("10 is not allowed; expected an integer
    /// from 2 to 9"); none for a name that is no parameter's.
    pub fn reason(&self) -> Option<String> {
        match self {
            ParamError::Invalid { value, allowed, .. } => Some(format!("{value} is not allowed; expected {allowed}")),
            ParamError::Field { reason, .. } => Some(reason.clone()),
            _ => None,
        }
    }

    /// The parameter at fault: its name (a field inside a structured
    /// parameter by its path, `pipeline[2].w`), `"preset"` for an unknown
    /// preset, none for text that does not read as TOML.
    pub fn parameter(&self) -> Option<&str> {
        match self {
            ParamError::Unknown { name, .. } | ParamError::Invalid { name, .. } => Some(name),
            ParamError::Field { path, .. } => Some(path),
            ParamError::UnknownPreset { .. } => Some("preset"),
            ParamError::Syntax { .. } => None,
        }
    }

    /// An out-of-range or ill-typed value.
    pub fn invalid(name: &str, value: impl fmt::Display, allowed: impl fmt::Display) -> ParamError {
        ParamError::Invalid {
            name: name.to_string(),
            value: value.to_string(),
            allowed: allowed.to_string(),
        }
    }
}
