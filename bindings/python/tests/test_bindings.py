"""The Python package against the command line: the same bytes for the same
seed and parameters, the same messages for bad input, a hexet game equal to
its replay, analyze rows that pandas takes and that agree with
``boardwright analyze``, and the GIL let go while boards are made.

BOARDWRIGHT_BIN names the ``boardwright`` binary to compare with."""

import json
import os
import subprocess
import threading
import time

import pandas
import pytest

import boardwright

BIN = os.environ.get("BOARDWRIGHT_BIN", "boardwright")


def cli(*args, check=True):
    run = subprocess.run([BIN, *args], capture_output=True)
    if check:
        assert run.returncode == 0, run.stderr.decode()
    return run


def test_the_generators_are_the_command_lines():
    listed = cli("list").stdout.decode()
    assert boardwright.GENERATORS == ["universe", "witches", "starship", "hexet"]
    assert all(name in listed for name in boardwright.GENERATORS)


@pytest.mark.parametrize("generator", ["universe", "witches", "starship", "hexet"])
@pytest.mark.parametrize("seed", ["Tiamo", "py-1"])
def test_every_generator_gives_the_command_lines_json(generator, seed):
    board = boardwright.generate(generator, seed=seed)
    expected = cli(generator, "--seed", seed).stdout
    assert board == json.loads(expected)
    # The native half gives the very bytes.
    assert boardwright._native.generate(generator, seed, "{}").encode() == expected


def test_parameters_and_presets_are_the_command_lines():
    board = boardwright.generate("universe", seed="Tiamo", players=6, iterations=30)
    assert board == json.loads(cli("universe", "--seed", "Tiamo", "--players", "6", "--set", "iterations=30").stdout)
    classic = boardwright.generate("universe", seed="Tiamo", preset="classic", players=5)
    assert classic == json.loads(cli("universe", "--seed", "Tiamo", "--preset", "classic", "--players", "5").stdout)
    # A nested table: a hexet map of another size, a starship with fewer stages.
    assert boardwright.generate("hexet", seed="s", width=16, height=14)["width"] == 16
    stages = [s["stage"] for s in boardwright.generate("starship", seed="s")["params"]["pipeline"]]
    fewer = [{"stage": name} for name in stages if name != "extra_doors"]
    ship = boardwright.generate("starship", seed="s", pipeline=fewer)
    assert [s["stage"] for s in ship["params"]["pipeline"]] == [s["stage"] for s in fewer]
    # None keeps the default.
    assert boardwright.generate("universe", seed="Tiamo", resolution=None) == boardwright.generate("universe", seed="Tiamo")


@pytest.mark.parametrize(
    ("generator", "fmt", "options", "flags"),
    [
        ("universe", "svg", {}, []),
        ("universe", "pdf", {"paper": "letter", "ink_friendly": True}, ["--paper", "letter", "--ink-friendly"]),
        ("witches", "png", {"dpi": 72}, ["--dpi", "72"]),
        ("starship", "pdf", {"paper": "a3"}, ["--paper", "a3"]),
        ("hexet", "svg", {"tile": "2x1"}, ["--tile", "2x1"]),
    ],
)
def test_drawings_are_the_command_lines_bytes(tmp_path, generator, fmt, options, flags):
    board = boardwright.generate(generator, seed="Tiamo")
    drawn = boardwright.draw(board, fmt, **options)
    path = tmp_path / f"board.{fmt}"
    cli(generator, "--seed", "Tiamo", *flags, "-o", str(path))
    assert drawn == path.read_bytes()
    # A board read back from its JSON file draws the same.
    json_path = tmp_path / "board.json"
    cli(generator, "--seed", "Tiamo", "-o", str(json_path))
    assert boardwright.draw(json.loads(json_path.read_text()), fmt, **options) == drawn


@pytest.mark.parametrize(
    ("call", "flags"),
    [
        (lambda: boardwright.generate("universe", seed="x", players=99), ["universe", "--seed", "x", "--players", "99"]),
        (lambda: boardwright.generate("universe", seed="x", iterations="many"), ["universe", "--seed", "x", "--set", 'iterations="many"']),
        (lambda: boardwright.generate("witches", seed="x", bogus=1), ["witches", "--seed", "x", "--set", "bogus=1"]),
        (lambda: boardwright.generate("universe", seed="x", preset="nope"), ["universe", "--seed", "x", "--preset", "nope"]),
    ],
)
def test_bad_parameters_raise_the_command_lines_message(call, flags):
    with pytest.raises(ValueError) as raised:
        call()
    run = cli(*flags, check=False)
    assert run.returncode == 2
    assert str(raised.value) in run.stderr.decode(), (str(raised.value), run.stderr.decode())


