"""A parameter sweep on Dask over the boardwright package.

Every value of a parameter, N boards each: the boards are cut into chunks,
each chunk one task (``boardwright.analyze`` of its seeds on a worker), and
the rows gathered into one pandas table with the swept value as a column.
The seeds are those ``boardwright analyze GENERATOR --seed BASE --boards N``
reads, so each value's figures equal that command's.

    python dask_sweep.py                                 # two local workers
    python dask_sweep.py --scheduler tcp://host:8786     # any Dask cluster
    python dask_sweep.py --generator witches --param players --values 2 3 4 5 --boards 10000

It needs Dask's distributed scheduler and pandas: ``pip install "boardwright[dask]"``.
"""

import argparse
import json
import time

import pandas
from distributed import Client, LocalCluster

import boardwright


def chunk(generator, base, start, count, params):
    """One task: the rows of boards BASE-start … BASE-(start+count-1)."""
    return boardwright.analyze(generator, boards=count, base=base, start=start, **params)


def sweep(client, generator, param, values, boards, base="sweep", chunk_size=500):
    """The rows of ``boards`` boards for each of ``values`` of ``param``, one table."""
    tasks = []
    for value in values:
        for start in range(1, boards + 1, chunk_size):
            count = min(chunk_size, boards - start + 1)
            future = client.submit(chunk, generator, base, start, count, {param: value}, pure=False)
            tasks.append((value, future))
    frames = []
    for value, future in tasks:
        frame = pandas.DataFrame(future.result())
        frame.insert(0, param, value)
        frames.append(frame)
    return buckets_filled(pandas.concat(frames, ignore_index=True))


def buckets_filled(table):
    """The table with a list's missing elements as 0 on every board that
    was made: a board's histogram stops at its own highest bucket (a board
    whose highest degree is 5 has no ``degree_histogram.7``), which counts
    0 boards there, as ``boardwright analyze`` counts it; left missing,
    pandas would average over the boards that have the bucket only."""
    elements = [c for c in table.columns if c.rpartition(".")[2].isdigit()]
    made = table["failed"].isna() if "failed" in table.columns else slice(None)
    table.loc[made, elements] = table.loc[made, elements].fillna(0)
    return table


def summary(table, param):
    """Per swept value, each figure's mean, min and max (as analyze reports them)."""
    figures = table.drop(columns=["seed"]).select_dtypes("number")
    return figures.groupby(param).agg(["mean", "min", "max"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scheduler", help="a Dask scheduler's address; none: two local workers")
    parser.add_argument("--generator", default="universe", choices=boardwright.GENERATORS)
    parser.add_argument("--param", default="players")
    parser.add_argument("--values", nargs="+", type=json.loads, default=[2, 4, 6])
    parser.add_argument("--boards", type=int, default=1000, help="boards per value")
    parser.add_argument("--base", default="sweep", help="the seeds are BASE-1 … BASE-N")
    args = parser.parse_args()
    cluster = None if args.scheduler else LocalCluster(n_workers=2, threads_per_worker=1)
    with Client(args.scheduler or cluster) as client:
        started = time.perf_counter()
        table = sweep(client, args.generator, args.param, args.values, args.boards, args.base)
        seconds = time.perf_counter() - started
    if cluster:
        cluster.close()
    print(summary(table, args.param).T.to_string())
    print(f"{len(table)} boards in {seconds:.1f} s")


if __name__ == "__main__":
    main()
