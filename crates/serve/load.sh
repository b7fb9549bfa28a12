#!/usr/bin/env bash
# Load numbers for the web app on loopback (not run by CI): requests per second
# and p50/p99 latency for the default universe and witches SVG with 32
# concurrent clients, the server's memory over the run, and a hexet road
# POST's latency. Needs wrk (Debian: apt-get install -y wrk).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --locked -p boardwright-cli
log="$(mktemp)"
lua="$(mktemp --suffix=.lua)"
target/release/boardwright serve --addr 127.0.0.1:0 2>"$log" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log" "$lua"' EXIT
until grep -q "listening on" "$log"; do sleep 0.1; done
base="$(sed -n 's/^listening on //p' "$log")"
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }

fresh="$(mktemp --suffix=.lua)"
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log" "$lua" "$fresh"' EXIT
# A new seed for every request: every answer is generated, none comes from the cache.
cat >"$fresh" <<'LUA'
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", wrk.path .. "-" .. n .. "-" .. math.random(1000000000))
end
LUA

echo "memory at start: $(rss)"
for generator in universe witches; do
  path="/api/$generator/board.svg?seed=Tiamo"
  echo "== GET $path, 32 clients, 10 s, a new seed each request (generated every time)"
  wrk -t2 -c32 -d10s --latency -s "$fresh" "$base$path" | grep -E "50%|99%|requests in|Requests/sec"
  echo "memory: $(rss)"
  echo "== GET $path, 32 clients, 10 s, the same address (kept answer)"
  wrk -t2 -c32 -d10s --latency "$base$path" | grep -E "50%|99%|requests in|Requests/sec"
  echo "memory: $(rss)"
done

game="$(curl -s -X POST -d '{"seed": "Tiamo"}' "$base/api/hexet/games" | sed 's/^{"id":"\([0-9]*\)".*/\1/')"
road="$(curl -s "$base/api/hexet/games/$game" | python3 -c '
import json, sys
m = json.load(sys.stdin)
land = {(c["q"], c["r"]): c for c in m["cells"] if c["terrain"] != "lake"}
for (q, r), c in land.items():
    if (q, r + 1) in land and not c["rivers"] & 1:
        print(f"[{q},{r}],[{q},{r + 1}]"); break')"
from="${road%%],*}]"
to="${road#*],}"
cat >"$lua" <<LUA
local n = 0
request = function()
  n = n + 1
  local action = (n % 2 == 1) and "add" or "remove"
  return wrk.format("POST", "/api/hexet/games/$game/roads", {["Content-Type"] = "application/json"},
    '{"player":0,"from":$from,"to":$to,"action":"' .. action .. '"}')
end
LUA
echo "== POST a road (added, then removed, in turn), 1 client, 1 s"
wrk -t1 -c1 -d1s --latency -s "$lua" "$base" | grep -E "50%|99%|requests in|Requests/sec|Non-2xx"
echo "memory at the end: $(rss)"
