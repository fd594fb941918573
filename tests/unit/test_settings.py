"""Settings read from the environment: the three choice settings are enums that refuse a typo at
start-up (naming the variable and its choices, not the value), and the local defaults are the
documented ones."""

from __future__ import annotations

import dataclasses

import pytest

from memstore.domain.errors import ConfigurationError
from memstore.settings import (
    LOCAL_EMBEDDING_MODEL,
    AuthMode,
    SchedulerKind,
    Settings,
    VectorBackend,
)
from memstore.wiring import Container


def test_choices_are_read_as_enums():
    s = Settings.from_env({"AUTH_MODE": "jwt", "VECTOR_BACKEND": "opensearch", "SCHEDULER": "local"})
    assert (s.auth_mode, s.vector_backend, s.scheduler) == (
        AuthMode.JWT,
        VectorBackend.OPENSEARCH,
        SchedulerKind.LOCAL,
    )


def test_unset_choices_take_the_deployed_defaults():
    s = Settings.from_env({})
    assert (s.auth_mode, s.vector_backend, s.scheduler) == (
        AuthMode.IAM,
        VectorBackend.DYNAMODB,
        SchedulerKind.STEPFUNCTIONS,
    )


@pytest.mark.parametrize(
    ("variable", "typo", "choices"),
    [
        ("AUTH_MODE", "IMA", "IAM, JWT, NONE"),
        ("VECTOR_BACKEND", "opensaerch", "dynamodb, opensearch"),
        ("SCHEDULER", "step-functions", "stepfunctions, local"),
    ],
)
def test_a_typo_fails_at_start_up_naming_the_variable_not_the_value(variable, typo, choices):
    with pytest.raises(ConfigurationError) as info:
        Settings.from_env({variable: typo})
    assert str(info.value) == f"{variable} must be one of {choices}"


def test_a_container_cannot_be_built_from_an_environment_with_a_typo(monkeypatch):
    monkeypatch.setenv("VECTOR_BACKEND", "dynamo")
    with pytest.raises(ConfigurationError):
        Container()


def test_settings_built_in_code_are_checked_too():
    assert Settings(vector_backend="opensearch").vector_backend is VectorBackend.OPENSEARCH
    with pytest.raises(ConfigurationError):
        Settings(auth_mode="iam ")


def test_the_local_default_embedding_model_is_the_offline_one():
    """Deployed stacks get the template's DefaultEmbeddingModel (Titan); a process given none runs
    the local MiniLM, the model the language thresholds are calibrated on."""
    s = Settings.from_env({})
    assert (
        s.default_embedding_model == s.language_embedding_model == LOCAL_EMBEDDING_MODEL == "all-MiniLM-L6-v2"
    )
    assert s.allowed_embedding_models == (LOCAL_EMBEDDING_MODEL,)


def test_no_setting_holds_a_log_level():
    assert not [f.name for f in dataclasses.fields(Settings) if "log" in f.name]


def test_the_openai_key_is_never_in_the_repr():
    s = Settings(openai_api_key="sk-secret-value")
    assert "sk-secret-value" not in repr(s)
