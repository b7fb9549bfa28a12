#!/usr/bin/env bash
# Load numbers for the web app on loopback (not run by CI; needs wrk, Debian:
# apt-get install -y wrk): requests per second and p50/p99 latency of
# - the default universe and witches SVG, 32 clients, each request a new seed
#   (generated every time) and the same address (the kept answer);
# - a 304 answer to If-None-Match, 32 clients;
# - a hexet game of 1,000 roads replayed from its address, each request a
#   different game of 1,001 roads (the examples/road_game addresses), 1 client;
# - the server's memory over 100,000 requests for new boards, and its peak.
# BOARDWRIGHT=PATH runs that binary's server instead of this tree's (to
# compare two versions on one machine).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --locked -p boardwright-cli
cargo build --release --locked -p boardwright --example road_game
work="$(mktemp -d)"
"${BOARDWRIGHT:-target/release/boardwright}" serve --addr 127.0.0.1:0 2>"$work/log" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
until grep -qs "listening on" "$work/log"; do sleep 0.1; done
base="$(sed -n 's/^listening on //p' "$work/log")"
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }
peak() { awk '/VmHWM/ {print $2 " kB"}' "/proc/$pid/status"; }
numbers() { grep -E "50%|99%|requests in|Requests/sec|Non-2xx"; }

# A new seed for every request: every answer is generated, none is kept.
cat >"$work/fresh.lua" <<'LUA'
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
  wrk -t2 -c32 -d10s --latency -s "$work/fresh.lua" "$base$path" | numbers
  echo "== GET $path, 32 clients, 10 s, the same address (kept answer)"
  wrk -t2 -c32 -d10s --latency "$base$path" | numbers
  echo "memory: $(rss)"
done

path="/api/universe/board.svg?seed=Tiamo"
etag="$(curl -sI "$base$path" | tr -d '\r' | sed -n 's/^etag: //Ip')"
echo "== GET $path with If-None-Match: $etag, 32 clients, 10 s (304, no body)"
test "$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "$base$path")" = 304
wrk -t2 -c32 -d10s --latency -H "If-None-Match: $etag" "$base$path" | numbers
echo "== the same, 1 client (the answer's own time, no queue)"
wrk -t1 -c1 -d5s --latency -H "If-None-Match: $etag" "$base$path" | numbers

# Each line a different game of 1,001 roads: the first 1,000 the same, the last removes one of them.
target/release/examples/road_game Tiamo 1000 >"$work/games.txt"
cat >"$work/games.lua" <<LUA
local games = {}
for line in io.lines("$work/games.txt") do games[#games + 1] = line end
local n, answered = 0, 0
request = function()
  n = n + 1
  return wrk.format("GET", "/api/hexet/board.json?" .. games[(n - 1) % #games + 1])
end
-- Each game once: none of them is a kept answer.
response = function()
  answered = answered + 1
  if answered >= #games then wrk.thread:stop() end
end
LUA
echo "== GET a hexet game of 1,001 roads from its address (roads=, 3,003 letters), 1 client, 1,000 games, each once"
wrk -t1 -c1 -d20s --latency -s "$work/games.lua" "$base" | numbers
echo "memory: $(rss)"

echo "== memory over 100,000 requests for new boards (witches JSON, new seed each)"
total=0
while [ "$total" -lt 100000 ]; do
  done_now="$(wrk -t2 -c32 -d3s -s "$work/fresh.lua" "$base/api/witches/board.json?seed=memory" | sed -n 's/^ *\([0-9]*\) requests in.*/\1/p')"
  total=$((total + done_now))
  echo "after $total requests: $(rss)"
done
echo "peak memory over the whole run: $(peak)"
