"""The throwaway-PostgreSQL helper of the memory contract suite finds Debian's server binaries, and
says how to get them when they are missing (the suite then skips with that message)."""

from __future__ import annotations

import pytest

from tests.contract import postgres_cluster


def test_missing_binaries_are_reported_with_how_to_install_them(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(postgres_cluster.glob, "glob", lambda pattern: [])
    assert postgres_cluster.server_bin() is None
    with (
        pytest.raises(FileNotFoundError, match="install Debian's `postgresql` package"),
        postgres_cluster.cluster(),
    ):
        pass


def test_the_newest_installed_version_is_chosen(monkeypatch: pytest.MonkeyPatch, tmp_path):
    for version in ("9.6", "15"):
        bin_dir = tmp_path / version / "bin"
        bin_dir.mkdir(parents=True)
        for tool in ("initdb", "pg_ctl"):
            (bin_dir / tool).write_text("#!/bin/sh\n")
            (bin_dir / tool).chmod(0o755)
    monkeypatch.setattr(
        postgres_cluster.glob, "glob", lambda pattern: [str(tmp_path / v / "bin") for v in ("9.6", "15")]
    )
    assert postgres_cluster.server_bin() == tmp_path / "15" / "bin"
