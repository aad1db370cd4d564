package dev.csl.runner.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project's commands.json grants only what this user made through csl: on the real disk, with the
 * user's state in a directory of the test's own (never the HOME of whoever runs the suite).
 */
class ProjectTrustTest {
    private static final String CLONED =
            "{\"allowed\": [\"*\", \"npm test\"], \"blocked\": [\"npm publish *\"],"
                    + " \"network\": [\"*\"], \"read\": [\"/somewhere/outside\"],"
                    + " \"env\": [\"AWS_SECRET_ACCESS_KEY\"], \"hide\": [\"/var/www\"],"
                    + " \"limits\": {\"timeout\": 3600, \"fileSize\": 10, \"processes\": 999999}}\n";

    @TempDir Path wd;
    @TempDir Path home;

    private ProjectTrust trust() throws IOException {
        return ProjectTrust.of(UserState.at(home.resolve("state")), wd);
    }

    private CommandsFile.Written write(String json) throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve(".csl/commands.json"), json);
        return CommandsFile.loadAsWritten(wd);
    }

    private CommandsFile counted() throws IOException {
        return trust().grantsOf(CommandsFile.loadAsWritten(wd));
    }

    @Test
    void grantsOf_clonedFileWithoutRecord_onlyNarrowingEntriesCount() throws IOException {
        write(CLONED);

        CommandsFile counted = counted();

        assertThat(counted.allowed()).isEmpty();
        assertThat(counted.network()).isEmpty();
        assertThat(counted.read()).isEmpty();
        assertThat(counted.env()).isEmpty();
        assertThat(counted.allowedBy(List.of("sh", "-c", "cat /somewhere/outside/x"))).isEmpty();
        assertThat(counted.blocked()).containsExactly("npm publish *");
        assertThat(counted.hide()).containsExactly("/var/www");
        assertThat(counted.limits().fileSizeMiB()).isEqualTo(10); // lower than the default
        assertThat(counted.limits().processes()).isEqualTo(CommandLimits.DEFAULT_PROCESSES);
        assertThat(counted.timeoutLimit()).isEmpty();
    }

    @Test
    void grantsOf_clonedBudgets_raisedOnesAndALowerFreeSpaceFloorIgnoredNarrowerKept()
            throws IOException {
        write(
                "{\"limits\": {\"written\": 999999, \"files\": 10, \"freeSpace\": 0,"
                        + " \"searchResult\": 1}}\n");

        CommandLimits counted = counted().limits();

        assertThat(counted.writtenMiB()).isEqualTo(CommandLimits.DEFAULT_WRITTEN_MIB);
        assertThat(counted.files()).isEqualTo(10);
        assertThat(counted.freeSpaceMiB()).isEqualTo(CommandLimits.AUTO_FREE_SPACE);
        assertThat(counted.searchResultMiB()).isEqualTo(1);
        write("{\"limits\": {\"freeSpace\": 4096}}\n");
        assertThat(counted().limits().freeSpaceMiB()).isEqualTo(4096);
    }

    @Test
    void trust_fileAsShown_everyEntryCounts() throws IOException {
        CommandsFile.Written shown = write(CLONED);

        trust().trust(shown);

        CommandsFile counted = counted();
        assertThat(counted).isEqualTo(shown.file());
        assertThat(counted.env()).containsExactly("AWS_SECRET_ACCESS_KEY");
        assertThat(counted.timeoutLimit()).hasValue(3600);
    }

    @Test
    void trust_fileChangedAfterwardsByHandOrProgram_grantsNothingAgain() throws IOException {
        trust().trust(write("{\"allowed\": [\"npm test\"]}\n"));

        write("{\"allowed\": [\"npm test\", \"*\"]}\n");

        assertThat(counted().allowed()).isEmpty();
    }

    @Test
    void trust_keyedByProjectPath_anotherProjectWithTheSameFileIsNotTrusted(@TempDir Path other)
            throws IOException {
        trust().trust(write("{\"allowed\": [\"npm test\"]}\n"));
        Files.createDirectories(other.resolve(".csl"));
        Files.writeString(other.resolve(".csl/commands.json"), "{\"allowed\": [\"npm test\"]}\n");

        ProjectTrust otherTrust = ProjectTrust.of(UserState.at(home.resolve("state")), other);

        assertThat(otherTrust.grantsOf(CommandsFile.loadAsWritten(other)).allowed()).isEmpty();
    }

    @Test
    void saveChange_allowInUntrustedFile_onlyTheUsersEntryCountsAndTheFileKeepsTheRest()
            throws IOException {
        CommandsFile.Written cloned = write(CLONED);

        trust().saveChange(wd, cloned, cloned.file().allow("make test", false));

        assertThat(counted().allowed()).containsExactly("make test");
        assertThat(CommandsFile.loadAsWritten(wd).file().allowed())
                .containsExactly("*", "npm test", "make test");
    }

    @Test
    void saveChange_inTrustedFile_staysTrustedWhole() throws IOException {
        CommandsFile.Written mine =
                write("{\"allowed\": [\"npm test\"], \"env\": [\"NPM_TOKEN\"]}\n");
        trust().trust(mine);

        trust().saveChange(wd, mine, mine.file().allow("make", true));

        assertThat(counted().allowed()).containsExactly("npm test", "make");
        assertThat(counted().network()).containsExactly("make");
        assertThat(counted().env()).containsExactly("NPM_TOKEN");
    }

    @Test
    void saveChange_firstApprovalCreatesTheFile_fileIsTrustedWhole() throws IOException {
        CommandsFile.Written none = CommandsFile.loadAsWritten(wd);

        trust().saveChange(wd, none, none.file().allow("npm test", false));

        assertThat(counted().allowed()).containsExactly("npm test");
        assertThat(trust().record().trusts(CommandsFile.loadAsWritten(wd).sha256())).isTrue();
    }

    @Test
    void saveChange_entryDeniedThenBroughtBackByAnotherProgram_notGrantedByTheOldApproval()
            throws IOException {
        CommandsFile.Written cloned = write("{\"allowed\": [\"*\"]}\n");
        trust().saveChange(wd, cloned, cloned.file().allow("make", false));
        CommandsFile.Written approved = CommandsFile.loadAsWritten(wd);
        trust().saveChange(wd, approved, approved.file().block("make"));

        write("{\"allowed\": [\"*\", \"make\"]}\n");

        assertThat(counted().allowed()).isEmpty();
    }

    @Test
    void noteOnce_untrustedFile_saidOnceThenAgainOnlyWhenTheFileChanges() throws IOException {
        CommandsFile.Written cloned = write(CLONED);

        String note = trust().noteOnce(cloned);

        assertThat(note)
                .contains(".csl/commands.json grants allowed \"*\", \"npm test\"")
                .contains("env \"AWS_SECRET_ACCESS_KEY\"")
                .contains("raised limits (timeout 3600, processes 999999)")
                .contains("csl trust");
        assertThat(trust().noteOnce(cloned)).isNull();
        assertThat(trust().noteOnce(write("{\"allowed\": [\"*\"]}\n"))).contains("\"*\"");
    }

    @Test
    void noteOnce_trustedOrNarrowingOnly_nothingToSay() throws IOException {
        assertThat(
                        trust().noteOnce(
                                        write(
                                                "{\"blocked\": [\"rm *\"], \"limits\": {\"timeout\": 5}}")))
                .isNull();
        CommandsFile.Written mine = write("{\"allowed\": [\"make\"]}");
        trust().trust(mine);
        assertThat(trust().noteOnce(mine)).isNull();
    }

    @Test
    void record_linkInTheUsersState_notTakenAsARecord() throws IOException {
        CommandsFile.Written cloned = write("{\"allowed\": [\"*\"]}\n");
        trust().trust(cloned);
        assertThat(counted().allowed()).containsExactly("*");
        Path records = home.resolve("state/projects");
        try (var listing = Files.list(records)) {
            for (Path record : listing.toList()) {
                // the same record, now reached through a link someone else could have planted
                Path fake = Files.write(wd.resolve("fake.json"), Files.readAllBytes(record));
                Files.delete(record);
                Files.createSymbolicLink(record, fake);
            }
        }

        assertThat(counted().allowed()).isEmpty();
    }
}
