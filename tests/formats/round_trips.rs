//! Trees written in each format and read back: generated trees keep every
//! node's kind, values, names and labels.

use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::tree::{GameTree, Tree};
use proptest::prelude::*;

/// A generated node: label, whether it is named, kind word, static
/// value, leaf value (`None` for unknown), children.
#[derive(Clone, Debug)]
struct Spec {
    label: Option<&'static str>,
    named: bool,
    kind: Option<&'static str>,
    statics: Option<i32>,
    value: Option<String>,
    children: Vec<Spec>,
}

fn specs(finite: bool) -> impl Strategy<Value = Spec> {
    // Decimals and fractions that no float holds exactly among them:
    // every writer must carry them back exactly.
    let exact = prop_oneof![
        Just("2.5"),
        Just("0.00002"),
        Just("-1.23456789"),
        Just("123456.789"),
        Just("0.1"),
        Just("1/3"),
        Just("-7/3"),
        Just("9007199254740992"),
        Just("1/549755813888"),
        Just("-549755813887/1099511627776"),
    ]
    .prop_map(|v| Some(v.to_string()));
    let value = match finite {
        true => prop_oneof![
            3 => (-99i32..99).prop_map(|v| Some(v.to_string())),
            2 => exact,
        ]
        .boxed(),
        false => prop_oneof![
            4 => (-99i32..99).prop_map(|v| Some(v.to_string())),
            1 => Just(None),
            1 => Just(Some("-inf".to_string())),
            2 => exact,
        ]
        .boxed(),
    };
    let label = prop_oneof![
        2 => Just(None),
        1 => Just(Some("Left")),
        1 => Just(Some("max")),
        1 => Just(Some("go 2")),
    ];
    let leaf = (label.clone(), any::<bool>(), value).prop_map(|(label, named, value)| Spec {
        label,
        named,
        kind: None,
        statics: None,
        value,
        children: Vec::new(),
    });
    leaf.prop_recursive(5, 60, 4, move |inner| {
        (
            label.clone(),
            any::<bool>(),
            prop_oneof![
                Just(None),
                Just(Some("max")),
                Just(Some("min")),
                Just(Some("chance")),
                Just(Some("chance="))
            ],
            prop::option::of(-9i32..9),
            prop::collection::vec(inner, 1..4),
        )
            .prop_map(|(label, named, kind, statics, children)| Spec {
                label,
                named,
                kind,
                statics,
                value: None,
                children,
            })
    })
}

/// The tree-language text of a spec, names numbered in preorder.
fn text(spec: &Spec, count: &mut usize, root: bool) -> String {
    *count += 1;
    let mut out = String::new();
    if let (Some(label), false) = (spec.label, root) {
        match label.contains(' ') {
            true => out.push_str(&format!("\"{label}\": ")),
            false => out.push_str(&format!("{label}: ")),
        }
    }
    let name = match *count {
        1 => "\"max\"".to_string(), // a keyword, quoted
        n => format!("N{n}"),
    };
    if spec.children.is_empty() {
        let value = spec.value.clone().unwrap_or("?".to_string());
        match spec.named {
            true => out.push_str(&format!("{name} = {value}")),
            false => out.push_str(&value),
        }
        return out;
    }
    if spec.named {
        out.push_str(&name);
        out.push(' ');
    }
    // `chance=`: a chance node stating its children's probabilities.
    let stated = spec.kind == Some("chance=");
    if let Some(kind) = spec.kind {
        out.push_str(kind.trim_end_matches('='));
        out.push(' ');
    }
    if let Some(v) = spec.statics {
        out.push_str(&format!("= {v} "));
    }
    out.push('[');
    let n = spec.children.len();
    for (i, child) in spec.children.iter().enumerate() {
        if stated {
            // The first child takes what the others leave, the others
            // 0.1 each: a decimal no float holds exactly.
            match i {
                0 => out.push_str(&format!("{}/10: ", 10 - (n - 1))),
                _ => out.push_str("0.1: "),
            }
        }
        out.push_str(&text(child, count, false));
        out.push_str(", ");
    }
    out.push(']');
    out
}

/// Every node in preorder: id, kind, value, static value, label, and
/// its probability below a chance node, each exactly.
pub(super) fn outline(tree: &Tree) -> Vec<String> {
    tree.nodes()
        .map(|n| {
            let probability = tree
                .parent(n)
                .filter(|p| tree.kind(*p).is_chance())
                .map(|p| format!("{:?}", tree.probability(p, n)));
            format!(
                "{} {} {:?} {:?} {:?} {probability:?}",
                tree.id(n),
                tree.kind(n),
                tree.value(n),
                tree.static_value(n),
                tree.label(n)
            )
        })
        .collect()
}

fn through(tree: &Tree, format: TreeFormat) -> Tree {
    let written = formats::write(tree, format).unwrap();
    let back = formats::read(format, "t", &written, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{written}"))
        .tree;
    let text = formats::write(&back, TreeFormat::Tree).unwrap();
    formats::read(TreeFormat::Tree, "t", &text, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .tree
}

fn tree_of(spec: &Spec) -> Tree {
    let source = text(spec, &mut 0, true);
    gametree::syntax::parse("t", &source).unwrap_or_else(|e| panic!("{e}\n{source}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn file_to_json_to_file_keeps_the_tree(spec in specs(false)) {
        let tree = tree_of(&spec);
        prop_assert_eq!(outline(&through(&tree, TreeFormat::Json)), outline(&tree));
    }

    #[test]
    fn file_to_efg_to_file_keeps_the_tree(spec in specs(true)) {
        let tree = tree_of(&spec);
        prop_assert_eq!(outline(&through(&tree, TreeFormat::Efg)), outline(&tree));
    }

    #[test]
    fn the_tree_writer_reads_back_as_the_same_tree(spec in specs(false)) {
        let tree = tree_of(&spec);
        let text = formats::write(&tree, TreeFormat::Tree).unwrap();
        let back = gametree::syntax::parse("t", &text).unwrap();
        prop_assert_eq!(outline(&back), outline(&tree));
    }
}
