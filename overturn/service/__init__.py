"""The HTTP service: a Starlette application over the table service, the game, the referees and the lexicon.

Modules: ``app`` (the factory: one router per area, middleware, the OpenAPI
document), ``routers/`` (one per area; ``tables`` is the table service's one
HTTP face), ``context`` (the state every request shares), ``params`` (typed,
bounded request parsing), ``answers`` (encoding an answer), ``errors`` (the
error shape and its codes), ``openapi`` (schema pieces derived from types),
``streams`` (a table's live stream), ``workers`` (bounded pools, the computer
players' processes, the solve cache), ``limits``, ``ratelimit``,
``descriptors`` (the file-descriptor budget), ``middleware``, ``httpguard``
(uvicorn with header limits), ``server`` (a background server for tests).
"""
