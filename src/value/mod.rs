//! Values, players and bounds: the small vocabulary every other module shares.

use std::fmt;

use serde::Serialize;

mod decimal;
mod exact;
pub mod probability;

pub use exact::{MAX_FINITE, Value};

/// The most decimal places a value is shown with: a chance node's mean
/// such as 23/3 shows as `7.6667`.
pub const SHOWN_DECIMALS: usize = 4;

impl Value {
    /// Whether `claimed`, a value a person wrote, gives this value: it is
    /// the value exactly (as a decimal or a fraction), or the value rounded
    /// half away from zero to as many decimal places as `claimed` has,
    /// at least [`SHOWN_DECIMALS`] (so `7.6667` and `7.66667` give 23/3,
    /// as `gametree` prints it, but `7.67` does not).
    pub fn is_given_by(self, claimed: Value) -> bool {
        if claimed == self {
            return true;
        }
        match claimed.decimal_places() {
            Some(places) if places >= SHOWN_DECIMALS as u32 => {
                self.rounded(places) == Some(claimed)
            }
            _ => false,
        }
    }
}

/// Bounds known to hold every leaf value, `[low, high]`, which let
/// alpha-beta prune below chance nodes (Star1, Star2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct LeafBounds {
    /// No leaf is below it.
    pub low: Value,
    /// No leaf is above it.
    pub high: Value,
}

impl LeafBounds {
    /// The bounds `[low, high]`; `None` unless both are finite and
    /// `low <= high`.
    pub fn new(low: Value, high: Value) -> Option<LeafBounds> {
        let finite = !low.is_infinite() && !high.is_infinite();
        (finite && low <= high).then_some(LeafBounds { low, high })
    }

    /// Whether `value` lies within the bounds.
    pub fn holds(self, value: Value) -> bool {
        self.low <= value && value <= self.high
    }
}

impl fmt::Display for LeafBounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.low, self.high)
    }
}

/// The player to move at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The maximising player: the node takes its largest child value.
    Max,
    /// The minimising player: the node takes its smallest child value.
    Min,
    /// Chance (dice, a card): the node takes the probability-weighted mean
    /// of its children's values (expectiminimax).
    Chance,
}

impl Kind {
    /// The other player; chance has none and stays chance.
    pub fn opponent(self) -> Kind {
        match self {
            Kind::Max => Kind::Min,
            Kind::Min => Kind::Max,
            Kind::Chance => Kind::Chance,
        }
    }

    /// The value from this player's side: itself for MAX, negated for MIN.
    /// Chance takes no side: its values stay in MAX's terms.
    pub fn perspective(self, value: Value) -> Value {
        match self {
            Kind::Max | Kind::Chance => value,
            Kind::Min => value.negate(),
        }
    }

    /// Whether `candidate` is better than `current` for this player (never
    /// for chance, which chooses nothing).
    pub fn prefers(self, candidate: Value, current: Value) -> bool {
        match self {
            Kind::Max => candidate > current,
            Kind::Min => candidate < current,
            Kind::Chance => false,
        }
    }

    /// The worst value for this player: where its search starts (for
    /// chance, which chooses nothing, minus infinity).
    pub fn worst(self) -> Value {
        match self {
            Kind::Max | Kind::Chance => Value::NEG_INF,
            Kind::Min => Value::POS_INF,
        }
    }

    /// Whether a value in this player's terms is negated to be in
    /// `other`'s (chance nodes keep MAX's terms).
    #[inline]
    pub fn negates_for(self, other: Kind) -> bool {
        (self == Kind::Min) != (other == Kind::Min)
    }

    /// Whether the node is a chance node.
    #[inline]
    pub fn is_chance(self) -> bool {
        self == Kind::Chance
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Max => "MAX",
            Kind::Min => "MIN",
            Kind::Chance => "CHANCE",
        })
    }
}

/// The two kinds of cut, named by the lecture after the bound that causes
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CutKind {
    /// At a MIN node: its value fell to alpha or below.
    Alpha,
    /// At a MAX node: its value rose to beta or above.
    Beta,
}

