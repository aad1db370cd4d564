package dev.csl.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class McpWordingTest {
    @Test
    void speak_flagsOfToolArguments_becomeTheArgumentNames() {
        assertThat(McpWording.speak("Plan hash: abc (apply exactly this with --expect-plan)"))
                .isEqualTo("Plan hash: abc (apply exactly this with expectPlan)");
        assertThat(McpWording.speak("Refused because of --strict; nothing was changed."))
                .isEqualTo("Refused because of strict; nothing was changed.");
        assertThat(McpWording.speak("or apply without --dry-run (which creates it)"))
                .isEqualTo("or apply without dryRun (which creates it)");
        assertThat(McpWording.speak("matched (--fuzzy=whitespace); to match without --fuzzy."))
                .isEqualTo("matched (fuzzy: \"whitespace\"); to match without fuzzy.");
        assertThat(McpWording.speak("Run csl undo --force to restore the state"))
                .isEqualTo("Run the tool undo with force: true to restore the state");
        assertThat(
                        McpWording.speak(
                                "… 12 more diff lines not shown (--full-diff shows them;"
                                        + " --json keeps them all)"))
                .isEqualTo("… 12 more diff lines not shown (structuredContent keeps them all)");
    }

    @Test
    void speak_otherFlags_leftAsWritten() {
        assertThat(McpWording.speak("grep -r --include='*.ts' PATTERN . or --strictly"))
                .isEqualTo("grep -r --include='*.ts' PATTERN . or --strictly");
    }

    @Test
    void speakIn_messagesHintsAndNotesOnly_neverACommandsOutput() throws Exception {
        JsonNode document =
                new ObjectMapper()
                        .readTree(
                                "{\"results\":[{\"error\":{\"message\":\"under --strict\","
                                        + "\"hint\":\"use --expect-plan\"},\"note\":\"--dry-run\","
                                        + "\"commands\":[{\"stdout\":\"tsc --strict\"}]}]}");

        McpWording.speakIn(document);

        assertThat(document.at("/results/0/error/message").asText()).isEqualTo("under strict");
        assertThat(document.at("/results/0/error/hint").asText()).isEqualTo("use expectPlan");
        assertThat(document.at("/results/0/note").asText()).isEqualTo("dryRun");
        assertThat(document.at("/results/0/commands/0/stdout").asText()).isEqualTo("tsc --strict");
    }
}
