//! Printed pages measured in millimetres, read back from the SVG the
//! renderer writes for the library's drawing: what a player would measure
//! with a ruler on the printed sheet.

use boardwright::Generator;
use boardwright::hexet::Hexet;
use boardwright::starship::Starship;
use boardwright::universe::Universe;
use boardwright::witches::Witches;
use boardwright::{DrawOptions, Paper, Seed};

use crate::{dist, segment_distance};

mod hexet;
mod rules_card;
mod sheets;
mod starship;
mod tiled;
mod universe;
mod witches;

/// The default drawing options on `paper`.
fn on_paper(paper: Paper) -> DrawOptions {
    DrawOptions {
        paper,
        ..DrawOptions::default()
    }
}

/// The papers every rule is measured on.
const PAPERS: [Paper; 3] = [Paper::A4, Paper::Letter, Paper::A3];

/// The paper's edge no drawing comes nearer than, millimetres.
const MARGIN: f64 = 8.0;
/// Rounding of the SVG's numbers (three decimals).
const EPS: f64 = 0.002;

/// One SVG element: its name and attributes, and the classes of the groups
/// it stands in.
#[derive(Debug)]
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    text: String,
    /// Index of the `node` group it stands in, if any.
    node: Option<usize>,
}

impl Element {
    fn get(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn num(&self, name: &str) -> f64 {
        self.get(name)
            .unwrap_or_else(|| panic!("{} has no {name}", self.name))
            .parse()
            .unwrap_or_else(|_| panic!("{}'s {name} is not a number", self.name))
    }

    fn class(&self) -> &str {
        self.get("class").unwrap_or("")
    }

    /// Half the stroke width (nothing when there is no stroke).
    fn half_stroke(&self) -> f64 {
        if self.get("stroke").is_some() {
            self.num("stroke-width") / 2.0
        } else {
            0.0
        }
    }

    /// The bounding box of what it paints, `[x0, y0, x1, y1]` (text: its
    /// letters' advances in the font, from a little above the tallest
    /// capital to below the baseline).
    fn bounds(&self) -> Option<[f64; 4]> {
        let h = self.half_stroke();
        Some(match self.name.as_str() {
            "circle" => {
                let (x, y, r) = (self.num("cx"), self.num("cy"), self.num("r") + h);
                [x - r, y - r, x + r, y + r]
            }
            "rect" | "image" => {
                let (x, y) = (self.num("x"), self.num("y"));
                [x - h, y - h, x + self.num("width") + h, y + self.num("height") + h]
            }
            "line" => {
                // Butt caps: the stroke reaches sideways, not past the ends.
                let (x1, y1, x2, y2) = (self.num("x1"), self.num("y1"), self.num("x2"), self.num("y2"));
                let len = dist((x1, y1), (x2, y2)).max(1e-12);
                let (nx, ny) = (-(y2 - y1) / len * h, (x2 - x1) / len * h);
                let (nx, ny) = (nx.abs(), ny.abs());
                [x1.min(x2) - nx, y1.min(y2) - ny, x1.max(x2) + nx, y1.max(y2) + ny]
            }
            "polygon" => {
                let pts = self.points();
                let xs = pts.iter().map(|p| p.0);
                let ys = pts.iter().map(|p| p.1);
                [
                    xs.clone().fold(f64::INFINITY, f64::min) - h,
                    ys.clone().fold(f64::INFINITY, f64::min) - h,
                    xs.fold(f64::NEG_INFINITY, f64::max) + h,
                    ys.fold(f64::NEG_INFINITY, f64::max) + h,
                ]
            }
            "text" => {
                let (x, y, size) = (self.num("x"), self.num("y"), self.num("font-size"));
                let w = text_width(&self.text) * size;
                let x0 = match self.get("text-anchor") {
                    Some("middle") => x - w / 2.0,
                    Some("end") => x - w,
                    _ => x,
                };
                [x0, y - size * 0.8, x0 + w, y + size * 0.25]
            }
            _ => return None,
        })
    }

    fn points(&self) -> Vec<(f64, f64)> {
        self.get("points")
            .unwrap_or("")
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').expect("x,y");
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }
}

/// A page's elements, in order; the page's white background first.
fn elements(svg: &str) -> (f64, f64, Vec<Element>) {
    let mut out = Vec::new();
    let (mut width, mut height) = (0.0, 0.0);
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut nodes = 0;
    for line in svg.lines() {
        let line = line.trim();
        if line.starts_with("</g") {
            stack.pop();
            continue;
        }
        let Some(rest) = line.strip_prefix('<') else { continue };
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let mut attrs = Vec::new();
        let mut s = &rest[name.len()..];
        while let Some(eq) = s.find("=\"") {
            let key = s[..eq].trim().to_string();
            let after = &s[eq + 2..];
            let end = after.find('"').expect("closing quote");
            attrs.push((key, after[..end].to_string()));
            s = &after[end + 1..];
            if s.starts_with('>') || s.starts_with("/>") {
                break;
            }
        }
        // The words as printed, the SVG's escapes undone.
        let text = line
            .find('>')
            .and_then(|i| line[i + 1..].strip_suffix(&format!("</{name}>")))
            .unwrap_or("")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        let e = Element {
            name: name.clone(),
            attrs,
            text,
            node: stack.last().copied().flatten(),
        };
        // The page's own size; a nested `<svg>` is a window onto a drawing.
        if name == "svg" && width == 0.0 {
            width = e.get("viewBox").unwrap().split(' ').nth(2).unwrap().parse().unwrap();
            height = e.get("viewBox").unwrap().split(' ').nth(3).unwrap().parse().unwrap();
        }
        if name == "g" {
            let node = if e.class() == "node" {
                nodes += 1;
                Some(nodes - 1)
            } else {
                stack.last().copied().flatten()
            };
            stack.push(node);
        }
        out.push(e);
    }
    (width, height, out)
}

/// The width of `text` in em as printed: the advance widths of its letters
/// in the font the renderer embeds (`render::FONT`, DejaVu Sans), read from
/// the font itself (kerning aside: a small fraction of a letter), so that the
/// library's own estimate is measured against the font, not against itself.
/// A letter the font lacks is drawn as its missing-glyph box.
fn text_width(text: &str) -> f64 {
    static FACE: std::sync::OnceLock<ttf_parser::Face<'static>> = std::sync::OnceLock::new();
    let face = FACE.get_or_init(|| ttf_parser::Face::parse(render::FONT, 0).expect("the embedded font parses"));
    let advances: u32 = text
        .chars()
        .map(|c| {
            let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            u32::from(face.glyph_hor_advance(glyph).expect("every glyph has an advance"))
        })
        .sum();
    f64::from(advances) / f64::from(face.units_per_em())
}

/// Everything but the page's background stays `MARGIN` from the paper's edge.
fn inside_margin(width: f64, height: f64, elements: &[Element]) -> Result<(), String> {
    let background = elements.iter().position(|e| e.name == "rect").expect("background");
    for (i, e) in elements.iter().enumerate() {
        if i == background {
            continue;
        }
        if let Some([x0, y0, x1, y1]) = e.bounds()
            && (x0 < MARGIN - EPS || y0 < MARGIN - EPS || x1 > width - MARGIN + EPS || y1 > height - MARGIN + EPS)
        {
            return Err(format!(
                "{} {:?} reaches [{x0:.2}, {y0:.2}, {x1:.2}, {y1:.2}] on a {width} x {height} page",
                e.name, e.attrs
            ));
        }
    }
    Ok(())
}

/// The words of every text element of a drawing's pages, in order.
fn page_words(doc: &scene::Document) -> Vec<Vec<String>> {
    doc.pages
        .iter()
        .map(|page| {
            let (_, _, elements) = elements(&render::svg::page(page, &doc.title));
            elements.iter().filter(|e| e.name == "text").map(|e| e.text.clone()).collect()
        })
        .collect()
}

/// The `key=value` settings a page's caption names, found among its words
/// (pieces between ` · ` or on lines of their own).
fn settings_on(words: &[String]) -> Vec<String> {
    words
        .iter()
        .flat_map(|line| line.split(" \u{b7} "))
        .filter(|piece| {
            piece
                .split_once('=')
                .is_some_and(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        })
        .map(str::to_string)
        .collect()
}

/// The parameters a page's caption gives, read back the way `--set` reads
/// them, over the layer of `extra` (what the page shows in other words).
fn params_from<P: boardwright::params::Params>(words: &[String], extra: &[(&str, toml::Value)]) -> P {
    let mut layers = boardwright::params::Layers::default();
    layers.table(extra.iter().map(|(key, value)| (key.to_string(), value.clone())).collect());
    for setting in settings_on(words) {
        let (key, value) = setting.split_once('=').unwrap();
        layers.set(key, value);
    }
    layers.resolve().unwrap_or_else(|e| panic!("{words:?}: {e}"))
}

/// The parameters of `preset` with `set` over them, resolved as the command
/// line does.
fn resolved<P: boardwright::params::Params>(preset: Option<&str>, set: &[(&str, &str)]) -> P {
    let mut layers = boardwright::params::Layers::default();
    if let Some(name) = preset {
        layers.preset::<P>(name).unwrap();
    }
    for (key, value) in set {
        layers.set(key, value);
    }
    layers.resolve().unwrap()
}

/// A board made with other settings than the defaults names them on paper,
/// `key=value` as `--set` reads them, and those words alone make the same
/// parameters again; a preset shows as the settings it changes.
#[test]
fn captions_name_every_setting_that_is_not_the_default() {
    let options = DrawOptions::default();
    let seed = Seed::new("Tiamo");

    let p: boardwright::universe::Params = resolved(None, &[("iterations", "5"), ("clearance", "0.3")]);
    let words = &page_words(&Universe::draw(&Universe::generate(&p, &seed).unwrap(), options.clone()))[0];
    assert_eq!(settings_on(words), ["iterations=5", "clearance=0.3"]);
    let again: boardwright::universe::Params = params_from(words, &[("players", p.players.into())]);
    assert_eq!(toml::to_string(&again).unwrap(), toml::to_string(&p).unwrap());

    let p: boardwright::universe::Params = resolved(Some("classic"), &[]);
    let words = &page_words(&Universe::draw(&Universe::generate(&p, &seed).unwrap(), options.clone()))[0];
    assert_eq!(
        settings_on(words),
        [
            "planar=false",
            "fair_missions=false",
            "fair_center=false",
            "fair_scaling=false",
            "original_edges=true",
            "start_layouts=1"
        ]
    );
    let again: boardwright::universe::Params = params_from(words, &[]);
    assert_eq!(toml::to_string(&again).unwrap(), toml::to_string(&p).unwrap());

    let p: boardwright::witches::Params = resolved(Some("hardest"), &[("players", "3")]);
    let pages = page_words(&Witches::draw(&Witches::generate(&p, &seed).unwrap(), options.clone()));
    for words in &pages {
        assert_eq!(
            settings_on(words),
            ["recipe_length=6", "ingredients=10", "special_cells=6", "difficulty=3"]
        );
        assert!(words.iter().any(|w| w.contains("3 players")), "{words:?}");
        let again: boardwright::witches::Params = params_from(words, &[("players", 3.into())]);
        assert_eq!(toml::to_string(&again).unwrap(), toml::to_string(&p).unwrap());
    }

    let p: boardwright::hexet::Params = resolved(None, &[("width", "30"), ("height", "20"), ("lake_share", "0.1")]);
    let words = &page_words(&Hexet::draw(&Hexet::generate(&p, &seed).unwrap(), options.clone()))[0];
    assert_eq!(settings_on(words), ["width=30", "height=20", "lake_share=0.1"]);
    let again: boardwright::hexet::Params = params_from(words, &[]);
    assert_eq!(toml::to_string(&again).unwrap(), toml::to_string(&p).unwrap());

    let p: boardwright::starship::Params = resolved(None, &[("width", "24"), ("height", "30"), ("max_detour", "3")]);
    let words = &page_words(&Starship::draw(&Starship::generate(&p, &seed).unwrap(), options.clone()))[0];
    assert_eq!(settings_on(words), ["width=24", "height=30", "max_detour=3"]);
    let again: boardwright::starship::Params = params_from(words, &[]);
    assert_eq!(toml::to_string(&again).unwrap(), toml::to_string(&p).unwrap());

    // Tables and lists are too long for paper: named, not printed.
    let mut p = boardwright::universe::Params::default();
    p.node_types[0].prob += 1.0;
    let words = &page_words(&Universe::draw(&Universe::generate(&p, &seed).unwrap(), options.clone()))[0];
    assert!(
        words.iter().any(|w| w.contains(" \u{b7} node_types: custom, see the JSON \u{b7} ")),
        "{words:?}"
    );
    assert!(!words.iter().any(|w| w.contains("missions")), "{words:?}");
    let mut p = boardwright::starship::Params::default();
    p.pipeline.pop();
    let words = &page_words(&Starship::draw(&Starship::generate(&p, &seed).unwrap(), options))[0];
    assert!(
        words
            .iter()
            .flat_map(|w| w.split(" \u{b7} "))
            .any(|w| w == "pipeline: custom, see the JSON"),
        "{words:?}"
    );
}

/// The default board's caption reads the same for every generator, one
/// running line under the board (or the same words broken to the width of
/// a legend's column): nothing added.
#[test]
fn default_captions_read_alike() {
    let seed = Seed::new("Tiamo");
    for paper in PAPERS {
        let options = on_paper(paper);
        let name = paper.name();
        let line = |title: &str, extent: &str| {
            format!("{title} \u{b7} seed \"Tiamo\" \u{b7} {extent} \u{b7} {name} paper \u{b7} made with boardwright")
        };
        let words = &page_words(&Universe::draw(
            &Universe::generate(&boardwright::universe::Params::default(), &seed).unwrap(),
            options.clone(),
        ))[0];
        assert_eq!(words.last(), Some(&line("Unstable Universe board", "4 players")));
        let pages = page_words(&Witches::draw(
            &Witches::generate(&boardwright::witches::Params::default(), &seed).unwrap(),
            options.clone(),
        ));
        for (words, side) in pages.iter().zip(["front", "back"]) {
            assert_eq!(
                words[words.len() - 2],
                line(&format!("Wondering Witches board, {side}"), "4 players")
            );
        }
        // The caption's lines among the page's words, joined at their
        // breaks (each between two pieces).
        let shows = |words: &[String], caption: String| {
            let found = (1..=4).any(|k| words.windows(k).any(|lines| lines.join(" \u{b7} ") == caption));
            assert!(found, "{name}: {words:?} has no caption {caption:?}");
        };
        let map = Hexet::generate(&boardwright::hexet::Params::default(), &seed).unwrap();
        shows(&page_words(&Hexet::draw(&map, options.clone()))[0], line("Hexet map", "2 players"));
        let ship = Starship::generate(&boardwright::starship::Params::default(), &seed).unwrap();
        shows(&page_words(&Starship::draw(&ship, options))[0], line("Starship", "40 x 40 tiles"));
    }
}

/// The seed as the caption prints it: on one line `seed "…"`, or broken over
/// lines that say to join them with nothing between.
fn seed_on(words: &[String]) -> Option<String> {
    // The note, on a line of its own where the line is too narrow for it
    // and a letter, then the seed from its opening quote to its closing one.
    let note = "seed (join its lines with no space)";
    if let Some(start) = words.iter().position(|w| w.contains(note)) {
        let joined = words[start..].concat();
        let after = &joined[joined.find(note)? + note.len()..];
        let seed = after.strip_prefix(' ').unwrap_or(after).strip_prefix('"')?;
        return Some(seed[..seed.find('"')?].to_string());
    }
    let line = words.iter().find_map(|w| w.split_once("seed \"").map(|(_, rest)| rest))?;
    Some(line[..line.find('"')?].to_string())
}

/// At least the width DejaVu Sans gives `text`, in em: its advance widths,
/// a full em for letters outside ASCII. Stricter than [`text_width`] (which
/// the legends' rows are measured by) for the widest letters, which a seed may
/// be made of.
fn font_width(text: &str) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '\'' | '|' | '.' | ',' | ':' | ';' | ' ' => 0.34,
            '!' => 0.4,
            'W' | '@' | '%' => 1.0,
            'm' => 0.98,
            'M' => 0.87,
            'w' | '#' | '+' | '=' | '~' | '<' | '>' => 0.84,
            '&' => 0.78,
            c if c.is_ascii_uppercase() => 0.79,
            c if c.is_ascii() => 0.64,
            _ => 1.0,
        })
        .sum()
}

