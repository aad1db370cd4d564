package dev.csl.fsguard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The directories this user marked safe although another user owns them ({@code csl trust
 * --safe-directory DIR}; git's {@code safe.directory} is the model). Kept in the user's own state,
 * one real path a line; a line {@code *} marks every directory (a container whose user works in
 * mounted directories of other owners).
 */
public final class SafeDirectories {
    /** The file in the user's state. */
    public static final String FILE = "safe-directories";

    /** The line that marks every directory safe. */
    public static final String EVERY = "*";

    private final UserState state;

    private SafeDirectories(UserState state) {
        this.state = state;
    }

    public static SafeDirectories of(UserState state) {
        return new SafeDirectories(state);
    }

    /** Where the list is kept. */
    public Path location() {
        return state.root().resolve(FILE);
    }

    /** The marked directories (real paths, or {@code *}), in the order they were marked. */
    public List<String> list() throws IOException {
        byte[] bytes = state.readIfExists(FILE);
        List<String> entries = new ArrayList<>();
        if (bytes != null) {
            for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    entries.add(line);
                }
            }
        }
        return entries;
    }

    /** Whether {@code dir} (an existing directory) was marked safe; false when unreadable. */
    public boolean covers(Path dir) {
        try {
            List<String> entries = list();
            return entries.contains(EVERY) || entries.contains(dir.toRealPath().toString());
        } catch (IOException e) {
            return false; // no list that can be read marks nothing
        }
    }

    /** Marks {@code entry} (a real path, or {@code *}) safe; false when it already was. */
    public boolean add(String entry) throws IOException {
        if (entry.indexOf('\n') >= 0 || entry.indexOf('\r') >= 0) {
            throw new IOException(
                    "a directory whose name holds a line break cannot be marked safe");
        }
        List<String> entries = list();
        if (entries.contains(entry)) {
            return false;
        }
        entries.add(entry);
        save(entries);
        return true;
    }

    /** Forgets {@code entry}; false when it was not marked. */
    public boolean remove(String entry) throws IOException {
        List<String> entries = list();
        if (!entries.remove(entry)) {
            return false;
        }
        save(entries);
        return true;
    }

    private void save(List<String> entries) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String entry : entries) {
            text.append(entry).append('\n');
        }
        state.write(FILE, text.toString().getBytes(StandardCharsets.UTF_8));
    }
}
