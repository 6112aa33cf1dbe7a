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
pub struct TreeView {
    /// The move; empty at the root (the start).
    #[serde(rename = "move")]
    pub mv: String,
    /// Comments after the move.
    #[serde(skip_serializing_if = "Vec::is_empty")]
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

/// The tree of `game` when it has variations (of the moves played); `None` when it is only its
/// moves, which `history` already says.
pub fn tree_view(game: &Game) -> Option<TreeView> {
    let tree = game.tree();
    let mut node = &tree;
    loop {
        match node.children.as_slice() {
            [] => return None,
            [only] => node = only,
            _ => return Some(TreeView::of(&tree)),
        }
    }
}

/// The longest text of lines taken: far more than any game's tree.
const MAX_LINES_TEXT: usize = 1 << 20;

/// The tree whose lines are `text` (one line of moves from the start per text line, moves
/// separated by spaces, the first line the game's), each node with the comments `old` has at
/// the same moves. The moves are not checked here: [`Game::set_tree`] does.
pub fn tree_of_lines(text: &str, old: &Node) -> Result<Node, ApiError> {
    if text.len() > MAX_LINES_TEXT {
        return Err(ApiError::new(
            ErrorCode::BadArgument,
            format!(
                "Game.setTree: {} characters of lines, more than {MAX_LINES_TEXT}",
                text.len()
            ),
        ));
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
