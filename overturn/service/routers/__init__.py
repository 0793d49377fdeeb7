"""One router per area of the service; each declares its ``ENDPOINTS`` (``overturn.service.openapi.Endpoint``), whose routes and OpenAPI operations the app makes.

``dictionary`` and ``searches`` (words), ``solve`` (deals and solves),
``referee`` (a disputed word), ``game`` (a whole game, the server stateless),
``review``, ``tables`` (every game's shared table, through
``overturn.table.service``), ``page`` (the pages and their files: plain ``ROUTES``, outside the API), ``status``
(health, lexicons, ``/api/meta``, the OpenAPI document).
"""
