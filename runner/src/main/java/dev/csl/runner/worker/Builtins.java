package dev.csl.runner.worker;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The built-in commands by name, as the worker runs them. */
final class Builtins {
    private final Map<String, Builtin> byName = new HashMap<>();

    Builtins(boolean selfTests) {
        FileCommands file = new FileCommands();
        byName.put("cat", file::cat);
        byName.put("head", file::head);
        byName.put("tail", file::tail);
        byName.put("wc", new WcCommand());
        ListCommands list = new ListCommands();
        byName.put("ls", list::ls);
        byName.put("tree", new TreeCommand());
        byName.put("find", new FindCommand());
        byName.put("grep", new GrepCommand());
        ChangeCommands change = new ChangeCommands();
        byName.put("mkdir", change::mkdir);
        byName.put("touch", change::touch);
        byName.put("cp", change::cp);
        byName.put("mv", change::mv);
        byName.put("rm", change::rm);
        byName.put("diff", new DiffCommand());
        InfoCommands info = new InfoCommands();
        byName.put("pwd", info::pwd);
        byName.put("echo", info::echo);
        byName.put("stat", new StatCommand());
        byName.put("realpath", info::realpath);
        byName.put("dirname", info::dirname);
        byName.put("basename", info::basename);
        if (selfTests) {
            SelfTests tests = new SelfTests();
            for (String name : List.of("__sleep", "__crash", "__oom", "__spawn", "__flood")) {
                byName.put(name, tests);
            }
        }
    }

    int run(Invocation inv, Context ctx) throws IOException {
        Builtin b = byName.get(inv.command());
        if (b == null) {
            ctx.error("not a built-in command of this worker");
            return 127;
        }
        return b.run(inv, ctx);
    }
}
