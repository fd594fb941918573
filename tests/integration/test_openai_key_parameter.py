"""A deployed stack's OpenAI-compatible key comes from SSM Parameter Store (moto here): the container
reads it on the first openai: extraction, once, sends it as the bearer token, and turns an unreadable
parameter into a configuration error and a throttled Parameter Store into 503."""

from __future__ import annotations

import json

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws

from memstore.adapters.extractors import make_extractor
from memstore.adapters.parameter_store import ParameterStoreSecret
from memstore.domain.errors import ConfigurationError, DependencyUnavailable
from memstore.settings import Settings
from memstore.wiring import Container
from tests.integration.test_openai_extractor import (
    EXISTING,
    GOOD,
    MESSAGES,
    OPTIONS,
    FakeChatServer,
    completion,
    tool_call_message,
)

pytestmark = pytest.mark.integration

KEY = "sk-from-parameter-store-0123"
NAME = "/memstore/openai-api-key"
ARN = "arn:aws:ssm:us-east-1:123456789012:parameter/memstore/openai-api-key"


class CountingSSM:
    def __init__(self, client):
        self.client = client
        self.reads = 0

    def get_parameter(self, **kwargs):
        self.reads += 1
        return self.client.get_parameter(**kwargs)


@pytest.fixture
def chat_server():
    server = FakeChatServer()
    server.thread.start()
    yield server
    server.server.shutdown()
    server.server.server_close()


@pytest.fixture
def ssm(aws_env):
    with mock_aws():
        client = boto3.client("ssm", region_name="us-east-1")
        client.put_parameter(Name=NAME, Value=KEY, Type="SecureString")
        yield client


def test_the_container_reads_the_key_from_the_parameter_it_names(ssm):
    settings = Settings(openai_api_key_parameter=ARN)
    key = Container(settings).openai_api_key
    assert isinstance(key, ParameterStoreSecret)
    assert key() == KEY


def test_the_key_is_read_on_the_first_extraction_only_and_sent_as_bearer_token(ssm, chat_server):
    counting = CountingSSM(ssm)
    secret = ParameterStoreSecret(ARN, region="us-east-1", client=counting)
    extractor = make_extractor(
        "openai:gpt-4o-mini", openai_base_url=chat_server.base_url, openai_api_key=secret
    )
    assert counting.reads == 0
    for _ in range(2):
        chat_server.reply(200, completion(tool_call_message(json.dumps(GOOD))))
        extractor.extract(MESSAGES, [], EXISTING, OPTIONS)
    assert counting.reads == 1
    assert [r["headers"]["Authorization"] for r in chat_server.requests] == [f"Bearer {KEY}"] * 2


def test_without_a_parameter_the_local_key_is_used():
    assert Container(Settings(openai_api_key="sk-local")).openai_api_key == "sk-local"
    assert Container(Settings()).openai_api_key is None


def test_a_parameter_that_does_not_exist_is_a_configuration_error(ssm):
    missing = ParameterStoreSecret(
        ARN.replace("openai-api-key", "nothing-here"), region="us-east-1", client=ssm
    )
    with pytest.raises(ConfigurationError) as info:
        missing()
    assert "ParameterNotFound" in str(info.value) and "nothing-here" not in str(info.value)


def test_a_throttled_parameter_store_is_a_dependency_unavailable_and_is_read_again_later():
    class Throttled:
        calls = 0

        def get_parameter(self, **kwargs):
            self.calls += 1
            if self.calls == 1:
                raise ClientError({"Error": {"Code": "ThrottlingException"}}, "GetParameter")
            return {"Parameter": {"Value": KEY}}

    secret = ParameterStoreSecret(ARN, region="us-east-1", client=Throttled())
    with pytest.raises(DependencyUnavailable):
        secret()
    assert secret() == KEY
