//! Turns the parser's pairs into a [`TreeBuilder`], without recursion, so
//! that the nesting depth costs heap, not stack.

use pest::iterators::{Pair, Pairs};

use super::expect::parse_expectation;
use super::grammar::Rule;
use super::number::parse_number;
use super::{Limits, ParseError, SourceText};
use crate::claim::Expectation;
use crate::tree::{NameClaim, NodeId, TreeBuilder};
use crate::value::{Kind, Value};

/// Reads the tree and the expectations from the `file` pair.
pub(super) fn load(
    file: Pair<'_, Rule>,
    source: &SourceText<'_>,
    limits: &Limits,
) -> Result<(TreeBuilder, Vec<Expectation>), ParseError> {
    let mut loader = Loader {
        source,
        limits,
        builder: TreeBuilder::new(),
        label: None,
    };
    let mut parts = file.into_inner();
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
}

/// An interior node whose children are being read.
struct Open<'i> {
    kind: Kind,
    static_value: Option<Value>,
    name: Option<NameClaim>,
    label: Option<String>,
    children: Pairs<'i, Rule>,
}

impl<'i> Loader<'_, '_> {
    fn root(&mut self, root: Pair<'i, Rule>) -> Result<(), ParseError> {
        match root.as_rule() {
            Rule::leaf_run => self.single_leaf_root(root),
            Rule::named_leaf => self.named_leaf(root, Kind::Max),
            _ => {
                let mut open = vec![self.interior(root, Kind::Max)?];
                self.read_children(&mut open)
            }
        }
    }

    /// Reads every open node's children, depth first, with an explicit
    /// stack; a node is finished when its last child is.
    fn read_children(&mut self, open: &mut Vec<Open<'i>>) -> Result<(), ParseError> {
        while let Some(top) = open.last_mut() {
            let kind = top.kind.opponent();
            let Some(child) = top.children.next() else {
                let done = open.pop().expect("an open node");
                let node = self.builder.close_list(done.kind, done.static_value);
                if let Some(claim) = done.name {
                    self.builder.bind_name(node, claim);
                }
                if let Some(label) = done.label {
                    self.builder.label(node, label);
                }
                continue;
            };
            match child.as_rule() {
                Rule::label => self.label = Some(label_text(child.as_str())),
                Rule::leaf_run => self.leaf_run(child, kind)?,
                Rule::named_leaf => self.named_leaf(child, kind)?,
                Rule::interior => {
                    let opened = self.interior(child, kind)?;
                    open.push(opened);
                }
                _ => {} // brackets
            }
        }
        Ok(())
    }

    /// Opens an interior node; returns it with its children to read.
    fn interior(
        &mut self,
        pair: Pair<'i, Rule>,
        default_kind: Kind,
    ) -> Result<Open<'i>, ParseError> {
        self.check_limit(pair.as_span().start())?;
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
            static_value,
            name,
            label: self.label.take(),
            children: children.expect("an interior node has children"),
        })
    }

    fn named_leaf(&mut self, pair: Pair<'_, Rule>, kind: Kind) -> Result<(), ParseError> {
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
        Ok(())
    }

    /// Splits a run of plain leaves (`3, 12 8 ?`) into leaves.
    fn leaf_run(&mut self, pair: Pair<'_, Rule>, kind: Kind) -> Result<(), ParseError> {
        let base = pair.as_span().start();
        for (offset, token) in run_tokens(pair.as_str()) {
            self.plain_leaf(base + offset, token, kind)?;
        }
        Ok(())
    }

    fn single_leaf_root(&mut self, pair: Pair<'_, Rule>) -> Result<(), ParseError> {
        let base = pair.as_span().start();
        let tokens: Vec<_> = run_tokens(pair.as_str()).collect();
        if let Some((offset, _)) = tokens.get(1) {
            let message = "a file holds one tree: put several leaves inside `[ ]`";
            return Err(self.source.error_at(base + offset, message));
        }
        let (offset, token) = tokens[0];
        self.plain_leaf(base + offset, token, Kind::Max)
    }

    /// One unnamed leaf at byte `offset`: a number or `?`.
    fn plain_leaf(&mut self, offset: usize, token: &str, kind: Kind) -> Result<(), ParseError> {
        self.check_limit(offset)?;
        let value = match token {
            "?" => None,
            _ => Some(
                parse_number(token).map_err(|e| self.source.error_at(offset, &e.to_string()))?,
            ),
        };
        let node = self.builder.leaf(kind, value);
        if value.is_none() {
            self.builder.locate(node, self.source.location(offset));
        }
        self.take_label(node);
        Ok(())
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
        let at = self.source.location(name.as_span().start());
        let text = super::unquoted(name.as_str());
        if text == "root" && self.builder.started() != 0 {
            let message = "`root` is reserved for the unnamed root: choose another name";
            return Err(self.source.error_at_location(at, message));
        }
        self.builder
            .claim_name(text, at)
            .map_err(|e| self.source.error_at_location(at, &e.to_string()))
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
        _ => Kind::Max,
    }
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
