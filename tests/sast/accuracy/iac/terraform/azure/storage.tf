# Storage and data services for the booking platform (azurerm 3.x).

resource "azurerm_resource_group" "main" {
  name     = "booking-prod"
  location = "westeurope"
}

resource "azurerm_storage_account" "media" {
  name                     = "bookingmedia"
  resource_group_name      = azurerm_resource_group.main.name
  location                 = azurerm_resource_group.main.location
  account_tier             = "Standard"
  account_replication_type = "GRS"
  # expect: terraform.azure.storage-min-tls-outdated
  min_tls_version          = "TLS1_0"
  # expect: terraform.azure.storage-https-not-enforced
  enable_https_traffic_only = false
  # expect: terraform.azure.storage-public-blob-access
  allow_nested_items_to_be_public = true

  # expect: terraform.azure.storage-network-default-allow
  network_rules {
    default_action = "Allow"
  }
}

resource "azurerm_storage_account" "documents" {
  name                            = "bookingdocs"
  resource_group_name             = azurerm_resource_group.main.name
  location                        = azurerm_resource_group.main.location
  account_tier                    = "Standard"
  account_replication_type        = "ZRS"
  # ok: terraform.azure.storage-min-tls-outdated
  min_tls_version                 = "TLS1_2"
  # ok: terraform.azure.storage-https-not-enforced
  enable_https_traffic_only       = true
  # ok: terraform.azure.storage-public-blob-access
  allow_nested_items_to_be_public = false

  # ok: terraform.azure.storage-network-default-allow
  network_rules {
    default_action             = "Deny"
    virtual_network_subnet_ids = [azurerm_subnet.app.id]
    bypass                     = ["AzureServices"]
  }
}

resource "azurerm_storage_container" "thumbnails" {
  name                  = "thumbnails"
  storage_account_name  = azurerm_storage_account.media.name
  # expect: terraform.azure.storage-public-blob-access
  container_access_type = "blob"
}

resource "azurerm_storage_container" "invoices" {
  name                  = "invoices"
  storage_account_name  = azurerm_storage_account.documents.name
  # ok: terraform.azure.storage-public-blob-access
  container_access_type = "private"
}

resource "azurerm_mssql_server" "bookings" {
  name                         = "booking-sql"
  resource_group_name          = azurerm_resource_group.main.name
  location                     = azurerm_resource_group.main.location
  version                      = "12.0"
  administrator_login          = "bookingadmin"
  # expect: terraform.azure.hardcoded-admin-password
  administrator_login_password = "B00king-Adm1n!"
  # expect: terraform.azure.minimum-tls-outdated
  minimum_tls_version          = "1.0"
}

resource "azurerm_mssql_server" "reporting" {
  name                         = "booking-reporting-sql"
  resource_group_name          = azurerm_resource_group.main.name
  location                     = azurerm_resource_group.main.location
  version                      = "12.0"
  administrator_login          = "reporting"
  # ok: terraform.azure.hardcoded-admin-password
  administrator_login_password = random_password.reporting.result
  # ok: terraform.azure.minimum-tls-outdated
  minimum_tls_version          = "1.2"
}

# expect: terraform.azure.sql-firewall-allows-all
resource "azurerm_mssql_firewall_rule" "everyone" {
  name             = "everyone"
  server_id        = azurerm_mssql_server.bookings.id
  start_ip_address = "0.0.0.0"
  end_ip_address   = "255.255.255.255"
}

# ok: terraform.azure.sql-firewall-allows-all
resource "azurerm_mssql_firewall_rule" "azure_services" {
  name             = "AllowAllWindowsAzureIps"
  server_id        = azurerm_mssql_server.reporting.id
  start_ip_address = "0.0.0.0"
  end_ip_address   = "0.0.0.0"
}

# expect: terraform.azure.keyvault-purge-protection-disabled
resource "azurerm_key_vault" "app" {
  name                       = "booking-app-kv"
  location                   = azurerm_resource_group.main.location
  resource_group_name        = azurerm_resource_group.main.name
  tenant_id                  = var.tenant_id
  sku_name                   = "standard"
  soft_delete_retention_days = 7
}

# ok: terraform.azure.keyvault-purge-protection-disabled
resource "azurerm_key_vault" "payments" {
  name                     = "booking-pay-kv"
  location                 = azurerm_resource_group.main.location
  resource_group_name      = azurerm_resource_group.main.name
  tenant_id                = var.tenant_id
  sku_name                 = "premium"
  purge_protection_enabled = true
}

resource "random_password" "reporting" {
  length = 32
}

variable "tenant_id" {
  type = string
}
