//! Trees as JSON: one object a node.
//!
//! ```json
//! {"name": "A", "kind": "max", "children": [
//!   {"label": "Left", "name": "B", "value": 3},
//!   {"label": "Right", "static": 2, "children": [{"value": "+inf"}, {}]}
//! ]}
//! ```
//!
//! Every key is optional: `name` (a string, unique in the tree), `kind`
//! (`"max"`, `"min"` or `"chance"`, in any case; by default the opponent
//! of the nearest MAX or MIN above, MAX at the root), `value` (a leaf's
//! value: a number, `"+inf"` or `"-inf"`; absent, `null` or `"?"` for an
//! unknown leaf), `static` (an interior node's static value),
//! `probability` (a chance node's child's: a number or a fraction such as
//! `"1/3"`; every child states one or none does), `label` (the action on the edge into the node) and `children`
//! (an array of nodes; none or empty for a leaf; the root has no label and
//! no probability). Any other key is refused. Errors give the line and
//! column where the reader stood (a bad escape in a value's string, where
//! the escape stands); each node keeps the place of its `{`. Names, labels,
//! numbers and the nesting follow the tree language's rules: the same
//! names refused, every value exact or refused, 10,000 levels at most.
//!
//! The writer writes one node a line, as above, its children below it
//! indented one level more, but never more than [`MAX_INDENT`] levels:
//! deeper nodes stay at that indentation, so that the output of a deep
//! tree grows with its size, not its size times its depth.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::{FormatError, Node};
use crate::syntax::names::{refuse_label, refuse_name};
use crate::syntax::{Limits, NumberError, SourceText, parse_number};
use crate::text::quoted;
use crate::tree::MAX_DEPTH;
use crate::tree::{Location, Tree};
use crate::value::{Kind, Value};

/// Reads a JSON tree.
pub fn read(path: &str, text: &str, limits: &Limits) -> Result<Tree, FormatError> {
    let source = SourceText::new(path, text);
    let (nesting, objects) = nesting(&source)?;
    // serde_json and the node visitors recurse once per bracket.
    crate::stack::with_stack_for_depth(nesting, || {
        let reader = Reader {
            source: &source,
            objects,
            placed: Cell::new(None),
            names: RefCell::new(HashSet::new()),
            count: Cell::new(0),
            depth: Cell::new(0),
            max_nodes: limits.max_nodes,
        };
        let mut deserializer = serde_json::Deserializer::from_str(text);
        deserializer.disable_recursion_limit();
        let root = NodeSeed(&reader)
            .deserialize(&mut deserializer)
            .and_then(|root| deserializer.end().map(|()| root))
            .map_err(|e| syntax_error(&source, &e, reader.placed.get()))?;
        let tree = Node::build(&root, &source, limits).map_err(FormatError::Syntax);
        root.drop_deep();
        tree
    })
}

/// The deepest nesting of brackets of a JSON text, strings left out, and
/// where each object starts: in a tree that reads, every object is a node,
/// in preorder. Refuses, at its bracket, a tree nested deeper than
/// [`MAX_DEPTH`] (a node's object nested in more than that many others)
/// or brackets nested deeper than such a tree's (an object and a
/// `children` array a level).
fn nesting(source: &SourceText<'_>) -> Result<(usize, Vec<usize>), FormatError> {
    let bytes = source.text().as_bytes();
    let (mut objects, mut all, mut deepest) = (0usize, 0usize, 0usize);
    let mut starts = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => {
                at += 1;
                while at < bytes.len() && bytes[at] != b'"' {
                    at += 1 + usize::from(bytes[at] == b'\\');
                }
            }
            b'{' => {
                (objects, all) = (objects + 1, all + 1);
                starts.push(at);
            }
            b'[' => all += 1,
            b'}' => (objects, all) = (objects.saturating_sub(1), all.saturating_sub(1)),
            b']' => all = all.saturating_sub(1),
            _ => {}
        }
        if objects > MAX_DEPTH + 1 || all > 2 * MAX_DEPTH + 2 {
            let message = format!("the tree is nested more than {MAX_DEPTH} levels deep");
            return Err(FormatError::Syntax(source.error_at(at, &message)));
        }
        deepest = deepest.max(all);
        at += 1;
    }
    Ok((deepest, starts))
}

