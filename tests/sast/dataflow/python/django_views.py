"""Django views for the help desk: tools, attachments, previews and wizards."""
import io
import os
import subprocess

import requests
from django.http import FileResponse, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.utils.html import escape, format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from lxml import etree

ATTACHMENT_DIR = "/srv/helpdesk/attachments"
WIZARD_STEPS = ("contact", "details", "confirm")
STATUS_HOSTS = {"status.example.com", "status.partner.example"}
PARSER = etree.XMLParser(resolve_entities=True, load_dtd=True)
SAMPLE_TICKET = b"<ticket><subject>sample</subject></ticket>"


def _lookup_command(domain):
    return "dig +short " + domain


def _lookup_command_default(domain):
    return "dig +short example.com"


def dns_lookup(request):
    cmd = _lookup_command(request.GET.get("domain", "example.com"))
    # expect: CWE-78
    proc = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE)
    return JsonResponse({"answer": proc.communicate()[0].decode()})


def dns_lookup_default(request):
    cmd = _lookup_command_default(request.GET.get("domain", "example.com"))
    # ok: CWE-78
    proc = subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE)
    return JsonResponse({"answer": proc.communicate()[0].decode()})


def attachment_download(request):
    name = request.GET["name"]
    path = os.path.join(ATTACHMENT_DIR, name)
    # expect: CWE-22
    return FileResponse(open(path, "rb"))


def attachment_download_default(request):
    name = request.GET["name"]
    name = "README.txt"
    path = os.path.join(ATTACHMENT_DIR, name)
    # ok: CWE-22
    return FileResponse(open(path, "rb"))


def ticket_preview(request):
    subject = request.POST.get("subject", "")
    buf = io.StringIO()
    buf.write("<h1>Preview</h1><h2>")
    buf.write(subject)
    buf.write("</h2>")
    # expect: CWE-79
    return HttpResponse(buf.getvalue())


def ticket_preview_escaped(request):
    subject = request.POST.get("subject", "")
    buf = io.StringIO()
    buf.write("<h1>Preview</h1><h2>")
    buf.write(escape(subject))
    buf.write("</h2>")
    # ok: CWE-79
    return HttpResponse(buf.getvalue())


def search_banner(request):
    q = request.GET.get("q", "")
    # expect: CWE-79
    banner = mark_safe("<p class='banner'>You searched for " + q + "</p>")
    return render(request, "search.html", {"banner": banner})


def search_banner_formatted(request):
    q = request.GET.get("q", "")
    # ok: CWE-79
    banner = format_html("<p class='banner'>You searched for {}</p>", q)
    return render(request, "search.html", {"banner": banner})


def greeting(request):
    name = request.GET.get("name", "")
    name = name.title()
    # expect: CWE-79
    return HttpResponse("<p>Hello " + name + "</p>")


def greeting_default(request):
    name = request.GET.get("name", "")
    name = "Visitor"
    # ok: CWE-79
    return HttpResponse("<p>Hello " + name + "</p>")


def login_complete(request):
    nxt = request.GET.get("next", "/")
    # expect: CWE-601
    return redirect(nxt)


def login_complete_checked(request):
    nxt = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        nxt = "/"
    # ok: CWE-601
    return redirect(nxt)


def wizard_back(request):
    back = request.POST["back"] if request.POST.get("back") else "/wizard/"
    # expect: CWE-601
    return HttpResponseRedirect(back)


def wizard_back_checked(request):
    back = request.POST["back"] if url_has_allowed_host_and_scheme(request.POST.get("back"), allowed_hosts={request.get_host()}) else "/wizard/"
    # ok: CWE-601
    return HttpResponseRedirect(back)


def ticket_import(request):
    xml = SAMPLE_TICKET
    if request.method == "POST":
        xml = request.body
    # expect: CWE-611
    root = etree.fromstring(xml, PARSER)
    return JsonResponse({"subject": root.findtext("subject")})


def ticket_import_sample(request):
    xml = SAMPLE_TICKET
    if False:
        xml = request.body
    # ok: CWE-611
    root = etree.fromstring(xml, PARSER)
    return JsonResponse({"subject": root.findtext("subject")})


def wizard_step(request):
    step = request.POST.get("step", "contact")
    step = step.strip()
    # expect: CWE-501
    request.session["wizard_step"] = step
    return JsonResponse({"ok": True})


def wizard_step_checked(request):
    step = request.POST.get("step", "contact")
    step = step.strip() if step.strip() in WIZARD_STEPS else "contact"
    # ok: CWE-501
    request.session["wizard_step"] = step
    return JsonResponse({"ok": True})


def wizard_referrer(request):
    values = [request.COOKIES.get("ref", ""), "direct"]
    # expect: CWE-501
    request.session["referrer"] = values[0]
    return JsonResponse({"ok": True})


def wizard_referrer_direct(request):
    values = [request.COOKIES.get("ref", ""), "direct"]
    # ok: CWE-501
    request.session["referrer"] = values[1]
    return JsonResponse({"ok": True})


def status_probe(request):
    host = request.GET.get("host", "status.example.com")
    url = "https://" + host + "/api/v2/status.json"
    # expect: CWE-918
    resp = requests.get(url, timeout=5)
    return JsonResponse({"code": resp.status_code})


def status_probe_checked(request):
    host = request.GET.get("host", "status.example.com")
    if host not in STATUS_HOSTS:
        host = "status.example.com"
    url = "https://" + host + "/api/v2/status.json"
    # ok: CWE-918
    resp = requests.get(url, timeout=5)
    return JsonResponse({"code": resp.status_code})
