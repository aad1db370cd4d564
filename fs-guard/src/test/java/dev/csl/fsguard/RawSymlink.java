package dev.csl.fsguard;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * symlink(2) with the target's text exactly as given (the JDK's paths drop a trailing slash, "./"
 * and "//"), called in the test's own process: a workspace holds a dozen such links, and starting
 * {@code ln -s} for each cost ~80 ms a case.
 */
final class RawSymlink {
    private static final boolean LOADED = load();

    private RawSymlink() {}

    private static boolean load() {
        try {
            Native.register(RawSymlink.class, NativeLibrary.getInstance("c"));
            return true;
        } catch (Throwable e) {
            return false; // no C library through JNA here: ln -s makes the links
        }
    }

    private static native int symlink(byte[] target, byte[] link) throws LastErrorException;

    private static byte[] cString(String s) {
        byte[] text = s.getBytes(StandardCharsets.UTF_8);
        return java.util.Arrays.copyOf(text, text.length + 1);
    }

    /** Makes {@code link} a symbolic link whose text is {@code target}, byte for byte. */
    static void create(String target, Path link) throws IOException {
        if (LOADED) {
            try {
                symlink(cString(target), cString(link.toString()));
            } catch (LastErrorException e) {
                throw new IOException(
                        "symlink " + target + " " + link + ": errno " + e.getErrorCode());
            }
        } else {
            lnS(target, link);
        }
        String written = Files.readSymbolicLink(link).toString();
        if (!written.equals(target)) {
            throw new IOException("the link " + link + " reads " + written + ", not " + target);
        }
    }

    private static void lnS(String target, Path link) throws IOException {
        try {
            Process ln = new ProcessBuilder("ln", "-s", target, link.toString()).start();
            if (ln.waitFor() != 0) {
                throw new IOException("ln -s " + target + " " + link + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