/// A 140-letter seed, with spaces or without, keeps every word of every
/// generator's pages inside the 8 mm margin on every paper, and the whole
/// seed can still be read off the page.
#[test]
fn long_seeds_stay_inside_the_margin() {
    let words = "The quick brown fox jumps over the lazy dog, twelve wizards hum; ".repeat(3);
    let seeds = [words[..140].to_string(), "MW@".repeat(47)[..140].to_string()];
    for seed_text in &seeds {
        assert_eq!(seed_text.chars().count(), 140);
        let seed = Seed::new(seed_text);
        let universe = Universe::generate(&boardwright::universe::Params::default(), &seed).unwrap();
        let witches = Witches::generate(&boardwright::witches::Params::default(), &seed).unwrap();
        let hexet = Hexet::generate(&boardwright::hexet::Params::default(), &seed).unwrap();
        let ship = Starship::generate(&boardwright::starship::Params::default(), &seed).unwrap();
        for paper in Paper::ALL {
            let options = on_paper(paper);
            let docs = [
                Universe::draw(&universe, options.clone()),
                Witches::draw(&witches, options.clone()),
                Hexet::draw(&hexet, options.clone()),
                Starship::draw(&ship, options),
            ];
            for doc in &docs {
                for (page, words) in doc.pages.iter().zip(page_words(doc)) {
                    let (width, height, elements) = elements(&render::svg::page(page, &doc.title));
                    inside_margin(width, height, &elements).unwrap_or_else(|e| panic!("{paper:?} {}: {e}", doc.title));
                    // The caption's lines, measured by the font's own widths.
                    for e in elements.iter().filter(|e| e.name == "text" && e.num("font-size") == 2.2) {
                        let right = e.num("x") + font_width(&e.text) * 2.2;
                        assert!(
                            e.get("text-anchor") == Some("start") && right <= width - MARGIN + EPS,
                            "{paper:?} {}: {:?} reaches {right:.2} on a {width} mm page",
                            doc.title,
                            e.text
                        );
                    }
                    assert_eq!(
                        seed_on(&words).as_deref(),
                        Some(seed_text.as_str()),
                        "{paper:?} {}: {words:?}",
                        doc.title
                    );
                }
            }
        }
    }
}

