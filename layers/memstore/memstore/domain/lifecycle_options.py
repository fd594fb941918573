"""A store's lifecycle options (`definition.options.lifecycle`): how fast importance decays per
kind, when a summary is promoted to a profile memory, and what happens below the importance
floor. Defaults are documented in docs/lifecycle.md; every value is checked (400 otherwise)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

DAY = 86400
MAX_HALF_LIFE = 100 * 365 * DAY


class HalfLives(BaseModel):
    """Seconds for a memory's importance to halve, per kind; 0 = it never decays."""

    model_config = ConfigDict(extra="forbid")

    user_profile: StrictInt = Field(default=180 * DAY, ge=0, le=MAX_HALF_LIFE)
    chat_summary: StrictInt = Field(default=30 * DAY, ge=0, le=MAX_HALF_LIFE)
    procedural: StrictInt = Field(default=365 * DAY, ge=0, le=MAX_HALF_LIFE)

    def of(self, kind: str) -> int:
        return int(getattr(self, str(kind)))


class LifecycleOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    half_life_seconds: HalfLives = Field(default_factory=HalfLives)
    promotion_confirmations: StrictInt = Field(default=3, ge=0, le=1000)
    """A chat_summary memory confirmed this many times (stated again by a later update,
    retrieved by a search, or reinforced) becomes a user_profile memory; 0 = never promoted."""
    importance_floor: StrictFloat | StrictInt = Field(default=0.05, ge=0, le=1)
    """Decayed importance below which a memory is "faded"."""
    delete_below_floor: StrictBool = False
    """Whether the lifecycle pass deletes faded memories (default: keep them; they only rank lower)."""
