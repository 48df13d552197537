"""The companion's version, as the command line and the OpenAPI document report it."""

__version__ = "0.1.0"
