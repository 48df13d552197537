# pnpkit: `make demo` and `make test` bootstrap everything they need on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test install check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)  ## Create .venv and install pnpkit with what the tests need.

check: install  ## Validate every bundled game's data.
	@for game in $$($(BIN)/python -c "from cardgen.gamedata import bundled_slugs; print(' '.join(bundled_slugs()))"); do \
		$(BIN)/cardgen check $$game || exit $$?; echo; \
	done

demo: check  ## Install, check every bundled game and list them.
	$(BIN)/cardgen games

test: install  ## Run the whole test suite.
	$(BIN)/python -m pytest

clean:  ## Remove the virtualenv and everything built.
	rm -rf $(VENV) build dist *.egg-info
	find output -mindepth 1 ! -name README.md -exec rm -rf {} +
