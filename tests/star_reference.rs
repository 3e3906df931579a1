//! Star1 and Star2 against a reference written here from their
//! definitions (Ballard 1983; the pseudocode of Hauk, Buro and Schaeffer
//! 2004, "Rediscovering *-Minimax Search"), with its own exact fractions:
//! on random chance trees, the library's alpha-beta (Star1) and Star2 must
//! give the reference's value, evaluate its leaves in its order, and leave
//! unvisited exactly the nodes it leaves unvisited.
//!
//! The reference is plain recursion over the test's own trees, sharing
//! nothing with the library but the text of the tree it parses:
//!
//! - MAX and MIN nodes: alpha-beta, cutting when the value reaches the
//!   bound (`v >= beta` at MAX, `v <= alpha` at MIN) with children left;
//!   fail-soft returns the value found, fail-hard clamps it into the
//!   window the node was entered with.
//! - A chance node with leaf bounds `[L, U]`: Star1. Before child `i`,
//!   with `S` the weighted sum of the children before it and `lo_j`,
//!   `hi_j` what each later child is known to lie within, the node stays
//!   inside `[alpha, beta]` only if child `i` exceeds
//!   `A_i = (alpha - S - sum p_j hi_j) / p_i` and stays below
//!   `B_i = (beta - S - sum p_j lo_j) / p_i`. The child is searched with
//!   `[A_i, B_i]` kept within `[lo_i, hi_i]`; a value `<= A_i` shows the
//!   node `<= alpha` (it returns `S + p_i v + sum p_j hi_j`), a value
//!   `>= B_i` shows it `>= beta`, and either skips the children left.
//! - Star2 first probes each MAX or MIN child `i` in order: it searches
//!   the child's first child alone, with the window
//!   `[lo_i, min(B_i, hi_i)]` for a MAX child (whose value it bounds from
//!   below) or `[max(A_i, lo_i), hi_i]` for a MIN child (bounded from
//!   above), where `A_i`, `B_i` count every other child at what is known
//!   of it. A MAX child's probe `>= B_i` shows the node `>= beta` (a MIN
//!   child's `<= A_i`, `<= alpha`) and ends the search there; otherwise
//!   the probe's value becomes the child's `lo_i` (MAX) or `hi_i` (MIN).
//!   Star1 then runs with these bounds, and a probed child's search goes
//!   on from its first child's value, without searching it again.
//! - Without leaf bounds, a chance node searches every child with the
//!   full window and takes the weighted mean.
//!
//! A probe visits the child it probes. The conventions here are the
//! papers': a cut when a value reaches its bound (not `--strict`), either
//! fail-soft or fail-hard. Probabilities are stated and above 0.

mod common;

use std::cmp::Ordering;
use std::collections::HashSet;

use gametree::search::{Algorithm, Options, search};
use gametree::syntax::parse;
use gametree::trace::{Event, Trace};
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::value::{LeafBounds, Value};
use proptest::prelude::*;

/// A fraction of 128-bit integers, its denominator above 0, in lowest
/// terms: the reference's own arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    num: i128,
    den: i128,
}

impl Q {
    fn int(n: i64) -> Q {
        Q::new(n.into(), 1)
    }

    fn new(num: i128, den: i128) -> Q {
        let (mut a, mut b) = (num.abs(), den.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = a.max(1) * den.signum();
        Q {
            num: num / g,
            den: den / g,
        }
    }

    fn add(self, o: Q) -> Q {
        Q::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }

    fn sub(self, o: Q) -> Q {
        self.add(Q::new(-o.num, o.den))
    }

    fn mul(self, o: Q) -> Q {
        Q::new(self.num * o.num, self.den * o.den)
    }

    fn div(self, o: Q) -> Q {
        Q::new(self.num * o.den, self.den * o.num)
    }
}

impl Ord for Q {
    fn cmp(&self, o: &Q) -> Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// A window bound: a fraction or an infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum X {
    NegInf,
    At(Q),
    PosInf,
}

impl X {
    /// `(self - minus) / p`, for `p > 0`: an infinity stays one.
    fn less_over(self, minus: Q, p: Q) -> X {
        match self {
            X::At(q) => X::At(q.sub(minus).div(p)),
            other => other,
        }
    }

