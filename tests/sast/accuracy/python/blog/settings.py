"""Django settings for the blog project (production)."""
import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent

# expect: python.hardcoded-secret-key
SECRET_KEY = "django-insecure-q8$w^3k!zv0@r7m#p2x&l9c*b4n(e6t)"

# expect: python.django-debug-true
DEBUG = True

ALLOWED_HOSTS = ["blog.example.com"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "corsheaders",
    "blog",
]

MIDDLEWARE = [
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "blog",
        "USER": "blog",
        "PASSWORD": os.environ.get("BLOG_DB_PASSWORD"),
        "HOST": "db.internal",
    }
}

# expect: python.django-cors-allow-all-with-credentials
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_CREDENTIALS = True

# expect: python.session-cookie-insecure-setting
SESSION_COOKIE_SECURE = False
# ok: python.session-cookie-insecure-setting
CSRF_COOKIE_SECURE = True
# ok: python.session-cookie-insecure-setting
SESSION_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = 3600

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "static"
USE_TZ = True
