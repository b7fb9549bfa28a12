//! A universe board written as JSON fast: the bytes `serde_json` writes,
//! with the nodes and edges rendered in parallel chunks.

use rayon::prelude::*;
use serde::Serialize;
use serde_json::ser::Formatter;

use super::{Board, Node, NodeKind, Side};

/// Nodes or edges written as JSON by one parallel task.
const JSON_CHUNK: usize = 16_384;
/// Chunks rendered at once, while the chunks before are written out.
const JSON_GROUP: usize = 16;

/// Writes `board` as compact JSON, the bytes `serde_json::to_writer` writes,
/// with the nodes and edges rendered in parallel chunks (a million-node
/// board is about 200 MB of JSON).
pub(crate) fn write_json(board: &Board, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    fn json<T: Serialize + ?Sized>(out: &mut dyn std::io::Write, value: &T) -> std::io::Result<()> {
        serde_json::to_writer(out, value).map_err(std::io::Error::other)
    }
    let header = &board.header;
    out.write_all(b"{\"generator\":")?;
    json(out, &header.generator)?;
    out.write_all(b",\"seed\":")?;
    json(out, &header.seed)?;
    out.write_all(b",\"version\":")?;
    json(out, &header.version)?;
    out.write_all(b",\"params\":")?;
    json(out, &header.params)?;
    out.write_all(b",\"metrics\":")?;
    json(out, &board.metrics)?;
    write!(out, ",\"width\":{},\"height\":{},\"nodes\":", board.width, board.height)?;
    json_array(&board.nodes, JSON_CHUNK, out)?;
    out.write_all(b",\"edges\":")?;
    json_array(&board.edges, JSON_CHUNK, out)?;
    // The expansions' lists and the start order, absent when empty as serde
    // leaves them.
    for (key, empty) in [
        ("areas", board.areas.is_empty()),
        ("expeditions", board.expeditions.is_empty()),
        ("resources", board.resources.is_empty()),
        ("tiny_nodes", board.tiny_nodes.is_empty()),
        ("remedy", board.remedy == super::play::Remedy::None),
    ] {
        if empty {
            continue;
        }
        write!(out, ",\"{key}\":")?;
        match key {
            "areas" => json(out, &board.areas)?,
            "expeditions" => json(out, &board.expeditions)?,
            "resources" => json(out, &board.resources)?,
            "tiny_nodes" => json(out, &board.tiny_nodes)?,
            _ => json(out, &board.remedy)?,
        }
    }
    out.write_all(b"}")
}

/// Writes `items` as a JSON array, rendering `chunk` of them at a time in
/// parallel, [`JSON_GROUP`] chunks at a time; a group is written out while
/// the next one renders, and the buffers of one group serve the one after
/// the next.
fn json_array<T: JsonItem>(items: &[T], chunk: usize, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let render = |group: &[T], parts: &mut Vec<Vec<u8>>| -> std::io::Result<()> {
        parts.resize_with(group.len().div_ceil(chunk), Vec::new);
        group.par_chunks(chunk).zip(parts.par_iter_mut()).try_for_each(|(items, buf)| {
            buf.clear();
            json_joined(buf, items, |buf, item| item.write(buf))
        })
    };
    out.write_all(b"[")?;
    let mut groups = items.chunks(chunk * JSON_GROUP);
    let (mut ready, mut spare) = (Vec::new(), Vec::new());
    let mut current = groups.next();
    if let Some(group) = current {
        render(group, &mut ready)?;
    }
    let mut first = true;
    while current.is_some() {
        let next = groups.next();
        let (mut rendered, mut written) = (Ok(()), Ok(()));
        rayon::in_place_scope(|s| {
            if let Some(group) = next {
                s.spawn(|_| rendered = render(group, &mut spare));
            }
            written = ready.iter().try_for_each(|part| {
                if !std::mem::take(&mut first) {
                    out.write_all(b",")?;
                }
                out.write_all(part)
            });
        });
        written?;
        rendered?;
        std::mem::swap(&mut ready, &mut spare);
        current = next;
    }
    out.write_all(b"]")
}

/// An item of a large JSON array, written by hand: the same bytes as
/// `serde_json` writes for it (a test compares them), without going through
/// the derived serializer field by field.
trait JsonItem: Sync {
    fn write(&self, buf: &mut Vec<u8>) -> std::io::Result<()>;
}

/// `serde_json`'s number formats.
fn json_u32(buf: &mut Vec<u8>, v: u32) -> std::io::Result<()> {
    serde_json::ser::CompactFormatter.write_u32(buf, v)
}

