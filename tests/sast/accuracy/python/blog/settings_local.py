"""Developer overrides; never deployed."""
from .settings import *  # noqa

# ok: python.django-debug-true
DEBUG = True
# ok: python.hardcoded-secret-key
SECRET_KEY = "local-development-key-only"
# ok: python.session-cookie-insecure-setting
SESSION_COOKIE_SECURE = False

INTERNAL_IPS = ["127.0.0.1"]
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
