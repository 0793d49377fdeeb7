"""The shared table: games held by the server, seats with secret links, a log of moves, live updates.

Layers, from the bottom: ``record`` (the value types a store keeps and the
seat tokens), ``store`` (one interface and one SQL schema) with its two
back ends ``sqlite_store`` and ``postgres_store``, ``seating`` (an Overturn
game at a table: whose seat moves, what a seat sees), ``board_seating``
(a referee's game at a table, with ``board_base``, ``board_marks`` and each
game's adapter ``overload_table``, ``offboard_table``, ``insider_table``,
registered in ``games``) and ``hub`` (the live
fan-out to open streams, bounded). The HTTP side lives in
``overturn.service.routers.table``; nothing here imports the service.
"""