/// A serde_json error as a positioned error: at `placed`, the offset the
/// reader gave it, or where serde_json stood.
fn syntax_error(
    source: &SourceText<'_>,
    error: &serde_json::Error,
    placed: Option<usize>,
) -> FormatError {
    let message = unplaced(error);
    let at = Location {
        line: error.line().max(1),
        column: error.column().max(1),
    };
    FormatError::Syntax(match placed {
        Some(offset) => source.error_at(offset, &message),
        None => source.error_at_location(at, &message),
    })
}

/// A serde_json error's message without the place it appends.
fn unplaced(error: &serde_json::Error) -> String {
    let full = error.to_string();
    match full.rfind(" at line ") {
        Some(at) => full[..at].to_string(),
        None => full,
    }
}

/// What the reading keeps across nodes: the text and where each object
/// starts in it, the offset of an error the reader places itself (serde_json
/// places the others where it stands), names taken, nodes counted, the
/// depth of the node being read (1 for the root).
struct Reader<'s, 'a> {
    source: &'s SourceText<'a>,
    objects: Vec<usize>,
    placed: Cell<Option<usize>>,
    names: RefCell<HashSet<String>>,
    count: Cell<usize>,
    depth: Cell<usize>,
    max_nodes: usize,
}

impl Reader<'_, '_> {
    /// The place of the `count`th node read (1 for the root).
    fn node_location(&self, count: usize) -> Option<Location> {
        let offset = self.objects.get(count.checked_sub(1)?)?;
        Some(self.source.location(*offset))
    }

    /// The offset in the text of `part`, a slice of it.
    fn offset_of(&self, part: &str) -> usize {
        (part.as_ptr() as usize).saturating_sub(self.source.text().as_ptr() as usize)
    }
}

struct NodeSeed<'r, 's, 'a>(&'r Reader<'s, 'a>);

impl<'de> DeserializeSeed<'de> for NodeSeed<'_, '_, '_> {
    type Value = Node;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for NodeSeed<'_, '_, '_> {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a node: an object with `value` or `children`")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Node, M::Error> {
        let reader = self.0;
        reader.count.set(reader.count.get() + 1);
        if reader.count.get() > reader.max_nodes {
            return Err(de::Error::custom(format!(
                "the tree has more than {} nodes, the limit it is read with",
                reader.max_nodes
            )));
        }
        reader.depth.set(reader.depth.get() + 1);
        let mut node = Node {
            location: reader.node_location(reader.count.get()),
            ..Node::default()
        };
        let mut seen: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                return Err(de::Error::custom(format!("the key `{key}` is given twice")));
            }
            seen.push(key.clone());
            match key.as_str() {
                "name" => {
                    let name: String = map.next_value()?;
                    if let Some(refusal) = refuse_name(&name, reader.depth.get() == 1) {
                        return Err(de::Error::custom(refusal.message));
                    }
                    if !reader.names.borrow_mut().insert(name.clone()) {
                        let message = format!("duplicate name `{}`", quoted(&name));
                        return Err(de::Error::custom(message));
                    }
                    node.name = Some(name);
                }
                "kind" => node.kind = Some(map.next_value::<JsonKind>()?.0),
                "value" => node.value = map.next_value_seed(ValueSeed(reader))?,
                "static" => node.static_value = map.next_value_seed(ValueSeed(reader))?,
                "label" => {
                    let label: String = map.next_value()?;
                    if let Some(refusal) = refuse_label(&label) {
                        return Err(de::Error::custom(refusal.message));
                    }
                    node.label = Some(label);
                }
                "probability" => {
                    node.probability = Some(map.next_value_seed(ProbabilitySeed(reader))?);
                }
                "children" => node.children = map.next_value_seed(ChildrenSeed(reader))?,
                other => {
                    return Err(de::Error::custom(format!(
                        "unknown key `{other}`: a node has name, kind, value, static, \
                         probability, label and children"
                    )));
                }
            }
        }
        check(&node, &seen).map_err(de::Error::custom)?;
        super::node::check_probabilities(&mut node).map_err(de::Error::custom)?;
        reader.depth.set(reader.depth.get() - 1);
        Ok(node)
    }
}

