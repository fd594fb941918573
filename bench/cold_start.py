"""Handler cold start: how long importing each functions/<name>/app.py takes in a fresh interpreter.

    PYTHONPATH=layers/memstore .venv/bin/python bench/cold_start.py [--runs 5] [--functions stores,items]
        [--variants default,xray-sdk] [--top 8] [--out FILE.json]

Every run is a new `python -c` process with the environment a deployed function has (TABLE_NAME,
AUTH_MODE=IAM, POWERTOOLS_*, region, fake credentials, PYTHONPATH=layers/memstore) and the
variables the Lambda runtime sets (AWS_LAMBDA_FUNCTION_NAME, AWS_EXECUTION_ENV, ...). Variants:
`default` is the template's default (XRaySdkTracing=Disabled: POWERTOOLS_TRACE_DISABLED=true);
`xray-sdk` is XRaySdkTracing=Enabled (Powertools' Tracer on, patching the AWS SDK at import);
`plain` leaves out the Lambda runtime's variables (as in tests).

Reported per handler: the import time measured inside the process (min and median of the runs),
the whole process's wall time (interpreter start to exit), and whether numpy, onnxruntime,
opensearchpy and boto3 (and botocore, pynamodb, aws_xray_sdk) are in sys.modules after the import. `--top N` adds, per handler, the N
slowest top-level imports from `python -X importtime`. Targets: stores and items < 400 ms,
search < 700 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FUNCTIONS = ("stores", "items", "updates", "search", "consolidate", "ingest", "indexer")
HEAVY = ("numpy", "onnxruntime", "opensearchpy", "boto3", "botocore", "pynamodb", "aws_xray_sdk")
TARGETS_MS = {"stores": 400, "items": 400, "search": 700}

PROBE = """
import importlib.util, json, sys, time
path, heavy = sys.argv[1], sys.argv[2].split(",")
started = time.perf_counter()
sys.path.insert(0, str(__import__("pathlib").Path(path).parent))
spec = importlib.util.spec_from_file_location("app", path)
module = importlib.util.module_from_spec(spec)
sys.modules["app"] = module
spec.loader.exec_module(module)
elapsed = (time.perf_counter() - started) * 1000
assert callable(getattr(module, "lambda_handler", None)), "no lambda_handler"
print(json.dumps({"import_ms": elapsed, "loaded": {m: m in sys.modules for m in heavy},
                  "modules": len(sys.modules)}))
