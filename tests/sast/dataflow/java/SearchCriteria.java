package com.acme.shop;

public class SearchCriteria {

    private final String field;
    private final String term;

    public SearchCriteria(String field, String term) {
        this.field = field;
        this.term = term;
    }

    public String getField() {
        return field;
    }

    public String getTerm() {
        return term;
    }
}
