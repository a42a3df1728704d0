//! Report storage under one root directory.
use std::path::{Path, PathBuf};

#[derive(Clone)]
pub struct Storage {
    root: PathBuf,
}

impl Storage {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Storage { root: root.into() }
    }

    pub fn path_for(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    pub fn contained_path_for(&self, name: &str) -> Option<PathBuf> {
        let base = Path::new(name).file_name()?;
        Some(self.root.join(base))
    }
}
