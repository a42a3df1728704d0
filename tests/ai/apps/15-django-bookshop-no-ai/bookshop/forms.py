from django.forms import modelform_factory

from .models import Author, Book

AuthorForm = modelform_factory(model=Author, fields=["name", "born"])
BookForm = modelform_factory(Book, fields=["title", "author", "isbn"])