/// Refuses a node whose keys do not fit together.
fn check(node: &Node, keys: &[String]) -> Result<(), &'static str> {
    let has = |key: &str| keys.iter().any(|k| k == key);
    match node.children.is_empty() {
        true if has("static") => {
            Err("a leaf has a `value`, not a `static` value (a node with `children` has one)")
        }
        false if has("value") => {
            Err("a node with children has no `value`: give its heuristic value as `static`")
        }
        _ => Ok(()),
    }
}

struct ChildrenSeed<'r, 's, 'a>(&'r Reader<'s, 'a>);

impl<'de> DeserializeSeed<'de> for ChildrenSeed<'_, '_, '_> {
    type Value = Vec<Node>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Node>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ChildrenSeed<'_, '_, '_> {
    type Value = Vec<Node>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of nodes")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Vec<Node>, S::Error> {
        let mut children = Vec::new();
        while let Some(child) = seq.next_element_seed(NodeSeed(self.0))? {
            children.push(child);
        }
        Ok(children)
    }
}

/// `"max"`, `"min"` or `"chance"`, in any case.
struct JsonKind(Kind);

impl<'de> Deserialize<'de> for JsonKind {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<JsonKind, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.to_ascii_lowercase().as_str() {
            "max" => Ok(JsonKind(Kind::Max)),
            "min" => Ok(JsonKind(Kind::Min)),
            "chance" => Ok(JsonKind(Kind::Chance)),
            _ => Err(de::Error::custom(format!(
                "unknown kind `{text}`: a kind is \"max\", \"min\" or \"chance\""
            ))),
        }
    }
}

/// A probability: a number, or a fraction or decimal as a string
/// (`"1/3"`), in [0, 1], read exactly.
struct ProbabilitySeed<'r, 's, 'a>(&'r Reader<'s, 'a>);

impl<'de> DeserializeSeed<'de> for ProbabilitySeed<'_, '_, '_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        let raw = <&'de serde_json::value::RawValue>::deserialize(deserializer)?;
        let refused = || "a probability is a number or a fraction (\"1/3\") between 0 and 1";
        match read_exact(self.0, raw.get()) {
            Ok(Some(p)) if (Value::ZERO..=Value::ONE).contains(&p) => Ok(p),
            Ok(_) => Err(de::Error::custom(refused())),
            Err(message) => Err(de::Error::custom(message)),
        }
    }
}

/// A value: a number, `"+inf"`, `"-inf"`, an exact decimal or fraction as
/// a string (`"23/3"`, as the writer gives a value no JSON number holds
/// exactly), or `"?"` or `null` for unknown. A number is read from its
/// text, by the tree language's rule, so that one beyond 2^53 or with more
/// digits than a value holds is refused rather than rounded.
struct ValueSeed<'r, 's, 'a>(&'r Reader<'s, 'a>);

impl<'de> DeserializeSeed<'de> for ValueSeed<'_, '_, '_> {
    type Value = Option<Value>;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        let raw = <&'de serde_json::value::RawValue>::deserialize(deserializer)?;
        read_exact(self.0, raw.get()).map_err(de::Error::custom)
    }
}

/// The text of a JSON string, `raw` as written in the reader's text; a
/// string serde_json refuses (a lone surrogate's `\ud800`) is refused at
/// the escape, placed by the reader, as serde_json places it within `raw`
/// alone.
fn string_of(reader: &Reader<'_, '_>, raw: &str) -> Result<String, String> {
    serde_json::from_str(raw).map_err(|e| {
        let end = e.column().saturating_sub(1).min(raw.len());
        let at = escape_before(&raw.as_bytes()[..end]).unwrap_or(end);
        reader.placed.set(Some(reader.offset_of(raw) + at));
        unplaced(&e)
    })
}

/// Where the last `\u` escape of a JSON string's text begins.
fn escape_before(bytes: &[u8]) -> Option<usize> {
    let (mut at, mut last) = (0, None);
    while at < bytes.len() {
        if bytes[at] == b'\\' {
            if bytes.get(at + 1) == Some(&b'u') {
                last = Some(at);
            }
            at += 1;
        }
        at += 1;
    }
    last
}