def test_bad_calls_raise_value_errors_that_say_what_is_allowed():
    board = boardwright.generate("witches", seed="x")
    for call, words in [
        (lambda: boardwright.generate("chess", seed="x"), "universe, witches, starship, hexet"),
        (lambda: boardwright.draw(board, "gif"), "svg, png, pdf or json"),
        (lambda: boardwright.draw(board, "svg", paper="a0"), "a4, letter, a3 or a5"),
        (lambda: boardwright.draw(board, "svg", tile="9x9"), "tile"),
        (lambda: boardwright.draw(board, "png", dpi=5), "dpi"),
        (lambda: boardwright.draw({"nodes": []}, "svg"), "names no generator"),
        (lambda: boardwright.draw({"generator": "universe"}, "svg"), "not a universe result"),
        (lambda: boardwright.generate("hexet", seed="x", roads=[{"player": 0}]), "road log"),
        (lambda: boardwright.generate("universe", seed="x", roads=[]), "plays no log"),
        (lambda: boardwright.analyze("universe", boards=-1), "counts"),
    ]:
        with pytest.raises(ValueError) as raised:
            call()
        assert words in str(raised.value), str(raised.value)


def land_roads(board, count):
    """``count`` roads over land, player 0 then 1 in turn, each a bridge where a river runs."""
    cells = {(c["q"], c["r"]): c for c in board["cells"]}
    sides = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    roads = []
    for (q, r), cell in sorted(cells.items()):
        for k, (dq, dr) in enumerate(sides):
            other = cells.get((q + dq, r + dr))
            if cell["terrain"] == "lake" or not other or other["terrain"] == "lake" or (q + dq, r + dr) < (q, r):
                continue
            road = {"player": len(roads) % 2, "from": [q, r], "to": [q + dq, r + dr]}
            roads.append(road)
            if len(roads) == count:
                return roads
    return roads


def test_a_hexet_game_is_its_replay():
    game = boardwright.Game(seed="Tiamo")
    board = game.result()
    placed = []
    for road in land_roads(board, 40):
        for kind in ("normal", "bridge"):
            try:
                change = game.apply({**road, "type": kind})
            except ValueError:
                continue
            assert change in {"created", "extended", "merged", "unchanged"}
            placed.append({**road, "type": kind})
            break
    assert len(placed) > 20
    with pytest.raises(ValueError, match="already has a road"):
        game.apply(placed[0])
    assert game.log == placed
    assert game.apply({**placed[0], "action": "remove"}) in {"trimmed", "split", "removed", "unchanged"}
    replay = boardwright.generate("hexet", seed="Tiamo", roads=game.log)
    assert game.result() == replay
    assert game.networks() == replay["networks"] and game.scores() == replay["scores"]


def test_a_hexet_game_is_the_command_lines_replay(tmp_path):
    roads = land_roads(boardwright.generate("hexet", seed="Tiamo"), 10)
    game = boardwright.Game(seed="Tiamo")
    log = []
    for road in roads:
        try:
            game.apply(road)
            log.append(road)
        except ValueError:
            pass
    path = tmp_path / "roads.json"
    path.write_text(json.dumps(log))
    assert game.result() == json.loads(cli("hexet", "--seed", "Tiamo", "--roads", str(path)).stdout)


def test_analyze_rows_make_a_data_frame_that_agrees_with_analyze():
    rows = boardwright.analyze("universe", boards=30, base="py")
    frame = pandas.DataFrame(rows)
    assert list(frame["seed"]) == [f"py-{i}" for i in range(1, 31)]
    report = json.loads(cli("analyze", "universe", "--boards", "30", "--seed", "py").stdout)
    figures = report["sets"][0]["metrics"]
    for name in ["nodes", "edges", "mission_hop_spread", "quadrant_node_spread", "quadrant_nodes.0", "attempts"]:
        assert frame[name].min() == figures[name]["min"], name
        assert frame[name].max() == figures[name]["max"], name
        assert abs(frame[name].mean() - figures[name]["mean"]) < 1e-3, name
    # Another start and a parameter: the rows of those seeds.
    later = boardwright.analyze("witches", boards=3, base="py", start=5, players=3)
    assert [r["seed"] for r in later] == ["py-5", "py-6", "py-7"]
    assert later[0]["cauldrons"] == boardwright.generate("witches", seed="py-5", players=3)["metrics"]["cauldrons"]


