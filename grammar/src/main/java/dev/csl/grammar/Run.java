package dev.csl.grammar;

import java.util.Objects;

/** {@code RUN [dir="subdir"] [lang="node"] [timeout="seconds"]} with its command lines. */
public record Run(int line, Attributes attributes, String content) implements Operation {
    public Run {
        Objects.requireNonNull(attributes, "attributes");
        Objects.requireNonNull(content, "content");
    }

    @Override
    public String type() {
        return "RUN";
    }
}
