# The two commands of the README's quick start. Each creates .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
VSCODE := editors/vscode
ARGS ?=

export LITELLM_LOCAL_MODEL_COST_MAP := True

.PHONY: run test setup lint typecheck contracts pytest node-test bench clean speech-tools

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,speech]'
	@touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/orkeon $(ARGS)

lint: setup
	$(BIN)/ruff check orkeon_engine orkeon_lsp orkeon_acp orkeon_speech devtools tests bench

typecheck: setup
	$(BIN)/mypy

contracts: setup
	$(BIN)/lint-imports

# The speech round trip needs espeak-ng, a system package: installed when it is missing and this user can
# (root with apt-get, non-interactive); otherwise the speech tests fail saying what is missing.
speech-tools:
	@command -v espeak-ng >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing espeak-ng with apt-get"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -q espeak-ng >/dev/null 2>&1 \
	      || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q espeak-ng >/dev/null 2>&1; } \
	      || echo "espeak-ng could not be installed; the speech tests will say what is missing"; \
	  else \
	    echo "espeak-ng is missing and cannot be installed here (not root, or no apt-get); the speech tests will say so"; \
	  fi; }

# pytest-xdist spreads the suite over the cores (-n auto); the slow end-to-end files run beside the unit tests.
pytest: setup speech-tools
	$(BIN)/python -m pytest -q -n auto

# The VS Code extension's test: node --test against a stub of the vscode module; `npm ci` installs its one
# dependency (vscode-languageclient, pinned by package-lock.json) when node_modules is missing or stale.
$(VSCODE)/node_modules/.package-lock.json: $(VSCODE)/package-lock.json
	npm ci --prefix $(VSCODE) --no-audit --no-fund --loglevel=error

node-test: $(VSCODE)/node_modules/.package-lock.json
	cd $(VSCODE) && node --test test/*.test.js

test: lint typecheck contracts pytest node-test

bench: setup
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV)
