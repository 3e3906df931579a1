//! DOT text read back: a node's or an edge's line, and the texts of its
//! label's cells.

/// The line of DOT text that starts (after its indent) with `start`.
pub(crate) fn line<'a>(dot: &'a str, start: &str) -> &'a str {
    dot.lines()
        .find(|l| l.trim_start().starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start}:\n{dot}"))
}

/// The texts of the cells of the first label table of a DOT line (empty
/// cells as empty texts).
pub(crate) fn cells(line: &str) -> Vec<String> {
    line.split("<TD ")
        .skip(1)
        .map(|cell| {
            let text = &cell[cell.find('>').unwrap() + 1..];
            text[..text.find("</TD>").unwrap()].to_string()
        })
        .collect()
}
