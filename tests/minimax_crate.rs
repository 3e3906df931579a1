//! gametree's alpha-beta against an implementation it shares no code with:
//! the `minimax` crate's `Negamax`, searching the same trees through the
//! crate's own traits. Both must find the same root value, enter the same
//! nodes and evaluate the same leaves, on the examples of `trees/` that the
//! crate can search and on seeded random trees, to the leaves and to a
//! depth limit.
//!
//! What the crate's `Negamax` is: fail-soft alpha-beta in negamax form,
//! cutting when a value reaches beta (`alpha >= beta`), children in the
//! order the game gives them, as gametree's alpha-beta with its default
//! options. Two things of the crate shape how the trees are given to it:
//! it evaluates a position only where its depth runs out (a leaf above
//! that depth would count as lost), so the trees have every leaf at one
//! depth; and it shuffles the moves of the position it starts from, so it
//! starts one ply above the root, where the root is the only move.

mod common;

use std::cell::Cell;
use std::rc::Rc;

use gametree::search::{Algorithm, Options, search};
use gametree::syntax::parse;
use gametree::trace::NoRecorder;
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::value::{Kind, Value};
use minimax::{Evaluation, Evaluator, Game, Negamax, Strategy, Winner};

/// What the crate's search did, counted by the game and the evaluator.
#[derive(Default)]
struct Counts {
    /// Positions entered: each move the crate applies. From above the
    /// root, the root is the first, so this is gametree's "nodes visited"
    /// (`Stats::nodes_visited`, the root and the leaves included).
    entered: Cell<u64>,
    /// Positions evaluated: the crate evaluates only where its depth runs
    /// out, at the leaves or at the depth limit, so this is gametree's
    /// "leaves evaluated" (`Stats::leaves_evaluated`, interior nodes
    /// valued at the depth limit included).
    evaluated: Cell<u64>,
}

/// A position of the crate's game: a node of a tree.
#[derive(Clone)]
struct Position {
    tree: Rc<Tree>,
    node: NodeId,
    /// The position above the root, whose one move is the root.
    above_root: bool,
    counts: Rc<Counts>,
}

/// A tree as the crate's game: the moves of a node are its children, in
/// order.
struct TreeGame;

impl Game for TreeGame {
    type S = Position;
    type M = NodeId;

    fn generate_moves(state: &Position, moves: &mut Vec<NodeId>) -> Option<Winner> {
        match state.above_root {
            true => moves.push(state.node),
            false => moves.extend(state.tree.children(state.node)),
        }
        None
    }

    fn apply(state: &mut Position, node: NodeId) -> Option<Position> {
        let counts = &state.counts.entered;
        counts.set(counts.get() + 1);
        Some(Position {
            node,
            above_root: false,
            ..state.clone()
        })
    }

    fn get_winner(_state: &Position) -> Option<Winner> {
        None
    }
}

/// A leaf's value, or an interior node's static value, from the side of
/// the player to move there.
struct TreeEval;

impl Evaluator for TreeEval {
    type G = TreeGame;

    fn evaluate(&self, s: &Position) -> Evaluation {
        let counts = &s.counts.evaluated;
        counts.set(counts.get() + 1);
        let value = s.tree.value(s.node).or(s.tree.static_value(s.node));
        let value = value.expect("a value where the depth runs out");
        let own = s.tree.kind(s.node).perspective(value).to_f64();
        assert!(own.fract() == 0.0 && own.abs() < 30_000.0, "{own}");
        own as Evaluation
    }
}

/// A search's root value (in MAX's terms), nodes entered and leaves
/// evaluated.
type Outcome = (f64, u64, u64);

/// The crate's `Negamax` on `tree`, `plies` deep.
fn crate_negamax(tree: &Rc<Tree>, plies: usize) -> Outcome {
    let counts = Rc::new(Counts::default());
    let above = Position {
        tree: Rc::clone(tree),
        node: tree.root(),
        above_root: true,
        counts: Rc::clone(&counts),
    };
    let depth = u8::try_from(plies + 1).expect("a small depth");
    let mut negamax = Negamax::new(TreeEval, depth);
    negamax.choose_move(&above).expect("the root is a move");
    // The value above the root is the root's, negated: the root's from its
    // player's side, turned into MAX's terms.
    let root_side = Value::from_int((-negamax.root_value()).into()).unwrap();
    let value = tree.kind(tree.root()).perspective(root_side).to_f64();
    (value, counts.entered.get(), counts.evaluated.get())
}

