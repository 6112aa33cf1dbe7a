//! A game's variations across the boundary (docs/RULES.md §6.4): the tree as the page walks it
//! (in `state().tree`), and the tree the page hands back as its lines of moves.
//!
//! The page edits the tree (www/lib/tree.js) and gives back every line from the start to a last
//! move, the first line the game's: plain text that takes no deserializer into the module, and
//! from which the tree is one walk. Each node keeps the comments the game's tree had at the
//! same moves.

use bluegray_core::{Game, Node};
use serde::Serialize;

use crate::error::{ApiError, ErrorCode};

/// A move of the tree with what may follow it (the first child: the line goes on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TreeNode"))]
pub struct TreeView {
    /// The move; empty at the root (the start).
    #[serde(rename = "move")]
    pub mv: String,
    /// Comments after the move.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub comments: Vec<String>,
    /// The moves that may follow, the line's own first.
    pub children: Vec<TreeView>,
}

impl TreeView {
    fn of(node: &Node) -> TreeView {
        TreeView {
            mv: node.mv.clone(),
            comments: node.comments.clone(),
            children: node.children.iter().map(TreeView::of).collect(),
        }
    }
}

/// The longest line of a tree crossing the boundary, in moves: far longer than any game, and
/// short enough that the tree's nested objects (made and read a level at a time) never run the
/// module out of stack.
pub const MAX_TREE_DEPTH: usize = 1000;

/// The most lines a tree handed back may have.
pub const MAX_TREE_LINES: usize = 1000;

/// The tree of `game` when it has variations (of the moves played); `None` when it is only its
/// moves, which `history` already says, or when a line is longer than [`MAX_TREE_DEPTH`] (its
/// record still has it all).
pub fn tree_view(game: &Game) -> Option<TreeView> {
    let played = game.moves().len();
    if !game.variations().iter().any(|(at, _)| *at < played) {
        return None;
    }
    let tree = game.tree();
    let mut branched = false;
    // Depth first, without recursion: each node with its depth.
    let mut stack = vec![(&tree, 0)];
    while let Some((node, depth)) = stack.pop() {
        if depth > MAX_TREE_DEPTH {
            return None;
        }
        branched |= node.children.len() > 1;
        stack.extend(node.children.iter().map(|c| (c, depth + 1)));
    }
    branched.then(|| TreeView::of(&tree))
}

/// The tree whose lines are `text` (one line of moves from the start per text line, moves
/// separated by spaces, the first line the game's), each node with the comments `old` has at
/// the same moves. The moves are not checked here: [`Game::set_tree`] does.
pub fn tree_of_lines(text: &str, old: &Node) -> Result<Node, ApiError> {
    let too_big =
        |what: String| ApiError::new(ErrorCode::BadArgument, format!("Game.setTree: {what}"));
    let lines = text.lines().count();
    if lines > MAX_TREE_LINES {
        return Err(too_big(format!(
            "{lines} lines, more than {MAX_TREE_LINES}"
        )));
    }
    if let Some(long) = text
        .lines()
        .map(|l| l.split_whitespace().count())
        .find(|n| *n > MAX_TREE_DEPTH)
    {
        return Err(too_big(format!(
            "a line of {long} moves, more than {MAX_TREE_DEPTH}"
        )));
    }
    let mut root = Node {
        comments: old.comments.clone(),
        ..Node::default()
    };
    for line in text.lines() {
        let mut node = &mut root;
        let mut was = Some(old);
        for mv in line.split_whitespace() {
            was = was.and_then(|w| w.children.iter().find(|c| c.mv == mv));
            let i = match node.children.iter().position(|c| c.mv == mv) {
                Some(i) => i,
                None => {
                    node.children.push(Node {
                        mv: mv.to_string(),
                        comments: was.map(|w| w.comments.clone()).unwrap_or_default(),
                        children: Vec::new(),
                    });
                    node.children.len() - 1
                }
            };
            node = &mut node.children[i];
        }
    }
    Ok(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_make_the_tree_in_order_keeping_comments() {
        let game = Game::from_record("1. d2-d3 {main} (1. e2-e3 d8-d7) 1... d8-d7 *").unwrap();
        let old = game.tree();
        let tree = tree_of_lines("e2-e3 d8-d7\nd2-d3 d8-d7\n", &old).unwrap();
        assert_eq!(tree.children[0].mv, "e2-e3");
        assert_eq!(tree.children[1].mv, "d2-d3");
        assert_eq!(tree.children[1].comments, ["main"]);
        let view = tree_view(&game).unwrap();
        assert_eq!(view.children.len(), 2);
        let plain = Game::from_record("1. d2-d3 d8-d7 *").unwrap();
        assert_eq!(tree_view(&plain), None);
    }
}