/// Ink-friendly pages use no colour: every fill and stroke of every
/// generator's page is a grey (white and black included), on boards with
/// lakes, rivers, gardens and special cells. They lose no words: every
/// text outside the caption is the colour page's.
#[test]
fn ink_friendly_pages_have_no_colour_and_lose_no_words() {
    let seed = Seed::new("ink");
    let witches_params = boardwright::witches::Params {
        special_cells: 6,
        ..boardwright::witches::Params::default()
    };
    let draw = |ink_friendly: bool| {
        let options = DrawOptions {
            ink_friendly,
            ..DrawOptions::default()
        };
        [
            Universe::draw(
                &Universe::generate(&boardwright::universe::Params::default(), &seed).unwrap(),
                options.clone(),
            ),
            Witches::draw(&Witches::generate(&witches_params, &seed).unwrap(), options.clone()),
            Starship::draw(
                &Starship::generate(&boardwright::starship::Params::default(), &seed).unwrap(),
                options.clone(),
            ),
            Hexet::draw(
                &Hexet::generate(&boardwright::hexet::Params::default(), &seed).unwrap(),
                options.clone(),
            ),
        ]
    };
    let words = |doc: &scene::Document| {
        let mut words: Vec<String> = Vec::new();
        for page in &doc.pages {
            let (_, _, elements) = elements(&render::svg::page(page, &doc.title));
            words.extend(
                elements
                    .into_iter()
                    .filter(|e| e.name == "text" && e.class() != "caption")
                    .map(|e| e.text),
            );
        }
        words.sort();
        words
    };
    let docs = draw(true);
    for (ink, colour) in docs.iter().zip(&draw(false)) {
        let (ink_words, colour_words) = (words(ink), words(colour));
        let lost: Vec<&String> = colour_words.iter().filter(|w| !ink_words.contains(w)).collect();
        assert!(lost.is_empty(), "{}: ink-friendly loses {lost:?}", ink.title);
        assert_eq!(ink_words.len(), colour_words.len(), "{}", ink.title);
    }
    for doc in &docs {
        for page in &doc.pages {
            let svg = render::svg::page(page, &doc.title);
            let mut greys = 0;
            for at in svg.match_indices('#').map(|(i, _)| i) {
                let hex = &svg[at + 1..(at + 7).min(svg.len())];
                let Ok(rgb) = u32::from_str_radix(hex, 16) else { continue };
                let (r, g, b) = (rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff);
                assert!(r == g && g == b, "{}: colour #{hex}", doc.title);
                greys += 1;
            }
            assert!(greys > 0, "{}: no colours read", doc.title);
        }
    }
}

