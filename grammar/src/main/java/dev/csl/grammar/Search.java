package dev.csl.grammar;

import java.util.Objects;

/**
 * {@code SEARCH file="path" [count="N|all"]} with pattern, optional range end ({@code TO}) and
 * replacement.
 *
 * @param to the range-end text, or {@code null} when the block has no TO section
 */
public record Search(int line, Attributes attributes, String pattern, String to, String replacement)
        implements Operation {
    public Search {
        Objects.requireNonNull(attributes, "attributes");
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(replacement, "replacement");
    }

    @Override
    public String type() {
        return "SEARCH";
    }

    public String file() {
        return attributes.getOr("file", "");
    }

    public boolean hasTo() {
        return to != null;
    }
}
