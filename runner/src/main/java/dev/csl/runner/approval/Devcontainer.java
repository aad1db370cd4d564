package dev.csl.runner.approval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The {@code image} of the project's {@code .devcontainer/devcontainer.json} (nothing else of it:
 * no build, features, mounts or run arguments), which the container layer may run commands in. The
 * file is the project's own — a cloned repository chooses it — so its image counts only while the
 * file's content is the one the user trusted ({@link DevcontainerTrust}); read through csl's guard
 * (a link out of the project, a FIFO or a device is refused).
 *
 * @param image the image it names
 * @param sha256 the content hash of the file
 * @param trusted whether the user trusted this content
 * @param everTrusted whether the user trusted some content of it before (it changed since)
 */
public record Devcontainer(
        ContainerImage image, String sha256, boolean trusted, boolean everTrusted) {
    /** Where the file lies in the project. */
    public static final String RELATIVE_PATH = ".devcontainer/devcontainer.json";

    /** devcontainer.json is JSON with comments and trailing commas. */
    private static final JsonMapper MAPPER =
            JsonMapper.builder()
                    .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
                    .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
                    .build();

    /**
     * The file of {@code workingDir}, or {@code null} when there is none or it names no image.
     *
     * @throws IOException with a one-line message when it cannot be read or its image is no name
     */
    public static Devcontainer load(Path workingDir) throws IOException {
        byte[] bytes;
        try {
            GuardedFiles guard = GuardedFiles.open(workingDir);
            if (!guard.exists(RELATIVE_PATH)) {
                return null;
            }
            bytes = guard.readBytes(RELATIVE_PATH);
        } catch (GuardException e) {
            if (e.code() == ErrorCode.FILE_NOT_FOUND) {
                return null;
            }
            throw new IOException(RELATIVE_PATH + " cannot be read: " + e.getMessage());
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IOException(
                    RELATIVE_PATH + " is not valid JSON (" + e.getOriginalMessage() + ")");
        }
        JsonNode image = root == null ? null : root.get("image");
        if (image == null || !image.isTextual()) {
            return null; // a build or compose setup: csl takes only a named image
        }
        ContainerImage named;
        try {
            named = ContainerImage.of(MAPPER.createObjectNode().set("image", image));
        } catch (IOException e) {
            throw new IOException(
                    RELATIVE_PATH
                            + ": \"image\" must be an image name without spaces or a leading '-'");
        }
        String hash = UserState.sha256(bytes);
        DevcontainerTrust trust = DevcontainerTrust.of(workingDir);
        return new Devcontainer(named, hash, trust.trusts(hash), trust.hasRecord());
    }

    /** Why its image is not used, with how to trust it; {@code null} when it is trusted. */
    public String untrusted() {
        if (trusted) {
            return null;
        }
        return RELATIVE_PATH
                + " names the "
                + image.describe()
                + ", but "
                + (everTrusted
                        ? "it changed since you trusted it"
                        : "csl has no record that you reviewed it (a cloned repository chooses"
                                + " it)")
                + ", so it is not used; review it and trust it with `csl trust --devcontainer`";
    }
}
