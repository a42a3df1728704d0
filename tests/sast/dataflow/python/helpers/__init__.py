"""Shared helpers imported by the view modules of this directory."""
