"""Paths the tests share: the repository and the shared game records."""

import os

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED_GAMES = os.path.abspath(os.path.join(REPO, "..", "shared", "games"))


def shared_games() -> str:
    """The shared records folder: needed in CI (the test fails there
    without it), skipped elsewhere when absent."""
    if not os.path.isdir(SHARED_GAMES):
        if os.environ.get("CI"):
            pytest.fail(f"../shared/games is needed in CI: {SHARED_GAMES} not found")
        pytest.skip("../shared/games not found")
    return SHARED_GAMES


def twixt_binary() -> str:
    """The `twixt` binary `cargo test --release` builds: needed in CI,
    skipped elsewhere when not built."""
    path = os.path.join(REPO, "target", "release", "twixt")
    if not os.path.exists(path):
        if os.environ.get("CI"):
            pytest.fail(f"the twixt binary is needed in CI: {path} not found")
        pytest.skip("target/release/twixt not built")
    return path
