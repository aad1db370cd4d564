package dev.csl.runner;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class that leaves running a process it started (a worker, its sandbox, a command):
 * one left so outlives the test JVM, its parent then the machine's init. Every class of the module
 * gets this check (registered in META-INF/services, turned on in junit-platform.properties). A
 * process this JVM started before the class is not the class's; one that is still stopping is
 * waited for as long as a hang, so only a leak waits that long, and the leak is then stopped.
 */
public final class NoProcessLeftBehind implements BeforeAllCallback, AfterAllCallback {
    private static final Duration LIMIT = Duration.ofMinutes(5);
    private static final ExtensionContext.Namespace HERE =
            ExtensionContext.Namespace.create(NoProcessLeftBehind.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        if (topLevel(context)) {
            context.getStore(HERE).put("before", running());
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        if (!topLevel(context)) {
            return; // a nested class's processes may be its enclosing class's to stop
        }
        @SuppressWarnings("unchecked")
        Set<Long> before = context.getStore(HERE).get("before", Set.class);
        long deadline = System.nanoTime() + LIMIT.toNanos();
        List<ProcessHandle> left = leftBehind(before);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            left = leftBehind(before);
        }
        if (!left.isEmpty()) {
            String what =
                    left.stream()
                            .map(p -> p.pid() + " " + p.info().commandLine().orElse("?"))
                            .collect(Collectors.joining("\n  "));
            left.forEach(ProcessHandle::destroyForcibly);
            throw new AssertionError(
                    context.getDisplayName()
                            + " left processes it started running ("
                            + LIMIT.toMinutes()
                            + " min after its end):\n  "
                            + what);
        }
    }

    private static boolean topLevel(ExtensionContext context) {
        return context.getTestClass().map(c -> c.getEnclosingClass() == null).orElse(false);
    }

    private static Set<Long> running() {
        return ProcessHandle.current()
                .descendants()
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static List<ProcessHandle> leftBehind(Set<Long> before) {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> !before.contains(p.pid()))
                .toList();
    }
}
