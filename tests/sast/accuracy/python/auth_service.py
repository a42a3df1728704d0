"""Authentication microservice (Flask) used by the accuracy suite."""
import datetime
import hashlib
import os
import secrets

import jwt
import redis
import requests
from flask import Flask, jsonify, make_response, redirect, request
from flask_cors import CORS
from lxml import etree

app = Flask(__name__)
app.config.update(
    # ok: python.hardcoded-secret-key
    SECRET_KEY=os.environ["AUTH_SECRET_KEY"],
    # ok: python.session-cookie-insecure-setting
    SESSION_COOKIE_SECURE=True,
)
# ok: python.flask-cors-wildcard-credentials
CORS(app, origins=["https://portal.example.com"], supports_credentials=True)

# ok: python.hardcoded-connection-password
store = redis.Redis(host="sessions", port=6379, password=os.environ.get("REDIS_PASSWORD"))
PRIVATE_KEY = open("/run/secrets/jwt_private.pem").read()
PUBLIC_KEY = open("/run/secrets/jwt_public.pem").read()


def issue_token(user_id):
    now = datetime.datetime.now(datetime.timezone.utc)
    claims = {"sub": user_id, "iat": now, "exp": now + datetime.timedelta(minutes=15)}
    # ok: python.jwt-none-algorithm
    return jwt.encode(claims, PRIVATE_KEY, algorithm="RS256")


def verify_token(token):
    # ok: python.jwt-signature-verification-disabled
    return jwt.decode(token, PUBLIC_KEY, algorithms=["RS256"], options={"verify_aud": False})


def check_password(user, password):
    # ok: python.weak-password-hash
    candidate = hashlib.scrypt(password.encode(), salt=user["salt"], n=2**14, r=8, p=1)
    return secrets.compare_digest(candidate, user["pw_hash"])


@app.route("/login", methods=["POST"])
def login():
    body = request.get_json(force=True)
    user = find_user(body.get("username", ""))
    if user is None or not check_password(user, body.get("password", "")):
        return jsonify(error="invalid credentials"), 401
    # ok: python.weak-random-secret
    session_id = secrets.token_hex(32)
    store.setex("sess:" + session_id, 3600, user["id"])
    resp = make_response(jsonify(token=issue_token(user["id"])))
    # expect: python.sensitive-cookie-without-secure
    resp.set_cookie("session_id", session_id, httponly=True, samesite="Lax")
    # ok: python.sensitive-cookie-without-secure
    resp.set_cookie("refresh_token", issue_token(user["id"]), secure=True, httponly=True, samesite="Strict")
    # ok: python.sensitive-cookie-without-secure
    resp.set_cookie("ui_lang", body.get("lang", "en"))
    return resp


@app.route("/saml/acs", methods=["POST"])
def saml_acs():
    # expect: python.lxml-parse-request-data
    assertion = etree.fromstring(request.form["SAMLResponse"].encode())
    name_id = assertion.findtext(".//{urn:oasis:names:tc:SAML:2.0:assertion}NameID")
    return jsonify(user=name_id)


@app.route("/saml/metadata", methods=["POST"])
def saml_metadata():
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    # ok: python.lxml-parse-request-data
    doc = etree.fromstring(request.data, parser)
    return jsonify(entity=doc.get("entityID"))


@app.route("/logout")
def logout():
    # ok: python.open-redirect
    return redirect("/login?next=" + request.path)


@app.route("/avatar-proxy")
def avatar_proxy():
    user = request.args.get("user", "")
    # ok: python.ssrf-request-url
    r = requests.get("https://avatars.example.com/u/" + user, timeout=3)
    return r.content, r.status_code


@app.route("/userinfo")
def userinfo():
    claims = verify_token(request.headers.get("Authorization", "").removeprefix("Bearer "))
    # ok: python.assert-used-for-authorization
    assert isinstance(claims, dict)
    if claims.get("role") != "admin":
        return jsonify(error="forbidden"), 403
    # ok: python.reflected-xss-response
    return make_response(jsonify(sub=claims["sub"], ua=request.headers.get("User-Agent")))


def find_user(username):
    raw = store.hgetall("user:" + username)
    return raw or None


if __name__ == "__main__":
    # ok: python.flask-debug-enabled
    app.run(host="127.0.0.1", port=int(os.environ.get("PORT", "8081")), debug=False)
