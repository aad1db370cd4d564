package dev.csl.runner.approval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The user's record that they reviewed a project's {@code .devcontainer/devcontainer.json}: its
 * content hash, kept in the user's own state beside (not inside) the commands.json record, keyed by
 * the project's real path. The file is the project's, as a cloned repository writes it, so the
 * image it names is used only while its content is the one the user trusted ({@code csl trust
 * --devcontainer}).
 */
public final class DevcontainerTrust {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String FIELD = "trustedDevcontainerJson";

    private final UserState state;
    private final String project;

    private DevcontainerTrust(UserState state, String project) {
        this.state = state;
        this.project = project;
    }

    /** The record of {@code workingDir} in this user's state. */
    public static DevcontainerTrust of(Path workingDir) throws IOException {
        return new DevcontainerTrust(UserState.current(), workingDir.toRealPath().toString());
    }

    private String recordPath() {
        return "projects/" + UserState.keyOf(project) + ".devcontainer.json";
    }

    /** Whether the devcontainer.json whose content hash is {@code sha256} is the one trusted. */
    public boolean trusts(String sha256) throws IOException {
        byte[] bytes = state.readIfExists(recordPath());
        if (bytes == null || sha256 == null) {
            return false;
        }
        try {
            JsonNode root = MAPPER.readTree(bytes);
            return root != null
                    && root.isObject()
                    && project.equals(root.path("project").asText(null))
                    && sha256.equals(root.path(FIELD).asText(null));
        } catch (IOException e) {
            return false; // not one of csl's records: nothing is trusted
        }
    }

    /** Whether the user trusted some content of the file (perhaps not the present one). */
    public boolean hasRecord() throws IOException {
        return state.readIfExists(recordPath()) != null;
    }

    /** Records the devcontainer.json of content hash {@code sha256} as reviewed by the user. */
    public void trust(String sha256) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("project", project);
        root.put(FIELD, sha256);
        state.write(
                recordPath(),
                (MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n")
                        .getBytes(StandardCharsets.UTF_8));
    }

    /** Forgets the record: the devcontainer.json's image is not used until trusted again. */
    public void revoke() throws IOException {
        state.delete(recordPath());
    }
}