    /// This bound kept within `[lo, hi]`.
    fn within(self, lo: Q, hi: Q) -> Q {
        match self {
            X::NegInf => lo,
            X::PosInf => hi,
            X::At(q) => q.max(lo).min(hi),
        }
    }
}

/// `v` clamped into `[alpha, beta]`.
fn clamp(v: Q, alpha: X, beta: X) -> Q {
    match (alpha, beta) {
        (X::At(a), _) if v < a => a,
        (_, X::At(b)) if v > b => b,
        _ => v,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Max,
    Min,
    Chance,
}

/// The test's trees: every interior node states its kind; a chance node's
/// children carry weights of 1 to 3.
#[derive(Clone, Debug)]
enum Node {
    Leaf(i32),
    Inner(Kind, Vec<(u32, Node)>),
}

impl Node {
    fn text(&self) -> String {
        match self {
            Node::Leaf(v) => v.to_string(),
            Node::Inner(kind, children) => {
                let total: u32 = children.iter().map(|(w, _)| w).sum();
                let inner: Vec<String> = children
                    .iter()
                    .map(|(w, c)| match kind {
                        Kind::Chance => format!("{w}/{total}: {}", c.text()),
                        _ => c.text(),
                    })
                    .collect();
                let word = match kind {
                    Kind::Max => "max",
                    Kind::Min => "min",
                    Kind::Chance => "chance",
                };
                format!("{word} [{}]", inner.join(" "))
            }
        }
    }

    /// Child `i`'s probability at a chance node.
    fn probability(&self, i: usize) -> Q {
        let Node::Inner(_, children) = self else {
            unreachable!("a leaf has no children")
        };
        let total: u32 = children.iter().map(|(w, _)| w).sum();
        Q::new(children[i].0.into(), total.into())
    }
}

fn trees() -> impl Strategy<Value = Node> {
    let leaf = (-4i32..5).prop_map(Node::Leaf);
    let tree = leaf.prop_recursive(4, 48, 4, |inner| {
        (
            prop_oneof![1 => Just(Kind::Max), 1 => Just(Kind::Min), 2 => Just(Kind::Chance)],
            prop::collection::vec((1u32..4, inner), 1..4),
        )
            .prop_map(|(kind, children)| Node::Inner(kind, children))
    });
    tree.prop_filter("an interior root", |t| matches!(t, Node::Inner(..)))
}

/// One run of the reference: its conventions, and what it did.
struct Reference {
    star2: bool,
    fail_hard: bool,
    bounds: Option<(Q, Q)>,
    /// The leaves evaluated, in order, by path id (`@1.2`).
    leaves: Vec<String>,
    /// The nodes visited (searched or probed), by path id.
    visited: HashSet<String>,
}

/// The path id of child `i` (from 0) of the node `id` (`root` for the root).
fn child_id(id: &str, i: usize) -> String {
    match id {
        "root" => format!("@{}", i + 1),
        _ => format!("{id}.{}", i + 1),
    }
}

impl Reference {
    fn search(&mut self, node: &Node, id: &str, alpha: X, beta: X) -> Q {
        self.visited.insert(id.to_string());
        match node {
            Node::Leaf(v) => {
                self.leaves.push(id.to_string());
                Q::int((*v).into())
            }
            Node::Inner(Kind::Chance, _) => self.chance(node, id, alpha, beta),
            Node::Inner(kind, children) => {
                let v = self.alphabeta(*kind, children, id, 0, None, (alpha, beta));
                self.settle(v, alpha, beta)
            }
        }
    }

    /// A value as the node returns it: clamped into its window under
    /// fail-hard.
    fn settle(&self, v: Q, alpha: X, beta: X) -> Q {
        match self.fail_hard {
            true => clamp(v, alpha, beta),
            false => v,
        }
    }

    /// Alpha-beta at a MAX or MIN node over its children from `from` on,
    /// the value so far `best` (a probe's, when `from` is 1); the value
    /// found, before fail-hard.
    fn alphabeta(
        &mut self,
        kind: Kind,
        children: &[(u32, Node)],
        id: &str,
        from: usize,
        mut best: Option<Q>,
        (mut alpha, mut beta): (X, X),
    ) -> Q {
        for (i, (_, child)) in children.iter().enumerate().skip(from) {
            if let Some(v) = best {
                let reached = match kind {
                    Kind::Max => X::At(v) >= beta,
                    _ => X::At(v) <= alpha,
                };
                if reached {
                    break;
                }
                match kind {
                    Kind::Max => alpha = alpha.max(X::At(v)),
                    _ => beta = beta.min(X::At(v)),
                }
            }
            let v = self.search(child, &child_id(id, i), alpha, beta);
            best = Some(match (kind, best) {
                (_, None) => v,
                (Kind::Max, Some(b)) => b.max(v),
                (_, Some(b)) => b.min(v),
            });
        }
        best.expect("an interior node has a child")
    }

    /// A chance node: Star1 (after Star2's probes) with leaf bounds, the
    /// plain mean without.
    fn chance(&mut self, node: &Node, id: &str, alpha: X, beta: X) -> Q {
        let Node::Inner(_, children) = node else {
            unreachable!()
        };
        let n = children.len();
        let p: Vec<Q> = (0..n).map(|i| node.probability(i)).collect();
        let Some((low, high)) = self.bounds else {
            let mut sum = Q::int(0);
            for (i, (_, child)) in children.iter().enumerate() {
                let v = self.search(child, &child_id(id, i), X::NegInf, X::PosInf);
                sum = sum.add(p[i].mul(v));
            }
            return self.settle(sum, alpha, beta);
        };
        let mut known = vec![(low, high); n];
        let mut probes: Vec<Option<Q>> = vec![None; n];
        if self.star2 {
            for i in 0..n {
                if let Some(cut) = self.probe(node, id, i, &p, &mut known, (alpha, beta)) {
                    return self.settle(cut, alpha, beta);
                }
                if matches!(children[i].1, Node::Inner(Kind::Max | Kind::Min, _)) {
                    let (lo, hi) = known[i];
                    let Node::Inner(kind, _) = children[i].1 else {
                        unreachable!()
                    };
                    probes[i] = Some(if kind == Kind::Max { lo } else { hi });
                }
            }
        }
        let v = self.star1(children, id, &p, &known, &probes, (alpha, beta));
        self.settle(v, alpha, beta)
    }

    /// Star2's probe of child `i`, when it is a MAX or MIN node: narrows
    /// what is known of it; the node's bound when the probe shows it
    /// outside `[alpha, beta]`.
    fn probe(
        &mut self,
        node: &Node,
        id: &str,
        i: usize,
        p: &[Q],
        known: &mut [(Q, Q)],
        (alpha, beta): (X, X),
    ) -> Option<Q> {
        let Node::Inner(_, children) = node else {
            unreachable!()
        };
        let Node::Inner(kind @ (Kind::Max | Kind::Min), grandchildren) = &children[i].1 else {
            return None;
        };
        let child = child_id(id, i);
        self.visited.insert(child.clone());
        let others = |side: usize| {
            (0..p.len()).filter(|&j| j != i).fold(Q::int(0), |s, j| {
                let bound = if side == 0 { known[j].0 } else { known[j].1 };
                s.add(p[j].mul(bound))
            })
        };
        let (rest_low, rest_high) = (others(0), others(1));
        let a_i = alpha.less_over(rest_high, p[i]);
        let b_i = beta.less_over(rest_low, p[i]);
        let (lo, hi) = known[i];
        let (a, b) = match kind {
            Kind::Max => (lo, b_i.within(lo, hi)),
            _ => (a_i.within(lo, hi), hi),
        };
        let first = &grandchildren[0].1;
        let v = self.search(first, &child_id(&child, 0), X::At(a), X::At(b));
        match kind {
            Kind::Max if X::At(v) >= b_i => return Some(p[i].mul(v).add(rest_low)),
            Kind::Min if X::At(v) <= a_i => return Some(p[i].mul(v).add(rest_high)),
            Kind::Max => known[i].0 = v.max(lo),
            _ => known[i].1 = v.min(hi),
        }
        None
    }

    /// Star1 over every child, with what is `known` of each and the
    /// values of the probes (of the probed children's first children).
    fn star1(
        &mut self,
        children: &[(u32, Node)],
        id: &str,
        p: &[Q],
        known: &[(Q, Q)],
        probes: &[Option<Q>],
        (alpha, beta): (X, X),
    ) -> Q {
        let mut sum = Q::int(0);
        for (i, (_, child)) in children.iter().enumerate() {
            let rest = |side: usize| {
                (i + 1..children.len()).fold(Q::int(0), |s, j| {
                    let bound = if side == 0 { known[j].0 } else { known[j].1 };
                    s.add(p[j].mul(bound))
                })
            };
            let (rest_low, rest_high) = (rest(0), rest(1));
            let a_i = alpha.less_over(sum.add(rest_high), p[i]);
            let b_i = beta.less_over(sum.add(rest_low), p[i]);
            let (lo, hi) = known[i];
            let (a, b) = (X::At(a_i.within(lo, hi)), X::At(b_i.within(lo, hi)));
            let child_id = child_id(id, i);
            let v = match (probes[i], child) {
                (Some(first), Node::Inner(kind, grandchildren)) => {
                    self.visited.insert(child_id.clone());
                    let v = self.alphabeta(*kind, grandchildren, &child_id, 1, Some(first), (a, b));
                    self.settle(v, a, b)
                }
                _ => self.search(child, &child_id, a, b),
            };
            if X::At(v) <= a_i {
                return sum.add(p[i].mul(v)).add(rest_high);
            }
            if X::At(v) >= b_i {
                return sum.add(p[i].mul(v)).add(rest_low);
            }
            sum = sum.add(p[i].mul(v));
        }
        sum
    }
}

/// What the library's search did: its value, the leaves it evaluated and
/// the nodes it visited, by id.
fn library(
    tree: &Tree,
    algorithm: Algorithm,
    options: Options,
) -> (Value, Vec<String>, HashSet<String>) {
    let mut trace = Trace::new();
    let result = search(tree, algorithm, options, &mut trace).unwrap();
    let id = |n: &NodeId| tree.id(*n);
    let leaves = trace.leaves().map(|n| id(&n)).collect();
    let visited = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Enter { node, .. } | Event::Leaf { node, .. } | Event::Probe { node, .. } => {
                Some(id(node))
            }
            _ => None,
        })
        .collect();
    (result.score.value, leaves, visited)
}

