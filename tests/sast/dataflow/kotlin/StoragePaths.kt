package com.acme.shop

object StoragePaths {

    private const val EXPORT_ROOT = "/srv/shop/exports"

    fun customerExport(customer: String): String {
        return "$EXPORT_ROOT/$customer/orders.csv"
    }

    fun sharedExport(customer: String): String {
        return "$EXPORT_ROOT/shared/orders.csv"
    }
}
