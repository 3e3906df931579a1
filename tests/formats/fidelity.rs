//! What each writer writes reads back exactly: values whose decimals are
//! longer than the readers take, infinite static values, empty labels.

use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::tree::Tree;

use super::common::{self, gametree};
use super::round_trips::outline;

/// The formats gametree writes.
const WRITTEN: [TreeFormat; 3] = [TreeFormat::Tree, TreeFormat::Json, TreeFormat::Efg];

fn read(format: TreeFormat, text: &str) -> Tree {
    formats::read(format, "t", text, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .tree
}

/// `tree` written as `format` and read back.
fn through(tree: &Tree, format: TreeFormat) -> (Tree, String) {
    let written = formats::write(tree, format).unwrap();
    (read(format, &written), written)
}

/// 2^-39 and its complement have 39 decimal places, more than the
/// readers take: every writer once wrote them so, and nothing read them
/// back.
const TINY: &str = "A = 1/549755813888 [ -1/549755813888 \
                    chance = -3/1099511627776 [ 1/549755813888: 1 549755813887/549755813888: \
                    1/1099511627776 ] 0.000003814697265625 ]";

#[test]
fn every_writer_writes_a_value_of_many_places_as_it_reads_back() {
    let tree = read(TreeFormat::Tree, TINY);
    for format in WRITTEN {
        let (back, written) = through(&tree, format);
        assert_eq!(outline(&back), outline(&tree), "{format}: {written}");
        assert!(written.contains("1/549755813888"), "{format}: {written}");
    }
}

#[test]
fn convert_writes_only_what_solve_reads() {
    let dir = common::scratch("formats-many-places");
    let input = dir.join("f1.tree");
    std::fs::write(&input, "[1/549755813888 0]\n").unwrap();
    for extension in ["tree", "json", "efg"] {
        let out = dir.join(format!("f1.out.{extension}"));
        let (input, out) = (input.to_str().unwrap(), out.to_str().unwrap());
        gametree(["convert", input, "-o", out]).stdout();
        let solved = gametree(["solve", out, "--json"]).stdout();
        let json: serde_json::Value = serde_json::from_str(&solved).unwrap();
        assert_eq!(json["value"], "1/549755813888", "{extension}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `.efg` carries a static value in its information set's name; the
/// reader once dropped `static +inf` and `static -inf`.
#[test]
fn infinite_static_values_go_through_efg() {
    let tree = read(
        TreeFormat::Tree,
        "A = +inf [ B = -inf [1 2] chance = -inf [3 4] ]",
    );
    let (back, written) = through(&tree, TreeFormat::Efg);
    assert!(written.contains("\"static +inf\""), "{written}");
    assert_eq!(outline(&back), outline(&tree), "{written}");
    let text = formats::write(&back, TreeFormat::Tree).unwrap();
    for kept in ["A = +inf [", "B = -inf [1 2]", "chance = -inf ["] {
        assert!(text.contains(kept), "{text}");
    }
}
