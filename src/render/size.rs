//! Refusing trees too large to draw readably.

use super::RenderError;
use crate::tree::{GameTree, Tree};

/// The default limit on the nodes drawn.
pub const DEFAULT_MAX_DRAW_NODES: usize = 2000;

/// How many nodes lie at each level below the root.
fn level_counts(tree: &Tree) -> Vec<usize> {
    let mut counts = Vec::new();
    let mut stack = vec![(tree.root(), 0usize)];
    while let Some((node, level)) = stack.pop() {
        if counts.len() <= level {
            counts.resize(level + 1, 0);
        }
        counts[level] += 1;
        stack.extend(tree.children(node).map(|c| (c, level + 1)));
    }
    counts
}

/// Refuses a tree that would draw more than `max` nodes down to `depth`
/// (the whole tree when `None`), suggesting the deepest depth that fits.
/// A node standing for hidden levels is not counted.
pub fn check_size(tree: &Tree, depth: Option<usize>, max: usize) -> Result<(), RenderError> {
    let counts = level_counts(tree);
    let levels = depth.map_or(counts.len(), |d| (d + 1).min(counts.len()));
    let nodes: usize = counts[..levels].iter().sum();
    if nodes <= max {
        return Ok(());
    }
    if max == 0 {
        return Err(RenderError::NothingFits { nodes });
    }
    let mut fit = 0;
    let mut deepest = 0;
    for (level, count) in counts.iter().enumerate() {
        if fit + count > max {
            break;
        }
        fit += count;
        deepest = level;
    }
    Err(RenderError::TooLarge {
        nodes,
        max,
        depth: deepest,
        fit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_tree_is_refused_with_the_depth_that_fits() {
        let tree = crate::syntax::parse("t", "[[1 2 3] [4 5 6] [7 8 9]]").unwrap();
        assert!(check_size(&tree, None, 13).is_ok());
        let refused = check_size(&tree, None, 12).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "the tree has 13 nodes to draw, more than the 12 that make a readable picture; draw the top 1 levels (4 nodes), or raise the limit"
        );
        assert!(check_size(&tree, Some(1), 4).is_ok());
    }

    #[test]
    fn a_limit_of_zero_suggests_no_depth() {
        let tree = crate::syntax::parse("t", "[[1 2 3] [4 5 6] [7 8 9]]").unwrap();
        let refused = check_size(&tree, None, 0).unwrap_err().to_string();
        assert!(matches!(
            check_size(&tree, Some(0), 0),
            Err(RenderError::NothingFits { nodes: 1 })
        ));
        assert!(!refused.contains("depth"), "{refused}");
        assert!(
            refused.contains("a limit of 0 nodes draws nothing"),
            "{refused}"
        );
    }
}
