package dev.csl.grammar.antlr;

import java.util.Locale;

/**
 * Error recovery for blocks opened by a faulty marker (a wrong-case name such as {@code
 * <---Write--->}, or a malformed line such as {@code <--- WRITE}). Such an answer already has a
 * syntax error, so nothing of it runs; what matters is that one pass reports every mistake. An LLM
 * that writes {@code <---Write--->} usually closes it with {@code <---End--->}, and when that
 * lookalike was literal content the block swallowed the rest of the answer: a later {@code
 * <---Search} or {@code <---Replace} went unmentioned. So inside a block whose opener was faulty, a
 * lookalike of END, TO or REPLACE (the same name in another case, or a malformed line starting with
 * it) acts as the marker where the real one would be live, and is reported on its own line.
 *
 * <p>Blocks opened by a correct marker keep the rules of docs/language.md, "Operations", exactly: a
 * lookalike in their content is literal (it may legitimately be there, and marker_in_content looks
 * at it after parsing).
 *
 * <p>Why here and not in the grammar: the choice must be made when the token is typed. A semantic
 * predicate in the content loop would make every lookalike line an LL(*) decision that reads to the
 * end of the answer (the grammar accepts every token sequence, so both ways stay viable). This
 * class follows the states of docs/language.md, "Operations", along the token types, exactly as the
 * rules of CslParser.g4 do (every decision there is LL(1), so the types alone determine the state);
 * keep the two in step.
 */
final class FaultyBlocks {
    private enum State {
        TOP,
        TASKS,
        NESTED_TASKS,
        CONTENT,
        PATTERN,
        RANGE,
        REPLACEMENT
    }

    private State state = State.TOP;

    /** Where the open WRITE, RUN or SEARCH returns to: TOP, TASKS or NESTED_TASKS. */
    private State enclosing = State.TOP;

    private boolean operationFaulty;
    private boolean tasksFaulty;
    private boolean nestedFaulty;

    /**
     * The type the parser sees for a marker line that {@link LineTokenSource} typed {@code type}.
     */
    int type(int type, MarkerLine marker) {
        int lookalike = lookalike(type, marker);
        int result = lookalike != 0 && liveInFaultyBlock(lookalike) ? lookalike : type;
        advance(result, marker);
        return result;
    }

    /** END, TO or REPLACE when the line is a faulty spelling of it, else 0. */
    private static int lookalike(int type, MarkerLine marker) {
        if (type != CslParser.UNKNOWN && type != CslParser.MALFORMED) {
            return 0;
        }
        switch (marker.name().toUpperCase(Locale.ROOT)) {
            case "END":
                return CslParser.END;
            case "TO":
                return CslParser.TO;
            case "REPLACE":
                return CslParser.REPLACE;
            default:
                return 0;
        }
    }

    private boolean liveInFaultyBlock(int type) {
        switch (state) {
            case CONTENT:
            case REPLACEMENT:
                return operationFaulty && type == CslParser.END;
            case PATTERN:
                return operationFaulty;
            case RANGE:
                return operationFaulty && type == CslParser.REPLACE;
            case TASKS:
                return tasksFaulty && type == CslParser.END;
            case NESTED_TASKS:
                return nestedFaulty && type == CslParser.END;
            default:
                return false;
        }
    }

    /** The transitions of CslParser.g4's rules, driven by the type the parser will see. */
    private void advance(int type, MarkerLine marker) {
        switch (state) {
            case TOP:
            case TASKS:
            case NESTED_TASKS:
                if (type == CslParser.WRITE || type == CslParser.RUN) {
                    open(State.CONTENT, faulty(marker, type == CslParser.WRITE ? "WRITE" : "RUN"));
                } else if (type == CslParser.SEARCH) {
                    open(State.PATTERN, faulty(marker, "SEARCH"));
                } else if (type == CslParser.TASKS && state == State.TOP) {
                    state = State.TASKS;
                    tasksFaulty = faulty(marker, "TASKS");
                } else if (type == CslParser.TASKS && state == State.TASKS) {
                    state = State.NESTED_TASKS;
                    nestedFaulty = faulty(marker, "TASKS");
                } else if (type == CslParser.END && state != State.TOP) {
                    state = state == State.NESTED_TASKS ? State.TASKS : State.TOP;
                }
                break;
            case PATTERN:
                if (type == CslParser.TO) {
                    state = State.RANGE;
                } else if (type == CslParser.REPLACE) {
                    state = State.REPLACEMENT;
                } else if (type == CslParser.END) {
                    state = enclosing;
                }
                break;
            case RANGE:
                if (type == CslParser.REPLACE) {
                    state = State.REPLACEMENT;
                }
                break;
            default:
                if (type == CslParser.END) {
                    state = enclosing;
                }
                break;
        }
    }

    private void open(State to, boolean faulty) {
        enclosing = state;
        state = to;
        operationFaulty = faulty;
    }

    private static boolean faulty(MarkerLine marker, String name) {
        return marker.malformed() || !marker.name().equals(name);
    }
}
