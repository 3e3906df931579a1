//! DOT labels: plain strings, and HTML-like tables of fixed cells for the
//! labels whose text the search fills in, so that every frame is laid out
//! alike and nothing not yet known is written.

use std::fmt::Write;

use graphviz_rust::dot_structures::{Attribute, Id};

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

/// The attribute `key` as an HTML-like label: a table of one cell per row,
/// `height` points high, holding its text or nothing. A row with a width
/// is a fixed cell that wide, for text that changes as the search goes
/// (`dot` sizes what the label belongs to from such cells alone, so the
/// label lays out the same whatever they say); a row without one (a name,
/// which every frame writes alike) is as wide as `dot` sets its text,
/// whatever font `dot` has.
pub(super) fn table_label(key: &str, rows: &[(String, Option<f64>)], height: f64) -> Attribute {
    let mut table =
        String::from("<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">");
    for (text, width) in rows {
        let _ = match width {
            Some(width) => write!(
                table,
                "<TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"{}\" HEIGHT=\"{}\">{}</TD></TR>",
                cell(*width + 2.0),
                cell(height),
                escape_html(text)
            ),
            None => write!(
                table,
                "<TR><TD HEIGHT=\"{}\">{}</TD></TR>",
                cell(height),
                escape_html(text)
            ),
        };
    }
    if rows.is_empty() {
        table.push_str("<TR><TD></TD></TR>");
    }
    table.push_str("</TABLE>>");
    Attribute(Id::Plain(key.to_string()), Id::Html(table))
}

/// A cell's size: whole points, rounded up (`dot` reads integers).
fn cell(points: f64) -> u32 {
    points.max(1.0).ceil() as u32
}

fn escape_html(text: &str) -> String {
    // `dot` reads `\N`, `\l` and the like even in an HTML-like label, and
    // `\\` as one backslash.
    text.replace('\\', "\\\\")
        .replace('&', "&amp;")
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

    #[test]
    fn a_plain_label_escapes_what_graphviz_reads() {
        let lines = ["&amp; \"\\N".to_string(), "<b>".to_string()];
        assert_eq!(
            printed(plain_label("label", &lines)),
            r#"label="&amp;amp; \"\\N\n<b>""#
        );
    }

    #[test]
    fn a_table_holds_its_rooms_and_only_the_text_known() {
        let rows = [("A".to_string(), None), (String::new(), Some(20.4))];
        let known = printed(table_label("label", &rows, 14.0));
        assert_eq!(
            known,
            "label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">\
             <TR><TD HEIGHT=\"14\">A</TD></TR>\
             <TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"23\" HEIGHT=\"14\"></TD></TR></TABLE>>"
        );
        let later = [("A".to_string(), None), ("<5>".to_string(), Some(20.4))];
        let shown = printed(table_label("label", &later, 14.0));
        assert_eq!(shown.len(), known.len() + "&lt;5&gt;".len());
    }
}
