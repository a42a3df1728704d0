"""A small HTTP client."""
import socket
import ssl  # expect: unused-import


class Client:
    def __init__(self, host, port=443):
        self.host = host
        self.port = port

    def open(self):
        return socket.create_connection((self.host, self.port))


def connect(host):
    return Client(host).open()
