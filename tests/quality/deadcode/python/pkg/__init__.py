"""The package's public names: imported here to be re-exported."""
from .client import Client, connect
from .errors import ClientError, Timeout
import logging
