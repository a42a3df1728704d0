"""Location of uploaded and exported files."""
import os

from werkzeug.utils import secure_filename


class UploadStore:
    def __init__(self, root="/srv/uploads"):
        self.root = root

    def path_for(self, name):
        return os.path.join(self.root, name)

    def safe_path_for(self, name):
        return os.path.join(self.root, secure_filename(name))
