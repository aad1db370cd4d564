package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The directories the client shares ({@code roots/list}): {@code file:} URIs as real paths. */
final class McpRoots {
    private McpRoots() {}

    static List<Path> of(JsonNode roots) {
        List<Path> paths = new ArrayList<>();
        for (JsonNode root : roots) {
            String uri = root.path("uri").asText();
            try {
                URI parsed = URI.create(uri);
                if ("file".equals(parsed.getScheme())) {
                    Path path = Path.of(parsed);
                    paths.add(path.toFile().exists() ? path.toRealPath() : path.normalize());
                }
            } catch (IllegalArgumentException | java.io.IOException e) {
                // a root that is not a local directory cannot hold a working directory
            }
        }
        return List.copyOf(paths);
    }
}
