"""Shared by every test: the player's data folder (saves, statistics, settings) is a temporary one."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _temporary_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's saves or settings (a kept setting would change what a game shows)."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    monkeypatch.setenv("APPDATA", str(folder))
