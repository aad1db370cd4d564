package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** Help as a newcomer reads it: whole sentences, one style, exit codes for every command. */
class HelpTest {
    private static final String SENTENCE = "[A-Z].*[.)]";

    private static List<CommandSpec> subcommands() {
        List<CommandSpec> specs = new ArrayList<>();
        for (CommandLine sub : Main.newCommandLine().getSubcommands().values()) {
            specs.add(sub.getCommandSpec());
        }
        return specs;
    }

    private static String summary(CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        return header.length > 0 ? header[0] : spec.usageMessage().description()[0];
    }

    @Test
    void help_everyCommandSummary_isOneWholeSentenceShownUncut() {
        StringWriter help = new StringWriter();
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(help, true));
        cli.execute("--help");
        String shown = help.toString().replaceAll("\\s+", " ");

        assertThat(subcommands()).isNotEmpty();
        for (CommandSpec spec : subcommands()) {
            String summary = summary(spec);
            assertThat(summary).as(spec.name()).matches("[A-Z].*\\.").doesNotContain(". ");
            assertThat(shown)
                    .as("csl --help shows the whole summary of " + spec.name())
                    .contains(summary);
        }
    }

    @Test
    void help_everyOptionAndParameter_isDescribedAsACapitalizedSentence() {
        for (CommandSpec spec : subcommands()) {
            List<ArgSpec> args = new ArrayList<>(spec.options());
            args.addAll(spec.positionalParameters());
            for (ArgSpec arg : args) {
                String text = String.join(" ", arg.description());
                assertThat(text).as(spec.name() + " " + arg.paramLabel()).matches(SENTENCE);
            }
        }
    }

    @Test
    void help_everyCommand_listsItsExitCodes() {
        for (CommandSpec spec : subcommands()) {
            if (spec.name().equals("help")) {
                continue; // picocli's own help command: it prints help and always exits 0
            }
            StringWriter help = new StringWriter();
            CommandLine cli = Main.newCommandLine();
            cli.setOut(new PrintWriter(help, true));
            cli.execute(spec.name(), "--help");

            assertThat(help.toString()).as(spec.name()).contains("Exit status:", "  0 ");
        }
    }

    @Test
    void help_applyTimeout_saysItsDefault() {
        StringWriter help = new StringWriter();
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(help, true));
        cli.execute("apply", "--help");

        assertThat(help.toString().replaceAll("\\s+", " ")).contains("(default: 30)");
    }
}
