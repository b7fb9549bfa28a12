"""The server's OpenAPI document checked by an independent validator
(openapi-spec-validator), and the server's JSON answers checked against the
schemas it documents (jsonschema), every object closed to fields the schema
does not describe. The document is served by the ``boardwright`` binary."""

import json
import os
import re
import subprocess
import urllib.error
import urllib.request

import jsonschema
import pytest
from openapi_spec_validator import validate
from test_schema import closed, errors

BIN = os.environ.get("BOARDWRIGHT_BIN", "boardwright")
GENERATORS = ["universe", "witches", "starship", "hexet"]


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0"], stderr=subprocess.PIPE, text=True)
    try:
        address = None
        for line in process.stderr:
            found = re.search(r"listening on (http://\S+)", line)
            if found:
                address = found.group(1)
                break
        assert address, "the server printed no address"
        yield address
    finally:
        process.terminate()
        process.wait(timeout=10)


def fetch(address, path, body=None):
    # A body is JSON, and says so: the server refuses a potion of any other type.
    headers = {"Content-Type": "application/json"} if body else {}
    request = urllib.request.Request(
        f"{address}{path}", data=body and json.dumps(body).encode(), headers=headers, method="POST" if body else "GET"
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


@pytest.fixture(scope="module")
def document(server):
    return fetch(server, "/api/openapi.json")


def schema_of(document, name):
    """A validator of the document's schema ``name``, its references resolved in the document."""
    return jsonschema.Draft202012Validator(
        closed({"$ref": f"#/components/schemas/{name}", "components": document["components"]})
    )


def test_the_served_openapi_document_is_valid(document):
    validate(document)
    assert document["openapi"] == "3.1.0"
    assert {"/api/generators", "/api/witches/potion", "/api/universe/board.json", "/api/universe/board.svg"} <= set(document["paths"])
    # Simple enums are plain enums, tagged unions have a discriminator.
    assert document["components"]["schemas"]["hexet.RoadType"]["enum"] == ["normal", "bridge"]
    stage = document["components"]["schemas"]["starship.Stage"]
    assert stage["discriminator"]["propertyName"] == "stage"
    assert stage["discriminator"]["mapping"]["shape"] == "#/components/schemas/starship.Stage.shape"


@pytest.mark.parametrize("generator", GENERATORS)
def test_board_and_steps_answers_are_as_documented(server, document, generator):
    for seed in ["Tiamo", "openapi-1"]:
        board = fetch(server, f"/api/{generator}/board.json?seed={seed}")
        assert errors(schema_of(document, generator), board) == [], f"{generator} board {seed}"
        steps = fetch(server, f"/api/{generator}/steps?seed={seed}&every=20")
        assert errors(schema_of(document, f"{generator}.steps"), steps) == [], f"{generator} steps {seed}"
        # Each answer is described by its own schema, not by the other.
        assert errors(schema_of(document, f"{generator}.steps"), board)
    answer = lambda file: document["paths"][f"/api/{generator}/{file}"]["get"]["responses"]["200"]["content"]
    assert answer("board.json")["application/json"]["schema"] == {"$ref": f"#/components/schemas/{generator}"}
    assert answer("steps")["application/json"]["schema"] == {"$ref": f"#/components/schemas/{generator}.steps"}
    assert answer("board.png")["image/png"]["schema"]["format"] == "binary"
    assert list(answer("board.svg")) == ["image/svg+xml"]


@pytest.mark.parametrize("difficulty", [1, 3])
def test_the_witches_recipe_answers_are_as_documented(server, document, difficulty):
    query = f"seed=openapi-2&difficulty={difficulty}"
    clue = fetch(server, f"/api/witches/clue?{query}")
    assert errors(schema_of(document, "witches.clue"), clue) == []
    reveal = fetch(server, f"/api/witches/reveal?{query}")
    assert errors(schema_of(document, "witches.reveal"), reveal) == []
    request = {
        "seed": "openapi-2",
        "params": {"difficulty": difficulty},
        "potion": [{"ingredient": clue["ingredients"][0], "seeds": 2}, {"ingredient": clue["ingredients"][1]}],
    }
    assert errors(schema_of(document, "witches.potion"), request) == []
    feedback = fetch(server, "/api/witches/potion", request)
    assert errors(schema_of(document, "witches.feedback"), feedback) == []
    # Bodies the schema refuses, the server refuses too.
    for bad in [
        {**request, "potion": [{"ingredient": "Sage", "seeds": 10}]},
        {**request, "potion": []},
        {**request, "colour": "red"},
        {"potion": request["potion"]},
    ]:
        assert errors(schema_of(document, "witches.potion"), bad), bad
        with pytest.raises(urllib.error.HTTPError) as refused:
            fetch(server, "/api/witches/potion", bad)
        assert refused.value.code == 400, bad


def test_the_generators_listing_is_as_documented(server, document):
    listing = fetch(server, "/api/generators")
    assert [g["name"] for g in listing] == GENERATORS
    assert errors(schema_of(document, "Generators"), listing) == []


def test_the_play_answer_is_as_documented(server, document):
    played = fetch(server, "/api/universe/play?seed=openapi-3&games=12&bot=random")
    assert played["games"] == 12 and played["replay"]
    # Not closed: a replayed turn is its seat beside one of the moves (a
    # flattened union), which closing each choice on its own would refuse.
    schema = {"$ref": "#/components/schemas/universe.play", "components": document["components"]}
    assert errors(jsonschema.Draft202012Validator(schema), played) == []
    assert errors(jsonschema.Draft202012Validator(schema), {**played, "replay": [{"seat": 0, "move": "fly"}]})
