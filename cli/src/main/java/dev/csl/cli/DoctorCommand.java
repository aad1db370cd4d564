package dev.csl.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.external.Diagnostics;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code csl doctor}: one line per safety layer, each actually tried. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description = {
            "Tells which safety layers work on this machine.",
            "One line each, every layer actually tried: Java, Node.js, the OS sandbox"
                    + " (bubblewrap, else Landlock, with the kernel's Landlock ABI), git, the path"
                    + " guard's mode, the memory cap and the file-size and process ceilings.",
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every layer works", "1:at least one layer is missing (see its hint)"})
final class DoctorCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON document (the same as serve's doctor).")
    boolean json;

    /**
     * Made when doctor runs, not when picocli builds the command line: its machine probes are once
     * per process, and a process that only builds the command line (the resident process, started
     * in /) would otherwise have tried bwrap from its own directory, where every program lies
     * inside it, and found none for every later call.
     */
    private final java.util.function.Supplier<Diagnostics> diagnostics;

    DoctorCommand() {
        this.diagnostics = Diagnostics::new;
    }

    DoctorCommand(Diagnostics diagnostics) {
        this.diagnostics = () -> diagnostics;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<Diagnostics.Check> checks = diagnostics.get().run();
        boolean allPassed = checks.stream().allMatch(Diagnostics.Check::ok);
        if (json) {
            out.println(new ObjectMapper().writeValueAsString(Diagnostics.document(checks)));
            out.flush();
            return allPassed ? ExitCodes.OK : ExitCodes.FAILED;
        }
        int width = checks.stream().mapToInt(check -> check.name().length()).max().orElse(0);
        boolean allOk = true;
        for (Diagnostics.Check check : checks) {
            allOk &= check.ok();
            out.println(
                    (check.ok() ? "✔ " : "✘ ")
                            + String.format("%-" + width + "s", check.name())
                            + "  "
                            + TerminalText.line(check.detail()));
            if (!check.ok()) {
                out.println(
                        "  " + " ".repeat(width) + "  hint: " + TerminalText.body(check.hint()));
            }
        }
        out.flush();
        return allOk ? ExitCodes.OK : ExitCodes.FAILED;
    }
}
