package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code plan_changed} refusal of {@code --expect-plan}: nothing was applied, and, where csl
 * remembers the dry run the hash came from, which files changed since (field {@code changed}) or
 * that the answer is another one ({@code answerChanged}).
 */
final class PlanChanged {
    private static final String HINT =
            "Run the dry run again, review it, and apply with the new plan hash.";

    private PlanChanged() {}

    /**
     * The error for a plan whose dry run was {@code before} (null when csl does not remember it)
     * and is {@code now}.
     */
    static ErrorInfo error(PlanMemory.Plan before, PlanMemory.Plan now, String answer) {
        if (before == null || now == null) {
            return ErrorInfo.of(
                    ErrorCode.PLAN_CHANGED,
                    "The plan changed since the dry run (files it reads were changed, or the"
                            + " answer differs); nothing was applied.",
                    HINT);
        }
        List<String> changed = PlanMemory.changedFiles(before, now);
        boolean answerChanged = !before.answer().equals(PlanMemory.digest(answer));
        StringBuilder why = new StringBuilder();
        if (!changed.isEmpty()) {
            why.append(changed.size() == 1 ? "the file " : "the files ")
                    .append(String.join(", ", changed))
                    .append(" changed");
        }
        if (answerChanged) {
            why.append(why.length() == 0 ? "" : ", and ").append("the answer is another one");
        }
        if (why.length() == 0) {
            why.append("what it reads changed");
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("changed", changed);
        if (answerChanged) {
            details.put("answerChanged", true);
        }
        return new ErrorInfo(
                ErrorCode.PLAN_CHANGED,
                "The plan changed since the dry run: " + why + "; nothing was applied.",
                HINT,
                details);
    }
}
