//! Turns the parser's pairs into a [`TreeBuilder`], without recursion, so
//! that the nesting depth costs heap, not stack.

use pest::iterators::{Pair, Pairs};

use super::expect::parse_expectation;
use super::grammar::Rule;
use super::names;
use super::number::{NumberError, parse_number};
use super::{Limits, ParseError, SourceText};
use crate::claim::Expectation;
use crate::tree::{NameClaim, NodeId, TreeBuilder};
use crate::value::probability::{self, Sum};
use crate::value::{Kind, LeafBounds, Value};

/// Which nodes a tree read keeps the place of.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Places {
    /// Named and unknown nodes only (what later messages need most), so
    /// that a large file's tree stays small.
    Some,
    /// Every node: read again for an error about a node without a place.
    Every,
}

/// Reads the tree and the expectations from the `file` pair.
pub(super) fn load(
    file: Pair<'_, Rule>,
    source: &SourceText<'_>,
    limits: &Limits,
    places: Places,
) -> Result<(TreeBuilder, Vec<Expectation>), ParseError> {
    let mut loader = Loader {
        source,
        limits,
        builder: TreeBuilder::new(),
        label: None,
        places,
    };
    let mut parts = file.into_inner().peekable();
    if let Some(bounds) = parts.next_if(|p| p.as_rule() == Rule::bounds_line) {
        loader.bounds(bounds)?;
    }
    let root = parts.next().expect("a file has a root");
    loader.root(root)?;
    let expectations = parts
        .filter(|p| p.as_rule() == Rule::expect)
        .map(|p| parse_expectation(p, source, 0))
        .collect::<Result<_, _>>()?;
    Ok((loader.builder, expectations))
}

struct Loader<'s, 'a> {
    source: &'s SourceText<'a>,
    limits: &'s Limits,
    builder: TreeBuilder,
    /// The action label read before the next child, waiting for its node.
    label: Option<String>,
    /// Which nodes keep their place.
    places: Places,
}

/// An interior node whose children are being read.
struct Open<'i> {
    kind: Kind,
    /// The kind of its children that state none: the opposite of the
    /// nearest MAX or MIN node, this one or above a chance node.
    turn: Kind,
    static_value: Option<Value>,
    name: Option<NameClaim>,
    label: Option<String>,
    children: Pairs<'i, Rule>,
    /// Where it is written.
    start: usize,
    /// Its own probability, stated before it.
    probability: Option<Value>,
    /// A probability read, for the next child.
    pending: Option<Value>,
    /// Its children that state a probability, with it, as each is
    /// finished (set on the tree once all are, and checked to sum to 1),
    /// and how many state none.
    stated: Vec<(NodeId, Value)>,
    unstated: usize,
}

impl Open<'_> {
    /// Counts a child that states no probability.
    fn count_unstated(&mut self, probability: Option<Value>) {
        if probability.is_none() {
            self.unstated += 1;
        }
    }

    /// Records the finished child `node` with its stated probability.
    fn stated(&mut self, node: NodeId, probability: Option<Value>) {
        if let Some(p) = probability {
            self.stated.push((node, p));
        }
    }
}

