package dev.csl.runner.base;

/** {@code --sandbox auto|required|off} (docs/external.md, "The OS sandbox"). */
public enum SandboxMode {
    AUTO,
    REQUIRED,
    OFF
}
