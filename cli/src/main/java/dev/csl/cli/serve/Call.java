package dev.csl.cli.serve;

import java.util.concurrent.Callable;

/**
 * A request whose parameters have been checked, ready to run.
 *
 * @param lockKey the real path of the working directory it touches (requests with the same key run
 *     one after another, in arrival order), or {@code null} when it touches none
 * @param work computes the result
 */
record Call(Object lockKey, Callable<Object> work) {}
