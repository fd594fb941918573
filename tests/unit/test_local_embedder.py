"""The local all-MiniLM-L6-v2 embedder: the ONNX graph against the numpy reference, the committed
reference vectors, and what the vectors mean.

The fixture tests/fixtures/minilm_reference.json was computed once by the numpy reference
(`python tests/unit/test_local_embedder.py --regenerate`); it pins tokenisation and the BERT math,
so a change to either shows up here rather than as quietly worse search results.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from memstore.adapters import local_embedder
from memstore.adapters.local_embedder import LocalMiniLMEmbedder
from tests import minilm_numpy

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "minilm_reference.json"
FIXTURE_SENTENCES = [
    "A man is eating food.",
    "A man is eating a piece of bread.",
    "I prefer dark roast coffee",
    "Please order my usual coffee",
    "Mon médecin m'a conseillé de marcher 30 minutes par jour.",
]
VARIED = [
    "hi",
    "My daughter's birthday is on March 3rd and she loves horses.",
    "Remind me to water the plants every Friday morning before work, unless it rained.",
    "我喜欢喝咖啡",
    "def f(x): return x ** 2  # squares",
]


def reference(weights, token_ids: list[list[int]]) -> np.ndarray:
    """The numpy reference on one padded batch, exercising its attention mask."""
    width = max(len(t) for t in token_ids)
    ids = np.zeros((len(token_ids), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    for row, t in enumerate(token_ids):
        ids[row, : len(t)] = t
        mask[row, : len(t)] = 1
    return minilm_numpy.encode(weights, ids, mask)


def cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("model-cache")


@pytest.fixture(scope="module")
def weights():
    return local_embedder.load_weights(local_embedder.model_dir())


@pytest.fixture(scope="module")
def fp32(cache_dir) -> LocalMiniLMEmbedder:
    embedder = LocalMiniLMEmbedder(cache_dir=cache_dir, variant="fp32")
    embedder.warm_up()
    return embedder


@pytest.fixture(scope="module")
def int8(cache_dir) -> LocalMiniLMEmbedder:
    embedder = LocalMiniLMEmbedder(cache_dir=cache_dir, variant="int8")
    embedder.warm_up()
    return embedder


@pytest.fixture(scope="module")
def fixture_data() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_default_variant_is_int8():
    assert LocalMiniLMEmbedder().variant == "int8"


def test_onnx_fp32_matches_numpy_reference(fp32, weights):
    expected = reference(weights, fp32.tokenize(VARIED))
    got = fp32.embed(VARIED)
    assert cosines(got, expected).min() >= 0.9999
    np.testing.assert_allclose(got, expected, atol=2e-4)


def test_onnx_int8_stays_close_to_numpy_reference(int8, weights):
    expected = reference(weights, int8.tokenize(VARIED))
    assert cosines(int8.embed(VARIED), expected).min() >= 0.995


def test_numpy_reference_ignores_padding(weights, fp32):
    token_ids = fp32.tokenize(VARIED)
    batched = reference(weights, token_ids)
    one_by_one = np.vstack([reference(weights, [t]) for t in token_ids])
    np.testing.assert_allclose(batched, one_by_one, atol=1e-6)


def test_fixture_pins_tokenizer_and_reference(fixture_data, fp32, weights):
    texts = [s["text"] for s in fixture_data["sentences"]]
    assert fixture_data["model"] == "all-MiniLM-L6-v2"
    assert fixture_data["weights_sha256"] == local_embedder.weights_digest(
        local_embedder.model_dir() / "model.safetensors"
    )
    assert fp32.tokenize(texts) == [s["input_ids"] for s in fixture_data["sentences"]]
    stored = np.array([s["embedding"] for s in fixture_data["sentences"]], dtype=np.float32)
    recomputed = np.vstack([reference(weights, [s["input_ids"]]) for s in fixture_data["sentences"]])
    np.testing.assert_allclose(recomputed, stored, atol=1e-6)


def test_onnx_matches_committed_fixture(fixture_data, fp32, int8):
    texts = [s["text"] for s in fixture_data["sentences"]]
    stored = np.array([s["embedding"] for s in fixture_data["sentences"]], dtype=np.float32)
    assert cosines(fp32.embed(texts), stored).min() >= 0.9999
    assert cosines(int8.embed(texts), stored).min() >= 0.995


@pytest.mark.parametrize("variant", ["fp32", "int8"])
def test_vectors_mean_what_they_say(variant, fp32, int8):
    embedder = fp32 if variant == "fp32" else int8
    food, bread, dark_roast, usual_coffee, unrelated = embedder.embed(
        [
            "A man is eating food.",
            "A man is eating a piece of bread.",
            "I prefer dark roast coffee",
            "Please order my usual coffee",
            "The quarterly tax filing deadline is in April.",
        ]
    )
    # Published similarity for this pair with all-MiniLM-L6-v2 is ~0.755.
    assert 0.72 <= float(food @ bread) <= 0.80
    assert float(dark_roast @ usual_coffee) > float(dark_roast @ unrelated) + 0.3
    assert float(usual_coffee @ dark_roast) > float(usual_coffee @ food)


def test_long_input_is_truncated_to_256_tokens(fp32):
    long_text = "remember this " * 1000
    (ids,) = fp32.tokenize([long_text])
    assert len(ids) == local_embedder.MAX_TOKENS == 256
    assert ids[0] == 101 and ids[-1] == 102
    # Everything past the limit is dropped, so a longer tail changes nothing.
    np.testing.assert_array_equal(fp32.embed([long_text]), fp32.embed([long_text + " and more " * 500]))


def test_built_model_is_cached_and_reused(tmp_path, monkeypatch):
    first = LocalMiniLMEmbedder(cache_dir=tmp_path, variant="fp32")
    first.warm_up()
    assert first.onnx_path is not None and first.onnx_path.parent == tmp_path
    digest = local_embedder.weights_digest(local_embedder.model_dir() / "model.safetensors")[:16]
    assert digest in first.onnx_path.name and first.onnx_path.name.endswith("-fp32.onnx")
    assert [p.name for p in tmp_path.iterdir()] == [first.onnx_path.name]

    def must_not_build(*args, **kwargs):
        raise AssertionError("the cached model should have been reused")

    monkeypatch.setattr(local_embedder, "build_onnx_model", must_not_build)
    second = LocalMiniLMEmbedder(cache_dir=tmp_path, variant="fp32")
    second.warm_up()
    assert second.onnx_path == first.onnx_path
    np.testing.assert_array_equal(first.embed(["same model"]), second.embed(["same model"]))


def test_corrupt_cache_file_is_rebuilt(tmp_path, fp32):
    assert fp32.onnx_path is not None
    (tmp_path / fp32.onnx_path.name).write_bytes(fp32.onnx_path.read_bytes()[:4096])
    embedder = LocalMiniLMEmbedder(cache_dir=tmp_path, variant="fp32")
    np.testing.assert_array_equal(embedder.embed(["still works"]), fp32.embed(["still works"]))
    assert (tmp_path / fp32.onnx_path.name).stat().st_size == fp32.onnx_path.stat().st_size


def test_unwritable_cache_dir_falls_back_to_temp(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    chosen = local_embedder.writable_cache_dir(blocker / "cache")
    assert chosen != blocker / "cache"
    assert os.access(chosen, os.W_OK)


def test_cache_dir_comes_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("MEMSTORE_MODEL_CACHE", str(tmp_path))
    assert local_embedder.default_cache_dir() == tmp_path
    monkeypatch.delenv("MEMSTORE_MODEL_CACHE")
    assert local_embedder.default_cache_dir() == Path.home() / ".cache" / "memstore"


def test_unknown_variant_is_rejected():
    with pytest.raises(ValueError):
        LocalMiniLMEmbedder(variant="fp16")


def test_importing_is_cheap_and_loading_is_lazy():
    code = (
        "import sys\n"
        "import memstore.adapters.embedders as f\n"
        "assert 'numpy' not in sys.modules, 'factory imported numpy'\n"
        "e = f.make_embedder('all-MiniLM-L6-v2')\n"
        "heavy = {'onnxruntime', 'onnx', 'tokenizers', 'safetensors', 'boto3'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
        "assert e.dimensions == 384\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(local_embedder.__file__).resolve().parents[2])}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr


def _regenerate() -> None:
    directory = local_embedder.model_dir()
    tokenizer = local_embedder.load_tokenizer(directory)
    weights = local_embedder.load_weights(directory)
    sentences = []
    for text in FIXTURE_SENTENCES:
        ids = tokenizer.encode(text).ids
        vector = reference(weights, [ids])[0]
        sentences.append({"text": text, "input_ids": ids, "embedding": [round(float(x), 8) for x in vector]})
    data = {
        "model": "all-MiniLM-L6-v2",
        "weights_sha256": local_embedder.weights_digest(directory / "model.safetensors"),
        "computed_by": "tests.minilm_numpy (float64, exact erf), one sentence per batch",
        "sentences": sentences,
    }
    rows = ",\n".join("  " + json.dumps(s, ensure_ascii=False) for s in sentences)
    header = json.dumps({k: v for k, v in data.items() if k != "sentences"}, ensure_ascii=False, indent=1)
    FIXTURE.write_text(f'{header[:-2]},\n "sentences": [\n{rows}\n ]\n}}\n', encoding="utf-8")


if __name__ == "__main__" and "--regenerate" in sys.argv:
    _regenerate()
