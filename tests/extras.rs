//! `gametree completions` and `gametree man`: generated from the same
//! definitions as the parser, for every shell and every subcommand.

mod common;

use common::gametree;

const SUBCOMMANDS: [&str; 6] = ["solve", "trace", "check", "key", "gen", "render"];

#[test]
fn completions_know_every_subcommand_in_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = common::gametree(["completions", shell]).output();
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completions lack {sub}");
        }
        assert!(
            script.contains("draw-depth"),
            "{shell} completions lack render's flags"
        );
    }
}

#[test]
fn a_man_page_for_gametree_and_each_subcommand() {
    let main = common::gametree(["man"]).output();
    assert!(main.status.success());
    assert!(String::from_utf8_lossy(&main.stdout).contains(".TH gametree 1"));
    for sub in SUBCOMMANDS {
        let page = common::gametree(["man", sub]).output();
        assert!(page.status.success(), "{sub}");
        let text = String::from_utf8_lossy(&page.stdout);
        assert!(text.contains(&format!(".TH gametree-{sub} 1")), "{text}");
    }
    let unknown = common::gametree(["man", "nope"]).output();
    assert_eq!(unknown.status.code(), Some(2));
}

/// A reader that closes the pipe at once ends the output, not the program
/// with a panic (exit 101).
#[test]
fn completions_into_a_closed_pipe_do_not_panic() {
    let mut child = gametree(["completions", "zsh"]).spawn();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}
