import os

import requests

CMS = "https://cms.recipes.example.com/api"
HEADERS = {"Authorization": f"Token {os.environ.get('CMS_TOKEN', '')}"}


def publish_recipe(recipe_id: int) -> None:
    requests.post(f"{CMS}/recipes/{recipe_id}/publish", headers=HEADERS, timeout=10).raise_for_status()


def hold_recipe(recipe_id: int, reason: str) -> None:
    requests.post(f"{CMS}/recipes/{recipe_id}/hold", json={"reason": reason}, headers=HEADERS, timeout=10).raise_for_status()
