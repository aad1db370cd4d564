package dev.csl.cli;

import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code csl daemon run|stop|status}: the resident process (docs/daemon.md). */
@Command(
        name = "daemon",
        mixinStandardHelpOptions = true,
        description = {
            "Runs, stops or describes the resident csl process that the launcher hands calls to"
                    + " (docs/daemon.md), or turns it off or on for this user.",
            "run: serve in the foreground (the launcher starts it in the background); stop: stop"
                    + " it; status: say whether it runs, where its socket is and what it holds;"
                    + " off: stop it and never start one again for this user (CSL_DAEMON=1 still"
                    + " does); on: undo off."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:done", "1:status: no resident process runs", "2:usage error"})
final class DaemonCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "run|stop|status|off|on", description = "What to do.")
    String verb;

    @Option(
            names = "--idle",
            paramLabel = "MINUTES",
            description = "With run: stop after this many minutes without calls (default: 15).")
    int idleMinutes = 15;

    @Override
    public Integer call() throws IOException {
        CallContext call = CslCommand.call(spec);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path jar = DaemonPlace.jar(System.getProperty("csl.launcher.build"));
        if (jar == null) {
            err.println("csl daemon: started without the launcher; run it as ./csl daemon " + verb);
            return ExitCodes.USAGE;
        }
        if (verb.equals("off") || verb.equals("on")) {
            return setting(call, out, err, jar);
        }
        DaemonPlace place;
        try {
            place = DaemonPlace.of(call.environment(), jar);
        } catch (IOException e) {
            err.println("csl daemon: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        switch (verb) {
            case "run":
                if (idleMinutes < 1) {
                    err.println("csl daemon: --idle must be at least 1 minute");
                    return ExitCodes.USAGE;
                }
                try {
                    DaemonServer server =
                            new DaemonServer(
                                    place,
                                    jar,
                                    Duration.ofMinutes(idleMinutes),
                                    call.environment(),
                                    err);
                    if (!server.serve()) {
                        err.println(
                                "csl daemon: one already runs for this build ("
                                        + place.socket()
                                        + ")");
                    }
                    return ExitCodes.OK;
                } catch (IOException e) {
                    err.println(
                            "csl daemon: cannot serve on "
                                    + place.socket()
                                    + ": "
                                    + e.getMessage());
                    return ExitCodes.USAGE;
                }
            case "stop":
            case "status":
                String answer = ask(place, verb);
                if (answer == null) {
                    out.println(
                            "csl daemon: no resident process runs for this build (its socket would be "
                                    + place.socket()
                                    + ")");
                    return verb.equals("stop") ? ExitCodes.OK : ExitCodes.FAILED;
                }
                out.print(answer);
                out.flush();
                return ExitCodes.OK;
            default:
                err.println("csl daemon: say run, stop, status, off or on, not '" + verb + "'");
                return ExitCodes.USAGE;
        }
    }

    /**
     * {@code off} records in the user's own state that the launcher starts and uses no resident
     * process (and stops the one running); {@code on} removes that record.
     */
    private Integer setting(CallContext call, PrintWriter out, PrintWriter err, Path jar) {
        DaemonSetting setting = DaemonSetting.of(call);
        try {
            if (verb.equals("off")) {
                setting.turnOff();
                try {
                    ask(DaemonPlace.of(call.environment(), jar), "stop");
                } catch (IOException e) {
                    // no place for a socket: none runs
                }
                out.println(
                        "csl daemon: off for this user: calls run cold, and none is started ("
                                + setting.file()
                                + "; csl daemon on undoes it)");
            } else {
                setting.turnOn();
                out.println(
                        "csl daemon: on: the next call starts the resident process in the"
                                + " background (CSL_DAEMON=0 still turns it off)");
            }
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("csl daemon: cannot change the setting in " + setting.file() + ": " + e);
            return ExitCodes.USAGE;
        }
    }

    /** The resident process's answer to {@code daemon VERB}, or null when none answers. */
    static String ask(DaemonPlace place, String verb) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(place.socket()));
            DaemonFrames frames = new DaemonFrames(channel);
            frames.write(
                    DaemonFrames.CALL,
                    new DaemonFrames.Call(List.of("daemon", verb), "/", List.of(), 0, 0).encode());
            StringBuilder text = new StringBuilder();
            while (true) {
                DaemonFrames.Frame f = frames.read();
                if (f.type() == DaemonFrames.STDOUT) {
                    text.append(new String(f.payload(), StandardCharsets.UTF_8));
                } else if (f.type() == DaemonFrames.EXIT) {
                    return text.toString();
                } else if (f.type() == DaemonFrames.DECLINE) {
                    return null;
                }
            }
        } catch (IOException e) {
            return null;
        }
    }
}
