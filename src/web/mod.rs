//! The web page of a search: one self-contained HTML file (its script,
//! style and diagram inside it, no request to anywhere) that steps through
//! the trace, quizzes the student, and holds one tree or a practice set of
//! several.
//!
//! The page is a view of the one trace like the others: its diagram is the
//! native layout, its captions are `gametree trace`'s lines, its events
//! those of `gametree trace --json`, and quiz mode grades against `check`'s
//! facts with `check`'s explanations. The script replays; it never
//! searches.

mod data;

pub use data::{PageTree, QUIZ_NODES};

use data::TreeData;
use serde::Serialize;

use crate::render::{Diagram, Labels, Layers, RenderOptions};

/// The page's script.
const SCRIPT: &str = include_str!("../../assets/web/page.js");
/// The page's style sheet.
const STYLE: &str = include_str!("../../assets/web/page.css");

/// How a page is made.
#[derive(Clone, Debug, Default)]
pub struct PageOptions {
    /// The page's title.
    pub title: String,
    /// How the diagrams are drawn: style, depth, and which layers are on
    /// when the page opens (the page can show them all).
    pub render: RenderOptions,
    /// The search clamped values to the window.
    pub fail_hard: bool,
    /// The page opens in quiz mode.
    pub quiz: bool,
}

/// The HTML page of `trees` (one, or a practice set of several).
pub fn page(trees: &[PageTree<'_>], options: &PageOptions) -> String {
    let mut out = String::with_capacity(64 * 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<title>");
    out.push_str(&escape(&options.title));
    out.push_str("</title>\n<style>\n");
    out.push_str(STYLE);
    out.push_str("</style>\n</head>\n");
    out.push_str(&body_open(options, trees.len()));
    for (index, tree) in trees.iter().enumerate() {
        push_tree(&mut out, index, tree, options);
    }
    out.push_str(&controls(options));
    out.push_str("<script>\n");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// One tree's section: its diagram and its data.
fn push_tree(out: &mut String, index: usize, tree: &PageTree<'_>, options: &PageOptions) {
    let render = RenderOptions {
        layers: Layers::ALL,
        labels: match options.render.labels {
            Some(Labels::Ids) => Some(Labels::Both),
            labels => labels,
        },
        blank: false,
        key: false,
        ..options.render
    };
    let diagram = Diagram::new(tree.tree, tree.trace, tree.result, render);
    let data = TreeData::new(tree, options.render.strict, options.fail_hard, options.quiz);
    out.push_str(&format!(
        "<section class=\"exercise\" id=\"tree-{index}\" aria-label=\"{}\" hidden>\n\
         <div class=\"diagram\">\n",
        escape(&tree.title)
    ));
    out.push_str(&diagram.page_svg());
    out.push_str("</div>\n<div class=\"quiz-form\"></div>\n");
    out.push_str("<script type=\"application/json\" class=\"data\">");
    out.push_str(&script_json(&data));
    out.push_str("</script>\n</section>\n");
}

/// The page up to the trees: the title, the conventions, the caption, so
/// that the drawing comes right after them, in the first screen.
fn body_open(options: &PageOptions, trees: usize) -> String {
    format!(
        include_str!("../../assets/web/body.html"),
        title = escape(&options.title),
        set = if trees > 1 { "" } else { " hidden" },
    )
}

/// The page's controls, under the drawing, and the end of its main part.
fn controls(options: &PageOptions) -> String {
    let layers = options.render.layers;
    let none = layers == Layers::default();
    let on = |flag: bool| if flag { " checked" } else { "" };
    format!(
        include_str!("../../assets/web/controls.html"),
        quiz = on(options.quiz),
        windows = on(layers.windows || none),
        visit = on(layers.visit_order),
        history = on(layers.provisional || none),
        types = on(layers.node_types),
    )
}

/// `value` as JSON that can stand as it is inside an HTML `<script>`
/// element: every `<`, `>` and `&` is written `\u003c`, `\u003e`,
/// `\u0026`, and the line and paragraph separators U+2028 and U+2029
/// `\u2028` and `\u2029`. JSON has these characters only inside strings,
/// where the escape stands for the character itself, so `JSON.parse`
/// reads back exactly the value; and with no `<` the text can neither end
/// the element (`</script>`) nor open a comment (`<!--`) that would keep
/// it from ending. A value JSON cannot hold (a map whose keys are not
/// strings) is written `null`.
pub fn script_json<T: Serialize + ?Sized>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".to_string());
    let mut out = String::with_capacity(json.len() + json.len() / 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Text escaped for HTML text and for attribute values in either quote.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::{escape, script_json};

    #[test]
    fn script_json_escapes_what_could_end_or_hide_a_script_and_reads_back() {
        let texts = [
            "<!--<script>",
            "</script>",
            "a > b && c",
            "line\u{2028}paragraph\u{2029}",
            "\\u003c already escaped \\",
            "\"quoted\" 'single'",
        ];
        let json = script_json(&texts);
        for bad in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
            assert!(!json.contains(bad), "{bad:?} in {json}");
        }
        assert!(json.contains("\\u003c!--\\u003cscript\\u003e"), "{json}");
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, texts);
    }

    #[test]
    fn escape_covers_text_and_attributes_in_either_quote() {
        assert_eq!(
            escape("<a href='x' title=\"y\">&amp;</a>"),
            "&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;amp;&lt;/a&gt;"
        );
    }
}
