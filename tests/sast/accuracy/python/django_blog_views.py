"""Views of a Django blog application (accuracy suite)."""
import os

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models.expressions import RawSQL
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import escape, format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from .models import Comment, Post, Subscriber


def post_list(request):
    order = request.GET.get("order", "created")
    # expect: python.django-raw-sql
    posts = Post.objects.raw("SELECT * FROM blog_post ORDER BY %s DESC" % order)
    return render(request, "blog/list.html", {"posts": posts})


def post_search(request):
    term = request.GET.get("q", "")
    # ok: python.django-raw-sql
    posts = Post.objects.raw("SELECT * FROM blog_post WHERE title ILIKE %s", [f"%{term}%"])
    return render(request, "blog/list.html", {"posts": posts, "term": term})


def popular(request):
    weight = request.GET.get("w", "1")
    # expect: python.django-raw-sql
    qs = Post.objects.annotate(score=RawSQL(f"SELECT count(*) * {weight} FROM blog_comment c WHERE c.post_id = blog_post.id", ()))
    return render(request, "blog/list.html", {"posts": qs[:10]})


def archive(request, year):
    with connection.cursor() as cursor:
        # ok: python.sql-formatted-query
        cursor.execute("SELECT id, title FROM blog_post WHERE EXTRACT(year FROM created) = %s", [year])
        rows = cursor.fetchall()
    return JsonResponse({"posts": rows})


def tag_stats(request):
    tag = request.GET["tag"]
    sql = "SELECT count(*) FROM blog_post_tags WHERE tag = '" + tag + "'"
    with connection.cursor() as cursor:
        # expect: python.sql-formatted-query-variable
        cursor.execute(sql)
        (count,) = cursor.fetchone()
    return JsonResponse({"tag": tag, "count": count})


def preview(request):
    title = request.GET.get("title", "")
    # expect: python.reflected-xss-response
    return HttpResponse(f"<html><body><h1>Preview: {request.GET.get('title')}</h1></body></html>")


def preview_safe(request):
    # ok: python.reflected-xss-response
    return HttpResponse(f"<h1>Preview: {escape(request.GET.get('title', ''))}</h1>")


def author_badge(author):
    # expect: python.mark-safe-formatted
    return mark_safe("<span class='author'>{}</span>".format(author.display_name))


def author_badge_safe(author):
    # ok: python.mark-safe-formatted
    return format_html("<span class='author'>{}</span>", author.display_name)


def back(request):
    # expect: python.open-redirect
    return HttpResponseRedirect(request.GET.get("return_to", "/"))


def back_checked(request):
    target = request.GET.get("return_to", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"
    # ok: python.open-redirect
    return redirect(target)


# expect: python.django-csrf-exempt
@csrf_exempt
@require_POST
def subscribe(request):
    # expect: python.mass-assignment-request-data
    sub = Subscriber.objects.create(**request.POST.dict())
    return JsonResponse({"id": sub.id})


@login_required
@require_POST
def comment(request, post_id):
    post = get_object_or_404(Post, pk=post_id)
    # ok: python.mass-assignment-request-data
    Comment.objects.create(post=post, author=request.user, body=request.POST["body"])
    return redirect("post_detail", post_id=post.id)


@login_required
def attachment(request):
    # expect: python.path-join-request-data
    path = os.path.join(settings.MEDIA_ROOT, "attachments", request.GET["name"])
    with open(path, "rb") as fh:
        return HttpResponse(fh.read(), content_type="application/octet-stream")


@login_required
def delete_post(request, post_id):
    post = get_object_or_404(Post, pk=post_id)
    # ok: python.assert-used-for-authorization
    assert post.pk == post_id
    if post.author_id != request.user.id:
        raise PermissionDenied
    post.delete()
    return redirect("post_list")


@login_required
def publish(request, post_id):
    post = get_object_or_404(Post, pk=post_id)
    # expect: python.assert-used-for-authorization
    assert request.user.has_perm("blog.publish_post"), "not allowed"
    post.published = True
    post.save()
    return redirect("post_detail", post_id=post.id)