/// The pruned nodes the library's cuts name.
fn named_pruned(tree: &Tree, algorithm: Algorithm, options: Options) -> HashSet<String> {
    let mut trace = Trace::new();
    search(tree, algorithm, options, &mut trace).unwrap();
    trace
        .cuts()
        .flat_map(|c| c.pruned.iter().map(|n| tree.id(*n)))
        .collect()
}

/// Every node's id, and the unvisited nodes whose parent is visited: the
/// tops of the subtrees a search skipped.
fn tops(tree: &Tree, visited: &HashSet<String>) -> HashSet<String> {
    let mut tops = HashSet::new();
    let mut stack = vec![tree.root()];
    while let Some(node) = stack.pop() {
        for child in tree.children(node) {
            match visited.contains(&tree.id(child)) {
                true => stack.push(child),
                false => {
                    tops.insert(tree.id(child));
                }
            }
        }
    }
    tops
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn star1_and_star2_search_as_the_reference_does(
        shape in trees(),
        bounds in prop::option::weighted(0.85, (-6i32..=-4, 4i32..=6)),
        fail_hard in any::<bool>(),
    ) {
        let text = shape.text();
        let tree = parse("random", &text).unwrap();
        let leaf_bounds = bounds.map(|(l, u)| LeafBounds::new(Value::from(l), Value::from(u)).unwrap());
        let options = Options { fail_hard, bounds: leaf_bounds, ..Options::default() };
        for (algorithm, star2) in [(Algorithm::AlphaBeta, false), (Algorithm::Star2, true)] {
            let mut reference = Reference {
                star2,
                fail_hard,
                bounds: bounds.map(|(l, u)| (Q::int(l.into()), Q::int(u.into()))),
                leaves: Vec::new(),
                visited: HashSet::new(),
            };
            let value = reference.search(&shape, "root", X::NegInf, X::PosInf);
            let (got, leaves, visited) = library(&tree, algorithm, options);
            let context = format!("{algorithm}, fail-hard {fail_hard}, bounds {bounds:?}, on {text}");
            prop_assert_eq!(
                Q::new(got.numerator().into(), got.denominator().into()), value, "value: {}", context
            );
            prop_assert_eq!(&leaves, &reference.leaves, "leaves: {}", context);
            prop_assert_eq!(&visited, &reference.visited, "visited: {}", context);
            let pruned = named_pruned(&tree, algorithm, options);
            prop_assert_eq!(pruned, tops(&tree, &reference.visited), "pruned: {}", context);
        }
    }
}

