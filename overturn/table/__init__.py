"""The shared table: one game held by the server, a seat per phone, live, for all four games. No HTTP in it.

The authority is ``service`` (``TableService``): it loads a table at a
version, has its game judge a move, commits it under the version check,
publishes it once, and plays the server's own moves (computer seats, timers,
moves relayed from other processes). Each game joins through the one contract
of ``contract`` (its view built up for a seat, its moves, its clock), listed
in ``games``: Overturn by ``seating``, the three referees by ``board_seating``
(the generic part, with ``board_base`` and ``board_marks``) and each one's own
adapter, ``overload_table``, ``offboard_table``, ``insider_table``.
``views`` holds every view and answer as a Struct, ``errors`` the refusals.
Below: ``record`` (a table, its seats, their token digests), ``store`` with
``sqlite_store`` and ``postgres_store`` (one schema, ordered migrations, the
version-checked commit), ``backends`` (a ``--store`` value to a store),
``cache`` (games and views kept per version) and ``hub`` (live fan-out to
bounded streams). The HTTP face is ``overturn.service.routers.tables``.
"""