/// gametree's `algorithm` on `tree`, to `depth` plies or the leaves.
fn gametree_search(tree: &Tree, algorithm: Algorithm, depth: Option<usize>) -> Outcome {
    let options = Options {
        depth,
        ..Options::default()
    };
    let result = search(tree, algorithm, options, &mut NoRecorder).unwrap();
    let stats = result.stats;
    let value = result.score.value.to_f64();
    (value, stats.nodes_visited, stats.leaves_evaluated)
}

/// The depth of every leaf of `tree`, when it is one depth, the players
/// alternate and every leaf value is an integer the crate can hold: the
/// trees the crate searches as gametree does.
fn crate_can_search(tree: &Tree) -> Option<usize> {
    let mut depths = Vec::new();
    let mut stack = vec![(tree.root(), 0)];
    while let Some((node, depth)) = stack.pop() {
        let children: Vec<NodeId> = tree.children(node).collect();
        if children.is_empty() {
            let value = tree.value(node)?.to_f64();
            (value.fract() == 0.0 && value.abs() < 30_000.0).then_some(())?;
            depths.push(depth);
        }
        for child in children {
            let alternates = matches!(
                (tree.kind(node), tree.kind(child)),
                (Kind::Max, Kind::Min) | (Kind::Min, Kind::Max)
            );
            alternates.then_some(())?;
            stack.push((child, depth + 1));
        }
    }
    let first = depths[0];
    depths.iter().all(|&d| d == first).then_some(first)
}

/// Asserts that both of gametree's alpha-beta searches and the crate's
/// `Negamax` agree on `tree` searched `plies` deep (`None`: to the
/// leaves, which lie `leaves` plies down).
#[track_caller]
fn assert_agree(name: &str, tree: &Rc<Tree>, leaves: usize, plies: Option<usize>) -> Outcome {
    let theirs = crate_negamax(tree, plies.unwrap_or(leaves));
    for algorithm in [Algorithm::AlphaBeta, Algorithm::NegamaxAlphaBeta] {
        let ours = gametree_search(tree, algorithm, plies);
        assert_eq!(
            ours, theirs,
            "{name}, {algorithm}, depth {plies:?}: (value, nodes, leaves) against Negamax's"
        );
    }
    theirs
}

#[test]
fn the_examples_agree_with_the_minimax_crate() {
    let mut searched = Vec::new();
    for file in common::example_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let Ok(tree) = parse(&file, &text) else {
            continue; // chance nodes or unknown leaves: not the crate's trees
        };
        let Some(leaves) = crate_can_search(&tree) else {
            continue;
        };
        let tree = Rc::new(tree);
        let (_, nodes, _) = assert_agree(&file, &tree, leaves, None);
        searched.push((file, nodes, tree.len() as u64));
    }
    let names: Vec<&str> = searched.iter().map(|(f, _, _)| f.as_str()).collect();
    assert!(
        names.contains(&"trees/aima-figure-5-2.tree") && names.len() >= 3,
        "too few examples the crate can search: {names:?}"
    );
    assert!(
        searched.iter().any(|(_, nodes, all)| nodes < all),
        "some example prunes: {searched:?}"
    );
}

#[test]
fn the_aima_tree_agrees_with_the_minimax_crate_on_known_figures() {
    // AIMA's figure 5.2: value 3; alpha-beta skips two leaves of the
    // middle subtree, so 7 of 9 leaves and 11 of 13 nodes.
    let tree = Rc::new(parse("aima", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap());
    assert_eq!(crate_negamax(&tree, 2), (3.0, 11, 7));
    assert_agree("aima", &tree, 2, None);
}

#[test]
fn seeded_random_trees_agree_with_the_minimax_crate() {
    // (branching, depth, leaf values in 0..spread, seed): small spreads
    // give many ties, where cutting at >= or > differs.
    let trees = [
        (2, 8, 3, 1),
        (3, 6, 10, 2),
        (4, 5, 100, 3),
        (5, 4, 1000, 4),
        (3, 7, 20_000, 5),
        (6, 3, 2, 6),
    ];
    for (b, d, spread, seed) in trees {
        let text = common::uniform(b, d, spread, seed).text();
        let tree = Rc::new(parse("random", &text).unwrap());
        let name = format!("b={b} d={d} spread={spread} seed={seed}");
        let (_, nodes, _) = assert_agree(&name, &tree, d, None);
        assert!(nodes < tree.len() as u64, "{name}: alpha-beta prunes");
        // To a depth limit: interior nodes there take their static values
        // on both sides, and both count them as evaluated.
        for plies in 1..d {
            assert_agree(&name, &tree, d, Some(plies));
        }
    }
}
