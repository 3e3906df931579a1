//! What a wrong claim gets when the answer must not be given away, how much
//! of a list is right, and the ids a mistyped id may have meant.

use std::collections::HashSet;
use std::hash::Hash;

use super::compare::{first_difference, ordinal};
use super::facts::Facts;
use crate::claim::Claim;
use crate::tree::GameTree;

/// How far (in edits) a mistyped id may be from the ids suggested for it.
const MAX_EDITS: usize = 2;

impl<T: GameTree> Facts<'_, T>
where
    T::Node: Hash,
{
    /// What is wrong with a claim that does not hold, without the right
    /// answer: `B: wrong value`, `pruned: one node too many`.
    pub fn brief(&self, claim: &Claim) -> String {
        match claim {
            Claim::Value(_) => "value: wrong".to_string(),
            Claim::Best(_) => "best move: wrong".to_string(),
            Claim::Evaluated(n) if (*n as usize) < self.leaves.len() => {
                "evaluated: too few".to_string()
            }
            Claim::Evaluated(_) => "evaluated: too many".to_string(),
            Claim::Node { node, .. } => format!("{node}: wrong value"),
            Claim::Window { node, .. } => format!("{node}: wrong window"),
            Claim::Cut { node, kind } => match self.find(node).and_then(|n| self.visit(n)) {
                Some(visit) if visit.cut.is_some_and(|i| self.cuts[i].kind != *kind) => {
                    format!("{node}: wrong kind of cut")
                }
                _ => format!("{node}: no cut there"),
            },
            Claim::StarCut { node, .. } => format!("{node}: no such cut there"),
            Claim::Pruned(ids) => match self.nodes(ids) {
                Ok(listed) => {
                    let (wrong, left_out) = self.pruned_difference(&listed);
                    pruned_brief(wrong.len(), left_out.len())
                }
                Err(_) => "pruned: wrong".to_string(),
            },
            Claim::Leaves(ids) => match self.nodes(ids) {
                Ok(listed) => self.leaves_brief(&listed),
                Err(_) => "leaves: wrong".to_string(),
            },
        }
    }

    fn leaves_brief(&self, listed: &[T::Node]) -> String {
        match first_difference(listed, &self.leaves) {
            None => String::new(),
            Some(at) if at == listed.len() => "leaves: too few".to_string(),
            Some(at) if at == self.leaves.len() => "leaves: too many".to_string(),
            Some(at) => format!("leaves: the {} is wrong", ordinal(at + 1)),
        }
    }

    /// The share of a claim that holds, from 0 to 1. A claim that holds
    /// scores 1 and one that does not 0, except two lists:
    ///
    /// - `pruned`: the nodes the list covers (every node of each subtree
    ///   named) against the nodes pruned, as `|both| / |either|` (Jaccard);
    /// - `leaves`: the longest common subsequence of the list and the
    ///   leaves evaluated, over the longer of the two.
    pub fn credit(&self, claim: &Claim, passed: bool) -> f64 {
        if passed {
            return 1.0;
        }
        let share = match claim {
            Claim::Pruned(ids) => self.nodes(ids).map(|l| self.pruned_share(&l)),
            Claim::Leaves(ids) => self.nodes(ids).map(|l| lcs_share(&l, &self.leaves)),
            _ => Ok(0.0),
        };
        // A claim that does not hold never scores in full.
        share.unwrap_or(0.0).min(0.99)
    }

    fn pruned_share(&self, listed: &[T::Node]) -> f64 {
        // The overlap of the nodes the list covers (each listed node's
        // subtree) with the nodes pruned, counted over the covered nodes
        // only: the pruned ones are known by number.
        let mut seen = HashSet::new();
        let (mut covered, mut both) = (0usize, 0usize);
        for &top in listed {
            let mut stack = vec![(top, self.is_pruned(top))];
            while let Some((node, pruned)) = stack.pop() {
                if !seen.insert(node) {
                    continue;
                }
                let pruned = pruned || self.is_pruned_top(node);
                covered += 1;
                both += usize::from(pruned);
                stack.extend(self.tree.children(node).map(|c| (c, pruned)));
            }
        }
        let either = self.pruned_count() + covered - both;
        match either {
            0 => 1.0,
            _ => both as f64 / either as f64,
        }
    }

    /// The ids of the tree closest in spelling to `id`, at most
    /// two edits away (and fewer than its length), best first; at
    /// most three.
    pub fn closest_ids(&self, id: &str) -> Vec<String> {
        let wanted: Vec<char> = id.chars().collect();
        let limit = MAX_EDITS.min(wanted.len().saturating_sub(1));
        let mut near: Vec<(usize, &str)> = self
            .all_ids()
            .filter(|c| c.chars().count().abs_diff(wanted.len()) <= limit)
            .filter_map(|c| {
                let d = edit_distance(&wanted, c);
                (d <= limit).then_some((d, c))
            })
            .collect();
        near.sort();
        near.iter().take(3).map(|(_, c)| c.to_string()).collect()
    }
}

fn pruned_brief(wrong: usize, left_out: usize) -> String {
    let nodes = |n: usize| match n {
        1 => "one node".to_string(),
        n => format!("{n} nodes"),
    };
    match (wrong, left_out) {
        (0, 0) => String::new(),
        (w, 0) => format!("pruned: {} too many", nodes(w)),
        (0, l) => format!("pruned: {} left out", nodes(l)),
        (w, l) => format!("pruned: {} too many, {} left out", nodes(w), nodes(l)),
    }
}

/// The longest common subsequence of `a` and `b` over the longer of the
/// two (1 for two empty lists).
fn lcs_share<N: PartialEq>(a: &[N], b: &[N]) -> f64 {
    let longer = a.len().max(b.len());
    if longer == 0 {
        return 1.0;
    }
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = match x == y {
                true => diagonal + 1,
                false => row[j + 1].max(row[j]),
            };
            diagonal = above;
        }
    }
    row[b.len()] as f64 / longer as f64
}

/// Levenshtein distance, case-insensitive.
fn edit_distance(a: &[char], b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let same = |x: char, y: char| x.to_lowercase().eq(y.to_lowercase());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(!same(x, y)))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcs_share_counts_the_leaves_in_order() {
        assert_eq!(lcs_share(&[1, 2, 3, 4], &[1, 2, 3, 4]), 1.0);
        assert_eq!(lcs_share(&[1, 3, 4], &[1, 2, 3, 4]), 0.75);
        assert_eq!(lcs_share(&[4, 3, 2, 1], &[1, 2, 3, 4]), 0.25);
        assert_eq!(lcs_share::<u8>(&[], &[]), 1.0);
        assert_eq!(lcs_share(&[], &[1]), 0.0);
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        let d = |a: &str, b| edit_distance(&a.chars().collect::<Vec<_>>(), b);
        assert_eq!(d("LL", "L"), 1);
        assert_eq!(d("b", "B"), 0);
        assert_eq!(d("@2.1", "@2.2"), 1);
        assert_eq!(d("kitten", "sitting"), 3);
    }
}
