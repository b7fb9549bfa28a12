//! The HTTP API described as OpenAPI 3.1 (`GET /api/openapi.json`), made
//! from what the routes themselves read: the registry's generators, each
//! generator's parameter table (names, docs, ranges, the server's caps),
//! its presets and its log option; the JSON answers' schemas, from the
//! types that write them (`boardwright::schema`). A test holds it to the
//! router: the same paths, and every documented method and parameter
//! answered.

use boardwright::params::{Allowed, Params};
use boardwright::witches::puzzle;
use boardwright::{GENERATORS, Paper, Registered, Tile, Visit, schema, with_generator};
use serde_json::{Map, Value, json};

use crate::api::Steps;
use crate::generators::served_max;
use crate::puzzle::{Clue, PotionRequest};
use crate::request::MAX_EVERY;
use crate::roads::{LogRequest, Roads};

/// The body of `GET /api/generators`: every generator described.
fn generators_schema() -> Value {
    let strings = json!({ "type": "array", "items": { "type": "string" } });
    let object = |required: &[&str], properties: Value| json!({ "type": "object", "required": required, "properties": properties });
    let text = json!({ "type": "string" });
    let number = json!({ "type": "number" });
    let allowed = json!({
        "type": "object",
        "required": ["kind", "text"],
        "properties": {
            "kind": { "type": "string", "enum": ["int", "float", "one_of", "bool", "data"] },
            "min": number, "max": number,
            "values": { "type": "array", "items": { "type": "integer" } },
            "text": { "type": "string", "description": "What is allowed, in words." }
        }
    });
    let param = json!({
        "type": "object",
        "required": ["name", "doc", "allowed", "default"],
        "properties": {
            "name": text, "doc": text, "allowed": allowed,
            "default": { "description": "The default, as JSON; null where none is set." },
            "fields": { "type": "array", "description": "A list of tables' fields, by table kind (starship's stages).", "items": { "type": "object" } }
        }
    });
    let generator = object(
        &[
            "name",
            "about",
            "steps",
            "rules_card",
            "params",
            "presets",
            "fairness",
            "metrics",
            "drawing",
        ],
        json!({
            "name": text,
            "about": text,
            "steps": strings,
            "rules_card": { "type": "boolean" },
            "params": { "type": "array", "items": param },
            "presets": { "type": "array", "items": object(&["name", "about", "sets"], json!({ "name": text, "about": text, "sets": strings })) },
            "fairness": { "type": "array", "items": object(&["figure", "check", "metric"], json!({ "figure": text, "check": text, "metric": text })) },
            "metrics": { "type": "array", "items": object(&["name", "label", "unit", "meaning"], json!({ "name": text, "label": text, "unit": text, "meaning": text })) },
            "drawing": object(&["keys", "papers", "tile_max", "dpi"], json!({
                "keys": strings,
                "papers": { "type": "array", "items": object(&["name", "label"], json!({ "name": text, "label": text })) },
                "tile_max": { "type": "integer" },
                "dpi": object(&["min", "max", "default"], json!({ "min": number, "max": number, "default": number }))
            })),
            "player_colours": strings,
            "size": { "type": "string", "description": "The size parameter fit.json searches, when the generator has one." }
        }),
    );
    json!({ "title": "Generators", "description": "Every generator with its parameters, presets, fairness targets and metrics.", "type": "array", "items": generator })
}

/// The error body every refusal carries.
fn error_schema() -> Value {
    json!({
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": { "type": "string", "description": "What was wrong and what is allowed, in plain words." },
            "parameter": { "type": "string", "description": "The parameter at fault, when one is." },
            "why": { "type": "string", "description": "Of a board not made (over the server's cap) or not drawn (too large, or a mark too small on the paper asked for): why, in words that name no command." },
            "prints_on": {
                "type": "array",
                "description": "Of a board not drawn: the papers and sheets on which it is, the nearest choice first; empty when none is (JSON only).",
                "items": { "type": "object", "required": ["paper", "tile"], "properties": { "paper": { "type": "string" }, "tile": { "type": "string" } } }
            }
        },
        "additionalProperties": false
    })
}

/// A generator's JSON answers' schemas, by name: its result (`universe`)
/// and its steps (`universe.steps`).
struct Answers;

impl Visit for Answers {
    type Output = Vec<(String, schemars::Schema)>;

