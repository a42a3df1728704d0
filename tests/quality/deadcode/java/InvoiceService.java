package com.example.billing;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList; // expect: unused-import
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.*;
import java.util.function.Function;
import static java.util.Collections.emptyList;
import static java.util.Collections.unmodifiableList; // expect: unused-import

/**
 * Totals invoices. Amounts are {@link BigDecimal}; see {@link Map} for the
 * rate table.
 */
public class InvoiceService implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Clock clock;
    private final ExecutorService pool = Executors.newSingleThreadExecutor();

    public InvoiceService(Clock clock) {
        this.clock = Objects.requireNonNull(clock);
    }

    public BigDecimal total(List<BigDecimal> lines, String currency) {
        BigDecimal sum = BigDecimal.ZERO;
        int count = 0; // expect: unused-local-variable
        for (BigDecimal line : lines) {
            sum = sum.add(line);
        }
        String label = currency; // expect: unused-local-variable
        return round(sum, 2, currency);
    }

    private BigDecimal round(BigDecimal value, int scale, String currency) { // expect: unused-parameter
        return value.setScale(scale, java.math.RoundingMode.HALF_EVEN);
    }

    private BigDecimal tax(BigDecimal value) { // expect: unused-private-function
        return value.multiply(new BigDecimal("0.2"));
    }

    private List<String> names() {
        return emptyList();
    }

    public List<Integer> lengths() {
        Function<String, Integer> f = this::measure;
        return names().stream().map(f).toList();
    }

    private Integer measure(String s) {
        return 0;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
    }

    private Object readResolve() {
        return this;
    }

    @Override
    public String toString() {
        return "InvoiceService@" + clock.instant();
    }

    @SuppressWarnings("deprecation")
    private void legacyHook(int code) {
    }
}
