package dev.csl.interpreter;

import java.util.Map;

/**
 * Typed extra fields of an {@link ErrorInfo}: a renderer reads the record, the JSON writes {@link
 * #fields()} (in that order) beside code, message and hint.
 */
public interface ErrorDetails {
    /** The fields as the JSON result carries them. */
    Map<String, Object> fields();
}
