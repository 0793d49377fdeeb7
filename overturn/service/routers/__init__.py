"""One router per area of the service; each exposes ``ROUTES`` and its part of the OpenAPI document.

``dictionary`` and ``searches`` (words), ``solve`` (deals and solves),
``referee`` (a disputed word), ``game`` (a whole game, the server stateless),
``review``, ``tables`` (every game's shared table, through
``overturn.table.service``), ``page`` (the pages and their files), ``status``
(health, lexicons, ``/api/meta``, the OpenAPI document).
"""
