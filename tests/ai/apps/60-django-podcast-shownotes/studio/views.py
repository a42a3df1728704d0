"""Show-notes studio for the podcast networks we host: notes, chapters, social posts and ad markers."""
import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST
from markdown import markdown
from openai import OpenAI
from pydantic import BaseModel

from .models import Episode
from .search import network_episodes, other_mentions

client = OpenAI(api_key=settings.OPENAI_API_KEY, timeout=60)
NOTES_MODEL = "gpt-4o-2024-08-06"
QUICK_MODEL = "gpt-4o-mini-2024-07-18"
STYLE_MODELS = {"brief": QUICK_MODEL, "rich": NOTES_MODEL}


class Chapter(BaseModel):
    start_seconds: int
    title: str


class Chapters(BaseModel):
    chapters: list[Chapter]


def _episode(request, episode_id):
    return get_object_or_404(Episode, pk=episode_id, network_id=request.user.profile.network_id)


@login_required
def show_notes(request, episode_id):
    ep = _episode(request, episode_id)
    resp = client.chat.completions.create(
        model=STYLE_MODELS.get(request.GET.get("style"), NOTES_MODEL),
        max_completion_tokens=1200,
        messages=[
            {"role": "system", "content": "Write show notes in Markdown: a summary, key takeaways and the links mentioned."},
            {"role": "user", "content": f"Related episodes:\n{network_episodes(ep.network_id, ep.title)}\n\nTranscript:\n{ep.transcript[:60000]}"},
        ],
    )
    return render(request, "studio/notes.html", {"episode": ep, "notes": mark_safe(markdown(resp.choices[0].message.content))})


@login_required
@require_POST
def chapters(request, episode_id):
    ep = _episode(request, episode_id)
    completion = client.beta.chat.completions.parse(
        model=QUICK_MODEL,
        max_tokens=800,
        response_format=Chapters,
        messages=[{"role": "user", "content": "Split this timestamped transcript into chapters:\n" + ep.timestamped_transcript[:60000]}],
    )
    ep.chapters = [c.model_dump() for c in completion.choices[0].message.parsed.chapters]
    ep.save(update_fields=["chapters"])
    return JsonResponse({"chapters": ep.chapters})


@login_required
@require_POST
def social_posts(request, episode_id):
    ep = _episode(request, episode_id)
    resp = client.chat.completions.create(
        model=request.POST.get("model", QUICK_MODEL),
        max_tokens=400,
        messages=[{"role": "user", "content": f"Write three social posts announcing '{ep.title}'. Guest: {ep.guest_name}.\n"
                                              f"Where else the guest came up:\n{other_mentions(ep.guest_name)}\n\n{ep.summary}"}],
    )
    return JsonResponse({"posts": resp.choices[0].message.content})


@login_required
@require_POST
def ad_markers(request, episode_id):
    ep = _episode(request, episode_id)
    resp = client.chat.completions.create(
        model=QUICK_MODEL,
        max_tokens=300,
        response_format={"type": "json_object"},
        messages=[{"role": "user", "content": 'Find the sponsor reads. JSON {"segments": [{"sponsor": str, "start": int, "end": int}]}\n'
                                              + ep.timestamped_transcript[:60000]}],
    )
    segments = json.loads(resp.choices[0].message.content)["segments"]
    ep.ad_markers.all().delete()
    for s in segments:
        ep.ad_markers.create(sponsor=s["sponsor"], start_seconds=s["start"], end_seconds=s["end"])
    return JsonResponse({"segments": segments})
