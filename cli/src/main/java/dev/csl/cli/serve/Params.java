package dev.csl.cli.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.cli.rpc.RpcError;
import dev.csl.cli.rpc.RpcException;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.Ownership;
import dev.csl.fsguard.UnsafeDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed, checked access to the named parameters of one request. Every problem becomes {@code -32602
 * invalid params} with a sentence naming the parameter, so a client can fix its call.
 */
final class Params {
    private final ObjectNode node;
    private final Path serverDir;

    Params(ObjectNode node, Path serverDir) {
        this.node = node;
        this.serverDir = serverDir;
    }

    /**
     * Refuses names outside {@code known}: a misspelt {@code dryrun} must not silently turn a
     * preview into a real apply.
     */
    void requireOnly(Set<String> known) throws RpcException {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new RpcException(
                        new RpcError(
                                RpcError.INVALID_PARAMS,
                                "Unknown parameter '" + name + "'",
                                new TreeSet<>(known)));
            }
        }
    }

    String requireString(String name) throws RpcException {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            throw RpcException.invalidParams("Missing required parameter '" + name + "'");
        }
        if (!value.isTextual()) {
            throw RpcException.invalidParams("Parameter '" + name + "' must be a string");
        }
        return value.textValue();
    }

    /** The string, or {@code null} when absent or JSON null. */
    String optString(String name) throws RpcException {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        return requireString(name);
    }

    boolean optBoolean(String name, boolean fallback) throws RpcException {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw RpcException.invalidParams("Parameter '" + name + "' must be true or false");
        }
        return value.booleanValue();
    }

    /** A positive whole number, or {@code null} when absent. */
    Integer optPositiveInt(String name) throws RpcException {
        JsonNode value = node.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.canConvertToInt() || !value.isIntegralNumber() || value.intValue() <= 0) {
            throw RpcException.invalidParams(
                    "Parameter '" + name + "' must be a positive whole number");
        }
        return value.intValue();
    }

    /** A list of strings; a single string is accepted as a list of one. */
    List<String> optStringList(String name) throws RpcException {
        JsonNode value = node.get(name);
        List<String> result = new ArrayList<>();
        if (value == null || value.isNull()) {
            return result;
        }
        if (value.isTextual()) {
            result.add(value.textValue());
            return result;
        }
        if (!value.isArray()) {
            throw RpcException.invalidParams(
                    "Parameter '" + name + "' must be an array of strings");
        }
        for (JsonNode element : value) {
            if (!element.isTextual()) {
                throw RpcException.invalidParams(
                        "Parameter '" + name + "' must be an array of strings");
            }
            result.add(element.textValue());
        }
        return result;
    }

    /**
     * The {@code workingDir}, resolved against the server's directory. It must be an existing
     * directory: a mistyped relative path would otherwise become a new, empty project (only the
     * command line's {@code -C} creates its directory, where the user sees the path they typed).
     */
    WorkingDir requireWorkingDir() throws RpcException {
        String text = requireString("workingDir");
        if (text.isEmpty()) {
            throw RpcException.invalidParams("Parameter 'workingDir' must not be empty");
        }
        Path dir;
        try {
            dir = serverDir.resolve(text).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw RpcException.invalidParams("Parameter 'workingDir' is not a valid path: " + text);
        }
        if (GuardedFiles.isFileSystemRoot(dir)) {
            throw RpcException.invalidParams(
                    "Parameter 'workingDir' is the root of the file system ('"
                            + text
                            + "'), which is never a working directory: pass the project's own"
                            + " directory.");
        }
        if (!Files.isDirectory(dir)) {
            throw RpcException.invalidParams(
                    "Parameter 'workingDir' is not an existing directory: '"
                            + text
                            + "' (resolved to "
                            + dir
                            + "). csl serve does not create it: check the path, or create the"
                            + " directory first.");
        }
        UnsafeDirectory unsafe = Ownership.current().check(dir);
        if (unsafe != null) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("code", ErrorCode.UNSAFE_DIRECTORY.wireName());
            data.put("path", unsafe.path().toString());
            if (unsafe.owner() != null) {
                data.put("ownerUid", unsafe.owner().uid());
            }
            data.put("hint", unsafe.hint());
            throw new RpcException(
                    new RpcError(
                            RpcError.INVALID_PARAMS,
                            "Parameter 'workingDir': " + unsafe.message() + "; nothing was done.",
                            data));
        }
        return new WorkingDir(dir, lockKey(dir));
    }

    /**
     * The real path of {@code dir}: the key that serializes requests on one directory, whichever
     * spelling (relative, through a symlink) each client used.
     */
    private static Path lockKey(Path dir) throws RpcException {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            throw RpcException.invalidParams("Working directory cannot be read: " + dir);
        }
    }
}
