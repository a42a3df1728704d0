"""Background jobs executed by the worker process (accuracy suite)."""
import asyncio
import json
import logging
import marshal
import os
import shlex
import subprocess
import tarfile
import tempfile

import jsonpickle
import paramiko
import torch
import yaml
from lxml import etree

log = logging.getLogger(__name__)


def backup_database(db_name, target_dir):
    # expect: python.os-system
    os.system("pg_dump %s > %s/dump.sql" % (db_name, target_dir))
    # ok: python.os-system
    os.system("sync")


def disk_report(mount):
    # expect: python.subprocess-getoutput
    out = subprocess.getoutput(f"df -h {mount}")
    # ok: python.subprocess-getoutput
    uptime = subprocess.getoutput("uptime")
    return out, uptime


def compress(path):
    # ok: python.subprocess-shell-true
    subprocess.run("gzip -9 " + shlex.quote(path), shell=False, check=True)
    # expect: python.shell-command-list
    subprocess.run(["sh", "-c", "gzip -9 " + path], check=True)


async def transcode(src, dst):
    # expect: python.asyncio-subprocess-shell
    proc = await asyncio.create_subprocess_shell(f"ffmpeg -y -i {src} {dst}")
    await proc.wait()
    # ok: python.asyncio-subprocess-shell
    proc = await asyncio.create_subprocess_exec("ffmpeg", "-y", "-i", src, dst)
    await proc.wait()


def unpack_bundle(bundle_path, dest):
    with tarfile.open(bundle_path) as tar:
        # expect: python.tarfile-extractall
        tar.extractall(dest)


def unpack_bundle_safely(bundle_path, dest):
    with tarfile.open(bundle_path) as tar:
        # ok: python.tarfile-extractall
        tar.extractall(dest, filter="data")


def load_job_config(raw):
    # ok: python.yaml-unsafe-load
    return yaml.safe_load(raw)


def load_legacy_job(raw):
    # expect: python.jsonpickle-decode
    return jsonpickle.decode(raw)


def load_job_state(raw):
    # ok: python.jsonpickle-decode
    return json.loads(raw)


def load_bytecode_cache(blob):
    # expect: python.marshal-load
    return marshal.loads(blob)


def load_model(path):
    # expect: python.ai-torch-load-unsafe
    return torch.load(path, map_location="cpu")


def load_weights(path):
    # ok: python.ai-torch-load-unsafe
    return torch.load(path, map_location="cpu", weights_only=True)


def parse_invoice(xml_bytes):
    # expect: python.lxml-resolve-entities
    parser = etree.XMLParser(load_dtd=True, resolve_entities=True)
    return etree.fromstring(xml_bytes, parser)


def parse_invoice_safe(xml_bytes):
    # ok: python.lxml-resolve-entities
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.fromstring(xml_bytes, parser)


def scratch_file():
    # expect: python.tempfile-mktemp
    path = tempfile.mktemp(prefix="job-")
    # ok: python.tempfile-mktemp
    fd, path2 = tempfile.mkstemp(prefix="job-")
    os.close(fd)
    return path, path2


def share_spool(path):
    # expect: python.chmod-world-writable
    os.chmod(path, 0o777)
    # ok: python.chmod-world-writable
    os.chmod(path + ".lock", 0o640)


def deploy(host, key_file):
    client = paramiko.SSHClient()
    # expect: python.paramiko-auto-add-policy
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, username="deploy", key_filename=key_file)
    _, stdout, _ = client.exec_command("systemctl restart app")
    log.info("deploy: %s", stdout.read().decode())
    client.close()


def evaluate_rule(rule_expr, context):
    # expect: python.eval-non-constant
    return eval(rule_expr, {"__builtins__": {}}, context)
