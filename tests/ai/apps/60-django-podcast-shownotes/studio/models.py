from django.db import models


class Episode(models.Model):
    network_id = models.IntegerField(db_index=True)
    title = models.CharField(max_length=300)
    guest_name = models.CharField(max_length=200, blank=True)
    summary = models.TextField(blank=True)
    transcript = models.TextField(blank=True)
    timestamped_transcript = models.TextField(blank=True)
    chapters = models.JSONField(default=list)


class AdMarker(models.Model):
    episode = models.ForeignKey(Episode, related_name="ad_markers", on_delete=models.CASCADE)
    sponsor = models.CharField(max_length=200)
    start_seconds = models.IntegerField()
    end_seconds = models.IntegerField()
