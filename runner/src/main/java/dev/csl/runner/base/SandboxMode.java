package dev.csl.runner.base;

/**
 * {@code --sandbox auto|required|off|container}: the strongest layer that works, that or nothing
 * runs, no layer, or the container layer (required: nothing runs where it does not work);
 * docs/external.md, "The OS sandbox".
 */
public enum SandboxMode {
    AUTO,
    REQUIRED,
    OFF,
    CONTAINER
}
