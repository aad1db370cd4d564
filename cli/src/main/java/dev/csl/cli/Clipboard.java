package dev.csl.cli;

import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Copies text to the system clipboard with the first clipboard program found on PATH. */
final class Clipboard {
    /** Each tool with its arguments, in the order tried; Wayland and X11 only when in use. */
    private static final List<List<String>> TOOLS =
            List.of(
                    List.of("wl-copy"),
                    List.of("xclip", "-selection", "clipboard"),
                    List.of("xsel", "--clipboard", "--input"),
                    List.of("pbcopy"),
                    List.of("clip.exe"));

    private final List<String> command;

    private Clipboard(List<String> command) {
        this.command = command;
    }

    /** The clipboard of this session, or empty when no tool for it is installed. */
    static Optional<Clipboard> find(CallContext call) {
        for (List<String> tool : TOOLS) {
            String name = tool.get(0);
            if (name.equals("wl-copy") && call.getenv("WAYLAND_DISPLAY") == null) {
                continue;
            }
            if (name.startsWith("xc") || name.startsWith("xs")) {
                if (call.getenv("DISPLAY") == null) {
                    continue;
                }
            }
            if (onPath(call, name)) {
                return Optional.of(new Clipboard(tool));
            }
        }
        return Optional.empty();
    }

    static String toolNames() {
        List<String> names = new ArrayList<>();
        TOOLS.forEach(t -> names.add(t.get(0)));
        return String.join(", ", names);
    }

    private static boolean onPath(CallContext call, String name) {
        for (String dir :
                call.environment().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        return false;
    }

    /** True when the text reached the clipboard. */
    boolean copy(String text) {
        try {
            Process p =
                    new ProcessBuilder(command)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(text.getBytes(StandardCharsets.UTF_8));
            }
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
