package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What the command did first because an earlier apply in the directory was killed before it
 * finished (like SQLite's hot journal): that apply's changes were rolled back, so nothing of it
 * remains half done. In the JSON of apply and undo as {@code "recovered"}.
 *
 * @param applyId the history id of the interrupted apply
 * @param restored paths put back to their state before it
 * @param notRestored paths left as they are, each with why ({@code "a.txt: changed since"})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"applyId", "restored", "notRestored"})
public record Recovery(String applyId, List<String> restored, List<String> notRestored) {
    public Recovery {
        restored = List.copyOf(restored);
        notRestored = List.copyOf(notRestored);
    }

    /** One line for people: what happened and what was done about it. */
    public String message() {
        return "csl found apply "
                + applyId
                + " interrupted (csl was killed while it ran) and rolled it back first: "
                + restored.size()
                + (restored.size() == 1 ? " path" : " paths")
                + " restored"
                + (notRestored.isEmpty()
                        ? "."
                        : ", "
                                + notRestored.size()
                                + " left as they are: "
                                + String.join("; ", notRestored)
                                + ".");
    }
}
