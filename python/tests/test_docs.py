"""The examples in the docstrings run as written, and every class and
function a user meets first has one."""

import doctest

import twixtkit
from twixtkit import _twixtkit

# The docstrings that must carry an example: the board's first-met members,
# the file functions, the game objects and the learning helpers.
DOCUMENTED = {
    "twixtkit",
    "Board",
    "Board.from_line",
    "Board.line",
    "Board.push",
    "Board.pop",
    "Board.legal_moves",
    "Board.outcome",
    "Board.copy",
    "Board.planes",
    "Board.wins_within",
    "Move",
    "Outcome",
    "LegalMoves",
    "WinsWithin",
    "Game",
    "Node",
    "Picture",
    "read_games",
    "parse_script",
    "check",
    "render",
    "book",
    "random_games",
    "transform_twixtbot_planes",
    "transform_twixtbot_policy",
}


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
            # Examples write `twixtkit.…`, as after `import twixtkit`.
            test = parser.get_doctest(doc, {"twixtkit": twixtkit}, name, None, 0)
            runner.run(test)
            ran.append(name)
    assert runner.failures == 0
    missing = DOCUMENTED - set(ran)
    assert not missing, f"no example in the docstring of {sorted(missing)}"


def test_a_wrong_example_fails():
    """The runner above does fail on a wrong answer."""
    doc = ">>> twixtkit.Board(size=8).turn\n'black'\n"
    test = doctest.DocTestParser().get_doctest(doc, {"twixtkit": twixtkit}, "wrong", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda _: None)
    assert runner.failures == 1
