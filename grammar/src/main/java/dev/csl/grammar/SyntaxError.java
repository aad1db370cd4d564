package dev.csl.grammar;

/**
 * One syntax error (docs/language.md, "Syntax errors").
 *
 * @param line 1-based line the error is reported at
 * @param error the exact spec message, including its {@code "Line N: "} prefix
 * @param hint one sentence telling the LLM how to fix it
 */
public record SyntaxError(int line, String error, String hint) {}
