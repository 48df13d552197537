# pnpkit: `make demo` and `make test` bootstrap everything they need on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo >/dev/null && [ "$$(id -u)" != 0 ] && echo sudo)

.PHONY: demo test lint install lock tools check build serve bench pictures references clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[companion,postgres,spreadsheets,test]'
	touch $(STAMP)

install: $(STAMP)  ## Create .venv and install pnpkit with what the tests need, at the exact versions of constraints.txt.

# constraints.txt pins every package (and the packages they need) to one version, so that two machines render
# byte-identical files. `make lock` refreshes it after a change to the dependencies in pyproject.toml, keeping
# every pin that still fits; `make lock LOCK_FLAGS=--upgrade` moves everything to the newest versions.
# --unsafe-package pnpkit: the extras name pnpkit itself (pnpkit[companion]), which is installed from here, not pinned.
PIP_TOOLS := pip-tools==7.6.2 pip==25.2
LOCK_VENV := $(VENV)/lock-tools
LOCK_FLAGS ?=

lock:  ## Refresh constraints.txt from pyproject.toml with pip-tools (LOCK_FLAGS=--upgrade for the newest versions).
	[ -x $(LOCK_VENV)/bin/python ] || $(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet $(PIP_TOOLS)
	CUSTOM_COMPILE_COMMAND='make lock' $(LOCK_VENV)/bin/pip-compile --quiet --all-extras --strip-extras --no-emit-index-url --no-emit-find-links \
		--unsafe-package pnpkit \
		$(LOCK_FLAGS) --output-file constraints.txt pyproject.toml

tools:  ## System tools the tests use: pdftoppm (poppler-utils), Ghostscript (--cmyk, with its CMYK profile), a PostgreSQL server, Chromium.
	@missing=""; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	command -v gs >/dev/null || missing="$$missing ghostscript"; \
	ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null || missing="$$missing postgresql"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing with apt-get"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

check: install  ## Validate every bundled game's data.
	@for game in $$($(BIN)/python -c "from cardgen.gamedata import bundled_slugs; print(' '.join(bundled_slugs()))"); do \
		$(BIN)/cardgen check $$game >/dev/null || exit $$?; echo "$$game: data OK"; \
	done

build: check  ## Render every bundled game, in every format, into output/.
	$(BIN)/cardgen build --all --all-formats

demo: build  ## Install, render every bundled game into output/, then serve the companion on 127.0.0.1:5000.
	$(BIN)/cardgen games
	$(BIN)/companion serve --host 127.0.0.1 --port 5000

# ruff checks the rules chosen in pyproject.toml's [tool.ruff.lint] (ruff format is not used); mypy checks the
# types of cardgen and companion as [tool.mypy] says. Its cache is .mypy_cache, ruff's .ruff_cache.
lint: install  ## Lint the code (ruff) and check its types (mypy); `make test` runs this first.
	$(BIN)/ruff check .
	$(BIN)/mypy

test: install tools lint  ## Lint and type-check the code, then run the whole test suite.
	$(BIN)/python -m pytest

serve: install  ## Serve the companion on 127.0.0.1:5000 (SQLite in instance/).
	$(BIN)/companion serve --host 127.0.0.1 --port 5000

bench: install  ## Print the benchmark figures.
	$(BIN)/python benchmarks/pdf_throughput.py                              # flat and photographic art
	$(BIN)/python benchmarks/build_all.py                                   # cold, nothing changed, one cell changed
	$(BIN)/python benchmarks/png_throughput.py
	$(BIN)/python benchmarks/cmyk_throughput.py
	$(BIN)/python benchmarks/companion_load.py                              # 100 tables, 500 open pages
	$(BIN)/python benchmarks/companion_load.py --tables 200 --seconds 30    # 1,000 open pages
	$(BIN)/python benchmarks/companion_load.py --closed --seconds 20        # closed loop, raw insert rate
	$(BIN)/python benchmarks/half_open.py --half-open 8000 --seconds 30     # twice the cap held half-open
	$(BIN)/python benchmarks/views_cost.py                                  # summary and history: 100, 1,000, 15,000 events
	$(BIN)/python benchmarks/import_cost.py                                 # imports: linear in the log, bounded work
	$(BIN)/python benchmarks/simulate_throughput.py
	$(BIN)/python benchmarks/legal_playthroughs.py --games 1000   # random games over the legal moves (10,000 a game by default)

# The pictures of docs/players/ are the companion's pages at phone size, taken by the browser tests marked
# player_picture; `make test` writes them to a temporary folder only, so a test run never changes a tracked file.
pictures: install tools  ## Rebuild the pictures of docs/designers/images/ (from docs/designers/examples/) and of docs/players/.
	$(BIN)/python docs/designers/make_pictures.py
	PNPKIT_PLAYER_PICTURES=$(CURDIR)/docs/players $(BIN)/python -m pytest -q -p no:cacheprovider -m player_picture \
		tests/companion/test_table_*.py tests/companion/test_browser_tracker.py

references: install  ## Redraw the reference card images the tests compare with (tests/cardgen/reference/), after a meant change.
	$(BIN)/python -m tests.cardgen.reference.refresh

clean:  ## Remove the virtualenv and everything built.
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache
	find output -mindepth 1 ! -name README.md -exec rm -rf {} +
