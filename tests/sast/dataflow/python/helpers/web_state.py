"""Redirect targets, user preferences and the formula calculator."""
import re

SAFE_PATHS = {"/", "/dashboard", "/account", "/orders"}
THEMES = ("light", "dark", "contrast")
ARITH_RE = re.compile(r"[0-9+\-*/. ()]+")


class NextUrl:
    def __init__(self, fallback="/"):
        self.fallback = fallback

    def resolve(self, target):
        return target or self.fallback

    def resolve_safe(self, target):
        return target if target in SAFE_PATHS else self.fallback


class Preferences:
    def raw_theme(self, theme):
        return theme.strip()

    def normalize_theme(self, theme):
        theme = theme.strip()
        return theme if theme in THEMES else "light"


class Calculator:
    def evaluate(self, expr):
        # expect: CWE-95
        return eval(expr)

    def evaluate_checked(self, expr):
        if not ARITH_RE.fullmatch(expr):
            raise ValueError("unsupported expression")
        # ok: CWE-95
        return eval(expr)
