package dev.csl.runner.approval;

import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The trust records of one project in the user's state (direnv's {@code allow} is the model): a
 * project's {@code .csl/commands.json} is an ordinary file to git, so a cloned repository, another
 * user or a command can write one, and only what this user granted through csl counts. The record
 * lives outside the project, keyed by the project's real path.
 */
public final class ProjectTrust {
    private final UserState state;
    private final String project;

    private ProjectTrust(UserState state, String project) {
        this.state = state;
        this.project = project;
    }

    /** The records of {@code workingDir} in this user's state. */
    public static ProjectTrust of(Path workingDir) throws IOException {
        return of(UserState.current(), workingDir);
    }

    public static ProjectTrust of(UserState state, Path workingDir) throws IOException {
        return new ProjectTrust(state, workingDir.toRealPath().toString());
    }

    private String recordPath() {
        return "projects/" + UserState.keyOf(project) + ".json";
    }

    /** What the user granted this project (nothing when there is no record). */
    public TrustRecord record() throws IOException {
        byte[] bytes = state.readIfExists(recordPath());
        return bytes == null ? TrustRecord.none(project) : TrustRecord.fromJson(project, bytes);
    }

    private void save(TrustRecord record) throws IOException {
        state.write(recordPath(), record.toJson());
    }

    /** The grants of {@code written} that count: those the user made through csl. */
    public CommandsFile grantsOf(CommandsFile.Written written) throws IOException {
        return written.file().grantedBy(record(), written.sha256());
    }

    /**
     * {@code csl trust}: the commands.json the user was shown, {@code written}, is the user's,
     * whole (its hash is recorded: a file changed since then is not trusted).
     */
    public void trust(CommandsFile.Written written) throws IOException {
        save(record().withTrusted(written.sha256()));
    }

    /** Trusts the commands.json of {@code workingDir} as it stands now (as {@code csl trust}). */
    public static void trustAsWritten(Path workingDir) throws IOException {
        of(workingDir).trust(CommandsFile.loadAsWritten(workingDir));
    }

    /** {@code csl trust --revoke}: nothing of this project's commands.json counts any more. */
    public void revoke() throws IOException {
        state.delete(recordPath());
    }

    /**
     * Saves a change the user made through csl ({@code csl allow}, {@code deny}, the prompt's
     * "always" and "never"): the entries it adds are granted; a file that was trusted whole stays
     * trusted whole, with its new content.
     */
    public CommandsFile.Written saveChange(
            Path workingDir, CommandsFile.Written before, CommandsFile after) throws IOException {
        TrustRecord record = record();
        boolean wasTrusted = before.sha256() == null || record.trusts(before.sha256());
        String hash = after.save(workingDir);
        TrustRecord changed = record.afterChange(before.file(), after);
        save(wasTrusted ? changed.withTrusted(hash) : changed);
        return new CommandsFile.Written(after, hash);
    }

    /**
     * The note for a commands.json that grants more than counts — said once per content of the file
     * (the first apply that meets it), or null.
     */
    public String noteOnce(CommandsFile.Written written) throws IOException {
        TrustRecord record = record();
        CommandsFile counted = written.file().grantedBy(record, written.sha256());
        String ignored = written.file().widerThan(counted);
        if (ignored == null || written.sha256().equals(record.toldHash())) {
            return null;
        }
        save(record.withTold(written.sha256()));
        return untrustedNote(ignored);
    }

    /** What the user is told about a commands.json whose grants do not count. */
    public static String untrustedNote(String ignored) {
        return CommandsFile.RELATIVE_PATH
                + " grants "
                + ignored
                + ", but csl has no record that you made or reviewed it (it may come from a cloned"
                + " repository or another program), so none of that counts; review it and trust it"
                + " with `csl trust`";
    }
}
