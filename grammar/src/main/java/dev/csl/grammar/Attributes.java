package dev.csl.grammar;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The attributes of one marker, in source order, unknown names included (docs/language.md,
 * "Attributes").
 */
public final class Attributes {
    private static final Attributes EMPTY = new Attributes(Map.of());

    private final Map<String, String> values;

    private Attributes(Map<String, String> values) {
        this.values = values;
    }

    /** Copies {@code values}, keeping its iteration order. */
    public static Attributes of(Map<String, String> values) {
        Objects.requireNonNull(values, "values");
        if (values.isEmpty()) {
            return EMPTY;
        }
        return new Attributes(Collections.unmodifiableMap(new LinkedHashMap<>(values)));
    }

    public static Attributes empty() {
        return EMPTY;
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** The value of {@code name}, or {@code fallback} when absent. */
    public String getOr(String name, String fallback) {
        String value = values.get(name);
        return value == null ? fallback : value;
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** Unmodifiable view in source order. */
    public Map<String, String> asMap() {
        return values;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Attributes that && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
