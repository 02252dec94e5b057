r"""A griffe extension for the documentation site (mkdocs.yml): docstrings are written for ``help()`` and
doctest — ``>>>`` examples and Sphinx roles such as :class:`State` — which Markdown would read as prose
and as link references. Here each example becomes a fenced ``pycon`` block and each role its name in code.

>>> markdown_of(":class:`Game` makes states.\n\n>>> 1 + 1\n2\n\nMore.").splitlines()
['`Game` makes states.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|data|mod|attr|exc|obj):`~?([^`]+)`")


def markdown_of(text: str) -> str:
    """``text`` with its doctest examples fenced and its Sphinx roles as code."""
    out: list[str] = []
    example: list[str] = []
    for line in [*text.splitlines(), ""]:
        if example and (line.strip() == "" and not line.startswith(" " * 4)):
            out += ["```pycon", *example, "```"]
            example = []
        if line.lstrip().startswith(">>>") or (example and line.strip()):
            example.append(line.strip() if line.lstrip().startswith((">>>", "...")) else line)
            continue
        out.append(ROLE.sub(r"`\1`", line))
    return "\n".join(out).rstrip("\n") if not text.endswith("\n") else "\n".join(out)


class DoctestFences(griffe.Extension):
    """Rewrites every loaded object's docstring with :func:`markdown_of`."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_of(obj.docstring.value)
