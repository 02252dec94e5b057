"""Learned models as data: one file format for every game's model, read without numpy.

A model file (``*.model.gz``, in a game's ``data/`` folder) is gzip of: the length of a JSON header (4
bytes, little-endian), the header, then the weights as little-endian float32.  The header names the
model and its version, says how it was made (``command``, ``commit``, ``seed``, ``cpu_seconds``,
``games``) and holds the SHA-256 of the weights' bytes, checked at load: a file cut short or changed
is refused in one line, never half-read.

>>> header = {"name": "demo", "version": "1", "game": "harmonies"}
>>> blob = dump(header, [0.5, -1.25])
>>> model = load(blob, "demo.model.gz")
>>> model.name, model.version, model.weights
('demo', '1', [0.5, -1.25])
>>> load(blob[:-3], "demo.model.gz")
Traceback (most recent call last):
...
hanpan.core.errors.DataError: demo.model.gz: not a whole model file (Compressed file ended before the ...)
"""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
import sys
import zlib
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hanpan.core.errors import DataError

FORMAT: Final = "hanpan.model/1"
_HEADER_LIMIT: Final = 1 << 20  # a header is a few hundred bytes: a larger length is a broken file
#: the fields every header has (besides ``format``, ``size`` and ``sha256``, which ``dump`` adds)
REQUIRED: Final = ("name", "version", "game")


@dataclass(frozen=True)
class Model:
    """A loaded model: its header and its weights."""

    header: Mapping[str, Any]
    weights: list[float]

    @property
    def name(self) -> str:
        return str(self.header["name"])

    @property
    def version(self) -> str:
        return str(self.header["version"])

    def describe(self) -> str:
        """``name/version``, as ``hanpan games`` and the levels name a model.

        >>> Model({"name": "harmonies-value-1p-A", "version": "3"}, []).describe()
        'harmonies-value-1p-A/3'
        """
        return f"{self.name}/{self.version}"


def dump(header: Mapping[str, Any], weights: Sequence[float]) -> bytes:
    """A model file's bytes (the header gets ``format``, ``size`` and ``sha256``)."""
    body = array("f", weights)
    if sys.byteorder != "little":
        body.byteswap()
    data = body.tobytes()
    full = {**header, "format": FORMAT, "size": len(body), "sha256": hashlib.sha256(data).hexdigest()}
    text = json.dumps(full, sort_keys=True).encode()
    # mtime 0: the same model gives the same bytes (its hash in git does not change by being saved again)
    return gzip.compress(struct.pack("<I", len(text)) + text + data, compresslevel=9, mtime=0)


def load(blob: bytes, where: str) -> Model:
    """The model in ``blob`` (a model file's bytes; ``where`` names it in errors)."""
    try:
        raw = gzip.decompress(blob)
    except (OSError, EOFError, zlib.error) as error:
        raise DataError(f"{where}: not a whole model file ({error})") from None
    if len(raw) < 4:
        raise DataError(f"{where}: not a whole model file (no header)")
    (length,) = struct.unpack("<I", raw[:4])
    if length > _HEADER_LIMIT or 4 + length > len(raw):
        raise DataError(f"{where}: not a whole model file (a header of {length} bytes)")
    try:
        header = json.loads(raw[4:4 + length])
    except ValueError:
        raise DataError(f"{where}: the model's header is not JSON") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise DataError(f"{where}: not a {FORMAT} file")
    missing = [key for key in (*REQUIRED, "size", "sha256") if key not in header]
    if missing:
        raise DataError(f"{where}: the model's header has no {missing[0]!r}")
    data = raw[4 + length:]
    if hashlib.sha256(data).hexdigest() != header["sha256"]:
        raise DataError(f"{where}: the weights do not match the hash in the model's header")
    if len(data) % 4:
        raise DataError(f"{where}: the weights are not whole float32 values")
    body = array("f")
    body.frombytes(data)
    if sys.byteorder != "little":
        body.byteswap()
    if len(body) != header["size"]:
        raise DataError(f"{where}: {len(body)} weights, the header says {header['size']}")
    return Model(header, body.tolist())
