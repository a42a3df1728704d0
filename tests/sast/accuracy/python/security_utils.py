"""Crypto and token helpers shared by the services (accuracy suite)."""
import hashlib
import hmac
import os
import random
import secrets
import ssl
import string

import jwt
import requests
from Crypto.Cipher import AES, DES
from Crypto.PublicKey import RSA
from Crypto.Random import get_random_bytes
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

JWT_KEY = os.environ["JWT_KEY"]
LEGACY_KEY = bytes.fromhex(os.environ["LEGACY_KEY"])


def hash_password_legacy(password):
    # expect: python.weak-password-hash
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def hash_password(password):
    salt = os.urandom(16)
    # ok: python.weak-password-hash
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, 600_000)
    return salt.hex() + "$" + digest.hex()


def file_checksum(path):
    # ok: python.weak-password-hash
    h = hashlib.sha1(open(path, "rb").read())
    return h.hexdigest()


def new_api_token():
    # ok: python.weak-random-secret
    return secrets.token_urlsafe(32)


def new_reset_code():
    # expect: python.weak-random-secret
    reset_code = "".join(random.choices(string.digits, k=6))
    return reset_code


def jitter(seconds):
    # ok: python.weak-random-secret
    return seconds + random.uniform(0, 0.5)


def encrypt_legacy(data: bytes) -> bytes:
    # expect: python.weak-cipher-algorithm
    cipher = DES.new(LEGACY_KEY[:8], DES.MODE_CBC, iv=get_random_bytes(8))
    return cipher.iv + cipher.encrypt(data)


def encrypt_record(key: bytes, data: bytes) -> bytes:
    # expect: python.cipher-ecb-mode
    return AES.new(key, AES.MODE_ECB).encrypt(data)


def encrypt_blob(key: bytes, data: bytes) -> bytes:
    # expect: python.cipher-static-iv
    cipher = AES.new(key, AES.MODE_CBC, b"\x00" * 16)
    return cipher.encrypt(data)


def encrypt_message(key: bytes, data: bytes):
    nonce = os.urandom(12)
    # ok: python.cipher-static-iv
    enc = Cipher(algorithms.AES(key), modes.GCM(nonce)).encryptor()
    return nonce, enc.update(data) + enc.finalize(), enc.tag


def make_signing_keys():
    # expect: python.weak-rsa-key-size
    legacy = RSA.generate(1024)
    # ok: python.weak-rsa-key-size
    current = rsa.generate_private_key(public_exponent=65537, key_size=4096)
    return legacy, current


def read_claims_unverified(token):
    # expect: python.jwt-signature-verification-disabled
    return jwt.decode(token, options={"verify_signature": False})


def read_claims(token):
    # ok: python.jwt-signature-verification-disabled
    return jwt.decode(token, JWT_KEY, algorithms=["HS256"], options={"require": ["exp", "sub"]})


def issue_debug_token(user_id):
    # expect: python.jwt-none-algorithm
    return jwt.encode({"sub": str(user_id)}, None, algorithm="none")


def check_webhook(body: bytes, signature: str) -> bool:
    expected = hmac.new(JWT_KEY.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)


def fetch_partner_feed(url):
    # expect: python.tls-verify-disabled
    return requests.get(url, timeout=10, verify=False).json()


def fetch_internal(url):
    # ok: python.tls-verify-disabled
    return requests.get(url, timeout=10, verify="/etc/ssl/certs/internal-ca.pem").json()


def legacy_context():
    # expect: python.ssl-unverified-context
    return ssl._create_unverified_context()


def client_context():
    ctx = ssl.create_default_context()
    # ok: python.ssl-weak-protocol
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    # expect: python.ssl-verification-off
    ctx.check_hostname = False
    # ok: python.ssl-verification-off
    ctx.verify_mode = ssl.CERT_REQUIRED
    return ctx


def old_server_context():
    # expect: python.ssl-weak-protocol
    return ssl.SSLContext(ssl.PROTOCOL_TLSv1_1)
