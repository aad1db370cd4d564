package dev.csl.runner.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The flags that switch on Node's permission model differ between versions: none before 20, {@code
 * --experimental-permission} in 20 to 22, {@code --permission} from 23.
 */
record NodeVersion(int major, int minor, String text) {
    private static final Pattern VERSION = Pattern.compile("v(\\d+)\\.(\\d+)\\.\\d+");

    static NodeVersion of(Path node) {
        try {
            Process process =
                    new ProcessBuilder(node.toString(), "--version")
                            .redirectErrorStream(true)
                            .redirectInput(
                                    ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                            .start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                            .strip();
            process.waitFor(10, TimeUnit.SECONDS);
            return parse(output);
        } catch (IOException e) {
            return new NodeVersion(0, 0, "unknown");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new NodeVersion(0, 0, "unknown");
        }
    }

    static NodeVersion parse(String output) {
        Matcher matcher = VERSION.matcher(output);
        if (!matcher.find()) {
            return new NodeVersion(0, 0, output);
        }
        return new NodeVersion(
                Integer.parseInt(matcher.group(1)),
                Integer.parseInt(matcher.group(2)),
                matcher.group());
    }

    /** The permission-model flag, or {@code null} when this Node has none. */
    String permissionFlag() {
        if (major >= 23) {
            return "--permission";
        }
        return major >= 20 ? "--experimental-permission" : null;
    }

    /** Keeps Node's "permission is experimental" warning out of the script's stderr. */
    String quietPermissionWarning() {
        boolean hasDisableWarning =
                major > 21 || (major == 21 && minor >= 3) || (major == 20 && minor >= 11);
        return hasDisableWarning ? "--disable-warning=ExperimentalWarning" : "--no-warnings";
    }
}