/// The value a JSON value's text holds: `None` for unknown.
fn read_exact(reader: &Reader<'_, '_>, raw: &str) -> Result<Option<Value>, String> {
    let refused = |shown: &str| {
        format!(
            "{} is not a value: give a number, a fraction such as \"1/3\", \"+inf\", \"-inf\" \
             or \"?\" (unknown)",
            quoted(shown)
        )
    };
    match raw.as_bytes().first() {
        Some(b'-' | b'0'..=b'9') => parse_number(raw).map(Some).map_err(json_words),
        Some(b'n') => Ok(None),
        Some(b'"') => {
            let text = string_of(reader, raw)?;
            match text.to_ascii_lowercase().as_str() {
                "+inf" | "inf" => Ok(Some(Value::POS_INF)),
                "-inf" => Ok(Some(Value::NEG_INF)),
                "?" => Ok(None),
                t if t
                    .starts_with(['-', '+', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) =>
                {
                    parse_number(t).map(Some).map_err(json_words)
                }
                _ => Err(refused(raw)),
            }
        }
        _ => Err(refused(raw)),
    }
}

/// A number's refusal in JSON's words: infinities are the strings
/// `"+inf"` and `"-inf"`.
fn json_words(error: NumberError) -> String {
    error.to_string().replace(
        "(write +inf or -inf for infinities)",
        "(write \"+inf\" or \"-inf\" for infinities)",
    )
}

/// The deepest indentation the writer uses, in levels of two spaces.
pub const MAX_INDENT: usize = 16;

/// Writes `tree` as JSON, one node a line (its keys, then its children
/// each on a line of its own, indented one level more, at most
/// [`MAX_INDENT`] levels), ending with a newline.
pub fn write(tree: &Tree) -> Result<String, FormatError> {
    let root = Node::from_tree(tree);
    let mut out = String::new();
    // Each open node's children, with the index of the next one to write.
    let mut open: Vec<(&[Node], usize)> = Vec::new();
    let mut next = Some(&root);
    loop {
        if let Some(node) = next.take() {
            write_keys(&mut out, node);
            match node.children.is_empty() {
                true => out.push('}'),
                false => {
                    out.push_str("\"children\": [");
                    open.push((&node.children, 0));
                }
            }
        }
        let indent = "  ".repeat(open.len().min(MAX_INDENT));
        let Some((children, index)) = open.last_mut() else {
            break;
        };
        match children.get(*index) {
            Some(child) => {
                out.push_str(if *index == 0 { "\n" } else { ",\n" });
                out.push_str(&indent);
                *index += 1;
                next = Some(child);
            }
            None => {
                open.pop();
                out.push('\n');
                out.push_str(&"  ".repeat(open.len().min(MAX_INDENT)));
                out.push_str("]}");
            }
        }
    }
    out.push('\n');
    root.drop_deep();
    Ok(out)
}

/// `{` and the node's keys but `children`, in the schema's order (label,
/// name, kind, value, static, probability), each followed by `, ` when
/// children follow.
fn write_keys(out: &mut String, node: &Node) {
    let kind = node.kind.map(|k| match k {
        Kind::Max => "max",
        Kind::Min => "min",
        Kind::Chance => "chance",
    });
    let keys: [(&str, Option<String>); 6] = [
        ("label", node.label.as_deref().map(json)),
        ("name", node.name.as_deref().map(json)),
        ("kind", kind.map(json)),
        ("value", node.value.as_ref().map(json)),
        ("static", node.static_value.as_ref().map(json)),
        ("probability", node.probability.as_ref().map(json)),
    ];
    out.push('{');
    let written: Vec<String> = keys
        .into_iter()
        .filter_map(|(key, value)| Some(format!("\"{key}\": {}", value?)))
        .collect();
    out.push_str(&written.join(", "));
    if !written.is_empty() && !node.children.is_empty() {
        out.push_str(", ");
    }
}

/// `value` as JSON.
fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("names, values and probabilities serialize")
}
