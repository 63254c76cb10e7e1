"""Adapters translate the five operations to one environment's native API."""