def test_boards_are_made_without_the_gil():
    """While one thread makes boards, another keeps running Python."""
    ticks = 0
    done = threading.Event()

    def work():
        boardwright.analyze("universe", boards=400, base="gil")
        done.set()

    thread = threading.Thread(target=work)
    started = time.perf_counter()
    thread.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    seconds = time.perf_counter() - started
    # Holding the GIL, the loop would not run until the boards were made.
    assert seconds > 0.05 and ticks > seconds * 100, (ticks, seconds)


def test_play_is_the_command_lines_report():
    board = boardwright.generate("universe", seed="Tiamo", players=3)
    report = boardwright.play(board, games=12)
    expected = json.loads(cli("play", "universe", "--seed", "Tiamo", "--players", "3", "--games", "12").stdout)
    assert report == expected
    assert [s["seat"] for s in report["seats"]] == [1, 2, 3]
    mixed = boardwright.play(board, games=6, bots=["greedy", "random", "random"], rules={"mission": "race"})
    assert {b["bot"] for b in mixed["bot_rates"]} == {"greedy", "random"}
    assert mixed["rules"]["mission"] == "race"
    for kwargs, words in [
        ({"bot": "clever"}, "reference, random, greedy, search"),
        ({"games": 0}, "games"),
        ({"bots": ["greedy", "random"]}, "2 bots"),
        ({"rules": {"max_rounds": 0}}, "max_rounds"),
        ({"rules": {"colour": 1}}, "colour"),
    ]:
        with pytest.raises(ValueError, match=words):
            boardwright.play(board, **kwargs)
    with pytest.raises(ValueError, match="universe board"):
        boardwright.play(boardwright.generate("hexet", seed="Tiamo"), games=2)


def test_a_witches_recipe_answers_as_the_command_line_does():
    recipe = boardwright.Recipe("Tiamo", players=3)
    assert recipe.reveal() == json.loads(cli("witches", "--seed", "Tiamo", "--players", "3", "--reveal").stdout)
    clue = recipe.clue
    assert clue["recipe_length"] > 0 and clue["clue"]
    names = clue["ingredients"]
    potion = [(names[0], 2), (names[1], None), {"ingredient": names[2], "seeds": 0}]
    answer = recipe.brew(potion)
    text = f"{names[0]}:2,{names[1]},{names[2]}:0"
    assert answer == json.loads(cli("witches", "--seed", "Tiamo", "--players", "3", "--potion", text).stdout)
    assert set(answer) >= {"undergrown", "overgrown", "feedback", "won"}
    with pytest.raises(boardwright.PotionError, match="Banana"):
        recipe.brew([("Banana", 1)])


def test_errors_say_what_was_wrong_in_a_small_hierarchy():
    with pytest.raises(boardwright.ParameterError) as raised:
        boardwright.generate("universe", seed="x", players=99)
    assert raised.value.parameter == "players" and "2 to 9" in str(raised.value)
    assert isinstance(raised.value, boardwright.Error) and isinstance(raised.value, ValueError)
    with pytest.raises(boardwright.ParameterError) as raised:
        boardwright.Recipe("x", preset="nope")
    assert raised.value.parameter == "preset"
    game = boardwright.Game("Tiamo")
    with pytest.raises(boardwright.RoadError):
        game.apply({"player": 0, "from": [-50, -50], "to": [-50, -49]})
    with pytest.raises(boardwright.Error) as raised:
        boardwright.generate("chess", seed="x")
    assert not isinstance(raised.value, boardwright.ParameterError)


