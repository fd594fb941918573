"""The Titan v2 adapter's wire contract, on a real boto3 client with botocore's Stubber."""

from __future__ import annotations

import io
import json

import boto3
import numpy as np
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError, EndpointConnectionError
from botocore.response import StreamingBody
from botocore.stub import StubAssertionError, Stubber

from memstore.adapters.bedrock_embedder import MAX_INPUT_CHARS, MODEL_ID, BedrockTitanEmbedder
from memstore.adapters.embedders import make_embedder
from memstore.domain.errors import DependencyUnavailable, InvalidRequest


class JsonBody:
    """Matches a request body by its parsed JSON, so the test does not depend on key order."""

    def __init__(self, expected: dict):
        self.expected = expected

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str | bytes) and json.loads(other) == self.expected

    def __repr__(self) -> str:
        return f"JsonBody({self.expected!r})"


def make_client(**config):
    return boto3.client(
        "bedrock-runtime",
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        config=Config(**config) if config else None,
    )


def response(vector: list[float], tokens: int = 5) -> dict:
    raw = json.dumps({"embedding": vector, "inputTextTokenCount": tokens}).encode()
    return {"body": StreamingBody(io.BytesIO(raw), len(raw)), "contentType": "application/json"}


def expected_params(text: str, dimensions: int) -> dict:
    return {
        "modelId": MODEL_ID,
        "contentType": "application/json",
        "accept": "application/json",
        "body": JsonBody({"inputText": text, "dimensions": dimensions, "normalize": True}),
    }


@pytest.fixture
def client():
    return make_client()


@pytest.fixture
def stubber(client):
    with Stubber(client) as stub:
        yield stub
        stub.assert_no_pending_responses()


@pytest.mark.parametrize("dimensions", [256, 512, 1024])
def test_one_call_per_text_with_the_titan_v2_body(client, stubber, dimensions):
    texts = ["I prefer dark roast coffee", "My sister lives in Lisbon"]
    rng = np.random.default_rng(7)
    raw = [rng.standard_normal(dimensions) for _ in texts]
    for text, vec in zip(texts, raw, strict=True):
        stubber.add_response("invoke_model", response(vec.tolist()), expected_params(text, dimensions))

    out = BedrockTitanEmbedder(dimensions=dimensions, client=client).embed(texts)

    assert out.shape == (2, dimensions) and out.dtype == np.float32
    for row, vec in zip(out, raw, strict=True):
        np.testing.assert_allclose(row, vec / np.linalg.norm(vec), atol=1e-6)


def test_vectors_are_renormalised(client, stubber):
    stubber.add_response("invoke_model", response([3.0, 4.0] + [0.0] * 254), expected_params("x", 256))
    (vec,) = BedrockTitanEmbedder(dimensions=256, client=client).embed(["x"])
    assert vec[0] == pytest.approx(0.6) and vec[1] == pytest.approx(0.8)
    assert float(np.linalg.norm(vec)) == pytest.approx(1.0)


def test_long_text_is_cut_to_the_character_limit(client, stubber):
    text = "é" * (MAX_INPUT_CHARS + 5000)
    stubber.add_response("invoke_model", response([1.0] * 256), expected_params("é" * MAX_INPUT_CHARS, 256))
    BedrockTitanEmbedder(dimensions=256, client=client).embed([text])


def test_empty_input_makes_no_call(client, stubber):
    out = BedrockTitanEmbedder(client=client).embed([])
    assert out.shape == (0, 1024)


@pytest.mark.parametrize("dimensions", [0, 128, 384, 1536])
def test_dimensions_outside_titan_v2_are_refused(dimensions):
    with pytest.raises(ValueError):
        BedrockTitanEmbedder(dimensions=dimensions)
    with pytest.raises(InvalidRequest) as info:
        make_embedder(f"{MODEL_ID}:{dimensions}")
    assert info.value.param == "definition.embedding_model"


def test_model_names_carry_non_default_dimensions():
    assert BedrockTitanEmbedder().model == MODEL_ID
    assert BedrockTitanEmbedder(dimensions=512).model == f"{MODEL_ID}:512"
    assert make_embedder(f"{MODEL_ID}:256").dimensions == 256


@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("ThrottlingException", 429),
        ("ServiceUnavailableException", 503),
        ("ModelTimeoutException", 408),
        ("AccessDeniedException", 403),
        ("ValidationException", 400),
        ("InternalServerException", 500),
    ],
)
def test_client_errors_become_dependency_unavailable(client, stubber, code, status):
    stubber.add_client_error(
        "invoke_model", service_error_code=code, service_message="secret details", http_status_code=status
    )
    with pytest.raises(DependencyUnavailable) as info:
        BedrockTitanEmbedder(client=client).embed(["my private memory"])
    assert isinstance(info.value.__cause__, ClientError)
    assert info.value.status == 503
    assert code in info.value.message
    assert "my private memory" not in info.value.message


def test_connection_errors_become_dependency_unavailable():
    client = make_client(retries={"total_max_attempts": 1})

    def refuse(**kwargs):
        raise EndpointConnectionError(endpoint_url="https://bedrock-runtime.us-east-1.amazonaws.com")

    client.meta.events.register("before-send.bedrock-runtime.InvokeModel", refuse)
    with pytest.raises(DependencyUnavailable) as info:
        BedrockTitanEmbedder(client=client).embed(["hello"])
    assert isinstance(info.value.__cause__, EndpointConnectionError)


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b'{"message": "no embedding here"}',
        b'{"embedding": [0.1, 0.2], "inputTextTokenCount": 1}',
        json.dumps({"embedding": [0.0] * 1024}).encode(),
        json.dumps({"embedding": ["a"] * 1024}).encode(),
    ],
)
def test_malformed_responses_become_dependency_unavailable(client, stubber, body):
    stubber.add_response(
        "invoke_model",
        {"body": StreamingBody(io.BytesIO(body), len(body)), "contentType": "application/json"},
        expected_params("hello", 1024),
    )
    with pytest.raises(DependencyUnavailable) as info:
        BedrockTitanEmbedder(client=client).embed(["hello"])
    assert not isinstance(info.value.__cause__, StubAssertionError), "the request itself was wrong"


def test_client_is_created_lazily_with_timeouts(monkeypatch):
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    embedder = BedrockTitanEmbedder(region_name="eu-west-1")
    assert embedder._client is None
    client = embedder.client
    assert client.meta.service_model.service_name == "bedrock-runtime"
    assert client.meta.region_name == "eu-west-1"
    assert client.meta.config.read_timeout == 10
    assert embedder.client is client
