"""Runs every ```python block of docs/python.md, each in a fresh namespace,
in a scratch directory (the files the examples write land there), so that
the examples there stay true."""

import os
import re
import tempfile
import unittest

DOC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md"))


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)


class Docs(unittest.TestCase):
    def test_python_blocks_run(self):
        with open(DOC, encoding="utf-8") as f:
            blocks = python_blocks(f.read())
        self.assertGreaterEqual(len(blocks), 4)
        here = os.getcwd()
        with tempfile.TemporaryDirectory() as scratch:
            os.chdir(scratch)
            try:
                for i, block in enumerate(blocks):
                    with self.subTest(block=i):
                        exec(compile(block, f"docs/python.md block {i + 1}", "exec"), {})
            finally:
                os.chdir(here)


if __name__ == "__main__":
    unittest.main()
