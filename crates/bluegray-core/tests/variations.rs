#![cfg(feature = "variations")]
//! Variations in game records (docs/RULES.md §6.4): read, checked, written back, and walked as a
//! tree; a random tree survives a record, and a record without variations reads as before.

use bluegray_core::{Game, GameRecord, Line, Node, RecordError, Variant};
use proptest::prelude::*;
use proptest::test_runner::Config;

const RECORD: &str = "\
    1. d2-d3 {main} (1. e2-e3 {tried} d8-d7 (1... c8-c7) 2. d2-d3) 1... d8-d7 2. e2-e3 *\n";

fn node(mv: &str, children: Vec<Node>) -> Node {
    Node {
        mv: mv.into(),
        comments: Vec::new(),
        children,
    }
}

#[test]
fn a_record_with_variations_is_read_checked_and_written_back() {
    let rec: GameRecord = RECORD.parse().unwrap();
    assert_eq!(rec.moves, ["d2-d3", "d8-d7", "e2-e3"]);
    assert_eq!(rec.comments, [(1, "main".to_string())]);
    let inner = Line {
        moves: vec!["c8-c7".into()],
        ..Line::default()
    };
    let tried = Line {
        moves: vec!["e2-e3".into(), "d8-d7".into(), "d2-d3".into()],
        comments: vec![(1, "tried".into())],
        variations: vec![(1, inner)],
    };
    assert_eq!(rec.variations, [(0, tried)]);
    let game = rec.to_game().unwrap();
    assert_eq!(game.variations().len(), 1);
    let text = game.record().to_string();
    assert!(
        text.replace('\n', " ").contains(
            "1. d2-d3 {main} (1. e2-e3 {tried} 1... d8-d7 (1... c8-c7) 2. d2-d3) 1... d8-d7 2. e2-e3"
        ),
        "{text}"
    );
    assert_eq!(text.parse::<GameRecord>().unwrap(), game.record());
}

#[test]
fn the_tree_puts_the_game_first_and_its_variations_after() {
    let game = Game::from_record(RECORD).unwrap();
    let tree = game.tree();
    assert_eq!(tree.children.len(), 2);
    assert_eq!(tree.children[0].mv, "d2-d3");
    assert_eq!(tree.children[0].comments, ["main"]);
    assert_eq!(tree.children[1].mv, "e2-e3");
    let reply = &tree.children[1].children;
    assert_eq!(
        reply.iter().map(|n| n.mv.as_str()).collect::<Vec<_>>(),
        ["d8-d7", "c8-c7"]
    );
    assert_eq!(tree.children[1].comments, ["tried"]);
}

#[test]
fn a_tree_set_on_the_game_keeps_or_replaces_its_moves() {
    let mut game = Game::from_record(RECORD).unwrap();
    let mut tree = game.tree();
    // Deleting the variation leaves the game as it was, without it.
    tree.children.truncate(1);
    game.set_tree(&tree).unwrap();
    assert!(game.variations().is_empty());
    assert_eq!(game.moves().len(), 3);
    // Making the variation the main line replays the game along it.
    let mut game = Game::from_record(RECORD).unwrap();
    let mut tree = game.tree();
    tree.children.swap(0, 1);
    game.set_tree(&tree).unwrap();
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["e2-e3", "d8-d7", "d2-d3"]);
    assert_eq!(game.variations().len(), 2, "the old main line and c8-c7");
    assert_eq!(game.tree(), tree);
    // An illegal move anywhere is refused, naming it, and the game is left as it was.
    let mut bad = tree.clone();
    bad.children[1].children.push(node("a1-a9", Vec::new()));
    let err = game.set_tree(&bad).unwrap_err();
    assert!(matches!(err, RecordError::VariationMove { .. }), "{err}");
    assert!(err.to_string().contains("a1-a9"), "{err}");
    assert_eq!(game.tree(), tree);
}

