"""Names that look alike: Unicode's confusable *skeletons* (UTS #39, section 4), from the table the
``confusable-homoglyphs`` package ships (its ``confusables.json``, made from Unicode's confusables.txt;
read from the installed package, nothing is downloaded).

That file lists each line ``source → prototype`` of confusables.txt both ways (the source among the
prototype's homoglyphs, and the prototype as the source's one homoglyph), so a prototype is found as the
centre of its group: the one string every other member names.  ``skeleton`` maps each character of the
decomposed (NFD) text to its prototype and decomposes again, as UTS #39 says; two names whose skeletons
are equal look alike (``аli`` with a Cyrillic а, and ``ali``).

>>> skeleton("аli") == skeleton("ali") == skeleton("al\u0456")  # Cyrillic а, Cyrillic і
True
>>> skeleton("rn") == skeleton("m"), skeleton("ali") == skeleton("alt")
(True, False)
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib.resources import files

#: the table's package (the ``web`` extra's ``confusable-homoglyphs``)
PACKAGE = "confusable_homoglyphs"
#: marks the table writes around right-to-left characters: not part of them
_MARKS = str.maketrans("", "", "\u200e\u200f")


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character -> its prototype (one or more characters); prototypes are not listed."""
    table = json.loads((files(PACKAGE) / "confusables.json").read_text("utf-8"))
    links: dict[str, set[str]] = {}
    for key, entries in table.items():
        key = key.translate(_MARKS)
        for entry in entries:
            other = str(entry["c"]).translate(_MARKS)
            if other and other != key:
                links.setdefault(key, set()).add(other)
                links.setdefault(other, set()).add(key)
    out: dict[str, str] = {}
    for node, linked in links.items():
        if len(node) != 1:
            continue  # a prototype of several characters is no character of a name
        if len(linked) == 1:
            (other,) = linked
            # a source names only its prototype; a pair of single characters is one group either way
            centre = other if len(other) > 1 or len(links[other]) > 1 or other < node else node
            if centre != node:
                out[node] = centre
    return out


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character by its prototype, NFD again."""
    mapping = prototypes()
    return unicodedata.normalize("NFD", "".join(mapping.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))


def name_looks(name: str) -> tuple[str, str]:
    """What a name looks like, whatever its case, two ways; two names look alike when either is equal.

    - lower case first (the skeleton of the case-folded name, case-folded, and its skeleton again):
      ``аli`` (Cyrillic а) and ``ALI`` (which is the name ``ali``), ``b0b`` and ``bob``;
    - as written first (the skeleton, case-folded, its skeleton again), as capitals have look-alikes of
      their own: Cyrillic ``ВОВ`` and ``BOB``, a capital ``I`` and an ``l``.

    >>> looks = [name_looks(n) for n in ("bob", "bοb", "b0b", "ВОВ", "Ian", "lan", "АLI", "ali")]
    >>> [a == b for a, b in zip(looks[0], looks[1])], [a == b for a, b in zip(looks[0], looks[2])]
    ([True, True], [True, True])
    >>> [a == b for a, b in zip(looks[0], looks[3])], [a == b for a, b in zip(looks[4], looks[5])]
    ([False, True], [False, True])
    >>> [a == b for a, b in zip(looks[6], looks[7])], name_looks("Ann") == name_looks("Anna")
    ([True, False], False)
    """

    def again(text: str) -> str:
        return skeleton(unicodedata.normalize("NFKC", text).casefold())

    return again(skeleton(unicodedata.normalize("NFKC", name).casefold())), again(skeleton(name))
