//! Node labels: plain DOT strings, or, in frames, HTML-like labels whose
//! not-yet-known text is drawn transparent so that every node already has
//! its size in the full diagram and the layout stays put from frame to
//! frame.

use graphviz_rust::dot_structures::{Attribute, Id};

/// A transparent colour for text that holds a place.
const HIDDEN: &str = "#ffffff00";

/// The `label` attribute of a node from its label slots (id, value, one
/// per layer; empty when there is nothing to say yet), as shown now; `full`,
/// in frames, is the slots of the full diagram. A plain label when nothing
/// needs hiding, so the last frame is byte for byte the full diagram.
pub(super) fn label(slots: &[String], full: Option<&[String]>) -> Attribute {
    match full {
        Some(full) if needs_hiding(slots, full) => html_label(slots, full),
        _ => plain_label("label", slots),
    }
}

/// A quoted DOT string attribute: the non-empty `lines`, joined by DOT's
/// `\n`. Graphviz reads `\` as an escape (`\N`, `\l`) and an HTML
/// entity (`&amp;`) as its character in every label, so a `\` or `&` of
/// the text is written `\\` or `&amp;` to show as itself.
pub(super) fn plain_label(key: &str, lines: &[String]) -> Attribute {
    let mut text = String::from("\"");
    for line in lines.iter().filter(|l| !l.is_empty()) {
        if text.len() > 1 {
            text.push_str("\\n");
        }
        for c in line.chars() {
            match c {
                '"' | '\\' => {
                    text.push('\\');
                    text.push(c);
                }
                '&' => text.push_str("&amp;"),
                c => text.push(c),
            }
        }
    }
    text.push('"');
    Attribute(Id::Plain(key.to_string()), Id::Escaped(text))
}

/// A label of `lines` in transparent ink: it takes its room in the layout
/// and shows nothing.
pub(super) fn hidden_label(lines: &[String]) -> Attribute {
    let rows: Vec<String> = lines.iter().map(|line| hidden_row(line)).collect();
    Attribute(
        Id::Plain("label".to_string()),
        Id::Html(format!("<{}>", rows.join("<br/>"))),
    )
}

fn hidden_row(text: &str) -> String {
    format!("<font color=\"{HIDDEN}\">{}</font>", escape_html(text))
}

fn needs_hiding(slots: &[String], full: &[String]) -> bool {
    slots
        .iter()
        .zip(full)
        .any(|(now, full)| now.is_empty() && !full.is_empty())
}

/// Every slot that has text now shows it; a slot that has none yet holds
/// the full diagram's text, transparent. Each row is one span: a row that
/// mixes visible and transparent text comes out shorter in Graphviz.
fn html_label(slots: &[String], full: &[String]) -> Attribute {
    let rows: Vec<String> = slots
        .iter()
        .zip(full)
        .filter_map(|(now, full)| match (now.is_empty(), full.is_empty()) {
            (false, _) => Some(escape_html(now)),
            (true, false) => Some(hidden_row(full)),
            (true, true) => None,
        })
        .collect();
    Attribute(
        Id::Plain("label".to_string()),
        Id::Html(format!("<{}>", rows.join("<br/>"))),
    )
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use graphviz_rust::printer::{DotPrinter, PrinterContext};

    fn printed(attribute: Attribute) -> String {
        attribute.print(&mut PrinterContext::default())
    }

    fn lines(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn a_label_that_is_complete_stays_plain() {
        let full = lines(&["F", ">=6", ""]);
        assert_eq!(printed(label(&full, Some(&full))), r#"label="F\n>=6""#);
        assert_eq!(printed(label(&lines(&["F", ""]), None)), r#"label="F""#);
        let hostile = lines(&["&amp; \"\\N", "<b>"]);
        assert_eq!(
            printed(label(&hostile, None)),
            r#"label="&amp;amp; \"\\N\n<b>""#
        );
    }

    #[test]
    fn text_not_known_yet_holds_its_place_unseen() {
        let now = lines(&["A", "2", ""]);
        let full = lines(&["A", "5", "2 -> 5"]);
        assert_eq!(
            printed(label(&now, Some(&full))),
            "label=<A<br/>2<br/><font color=\"#ffffff00\">2 -&gt; 5</font>>"
        );
    }
}
