//! The layers a board's parameters are read from, as the command line, a
//! web address and a comparison give them: a preset, tables (a config
//! file's), then settings one by one (`KEY=VALUE`), each over those before
//! it and all over the defaults.

use super::{ParamError, Params, Table, Value};

/// Parameter layers, lowest first; the settings given one by one lie over
/// every table.
///
/// ```
/// use boardwright::params::{Layers, Params};
/// use boardwright::universe;
///
/// let mut layers = Layers::default();
/// layers.preset::<universe::Params>("classic")?;
/// layers.set("players", "6");
/// let params: universe::Params = layers.resolve()?;
/// assert_eq!(params.players, 6);
/// assert!(!params.planar);
/// # Ok::<(), boardwright::params::ParamError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layers {
    tables: Vec<Table>,
    settings: Table,
}

impl Layers {
    /// The preset `name` of `P`'s presets as the next table.
    pub fn preset<P: Params>(&mut self, name: &str) -> Result<&mut Layers, ParamError> {
        self.tables.push(P::preset(name)?);
        Ok(self)
    }

    /// `table` (a config file's) as the next table.
    pub fn table(&mut self, table: Table) -> &mut Layers {
        self.tables.push(table);
        self
    }

    /// Sets `key` to `text` read as a value: TOML where it reads as a TOML
    /// value (`3`, `0.5`, `true`, `"text"`, `[1, 2]`), else the text itself.
    pub fn set(&mut self, key: &str, text: &str) -> &mut Layers {
        self.settings.insert(key.trim().to_string(), read_value(text.trim()));
        self
    }

    /// `over`'s layers laid over these (a second parameter set compared
    /// with a first).
    pub fn then(&mut self, over: Layers) -> &mut Layers {
        self.tables.push(std::mem::take(&mut self.settings));
        self.tables.extend(over.tables);
        self.settings = over.settings;
        self
    }

    /// The parameters the layers give over `P`'s defaults, checked.
    pub fn resolve<P: Params>(&self) -> Result<P, ParamError> {
        let mut layers = self.tables.clone();
        layers.push(self.settings.clone());
        P::resolve(&layers)
    }
}

/// The value `--set KEY=VALUE` and a web address's `KEY=VALUE` mean by
/// `text`: TOML when it parses as a TOML value, otherwise the bare text.
pub(crate) fn read_value(text: &str) -> Value {
    format!("v = {text}")
        .parse::<Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| Value::String(text.to_string()))
}
