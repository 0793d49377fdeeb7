"""`python -m overturn_cli` runs the command line (used by the start-up benchmark)."""

from overturn_cli.main import main

main()
