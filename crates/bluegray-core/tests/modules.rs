//! The crate's modules depend on each other in one direction only: no module imports a module
//! that imports it back, directly or through others. (The position knows nothing of move
//! notation's refusals, for one: `legality` reads moves against positions, not the reverse.)

use std::collections::BTreeMap;
use std::path::Path;

/// Each module of `src/` with the modules its code (not its comments) names as `crate::name`.
fn imports() -> BTreeMap<String, Vec<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut uses: Vec<String> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| l.split("crate::").skip(1))
            .map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                    .collect::<String>()
            })
            .filter(|m| !m.is_empty() && *m != name)
            .collect();
        uses.sort();
        uses.dedup();
        graph.insert(name, uses);
    }
    graph
}

/// A cycle through `at`, as the list of modules on it, if the depth-first walk finds one.
fn cycle_from(
    at: &str,
    graph: &BTreeMap<String, Vec<String>>,
    path: &mut Vec<String>,
    done: &mut Vec<String>,
) -> Option<Vec<String>> {
    if let Some(i) = path.iter().position(|m| m == at) {
        let mut cycle = path[i..].to_vec();
        cycle.push(at.to_string());
        return Some(cycle);
    }
    if done.iter().any(|m| m == at) {
        return None;
    }
    path.push(at.to_string());
    for next in graph.get(at).into_iter().flatten() {
        if let Some(c) = cycle_from(next, graph, path, done) {
            return Some(c);
        }
    }
    path.pop();
    done.push(at.to_string());
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = imports();
    assert!(graph["legality"].contains(&"position".to_string()));
    assert!(!graph["position"].contains(&"legality".to_string()));
    assert!(!graph["position"].contains(&"illegal".to_string()));
    assert!(!graph["illegal"].contains(&"position".to_string()));
    let mut done = Vec::new();
    for module in graph.keys() {
        if let Some(cycle) = cycle_from(module, &graph, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", cycle.join(" → "));
        }
    }
}