    fn visit<G: Registered>(self) -> Self::Output {
        vec![
            (G::NAME.to_string(), schema::result::<G>()),
            (format!("{}.steps", G::NAME), schema::written::<Steps<'_, G::Snapshot>>()),
        ]
    }
}

/// The document's schemas: the error body, each generator's answers and
/// the witches recipe's request and answers. The parts of a schema go
/// beside it, named after their generator (`universe.Node`).
fn schemas() -> Map<String, Value> {
    let mut schemas = Map::new();
    schemas.insert("Error".into(), error_schema());
    schemas.insert("Generators".into(), generators_schema());
    add(&mut schemas, "fit", "fit", schema::written::<crate::fit::Fit>());
    for name in GENERATORS {
        for (key, schema) in with_generator(name, Answers).unwrap_or_default() {
            add(&mut schemas, name, &key, schema);
        }
    }
    add(&mut schemas, "witches", "witches.potion", schema::read::<PotionRequest>());
    add(&mut schemas, "witches", "witches.feedback", schema::written::<puzzle::Feedback>());
    add(&mut schemas, "witches", "witches.clue", schema::written::<Clue<'_>>());
    add(&mut schemas, "witches", "witches.reveal", schema::written::<puzzle::Reveal<'_>>());
    add(&mut schemas, "hexet.log", "hexet.log", schema::read::<LogRequest>());
    add(&mut schemas, "hexet", "hexet.roads", schema::written::<Roads>());
    add(
        &mut schemas,
        "universe.play",
        "universe.play",
        schema::written::<crate::play::Played<'_>>(),
    );
    tagged_unions(&mut schemas);
    schemas
}

/// Gives each `oneOf` of objects told apart by a constant property (the
/// starship's stages, by `stage`) a discriminator: each choice becomes a
/// schema of its own (`starship.Stage.shape`) and the mapping names it by
/// the property's value, so that a client generator knows which type to
/// read.
fn tagged_unions(schemas: &mut Map<String, Value>) {
    let mut made = Vec::new();
    for (name, schema) in schemas.iter_mut() {
        let Some(choices) = schema.get("oneOf").and_then(Value::as_array) else {
            continue;
        };
        let tag_of = |choice: &Value, property: &str| {
            let required = choice.get("required")?.as_array()?.iter().any(|r| r == property);
            // A constant, written as an enum of one by `plain_enums`.
            let value = match choice.get("properties")?.get(property)?.get("enum")?.as_array()?.as_slice() {
                [one] => one.as_str()?,
                _ => return None,
            };
            required.then(|| value.to_string())
        };
        let Some(property) = choices
            .first()
            .and_then(|c| c.get("properties")?.as_object())
            .and_then(|p| p.keys().find(|key| choices.iter().all(|c| tag_of(c, key).is_some())).cloned())
        else {
            continue;
        };
        let mut mapping = Map::new();
        let mut refs = Vec::new();
        for choice in choices {
            let tag = tag_of(choice, &property).unwrap_or_default();
            let part = format!("{name}.{tag}");
            let target = format!("#/components/schemas/{part}");
            mapping.insert(tag, target.clone().into());
            refs.push(json!({ "$ref": target }));
            made.push((part, choice.clone()));
        }
        schema["oneOf"] = refs.into();
        schema["discriminator"] = json!({ "propertyName": property, "mapping": mapping });
    }
    schemas.extend(made);
}

/// Adds `schema` as `key`, its parts (`$defs`) as `prefix.Part`, every
/// reference rewritten to where they now are.
fn add(schemas: &mut Map<String, Value>, prefix: &str, key: &str, schema: schemars::Schema) {
    let mut root = schema.to_value();
    let parts = root.as_object_mut().and_then(|object| {
        object.remove("$schema");
        // Named as its component, for generators that name types by title.
        object.insert("title".into(), key.into());
        object.remove("$defs")
    });
    let mut entries = vec![(key.to_string(), root)];
    if let Some(Value::Object(parts)) = parts {
        entries.extend(parts.into_iter().map(|(name, part)| (format!("{prefix}.{name}"), part)));
    }
    for (name, mut part) in entries {
        rebase(&mut part, prefix);
        plain_enums(&mut part);
        // Two schemas of one generator name the same type the same way.
        assert!(schemas.get(&name).is_none_or(|old| *old == part), "two schemas named {name}");
        schemas.insert(name, part);
    }
}

/// Writes each `oneOf` of constants in `value` as a plain `enum` of them,
/// their descriptions joined into the schema's own, and each lone constant
/// as an enum of one: what client generators read as an enum (a `oneOf`
/// of `const`s, each value a schema of its own, they read as a union that
/// matches one value only).
fn plain_enums(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let constants: Option<Vec<(Value, Option<String>)>> = object.get("oneOf").and_then(Value::as_array).and_then(|choices| {
                choices
                    .iter()
                    .map(|c| {
                        Some((
                            c.get("const")?.clone(),
                            c.get("description").and_then(Value::as_str).map(str::to_string),
                        ))
                    })
                    .collect()
            });
            if let Some(constants) = constants.filter(|c| c.iter().all(|(v, _)| v.is_string())) {
                object.remove("oneOf");
                let said: Vec<String> = constants
                    .iter()
                    .filter_map(|(v, d)| Some(format!("`{}`: {}", v.as_str()?, d.as_deref()?)))
                    .collect();
                if !said.is_empty() {
                    let own = object.get("description").and_then(Value::as_str).unwrap_or_default();
                    let joined = [own.to_string(), said.join(" ")]
                        .iter()
                        .filter(|s| !s.is_empty())
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" ");
                    object.insert("description".into(), joined.into());
                }
                object.insert("type".into(), "string".into());
                object.insert("enum".into(), constants.into_iter().map(|(v, _)| v).collect());
            }
            // A lone constant too (`"none"` beside a number): an enum of one.
            if let Some(value) = object.get("const").filter(|v| v.is_string()).cloned() {
                object.remove("const");
                object.insert("type".into(), "string".into());
                object.insert("enum".into(), vec![value].into());
            }
            object.values_mut().for_each(plain_enums);
        }
        Value::Array(items) => items.iter_mut().for_each(plain_enums),
        _ => {}
    }
}

