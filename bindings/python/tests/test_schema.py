"""The JSON Schemas in docs/schema against real output of the command line,
checked by an independent validator (the ``jsonschema`` package): every
generator, every preset, several seeds and player counts, hexet games with
roads, the road logs they replay, and config files (TOML, read as the JSON
an editor checks against the schema).

The result schemas leave objects open, so that readers accept fields a
later version adds. Here every object is closed as well, so that a field the
toolkit writes but the schema does not describe fails.

BOARDWRIGHT_BIN names the ``boardwright`` binary."""

import copy
import json
import os
import pathlib
import re
import subprocess
import tomllib

import jsonschema
import pytest

import boardwright

BIN = os.environ.get("BOARDWRIGHT_BIN", "boardwright")
SCHEMAS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "schema"
GENERATORS = ["universe", "witches", "starship", "hexet"]


def cli(*args):
    run = subprocess.run([BIN, *args], capture_output=True)
    assert run.returncode == 0, run.stderr.decode()
    return run.stdout


def closed(schema):
    """``schema`` with every object that lists its properties closed to others."""
    schema = copy.deepcopy(schema)

    def close(node):
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                close(value)
        elif isinstance(node, list):
            for value in node:
                close(value)

    close(schema)
    return schema


def validator(name, strict=True):
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(closed(schema) if strict else schema)


def presets():
    """Every generator's presets, as ``boardwright list`` names them."""
    listed, current, found = cli("list").decode(), None, []
    for line in listed.splitlines():
        header = re.match(r"^(\w+): ", line)
        if header and header.group(1) in GENERATORS:
            current = header.group(1)
        preset = re.match(r"^\s+preset ([\w-]+):", line)
        if preset:
            found.append((current, preset.group(1)))
    return found


def errors(check, instance):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in check.iter_errors(instance)]


def test_the_schemas_are_valid_draft_2020_12_and_cover_every_generator():
    assert sorted(p.name for p in SCHEMAS.glob("*.schema.json")) == sorted(
        [f"{g}.schema.json" for g in GENERATORS]
        + [f"{g}-config.schema.json" for g in GENERATORS]
        + ["hexet-road-log.schema.json"]
    )
    for path in SCHEMAS.glob("*.schema.json"):
        jsonschema.Draft202012Validator.check_schema(json.loads(path.read_text()))


def test_every_preset_is_found():
    found = presets()
    assert {g for g, _ in found} >= {"universe", "witches"}, found
    assert ("universe", "all-expansions") in found


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("seed", ["Tiamo", "schema-1", "schema-2"])
def test_results_are_valid(generator, seed):
    check = validator(generator)
    board = json.loads(cli(generator, "--seed", seed))
    assert errors(check, board) == [], f"{generator} seed {seed!r}"


@pytest.mark.parametrize(("generator", "preset"), presets())
def test_every_presets_results_are_valid(generator, preset):
    check = validator(generator)
    for seed in ["Tiamo", "schema-3"]:
        board = json.loads(cli(generator, "--seed", seed, "--preset", preset))
        assert errors(check, board) == [], f"{generator} --preset {preset} seed {seed!r}"


@pytest.mark.parametrize(
    ("generator", "settings"),
    [
        ("universe", ["--players", "2"]),
        ("universe", ["--players", "9", "--set", "planar=false"]),
        ("universe", ["--set", 'expansions=["expeditions", "resources", "tiny_nodes"]', "--players", "3"]),
        ("witches", ["--players", "1"]),
        ("witches", ["--players", "5", "--set", "difficulty=3"]),
        ("starship", ["--set", "width=22", "--set", "height=22"]),
        ("hexet", ["--players", "2", "--set", "width=9", "--set", "height=9", "--set", "cities_per_type=1"]),
    ],
)
def test_results_at_other_settings_are_valid(generator, settings):
    board = json.loads(cli(generator, "--seed", "schema-4", *settings))
    assert errors(validator(generator), board) == [], f"{generator} {settings}"


def test_a_played_hexet_game_and_its_road_log_are_valid(tmp_path):
    game = boardwright.Game(seed="Tiamo")
    cells = {(c["q"], c["r"]): c for c in game.result()["cells"]}
    for (q, r), cell in sorted(cells.items()):
        for dq, dr in [(1, 0), (0, 1), (1, -1)]:
            for kind in ("normal", "bridge"):
                try:
                    game.apply({"player": len(game.log) % 2, "from": [q, r], "to": [q + dq, r + dr], "type": kind})
                    break
                except ValueError:
                    pass
        if len(game.log) >= 60:
            break
    game.apply({**game.log[0], "action": "remove"})
    log = game.log
    assert len(log) > 40 and any(road.get("type") == "bridge" for road in log)
    assert errors(validator("hexet-road-log"), log) == []
    path = tmp_path / "roads.json"
    path.write_text(json.dumps(log))
    board = json.loads(cli("hexet", "--seed", "Tiamo", "--roads", str(path)))
    assert board["roads"] and board["networks"] and board["scores"]
    assert errors(validator("hexet"), board) == []


