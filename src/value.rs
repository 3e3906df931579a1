//! Values, players and bounds: the small vocabulary every other module shares.

use std::cmp::Ordering;
use std::fmt;

use serde::{Serialize, Serializer};

/// The largest magnitude a finite value may have: every integer up to it is
/// exact, so equal values in a file always compare equal.
pub const MAX_FINITE: f64 = 9_007_199_254_740_992.0; // 2^53

/// A node value: a finite number or one of the two infinities.
///
/// It wraps an `f64` that is never NaN, so values are totally ordered, and
/// negation (negamax) can never overflow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Value(f64);

impl Value {
    /// Minus infinity: below every value.
    pub const NEG_INF: Value = Value(f64::NEG_INFINITY);
    /// Plus infinity: above every value.
    pub const POS_INF: Value = Value(f64::INFINITY);

    /// A value from a number; `None` for NaN or a finite number beyond
    /// [`MAX_FINITE`]. Minus zero becomes zero.
    pub fn new(x: f64) -> Option<Value> {
        if x.is_nan() || (x.is_finite() && x.abs() > MAX_FINITE) {
            return None;
        }
        Some(Value(if x == 0.0 { 0.0 } else { x }))
    }

    /// A value from an integer within [`MAX_FINITE`]; `None` otherwise.
    pub fn from_int(x: i64) -> Option<Value> {
        Value::new(x as f64).filter(|_| x.unsigned_abs() <= MAX_FINITE as u64)
    }

    /// The number behind the value.
    pub fn get(self) -> f64 {
        self.0
    }

    /// The value seen from the other player (negamax's `-v`).
    #[inline]
    pub fn negate(self) -> Value {
        // Never NaN and within the finite range either way; zero stays
        // plus zero.
        Value(if self.0 == 0.0 { 0.0 } else { -self.0 })
    }

    /// Whether the two values agree within [`TOLERANCE`]: how a claimed
    /// value is checked, since a chance node's mean is computed in floating
    /// point (0.7 * 9 + 0.3 * 7 is not exactly 8.4).
    pub fn agrees_with(self, other: Value) -> bool {
        self == other || (self.0 - other.0).abs() <= TOLERANCE
    }

    /// Whether the value is an infinity.
    pub fn is_infinite(self) -> bool {
        self.0.is_infinite()
    }
}

impl From<i32> for Value {
    /// Every `i32` is well within [`MAX_FINITE`]; zero is plus zero.
    #[inline]
    fn from(x: i32) -> Value {
        Value(f64::from(x))
    }
}

impl Eq for Value {}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        // Never NaN, and minus zero is stored as zero: the order is total.
        self.0.partial_cmp(&other.0).unwrap_or(Ordering::Equal)
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
    // The comparisons the searches make, as plain float comparisons.
    fn lt(&self, other: &Self) -> bool {
        self.0 < other.0
    }
    fn le(&self, other: &Self) -> bool {
        self.0 <= other.0
    }
    fn gt(&self, other: &Self) -> bool {
        self.0 > other.0
    }
    fn ge(&self, other: &Self) -> bool {
        self.0 >= other.0
    }
}

impl std::hash::Hash for Value {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state);
    }
}

/// How far apart two values may be and still agree (see
/// [`Value::agrees_with`]).
pub const TOLERANCE: f64 = 1e-9;

/// The most decimal places a value is shown with: a chance node's mean
/// such as 23/3 shows as `7.6667`.
pub const SHOWN_DECIMALS: usize = 4;

impl fmt::Display for Value {
    /// Integers without a decimal point, infinities as `+inf` and `-inf`,
    /// other numbers rounded to [`SHOWN_DECIMALS`] places without trailing
    /// zeros (`2.5`, `7.6667`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            x if x == f64::INFINITY => f.write_str("+inf"),
            x if x == f64::NEG_INFINITY => f.write_str("-inf"),
            x if x.fract() == 0.0 => write!(f, "{}", x as i64),
            x => {
                let rounded = format!("{x:.SHOWN_DECIMALS$}");
                let shown = rounded.trim_end_matches('0').trim_end_matches('.');
                f.write_str(if shown == "-0" { "0" } else { shown })
            }
        }
    }
}

impl Value {
    /// The value in full, as it reads back exactly (`1.3333333333333333`
    /// where it prints `1.3333`): for answer keys and other text read by
    /// a program.
    pub fn exact(self) -> impl fmt::Display {
        ExactValue(self)
    }
}

/// A value shown in full: see [`Value::exact`].
struct ExactValue(Value);

impl fmt::Display for ExactValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.0 {
            x if x.is_infinite() || x.fract() == 0.0 => write!(f, "{}", self.0),
            x => write!(f, "{x}"),
        }
    }
}

impl Serialize for Value {
    /// Finite values as JSON numbers (integers without `.0`), infinities as
    /// the strings `"+inf"` and `"-inf"`, since JSON has no infinity.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            x if x.is_infinite() => serializer.serialize_str(&self.to_string()),
            x if x.fract() == 0.0 => serializer.serialize_i64(x as i64),
            x => serializer.serialize_f64(x),
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
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
mod tests {
    use super::*;

    #[test]
    fn values_print_as_written() {
        let shown: Vec<String> = [3.0, -2.0, 2.5, f64::INFINITY, f64::NEG_INFINITY, -0.0]
            .iter()
            .map(|x| Value::new(*x).unwrap().to_string())
            .collect();
        assert_eq!(shown, ["3", "-2", "2.5", "+inf", "-inf", "0"]);
    }

    #[test]
    fn other_values_print_to_four_places() {
        let shown: Vec<String> = [23.0 / 3.0, 8.4, 0.1 + 0.2, -0.00001, 1.23456, -2.5e-3]
            .iter()
            .map(|x| Value::new(*x).unwrap().to_string())
            .collect();
        assert_eq!(shown, ["7.6667", "8.4", "0.3", "0", "1.2346", "-0.0025"]);
    }

    #[test]
    fn values_beyond_two_to_the_53_are_refused() {
        assert!(Value::new(MAX_FINITE).is_some());
        assert!(Value::new(MAX_FINITE * 2.0).is_none());
        assert!(Value::new(f64::NAN).is_none());
        assert!(Value::from_int(i64::MIN).is_none());
    }

    #[test]
    fn negation_never_overflows() {
        assert_eq!(Value::NEG_INF.negate(), Value::POS_INF);
        let lowest = Value::new(-MAX_FINITE).unwrap();
        assert_eq!(lowest.negate().get(), MAX_FINITE);
    }
}
