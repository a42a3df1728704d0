from django.urls import reverse_lazy
from django.views.generic import CreateView, DetailView, ListView

from .forms import AuthorForm
from .models import Author, Book


class AuthorCreate(CreateView):
    model = Author
    form_class = AuthorForm
    success_url = reverse_lazy("authors")


class AuthorDetail(DetailView):
    model = Author
    template_name = "bookshop/author_detail.html"


class BookList(ListView):
    model = Book
    paginate_by = 25

    def get_queryset(self):
        return Book.objects.select_related("author").filter(model_number="paperback-v2")
