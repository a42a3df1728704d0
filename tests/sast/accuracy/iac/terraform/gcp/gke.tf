# GKE clusters for the analytics workloads.

# expect: terraform.gcp.gke-private-nodes-disabled
resource "google_container_cluster" "legacy" {
  name     = "analytics-legacy"
  location = "europe-west1"

  initial_node_count = 3
  # expect: terraform.gcp.gke-legacy-abac-enabled
  enable_legacy_abac = true

  # expect: terraform.gcp.gke-basic-auth-enabled
  master_auth {
    username = "admin"
    password = var.legacy_admin_password

    # expect: terraform.gcp.gke-client-certificate-enabled
    client_certificate_config {
      issue_client_certificate = true
    }
  }
}

# ok: terraform.gcp.gke-private-nodes-disabled
resource "google_container_cluster" "main" {
  name     = "analytics"
  location = "europe-west1"

  remove_default_node_pool = true
  initial_node_count       = 1
  # ok: terraform.gcp.gke-legacy-abac-enabled
  enable_legacy_abac = false

  # ok: terraform.gcp.gke-basic-auth-enabled
  master_auth {
    username = ""
    password = ""

    # ok: terraform.gcp.gke-client-certificate-enabled
    client_certificate_config {
      issue_client_certificate = false
    }
  }

  private_cluster_config {
    enable_private_nodes    = true
    enable_private_endpoint = false
    master_ipv4_cidr_block  = "172.16.0.32/28"
  }

  master_authorized_networks_config {
    cidr_blocks {
      cidr_block   = "203.0.113.0/24"
      display_name = "office"
    }
  }

  workload_identity_config {
    workload_pool = "example-project.svc.id.goog"
  }
}

resource "google_container_node_pool" "main" {
  name    = "main"
  cluster = google_container_cluster.main.id

  node_config {
    machine_type    = "e2-standard-4"
    service_account = google_service_account.nodes.email
    oauth_scopes    = ["https://www.googleapis.com/auth/cloud-platform"]
  }
}

resource "google_service_account" "nodes" {
  account_id   = "gke-nodes"
  display_name = "GKE nodes"
}

variable "legacy_admin_password" {
  type      = string
  sensitive = true
}
