//! Boards printed over several sheets, measured on the sheets.

use super::*;
