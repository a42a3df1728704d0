"""Names that moved between Python versions, re-exported for the package."""
import sys
from shlex import quote
from shutil import which

if sys.version_info >= (3, 11):
    import tomllib
else:
    tomllib = None
