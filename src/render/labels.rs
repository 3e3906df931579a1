//! The labels of a diagram's edges and where each is drawn: beside its
//! edge, or in the legend under the drawing (see `place.rs`, which places
//! them).

use super::metrics::{Anchor, LINE, MARGIN, Rect, SMALL_SIZE};

/// What a label says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LabelOf {
    /// The probability of the edge into this item.
    Probability(usize),
    /// The action label of the edge into this item.
    Action(usize),
    /// The cut at this item (beside the edge to its last child).
    Cut(usize),
}

/// Where a label is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum LabelAt {
    /// In this box beside its edge (or under the children of the node it
    /// cuts), its lines flush towards the edge: with the box's left side
    /// (`Anchor::Start`) when the box is right of the edge, its right side
    /// when left of it, centred under the children.
    Beside {
        /// The box.
        rect: Rect,
        /// Where its lines stand.
        anchor: Anchor,
    },
    /// In the legend, as number `number` (its entry `number - 1`), with a
    /// marker of that number beside its edge when there is room for one
    /// (else the legend names the edge).
    Legend {
        /// The marker's box.
        marker: Option<Rect>,
        /// The label's number.
        number: usize,
    },
}

/// A label and its place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Label {
    /// What it says.
    pub of: LabelOf,
    /// Where.
    pub at: LabelAt,
}

/// The legend: its entries in columns, as many as the drawing's width
/// holds, filled row by row.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Legend {
    /// How many entries it has.
    pub entries: usize,
    /// The widest entry it can have: the width of a column.
    pub width: f64,
    /// How many columns.
    pub columns: usize,
}

/// The room between two columns of the legend.
pub(super) const COLUMN_GAP: f64 = 12.0;

impl Legend {
    /// How many rows it has.
    fn rows(&self) -> usize {
        self.entries.div_ceil(self.columns.max(1))
    }

    /// The height it takes under the drawing.
    pub(super) fn height(&self) -> f64 {
        match self.rows() {
            0 => 0.0,
            rows => rows as f64 * SMALL_SIZE * LINE + MARGIN / 2.0,
        }
    }

    /// The width of its rows.
    pub(super) fn row_width(&self) -> f64 {
        match self.columns {
            0 => 0.0,
            n => n as f64 * self.width + (n - 1) as f64 * COLUMN_GAP,
        }
    }

    /// Where entry `number` (from 1) starts, from the legend's left side,
    /// and its row.
    pub(super) fn place(&self, number: usize) -> (f64, usize) {
        let columns = self.columns.max(1);
        let index = number.saturating_sub(1);
        let x = (index % columns) as f64 * (self.width + COLUMN_GAP);
        (x, index / columns)
    }
}
