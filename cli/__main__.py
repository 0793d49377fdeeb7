"""`python -m overturn_cli` runs the command line as the `overturn` script does (used by the start-up benchmark)."""

from overturn_cli.entry import run

run()
