package dev.csl.runner.base;

import java.util.Locale;

/**
 * The OS confinement a child runs in (docs/external.md, "The OS sandbox"), strongest first. {@code
 * --sandbox auto} takes the first that works on the machine; tests and users may force one with the
 * environment variable {@code CSL_SANDBOX_LAYER} of csl's own process, or in-process with {@link
 * RunnerConfig#layer()}.
 */
public enum SandboxLayer {
    BUBBLEWRAP,
    LANDLOCK,
    /** Only when chosen: Podman or Docker with the user's image (docs/external.md). */
    CONTAINER,
    NONE;

    /**
     * The environment variable that forces a layer: {@code bubblewrap}, {@code landlock}, {@code
     * container} or {@code none}.
     */
    public static final String VARIABLE = "CSL_SANDBOX_LAYER";

    /** The name results and {@code csl doctor} use: "bubblewrap", "landlock", "none". */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The layer called {@code name} (any letter case), or {@code null} when there is none. */
    public static SandboxLayer parse(String name) {
        for (SandboxLayer layer : values()) {
            if (layer.wireName().equalsIgnoreCase(name.strip())) {
                return layer;
            }
        }
        return null;
    }
}
