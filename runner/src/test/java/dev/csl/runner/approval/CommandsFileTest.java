package dev.csl.runner.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csl.runner.base.ShellWords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandsFileTest {
    @TempDir Path wd;

    @Test
    void load_missingFile_isEmpty() throws IOException {
        assertThat(CommandsFile.loadAsWritten(wd).file()).isEqualTo(CommandsFile.empty());
    }

    @Test
    void allow_thenSave_roundTripsCanonicalEntry() throws IOException {
        CommandsFile.empty().allow("  npm   run  * ", false).allow("npm test", true).save(wd);

        CommandsFile loaded = CommandsFile.loadAsWritten(wd).file();

        assertThat(loaded.allowed()).containsExactly("npm run *", "npm test");
        assertThat(loaded.network()).containsExactly("npm test");
        assertThat(loaded.allowedBy(List.of("npm", "run", "build"))).contains("npm run *");
        assertThat(loaded.networkFor(List.of("npm", "test"))).isTrue();
        assertThat(loaded.networkFor(List.of("npm", "run", "x"))).isFalse();
    }

    @Test
    void block_removesAllowedEntryAndAllowRemovesBlockedOne() {
        CommandsFile blocked = CommandsFile.empty().allow("make", false).block("make");
        CommandsFile allowedAgain = blocked.allow("make", false);

        assertThat(blocked.allowed()).isEmpty();
        assertThat(blocked.blocked()).containsExactly("make");
        assertThat(allowedAgain.blocked()).isEmpty();
        assertThat(allowedAgain.allowed()).containsExactly("make");
    }

    @Test
    void matches_quotedEntry_matchesExactlyThatArgumentVector() {
        CommandsFile file =
                CommandsFile.empty().allow("python3 -c 'import todo; print(todo.VERSION)'", false);

        assertThat(file.allowedBy(List.of("python3", "-c", "import todo; print(todo.VERSION)")))
                .isPresent();
        assertThat(
                        file.allowedBy(
                                List.of("python3", "-c", "import", "todo;", "print(todo.VERSION)")))
                .isEmpty();
        assertThat(file.allowedBy(List.of("python3", "-c", "import todo;  print(todo.VERSION)")))
                .isEmpty();
    }

    @Test
    void matches_twoArgumentVectorsJoiningToTheSameWords_doNotShareAnApproval() {
        List<String> oneWord = List.of("echo", "a b");
        List<String> twoWords = List.of("echo", "a", "b");
        CommandsFile file = CommandsFile.empty().allow(ShellWords.join(oneWord), false);

        assertThat(file.allowedBy(oneWord)).isPresent();
        assertThat(file.allowedBy(twoWords)).isEmpty();
        assertThat(CommandsFile.empty().allow(ShellWords.join(twoWords), false).allowedBy(oneWord))
                .isEmpty();
    }

    @Test
    void matches_prefixEntry_comparesWholeWords() {
        List<String> argv = List.of("python3", "-c", "import os");

        assertThat(CommandsFile.empty().allow("python3 -c *", false).allowedBy(argv)).isPresent();
        assertThat(CommandsFile.empty().allow("python3 -c import *", false).allowedBy(argv))
                .isEmpty();
        assertThat(CommandsFile.empty().allow("python3 -c 'import os' *", false).allowedBy(argv))
                .isPresent();
    }

    @Test
    void matches_quotedStar_isALiteralWordNotAPrefix() {
        CommandsFile file = CommandsFile.empty().allow("echo '*'", false);

        assertThat(file.allowedBy(List.of("echo", "*"))).isPresent();
        assertThat(file.allowedBy(List.of("echo", "x"))).isEmpty();
    }

    @Test
    void load_entryWrittenBeforeQuoting_stillReadAndMatchesItsWords() throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(
                wd.resolve(".csl/commands.json"),
                "{\"allowed\": [\"npm test\", \"python3 -c \\\"import os\\\"\", \"echo it's\"]}");

        CommandsFile file = CommandsFile.loadAsWritten(wd).file();

        assertThat(file.allowedBy(List.of("npm", "test"))).isPresent();
        assertThat(file.allowedBy(List.of("python3", "-c", "import os"))).isPresent();
        assertThat(file.allowedBy(List.of("echo", "it's"))).contains("echo it's");
    }

    @Test
    void matches_loneStar_matchesEveryCommand() {
        CommandsFile file = CommandsFile.empty().block("*");

        assertThat(file.blockedBy(List.of("anything", "at", "all"))).contains("*");
    }

    @Test
    void loadAndSave_cslDirectoryIsSymlink_refusedAndTargetUntouched() throws IOException {
        Path elsewhere = Files.createDirectories(wd.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("commands.json"), "{\"allowed\": [\"*\"]}");
        Path project = Files.createDirectories(wd.resolve("project"));
        Files.createSymbolicLink(project.resolve(".csl"), elsewhere);

        assertThatThrownBy(() -> CommandsFile.load(project))
                .hasMessageContaining(".csl is a symlink");
        assertThatThrownBy(() -> CommandsFile.empty().allow("make", false).save(project))
                .hasMessageContaining(".csl is a symlink");
        assertThat(Files.readString(elsewhere.resolve("commands.json")))
                .isEqualTo("{\"allowed\": [\"*\"]}");
    }

    @Test
    void load_wrongShape_refusedWithOneLineMessage() throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve(".csl/commands.json"), "{\"allowed\": \"npm test\"}");

        assertThatThrownBy(() -> CommandsFile.loadAsWritten(wd).file())
                .hasMessage(".csl/commands.json: \"allowed\" must be a list of strings");
    }

    @Test
    void limits_absent_areTheDefaults() throws IOException {
        assertThat(CommandsFile.loadAsWritten(wd).file().limits())
                .isEqualTo(CommandLimits.DEFAULTS);
        assertThat(CommandLimits.DEFAULTS.fileSizeBytes()).isEqualTo(1L << 30);
    }

    @Test
    void limits_raisedWithOtherKeysBeside_readAndKeptOnSave() throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(
                wd.resolve(".csl/commands.json"),
                "{\"allowed\": [], \"limits\": {\"fileSize\": 4096, \"timeout\": 900}}");

        CommandsFile file = CommandsFile.loadAsWritten(wd).file();
        file.allow("make", false).save(wd);

        assertThat(file.limits())
                .isEqualTo(new CommandLimits(4096, CommandLimits.DEFAULT_PROCESSES));
        assertThat(Files.readString(wd.resolve(".csl/commands.json")))
                .contains("\"timeout\" : 900");
        assertThat(CommandsFile.loadAsWritten(wd).file().limits().fileSizeMiB()).isEqualTo(4096);
    }

    @Test
    void limits_badValue_refusedNamingTheKey() throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        for (String bad :
                List.of(
                        "{\"limits\": {\"processes\": -1}}",
                        "{\"limits\": {\"fileSize\": \"big\"}}",
                        "{\"limits\": {\"fileSize\": 1.5}}",
                        "{\"limits\": [1]}")) {
            Files.writeString(wd.resolve(".csl/commands.json"), bad);

            assertThatThrownBy(() -> CommandsFile.loadAsWritten(wd).file())
                    .as(bad)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("\"limits\"");
        }
    }

    @Test
    void load_limitsTimeout_readOtherLimitKeysKeptAndSavedAgain() throws IOException {
        java.nio.file.Files.createDirectories(wd.resolve(".csl"));
        java.nio.file.Files.writeString(
                wd.resolve(".csl/commands.json"),
                "{\"limits\": {\"timeout\": 1800, \"processes\": 64}}");

        CommandsFile file = CommandsFile.loadAsWritten(wd).file();
        file.allow("make", false).save(wd);

        assertThat(file.timeoutLimit()).hasValue(1800);
        assertThat(java.nio.file.Files.readString(wd.resolve(".csl/commands.json")))
                .contains("\"timeout\" : 1800", "\"processes\" : 64");
        assertThat(CommandsFile.empty().timeoutLimit()).isEmpty();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(
            strings = {
                "{\"limits\": 5}",
                "{\"limits\": {\"timeout\": \"600\"}}",
                "{\"limits\": {\"timeout\": 0}}",
                "{\"limits\": {\"timeout\": 1.5}}",
                "{\"limits\": {\"timeout\": 2147483648}}"
            })
    void load_badTimeoutLimit_refusedWithAOneLineMessage(String json) throws IOException {
        java.nio.file.Files.createDirectories(wd.resolve(".csl"));
        java.nio.file.Files.writeString(wd.resolve(".csl/commands.json"), json);

        assertThatThrownBy(() -> CommandsFile.loadAsWritten(wd).file())
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(".csl/commands.json: \"limits\"");
    }
}