fn json_f64(buf: &mut Vec<u8>, v: f64) -> std::io::Result<()> {
    if v.is_finite() {
        serde_json::ser::CompactFormatter.write_f64(buf, v)
    } else {
        buf.extend_from_slice(b"null");
        Ok(())
    }
}

/// `items` as a JSON list, each written by `one`.
fn json_list<T>(
    buf: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    one: impl FnMut(&mut Vec<u8>, T) -> std::io::Result<()>,
) -> std::io::Result<()> {
    buf.push(b'[');
    json_joined(buf, items, one)?;
    buf.push(b']');
    Ok(())
}

/// `items`, each written by `one`, separated by commas.
fn json_joined<T>(
    buf: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut one: impl FnMut(&mut Vec<u8>, T) -> std::io::Result<()>,
) -> std::io::Result<()> {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        one(buf, item)?;
    }
    Ok(())
}

impl JsonItem for [u32; 2] {
    fn write(&self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        json_list(buf, *self, json_u32)
    }
}

impl JsonItem for Node {
    fn write(&self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        buf.extend_from_slice(b"{\"id\":");
        json_u32(buf, self.id)?;
        buf.extend_from_slice(b",\"x\":");
        json_f64(buf, self.x)?;
        buf.extend_from_slice(b",\"y\":");
        json_f64(buf, self.y)?;
        buf.extend_from_slice(match self.kind {
            NodeKind::Center => b",\"kind\":\"center\",\"type\":",
            NodeKind::Mission => b",\"kind\":\"mission\",\"type\":",
            NodeKind::Regular => b",\"kind\":\"regular\",\"type\":",
        });
        match &self.node_type {
            // A name may hold characters to escape.
            Some(name) => serde_json::to_writer(&mut *buf, name).map_err(std::io::Error::other)?,
            None => buf.extend_from_slice(b"null"),
        }
        buf.extend_from_slice(b",\"edge_sides\":");
        json_list(buf, &self.edge_sides, |buf, side| {
            buf.extend_from_slice(match side {
                Side::Left => b"\"left\"",
                Side::Top => b"\"top\"",
                Side::Right => b"\"right\"",
                Side::Bottom => b"\"bottom\"",
            });
            Ok(())
        })?;
        buf.extend_from_slice(b",\"dots\":");
        json_list(buf, self.dots.iter().copied(), json_f64)?;
        buf.extend_from_slice(b",\"number\":");
        match self.number {
            Some(n) => json_u32(buf, n)?,
            None => buf.extend_from_slice(b"null"),
        }
        if let Some(label) = &self.label {
            buf.extend_from_slice(b",\"label\":");
            serde_json::to_writer(&mut *buf, label).map_err(std::io::Error::other)?;
        }
        buf.push(b'}');
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Generator;
    use crate::Seed;
    use crate::universe::{Params, Universe};

    #[test]
    fn chunked_json_is_what_serde_json_writes() {
        // The original's placing expansions, then boardwright's, each with
        // every node set.
        use crate::universe::expansions::{EXPEDITIONS, RESOURCES, SHARP_SCISSORS, TINY_NODES, names};
        let ours = [EXPEDITIONS, RESOURCES, TINY_NODES];
        for skip in [&ours[..], &[SHARP_SCISSORS, "extreme_expeditions"][..]] {
            let all = Params {
                expansions: names().into_iter().filter(|n| !skip.contains(n)).map(str::to_string).collect(),
                ..Params::default()
            };
            let expanded = Universe::generate(&all, &Seed::new("json")).unwrap();
            assert!(!expanded.areas.is_empty() && !expanded.tiny_nodes.is_empty());
            let mut written = Vec::new();
            write_json(&expanded, &mut written).unwrap();
            assert_eq!(written, serde_json::to_vec(&expanded).unwrap());
        }
        let mut board = Universe::generate(&Params::default(), &Seed::new("json")).unwrap();
        let mut ours = Vec::new();
        write_json(&board, &mut ours).unwrap();
        assert_eq!(ours, serde_json::to_vec(&board).unwrap());
        board.remedy = crate::universe::play::Remedy::SecondStart { seats: vec![4, 3] };
        let mut ours = Vec::new();
        write_json(&board, &mut ours).unwrap();
        assert_eq!(ours, serde_json::to_vec(&board).unwrap());
        for chunk in [1, 2, 5, 7, 1000] {
            for items in [
                &board.nodes[..0],
                &board.nodes[..1],
                &board.nodes[..],
                &board.nodes[..(16 * chunk + 3).min(board.nodes.len())],
            ] {
                let mut ours = Vec::new();
                json_array(items, chunk, &mut ours).unwrap();
                assert_eq!(ours, serde_json::to_vec(items).unwrap(), "chunk {chunk}, {} items", items.len());
            }
        }
    }
}
