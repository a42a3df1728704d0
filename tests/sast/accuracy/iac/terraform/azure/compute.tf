# Compute and web tier for the booking platform.

resource "azurerm_network_security_group" "jump" {
  name                = "booking-jump-nsg"
  location            = "westeurope"
  resource_group_name = "booking-prod"

  # expect: terraform.azure.nsg-admin-port-open
  security_rule {
    name                       = "ssh-anywhere"
    priority                   = 100
    direction                  = "Inbound"
    access                     = "Allow"
    protocol                   = "Tcp"
    source_port_range          = "*"
    destination_port_range     = "22"
    source_address_prefix      = "*"
    destination_address_prefix = "*"
  }

  # ok: terraform.azure.nsg-admin-port-open
  security_rule {
    name                       = "ssh-office"
    priority                   = 110
    direction                  = "Inbound"
    access                     = "Allow"
    protocol                   = "Tcp"
    source_port_range          = "*"
    destination_port_range     = "22"
    source_address_prefix      = "203.0.113.0/24"
    destination_address_prefix = "*"
  }

  # ok: terraform.azure.nsg-admin-port-open
  security_rule {
    name                       = "https"
    priority                   = 120
    direction                  = "Inbound"
    access                     = "Allow"
    protocol                   = "Tcp"
    source_port_range          = "*"
    destination_port_range     = "443"
    source_address_prefix      = "Internet"
    destination_address_prefix = "*"
  }
}

# expect: terraform.azure.nsg-admin-port-open
resource "azurerm_network_security_rule" "rdp" {
  name                        = "rdp-internet"
  priority                    = 130
  direction                   = "Inbound"
  access                      = "Allow"
  protocol                    = "Tcp"
  source_port_range           = "*"
  destination_port_ranges     = ["3389", "5986"]
  source_address_prefix       = "Internet"
  destination_address_prefix  = "*"
  resource_group_name         = "booking-prod"
  network_security_group_name = azurerm_network_security_group.jump.name
}

# ok: terraform.azure.nsg-admin-port-open
resource "azurerm_network_security_rule" "deny_rdp" {
  name                        = "deny-rdp"
  priority                    = 4000
  direction                   = "Inbound"
  access                      = "Deny"
  protocol                    = "Tcp"
  source_port_range           = "*"
  destination_port_range      = "3389"
  source_address_prefix       = "*"
  destination_address_prefix  = "*"
  resource_group_name         = "booking-prod"
  network_security_group_name = azurerm_network_security_group.jump.name
}

resource "azurerm_linux_virtual_machine" "jump" {
  name                = "booking-jump"
  resource_group_name = "booking-prod"
  location            = "westeurope"
  size                = "Standard_B2s"
  admin_username      = "azureuser"
  # expect: terraform.azure.hardcoded-admin-password
  admin_password      = "Jump-Host-2024!"
  # expect: terraform.azure.linux-vm-password-auth
  disable_password_authentication = false
  network_interface_ids           = [azurerm_network_interface.jump.id]

  os_disk {
    caching              = "ReadWrite"
    storage_account_type = "Standard_LRS"
  }
}

resource "azurerm_linux_virtual_machine" "worker" {
  name                = "booking-worker"
  resource_group_name = "booking-prod"
  location            = "westeurope"
  size                = "Standard_D2s_v5"
  admin_username      = "azureuser"
  # ok: terraform.azure.linux-vm-password-auth
  disable_password_authentication = true
  network_interface_ids           = [azurerm_network_interface.worker.id]

  admin_ssh_key {
    username   = "azureuser"
    public_key = file("keys/worker.pub")
  }

  os_disk {
    caching              = "ReadWrite"
    storage_account_type = "Premium_LRS"
  }
}

resource "azurerm_kubernetes_cluster" "main" {
  name                = "booking-aks"
  location            = "westeurope"
  resource_group_name = "booking-prod"
  dns_prefix          = "booking"
  # expect: terraform.azure.aks-rbac-disabled
  role_based_access_control_enabled = false

  default_node_pool {
    name       = "system"
    node_count = 3
    vm_size    = "Standard_D4s_v5"
  }

  identity {
    type = "SystemAssigned"
  }
}

# expect: terraform.azure.app-service-https-only-disabled
resource "azurerm_linux_web_app" "api" {
  name                = "booking-api"
  resource_group_name = "booking-prod"
  location            = "westeurope"
  service_plan_id     = azurerm_service_plan.main.id

  site_config {
    # expect: terraform.azure.minimum-tls-outdated
    minimum_tls_version = "1.1"
  }
}

# ok: terraform.azure.app-service-https-only-disabled
resource "azurerm_linux_web_app" "portal" {
  name                = "booking-portal"
  resource_group_name = "booking-prod"
  location            = "westeurope"
  service_plan_id     = azurerm_service_plan.main.id
  https_only          = true

  site_config {
    # ok: terraform.azure.minimum-tls-outdated
    minimum_tls_version = "1.2"
  }
}

resource "azurerm_service_plan" "main" {
  name                = "booking-plan"
  resource_group_name = "booking-prod"
  location            = "westeurope"
  os_type             = "Linux"
  sku_name            = "P1v3"
}
