//! The `.efg` writer: one line a node, in prefix order.

use crate::formats::{FormatError, TreeFormat};
use crate::tree::{GameTree, NodeId, Tree};
use crate::value::{Kind, Value};

/// Writes `tree` as a Gambit `.efg` game: player 1 is MAX, player 2 MIN,
/// each leaf a terminal node whose outcome pays its value to player 1 and
/// the opposite to player 2.
pub fn write(tree: &Tree) -> Result<String, FormatError> {
    for leaf in tree.nodes().filter(|&n| tree.is_leaf(n)) {
        let reason = match tree.value(leaf) {
            None => "an unknown leaf value has no payoff",
            Some(v) if v.is_infinite() => "an infinite value is no payoff",
            Some(_) => continue,
        };
        return Err(not_writable(&tree.id(leaf), reason));
    }
    let mut out = String::from("EFG 2 R \"\" { \"Player 1\" \"Player 2\" }\n\"\"\n\n");
    let mut sets = [0u64; 2];
    let mut chance_sets = 0u64;
    let mut outcomes = 0u64;
    let mut stack = vec![tree.root()];
    while let Some(node) = stack.pop() {
        let name = quote(tree.name(node).filter(|n| *n != "root").unwrap_or(""));
        let children: Vec<NodeId> = tree.children(node).collect();
        if children.is_empty() {
            let value = tree.value(node).expect("every leaf has a finite value");
            outcomes += 1;
            let (value, other) = (value.exact(), value.negate().exact());
            out.push_str(&format!(
                "t {name} {outcomes} \"\" {{ {value}, {other} }}\n"
            ));
            continue;
        }
        let player = match tree.kind(node) {
            Kind::Max => 1,
            Kind::Min => 2,
            Kind::Chance => {
                chance_sets += 1;
                let moves: Vec<String> = children
                    .iter()
                    .map(|c| {
                        let label = quote(&tree.label(*c).unwrap_or_default());
                        match tree.stated_probability(*c) {
                            Some(p) => format!("{label} {}", p.exact()),
                            None => format!("{label} 1/{}", children.len()),
                        }
                    })
                    .collect();
                out.push_str(&format!(
                    "c {name} {chance_sets} {} {{ {} }} 0\n",
                    quote(&static_name(tree.static_value(node))),
                    moves.join(" ")
                ));
                stack.extend(children.iter().rev());
                continue;
            }
        };
        sets[player - 1] += 1;
        let set_name = static_name(tree.static_value(node));
        let actions: Vec<String> = children
            .iter()
            .map(|c| quote(&tree.label(*c).unwrap_or_default()))
            .collect();
        out.push_str(&format!(
            "p {name} {player} {} {} {{ {} }} 0\n",
            sets[player - 1],
            quote(&set_name),
            actions.join(" ")
        ));
        stack.extend(children.iter().rev());
    }
    Ok(out)
}

/// The information set's name that carries a static value.
fn static_name(value: Option<Value>) -> String {
    value.map_or(String::new(), |v| format!("static {}", v.exact()))
}

fn not_writable(node: &str, reason: &str) -> FormatError {
    FormatError::NotWritable {
        format: TreeFormat::Efg,
        node: node.to_string(),
        reason: reason.to_string(),
    }
}

/// `text` in double quotes, its `"` and `\\` escaped.
fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}
