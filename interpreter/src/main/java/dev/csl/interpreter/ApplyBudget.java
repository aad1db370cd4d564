package dev.csl.interpreter;

import dev.csl.fsguard.WriteBudget;
import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.CommandsFile;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;

/**
 * The budgets of one apply (docs/budgets.md): what it may write ({@link WriteBudget}, spent by
 * csl's saves and the built-ins alike) and how large a SEARCH result may grow. Read from {@code
 * .csl/commands.json} when first needed, so an apply that writes nothing never reads it.
 */
final class ApplyBudget {
    private final Path root;
    private CommandLimits limits;
    private WriteBudget writes;

    private ApplyBudget(Path root, CommandLimits limits, WriteBudget writes) {
        this.root = root;
        this.limits = limits;
        this.writes = writes;
    }

    /** The budgets the user set for the project at {@code root} (the defaults where none). */
    static ApplyBudget of(Path root) {
        return new ApplyBudget(root, null, null);
    }

    /** No budget (tests of other things). */
    static ApplyBudget unlimited() {
        return new ApplyBudget(
                null,
                new CommandLimits(
                        CommandLimits.DEFAULT_FILE_SIZE_MIB,
                        CommandLimits.DEFAULT_PROCESSES,
                        Long.MAX_VALUE >> 20,
                        Long.MAX_VALUE,
                        0,
                        Long.MAX_VALUE >> 20),
                WriteBudget.unlimited());
    }

    /** Given limits on {@code root}'s file system (tests). */
    static ApplyBudget of(Path root, CommandLimits limits) {
        return new ApplyBudget(root, limits, null);
    }

    synchronized CommandLimits limits() {
        if (limits == null) {
            try {
                limits = CommandsFile.load(root).limits();
            } catch (IOException e) {
                // a commands.json csl cannot read is reported by the RUN that needs it
                limits = CommandLimits.DEFAULTS;
            }
        }
        return limits;
    }

    /** What the apply may still write. */
    synchronized WriteBudget writes() {
        if (writes == null) {
            CommandLimits l = limits();
            long total =
                    root.getFileSystem() == FileSystems.getDefault()
                            ? root.toFile().getTotalSpace()
                            : 0;
            writes =
                    new WriteBudget(
                            l.writtenBytes(), l.files(), l.freeSpaceBytes(total), root, 0, 0);
        }
        return writes;
    }

    /** The largest file, in UTF-8 bytes, a SEARCH may make. */
    long searchResultBytes() {
        return limits().searchResultBytes();
    }
}
