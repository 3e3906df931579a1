//! How the parallel search searches the younger brothers of a split node:
//! one of its options, which errors and results name too.

use std::fmt;

/// How the parallel search searches the younger brothers of a split node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum YoungBrothers {
    /// Each with the full window, narrowed as the brothers improve it.
    #[default]
    Full,
    /// Each first tested with a null window; those that pass are searched
    /// again with the full window, in child order.
    Scout,
}

impl fmt::Display for YoungBrothers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            YoungBrothers::Full => "full",
            YoungBrothers::Scout => "scout",
        })
    }
}
