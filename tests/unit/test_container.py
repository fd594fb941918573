"""The composition root is typed: its overridable ports are named parameters (a misspelt one is a
TypeError, not silently ignored), `replace()` derives a variant for a test, and every service and
adapter it hands out has an annotated type."""

from __future__ import annotations

import dataclasses
import inspect
from functools import cached_property

import pytest

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container, Overrides
from tests.doubles import RecordingPublisher, RecordingScheduler


def container(**overrides) -> Container:
    return Container(Settings(), repository=InMemoryRepository(), clock=ManualClock(), **overrides)


def test_a_misspelt_override_is_a_type_error():
    with pytest.raises(TypeError):
        container(schedular=RecordingScheduler())
    with pytest.raises(TypeError):
        container().replace(extractor_fatory=lambda model: None)


def test_every_override_is_a_container_parameter():
    parameters = set(inspect.signature(Container).parameters) - {"settings", "clock"}
    assert parameters == {f.name for f in dataclasses.fields(Overrides)}


def test_replace_keeps_what_it_is_not_told_to_change_and_builds_afresh():
    scheduler, publisher = RecordingScheduler(), RecordingPublisher()
    original = container(scheduler=scheduler)
    assert original.scheduler is scheduler and original.is_built("scheduler")
    variant = original.replace(publisher=publisher)
    assert variant.settings is original.settings and variant.clock is original.clock
    assert variant.repository is original.repository
    assert not variant.is_built("scheduler")
    assert variant.scheduler is scheduler and variant.publisher is publisher
    assert original.replace(scheduler=None).overrides.scheduler is None


def test_overrides_are_used_instead_of_what_settings_choose():
    scheduler = RecordingScheduler()
    c = container(scheduler=scheduler, extractor_factory=lambda model: f"extractor for {model}")
    assert c.scheduler is scheduler
    assert c._extractor("memstore-rules") == "extractor for memstore-rules"


def _members():
    for name, member in vars(Container).items():
        if name.startswith("__"):
            continue
        if isinstance(member, cached_property):
            yield name, member.func
        elif isinstance(member, property):
            yield name, member.fget
        elif inspect.isfunction(member):
            yield name, member


def test_every_service_adapter_and_method_has_an_annotated_type():
    members = dict(_members())
    assert {"repository", "stores", "items", "search", "updates", "consolidation", "scheduler"} <= set(
        members
    )
    unannotated = [name for name, fn in members.items() if "return" not in fn.__annotations__]
    assert not unannotated