/// The smallest words a player reads on `doc` and the smallest caption line,
/// font sizes in millimetres.
fn smallest_text(doc: &scene::Document) -> (f64, f64) {
    let (mut words, mut caption) = (f64::INFINITY, f64::INFINITY);
    for page in &doc.pages {
        let (_, _, elements) = elements(&render::svg::page(page, &doc.title));
        for e in elements.iter().filter(|e| e.name == "text") {
            let size = e.num("font-size");
            if e.class() == "caption" {
                caption = caption.min(size);
            } else {
                words = words.min(size);
            }
        }
    }
    (words, caption)
}

/// Every word a player reads is at least 2 mm tall, every caption line at
/// least 1.5 mm: on every generator's pages, at every player count, on every
/// paper the rules hold on, in colour and ink-friendly.
#[test]
fn words_are_large_enough_to_read() {
    let mut failures = Vec::new();
    let mut check = |what: String, doc: scene::Document| {
        let (words, caption) = smallest_text(&doc);
        if words < 2.0 - EPS || caption < 1.5 - EPS {
            failures.push(format!("{what}: words {words} mm, caption {caption} mm"));
        }
    };
    for paper in PAPERS {
        for ink_friendly in [false, true] {
            let options = DrawOptions {
                ink_friendly,
                ..on_paper(paper)
            };
            let on = format!("{paper:?}{}", if ink_friendly { ", ink-friendly" } else { "" });
            for k in 0..2 {
                let seed = Seed::new(&format!("words-{k}"));
                for players in 2..=9 {
                    let params = boardwright::universe::Params {
                        players,
                        ..Default::default()
                    };
                    let board = Universe::generate(&params, &seed).unwrap();
                    check(
                        format!("universe, {players} players, seed words-{k}, {on}"),
                        Universe::draw(&board, options.clone()),
                    );
                }
                for players in 1..=5 {
                    let params = boardwright::witches::Params {
                        players,
                        ..Default::default()
                    };
                    let board = Witches::generate(&params, &seed).unwrap();
                    check(
                        format!("witches, {players} players, seed words-{k}, {on}"),
                        Witches::draw(&board, options.clone()),
                    );
                }
                let ship = Starship::generate(&boardwright::starship::Params::default(), &seed).unwrap();
                check(format!("starship, seed words-{k}, {on}"), Starship::draw(&ship, options.clone()));
                let map = Hexet::generate(&boardwright::hexet::Params::default(), &seed).unwrap();
                check(format!("hexet, seed words-{k}, {on}"), Hexet::draw(&map, options.clone()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} pages with small words:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
