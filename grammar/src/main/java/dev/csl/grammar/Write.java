package dev.csl.grammar;

import java.util.Objects;

/** {@code WRITE file="path" [append="true|false"]}. */
public record Write(int line, Attributes attributes, String content) implements Operation {
    public Write {
        Objects.requireNonNull(attributes, "attributes");
        Objects.requireNonNull(content, "content");
    }

    @Override
    public String type() {
        return "WRITE";
    }

    /** The {@code file} attribute, or "" when absent. */
    public String file() {
        return attributes.getOr("file", "");
    }

    /** True when {@code append="true"}; validation rejects anything but true/false. */
    public boolean append() {
        return "true".equals(attributes.getOr("append", "false"));
    }
}
