package dev.csl.cli.serve;

import java.nio.file.Path;

/**
 * The working directory of a request.
 *
 * @param path absolute and normalized, as the client spelled it (what the result shows)
 * @param lockKey its real path: requests with the same key run one after another
 */
record WorkingDir(Path path, Path lockKey) {}
