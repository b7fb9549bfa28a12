"""The Dask sweep example on a local cluster of two workers: its figures
for each swept value equal ``boardwright analyze`` on the same seeds, the
histogram buckets some boards do not reach among them."""

import json
import os
import subprocess
import sys
from pathlib import Path

from distributed import Client, LocalCluster

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import dask_sweep  # noqa: E402

BIN = os.environ.get("BOARDWRIGHT_BIN", "boardwright")


def test_a_sweep_on_a_local_cluster_equals_analyze():
    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        table = dask_sweep.sweep(client, "universe", "players", [3, 5], boards=60, base="dask", chunk_size=25)
    assert len(table) == 120
    summary = dask_sweep.summary(table, "players")
    for players in (3, 5):
        run = subprocess.run(
            [BIN, "analyze", "universe", "--boards", "60", "--seed", "dask", "--players", str(players)],
            capture_output=True,
            check=True,
        )
        figures = json.loads(run.stdout)["sets"][0]["metrics"]
        buckets = [name for name in figures if name.startswith("degree_histogram.")]
        assert buckets, "analyze reports the degree histogram"
        for name in ["nodes", "edges", "mission_hop_spread", "quadrant_node_spread", "side_mean_hops.left", *buckets]:
            assert summary.loc[players, (name, "min")] == figures[name]["min"], (players, name)
            assert summary.loc[players, (name, "max")] == figures[name]["max"], (players, name)
            assert abs(summary.loc[players, (name, "mean")] - figures[name]["mean"]) < 1e-3, (players, name)
