"""The stub file matches the module: every public name, class member and
function parameter of the extension is in `_twixtkit.pyi`, and back."""

import ast
import subprocess
import sys
import inspect
import os

import pytest

import twixtkit
from twixtkit import _twixtkit

STUB = os.path.join(os.path.dirname(twixtkit.__file__), "_twixtkit.pyi")


def stub_tree():
    with open(STUB, encoding="utf-8") as f:
        return ast.parse(f.read())


def test_stub_is_installed_with_py_typed():
    assert os.path.exists(STUB)
    assert os.path.exists(os.path.join(os.path.dirname(twixtkit.__file__), "py.typed"))


def test_stub_names_match_the_module():
    tree = stub_tree()
    stub_names = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            stub_names.add(node.name)
        elif isinstance(node, ast.Assign):
            stub_names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            stub_names.add(node.target.id)
    module_names = {n for n in dir(_twixtkit) if not n.startswith("_")}
    # Underscored names are the stub's own (type aliases, `__all__`).
    assert {n for n in stub_names if not n.startswith("_")} == module_names


def test_stub_members_match_each_class():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_twixtkit, node.name)
        if issubclass(cls, Exception):
            continue
        stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        real = {n for n in vars(cls) if not n.startswith("_")}
        public_stubbed = {n for n in stubbed if not n.startswith("_")}
        assert public_stubbed == real, node.name
        for n in stubbed:
            assert hasattr(cls, n), (node.name, n)


def test_function_parameters_match():
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            real = list(inspect.signature(getattr(_twixtkit, node.name)).parameters)
            assert [a.arg for a in node.args.args + node.args.kwonlyargs] == real, node.name


def test_mypy_stubtest():
    """mypy's stubtest: the stubs against the module at run time, every
    name and signature."""
    try:
        import mypy.stubtest  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("mypy is needed in CI for stubtest")
        pytest.skip("mypy not installed")
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "twixtkit"],
        capture_output=True,
        text=True,
        cwd=os.path.dirname(__file__),
    )
    assert out.returncode == 0, out.stdout + out.stderr
