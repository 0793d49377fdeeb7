"""The `overturn` command line (installed as the `overturn_cli` package)."""