impl CutKind {
    /// The cut a node of this player makes (chance nodes cut by Star1 on
    /// either side; they are given the side by the bound they reach).
    pub fn at(kind: Kind) -> CutKind {
        match kind {
            Kind::Max | Kind::Chance => CutKind::Beta,
            Kind::Min => CutKind::Alpha,
        }
    }
}

impl fmt::Display for CutKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CutKind::Alpha => "alpha",
            CutKind::Beta => "beta",
        })
    }
}

/// The two pruning methods of chance nodes (Ballard 1983).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StarMethod {
    /// Bounds from the children searched and the leaf bounds.
    Star1,
    /// Star1, after a probe of each child's first child.
    Star2,
}

impl fmt::Display for StarMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StarMethod::Star1 => "Star1",
            StarMethod::Star2 => "Star2",
        })
    }
}

/// What a returned value says about a node's true minimax value.
///
/// A whole word (`repr(u64)`), like the two words of the [`Value`] beside
/// it in a [`Scored`]: a one-byte bound left seven bytes of padding that
/// were copied with every returned score, and reading a word back that
/// was just written as a byte stalls the processor (the store cannot be
/// forwarded to the load), once at every interior node a search returns
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[repr(u64)]
pub enum Bound {
    /// The value is the node's minimax value.
    Exact,
    /// The true value is at least this (a MAX node cut short: `>=6`).
    Lower,
    /// The true value is at most this (a MIN node cut short: `<=4`).
    Upper,
    /// The search learnt nothing certain (possible when cut children mix).
    Unknown,
}

impl Bound {
    /// How the bound is written between a node and its value: `=`, `>=`,
    /// `<=`, or `~` when the search learnt nothing certain.
    pub fn relation(self) -> &'static str {
        match self {
            Bound::Exact => "=",
            Bound::Lower => ">=",
            Bound::Upper => "<=",
            Bound::Unknown => "~",
        }
    }

    /// The same bound seen from the other player (negamax).
    pub fn negate(self) -> Bound {
        match self {
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
            other => other,
        }
    }

    /// Combines two facts about one value: lower and upper make exact.
    pub(crate) fn meet(known_lower: bool, known_upper: bool) -> Bound {
        match (known_lower, known_upper) {
            (true, true) => Bound::Exact,
            (true, false) => Bound::Lower,
            (false, true) => Bound::Upper,
            (false, false) => Bound::Unknown,
        }
    }

    /// Whether the value is known to be at most the true value.
    #[inline]
    pub(crate) fn is_lower(self) -> bool {
        matches!(self, Bound::Exact | Bound::Lower)
    }

    /// Whether the value is known to be at least the true value.
    #[inline]
    pub(crate) fn is_upper(self) -> bool {
        matches!(self, Bound::Exact | Bound::Upper)
    }
}

/// A value together with what it says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Scored {
    /// The returned value.
    pub value: Value,
    /// How it relates to the true value.
    pub bound: Bound,
}

impl Scored {
    /// An exact value, as a leaf has.
    pub fn exact(value: Value) -> Scored {
        Scored {
            value,
            bound: Bound::Exact,
        }
    }

    /// The score with a bound at an infinity made exact: nothing lies
    /// above `+inf`, so `>= +inf` is `+inf`, and `<= -inf` is `-inf`.
    pub fn settled(self) -> Scored {
        let exact = match self.bound {
            Bound::Lower => self.value == Value::POS_INF,
            Bound::Upper => self.value == Value::NEG_INF,
            _ => false,
        };
        match exact {
            true => Scored::exact(self.value),
            false => self,
        }
    }

    /// The same score seen from the other player.
    pub fn negate(self) -> Scored {
        Scored {
            value: self.value.negate(),
            bound: self.bound.negate(),
        }
    }
}

impl fmt::Display for Scored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bound {
            Bound::Exact => write!(f, "{}", self.value),
            bound => write!(f, "{bound}{}", self.value),
        }
    }
}

impl fmt::Display for Bound {
    /// The bound's relation, as [`Bound::relation`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.relation())
    }
}

#[cfg(test)]
mod tests;
