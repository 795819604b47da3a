# The two commands of the README's quick start. Each creates .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
VSCODE := editors/vscode
ARGS ?=

export LITELLM_LOCAL_MODEL_COST_MAP := True

.PHONY: run test setup lint typecheck contracts pytest node-test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/orkeon $(ARGS)

lint: setup
	$(BIN)/ruff check orkeon_engine orkeon_lsp orkeon_acp devtools tests bench

typecheck: setup
	$(BIN)/mypy

contracts: setup
	$(BIN)/lint-imports

# pytest-xdist spreads the suite over the cores (-n auto); the slow end-to-end files run beside the unit tests.
pytest: setup
	$(BIN)/python -m pytest -q -n auto

# The VS Code extension: `npm ci` installs what package-lock.json pins (vscode-languageclient, and esbuild and
# @vscode/vsce to build) when node_modules is missing or stale; `npm run package` bundles the extension and
# packs editors/vscode/orkeon.vsix; node --test then runs against a stub of the vscode module and checks the
# .vsix.
$(VSCODE)/node_modules/.package-lock.json: $(VSCODE)/package-lock.json
	npm ci --prefix $(VSCODE) --no-audit --no-fund --loglevel=error

node-test: $(VSCODE)/node_modules/.package-lock.json
	cd $(VSCODE) && npm run --silent package && node --test test/*.test.js

test: lint typecheck contracts pytest node-test

bench: setup
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV)