impl<'i> Loader<'_, '_> {
    fn root(&mut self, root: Pair<'i, Rule>) -> Result<(), ParseError> {
        match root.as_rule() {
            Rule::leaf_run => self.single_leaf_root(root),
            Rule::named_leaf => self.named_leaf(root, Kind::Max).map(|_| ()),
            _ => {
                let mut open = vec![self.interior(root, Kind::Max)?];
                self.read_children(&mut open)
            }
        }
    }

    /// `bounds L U`.
    fn bounds(&mut self, pair: Pair<'_, Rule>) -> Result<(), ParseError> {
        let start = pair.as_span().start();
        let numbers: Vec<Pair<'_, Rule>> = pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::number)
            .collect();
        let low = self.number(&numbers[0])?;
        let high = self.number(&numbers[1])?;
        let bounds = LeafBounds::new(low, high).ok_or_else(|| {
            let message = format!(
                "the leaf bounds must be two finite numbers, the lower first, not {low} and {high}"
            );
            self.source.error_at(start, &message)
        })?;
        self.builder.set_bounds(bounds);
        Ok(())
    }

    /// Reads every open node's children, depth first, with an explicit
    /// stack; a node is finished when its last child is.
    fn read_children(&mut self, open: &mut Vec<Open<'i>>) -> Result<(), ParseError> {
        while let Some(top) = open.last_mut() {
            let kind = top.turn;
            let Some(child) = top.children.next() else {
                let done = open.pop().expect("an open node");
                self.set_probabilities(&done)?;
                let node = self.builder.close_list(done.kind, done.static_value);
                if self.places == Places::Every {
                    self.builder.locate(node, self.source.location(done.start));
                }
                if let Some(claim) = done.name {
                    self.builder.bind_name(node, claim);
                }
                if let Some(label) = done.label {
                    self.builder.label(node, label);
                }
                if let Some(parent) = open.last_mut() {
                    parent.stated(node, done.probability);
                }
                continue;
            };
            let pending = top.pending.take();
            match child.as_rule() {
                Rule::label => {
                    // The probability, if any, stands before the label.
                    top.pending = pending;
                    let label = label_text(child.as_str());
                    if let Some(refusal) = names::refuse_label(&label) {
                        let start = child.as_span().start();
                        return Err(self.refused(start, child.as_str(), refusal));
                    }
                    self.label = Some(label);
                }
                Rule::chance_prefix => {
                    let p = self.probability(&child, top.kind)?;
                    top.pending = Some(p);
                }
                Rule::leaf_run => {
                    let (first, leaves) = self.leaf_run(child, kind)?;
                    top.stated(first, pending);
                    top.count_unstated(pending);
                    top.unstated += leaves - 1;
                }
                Rule::named_leaf => {
                    let node = self.named_leaf(child, kind)?;
                    top.stated(node, pending);
                    top.count_unstated(pending);
                }
                Rule::interior => {
                    top.count_unstated(pending);
                    let mut opened = self.interior(child, kind)?;
                    opened.probability = pending;
                    open.push(opened);
                }
                _ => {} // brackets
            }
        }
        Ok(())
    }

    /// Reads a child's probability (`0.7:`, `1/3:`) under a `parent_kind`
    /// node: a number in [0, 1], at a chance node only.
    fn probability(&self, prefix: &Pair<'_, Rule>, parent_kind: Kind) -> Result<Value, ParseError> {
        let at = prefix.as_span().start();
        if !parent_kind.is_chance() {
            let message = format!(
                "a probability stands only before a child of a chance node, and this node is {parent_kind}"
            );
            return Err(self.source.error_at(at, &message));
        }
        let text = prefix.as_str().trim_end_matches(':').trim_end();
        if text.contains(['e', 'E']) {
            let message = format!(
                "the probability `{}` has an exponent: write it as a decimal or a fraction \
                 (`0.25`, `1/4`)",
                crate::text::quoted(text)
            );
            return Err(self.source.error_at(at, &message));
        }
        let p = match parse_number(text) {
            Ok(p) => Some(p),
            Err(NumberError::DividesByZero(_)) => None,
            Err(e) => return Err(self.source.error_at(at, &e.to_string())),
        };
        let Some(p) = p.filter(|p| (Value::ZERO..=Value::ONE).contains(p)) else {
            let message = format!("the probability `{text}` is not between 0 and 1");
            return Err(self.source.error_at(at, &message));
        };
        Ok(p)
    }

    /// Gives the children of a finished node the probabilities they
    /// state, made to sum to exactly 1 with a note on the tree when they
    /// sum to 1 within the tolerance only (see
    /// [`probability::normalise`]); refuses them when they sum to anything
    /// else, or when some children state one and some do not.
    fn set_probabilities(&mut self, node: &Open<'_>) -> Result<(), ParseError> {
        if node.stated.is_empty() {
            return Ok(());
        }
        if node.unstated > 0 {
            let message = format!(
                "{} of this chance node's {} children state a probability: state every one, or none (equally likely)",
                node.stated.len(),
                node.stated.len() + node.unstated
            );
            return Err(self.source.error_at(node.start, &message));
        }
        let mut ps: Vec<Value> = node.stated.iter().map(|(_, p)| *p).collect();
        let sum = probability::normalise(&mut ps)
            .map_err(|e| self.source.error_at(node.start, &e.to_string()))?;
        if let Sum::Normalised(sum) = sum {
            let at = self.source.location(node.start);
            self.builder.note(at, normalised_note(sum));
        }
        for ((child, _), p) in node.stated.iter().zip(ps) {
            self.builder.set_probability(*child, p);
        }
        Ok(())
    }

    /// Opens an interior node; returns it with its children to read.
    fn interior(
        &mut self,
        pair: Pair<'i, Rule>,
        default_kind: Kind,
    ) -> Result<Open<'i>, ParseError> {
        let start = pair.as_span().start();
        self.check_limit(start)?;
        let (mut kind, mut static_value, mut name, mut children) = (default_kind, None, None, None);
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::name | Rule::quoted_name => name = Some(self.claim(&part)?),
                Rule::kind => kind = parse_kind(part.as_str()),
                Rule::static_value => {
                    let number = part.into_inner().nth(1).expect("a static value");
                    static_value = Some(self.number(&number)?);
                }
                _ => children = Some(part.into_inner()),
            }
        }
        self.builder.open_list();
        Ok(Open {
            kind,
            turn: match kind {
                Kind::Chance => default_kind,
                player => player.opponent(),
            },
            static_value,
            name,
            label: self.label.take(),
            children: children.expect("an interior node has children"),
            start,
            probability: None,
            pending: None,
            stated: Vec::new(),
            unstated: 0,
        })
    }

    fn named_leaf(&mut self, pair: Pair<'_, Rule>, kind: Kind) -> Result<NodeId, ParseError> {
        let mut parts = pair.into_inner();
        let name = parts.next().expect("a named leaf has a name");
        let value_pair = parts.nth(1).expect("a named leaf has a value");
        self.check_limit(name.as_span().start())?;
        let claim = self.claim(&name)?;
        let value = match value_pair.as_rule() {
            Rule::unknown => None,
            _ => Some(self.number(&value_pair)?),
        };
        let node = self.builder.leaf(kind, value);
        self.builder.bind_name(node, claim);
        self.take_label(node);
        Ok(node)
    }

    /// Splits a run of plain leaves (`3, 12 8 ?`) into leaves; returns the
    /// first and how many.
    fn leaf_run(
        &mut self,
        pair: Pair<'_, Rule>,
        kind: Kind,
    ) -> Result<(NodeId, usize), ParseError> {
        let base = pair.as_span().start();
        let mut first = None;
        let mut count = 0;
        for (offset, token) in run_tokens(pair.as_str()) {
            let node = self.plain_leaf(base + offset, token, kind)?;
            first.get_or_insert(node);
            count += 1;
        }
        Ok((first.expect("a leaf run has a leaf"), count))
    }

    fn single_leaf_root(&mut self, pair: Pair<'_, Rule>) -> Result<(), ParseError> {
        let base = pair.as_span().start();
        let tokens: Vec<_> = run_tokens(pair.as_str()).collect();
        if let Some((offset, _)) = tokens.get(1) {
            let message = "a file holds one tree: put several leaves inside `[ ]`";
            return Err(self.source.error_at(base + offset, message));
        }
        let (offset, token) = tokens[0];
        self.plain_leaf(base + offset, token, Kind::Max).map(|_| ())
    }

    /// One unnamed leaf at byte `offset`: a number or `?`.
    fn plain_leaf(&mut self, offset: usize, token: &str, kind: Kind) -> Result<NodeId, ParseError> {
        self.check_limit(offset)?;
        let value = match token {
            "?" => None,
            _ => Some(
                parse_number(token).map_err(|e| self.source.error_at(offset, &e.to_string()))?,
            ),
        };
        let node = self.builder.leaf(kind, value);
        if value.is_none() || self.places == Places::Every {
            self.builder.locate(node, self.source.location(offset));
        }
        self.take_label(node);
        Ok(node)
    }

    /// Gives the waiting action label, if any, to `node`.
    fn take_label(&mut self, node: NodeId) {
        if let Some(label) = self.label.take() {
            self.builder.label(node, label);
        }
    }

    /// Refuses one more node past the limit, at the node's place.
    fn check_limit(&self, offset: usize) -> Result<(), ParseError> {
        match self.builder.started() < self.limits.max_nodes {
            true => Ok(()),
            false => Err(super::too_many_nodes(self.source, offset, self.limits)),
        }
    }

    fn claim(&mut self, name: &Pair<'_, Rule>) -> Result<NameClaim, ParseError> {
        let start = name.as_span().start();
        let at = self.source.location(start);
        let text = super::unquoted(name.as_str());
        let is_root = self.builder.started() == 0;
        if let Some(refusal) = names::refuse_name(text, is_root) {
            return Err(self.refused(start, name.as_str(), refusal));
        }
        self.builder
            .claim_name(text, at)
            .map_err(|e| self.source.error_at_location(at, &e.to_string()))
    }

    /// The error of a name or label refused: at the character at fault,
    /// else at the word written from `start` (`written`, quotes and all).
    fn refused(&self, start: usize, written: &str, refusal: names::Refusal) -> ParseError {
        let quote = usize::from(written.starts_with('"'));
        let offset = refusal.offset.map_or(start, |at| start + quote + at);
        self.source.error_at(offset, &refusal.message)
    }

    fn number(&self, pair: &Pair<'_, Rule>) -> Result<Value, ParseError> {
        parse_number(pair.as_str())
            .map_err(|e| self.source.error_at(pair.as_span().start(), &e.to_string()))
    }
}

