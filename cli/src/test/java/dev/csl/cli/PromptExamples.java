package dev.csl.cli;

import java.util.ArrayList;
import java.util.List;

/** Pulls the example blocks (fenced as {@code ```csl}) out of the prompt text. */
final class PromptExamples {
    private PromptExamples() {}

    static List<String> of(String prompt) {
        List<String> examples = new ArrayList<>();
        StringBuilder current = null;
        for (String line : prompt.split("\n", -1)) {
            if (current == null && line.equals("```csl")) {
                current = new StringBuilder();
            } else if (current != null && line.equals("```")) {
                examples.add(current.toString());
                current = null;
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        if (current != null) {
            throw new AssertionError("unterminated ```csl example in the prompt");
        }
        return examples;
    }
}