/// The reference on the tree (`trees/star2-probes.tree`), and the
/// library with it: Star2 probes B3 to B6 and cuts C3 on the probes alone.
#[test]
fn the_reference_agrees_on_the_probing_example() {
    let text = std::fs::read_to_string("trees/star2-probes.tree").unwrap();
    let tree = parse("star2-probes", &text).unwrap();
    let leaf = |v| Node::Leaf(v);
    let min = |a, b| Node::Inner(Kind::Min, vec![(1, leaf(a)), (1, leaf(b))]);
    let chance =
        |w: [u32; 2], l: Node, r: Node| Node::Inner(Kind::Chance, vec![(w[0], l), (w[1], r)]);
    let shape = Node::Inner(
        Kind::Max,
        vec![
            (1, chance([1, 1], min(3, 7), min(6, 9))),
            (1, chance([1, 3], min(8, 2), min(5, 10))),
            (1, chance([3, 2], min(1, 4), min(9, 8))),
        ],
    );
    let mut reference = Reference {
        star2: true,
        fail_hard: false,
        bounds: Some((Q::int(0), Q::int(10))),
        leaves: Vec::new(),
        visited: HashSet::new(),
    };
    let value = reference.search(&shape, "root", X::NegInf, X::PosInf);
    assert_eq!(value, Q::new(9, 2));
    let named = |ids: &HashSet<String>| {
        let mut named: Vec<String> = ids
            .iter()
            .map(|id| tree.id(by_path(&tree, id).unwrap_or_else(|| tree.find(id).unwrap())))
            .collect();
        named.sort();
        named
    };
    let (_, leaves, visited) = library(&tree, Algorithm::Star2, Options::default());
    assert_eq!(leaves, reference.leaves);
    assert_eq!(named(&reference.visited), named(&visited));
    let pruned = named_pruned(&tree, Algorithm::Star2, Options::default());
    assert_eq!(named(&pruned), ["@2.2.2", "@3.1.2", "@3.2.2"]);
}

