"""Pure domain: models, errors and policies. No AWS SDKs, no environment."""
