# Shared GCP resources for the analytics project.

variable "project" {
  type = string
}

# ok: terraform.gcp.storage-uniform-access-disabled
resource "google_storage_bucket" "reports" {
  name                        = "${var.project}-reports"
  location                    = "EU"
  uniform_bucket_level_access = true
  public_access_prevention    = "enforced"
}

# expect: terraform.gcp.storage-uniform-access-disabled
resource "google_storage_bucket" "legacy_exports" {
  name                        = "${var.project}-legacy-exports"
  location                    = "EU"
  uniform_bucket_level_access = false
}

resource "google_storage_bucket_iam_member" "exports_public" {
  bucket = google_storage_bucket.legacy_exports.name
  role   = "roles/storage.objectViewer"
  # expect: terraform.gcp.storage-bucket-public-iam
  member = "allUsers"
}

resource "google_storage_bucket_iam_binding" "reports_readers" {
  bucket = google_storage_bucket.reports.name
  role   = "roles/storage.objectViewer"
  # ok: terraform.gcp.storage-bucket-public-iam
  members = [
    "group:analysts@example.com",
    "serviceAccount:dashboards@example-project.iam.gserviceaccount.com",
  ]
}

resource "google_cloud_run_v2_service_iam_member" "public_site" {
  name   = "marketing-site"
  role   = "roles/run.invoker"
  # ok: terraform.gcp.storage-bucket-public-iam
  member = "allUsers"
}

resource "google_compute_firewall" "ssh_anywhere" {
  name          = "allow-ssh-anywhere"
  network       = "default"
  source_ranges = ["0.0.0.0/0"]

  # expect: terraform.gcp.firewall-admin-port-open
  allow {
    protocol = "tcp"
    ports    = ["22", "80"]
  }
}

resource "google_compute_firewall" "ssh_iap" {
  name          = "allow-ssh-iap"
  network       = "default"
  source_ranges = ["35.235.240.0/20"]

  # ok: terraform.gcp.firewall-admin-port-open
  allow {
    protocol = "tcp"
    ports    = ["22", "3389"]
  }
}

resource "google_compute_firewall" "web" {
  name          = "allow-web"
  network       = "default"
  source_ranges = ["0.0.0.0/0"]

  # ok: terraform.gcp.firewall-admin-port-open
  allow {
    protocol = "tcp"
    ports    = ["443", "8443"]
  }
}

resource "google_compute_firewall" "debug_all" {
  name          = "allow-all-debug"
  network       = "default"
  source_ranges = ["0.0.0.0/0"]

  # expect: terraform.gcp.firewall-all-ports-open
  allow {
    protocol = "all"
  }
}

resource "google_compute_firewall" "egress_all" {
  name               = "allow-egress"
  network            = "default"
  direction          = "EGRESS"
  destination_ranges = ["0.0.0.0/0"]
  source_ranges      = ["0.0.0.0/0"]

  # ok: terraform.gcp.firewall-all-ports-open
  allow {
    protocol = "all"
  }
}

resource "google_sql_database_instance" "warehouse" {
  name             = "warehouse"
  database_version = "POSTGRES_16"
  region           = "europe-west1"

  settings {
    tier = "db-custom-4-15360"

    ip_configuration {
      ipv4_enabled = true
      # expect: terraform.gcp.sql-ssl-not-required
      ssl_mode     = "ALLOW_UNENCRYPTED_AND_ENCRYPTED"

      # expect: terraform.gcp.sql-authorized-network-public
      authorized_networks {
        name  = "everyone"
        value = "0.0.0.0/0"
      }

      # ok: terraform.gcp.sql-authorized-network-public
      authorized_networks {
        name  = "office"
        value = "203.0.113.0/24"
      }
    }
  }
}

resource "google_sql_database_instance" "metadata" {
  name             = "metadata"
  database_version = "MYSQL_8_0"

  settings {
    tier = "db-f1-micro"
    ip_configuration {
      ipv4_enabled    = false
      private_network = "projects/example/global/networks/default"
      # ok: terraform.gcp.sql-ssl-not-required
      ssl_mode        = "ENCRYPTED_ONLY"
    }
  }
}

resource "google_compute_instance" "etl" {
  name         = "etl-worker"
  machine_type = "e2-standard-4"
  zone         = "europe-west1-b"

  boot_disk {
    initialize_params {
      image = "debian-cloud/debian-12"
    }
  }

  network_interface {
    network = "default"
  }

  metadata = {
    enable-oslogin     = "TRUE"
    # expect: terraform.gcp.compute-serial-port-enabled
    serial-port-enable = "true"
  }

  # expect: terraform.gcp.compute-default-sa-full-scope
  service_account {
    scopes = ["cloud-platform"]
  }
}

resource "google_compute_instance" "scheduler" {
  name         = "scheduler"
  machine_type = "e2-small"
  zone         = "europe-west1-b"

  boot_disk {
    initialize_params {
      image = "debian-cloud/debian-12"
    }
  }

  network_interface {
    network = "default"
  }

  metadata = {
    # ok: terraform.gcp.compute-serial-port-enabled
    serial-port-enable = "false"
  }

  # ok: terraform.gcp.compute-default-sa-full-scope
  service_account {
    email  = "scheduler@example-project.iam.gserviceaccount.com"
    scopes = ["cloud-platform"]
  }
}

# expect: terraform.gcp.kms-key-no-rotation
resource "google_kms_crypto_key" "exports" {
  name     = "exports"
  key_ring = "projects/example/locations/europe/keyRings/analytics"
}

# ok: terraform.gcp.kms-key-no-rotation
resource "google_kms_crypto_key" "warehouse" {
  name            = "warehouse"
  key_ring        = "projects/example/locations/europe/keyRings/analytics"
  rotation_period = "7776000s"
}
