package com.acme.shop;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

public class CartState implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<String> skus = new ArrayList<>();

    public List<String> getSkus() {
        return skus;
    }
}
