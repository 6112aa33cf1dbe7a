//! The binding's plain-Rust modules each use only the modules listed before them in `src/lib.rs`,
//! so that no chain of imports leads back to where it started (tests included). Read from the
//! sources: a `crate::name` outside a comment is a use of `name`.

/// The modules in the order `src/lib.rs` lists them, with their sources.
const LAYERS: [(&str, &str); 7] = [
    ("error", include_str!("../src/error.rs")),
    ("args", include_str!("../src/args.rs")),
    ("tree", include_str!("../src/tree.rs")),
    ("view", include_str!("../src/view.rs")),
    ("session", include_str!("../src/session.rs")),
    ("search", include_str!("../src/search.rs")),
    ("catalogue", include_str!("../src/catalogue.rs")),
];

/// Whether `source` uses the module `name` of the crate, comments aside: `crate::name`, or
/// `name` among the braces of `crate::{…}`.
fn uses(source: &str, name: &str) -> bool {
    let is_name = |s: &str| {
        s.strip_prefix(name)
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    };
    source
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .any(|code| {
            code.split("crate::")
                .skip(1)
                .any(|after| match after.strip_prefix('{') {
                    Some(group) => group
                        .split('}')
                        .next()
                        .unwrap_or("")
                        .split(',')
                        .any(|item| is_name(item.trim())),
                    None => is_name(after),
                })
        })
}

#[test]
fn each_module_uses_only_those_before_it() {
    for (i, (name, source)) in LAYERS.iter().enumerate() {
        for (later, _) in &LAYERS[i + 1..] {
            assert!(!uses(source, later), "{name} uses {later}, listed after it");
        }
    }
}

#[test]
fn a_use_is_seen_and_a_comment_is_not() {
    assert!(uses("use crate::view::GameState;", "view"));
    assert!(uses(
        "    analysis: crate::search::ANALYSIS_NODES,",
        "search"
    ));
    assert!(uses("use crate::{catalogue, search};", "catalogue"));
    assert!(uses("use crate::{catalogue, search::think};", "search"));
    assert!(!uses(
        "//! The catalogue is [`crate::catalogue`].",
        "catalogue"
    ));
    assert!(!uses("use crate::searches::X;", "search"));
}
