package dev.csl.cli;

/** Stands in for csl.jar in {@link LauncherTest}: says it ran, and with which arguments. */
public final class LauncherProbe {
    private LauncherProbe() {}

    public static void main(String[] args) {
        System.out.println("probe ran: " + String.join(" ", args));
    }
}
