package dev.csl.runner.worker;

import java.io.IOException;
import java.util.Set;

/** The worker's dispatch: each declared built-in to its implementation, and the self-tests. */
final class Builtins {
    private static final Set<String> SELF_TESTS =
            Set.of("__sleep", "__crash", "__oom", "__spawn", "__flood");

    // Stateless, so one instance each serves every call.
    private final FileCommands file = new FileCommands();
    private final ListCommands list = new ListCommands();
    private final ChangeCommands change = new ChangeCommands();
    private final InfoCommands info = new InfoCommands();
    private final Builtin wc = new WcCommand();
    private final Builtin tree = new TreeCommand();
    private final Builtin find = new FindCommand();
    private final Builtin grep = new GrepCommand();
    private final Builtin diff = new DiffCommand();
    private final Builtin stat = new StatCommand();
    private final Builtin selfTests;

    Builtins(boolean selfTests) {
        this.selfTests = selfTests ? new SelfTests() : null;
    }

    int run(Invocation inv, Context ctx) throws IOException {
        BuiltinCommand command = BuiltinCommand.named(inv.command());
        if (command != null) {
            return run(command, inv, ctx);
        }
        if (selfTests != null && SELF_TESTS.contains(inv.command())) {
            return selfTests.run(inv, ctx);
        }
        ctx.error("not a built-in command of this worker");
        return 127;
    }

    private int run(BuiltinCommand command, Invocation inv, Context ctx) throws IOException {
        // A switch expression over an enum must name every constant: a command declared without
        // an implementation here does not compile.
        return switch (command) {
            case CAT -> file.cat(inv, ctx);
            case HEAD -> file.head(inv, ctx);
            case TAIL -> file.tail(inv, ctx);
            case LS -> list.ls(inv, ctx);
            case TREE -> tree.run(inv, ctx);
            case FIND -> find.run(inv, ctx);
            case GREP -> grep.run(inv, ctx);
            case WC -> wc.run(inv, ctx);
            case PWD -> info.pwd(inv, ctx);
            case ECHO -> info.echo(inv, ctx);
            case MKDIR -> change.mkdir(inv, ctx);
            case TOUCH -> change.touch(inv, ctx);
            case CP -> change.cp(inv, ctx);
            case MV -> change.mv(inv, ctx);
            case RM -> change.rm(inv, ctx);
            case DIFF -> diff.run(inv, ctx);
            case STAT -> stat.run(inv, ctx);
            case REALPATH -> info.realpath(inv, ctx);
            case DIRNAME -> info.dirname(inv, ctx);
            case BASENAME -> info.basename(inv, ctx);
        };
    }
}
