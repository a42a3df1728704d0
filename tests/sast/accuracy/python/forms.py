from django import forms
from django.contrib import admin
from rest_framework import serializers

from .models import Comment, Post, Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        # expect: python.modelform-all-fields
        fields = "__all__"


class CommentForm(forms.ModelForm):
    class Meta:
        model = Comment
        # ok: python.modelform-all-fields
        fields = ["body"]


class PostSerializer(serializers.ModelSerializer):
    class Meta:
        model = Post
        # expect: python.modelform-all-fields
        fields = "__all__"
        read_only_fields = ["author"]


class PostAdmin(admin.ModelAdmin):
    # ok: python.modelform-all-fields
    fields = "__all__"
    list_display = ("title", "author", "published")


class ContactForm(forms.Form):
    name = forms.CharField(max_length=100)
    email = forms.EmailField()
    message = forms.CharField(widget=forms.Textarea)

    def clean_message(self):
        msg = self.cleaned_data["message"]
        if "http://" in msg:
            raise forms.ValidationError("Links are not allowed")
        return msg
