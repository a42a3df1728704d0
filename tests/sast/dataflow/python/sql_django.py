"""Django views that query the blog and audit tables."""
from django.contrib.auth.models import User
from django.db import connection
from django.http import JsonResponse

from blog.models import Entry
from helpers.query_builder import QueryBuilder


def _count_matching(cursor, term):
    # expect: CWE-89
    cursor.execute("SELECT COUNT(*) FROM blog_entry WHERE title LIKE '%%" + term + "%%'")
    return cursor.fetchone()[0]


def _count_matching_bound(cursor, term):
    # ok: CWE-89
    cursor.execute("SELECT COUNT(*) FROM blog_entry WHERE title LIKE %s", ["%" + term + "%"])
    return cursor.fetchone()[0]


def user_lookup(request):
    username = request.GET.get("username", "")
    # expect: CWE-89
    users = User.objects.raw("SELECT * FROM auth_user WHERE username = '%s'" % username)
    return JsonResponse({"ids": [u.id for u in users]})


def user_lookup_params(request):
    username = request.GET.get("username", "")
    # ok: CWE-89
    users = User.objects.raw("SELECT * FROM auth_user WHERE username = %s", [username])
    return JsonResponse({"ids": [u.id for u in users]})


def entry_search(request):
    q = request.GET.get("q", "")
    # expect: CWE-89
    entries = Entry.objects.extra(where=["title LIKE '%%" + q + "%%'"])
    return JsonResponse({"ids": [e.id for e in entries]})


def entry_search_params(request):
    q = request.GET.get("q", "")
    # ok: CWE-89
    entries = Entry.objects.extra(where=["title LIKE %s"], params=["%" + q + "%"])
    return JsonResponse({"ids": [e.id for e in entries]})


def member_profile(request):
    qb = QueryBuilder("members")
    sql = qb.select_by_name(request.GET["member"])
    with connection.cursor() as cursor:
        # expect: CWE-89
        cursor.execute(sql)
        row = cursor.fetchone()
    return JsonResponse({"member": row})


def member_profile_by_id(request):
    qb = QueryBuilder("members")
    sql = qb.select_by_id(request.GET["member"])
    with connection.cursor() as cursor:
        # ok: CWE-89
        cursor.execute(sql)
        row = cursor.fetchone()
    return JsonResponse({"member": row})


def record_visit(request):
    ip = request.META.get("HTTP_X_FORWARDED_FOR", "")
    with connection.cursor() as cursor:
        # expect: CWE-89
        cursor.execute("INSERT INTO audit_visit (ip) VALUES ('%s')" % ip)
    return JsonResponse({"ok": True})


def record_visit_bound(request):
    ip = request.META.get("HTTP_X_FORWARDED_FOR", "")
    with connection.cursor() as cursor:
        # ok: CWE-89
        cursor.execute("INSERT INTO audit_visit (ip) VALUES (%s)", [ip])
    return JsonResponse({"ok": True})


def entry_count(request):
    term = request.POST.get("term", "")
    with connection.cursor() as cursor:
        total = _count_matching(cursor, term)
    return JsonResponse({"total": total})


def entry_count_bound(request):
    term = request.POST.get("term", "")
    with connection.cursor() as cursor:
        total = _count_matching_bound(cursor, term)
    return JsonResponse({"total": total})


def entries_by_author(request):
    authors = [request.COOKIES.get("last_author", ""), "editorial"]
    with connection.cursor() as cursor:
        # expect: CWE-89
        cursor.execute("SELECT id FROM blog_entry WHERE author = '" + authors[0] + "'")
        rows = cursor.fetchall()
    return JsonResponse({"ids": [r[0] for r in rows]})


def entries_by_default_author(request):
    authors = [request.COOKIES.get("last_author", ""), "editorial"]
    with connection.cursor() as cursor:
        # ok: CWE-89
        cursor.execute("SELECT id FROM blog_entry WHERE author = '" + authors[1] + "'")
        rows = cursor.fetchall()
    return JsonResponse({"ids": [r[0] for r in rows]})
