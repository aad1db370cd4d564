package dev.csl.interpreter;

import dev.csl.fsguard.StateDirectory;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which journals in a project's {@code .csl/history/} this user's csl wrote, kept in the user's own
 * state: a journal feeds {@code csl undo} and the recovery after a killed apply, both of which put
 * files down, so one shipped in a repository or planted by anyone else must never count. An entry
 * is recorded as open before its apply changes anything and, at its end, with the SHA-256 of every
 * file it holds; only a journal whose files still hash so is csl's own.
 */
final class JournalRecords {
    /** One journal's record: open (its apply never finished), or its files' hashes. */
    private record Entry(boolean open, Map<String, String> files) {
        static final Entry OPEN = new Entry(true, null);
    }

    private final UserState user;

    /** The project's key: the record's file name and its header both name it. */
    private final String key;

    private JournalRecords(UserState user, String project) {
        this.user = user;
        this.key = UserState.keyOf(project);
    }

    private static final java.util.concurrent.atomic.AtomicBoolean DIGEST_READIED =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** The records of the project whose real path is {@code realRoot}. */
    static JournalRecords of(Path realRoot) {
        readyDigestInBackground();
        return new JournalRecords(UserState.current(), realRoot.toString());
    }

    /**
     * The first SHA-256 of a JVM sets up the JDK's security providers, ~15 ms of a cold apply's
     * main thread; a real apply needs it only at its first change, so a thread of its own does it
     * meanwhile (once per process).
     */
    private static void readyDigestInBackground() {
        if (DIGEST_READIED.compareAndSet(false, true)) {
            Thread t = new Thread(() -> UserState.sha256(new byte[0]), "csl-digest-warm-up");
            t.setDaemon(true);
            t.start();
        }
    }

    private String file() {
        return "journals/" + key + ".txt";
    }

    /** Recorded before the apply {@code id} changes anything: a kill leaves a journal of ours. */
    void opened(String id) throws IOException {
        Map<String, Entry> entries = read();
        entries.put(id, Entry.OPEN);
        write(entries);
    }

    /** Recorded at the end of apply {@code id}: the hash of each file its journal holds now. */
    void committed(StateDirectory state, String id) throws IOException {
        Map<String, Entry> entries = read();
        // records of entries pruned from the history go with them
        Set<String> present = new HashSet<>(History.entryNames(state));
        entries.keySet().retainAll(present);
        entries.put(id, new Entry(false, hashes(state, id)));
        write(entries);
    }

    /** Apply {@code id} left no journal (it changed nothing). */
    void forget(String id) throws IOException {
        Map<String, Entry> entries = read();
        if (entries.remove(id) != null) {
            write(entries);
        }
    }

    /** The applies of ours whose end was never recorded (a kill), read once. */
    Set<String> openIds() throws IOException {
        Set<String> open = new HashSet<>();
        read().forEach(
                        (id, entry) -> {
                            if (entry.open()) {
                                open.add(id);
                            }
                        });
        return open;
    }

    /**
     * Why the finished journal {@code id} is not csl's own (no record of it, or its files changed
     * since csl wrote them), or null when it is.
     */
    String whyNotOurs(StateDirectory state, String id) throws IOException {
        Entry entry = read().get(id);
        if (entry == null || entry.files() == null) {
            return "csl has no record of writing it";
        }
        return hashes(state, id).equals(entry.files())
                ? null
                : "its files changed after csl wrote them";
    }

    /** Each file of the entry (not the undo marker) by its path in the entry, with its SHA-256. */
    private static Map<String, String> hashes(StateDirectory state, String id) throws IOException {
        String dir = History.entryDir(id);
        Map<String, String> hashes = new TreeMap<>();
        for (String name : state.list(dir)) {
            if (name.equals(Journal.UNDONE) || name.equals("blobs")) {
                continue;
            }
            hashes.put(name, UserState.sha256(state.read(dir + "/" + name)));
        }
        for (String blob : state.list(dir + "/blobs")) {
            hashes.put("blobs/" + blob, UserState.sha256(state.read(dir + "/blobs/" + blob)));
        }
        return hashes;
    }

    /**
     * The entries recorded for this project; none when the record is absent, damaged, or another
     * project's. The record is lines of text, not JSON: parsing JSON with Jackson on this path
     * initialised its parser and, through it, BigDecimal, ~10 ms of every cold apply
     * (docs/coldstart.md). Its lines: a header naming the format and the project's key, then per
     * journal {@code ID open}, or {@code ID done} with {@code ID file SHA256 NAME} for each file.
     */
    private Map<String, Entry> read() throws IOException {
        Map<String, Entry> entries = new LinkedHashMap<>();
        byte[] bytes = user.readIfExists(file());
        if (bytes == null) {
            return entries;
        }
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        if (!lines[0].equals(header())) {
            return entries; // damaged, another format or another project's: vouches for nothing
        }
        Set<String> foreign = new HashSet<>();
        for (int i = 1; i < lines.length; i++) {
            String[] parts = lines[i].split(" ", 4);
            if (parts.length < 2) {
                continue;
            }
            String id = parts[0];
            Entry was = entries.get(id);
            if (parts[1].equals("open") && parts.length == 2) {
                entries.put(id, Entry.OPEN);
            } else if (parts[1].equals("done") && parts.length == 2) {
                entries.put(id, new Entry(false, new TreeMap<>()));
            } else if (parts[1].equals("file")
                    && parts.length == 4
                    && was != null
                    && was.files() != null) {
                was.files().put(parts[3], parts[2]);
            } else {
                foreign.add(id); // a line csl does not write
            }
        }
        for (String id : foreign) {
            // no journal's files match this: it is not csl's own
            entries.put(id, new Entry(false, Map.of("", "")));
        }
        return entries;
    }

    private String header() {
        return "csl journal records 1 " + key;
    }

    private void write(Map<String, Entry> entries) throws IOException {
        StringBuilder out = new StringBuilder(header()).append('\n');
        for (Map.Entry<String, Entry> e : entries.entrySet()) {
            String id = e.getKey();
            if (!field(id)) {
                continue; // an id csl never makes: left unrecorded, so never csl's own
            }
            Entry entry = e.getValue();
            if (entry.open()) {
                out.append(id).append(" open\n");
                continue;
            }
            out.append(id).append(" done\n");
            for (Map.Entry<String, String> f : entry.files().entrySet()) {
                if (!plain(f.getKey()) || !field(f.getValue())) {
                    // a name a line cannot hold (planted beside csl's files): never matches
                    out.append(id).append(" foreign\n");
                    break;
                }
                out.append(id).append(" file ").append(f.getValue()).append(' ');
                out.append(f.getKey()).append('\n');
            }
        }
        user.write(file(), out.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Fits a line's last field (a file's name): not empty, no line break. */
    private static boolean plain(String text) {
        return !text.isEmpty() && text.indexOf('\n') < 0 && text.indexOf('\r') < 0;
    }

    /** Fits a field before the last (an id, a hash): plain, and no space. */
    private static boolean field(String text) {
        return plain(text) && text.indexOf(' ') < 0;
    }
}
