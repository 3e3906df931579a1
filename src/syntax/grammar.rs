//! The pest parser generated from `grammar/tree.pest`, and the words its
//! rules go by in error messages.

use pest_derive::Parser;

/// The parser for the tree-file language.
#[derive(Parser)]
#[grammar = "../grammar/tree.pest"]
pub(super) struct TreeParser;

/// How a rule is named to a user who wrote something else.
pub(super) fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::finite
        | Rule::number
        | Rule::infinity
        | Rule::count
        | Rule::answer_number
        | Rule::infinity_word => "a number",
        Rule::nothing => "`none`",
        Rule::points | Rule::points_number => "`[N points]`",
        Rule::unknown => "a leaf value",
        Rule::kind => "`max`/`min`",
        Rule::probability | Rule::chance_prefix => "a probability",
        Rule::bounds_line => "a `bounds L U` line",
        // A label and a quoted name start where a name may: they go by
        // its word, so that messages stay short.
        Rule::name | Rule::quoted_name | Rule::label => "a node name",
        Rule::path => "a node path such as @2.1",
        Rule::leaf_run => "a leaf value",
        Rule::named_leaf => "a named leaf",
        Rule::equals => "`=`",
        Rule::static_value => "`=` and a static value",
        Rule::open_square | Rule::open_round | Rule::children => "`[`/`(`",
        Rule::close_square => "`]`",
        Rule::close_round => "`)`",
        Rule::interior => "a subtree",
        Rule::expect => "an `expect` line",
        Rule::expect_value
        | Rule::expect_pruned
        | Rule::expect_cut
        | Rule::expect_leaves
        | Rule::expect_best
        | Rule::expect_evaluated
        | Rule::expect_count
        | Rule::expect_window
        | Rule::expect_node => {
            "an expectation (value, pruned, cut, leaves, best, evaluated, researches, passes, window, or a node id)"
        }
        Rule::cut_kind => "`alpha` or `beta`",
        Rule::count_kind => "`researches` or `passes`",
        Rule::window_open => "`[`",
        Rule::window_comma => "`,`",
        Rule::window_close => "`]`",
        Rule::nudge => "`+ε` or `-ε`",
        Rule::relation => "`=`, `>=` or `<=`",
        Rule::EOI => "the end of the file",
        _ => "something else",
    }
}
