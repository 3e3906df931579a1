//! The value slot of every node, eight bytes a node: a leaf's value or an
//! interior node's static value, or none.
//!
//! Most values a file states are integers, and most files hold millions of
//! them, so a slot holds an integer (within ±2^53) itself; any other value,
//! a decimal or a fraction, lives in a side list that the slot points to.

use crate::value::Value;

/// A slot with no value.
const NONE: i64 = i64::MIN;
/// Plus and minus infinity.
const POS_INF: i64 = i64::MAX;
const NEG_INF: i64 = i64::MIN + 1;
/// Slots from here up (below [`POS_INF`]) point into the side list.
const OTHERS: i64 = 1 << 62;
/// Integers within ±2^53 are held in their slot.
const INLINE: i64 = 1 << 53;

/// Every node's value slot, in node order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Slots {
    slots: Vec<i64>,
    /// The values that are not integers, in the order they came.
    others: Vec<Value>,
}

impl Slots {
    /// How many slots there are.
    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Adds a slot at the end.
    #[inline]
    pub(super) fn push(&mut self, value: Option<Value>) {
        let slot = match value {
            None => NONE,
            Some(v) if v == Value::POS_INF => POS_INF,
            Some(v) if v == Value::NEG_INF => NEG_INF,
            Some(v) if v.is_integer() && v.numerator().abs() <= INLINE => v.numerator(),
            Some(v) => {
                self.others.push(v);
                OTHERS + (self.others.len() - 1) as i64
            }
        };
        self.slots.push(slot);
    }

    /// The value in slot `index`, if any.
    #[inline(always)]
    pub(super) fn get(&self, index: usize) -> Option<Value> {
        match self.slots[index] {
            x if (-INLINE..=INLINE).contains(&x) => Value::from_int(x),
            NONE => None,
            POS_INF => Some(Value::POS_INF),
            NEG_INF => Some(Value::NEG_INF),
            x => Some(self.others[(x - OTHERS) as usize]),
        }
    }

    /// Whether the two hold the same value in every slot.
    pub(super) fn same_values(&self, other: &Slots) -> bool {
        self.len() == other.len() && (0..self.len()).all(|i| self.get(i) == other.get(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_value_comes_back() {
        let values = [
            None,
            Some(Value::from(3)),
            Some(Value::from_int(1 << 53).unwrap()),
            Some(Value::from_int(-(1 << 53)).unwrap()),
            Some(Value::POS_INF),
            Some(Value::NEG_INF),
            Some(Value::ratio(1, 3).unwrap()),
            Some(Value::ratio(-5, 2).unwrap()),
            Some(Value::ZERO),
        ];
        let mut slots = Slots::default();
        for v in values {
            slots.push(v);
        }
        let back: Vec<Option<Value>> = (0..slots.len()).map(|i| slots.get(i)).collect();
        assert_eq!(back, values);
    }
}
