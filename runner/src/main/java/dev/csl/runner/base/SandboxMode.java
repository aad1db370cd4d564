package dev.csl.runner.base;

/** {@code --sandbox auto|required|off} (SPEC §3, second layer). */
public enum SandboxMode {
    AUTO,
    REQUIRED,
    OFF
}
