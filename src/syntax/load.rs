//! Turns the parser's pairs into a [`Tree`], without recursion, so that the
//! nesting depth costs heap, not stack.

use pest::iterators::{Pair, Pairs};

use super::expect::parse_expectation;
use super::grammar::Rule;
use super::number::parse_number;
use super::{Limits, ParseError, SourceText};
use crate::tree::{NodeData, NodeId, Tree, TreeBuilder};
use crate::value::{Kind, Value};

/// Builds the tree from the `file` pair.
pub(super) fn load(
    file: Pair<'_, Rule>,
    source: &SourceText<'_>,
    limits: &Limits,
) -> Result<Tree, ParseError> {
    let mut loader = Loader {
        source,
        limits,
        builder: TreeBuilder::new(),
    };
    let mut parts = file.into_inner();
    let root = parts.next().expect("a file has a root");
    loader.root(root)?;
    let expectations = parts
        .filter(|p| p.as_rule() == Rule::expect)
        .map(|p| parse_expectation(p, source))
        .collect::<Result<_, _>>()?;
    Ok(loader.builder.finish(expectations))
}

struct Loader<'s, 'a> {
    source: &'s SourceText<'a>,
    limits: &'s Limits,
    builder: TreeBuilder,
}

/// An interior node whose children are being read.
struct Open<'i> {
    node: NodeId,
    depth: usize,
    children: Pairs<'i, Rule>,
}

impl<'i> Loader<'_, '_> {
    fn root(&mut self, root: Pair<'i, Rule>) -> Result<(), ParseError> {
        match root.as_rule() {
            Rule::leaf_run => self.single_leaf_root(root),
            Rule::named_leaf => self.named_leaf(root, None, Kind::Max, 0),
            _ => {
                let mut open = vec![self.interior(root, None, Kind::Max, 0)?];
                self.read_children(&mut open)
            }
        }
    }

    /// Reads every open node's children, depth first, with an explicit stack.
    fn read_children(&mut self, open: &mut Vec<Open<'i>>) -> Result<(), ParseError> {
        while let Some(top) = open.last_mut() {
            let Some(child) = top.children.next() else {
                open.pop();
                continue;
            };
            let (parent, depth) = (top.node, top.depth + 1);
            let kind = self.builder.kind(parent).opponent();
            match child.as_rule() {
                Rule::leaf_run => self.leaf_run(child, parent, kind, depth)?,
                Rule::named_leaf => self.named_leaf(child, Some(parent), kind, depth)?,
                Rule::interior => {
                    let opened = self.interior(child, Some(parent), kind, depth)?;
                    open.push(opened);
                }
                _ => {} // brackets
            }
        }
        Ok(())
    }

    /// Adds an interior node and returns it with its children to read.
    fn interior(
        &mut self,
        pair: Pair<'i, Rule>,
        parent: Option<NodeId>,
        default_kind: Kind,
        depth: usize,
    ) -> Result<Open<'i>, ParseError> {
        let start = pair.as_span().start();
        let mut name = None;
        let mut kind = default_kind;
        let mut static_value = None;
        let mut children = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::name => name = Some(part),
                Rule::kind => kind = parse_kind(part.as_str()),
                Rule::static_value => {
                    let number = part.into_inner().nth(1).expect("a static value");
                    static_value = Some(self.number(&number)?);
                }
                _ => children = Some(part.into_inner()),
            }
        }
        let node = self.add(parent, NodeData::new(kind, static_value), depth, start)?;
        if let Some(name) = name {
            self.name(node, &name)?;
        }
        Ok(Open {
            node,
            depth,
            children: children.expect("an interior node has children"),
        })
    }

    fn named_leaf(
        &mut self,
        pair: Pair<'_, Rule>,
        parent: Option<NodeId>,
        kind: Kind,
        depth: usize,
    ) -> Result<(), ParseError> {
        let mut parts = pair.into_inner();
        let name = parts.next().expect("a named leaf has a name");
        let value_pair = parts.nth(1).expect("a named leaf has a value");
        let value = match value_pair.as_rule() {
            Rule::unknown => None,
            _ => Some(self.number(&value_pair)?),
        };
        let start = name.as_span().start();
        let node = self.add(parent, NodeData::new(kind, value), depth, start)?;
        self.name(node, &name)
    }

    /// Splits a run of plain leaves (`3, 12 8 ?`) into leaves.
    fn leaf_run(
        &mut self,
        pair: Pair<'_, Rule>,
        parent: NodeId,
        kind: Kind,
        depth: usize,
    ) -> Result<(), ParseError> {
        let base = pair.as_span().start();
        for (offset, token) in run_tokens(pair.as_str()) {
            let value = match token {
                "?" => None,
                _ => {
                    Some(parse_number(token).map_err(|m| self.source.error_at(base + offset, &m))?)
                }
            };
            let data = NodeData::new(kind, value);
            let node = self.add(Some(parent), data, depth, base + offset)?;
            if value.is_none() {
                let at = self.source.location(base + offset);
                self.builder.locate(node, at);
            }
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
        let value = match token {
            "?" => None,
            _ => Some(parse_number(token).map_err(|m| self.source.error_at(base + offset, &m))?),
        };
        let node = self.add(None, NodeData::new(Kind::Max, value), 0, base + offset)?;
        self.builder
            .locate(node, self.source.location(base + offset));
        Ok(())
    }

    fn add(
        &mut self,
        parent: Option<NodeId>,
        data: NodeData,
        depth: usize,
        offset: usize,
    ) -> Result<NodeId, ParseError> {
        if self.builder.len() >= self.limits.max_nodes {
            let message = super::too_many_nodes(self.limits);
            return Err(self.source.error_at(offset, &message));
        }
        Ok(self.builder.add(parent, data, depth))
    }

    fn name(&mut self, node: NodeId, name: &Pair<'_, Rule>) -> Result<(), ParseError> {
        let at = self.source.location(name.as_span().start());
        if name.as_str() == "root" && node != 0 {
            let message = "`root` is reserved for the unnamed root: choose another name";
            return Err(self.source.error_at_location(at, message));
        }
        self.builder
            .name(node, name.as_str(), at)
            .map_err(|e| self.source.error_at_location(at, &e.to_string()))
    }

    fn number(&self, pair: &Pair<'_, Rule>) -> Result<Value, ParseError> {
        parse_number(pair.as_str()).map_err(|m| self.source.error_at(pair.as_span().start(), &m))
    }
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
                    while at < bytes.len() && bytes[at] != b'\n' {
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
