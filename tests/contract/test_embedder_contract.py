"""The contract every `Embedder` adapter must keep, run against each of them.

Titan runs on a real boto3 `bedrock-runtime` client with botocore's Stubber: each expected call is
queued with the exact request the adapter must send and a realistic response whose vector is a
deterministic function of the text (deliberately not unit length, so re-normalisation is tested).
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import boto3
import numpy as np
import pytest
from botocore.response import StreamingBody
from botocore.stub import Stubber

from memstore.adapters.bedrock_embedder import MODEL_ID, BedrockTitanEmbedder
from memstore.adapters.embedders import KNOWN_EMBEDDING_MODELS, embedding_dimensions, make_embedder
from memstore.adapters.local_embedder import LocalMiniLMEmbedder
from memstore.domain.errors import InvalidRequest
from memstore.ports.embedder import Embedder

pytestmark = pytest.mark.contract


def titan_response(text: str, dimensions: int) -> dict:
    """What InvokeModel returns for Titan v2: a streaming JSON body with the vector and token count."""
    seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")
    vector = (np.random.default_rng(seed).standard_normal(dimensions) * 3.0).tolist()
    raw = json.dumps({"embedding": vector, "inputTextTokenCount": max(1, len(text.split()))}).encode()
    return {"body": StreamingBody(io.BytesIO(raw), len(raw)), "contentType": "application/json"}


@dataclass
class Case:
    embedder: Embedder
    expect: Callable[[Sequence[str]], None] = lambda texts: None
    done: Callable[[], None] = lambda: None
    stubbers: list[Stubber] = field(default_factory=list)


@pytest.fixture(scope="module")
def minilm(tmp_path_factory) -> LocalMiniLMEmbedder:
    embedder = LocalMiniLMEmbedder(cache_dir=tmp_path_factory.mktemp("model-cache"))
    embedder.warm_up()
    return embedder


def _titan_case(dimensions: int) -> Case:
    client = boto3.client(
        "bedrock-runtime",
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    stubber = Stubber(client)
    embedder = BedrockTitanEmbedder(dimensions=dimensions, client=client)

    def expect(texts: Sequence[str]) -> None:
        for text in texts:
            body = {"inputText": text[: embedder.max_chars], "dimensions": dimensions, "normalize": True}
            stubber.add_response(
                "invoke_model",
                titan_response(text, dimensions),
                {
                    "modelId": MODEL_ID,
                    "contentType": "application/json",
                    "accept": "application/json",
                    "body": json.dumps(body),
                },
            )

    stubber.activate()
    return Case(embedder, expect, stubber.assert_no_pending_responses, [stubber])


CASES = [
    "all-MiniLM-L6-v2",
    "memstore-hashing",
    "amazon.titan-embed-text-v2:0",
    "amazon.titan-embed-text-v2:0:256",
]


@pytest.fixture(params=CASES)
def case(request, minilm) -> Iterator[Case]:
    name = request.param
    if name == "all-MiniLM-L6-v2":
        c = Case(minilm)
    elif name.startswith(MODEL_ID):
        c = _titan_case(embedding_dimensions(name))
    else:
        c = Case(make_embedder(name))
    yield c
    for stubber in c.stubbers:
        stubber.deactivate()


def embed(case: Case, texts: Sequence[str]) -> np.ndarray:
    case.expect(texts)
    out = case.embedder.embed(texts)
    case.done()
    return out


def assert_unit_rows(vectors: np.ndarray, n: int, dimensions: int) -> None:
    assert vectors.shape == (n, dimensions)
    assert vectors.dtype == np.float32
    assert np.all(np.isfinite(vectors))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


TEXTS = ["I prefer dark roast coffee", "My sister lives in Lisbon", "Call me Sam, not Samuel"]


def test_names_and_dimensions_agree_with_the_factory(case):
    assert case.embedder.model in KNOWN_EMBEDDING_MODELS
    assert case.embedder.dimensions == embedding_dimensions(case.embedder.model)


def test_shape_dtype_and_unit_norm(case):
    assert_unit_rows(embed(case, TEXTS), len(TEXTS), case.embedder.dimensions)


def test_deterministic(case):
    np.testing.assert_array_equal(embed(case, TEXTS), embed(case, TEXTS))


def test_different_texts_get_different_vectors(case):
    a, b, c = embed(case, TEXTS)
    assert max(float(a @ b), float(a @ c), float(b @ c)) < 0.99


def test_batch_equals_one_by_one(case):
    texts = [*TEXTS, "ok", "a considerably longer sentence, so that the batch needs padding to line up"]
    batched = embed(case, texts)
    singles = np.vstack([embed(case, [t]) for t in texts])
    np.testing.assert_allclose(batched, singles, atol=1e-5)


def test_empty_list(case):
    out = embed(case, [])
    assert out.shape == (0, case.embedder.dimensions)
    assert out.dtype == np.float32


def test_unicode_input(case):
    texts = [
        "Ich trinke gern Kaffee ☕",
        "我喜欢喝咖啡",
        "مرحبا بالعالم",
        "emoji only 🎉🎉",
        "tab\tand\nnewline",
    ]
    out = embed(case, texts)
    assert_unit_rows(out, len(texts), case.embedder.dimensions)
    assert len({row.tobytes() for row in out}) == len(texts)


def test_long_input_is_truncated_without_error(case):
    long_text = "the user said many things about their garden and their dog " * 800
    assert len(long_text) > 40_000
    assert_unit_rows(embed(case, [long_text, "short"]), 2, case.embedder.dimensions)


def test_a_bare_string_is_refused(case):
    with pytest.raises(TypeError):
        case.embedder.embed("not a list")


def test_unknown_model_is_an_invalid_request():
    for name in ["text-embedding-3-small", "amazon.titan-embed-text-v2:0:384", "", "ALL-MINILM-L6-V2"]:
        with pytest.raises(InvalidRequest) as info:
            make_embedder(name)
        assert info.value.param == "definition.embedding_model"
        assert info.value.status == 400
        with pytest.raises(InvalidRequest):
            embedding_dimensions(name)


def test_factory_builds_each_known_model_with_its_dimensions():
    client = boto3.client(
        "bedrock-runtime",
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    for name in KNOWN_EMBEDDING_MODELS:
        embedder = make_embedder(name, bedrock_runtime=client)
        assert embedder.model == name
        assert embedder.dimensions == embedding_dimensions(name)
        if isinstance(embedder, BedrockTitanEmbedder):
            assert embedder.client is client
    assert embedding_dimensions("amazon.titan-embed-text-v2:0") == 1024
    assert embedding_dimensions("amazon.titan-embed-text-v2:0:512") == 512
    assert embedding_dimensions("all-MiniLM-L6-v2") == 384


def test_factory_passes_the_model_cache_dir(tmp_path):
    embedder = make_embedder("all-MiniLM-L6-v2", model_cache_dir=tmp_path)
    assert isinstance(embedder, LocalMiniLMEmbedder)
    assert embedder.onnx_path is None, "the model must load lazily"
    embedder.warm_up()
    assert embedder.onnx_path is not None and embedder.onnx_path.parent == tmp_path
