/**
 * The runner's shared vocabulary: its configuration, the outcome and failure records of a command,
 * the sandbox mode and the callbacks (prompter, output listener). A leaf: it imports no other
 * runner package, so every one of them can import it without a cycle.
 */
package dev.csl.runner.base;
