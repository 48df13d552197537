"""Run the cardgen command line as `python -m cardgen`."""

from cardgen.cli import main

main()
