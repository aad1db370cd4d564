package dev.csl.runner.approval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.StateDirectory;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The approvals of one project, {@code .csl/commands.json}: {@code {"allowed": [...], "blocked":
 * [...], "network": [...]}}. {@link #load} gives only what counts: entries that widen what commands
 * may do count only when the user made them through csl ({@link ProjectTrust}); entries that narrow
 * count always. {@link #loadAsWritten} gives the file as it stands, for csl's own edits of it.
 * {@code network} lists the commands that keep network access inside the sandbox (they must also be
 * approved); {@code "limits": {"timeout": SECONDS}} raises (or lowers) the ceiling of an answer's
 * {@code timeout}. A missing file means no approvals. Unknown fields are kept when the file is
 * rewritten.
 */
public record CommandsFile(
        List<String> allowed, List<String> blocked, List<String> network, ObjectNode rest) {
    private static final String NAME = "commands.json";
    public static final String RELATIVE_PATH = StateDirectory.NAME + "/" + NAME;

    /**
     * Made on first use: a project without commands.json (most applies with a RUN) never loads
     * databind's object mapper, a few hundred classes on the path of every RUN.
     */
    private static final class Json {
        static final ObjectMapper MAPPER =
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    public CommandsFile {
        allowed = List.copyOf(allowed);
        blocked = List.copyOf(blocked);
        network = List.copyOf(network);
        rest = rest == null ? JsonNodeFactory.instance.objectNode() : rest.deepCopy();
    }

    /** Other fields of the file, kept as they were (a copy). */
    @Override
    public ObjectNode rest() {
        return rest.deepCopy();
    }

    public static CommandsFile empty() {
        return new CommandsFile(List.of(), List.of(), List.of(), null);
    }

    /** Where the file of {@code workingDir} lives. */
    public static Path location(Path workingDir) {
        return workingDir.resolve(RELATIVE_PATH);
    }

    /**
     * A commands.json as it stands in the project, with the SHA-256 of the bytes it was read from
     * (null when there is no file).
     */
    public record Written(CommandsFile file, String sha256) {}

    /**
     * What the file of {@code workingDir} grants that counts: everything when this user trusted the
     * file as it stands, otherwise its narrowing entries and the entries the user approved through
     * csl one by one. A missing file is {@link #empty()}.
     *
     * @throws IOException with a one-line message when it cannot be read or is not the expected
     *     JSON
     */
    public static CommandsFile load(Path workingDir) throws IOException {
        Written written = loadAsWritten(workingDir);
        if (written.sha256() == null) {
            return written.file();
        }
        return ProjectTrust.of(workingDir).grantsOf(written);
    }

    /**
     * Reads the file of {@code workingDir} as it stands, trusted or not; a missing file is {@link
     * #empty()} with no hash.
     *
     * @throws IOException with a one-line message when it cannot be read or is not the expected
     *     JSON
     */
    public static Written loadAsWritten(Path workingDir) throws IOException {
        StateDirectory state = StateDirectory.openIfExists(workingDir);
        if (state == null) {
            return new Written(empty(), null);
        }
        refuseLink(state);
        if (!state.exists(NAME)) {
            return new Written(empty(), null);
        }
        byte[] bytes = state.read(NAME);
        return new Written(parse(bytes), UserState.sha256(bytes));
    }

    private static CommandsFile parse(byte[] bytes) throws IOException {
        String text = new String(bytes, StandardCharsets.UTF_8);
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IOException(
                    RELATIVE_PATH + " is not valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new IOException(RELATIVE_PATH + " must hold a JSON object");
        }
        ObjectNode rest = ((ObjectNode) root).deepCopy();
        List<String> allowed = strings(rest.remove("allowed"), "allowed");
        List<String> blocked = strings(rest.remove("blocked"), "blocked");
        List<String> network = strings(rest.remove("network"), "network");
        strings(rest.get("env"), "env"); // checked here; kept in rest, in the user's order
        strings(rest.get("read"), "read");
        strings(rest.get("hide"), "hide");
        ContainerImage.of(rest.get(ContainerImage.FIELD)); // checked here; kept in rest
        CommandLimits.of(rest.get(CommandLimits.FIELD)); // checked here; kept in rest
        limit(rest, "timeout");
        return new CommandsFile(allowed, blocked, network, rest);
    }

    /**
     * Approvals come only from the project's own {@code .csl} (StateDirectory refuses a {@code
     * .csl} that is not a real directory); a commands.json that is a symlink could bring them in
     * from elsewhere, so it is refused too.
     */
    private static void refuseLink(StateDirectory state) throws IOException {
        if (state.stat(NAME).type() == FileInfo.Type.SYMLINK) {
            throw new IOException(
                    RELATIVE_PATH
                            + " is a symlink; csl keeps its approvals only in a real "
                            + RELATIVE_PATH);
        }
    }

    /**
     * The user's ceiling {@code name} under {@code "limits"} ({@code "limits": {"timeout": 1800}}),
     * checked to be a positive whole number that fits an int; other keys of {@code limits} are left
     * to their readers.
     */
    private static OptionalInt limit(JsonNode root, String name) throws IOException {
        JsonNode limits = root.get("limits");
        if (limits == null || limits.isNull()) {
            return OptionalInt.empty();
        }
        if (!limits.isObject()) {
            throw new IOException(RELATIVE_PATH + ": \"limits\" must be an object");
        }
        JsonNode value = limits.get(name);
        if (value == null || value.isNull()) {
            return OptionalInt.empty();
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() <= 0) {
            throw new IOException(
                    RELATIVE_PATH
                            + ": \"limits\".\""
                            + name
                            + "\" must be a positive whole number (at most 2147483647)");
        }
        return OptionalInt.of(value.asInt());
    }

    /**
     * The ceiling, in seconds, of the {@code timeout} an answer's RUN block may ask for, when the
     * user set one: {@code "limits": {"timeout": 1800}}.
     */
    public OptionalInt timeoutLimit() {
        try {
            return limit(rest, "timeout");
        } catch (IOException e) {
            return OptionalInt.empty(); // load() refused such a file already
        }
    }

    private static List<String> strings(JsonNode node, String field) throws IOException {
        List<String> values = new ArrayList<>();
        if (node == null || node.isNull()) {
            return values;
        }
        if (!node.isArray()) {
            throw new IOException(RELATIVE_PATH + ": \"" + field + "\" must be a list of strings");
        }
        for (JsonNode element : node) {
            if (!element.isTextual()) {
                throw new IOException(
                        RELATIVE_PATH + ": \"" + field + "\" must be a list of strings");
            }
            values.add(element.asText());
        }
        return values;
    }

    /**
     * This file as far as {@code record} grants it, {@code hash} being the content it was read
     * from: all of it when the record trusts that content; otherwise the narrowing entries ({@code
     * blocked}, {@code hide}, limits at or below their defaults) and the allowed and network
     * entries the user approved one by one.
     */
    CommandsFile grantedBy(TrustRecord record, String hash) {
        if (hash == null || record.trusts(hash)) {
            return this;
        }
        ObjectNode narrowed = rest.deepCopy();
        narrowed.remove("env");
        narrowed.remove("read");
        narrowed.remove(ContainerImage.FIELD);
        JsonNode limits = narrowed.get(CommandLimits.FIELD);
        if (limits != null && limits.isObject()) {
            ObjectNode kept = ((ObjectNode) limits).deepCopy();
            limits.fieldNames()
                    .forEachRemaining(
                            key -> {
                                if (CommandLimits.raises(key, limits.get(key))) {
                                    kept.remove(key);
                                }
                            });
            narrowed.set(CommandLimits.FIELD, kept);
        }
        return new CommandsFile(
                kept(allowed, record.allowed()),
                blocked,
                kept(network, record.network()),
                narrowed);
    }

    private static List<String> kept(List<String> entries, List<String> granted) {
        List<String> result = new ArrayList<>();
        for (String entry : entries) {
            if (granted.contains(entry)) {
                result.add(entry);
            }
        }
        return result;
    }

    /**
     * What this file grants beyond {@code counted} (the part of it that counts), said for a person
     * ({@code allowed "*", env AWS_SECRET}), or null when nothing.
     */
    public String widerThan(CommandsFile counted) {
        List<String> parts = new ArrayList<>();
        listed(parts, "allowed", allowed, counted.allowed);
        listed(parts, "network", network, counted.network);
        listed(parts, "read", read(), counted.read());
        listed(parts, "env", env(), counted.env());
        if (container() != null && counted.container() == null) {
            parts.add("the container " + container().describe());
        }
        JsonNode limits = rest.get(CommandLimits.FIELD);
        JsonNode countedLimits = counted.rest.get(CommandLimits.FIELD);
        if (limits != null && limits.isObject()) {
            List<String> raised = new ArrayList<>();
            limits.fieldNames()
                    .forEachRemaining(
                            key -> {
                                if (countedLimits == null || !countedLimits.has(key)) {
                                    raised.add(key + " " + limits.get(key));
                                }
                            });
            if (!raised.isEmpty()) {
                parts.add("raised limits (" + String.join(", ", raised) + ")");
            }
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    private static void listed(
            List<String> parts, String field, List<String> all, List<String> counted) {
        List<String> extra = new ArrayList<>();
        for (String entry : all) {
            if (!counted.contains(entry)) {
                extra.add("\"" + entry + "\"");
            }
        }
        if (!extra.isEmpty()) {
            parts.add(field + " " + String.join(", ", extra));
        }
    }

    /**
     * Writes the file atomically (temporary file next to it, then rename) and returns the SHA-256
     * of what it wrote. csl writes its own {@code .csl} directly: the protected-path rule is for
     * the content of answers. Callers record the change in the user's state ({@link
     * ProjectTrust#saveChange}).
     */
    String save(Path workingDir) throws IOException {
        StateDirectory state = StateDirectory.open(workingDir);
        refuseLink(state);
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.set("allowed", array(allowed));
        root.set("blocked", array(blocked));
        if (!network.isEmpty()) {
            root.set("network", array(network));
        }
        root.setAll(rest);
        byte[] bytes =
                (Json.MAPPER.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
        state.write(NAME, bytes);
        return UserState.sha256(bytes);
    }

    private static ArrayNode array(List<String> values) {
        ArrayNode array = Json.MAPPER.createArrayNode();
        values.forEach(array::add);
        return array;
    }

    /**
     * Names of csl's environment variables that commands may see besides the basic ones: {@code
     * "env": ["NPM_TOKEN"]}.
     */
    public List<String> env() {
        List<String> names = new ArrayList<>();
        JsonNode env = rest.get("env");
        if (env != null && env.isArray()) {
            env.forEach(name -> names.add(name.asText()));
        }
        return names;
    }

    /**
     * What the container layer runs commands in ({@code "container"}), or {@code null} when the
     * file names nothing (or names it wrongly: {@link #load} refused such a file already).
     */
    public ContainerImage container() {
        try {
            return ContainerImage.of(rest.get(ContainerImage.FIELD));
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Absolute paths outside the project that sandboxed commands may read although they lie in a
     * hidden place (a home directory, the project's parent): {@code "read": ["/home/me/data"]}.
     */
    public List<String> read() {
        List<String> paths = new ArrayList<>();
        JsonNode read = rest.get("read");
        if (read != null && read.isArray()) {
            read.forEach(path -> paths.add(path.asText()));
        }
        return paths;
    }

    /**
     * Absolute paths of directories that sandboxed commands must not see although the system shows
     * them (another project under /opt or /var/www): {@code "hide": ["/var/www"]}.
     */
    public List<String> hide() {
        List<String> paths = new ArrayList<>();
        JsonNode hide = rest.get("hide");
        if (hide != null && hide.isArray()) {
            hide.forEach(path -> paths.add(path.asText()));
        }
        return paths;
    }

    /**
     * The ceilings of {@code "limits"} ({@link CommandLimits}); the defaults where a key is absent.
     * {@link #load} has already refused a bad value.
     */
    public CommandLimits limits() {
        try {
            return CommandLimits.of(rest.get(CommandLimits.FIELD));
        } catch (IOException e) {
            return CommandLimits.DEFAULTS;
        }
    }

    /** The entries of {@code "limits"} as {@code key value}, for a person to read. */
    public List<String> limitEntries() {
        List<String> entries = new ArrayList<>();
        JsonNode limits = rest.get(CommandLimits.FIELD);
        if (limits != null && limits.isObject()) {
            limits.fields()
                    .forEachRemaining(
                            field -> entries.add(field.getKey() + " " + field.getValue()));
        }
        return entries;
    }

    /** The first blocked entry matching {@code argv}. */
    public Optional<String> blockedBy(List<String> argv) {
        return firstMatch(blocked, argv);
    }

    /** The first allowed entry matching {@code argv}. */
    public Optional<String> allowedBy(List<String> argv) {
        return firstMatch(allowed, argv);
    }

    public boolean networkFor(List<String> argv) {
        return firstMatch(network, argv).isPresent();
    }

    static Optional<String> firstMatch(List<String> entries, List<String> argv) {
        return entries.stream()
                .filter(entry -> CommandPattern.parse(entry).matches(argv))
                .findFirst();
    }

    /** This file with {@code entry} allowed (and no longer blocked), with network if asked. */
    public CommandsFile allow(String entry, boolean withNetwork) {
        String canonical = CommandPattern.canonical(entry);
        List<String> newNetwork = without(network, canonical);
        if (withNetwork) {
            newNetwork.add(canonical);
        }
        return new CommandsFile(
                with(allowed, canonical), without(blocked, canonical), newNetwork, rest);
    }

    /** This file with {@code entry} blocked (and no longer allowed). */
    public CommandsFile block(String entry) {
        String canonical = CommandPattern.canonical(entry);
        return new CommandsFile(
                without(allowed, canonical),
                with(blocked, canonical),
                without(network, canonical),
                rest);
    }

    /** This file without {@code entry} in any list (allowed, blocked, network). */
    public CommandsFile forget(String entry) {
        String canonical = CommandPattern.canonical(entry);
        return new CommandsFile(
                without(allowed, canonical),
                without(blocked, canonical),
                without(network, canonical),
                rest);
    }

    private static List<String> with(List<String> entries, String entry) {
        List<String> result = without(entries, entry);
        result.add(entry);
        return result;
    }

    private static List<String> without(List<String> entries, String entry) {
        List<String> result = new ArrayList<>();
        for (String existing : entries) {
            if (!CommandPattern.canonical(existing).equals(entry)) {
                result.add(existing);
            }
        }
        return result;
    }
}
