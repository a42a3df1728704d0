from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=200)
    born = models.DateField(null=True, blank=True)

    def __str__(self) -> str:
        return self.name


class Book(models.Model):
    title = models.CharField(max_length=300)
    author = models.ForeignKey(Author, on_delete=models.CASCADE, related_name="books")
    isbn = models.CharField(max_length=13, unique=True)
    model_number = models.CharField("print model", max_length=32, default="paperback-v2")
