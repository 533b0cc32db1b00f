"""Each flavor's module shows only its own engine (issue 27): an app that imports LinkKit sees
Plaid's engine and the shared runtime, not Mesh's engine; one that imports LinkSDK sees Mesh's,
not Plaid's. Checked as an app would meet it: its source type-checked by swiftc against the
modules the debug build made."""
import os
import subprocess
from pathlib import Path

import pytest

from ptyharness import REPO

MODULES = REPO / ".build" / "debug" / "Modules"
MODULE_MAP = REPO / ".build" / "debug" / "CScan.build" / "module.modulemap"


def typecheck(tmp_path: Path, source: str) -> subprocess.CompletedProcess:
    """swiftc -typecheck of `source` as an app's main.swift, against the package's modules."""
    if not (MODULES / "LinkKit.swiftmodule").exists():
        pytest.fail(f"no LinkKit module in {MODULES}: build first (swift build --build-tests)")
    file = tmp_path / "main.swift"
    file.write_text(source)
    return subprocess.run(
        ["swiftc", "-typecheck", "-I", str(MODULES), "-Xcc", f"-fmodule-map-file={MODULE_MAP}", str(file)],
        capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("module, own, shared, other", [
    ("LinkKit", "LinkEngine", "ManualClock", "MeshEngine"),
    ("LinkSDK", "MeshEngine", "ManualClock", "LinkEngine"),
])
def test_a_flavors_import_shows_its_engine_and_not_the_others(tmp_path, module, own, shared, other):
    seen = typecheck(tmp_path, f"import {module}\nlet a: {own}? = nil\nlet b = {shared}()\nprint(a as Any, b)\n")
    assert seen.returncode == 0, seen.stderr
    hidden = typecheck(tmp_path, f"import {module}\nlet c: {other}? = nil\nprint(c as Any)\n")
    assert hidden.returncode != 0
    assert f"cannot find type '{other}' in scope" in hidden.stderr, hidden.stderr
