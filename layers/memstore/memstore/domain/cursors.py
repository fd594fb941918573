"""Page tokens: where a listing of a scope's items goes on, opaque to the client.

A token carries the position (the id of the last row the page read, which may be an expired item
or an item of another kind, never shown) and a checksum that binds it to the listing it came from
(store, scope, kind filter). A token that does not decode, or that belongs to another listing, is
refused: the client gets a 400, never a page from somewhere else. The checksum guards against
corruption and mix-ups, not against a forger: a position only ever moves within the caller's own
scope, so it needs no secret."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re

from memstore.domain.errors import InvalidRequest

PREFIX = "pg_"
_VERSION = b"\x01"
_CHECK_BYTES = 6
_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")
_INVALID = "after must be the last_id or next_after of a previous page of this listing"


def _check(position: str, listing: tuple[str, ...]) -> bytes:
    text = "\x00".join((*listing, position)).encode("utf-8")
    return hashlib.blake2b(text, digest_size=_CHECK_BYTES, person=b"memstore-page").digest()


def is_token(after: str) -> bool:
    return after.startswith(PREFIX)


def encode(position: str, listing: tuple[str, ...]) -> str:
    raw = _VERSION + _check(position, listing) + position.encode("utf-8")
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(token: str, listing: tuple[str, ...], param: str = "after") -> str:
    """The position `token` names, if it was made for `listing`; InvalidRequest otherwise."""
    body = token.removeprefix(PREFIX)
    if not token.startswith(PREFIX) or not _ALPHABET.fullmatch(body):
        raise InvalidRequest(_INVALID, param)
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        position = raw[1 + _CHECK_BYTES :].decode("utf-8")
    except (binascii.Error, ValueError):
        raise InvalidRequest(_INVALID, param) from None
    if raw[:1] != _VERSION or not position:
        raise InvalidRequest(_INVALID, param)
    if raw[1 : 1 + _CHECK_BYTES] != _check(position, listing):
        raise InvalidRequest(_INVALID, param)
    return position
