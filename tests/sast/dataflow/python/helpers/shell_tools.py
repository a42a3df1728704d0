"""Wrappers around shell utilities used by the admin views."""
import os
import re
import shlex

HOST_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]{0,252}")


class Archiver:
    def __init__(self, dest="/var/backups/export.tgz"):
        self.dest = dest

    def build_command(self, name):
        return "tar -czf " + self.dest + " /srv/data/" + name

    def build_quoted_command(self, name):
        return "tar -czf " + self.dest + " /srv/data/" + shlex.quote(name)


class PingRunner:
    def __init__(self, count=1):
        self.count = count

    def run(self, host):
        # expect: CWE-78
        return os.system("ping -c %d %s" % (self.count, host))

    def run_checked(self, host):
        if not HOST_RE.fullmatch(host):
            raise ValueError("invalid host name")
        # ok: CWE-78
        return os.system("ping -c %d %s" % (self.count, host))
