import subprocess


def a(cmd):
    subprocess.call(cmd, shell=True)  # nosec B602 -- the command is built from constants


def b(cmd):
    # rampart:ignore
    subprocess.call(cmd, shell=True)


def c(cmd):
    subprocess.call(cmd, shell=True)  # noqa: E501


def d(cmd):
    x = "# nosec"; subprocess.call(cmd, shell=True)


def e(cmd):
    subprocess.call(cmd, shell=True)  # noqa: S602


def f(cmd):
    subprocess.call(cmd, shell=True)  # nosemgrep: python.sql-injection


def g(cmd):
    s = """
# nosec
"""
    subprocess.call(cmd, shell=True)


TOKEN = "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"  # nosec
