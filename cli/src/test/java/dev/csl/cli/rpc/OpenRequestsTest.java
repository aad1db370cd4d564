package dev.csl.cli.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The requests not answered yet, as both servers' cancellations see them. */
class OpenRequestsTest {
    private final OpenRequests open = new OpenRequests();

    @Test
    void cancel_queuedRequest_withdrawnAndNeverRuns() {
        AtomicBoolean answered = new AtomicBoolean();
        OpenRequests.Request request = open.open(new IntNode(1), () -> answered.set(true));

        assertThat(open.cancel(new IntNode(1))).isEqualTo(OpenRequests.Found.QUEUED);
        assertThat(answered).isTrue();
        assertThat(request.run(() -> "ran")).isNull();
        assertThat(request.cancelled()).isTrue();
    }

    @Test
    void cancel_runningRequest_flagSeenByTheWork() {
        OpenRequests.Request request = open.open(new TextNode("a"));
        String result =
                request.run(
                        () -> {
                            assertThat(open.running()).isEqualTo(1);
                            assertThat(open.cancel(new TextNode("a")))
                                    .isEqualTo(OpenRequests.Found.RUNNING);
                            return request.cancelled() ? "stopped" : "finished";
                        });

        assertThat(result).isEqualTo("stopped");
        assertThat(open.running()).isZero();
    }

    @Test
    void cancel_answeredUnknownOrTwice_findsNothing() {
        OpenRequests.Request request = open.open(new IntNode(2));
        request.run(() -> "done");

        assertThat(open.cancel(new IntNode(2))).isEqualTo(OpenRequests.Found.NONE);
        assertThat(open.cancel(new TextNode("2"))).isEqualTo(OpenRequests.Found.NONE);
        open.open(new IntNode(3));
        assertThat(open.cancel(new IntNode(3))).isEqualTo(OpenRequests.Found.QUEUED);
        assertThat(open.cancel(new IntNode(3))).isEqualTo(OpenRequests.Found.NONE);
    }
}
