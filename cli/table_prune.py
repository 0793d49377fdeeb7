"""`overturn table prune`: remove the tables nobody plays any more from a store, as the server does on its schedule.

It drives the table service directly on the store (no server needed), with
the same rule: no move for ``--idle-days``, or finished and no move for
``--finished-days``, or made ``--unclaimed-hours`` ago and neither joined by a
phone nor moved at. A finished Overturn table is read back with its lexicon.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TypeVar

import click

from overturn_cli.common import Seconds

T = TypeVar("T")


async def _inline(job: Callable[[], T], what: str) -> T:
    return job()


@click.command("prune", context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.option("--store", "store_spec", default=None, help="The table store (default: the one `overturn serve` uses).")
@click.option("--idle-days", type=Seconds(0, unit="days"), default=30.0, help="Remove a table with no move for this many days.")
@click.option("--finished-days", type=Seconds(0, unit="days"), default=7.0, help="Remove a finished table with no move for this many days.")
@click.option(
    "--unclaimed-hours", type=Seconds(0, unit="hours"), default=6.0, help="Remove a table no phone joined and no one moved at, this many hours after it was made."
)
@click.option("--dry-run", is_flag=True, help="Only list what would be removed.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: the removed ids.")
def prune(store_spec: str | None, idle_days: float, finished_days: float, unclaimed_hours: float, dry_run: bool, as_json: bool) -> None:
    """Remove the tables nobody plays any more (the server also does it every few hours).

    \b
      overturn table prune --dry-run              what would go, from the default store
      overturn table prune --idle-days 60         keep unfinished tables two months
    """
    from overturn.lexicon.registry import load_lexicon
    from overturn.table.backends import open_store
    from overturn.table.errors import TableRefusal
    from overturn.table.hub import Hub
    from overturn.table.record import StoreError
    from overturn.table.service import TableService
    from overturn_cli.serve import default_store

    spec = store_spec or default_store()
    try:
        store = open_store(spec)
    except StoreError as exc:
        raise click.UsageError(f"cannot open the table store: {exc}") from None
    service = TableService(store, Hub(1, 1), load_lexicon, _inline, _inline)
    try:
        pruned = asyncio.run(service.prune(idle_days * 86400.0, finished_days * 86400.0, dry_run=dry_run, unclaimed=unclaimed_hours * 3600.0))
    except (StoreError, TableRefusal) as exc:
        raise click.ClickException(f"the table store failed: {exc}") from None
    finally:
        store.close()
    if as_json:
        click.echo(json.dumps({"removed": pruned.removed, "kept": pruned.kept, "dry_run": dry_run}))
        return
    verb = "would remove" if dry_run else "removed"
    count = len(pruned.removed)
    click.echo(f"{verb} {count} table{'s' if count != 1 else ''}; {pruned.kept} quiet table{'s' if pruned.kept != 1 else ''} kept (not finished, not idle long enough)")
    for table_id in pruned.removed:
        click.echo(f"  {table_id}")
