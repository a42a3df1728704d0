package com.acme.shop

class ArchiveCommand(private val archiveName: String) {

    private val sourceDir = "/srv/shop/reports"

    fun render(): String {
        return "tar czf /tmp/exports/$archiveName.tgz -C $sourceDir ."
    }
}
