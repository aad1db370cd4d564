package dev.csl.runner.approval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What the container layer runs commands in, from {@code "container"} in {@code
 * .csl/commands.json}: an image the runtime has ({@code {"image": "node:20"}}, never pulled by csl)
 * or, for Podman, a root file system directory ({@code {"rootfs": "/srv/rootfs"}}, used through an
 * overlay so the directory itself is never written). Choosing it widens nothing a command may do on
 * the host, but it decides which programs run, so it counts only when the user trusted the file.
 *
 * @param image the image's name, or {@code null}
 * @param rootfs the root file system directory (absolute), or {@code null}
 */
public record ContainerImage(String image, Path rootfs) {
    /** The field of commands.json. */
    public static final String FIELD = "container";

    public ContainerImage {
        if ((image == null) == (rootfs == null)) {
            throw new IllegalArgumentException("exactly one of image and rootfs");
        }
    }

    /**
     * The setting {@code node} holds, or {@code null} when there is none.
     *
     * @throws IOException with a one-line message when it is not the expected JSON
     */
    static ContainerImage of(JsonNode node) throws IOException {
        if (node == null || node.isNull()) {
            return null;
        }
        String shape =
                CommandsFile.RELATIVE_PATH
                        + ": \""
                        + FIELD
                        + "\" must be {\"image\": \"NAME\"} or {\"rootfs\": \"/ABSOLUTE/DIR\"}";
        if (!node.isObject() || node.size() != 1) {
            throw new IOException(shape);
        }
        JsonNode image = node.get("image");
        JsonNode rootfs = node.get("rootfs");
        if (image != null && image.isTextual() && !image.asText().isBlank()) {
            if (image.asText().startsWith("-") || image.asText().chars().anyMatch(c -> c < 0x21)) {
                throw new IOException(shape + ", an image name without spaces or a leading '-'");
            }
            return new ContainerImage(image.asText(), null);
        }
        if (rootfs != null && rootfs.isTextual() && Path.of(rootfs.asText()).isAbsolute()) {
            if (rootfs.asText().contains(":") || rootfs.asText().contains(",")) {
                throw new IOException(shape + ", a directory whose path holds no ':' or ','");
            }
            return new ContainerImage(null, Path.of(rootfs.asText()).normalize());
        }
        throw new IOException(shape);
    }

    /** The runtime's arguments that name it, last before the command. */
    public List<String> runArguments() {
        return image != null ? List.of(image) : List.of("--rootfs", rootfs + ":O");
    }

    /** How results, the audit log and doctor name it: {@code image node:20}. */
    public String describe() {
        return image != null ? "image " + image : "root file system " + rootfs;
    }
}
