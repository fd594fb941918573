"""Local embedder latency on one thread: single short queries and 64-sentence batches, fp32 vs int8.

    OMP_NUM_THREADS=1 PYTHONPATH=layers/memstore .venv/bin/python bench/embed_latency.py [--rounds N]

Also prints the first-start cost (building the ONNX file) against a warm start (loading it from the
cache), and how far int8 vectors are from fp32 ones.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

import numpy as np

from memstore.adapters.local_embedder import VARIANTS, LocalMiniLMEmbedder

QUERIES = [
    "what coffee do I like?",
    "where does my sister live",
    "allergies",
    "remind me what I said about the trip to Porto",
    "my preferred name",
    "which projects am I working on this quarter?",
    "favourite restaurant",
    "does the user have kids",
]
SENTENCES = [
    f"The user mentioned {topic} during conversation number {i}, and wants it remembered."
    for i, topic in enumerate(
        [
            "dark roast coffee",
            "a sister in Lisbon",
            "a peanut allergy",
            "the Porto trip",
            "running",
            "a deadline on Friday",
            "learning Portuguese",
            "their dog Max",
        ]
        * 8
    )
]


def percentiles(samples_ms: list[float]) -> str:
    ordered = sorted(samples_ms)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"p50 {p50:7.2f} ms  p95 {p95:7.2f} ms"


def timed(fn, rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def measure(embedder: LocalMiniLMEmbedder, rounds: int) -> tuple[list[float], list[float]]:
    for q in QUERIES:
        embedder.embed([q])
    embedder.embed(SENTENCES)
    queries = iter(QUERIES * (rounds // len(QUERIES) + 1))
    single = timed(lambda: embedder.embed([next(queries)]), rounds)
    batch = timed(lambda: embedder.embed(SENTENCES), max(5, rounds // 20))
    return single, batch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="single-query runs (batches: rounds / 20)")
    args = parser.parse_args()

    vectors = {}
    with tempfile.TemporaryDirectory() as cache:
        for variant in VARIANTS:
            start = time.perf_counter()
            LocalMiniLMEmbedder(cache_dir=cache, variant=variant).warm_up()
            cold = (time.perf_counter() - start) * 1000
            embedder = LocalMiniLMEmbedder(cache_dir=cache, variant=variant)
            start = time.perf_counter()
            embedder.warm_up()
            warm = (time.perf_counter() - start) * 1000

            single, batch = measure(embedder, args.rounds)
            vectors[variant] = embedder.embed(SENTENCES + QUERIES)

            print(f"{variant}: first start (build + load) {cold:6.0f} ms, cached start {warm:6.0f} ms")
            print(f"  single query      {percentiles(single)}")
            per_text = statistics.median(batch) / len(SENTENCES)
            print(f"  batch of {len(SENTENCES)}       {percentiles(batch)}  ({per_text:.2f} ms a text)")

    cos = (vectors["fp32"] * vectors["int8"]).sum(axis=1)
    print(f"int8 vs fp32 cosine: min {cos.min():.5f}  mean {np.mean(cos):.5f}")


if __name__ == "__main__":
    main()
