"""Outbound HTTP, XML and configuration loading."""
from urllib.parse import urlparse

import defusedxml.ElementTree as SafeET
import requests
import yaml
from lxml import etree

ALLOWED_HOSTS = {"api.partner.example", "hooks.example.com"}


class ApiClient:
    def __init__(self, timeout=5):
        self.timeout = timeout

    def fetch(self, url):
        # expect: CWE-918
        return requests.get(url, timeout=self.timeout)

    def fetch_allowed(self, url):
        parsed = urlparse(url)
        if parsed.scheme != "https" or parsed.hostname not in ALLOWED_HOSTS:
            raise ValueError("host not allowed")
        # ok: CWE-918
        return requests.get(url, timeout=self.timeout)


class XmlLoader:
    def __init__(self):
        self.parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)

    def load(self, data):
        # expect: CWE-611
        return etree.fromstring(data, self.parser)


class SafeXmlLoader:
    def load(self, data):
        # ok: CWE-611
        return SafeET.fromstring(data)


class ConfigLoader:
    def load(self, text):
        # expect: CWE-502
        return yaml.load(text, Loader=yaml.UnsafeLoader)

    def load_safe(self, text):
        # ok: CWE-502
        return yaml.safe_load(text)
