package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A view remembered by a long-lived process is used only while every directory it was worked out
 * from is unchanged: a socket made, a link pointed elsewhere, are seen at the next call exactly as
 * by a view worked out afresh. On the real disk, whose directories' change times are what is
 * checked.
 */
class RememberedViewsTest {
    /**
     * The directories of a test are made just before its views: read against a clock a minute
     * ahead, they count as changed long enough ago to be remembered (the real clock keeps a view of
     * a directory changed in the last seconds from being remembered at all, last test).
     */
    private static final Clock AHEAD =
            Clock.fixed(Instant.now().plus(Duration.ofMinutes(1)), ZoneOffset.UTC);

    @TempDir Path base;
    @TempDir Path clockProbe;
    private Path wd;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")), "Linux only");
        base = base.toRealPath();
        wd = Files.createDirectories(base.resolve("wd")); // its siblings are hidden, then shown
    }

    private SandboxView.Request request(String path, List<Path> read) {
        return new SandboxView.Request(wd, List.of(), path, List.of(), read, "/nonexistent-home");
    }

    private SandboxView fresh(SandboxView.Request request) {
        return SandboxView.of(request, ViewFacts.DIRECT);
    }

    @Test
    void view_nothingChanged_rememberedAndTheSameAsAFreshOne() throws IOException {
        Path tools = Files.createDirectories(base.resolve("tools/sub"));
        SandboxView.Request request = request("/usr/bin:/bin", List.of(tools.getParent()));
        afterTheFileSystemClockTicks(tools);

        SandboxView first = remembered(request);

        assertThat(RememberedViews.view(request, AHEAD)).isEqualTo(first).isEqualTo(fresh(request));
        assertThat(first.shown()).contains(tools.getParent());
    }

    @Test
    void view_socketMadeInADirectoryShownAgain_coveredAtTheNextCall() throws IOException {
        Path tools = Files.createDirectories(base.resolve("tools"));
        SandboxView.Request request = request("", List.of(tools));
        afterTheFileSystemClockTicks(tools);
        assertThat(remembered(request).sockets()).isEmpty();

        Path agent = tools.resolve("agent.sock");
        try (ServerSocketChannel server = listen(agent)) {
            assertThat(RememberedViews.remembers(request)).isFalse();
            assertThat(RememberedViews.view(request, AHEAD).sockets()).containsExactly(agent);
            assertThat(fresh(request).sockets()).containsExactly(agent);
        }
    }

    @Test
    void view_socketMadeOneLevelDown_coveredAtTheNextCall() throws IOException {
        Path tools = Files.createDirectories(base.resolve("tools"));
        Path sub = Files.createDirectories(tools.resolve("sub"));
        SandboxView.Request request = request("", List.of(tools));
        afterTheFileSystemClockTicks(sub);
        assertThat(remembered(request).sockets()).isEmpty();

        Path agent = sub.resolve("agent.sock"); // changes sub, not tools
        try (ServerSocketChannel server = listen(agent)) {
            assertThat(RememberedViews.view(request, AHEAD).sockets()).containsExactly(agent);
        }
    }

    @Test
    void view_linkOnPathPointedElsewhere_showsTheNewTargetOnly() throws IOException {
        Path a = Files.createDirectories(base.resolve("a"));
        Path b = Files.createDirectories(base.resolve("b"));
        Path links = Files.createDirectories(base.resolve("links"));
        Files.createSymbolicLink(links.resolve("bin"), Path.of("../a"));
        SandboxView.Request request = request(links.resolve("bin").toString(), List.of());
        afterTheFileSystemClockTicks(links);
        assertThat(remembered(request).shown()).contains(a).doesNotContain(b);

        Files.delete(links.resolve("bin"));
        Files.createSymbolicLink(links.resolve("bin"), Path.of("../b"));

        assertThat(RememberedViews.view(request, AHEAD).shown()).contains(b).doesNotContain(a);
    }

    @Test
    void view_linkInTheMiddleOfAChainPointedElsewhere_seen() throws IOException {
        // bin -> m/hop -> a: the directory that changes (m) is on neither the path nor the target
        Path a = Files.createDirectories(base.resolve("a"));
        Path c = Files.createDirectories(base.resolve("c"));
        Path m = Files.createDirectories(base.resolve("m"));
        Files.createSymbolicLink(m.resolve("hop"), a);
        Path links = Files.createDirectories(base.resolve("links"));
        Files.createSymbolicLink(links.resolve("bin"), m.resolve("hop"));
        SandboxView.Request request = request(links.resolve("bin").toString(), List.of());
        afterTheFileSystemClockTicks(m);
        assertThat(remembered(request).shown()).contains(a);

        Files.delete(m.resolve("hop"));
        Files.createSymbolicLink(m.resolve("hop"), c);

        assertThat(RememberedViews.view(request, AHEAD).shown()).contains(c).doesNotContain(a);
    }

    @Test
    void view_directoryReplacedByALink_seen() throws IOException {
        Path tools = Files.createDirectories(base.resolve("tools"));
        Path elsewhere = Files.createDirectories(base.resolve("elsewhere"));
        SandboxView.Request request = request("", List.of(tools));
        afterTheFileSystemClockTicks(tools);
        assertThat(remembered(request).sockets()).isEmpty();

        Path agent = elsewhere.resolve("agent.sock");
        try (ServerSocketChannel server = listen(agent)) {
            Files.delete(tools);
            Files.createSymbolicLink(
                    tools, elsewhere); // the path now leads to a socket's directory

            assertThat(RememberedViews.view(request, AHEAD)).isEqualTo(fresh(request));
        }
    }

    @Test
    void view_pathsThatDoNotResolve_sameAsAFreshViewAndRemembered() throws IOException {
        Path links = Files.createDirectories(base.resolve("links"));
        Files.createSymbolicLink(links.resolve("loop"), Path.of("loop"));
        Files.createSymbolicLink(links.resolve("dangling"), Path.of("../nowhere"));
        Files.writeString(links.resolve("file"), "x");
        String path =
                String.join(
                        ":",
                        links.resolve("loop").toString(),
                        links.resolve("dangling").toString(),
                        links.resolve("file/below").toString(),
                        links.resolve("../a/./../links").toString(),
                        "relative/bin");
        SandboxView.Request request = request(path, List.of());
        afterTheFileSystemClockTicks(links);

        assertThat(remembered(request)).isEqualTo(fresh(request));

        Path nowhere = Files.createDirectories(base.resolve("nowhere")); // the dangling link works

        assertThat(RememberedViews.view(request, AHEAD).shown()).contains(nowhere);
    }

    @Test
    void view_directoryChangedJustNow_notRemembered() throws IOException {
        Path tools = Files.createDirectories(base.resolve("tools"));
        Files.writeString(tools.resolve("now.txt"), "x"); // tools changed this very moment
        SandboxView.Request request = request("", List.of(tools));

        SandboxView view = RememberedViews.view(request); // the real clock

        assertThat(view).isEqualTo(fresh(request));
        assertThat(RememberedViews.remembers(request)).isFalse();
    }

    /**
     * The view, once it is remembered: a directory it read may be changed by anyone meanwhile
     * ({@code /tmp}, the mount table), and then it is worked out again, as it should.
     */
    private static SandboxView remembered(SandboxView.Request request) {
        for (int i = 0; i < 100; i++) {
            SandboxView view = RememberedViews.view(request, AHEAD);
            if (RememberedViews.remembers(request)) {
                return view;
            }
        }
        throw new AssertionError("the view was never remembered in 100 tries: " + request);
    }

    /**
     * Waits until the file system's clock (which stamps change times, in ticks of a few
     * milliseconds) has moved past {@code dir}'s change time, so that a change made now gives it
     * another one: two changes in one tick leave a change time as it was, which is why a directory
     * changed in the last seconds is never remembered.
     */
    private void afterTheFileSystemClockTicks(Path dir) throws IOException {
        FileTime changed = ctime(dir);
        Path probe = Files.writeString(clockProbe.resolve("probe"), "x");
        while (ctime(probe).compareTo(changed) <= 0) {
            Files.setLastModifiedTime(probe, FileTime.from(Instant.now()));
        }
    }

    private static FileTime ctime(Path p) throws IOException {
        return (FileTime) Files.getAttribute(p, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
    }

    private static ServerSocketChannel listen(Path socket) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        return server;
    }
}
