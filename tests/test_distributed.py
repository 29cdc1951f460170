"""The distributed path: read → extract → map on Dask (a local cluster of processes), shards on a
shared folder, then link + validate + bulk load: the same graph as the normal build."""
from __future__ import annotations

import json

import pytest

from cvgraph.config import Settings

from .conftest import SEED_FILES, SEEDS
from .test_incremental import assert_same_dataset, dataset, union_is_merge

pytest.importorskip("dask.bag", reason="the distributed path needs Dask: pip install 'dask[bag]'")


@pytest.mark.slow
def test_dask_processes_build_equals_normal_build(built_store, tmp_path):
    from cvgraph.distributed import distributed_build

    store, shards = tmp_path / "store", tmp_path / "shards"
    summary = distributed_build([SEEDS], store, Settings(), scheduler="processes", workers=2,
                                partitions=3, shard_dir=shards)
    assert summary.exit_code == 0 and summary.committed, summary.render()
    assert summary.documents == len(SEED_FILES)
    # the shards the tasks wrote: one N-Quads file and one metadata file per partition
    metas = sorted(shards.glob("part-*.json"))
    assert len(metas) == 3 and len(sorted(shards.glob("part-*.nq"))) == 3
    names = [m["name"] for path in metas for m in json.loads(path.read_text())]
    assert sorted(names) == sorted(SEED_FILES.values())
    # the extraction reports travelled back with the shards
    assert set(summary.reports) == set(SEED_FILES.values())
    assert all(r["counts"] for r in summary.reports.values())

    got = dataset(store)
    assert_same_dataset(got, dataset(built_store[0]))
    union_is_merge(got)
    assert summary.triples == built_store[1].triples


def test_bad_file_is_reported_by_name(tmp_path):
    from cvgraph.distributed import distributed_build

    bad = tmp_path / "in" / "empty.txt"
    bad.parent.mkdir()
    bad.write_text("")
    summary = distributed_build([bad.parent, tmp_path / "missing"], tmp_path / "store", Settings(),
                                scheduler="sync")
    assert [name for name, _ in summary.failed] == [str(tmp_path / "missing"), "empty.txt"]
    assert not summary.committed and summary.exit_code == 1
