"""A Python client generated from the server's OpenAPI document by a
pinned openapi-python-client reads a board of every generator as its typed
model, and a drawing as bytes: the document is one a client generator can
use, not only a valid one."""

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_openapi import GENERATORS, document, fetch, server  # noqa: F401  (fixtures)

# openapi-python-client decodes JSON and application/octet-stream only: the
# drawings and the TOML are read as the bytes they are.
CONFIG = """content_type_overrides:
  image/svg+xml: application/octet-stream
  image/png: application/octet-stream
  application/pdf: application/octet-stream
  application/toml: application/octet-stream
"""


@pytest.fixture(scope="module")
def client_package(document, tmp_path_factory):  # noqa: F811
    where = tmp_path_factory.mktemp("client")
    (where / "openapi.json").write_text(json.dumps(document))
    (where / "config.yaml").write_text(CONFIG)
    tool = Path(sys.executable).parent / "openapi-python-client"
    run = subprocess.run(
        [str(tool), "generate", "--path", str(where / "openapi.json"), "--output-path", str(where / "out"), "--config", str(where / "config.yaml")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "WARNING" not in run.stdout, run.stdout
    sys.path.insert(0, str(where / "out"))
    return importlib.import_module("boardwright_serve_client")


def without_added_defaults(made, raw):
    """``made`` less the empty lists the client writes where the answer left a field out."""
    if isinstance(made, dict) and isinstance(raw, dict):
        return {k: without_added_defaults(v, raw.get(k)) for k, v in made.items() if k in raw or v != []}
    if isinstance(made, list) and isinstance(raw, list):
        return [without_added_defaults(m, r) for m, r in zip(made, raw)]
    return made


@pytest.mark.parametrize("generator", GENERATORS)
def test_a_generated_client_reads_every_generators_board(server, client_package, generator):  # noqa: F811
    api = importlib.import_module(f"boardwright_serve_client.api.default.{generator}_board_json")
    client = client_package.Client(base_url=server, raise_on_unexpected_status=True)
    for seed in ["Tiamo", "client-1"]:
        board = api.sync(client=client, seed=seed)
        assert type(board).__name__ == generator.capitalize()
        raw = fetch(server, f"/api/{generator}/board.json?seed={seed}")
        assert without_added_defaults(board.to_dict(), raw) == raw, f"{generator} {seed}"
    drawing = importlib.import_module(f"boardwright_serve_client.api.default.{generator}_board_svg")
    svg = drawing.sync(client=client, seed="Tiamo")
    assert svg.payload.read().startswith(b"<svg"), generator
