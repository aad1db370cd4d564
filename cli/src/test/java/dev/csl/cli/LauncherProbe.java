package dev.csl.cli;

/**
 * Stands in for csl.jar in {@link LauncherTest}: says it ran, with which arguments, and which of
 * csl's own paths the launcher gave it.
 */
public final class LauncherProbe {
    private LauncherProbe() {}

    public static void main(String[] args) {
        System.out.println("probe ran: " + String.join(" ", args));
        // the names of Installation.PROPERTIES: the probe's jar holds only this class
        for (String property :
                new String[] {"csl.launcher", "csl.launcher.invoked", "csl.launcher.build"}) {
            System.out.println(property + "=" + System.getProperty(property));
        }
    }
}
