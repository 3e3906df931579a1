//! A drawing read back from its SVG, the native one or the web page's:
//! each node's outline, each edge as points, each text with its place and
//! its box, measured with the font metrics the renderer uses.

use std::collections::{BTreeMap, HashMap};

use gametree::render::text_width;

/// A text of a drawing.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Text {
    /// Its place among the drawing's texts: `node/class/k` inside a node
    /// (the k-th text of that class), `group/k` in a label's group, else
    /// `class/k`.
    pub key: String,
    /// Its class.
    pub class: String,
    /// What it says.
    pub text: String,
    /// Its anchor and baseline.
    pub at: (f64, f64),
    /// Its box: left, top, right, bottom.
    pub rect: [f64; 4],
}

/// What a drawing is made of.
#[derive(Clone, Debug, Default)]
pub(crate) struct Drawing {
    /// Its size.
    pub size: (f64, f64),
    /// Each node's outline by the node's id: its element and geometry.
    pub outlines: BTreeMap<String, String>,
    /// Each edge's points, in the order drawn.
    pub edges: Vec<Vec<(f64, f64)>>,
    /// Every text.
    pub texts: Vec<Text>,
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {node:?}"))
        .parse()
        .unwrap()
}

fn points(text: &str) -> Vec<(f64, f64)> {
    text.split_whitespace()
        .map(|pair| {
            let (x, y) = pair.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// An outline's element and geometry, colours left out.
fn outline(node: roxmltree::Node<'_, '_>) -> String {
    let attributes: &[&str] = match node.tag_name().name() {
        "polygon" => &["points"],
        "rect" => &["x", "y", "width", "height"],
        _ => &["cx", "cy", "r"],
    };
    let values: Vec<String> = attributes
        .iter()
        .map(|a| format!("{a}={}", node.attribute(*a).unwrap_or("")))
        .collect();
    format!("{} {}", node.tag_name().name(), values.join(" "))
}

/// The attribute `name` of `node` or of the nearest ancestor that has it.
fn inherited<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> Option<&'a str> {
    node.ancestors().find_map(|n| n.attribute(name))
}

/// The four numbers of an SVG element's `viewBox`.
pub(crate) fn view_box(svg: roxmltree::Node<'_, '_>) -> Vec<f64> {
    let view = svg.attribute("viewBox").expect("a viewBox");
    view.split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

impl Drawing {
    /// Reads an SVG drawing (the whole native file, or the page's `<svg>`).
    pub(crate) fn read(svg: &str) -> Drawing {
        let document = roxmltree::Document::parse(svg).expect("well-formed SVG");
        let root = document.root_element();
        let view = view_box(root);
        let mut drawing = Drawing {
            size: (view[2], view[3]),
            ..Drawing::default()
        };
        let titles = node_titles(&document);
        let mut counts: HashMap<String, usize> = HashMap::new();
        for node in document.descendants().filter(|n| n.is_element()) {
            match node.tag_name().name() {
                "line" => drawing.edges.push(vec![
                    (number(node, "x1"), number(node, "y1")),
                    (number(node, "x2"), number(node, "y2")),
                ]),
                "polyline" => drawing
                    .edges
                    .push(points(node.attribute("points").unwrap())),
                // The native SVG's edges: `M` and the points.
                "path" => {
                    let d = node.attribute("d").unwrap();
                    let moved = d.strip_prefix('M').expect("a path of points");
                    drawing.edges.push(points(moved));
                }
                "title" => {
                    let group = node.parent().unwrap();
                    let shape = group.children().find(|c| {
                        c.is_element()
                            && ["polygon", "rect", "circle"].contains(&c.tag_name().name())
                    });
                    if let Some(shape) = shape {
                        let id = node.text().unwrap_or("").to_string();
                        drawing.outlines.insert(id, outline(shape));
                    }
                }
                "text" => {
                    let text = read_text(node, &titles, &mut counts);
                    drawing.texts.push(text);
                }
                "g" => {
                    drawing.texts.extend(value_slot(node));
                    drawing.texts.extend(layer_slots(node));
                }
                _ => {}
            }
        }
        drawing
    }

    /// The texts of `class`.
    pub(crate) fn of_class(&self, class: &str) -> impl Iterator<Item = &Text> {
        self.texts.iter().filter(move |t| t.class == class)
    }
}

/// The id (title) of each node group, by the group's `id`.
fn node_titles(document: &roxmltree::Document<'_>) -> HashMap<String, String> {
    document
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|t| {
            let group = t.parent()?;
            Some((group.attribute("id")?.to_string(), t.text()?.to_string()))
        })
        .collect()
}

/// The web page's value text of an interior node group, which its script
/// draws when a step first gives the node a value: from the group's
/// `data-v` (`X Y`), as an empty text of class `val`, keyed as such a text
/// in the group would be.
fn value_slot(group: roxmltree::Node<'_, '_>) -> Option<Text> {
    let place = group.attribute("data-v")?;
    let (x, y) = place.split_once(' ').expect("data-v holds x and y");
    let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
    let title = group
        .children()
        .find(|c| c.has_tag_name("title"))
        .and_then(|t| t.text())
        .expect("a node group has a title");
    let middle = y - 0.36 * 11.0;
    Some(Text {
        key: format!("{title}/val/0"),
        class: "val".to_string(),
        text: String::new(),
        at: (x, y),
        rect: [x, middle - 0.6 * 11.0, x, middle + 0.6 * 11.0],
    })
}

/// The web page's layer lines of a node group, which its script draws
/// when a step fills them: from the group's `data-ly` (`X A Ly...`: the
/// lines' x, their anchor `s` (start) or `m` (middle), and each line's
/// layer letter with its baseline), as empty texts of class `ly ly-L` in
/// 9-point type, keyed as such a text in the group would be.
fn layer_slots(group: roxmltree::Node<'_, '_>) -> Vec<Text> {
    let Some(slots) = group.attribute("data-ly") else {
        return Vec::new();
    };
    let title = group
        .children()
        .find(|c| c.has_tag_name("title"))
        .and_then(|t| t.text())
        .expect("a node group has a title");
    let mut parts = slots.split(' ');
    let x: f64 = parts.next().unwrap().parse().unwrap();
    // The anchor: an empty line has no width whichever it is.
    assert!(matches!(parts.next(), Some("s" | "m")), "{slots}");
    parts
        .map(|line| {
            let (letter, y) = line.split_at(1);
            let y: f64 = y.parse().unwrap();
            let class = format!("ly ly-{letter}");
            let middle = y - 0.36 * 9.0;
            Text {
                key: format!("{title}/{class}/0"),
                class,
                text: String::new(),
                at: (x, y),
                rect: [x, middle - 0.6 * 9.0, x, middle + 0.6 * 9.0],
            }
        })
        .collect()
}

/// A text element: its key, class, content, place and box.
fn read_text(
    node: roxmltree::Node<'_, '_>,
    titles: &HashMap<String, String>,
    counts: &mut HashMap<String, usize>,
) -> Text {
    let class = node.attribute("class").unwrap_or("").to_string();
    let group = node
        .parent()
        .filter(|p| p.has_tag_name("g") && p.attribute("id").is_some());
    let place = match group {
        Some(g) if g.children().any(|c| c.has_tag_name("title")) => {
            let id = g.attribute("id").unwrap();
            format!("{}/{class}", titles.get(id).map_or(id, String::as_str))
        }
        Some(g) => {
            let id = g.attribute("id").unwrap();
            let (kind, number) = id.split_at(1);
            let node = titles.get(&format!("n{number}")).map_or(id, String::as_str);
            format!("{}:{kind}:{node}", g.attribute("class").unwrap_or(""))
        }
        None => class.clone(),
    };
    let k = counts.entry(place.clone()).or_default();
    let key = format!("{place}/{k}");
    *k += 1;
    let text: String = node
        .descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect();
    let (x, y) = (number(node, "x"), number(node, "y"));
    let size: f64 = inherited(node, "font-size")
        .unwrap_or("11")
        .parse()
        .unwrap();
    let width = text_width(&text, size);
    let left = match inherited(node, "text-anchor").unwrap_or("start") {
        "middle" => x - width / 2.0,
        "end" => x - width,
        _ => x,
    };
    let middle = y - 0.36 * size;
    Text {
        key,
        class,
        text,
        at: (x, y),
        rect: [left, middle - 0.6 * size, left + width, middle + 0.6 * size],
    }
}

/// Whether two boxes overlap by more than `slack` each way.
pub(crate) fn boxes_meet(a: [f64; 4], b: [f64; 4], slack: f64) -> bool {
    a[0] + slack < b[2] && b[0] + slack < a[2] && a[1] + slack < b[3] && b[1] + slack < a[3]
}

/// Whether the segment from `p` to `q` passes through the box `r` shrunk
/// by `slack` on every side.
pub(crate) fn segment_meets_box(p: (f64, f64), q: (f64, f64), r: [f64; 4], slack: f64) -> bool {
    let [left, top, right, bottom] = [r[0] + slack, r[1] + slack, r[2] - slack, r[3] - slack];
    if left >= right || top >= bottom {
        return false;
    }
    if p.0.max(q.0) <= left
        || p.0.min(q.0) >= right
        || p.1.max(q.1) <= top
        || p.1.min(q.1) >= bottom
    {
        return false;
    }
    // Sample the segment finely: boxes are points and more apart.
    let steps = ((q.0 - p.0).abs() + (q.1 - p.1).abs()).ceil().max(1.0) as usize * 2;
    (0..=steps).any(|i| {
        let t = i as f64 / steps as f64;
        let (x, y) = (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
        x > left && x < right && y > top && y < bottom
    })
}
