"""One router per area of the service; each exposes ``ROUTES`` and its part of the OpenAPI document."""
