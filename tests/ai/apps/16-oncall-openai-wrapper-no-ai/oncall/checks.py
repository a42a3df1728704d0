import shutil

from .openai_client import openai_client


def disk_check(path: str = "/var/lib/postgresql") -> None:
    usage = shutil.disk_usage(path)
    if usage.used / usage.total > 0.9:
        openai_client.create(model="disk-full", summary=f"{path} is over 90% full", severity="p2")