/// Points the references to `#/$defs/Part` in `value` at `prefix.Part`.
fn rebase(value: &mut Value, prefix: &str) {
    match value {
        Value::Object(object) => {
            for (key, inner) in object.iter_mut() {
                match (key.as_str(), inner) {
                    ("$ref", Value::String(target)) => {
                        if let Some(part) = target.strip_prefix("#/$defs/") {
                            *target = format!("#/components/schemas/{prefix}.{part}");
                        }
                    }
                    (_, inner) => rebase(inner, prefix),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| rebase(item, prefix)),
        _ => {}
    }
}

/// A JSON answer of schema `name`.
/// The refusals any operation may answer, added where its own responses
/// do not say them: every address refuses a host it does not answer (421);
/// every API address refuses another site's page (403), a body over 1 MiB
/// (413) and says when it failed (500).
fn every_operation_refuses(paths: &mut Map<String, Value>) {
    for (path, item) in paths.iter_mut() {
        let api = path.starts_with("/api/");
        for operation in item.as_object_mut().into_iter().flat_map(|item| item.values_mut()) {
            let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) else {
                continue;
            };
            let mut add = |status: &str, words: &str| {
                responses.entry(status).or_insert_with(|| refusal(words));
            };
            add("421", "Addressed to a host this server does not answer.");
            if api {
                add("403", "Asked by another site's page.");
                add("413", "A request body over 1 MiB.");
                add("500", "The server failed; the message says where.");
            }
        }
    }
}

fn answer(description: &str, name: &str) -> Value {
    json!({ "description": description, "content": { "application/json": { "schema": { "$ref": format!("#/components/schemas/{name}") } } } })
}

/// A refusal with `status`, described.
fn refusal(description: &str) -> Value {
    answer(description, "Error")
}

/// A query parameter.
fn query(name: &str, description: &str, schema: Value) -> Value {
    json!({ "name": name, "in": "query", "required": false, "description": description, "schema": schema })
}

/// What a generator's parameter allows, as a schema (the server's cap as
/// the maximum where it makes smaller boards than the library allows).
fn allowed_schema<G: Registered>(name: &str, allowed: Allowed) -> Value {
    let mut schema = allowed.bounds();
    let kind = match allowed {
        Allowed::Int { .. } | Allowed::OneOf(_) => "integer",
        Allowed::Float { .. } => "number",
        Allowed::Bool => "boolean",
        Allowed::Data(_) => "string",
    };
    schema.insert("type".into(), kind.into());
    if let Allowed::Int { max, .. } = allowed
        && let Some(most) = served_max::<G>(name, allowed).filter(|&most| most < max)
    {
        schema.insert("maximum".into(), most.into());
    }
    if let Allowed::Data(what) = allowed {
        let description = format!("{what}, as a TOML inline value (an array of inline tables)");
        schema.insert("description".into(), description.into());
    }
    Value::Object(schema)
}

/// A generator's parameters as query parameters.
struct ParamQueries;

impl Visit for ParamQueries {
    type Output = Vec<Value>;

    fn visit<G: Registered>(self) -> Vec<Value> {
        <G::Params as Params>::INFO
            .iter()
            .map(|info| query(info.name, info.doc, allowed_schema::<G>(info.name, info.allowed)))
            .collect()
    }
}

/// The path items of one generator's files: an operation per kind of
/// file, each with its media type (JSON answers typed by their schema, the
/// drawings and the TOML as text or bytes), so that a client generator
/// decodes each as what it is.
struct FileRoutes;

impl Visit for FileRoutes {
    type Output = Vec<(String, Value)>;

    fn visit<G: Registered>(self) -> Vec<(String, Value)> {
        let mut parameters = vec![
            json!({ "name": "seed", "in": "query", "required": false, "description": "The seed: any text; the same seed and parameters give the same bytes. Every file but config.toml needs one.", "schema": { "type": "string" } }),
        ];
        let presets: Vec<&str> = <G::Params as Params>::PRESETS.iter().map(|(name, _)| *name).collect();
        if !presets.is_empty() {
            parameters.push(query(
                "preset",
                "A named parameter set, laid under the parameters given.",
                json!({ "type": "string", "enum": presets }),
            ));
        }
        parameters.extend([
            query(
                "paper",
                "The paper drawn for (default a4).",
                json!({ "type": "string", "enum": Paper::ALL.map(Paper::name) }),
            ),
            query("ink_friendly", "White fills and dark outlines only.", json!({ "type": "boolean" })),
            query(
                "tile",
                &format!(
                    "The sheets one board is printed over, COLSxROWS, each 1 to {} (default 1x1).",
                    Tile::MAX
                ),
                json!({ "type": "string", "pattern": format!("^[1-{0}]x[1-{0}]$", Tile::MAX) }),
            ),
            query(
                "dpi",
                "Pixels per inch of a PNG.",
                json!({ "type": "number", "minimum": *output::DPI_RANGE.start(), "maximum": *output::DPI_RANGE.end() }),
            ),
            query(
                "every",
                "For steps: a snapshot every this many repetitions.",
                json!({ "type": "integer", "minimum": 1, "maximum": MAX_EVERY }),
            ),
        ]);
        if G::RULES_CARD {
            parameters.push(query(
                "rules_card",
                "A rules card after the board's sheets: the game in short and what everything on this board does (PDF: more pages; SVG and PNG: below the board). Default false.",
                json!({ "type": "boolean" }),
            ));
        }
        if let Some(log) = G::LOG {
            parameters.push(query(
                log.option,
                &format!(
                    "The {} played on the board, as a code of letters (A–Z, a–z, 0–9, - and _).",
                    log.noun
                ),
                json!({ "type": "string", "pattern": "^[A-Za-z0-9_-]*$" }),
            ));
        }
        parameters.extend(ParamQueries.visit::<G>());
        // Every file but the JSON ones is bytes to a client: a drawing or a
        // TOML file to save or hand on as it is.
        let bytes = json!({ "type": "string", "format": "binary" });
        let typed = |name: String| json!({ "$ref": format!("#/components/schemas/{name}") });
        let files = [
            (
                "board.json",
                "board_json",
                "The board: the JSON contract.",
                "application/json",
                typed(G::NAME.to_string()),
            ),
            ("board.svg", "board_svg", "The board drawn, SVG.", "image/svg+xml", bytes.clone()),
            ("board.png", "board_png", "The board drawn, PNG.", "image/png", bytes.clone()),
            (
                "board.pdf",
                "board_pdf",
                "The board drawn, PDF: its sheets, and with rules_card the rules card.",
                "application/pdf",
                bytes.clone(),
            ),
            (
                "config.toml",
                "config_toml",
                "The parameters resolved, as TOML a config file holds.",
                "application/toml",
                bytes.clone(),
            ),
            (
                "fit.json",
                "fit_json",
                "How large this seed's board prints on the paper and sheets asked for, and how large this server makes it.",
                "application/json",
                typed("fit".to_string()),
            ),
            (
                "steps",
                "steps",
                "The generation step by step, with snapshots.",
                "application/json",
                typed(format!("{}.steps", G::NAME)),
            ),
            (
                "snapshot-{k}.svg",
                "snapshot_svg",
                "Snapshot k (from 0) of steps, drawn as SVG.",
                "image/svg+xml",
                bytes,
            ),
        ];
        files
            .into_iter()
            .map(|(file, id, what, media, schema)| {
                let mut parameters = parameters.clone();
                if file.starts_with("snapshot") {
                    parameters.insert(0, json!({ "name": "k", "in": "path", "required": true, "description": "The snapshot, from 0.", "schema": { "type": "integer", "minimum": 0 } }));
                }
                let item = json!({
                    "get": {
                        "summary": format!("{what} ({})", G::NAME),
                        "description": format!("{} The answer is a pure function of the address: it carries an ETag and Cache-Control, and If-None-Match gives 304.", G::ABOUT),
                        "operationId": format!("{}_{id}", G::NAME),
                        "parameters": parameters,
                        "responses": {
                            "200": { "description": what, "headers": { "ETag": { "schema": { "type": "string" } } }, "content": { media: { "schema": schema } } },
                            "304": { "description": "Not modified: the If-None-Match tag is the answer's." },
                            "400": refusal("A parameter is unknown or not allowed."),
                            "403": refusal("Asked by another site's page."),
                            "404": refusal("No such file."),
                            "405": refusal("Only GET is answered here."),
                            "413": refusal("A request body over 1 MiB."),
                            "421": refusal("Addressed to a host this server does not answer."),
                            "422": refusal("The board is larger than this server makes or draws (a PNG over its pixels names the dpi that fits), or cannot be made from these parameters."),
                            "500": refusal("The server failed; the message says where."),
                            "503": refusal("The server is busy (Retry-After says when to ask again), or the work passed the server's time limit and was stopped.")
                        }
                    }
                });
                (format!("/api/{}/{file}", G::NAME), item)
            })
            .collect()
    }
}

/// The whole document.
pub(crate) fn document() -> Value {
    let mut paths = Map::new();
    paths.insert(
        "/api/generators".into(),
        json!({ "get": {
            "summary": "Every generator with its parameters, presets, fairness targets and metrics",
            "operationId": "generators",
            "responses": { "200": answer("The listing.", "Generators") }
        } }),
    );
    paths.insert(
        "/api/openapi.json".into(),
        json!({ "get": {
            "summary": "This document",
            "operationId": "openapi",
            "responses": { "200": { "description": "OpenAPI 3.1.", "content": { "application/json": {} } } }
        } }),
    );
    for name in boardwright::GENERATORS {
        paths.extend(boardwright::with_generator(name, FileRoutes).unwrap_or_default());
    }
    // The witches recipe: brewed, hinted, revealed; made again from the seed on each request.
    let recipe_query = || {
        let mut parameters = vec![
            json!({ "name": "seed", "in": "query", "required": true, "description": "The board's seed.", "schema": { "type": "string" } }),
        ];
        parameters.extend(boardwright::with_generator("witches", ParamQueries).unwrap_or_default());
        parameters
    };
    paths.insert(
        "/api/witches/potion".into(),
        json!({ "post": {
            "summary": "Brew a potion on a witches board's secret recipe",
            "description": "The same potion on the same board always gets the same answer; the feedback's order is shuffled so that it gives nothing away.",
            "operationId": "witches_potion",
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/witches.potion" } } } },
            "responses": {
                "200": answer("The cauldron's answer.", "witches.feedback"),
                "400": refusal("A bad potion, seed or parameter."),
                "403": refusal("Posted by another site's page."),
                "405": refusal("Only POST is answered here."),
                "408": refusal("The body did not arrive in time."),
                "413": refusal("A body over 16 KiB."),
                "415": refusal("A body that is not application/json.")
            }
        } }),
    );
    paths.insert(
        "/api/witches/clue".into(),
        json!({ "get": {
            "summary": "The free clue of a witches board's recipe, its length, the ingredients and the effects players may meet",
            "operationId": "witches_clue",
            "parameters": recipe_query(),
            "responses": { "200": answer("The clue, the recipe's length, the ingredients and the rules.", "witches.clue"), "400": refusal("A bad seed or parameter.") }
        } }),
    );
    paths.insert(
        "/api/witches/reveal".into(),
        json!({ "get": {
            "summary": "The whole secret recipe of a witches board: its ingredients' numbers, decoys and effects, a winning potion, how many potions win",
            "operationId": "witches_reveal",
            "parameters": recipe_query(),
            "responses": { "200": answer("The recipe.", "witches.reveal"), "400": refusal("A bad seed or parameter."), "403": refusal("Asked by another origin's page: the recipe is never read across sites.") }
        } }),
    );
    // A hexet road log, written as its address's code and read back.
    let mut roads_query = vec![
        json!({ "name": "roads", "in": "query", "required": true, "description": "The road log's code, as a board's address holds it.", "schema": { "type": "string" } }),
    ];
    roads_query.extend(boardwright::with_generator("hexet", ParamQueries).unwrap_or_default());
    paths.insert(
        "/api/hexet/roads".into(),
        json!({
            "get": {
                "summary": "The road log a hexet address's code gives on the map the parameters make",
                "operationId": "hexet_roads_read",
                "parameters": roads_query,
                "responses": { "200": answer("The log and its code.", "hexet.roads"), "400": refusal("A bad code or parameter.") }
            },
            "post": {
                "summary": "A hexet road log written as a board's address writes it (roads=)",
                "operationId": "hexet_roads_write",
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/hexet.log" } } } },
                "responses": {
                    "200": answer("The log and its code.", "hexet.roads"),
                    "400": refusal("A bad road, log or parameter."),
                    "403": refusal("Posted by another site's page."),
                    "408": refusal("The body did not arrive in time."),
                    "413": refusal("A body over 1 MiB."),
                    "415": refusal("A body that is not application/json.")
                }
            }
        }),
    );
    // Bots playing a universe board.
    let mut play_query = vec![
        json!({ "name": "seed", "in": "query", "required": true, "description": "The board's seed.", "schema": { "type": "string" } }),
        json!({ "name": "games", "in": "query", "description": "Games to play (default 1000).", "schema": { "type": "integer", "minimum": 1, "maximum": crate::play::MAX_GAMES } }),
        json!({ "name": "bot", "in": "query", "description": "The bot in every seat (default reference).", "schema": { "type": "string", "enum": crate::play::SERVED_BOTS } }),
    ];
    let presets: Vec<&str> = <boardwright::universe::Params as Params>::PRESETS
        .iter()
        .map(|(name, _)| *name)
        .collect();
    play_query.push(query(
        "preset",
        "A named parameter set, laid under the parameters given.",
        json!({ "type": "string", "enum": presets }),
    ));
    play_query.extend(boardwright::with_generator("universe", ParamQueries).unwrap_or_default());
    paths.insert(
        "/api/universe/play".into(),
        json!({ "get": {
            "summary": "Bots play a universe board: each seat's, start's and bot's win rate with 95 % intervals, and the first game replayed move by move",
            "operationId": "universe_play",
            "description": "The answer is a pure function of the address: it carries an ETag and Cache-Control, and If-None-Match gives 304; HEAD plays no game.",
            "parameters": play_query,
            "responses": {
                "200": answer("The report of `boardwright play universe`, with `replay`: the first game's moves.", "universe.play"),
                "304": { "description": "Not modified: the If-None-Match tag is the answer's." },
                "400": refusal("A bad seed, parameter, games or bot, or one given twice."),
                "422": refusal("The board is larger than this server plays, or its work is over the server's cap."),
                "503": refusal("Every slot busy, this client's other large work still running, or the games passed the server's time limit and were stopped.")
            }
        } }),
    );
    let page = |summary: &str, id: &str| json!({ "get": { "summary": summary, "operationId": id, "responses": { "200": { "description": "HTML.", "content": { "text/html": {} } }, "404": { "description": "No such page: the home page with a message." } } } });
    paths.insert("/".into(), page("The home page", "home"));
    paths.insert("/{page}".into(), {
        let mut item = page("A generator's page (its name: /universe)", "page");
        item["get"]["parameters"] =
            json!([{ "name": "page", "in": "path", "required": true, "schema": { "type": "string", "enum": boardwright::GENERATORS } }]);
        item
    });
    paths.insert(
        "/assets/{file}".into(),
        json!({ "get": {
            "summary": "The page's scripts, style and icons",
            "operationId": "asset",
            "parameters": [{ "name": "file", "in": "path", "required": true, "schema": { "type": "string" } }],
            "responses": { "200": { "description": "The file." }, "404": refusal("No such file.") }
        } }),
    );
    every_operation_refuses(&mut paths);
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "boardwright serve",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Fair, playable game boards from a seed, over HTTP. Every refusal is a JSON body {\"error\", \"parameter\"}; a request body is at most 1 MiB."
        },
        "paths": paths,
        "components": { "schemas": schemas() }
    })
}