/// The tie at Star1's threshold that the property once found: at C
/// (`@2`) with beta -4, B1 = (-4 - 1/2 x -4) / (1/2) = -4, and B (`@2.1`)
/// fails low at -4 in its window [-4, -4]. An upper bound at the leaf
/// bound L = -4 is the value -4 exactly, which reaches B1: C is at least
/// 1/2 x -4 + 1/2 x L = -4 = beta, and its second child is skipped. With
/// `strict`, -4 is at the threshold and not beyond, so every leaf below C
/// is evaluated.
#[test]
fn a_child_at_its_threshold_by_the_leaf_bound_cuts_the_chance_node() {
    let text = "min [min [-4] chance [1/2: min [-4 0] 1/2: 0]]";
    let tree = parse("tie", text).unwrap();
    let bounds = LeafBounds::new(Value::from(-4), Value::from(4)).unwrap();
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Star2] {
        for fail_hard in [false, true] {
            let options = Options {
                fail_hard,
                bounds: Some(bounds),
                ..Options::default()
            };
            let (value, leaves, _) = library(&tree, algorithm, options);
            let context = format!("{algorithm}, fail-hard {fail_hard}");
            assert_eq!(value, Value::from(-4), "{context}");
            assert_eq!(leaves, ["@1.1", "@2.1.1"], "{context}");
            let mut pruned: Vec<String> = named_pruned(&tree, algorithm, options)
                .into_iter()
                .collect();
            pruned.sort();
            assert_eq!(pruned, ["@2.1.2", "@2.2"], "{context}");
        }
    }
    let strict = Options {
        strict: true,
        bounds: Some(bounds),
        ..Options::default()
    };
    let (value, leaves, _) = library(&tree, Algorithm::AlphaBeta, strict);
    assert_eq!(value, Value::from(-4));
    assert_eq!(leaves, ["@1.1", "@2.1.1", "@2.1.2", "@2.2"]);
}

/// The node at a path id (`@2.1`; `root`), followed from the root.
fn by_path(tree: &Tree, id: &str) -> Option<NodeId> {
    let mut node = tree.root();
    let Some(path) = id.strip_prefix('@') else {
        return (id == "root").then_some(node);
    };
    for step in path.split('.') {
        let index: usize = step.parse().ok()?;
        node = tree.children(node).nth(index - 1)?;
    }
    Some(node)
}
