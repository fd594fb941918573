"""The OpenAPI document of the HTTP API, generated from the functions' Powertools resolvers and
template.yaml's routes (`python -m memstore_openapi` writes docs/openapi.json). Never imported by
a handler."""
