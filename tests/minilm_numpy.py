"""A plain numpy BERT encoder for all-MiniLM-L6-v2, written as the textbook math.

It exists to check the ONNX graph that `local_embedder` builds: both read the same safetensors
weights, and this one computes in float64 with an exact erf, one obvious step after another. It is
far too slow to serve queries (tens of milliseconds each) and is never used to.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

NUM_LAYERS = 6
NUM_HEADS = 12
LAYER_NORM_EPS = 1e-12

_erf = np.frompyfunc(math.erf, 1, 1)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + LAYER_NORM_EPS) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)).astype(np.float64))


def _linear(x: np.ndarray, w: Mapping[str, np.ndarray], prefix: str) -> np.ndarray:
    """torch.nn.Linear: weight is (out, in)."""
    return x @ w[f"{prefix}.weight"].T + w[f"{prefix}.bias"]


def encode(
    weights: Mapping[str, np.ndarray], input_ids: np.ndarray, attention_mask: np.ndarray
) -> np.ndarray:
    """Sentence embeddings, shape (batch, hidden), float32, unit length.

    `input_ids` and `attention_mask` are (batch, seq) integer arrays; padded positions have mask 0.
    Token type ids are all zero, as for single-sentence inputs.
    """
    w = {k: v.astype(np.float64) for k, v in weights.items() if v.dtype != np.int64}
    ids = np.asarray(input_ids, dtype=np.int64)
    mask = np.asarray(attention_mask, dtype=np.float64)
    batch, seq = ids.shape

    x = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][:seq][None, :, :]
        + w["embeddings.token_type_embeddings.weight"][0][None, None, :]
    )
    x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    hidden = x.shape[-1]
    head_dim = hidden // NUM_HEADS
    mask_bias = (1.0 - mask)[:, None, None, :] * np.finfo(np.float32).min

    def heads(t: np.ndarray) -> np.ndarray:
        return t.reshape(batch, seq, NUM_HEADS, head_dim).transpose(0, 2, 1, 3)

    for i in range(NUM_LAYERS):
        p = f"encoder.layer.{i}"
        q = heads(_linear(x, w, f"{p}.attention.self.query"))
        k = heads(_linear(x, w, f"{p}.attention.self.key"))
        v = heads(_linear(x, w, f"{p}.attention.self.value"))
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head_dim) + mask_bias
        scores = scores - scores.max(axis=-1, keepdims=True)
        probs = np.exp(scores)
        probs = probs / probs.sum(axis=-1, keepdims=True)
        context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, hidden)
        attn = _linear(context, w, f"{p}.attention.output.dense")
        x = _layer_norm(
            attn + x, w[f"{p}.attention.output.LayerNorm.weight"], w[f"{p}.attention.output.LayerNorm.bias"]
        )
        ffn = _linear(_gelu(_linear(x, w, f"{p}.intermediate.dense")), w, f"{p}.output.dense")
        x = _layer_norm(ffn + x, w[f"{p}.output.LayerNorm.weight"], w[f"{p}.output.LayerNorm.bias"])

    summed = (x * mask[:, :, None]).sum(axis=1)
    counts = np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
    mean = summed / counts
    norms = np.maximum(np.linalg.norm(mean, axis=1, keepdims=True), 1e-12)
    return (mean / norms).astype(np.float32)
