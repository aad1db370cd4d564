package dev.csl.runner.sandbox;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Views remembered across the calls of a long-lived process (the resident process, {@code csl
 * serve}): working out a view resolves every PATH directory and home toolchain and lists the
 * directories shown again for sockets, some 500 {@code stat} and 200 {@code readlink} calls per
 * RUN. A remembered view is used only for the same {@link SandboxView.Request} and only while its
 * {@link WitnessedFacts.Witness} holds (every directory it read unchanged, the mount table too), so
 * a new socket, a link made again or a mount is seen exactly as by a view worked out afresh: the
 * view decides what a command can reach, and a stale one must never show what a fresh one hides.
 * Off in a process that runs one call (nothing to remember across).
 */
final class RememberedViews {
    /** How many views are kept (one per project, caller's PATH and paths shown). */
    static final int KEPT = 16;

    private static volatile boolean enabled;

    private static final Map<SandboxView.Request, Remembered> VIEWS =
            new LinkedHashMap<>(KEPT, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<SandboxView.Request, Remembered> e) {
                    return size() > KEPT;
                }
            };

    private record Remembered(SandboxView view, WitnessedFacts.Witness witness) {}

    private RememberedViews() {}

    /** From now on this process remembers views: it serves many calls. */
    static void enable() {
        enabled = true;
    }

    static boolean enabled() {
        return enabled;
    }

    /** The view {@code request} asks for: remembered while it holds, else worked out afresh. */
    static SandboxView view(SandboxView.Request request) {
        return view(request, Clock.systemUTC());
    }

    /**
     * As {@link #view(SandboxView.Request)}, directories' change times read against {@code clock}.
     */
    static SandboxView view(SandboxView.Request request, Clock clock) {
        Remembered kept;
        synchronized (VIEWS) {
            kept = VIEWS.get(request);
        }
        if (kept != null && kept.witness().holds()) {
            return kept.view();
        }
        WitnessedFacts facts = WitnessedFacts.start(clock.instant());
        SandboxView view = SandboxView.of(request, facts);
        WitnessedFacts.Witness witness = facts.witness();
        synchronized (VIEWS) {
            if (witness != null) {
                VIEWS.put(request, new Remembered(view, witness));
            } else {
                VIEWS.remove(request);
            }
        }
        return view;
    }

    /** Whether a view for {@code request} is remembered and still holds (tests). */
    static boolean remembers(SandboxView.Request request) {
        Remembered kept;
        synchronized (VIEWS) {
            kept = VIEWS.get(request);
        }
        return kept != null && kept.witness().holds();
    }
}