def test_hexes_are_the_maps_cells_and_build_roads():
    Hex = boardwright.Hex
    board = boardwright.generate("hexet", seed="Tiamo")
    cells = {Hex(c["q"], c["r"]) for c in board["cells"]}
    tower = Hex(*board["tower"])
    assert tower in cells and Hex(3, 4) == Hex(3, 4) and repr(Hex(3, -1)) == "Hex(3, -1)"
    # The map's own neighbours are the hex's: board["directions"] by side.
    assert [n - tower for n in tower.neighbors()] == [Hex(dq, dr) for dq, dr in board["directions"]]
    assert all(h.distance(tower) <= 2 for h in tower.range(2)) and len(tower.range(2)) == 19
    assert len(tower.ring(3)) == 18 and {h.distance(tower) for h in tower.ring(3)} == {3}
    line = tower.line_to(tower + Hex(4, -2))
    assert line[0] == tower and len(line) == 5 and all(a.distance(b) == 1 for a, b in zip(line, line[1:]))
    assert sorted([Hex(1, 0), Hex(0, 5)]) == [Hex(0, 5), Hex(1, 0)]
    # A road given by hexes is the road given by [q, r] lists.
    land = next(
        (a, b)
        for c in board["cells"]
        if c["terrain"] != "lake"
        for a in [Hex(c["q"], c["r"])]
        for b in a.neighbors()
        if b in cells and next(x for x in board["cells"] if (x["q"], x["r"]) == (b.q, b.r))["terrain"] != "lake"
        and not c["rivers"]
    )
    game = boardwright.Game("Tiamo")
    assert game.apply({"player": 0, "from": land[0], "to": land[1]}) == "created"
    assert game.log == [{"player": 0, "from": [land[0].q, land[0].r], "to": [land[1].q, land[1].r]}]


def test_a_universe_boards_graph_answers_from_its_edges():
    board = boardwright.generate("universe", seed="Tiamo", players=5)
    graph = boardwright.graph(board)
    assert len(graph) == len(board["nodes"])
    assert sorted(graph.edges()) == sorted(tuple(sorted(e)) for e in board["edges"])
    for a, b in board["edges"]:
        assert b in graph.neighbors(a) and a in graph.neighbors(b)
    centre = next(n["id"] for n in board["nodes"] if n["kind"] == "center")
    hops = graph.hops_from(centre)
    assert hops[centre] == 0 and all(h is not None for h in hops)
    start = next(n["id"] for n in board["nodes"] if n["kind"] == "mission")
    path = graph.path(start, centre)
    assert path[0] == start and path[-1] == centre and len(path) - 1 == graph.hops_from(start)[centre]
    assert all(b in graph.neighbors(a) for a, b in zip(path, path[1:]))
    assert graph.degree(centre) == len(graph.neighbors(centre))
    with pytest.raises(ValueError, match="nodes 0 to"):
        graph.neighbors(len(board["nodes"]))
    with pytest.raises(boardwright.Error, match="not a universe board"):
        boardwright.graph(boardwright.generate("hexet", seed="Tiamo"))


def test_a_ships_grid_walks_as_its_metrics_measure():
    board = boardwright.generate("starship", seed="Tiamo")
    grid = boardwright.ship_grid(board)
    assert (grid.width, grid.height) == (board["width"], board["height"])
    # The tiles as the board writes them: space, armor, floor or a part.
    for y, row in enumerate(board["tiles"]):
        for x, c in enumerate(row):
            tile = grid.tile(x, y)
            assert tile == {" ": "space", "#": "armor"}.get(c, tile), (x, y, c, tile)
    for part in board["parts"]:
        assert grid.part_at(part["x"], part["y"]) == part["id"]
        assert grid.tile(part["x"], part["y"]) == "part"
    assert grid.tile(-1, 0) is None and grid.tile(board["width"], 0) is None
    weapons = [p["id"] for p in board["parts"] if p["role"] == "weapon"]
    thrusters = [p["id"] for p in board["parts"] if p["role"] == "thruster"]
    assert weapons and thrusters
    metrics = board["metrics"]
    assert max(grid.walk(w) for w in weapons) == metrics["longest_weapon_to_ammo_walk"]
    assert max(grid.walk(t) for t in thrusters) == metrics["longest_thruster_to_power_walk"]
    assert grid.walk(weapons[0], ["ammo_supply"]) == grid.walk(weapons[0])
    # A walk is a shortest path over walkable neighbours.
    cockpit = next(p for p in board["parts"] if p["role"] == "cockpit")
    steps = grid.distances(cockpit["id"])
    width = board["width"]
    for i, d in enumerate(steps):
        x, y = i % width, i // width
        if d:
            assert grid.is_walkable(x, y)
            assert min(steps[nx + ny * width] for nx, ny in grid.walkable_neighbors(x, y) if steps[nx + ny * width] is not None) == d - 1
    with pytest.raises(ValueError, match="no role"):
        grid.walk(weapons[0], ["banana"])
    with pytest.raises(ValueError, match="parts 0 to"):
        grid.walk(len(board["parts"]))
    with pytest.raises(boardwright.Error, match="not a starship board"):
        boardwright.ship_grid(boardwright.generate("hexet", seed="Tiamo"))
