//! How MAX and MIN nodes look, and the colours of the diagram.

use crate::value::Kind;

/// The drawing convention for players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Style {
    /// MAX as an up-pointing triangle, MIN as a down-pointing one.
    #[default]
    Triangles,
    /// MAX as a square, MIN as a circle.
    Squares,
}

impl Style {
    /// The Graphviz shape of a node of this player.
    pub fn shape(self, kind: Kind) -> &'static str {
        match (self, kind) {
            (Style::Triangles, Kind::Max) => "triangle",
            (Style::Triangles, Kind::Min) => "invtriangle",
            (Style::Squares, Kind::Max) => "square",
            (Style::Squares, Kind::Min) => "circle",
            (Style::Triangles, Kind::Chance) => "circle",
            (Style::Squares, Kind::Chance) => "diamond",
        }
    }
}

/// What each node says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Labels {
    /// Values and bounds; a node's name only when the file names it (leaves
    /// stay small: a leaf shows its value).
    #[default]
    Values,
    /// Every node's name or child path (`@2.1`), and no values.
    Ids,
    /// Every node's name or child path, and its value.
    Both,
}

impl Labels {
    /// Whether values are drawn.
    pub fn values(self) -> bool {
        self != Labels::Ids
    }

    /// Whether every node's id is drawn, named or not.
    pub fn ids(self) -> bool {
        self != Labels::Values
    }
}

/// Nodes and edges in a skipped subtree.
pub(super) const PRUNED: &str = "gray65";
/// The values of leaves not evaluated yet (frames only: in the full
/// diagram a leaf never evaluated lies in a skipped subtree).
pub(super) const PENDING: &str = "gray50";
/// The edges a cut skips, and their labels.
pub(super) const CUT: &str = "red3";
/// The fill of a node the search is inside (frames only: in the full
/// diagram every visited node is done).
pub(super) const OPEN_FILL: &str = "#fff3b0";
/// The fills of the nodes last visited in each MTD(f) pass, from the
/// first: light tints (black text stays readable on each), none of them
/// [`OPEN_FILL`]'s yellow. Beyond six passes, the tints repeat.
const PASS_FILLS: [&str; 6] = [
    "#cfe2f3", "#d9ead3", "#f9cb9c", "#d9d2e9", "#f4cccc", "#d0e0e3",
];

/// The fill of a node last visited in MTD(f)'s pass `pass` (from 1).
pub(super) fn pass_fill(pass: usize) -> &'static str {
    PASS_FILLS[pass.saturating_sub(1) % PASS_FILLS.len()]
}
/// The pen width of the principal variation.
pub(super) const PV_WIDTH: &str = "3";
