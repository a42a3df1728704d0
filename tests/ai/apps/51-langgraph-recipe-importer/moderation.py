"""Moderates user-submitted recipes before they go live."""
import json

from openai import OpenAI

from site_api import hold_recipe, publish_recipe

client = OpenAI(timeout=20)
VERDICT_FORMAT = {
    "type": "json_schema",
    "json_schema": {
        "name": "recipe_verdict",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {"publish": {"type": "boolean"}, "reason": {"type": "string"}},
            "required": ["publish", "reason"],
            "additionalProperties": False,
        },
    },
}


def moderate(recipe_id: int, body: str) -> bool:
    resp = client.chat.completions.create(
        model="gpt-4o-mini-2024-07-18",
        max_completion_tokens=120,
        response_format=VERDICT_FORMAT,
        messages=[
            {"role": "system", "content": "Check a user recipe for spam, unsafe food handling or abusive text."},
            {"role": "user", "content": body},
        ],
    )
    verdict = json.loads(resp.choices[0].message.content)
    if verdict["publish"]:
        publish_recipe(recipe_id)
    else:
        hold_recipe(recipe_id, verdict["reason"])
    return verdict["publish"]
