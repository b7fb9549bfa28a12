"""The server's OpenAPI document checked by an independent validator
(openapi-spec-validator), served by the ``boardwright`` binary."""

import json
import os
import re
import subprocess
import urllib.request

from openapi_spec_validator import validate

BIN = os.environ.get("BOARDWRIGHT_BIN", "boardwright")


def test_the_served_openapi_document_is_valid():
    server = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0"], stderr=subprocess.PIPE, text=True)
    try:
        address = None
        for line in server.stderr:
            found = re.search(r"listening on (http://\S+)", line)
            if found:
                address = found.group(1)
                break
        assert address, "the server printed no address"
        with urllib.request.urlopen(f"{address}/api/openapi.json") as answer:
            document = json.load(answer)
    finally:
        server.terminate()
        server.wait(timeout=10)
    validate(document)
    assert document["openapi"] == "3.1.0"
    assert {"/api/generators", "/api/witches/potion", "/api/universe/{file}"} <= set(document["paths"])
