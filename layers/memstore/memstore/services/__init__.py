"""Use cases. Each service takes its ports in __init__ and knows no AWS SDK."""
