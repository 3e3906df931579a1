//! The measures every drawing shares: the sizes of text and lines, the
//! margin, rectangles, where a line's baseline falls, how text is set.

use super::font::text_width;

/// The size of the text inside shapes, in points.
pub(super) const FONT_SIZE: f64 = 11.0;
/// The size of layer lines, cut labels and notes, in points.
pub(super) const SMALL_SIZE: f64 = 9.0;
/// Line height as a multiple of the font size.
pub(super) const LINE: f64 = 1.2;
/// The room around the drawing.
pub(super) const MARGIN: f64 = 6.0;

/// Where a text's `x` lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Anchor {
    /// At its middle.
    Middle,
    /// At its start.
    Start,
    /// At its end.
    End,
}

/// A rectangle: its top left corner and its size.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Rect {
    /// Its left side.
    pub x: f64,
    /// Its top.
    pub y: f64,
    /// Its width.
    pub width: f64,
    /// Its height.
    pub height: f64,
}

impl Rect {
    /// Its right side.
    pub(super) fn right(&self) -> f64 {
        self.x + self.width
    }

    /// Its bottom.
    pub(super) fn bottom(&self) -> f64 {
        self.y + self.height
    }
}

/// The baseline of line `line` (from 0) of a block of `size` text, from
/// the block's top: the middle of the line box, lowered by half the
/// height of a capital.
pub(super) fn baseline(line: usize, size: f64) -> f64 {
    (line as f64 + 0.5) * size * LINE + 0.36 * size
}

/// The height of `lines` small lines.
pub(super) fn block_height(lines: usize) -> f64 {
    lines as f64 * SMALL_SIZE * LINE
}

/// Text as set on the drawing: `>=` and `<=` as single signs, infinities
/// as `∞`, arrows as arrows.
pub(super) fn pretty(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['>', '<', 'i']) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.replace(">=", "≥")
            .replace("<=", "≤")
            .replace("+inf", "+∞")
            .replace("-inf", "−∞")
            .replace(" -> ", " → "),
    )
}

/// The size to set `text` at, at most `size`, for it to fit `room`: a
/// text wider than the room reserved for it (a value history longer than
/// any the tree's shape foretold) is set smaller rather than overflow.
pub(super) fn fitted_size(text: &str, size: f64, room: f64) -> f64 {
    let width = text_width(&pretty(text), size);
    match width > room + 0.01 && width > 0.0 {
        true => (size * room / width).max(1.0),
        false => size,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_set_with_signs() {
        assert_eq!(pretty(">=6"), "≥6");
        assert_eq!(pretty("[-inf, +inf]"), "[−∞, +∞]");
        assert_eq!(pretty("2 -> 5"), "2 → 5");
    }

    #[test]
    fn a_text_too_wide_for_its_room_is_set_smaller() {
        assert_eq!(fitted_size("5", 11.0, 20.0), 11.0);
        let smaller = fitted_size("2 -> 5 -> 7 -> 9", 9.0, 20.0);
        assert!(smaller < 9.0);
        assert!(text_width(&pretty("2 -> 5 -> 7 -> 9"), smaller) <= 20.01);
    }
}