/// An action label's text: without its `:` and quotes.
fn label_text(label: &str) -> String {
    super::unquoted(label.strip_suffix(':').unwrap_or(label)).to_string()
}

fn parse_kind(text: &str) -> Kind {
    match text.to_ascii_lowercase().as_str() {
        "min" => Kind::Min,
        "chance" => Kind::Chance,
        _ => Kind::Max,
    }
}

/// The note on a chance node whose probabilities were divided by their
/// sum `sum`, a little off 1.
pub(crate) fn normalised_note(sum: Value) -> String {
    format!(
        "the probabilities of this chance node's children sum to {}: each is taken divided by \
         that sum, so that they sum to exactly 1",
        sum.exact()
    )
}

/// The values of a leaf run with their byte offsets: separators are blanks,
/// commas and `#` comments.
fn run_tokens(run: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = run.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() {
            match bytes[at] {
                b' ' | b'\t' | b'\r' | b'\n' | b',' => at += 1,
                b'#' => {
                    while at < bytes.len() && !matches!(bytes[at], b'\n' | b'\r') {
                        at += 1;
                    }
                }
                _ => break,
            }
        }
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        while at < bytes.len() && !matches!(bytes[at], b' ' | b'\t' | b'\r' | b'\n' | b',' | b'#') {
            at += 1;
        }
        Some((start, &run[start..at]))
    })
}

#[cfg(test)]
mod tests {
    use super::run_tokens;

    #[test]
    fn a_run_splits_on_blanks_commas_and_comments() {
        let tokens: Vec<_> = run_tokens("3, 12 # twelve\n ?,-inf").collect();
        assert_eq!(tokens, [(0, "3"), (3, "12"), (16, "?"), (18, "-inf")]);
    }
}