def test_the_validator_sees_what_is_wrong():
    """The checks above could fail: a board with a field of the wrong type,
    a field left out or a field the schema does not know is refused."""
    check = validator("universe")
    board = json.loads(cli("universe", "--seed", "Tiamo"))
    assert errors(check, board) == []
    wrong = copy.deepcopy(board)
    wrong["nodes"][0]["x"] = "left"
    assert errors(check, wrong)
    missing = copy.deepcopy(board)
    del missing["edges"]
    assert errors(check, missing)
    unknown = copy.deepcopy(board)
    unknown["nodes"][0]["colour"] = "red"
    assert errors(check, unknown)
    # The committed schema itself accepts the unknown field, as readers should.
    assert errors(validator("universe", strict=False), unknown) == []
    bad_log = [{"player": 0, "from": [0, 0], "to": [1, 0], "type": "ferry"}]
    assert errors(validator("hexet-road-log"), bad_log)


@pytest.mark.parametrize(("generator", "preset"), [(g, None) for g in GENERATORS] + presets())
def test_printed_configs_are_valid(generator, preset):
    """What --print-config writes, every parameter written out, reads as a valid config."""
    flags = ["--preset", preset] if preset else []
    config = tomllib.loads(cli(generator, "--seed", "Tiamo", *flags, "--print-config").decode())
    assert config["seed"] == "Tiamo"
    assert errors(validator(f"{generator}-config", strict=False), config) == [], f"{generator} {preset}"


def cli_reads(generator, text, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return subprocess.run([BIN, generator, "--config", str(path), "--print-config"], capture_output=True).returncode == 0


@pytest.mark.parametrize(
    ("generator", "text", "valid"),
    [
        ("witches", 'seed = "Tiamo"\nplayers = 3\n', True),
        ("witches", "players = 9\n", False),
        ("witches", "colour = 2\n", False),
        ("witches", 'special_cells = "many"\n', False),
        ("universe", "fair_center = false\nclearance = 0.3\n", True),
        ("universe", "clearance = 0.9\n", False),
        (
            "universe",
            'first_game = false\n[[node_types]]\nname = "Stardust"\nmax = 20\n'
            '[[node_types]]\nname = "Oil"\nmax = "none"\n[[missions]]\nname = "Traveler"\n',
            True,
        ),
        ("universe", "[[node_types]]\nmax = 3\n", False),
        ("universe", '[[node_types]]\nname = "Stardust"\nmax = -1\n', False),
        ("universe", '[[node_types]]\nname = "Stardust"\nglow = true\n', False),
        ("universe", 'first_game = false\n[[missions]]\nname = "Traveler"\nweight = 2.0\n', True),
        (
            "starship",
            '[[pipeline]]\nstage = "shape"\nmirror = false\n[[pipeline]]\nstage = "cockpit"\n'
            '[[pipeline]]\nstage = "reactor"\n',
            True,
        ),
        ("starship", '[[pipeline]]\nstage = "teleporter"\n', False),
        ("starship", '[[pipeline]]\nmirror = false\n', False),
        ("starship", '[[pipeline]]\nstage = "shape"\nwings = 2\n', False),
        ("hexet", "width = 20\nheight = 16\nplayers = 3\n", True),
        ("hexet", "width = 2\n", False),
    ],
)
def test_configs_the_schema_takes_are_those_the_command_line_reads(tmp_path, generator, text, valid):
    """On these configs the schema and the command line agree (the command
    line also checks what a schema cannot say, such as names that exist)."""
    check = validator(f"{generator}-config", strict=False)
    assert (errors(check, tomllib.loads(text)) == []) is valid, text
    assert cli_reads(generator, text, tmp_path) is valid, text


def test_the_package_gives_the_schemas_in_docs():
    assert boardwright.SCHEMAS == [line.split()[0] for line in cli("schema").decode().splitlines()]
    for name in boardwright.SCHEMAS:
        assert boardwright.schema(name) == json.loads((SCHEMAS / f"{name}.schema.json").read_text())
    with pytest.raises(ValueError, match="no schema `nope`; schemas: universe, universe-config"):
        boardwright.schema("nope")
