"""Run the companion command line as `python -m companion`."""

from companion.cli import main

main()
