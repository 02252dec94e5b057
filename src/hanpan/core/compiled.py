"""Whether the engine runs compiled, for the few hot spots whose fastest form differs between engines.

mypyc compiles this module with the other hot modules or none of them (setup.py), so ``COMPILED`` says
which engine this process runs.  Code that branches on it keeps both forms giving the same results;
``tests/core/test_engines_identical.py`` plays seeded games both ways.

>>> COMPILED in (True, False)
True
"""

from __future__ import annotations

from typing import Final

#: a compiled module's file is its extension (``compiled.cpython-311-x86_64-linux-gnu.so``), not this source
COMPILED: Final[bool] = not __file__.endswith(".py")
