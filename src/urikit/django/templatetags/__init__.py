"""Django template libraries of urikit (``{% load urikit %}``)."""