"""


def environment(function: str, variant: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT / "layers" / "memstore"),
        "PYTHONDONTWRITEBYTECODE": "",
        "OMP_NUM_THREADS": "1",
        "TABLE_NAME": "memstore-MemoryTable-BENCH",
        "AUTH_MODE": "IAM",
        "VECTOR_BACKEND": "dynamodb",
        "DEFAULT_CHAT_MODEL": "amazon.nova-micro-v1:0",
        "DEFAULT_EMBEDDING_MODEL": "amazon.titan-embed-text-v2:0",
        "EVENT_BUS_NAME": "memstore-bus",
        "POWERTOOLS_SERVICE_NAME": "memstore",
        "POWERTOOLS_METRICS_NAMESPACE": "Memstore",
        "POWERTOOLS_LOG_LEVEL": "INFO",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
    }
    env.pop("PYTHONDONTWRITEBYTECODE")
    env["POWERTOOLS_TRACE_DISABLED"] = "false" if variant == "xray-sdk" else "true"
    if variant != "plain":
        env.update(
            {
                "AWS_LAMBDA_FUNCTION_NAME": f"memstore-{function}",
                "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "512",
                "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
                "AWS_EXECUTION_ENV": "AWS_Lambda_python3.11",
                "LAMBDA_TASK_ROOT": str(ROOT / "functions" / function),
                "_HANDLER": "app.lambda_handler",
            }
        )
    return env


def run_once(function: str, variant: str) -> dict[str, Any]:
    app = ROOT / "functions" / function / "app.py"
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(app), ",".join(HEAVY)],
        env=environment(function, variant),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    wall_ms = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"importing functions/{function}/app.py failed:\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["process_ms"] = wall_ms
    return result


def slowest_imports(function: str, variant: str, top: int) -> list[tuple[str, float]]:
    """The top-level packages that cost the most, by cumulative time, from `-X importtime`."""
    app = ROOT / "functions" / function / "app.py"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", PROBE, str(app), ",".join(HEAVY)],
        env=environment(function, variant),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    cumulative: dict[str, float] = {}
    for line in done.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if not line.startswith("import time:") or len(parts) != 3 or not parts[1].strip().isdigit():
            continue
        name = parts[2][1:]
        if not name.startswith(" "):
            cumulative[name] = cumulative.get(name, 0.0) + int(parts[1]) / 1000
    return sorted(cumulative.items(), key=lambda kv: -kv[1])[:top]


def measure(function: str, variant: str, runs: int) -> dict[str, Any]:
    samples = [run_once(function, variant) for _ in range(runs)]
    imports = [s["import_ms"] for s in samples]
    processes = [s["process_ms"] for s in samples]
    return {
        "import_min_ms": round(min(imports), 1),
        "import_median_ms": round(statistics.median(imports), 1),
        "process_median_ms": round(statistics.median(processes), 1),
        "modules": samples[-1]["modules"],
        "loaded": samples[-1]["loaded"],
        "target_ms": TARGETS_MS.get(function),
    }


def table(results: dict[str, dict[str, dict[str, Any]]]) -> str:
    rows = [
        "| handler | variant | import min ms | import median ms | process median ms | target | "
        + " | ".join(HEAVY)
        + " |",
        "|---|---|---:|---:|---:|---|" + "---|" * len(HEAVY),
    ]
    for function, by_variant in results.items():
        for variant, r in by_variant.items():
            target = r["target_ms"]
            verdict = (
                ""
                if target is None
                else (f"< {target} ok" if r["import_median_ms"] < target else f"< {target} MISSED")
            )
            loaded = " | ".join("yes" if r["loaded"][m] else "no" for m in HEAVY)
            rows.append(
                f"| {function} | {variant} | {r['import_min_ms']} | {r['import_median_ms']} | "
                f"{r['process_median_ms']} | {verdict} | {loaded} |"
            )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--functions", default=",".join(FUNCTIONS))
    parser.add_argument(
        "--variants", default="default,xray-sdk", help="default, xray-sdk, plain (comma-separated)"
    )
    parser.add_argument("--top", type=int, default=0, help="also list the N slowest imports per handler")
    parser.add_argument("--out", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()
    functions = [f.strip() for f in args.functions.split(",") if f.strip()]
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]

    results: dict[str, dict[str, dict[str, Any]]] = {}
    for function in functions:
        if not (ROOT / "functions" / function / "app.py").is_file():
            print(f"functions/{function}/app.py not found: skipped", file=sys.stderr)
            continue
        results[function] = {}
        for variant in variants:
            results[function][variant] = measure(function, variant, args.runs)
            if args.top:
                results[function][variant]["slowest_imports"] = slowest_imports(function, variant, args.top)
            print(
                f"  {function:<12} {variant:<7} import median "
                f"{results[function][variant]['import_median_ms']} ms",
                file=sys.stderr,
            )

    print(table(results), flush=True)
    if args.top:
        for function, by_variant in results.items():
            for variant, r in by_variant.items():
                slow = ", ".join(f"{name} {ms:.0f}" for name, ms in r["slowest_imports"])
                print(f"\n{function} ({variant}) slowest top-level imports, cumulative ms: {slow}")
    print(
        f"\npython {sys.version.split()[0]}; {os.cpu_count()} CPUs; load average "
        f"{os.getloadavg()[0]:.2f}; {args.runs} fresh processes per row"
    )
    if args.out:
        args.out.write_text(json.dumps({"runs": args.runs, "results": results}, indent=2))


if __name__ == "__main__":
    main()
