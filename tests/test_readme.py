"""The README's console examples are the commands' real output."""

import re
import shlex

import pytest

from .conftest import ROOT, run_cli

# Examples of one command and its output (a block of several "$" lines is a usage summary).
BLOCKS = [
    (command, shown)
    for command, shown in re.findall(
        r"```console\n\$ (.*?)\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S
    )
    if "\n$ " not in "\n" + shown
]


def test_there_are_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("command, shown", BLOCKS, ids=[b[0][:60] for b in BLOCKS])
def test_console_block_is_true(command, shown):
    words = shlex.split(command)
    assert words[0] == "dmrules"
    done = run_cli(*words[1:])  # its output (tests/test_cli.py starts the command as a reader would)
    if shown.startswith("...\n"):
        assert done.stdout.endswith(shown[4:])
    else:
        assert done.stdout == shown
