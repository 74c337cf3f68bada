"""The examples in the docstrings run as written."""

import doctest

import twixtkit
from twixtkit import _twixtkit


def docstrings():
    """Every docstring of the package and of the extension's functions,
    classes and their members, by name."""
    yield "twixtkit", twixtkit.__doc__
    for name in dir(_twixtkit):
        if name.startswith("_"):
            continue
        obj = getattr(_twixtkit, name)
        yield name, getattr(obj, "__doc__", None)
        if isinstance(obj, type):
            for member in vars(obj):
                if not member.startswith("_"):
                    yield f"{name}.{member}", getattr(getattr(obj, member), "__doc__", None)


def test_docstring_examples_run():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    ran = []
    for name, doc in docstrings():
        if doc and ">>>" in doc:
            test = parser.get_doctest(doc, {}, name, None, 0)
            runner.run(test)
            ran.append(name)
    assert runner.failures == 0
    # The module's tour and the symmetry helpers' examples at least.
    assert {"twixtkit", "transform_twixtbot_planes", "transform_twixtbot_policy"} <= set(ran)
