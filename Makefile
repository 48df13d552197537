# pnpkit: `make demo` and `make test` bootstrap everything they need on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo >/dev/null && [ "$$(id -u)" != 0 ] && echo sudo)

.PHONY: demo test install tools check build bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)  ## Create .venv and install pnpkit with what the tests need.

tools:  ## System tools the tests use: pdftoppm (poppler-utils) to rasterize PDFs.
	@command -v pdftoppm >/dev/null || { \
		echo "installing poppler-utils (pdftoppm) with apt-get"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq poppler-utils >/dev/null; }

check: install  ## Validate every bundled game's data.
	@for game in $$($(BIN)/python -c "from cardgen.gamedata import bundled_slugs; print(' '.join(bundled_slugs()))"); do \
		$(BIN)/cardgen check $$game >/dev/null || exit $$?; echo "$$game: data OK"; \
	done

build: check  ## Render every bundled game into output/.
	$(BIN)/cardgen build --all

demo: build  ## Install, check and render every bundled game into output/, then list them.
	$(BIN)/cardgen games

test: install tools  ## Run the whole test suite.
	$(BIN)/python -m pytest

bench: install  ## Print the benchmark figures.
	$(BIN)/python benchmarks/pdf_throughput.py

clean:  ## Remove the virtualenv and everything built.
	rm -rf $(VENV) build dist *.egg-info
	find output -mindepth 1 ! -name README.md -exec rm -rf {} +
