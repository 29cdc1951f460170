# The two commands a new user needs: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STORE  ?= .cvgraph/store
HOST   ?= 127.0.0.1
PORT   ?= 8000

comma := ,
.PHONY: run test install install-test build serve bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[test]'
	sh scripts/install-browser.sh
	sh scripts/install-virtuoso.sh
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

build: install
	$(BIN)/cvgraph build data/cvs --store $(STORE) || true

run: build
	$(BIN)/cvgraph serve --store $(STORE) --host $(HOST) --port $(PORT)

test: install-test
	$(BIN)/python -m pytest

BENCH_SIZES ?= 1000,10000
bench: install
	$(BIN)/pip install --quiet -e '.[bench]'
	sh scripts/install-virtuoso.sh
	$(BIN)/python -m bench.run --sizes $(BENCH_SIZES) --reps 5 --rdflib-max 10000 --virtuoso-build-max 1000
	$(BIN)/python -m bench.incremental .bench/n$(lastword $(subst $(comma), ,$(BENCH_SIZES)))/store --out bench/results
	$(BIN)/python -m bench.link_bench --sizes 1000,10000,100000 --seed 1

clean:
	rm -rf .cvgraph $(VENV) build *.egg-info
