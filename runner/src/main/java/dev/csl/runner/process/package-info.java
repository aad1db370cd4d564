/**
 * Starting one child process with csl's limits (no shell, a minimal environment, timeout, output
 * and memory caps, the whole tree killed). Below {@code external} and {@code node}, which both
 * launch children, and above nothing but {@code base}.
 */
package dev.csl.runner.process;