#[test]
fn unbalanced_parentheses_say_what_is_wrong_and_where() {
    let cases = [
        (
            "1. d2-d3 (1. e2-e3 d8-d7 *",
            "line 1, column 10: the variation opened by '(' is never closed with ')'",
        ),
        (
            "1. d2-d3 d8-d7)",
            "line 1, column 15: ')' closes no variation",
        ),
        (
            "(1. d2-d3) 1. e2-e3",
            "line 1, column 1: a variation '(' must follow the move it replaces",
        ),
        (
            "1. d2-d3\n(1. e2-e3 (1... d8-d7)",
            "line 2, column 1: the variation opened by '(' is never closed with ')'",
        ),
        (
            "1. d2-d3 * (1. e2-e3)",
            "unexpected '(1. e2-e3)' after the result",
        ),
    ];
    for (text, message) in cases {
        let err = text.parse::<GameRecord>().unwrap_err();
        assert_eq!(err.to_string(), message, "{text}");
    }
    let deep = format!("1. d2-d3 {}", "(1. e2-e3 ".repeat(65));
    let err = deep.parse::<GameRecord>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 650: variations nest more than 64 deep"
    );
    let err = Game::from_record("1. d2-d3 (1. d2-d4) *").unwrap_err();
    assert!(
        err.to_string().starts_with("variation, move 1. (Blue)"),
        "{err}"
    );
}

/// A random tree of legal moves from the start of `variant`: `choices` picks each node's moves.
fn random_tree(variant: Variant, choices: &[u16]) -> Node {
    fn grow(game: &Game, at: &mut Node, choices: &[u16], next: &mut usize, depth: usize) {
        let legal = game.legal_moves();
        if legal.is_empty() || depth > 12 || *next >= choices.len() {
            return;
        }
        let pick = choices[*next];
        *next += 1;
        // One child mostly, sometimes two or three: the line goes on, with variations.
        let count = [1, 1, 1, 2, 3][usize::from(pick) % 5];
        for k in 0..count {
            let m = legal[(usize::from(pick) / 5 + k * 7) % legal.len()];
            let text = m.to_string();
            if at.children.iter().any(|c| c.mv == text) {
                continue;
            }
            let mut g = game.clone();
            g.play(m).unwrap();
            let mut child = node(&text, Vec::new());
            if pick % 4 == 0 {
                child.comments.push(format!("note {pick}"));
            }
            grow(&g, &mut child, choices, next, depth + 1);
            at.children.push(child);
        }
    }
    let game = Game::new(variant);
    let mut root = Node::default();
    if choices[0] % 3 == 0 {
        root.comments.push("before the first move".into());
    }
    grow(&game, &mut root, choices, &mut 0, 0);
    root
}

proptest! {
    #![proptest_config(Config { cases: 48, ..Config::default() })]

    /// A random tree set on a game, written as a record and read back, is the same tree.
    #[test]
    fn a_random_tree_survives_a_record(choices in prop::collection::vec(any::<u16>(), 1..40)) {
        let variant: Variant = "classic".parse().unwrap();
        let tree = random_tree(variant, &choices);
        let mut game = Game::new(variant);
        game.set_tree(&tree).unwrap();
        prop_assert_eq!(&game.tree(), &tree);
        let text = game.record().to_string();
        let back = Game::from_record(&text)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back.tree(), &tree, "{}", text);
        prop_assert_eq!(back.record().to_string(), text);
    }

    /// A record without variations reads as before: the same moves and comments, no variation,
    /// and no parenthesis written.
    #[test]
    fn a_record_without_variations_reads_as_before(choices in prop::collection::vec(any::<u16>(), 1..30)) {
        let variant: Variant = "classic".parse().unwrap();
        let mut game = Game::new(variant);
        for c in choices {
            let legal = game.legal_moves();
            if legal.is_empty() { break; }
            game.play(legal[usize::from(c) % legal.len()]).unwrap();
        }
        let text = game.record().to_string();
        prop_assert!(!text.contains('('));
        let rec: GameRecord = text.parse().unwrap();
        prop_assert!(rec.variations.is_empty());
        let back = rec.to_game().unwrap();
        prop_assert_eq!(back.moves(), game.moves());
        prop_assert!(back.variations().is_empty());
    }
}
