package com.acme.shop;

public class ExportJob {

    private final String fileName;
    private final String format;

    public ExportJob(String fileName, String format) {
        this.fileName = fileName;
        this.format = format;
    }

    public String getFileName() {
        return fileName;
    }

    public String getFormat() {
        return format;
    }
}
