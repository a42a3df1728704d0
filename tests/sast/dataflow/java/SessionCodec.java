package com.acme.shop;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import org.apache.commons.io.serialization.ValidatingObjectInputStream;

public final class SessionCodec {

    private SessionCodec() {
    }

    public static Object decode(byte[] blob) throws IOException, ClassNotFoundException {
        // expect: CWE-502
        return new ObjectInputStream(new ByteArrayInputStream(blob)).readObject();
    }

    public static Object decodeCart(byte[] blob) throws IOException, ClassNotFoundException {
        // ok: CWE-502
        return new ValidatingObjectInputStream(new ByteArrayInputStream(blob)).accept(CartState.class).readObject();
    }
}
