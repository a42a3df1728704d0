"""Internal admin console built on FastAPI (accuracy suite)."""
import marshal
import os
import socket
import ssl
import subprocess

from Crypto.Cipher import AES
from cryptography.hazmat.primitives.asymmetric import dsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from fastapi import FastAPI, HTTPException
from fastapi.middleware.cors import CORSMiddleware

# expect: python.fastapi-debug-enabled
app = FastAPI(title="admin-console", debug=True)
# ok: python.fastapi-cors-wildcard-credentials
app.add_middleware(CORSMiddleware, allow_origins=["https://admin.example.com"], allow_credentials=True)

ARCHIVE_KEY = bytes.fromhex(os.environ["ARCHIVE_KEY"])


@app.post("/services/{name}/restart")
def restart(name: str):
    if name not in {"api", "worker", "scheduler"}:
        raise HTTPException(status_code=404)
    # ok: python.shell-command-list
    subprocess.run(["bash", "-c", "systemctl restart app-api app-worker"], check=True)
    # ok: python.subprocess-shell-true
    subprocess.run(["systemctl", "restart", f"app-{name}"], check=True)
    return {"restarted": name}


@app.get("/logs/{name}")
def logs(name: str, lines: int = 100):
    # expect: python.subprocess-shell-true
    out = subprocess.check_output(f"journalctl -u app-{name} -n {lines}", shell=True, text=True)
    return {"lines": out.splitlines()}


def seal_archive(data: bytes) -> bytes:
    iv = os.urandom(16)
    # ok: python.weak-cipher-algorithm
    enc = Cipher(algorithms.AES(ARCHIVE_KEY), modes.CBC(iv)).encryptor()
    return iv + enc.update(data) + enc.finalize()


def seal_archive_v0(data: bytes) -> bytes:
    # expect: python.weak-cipher-algorithm
    enc = Cipher(algorithms.TripleDES(ARCHIVE_KEY[:24]), modes.CBC(os.urandom(8))).encryptor()
    return enc.update(data) + enc.finalize()


def seal_index(data: bytes) -> bytes:
    # ok: python.cipher-ecb-mode
    cipher = AES.new(ARCHIVE_KEY, AES.MODE_GCM)
    ct, tag = cipher.encrypt_and_digest(data)
    return cipher.nonce + tag + ct


def seal_index_v0(data: bytes) -> bytes:
    # expect: python.cipher-ecb-mode
    enc = Cipher(algorithms.AES(ARCHIVE_KEY), modes.ECB()).encryptor()
    return enc.update(data) + enc.finalize()


def legacy_signing_key():
    # expect: python.weak-rsa-key-size
    return dsa.generate_private_key(key_size=1024)


def dump_code_cache(code):
    # ok: python.marshal-load
    return marshal.dumps(code)


def metrics_listener(port: int):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # expect: python.bind-all-interfaces
    sock.bind(("0.0.0.0", port))
    sock.listen(16)
    return sock


def local_listener(port: int):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # ok: python.bind-all-interfaces
    sock.bind(("127.0.0.1", port))
    return sock


def upstream_context():
    # ok: python.ssl-unverified-context
    ctx = ssl.create_default_context(cafile="/etc/admin/upstream-ca.pem")
    # ok: python.ssl-weak-protocol
    ctx.options |= ssl.OP_NO_TLSv1 | ssl.OP_NO_TLSv1_1
    return ctx


def insecure_upstream_context():
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    # expect: python.ssl-verification-off
    ctx.check_hostname = False
    # expect: python.ssl-verification-off
    ctx.verify_mode = ssl.CERT_NONE
    return ctx
