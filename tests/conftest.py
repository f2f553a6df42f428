"""Shared by every test: the player's data folder (saves, statistics, settings) is a temporary one, and the
language a test chose does not reach the next."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from belot_rules import i18n


@pytest.fixture(autouse=True)
def _temporary_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's saves or settings (a kept setting would change what a game shows)."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    monkeypatch.setenv("APPDATA", str(folder))


@pytest.fixture(autouse=True)
def _language_put_back() -> Iterator[None]:
    """A command run with ``--lang`` chooses the process's language; the tests after it read English."""
    before = i18n.current()
    yield
    i18n.use(before)
