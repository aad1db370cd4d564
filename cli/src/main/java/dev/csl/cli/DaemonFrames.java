package dev.csl.cli;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The resident process's wire format (docs/daemon.md): frames of one type byte, a 4-byte big-endian
 * length and that many bytes. The client sends {@link #CALL} (the call: arguments, directory,
 * environment, terminal flags, width), then {@link #STDIN} frames once the call is accepted (an
 * empty one at the end of its input); the server answers {@link #DECLINE} (nothing happened: run
 * cold) or {@link #ACCEPT}, then {@link #STDOUT} and {@link #STDERR} frames and one {@link #EXIT}.
 * Reads and writes go to the channel itself: its reads and writes lock apart, where the JDK's
 * stream adapters would make a blocked read hold up every write.
 */
final class DaemonFrames {
    static final byte CALL = 'C';
    static final byte STDIN = 'I';
    static final byte DECLINE = 'D';
    static final byte ACCEPT = 'A';
    static final byte STDOUT = 'O';
    static final byte STDERR = 'E';
    static final byte EXIT = 'X';

    /** The largest frame accepted: a call with a large environment, with room to spare. */
    static final int MAX = 16 * 1024 * 1024;

    /** One frame. */
    record Frame(byte type, byte[] payload) {}

    private final SocketChannel channel;
    private final Object writing = new Object();

    DaemonFrames(SocketChannel channel) {
        this.channel = channel;
    }

    Frame read() throws IOException {
        ByteBuffer head = fill(ByteBuffer.allocate(5));
        int length = head.getInt(1);
        if (length < 0 || length > MAX) {
            throw new IOException("frame of " + length + " bytes");
        }
        return new Frame(head.get(0), fill(ByteBuffer.allocate(length)).array());
    }

    private ByteBuffer fill(ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                throw new EOFException();
            }
        }
        return buffer.flip();
    }

    void write(byte type, byte[] payload, int offset, int length) throws IOException {
        ByteBuffer frame = ByteBuffer.allocate(5 + length);
        frame.put(type).putInt(length).put(payload, offset, length).flip();
        synchronized (writing) {
            while (frame.hasRemaining()) {
                channel.write(frame);
            }
        }
    }

    void write(byte type, byte[] payload) throws IOException {
        write(type, payload, 0, payload.length);
    }

    void exit(int code) throws IOException {
        write(EXIT, ByteBuffer.allocate(4).putInt(code).array());
    }

    /** A stream whose bytes go out as frames of {@code type}. */
    OutputStream output(byte type) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (len > 0) {
                    DaemonFrames.this.write(type, b, off, len);
                }
            }
        };
    }

    /**
     * The caller's stdin: {@link #STDIN} frames read on a thread of their own (the call may never
     * read them), ending at an empty frame or when the client goes away.
     */
    InputStream input() {
        BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
        Thread reader =
                new Thread(
                        () -> {
                            try {
                                while (true) {
                                    Frame f = read();
                                    if (f.type() != STDIN) {
                                        continue;
                                    }
                                    chunks.add(f.payload());
                                    if (f.payload().length == 0) {
                                        return;
                                    }
                                }
                            } catch (IOException e) {
                                chunks.add(new byte[0]);
                            }
                        },
                        "csl-daemon-stdin");
        reader.setDaemon(true);
        reader.start();
        return new InputStream() {
            private byte[] chunk = new byte[0];
            private int at;
            private boolean ended;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                while (at == chunk.length) {
                    if (ended) {
                        return -1;
                    }
                    try {
                        chunk = chunks.take();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new java.io.InterruptedIOException();
                    }
                    at = 0;
                    ended = chunk.length == 0;
                }
                int n = Math.min(len, chunk.length - at);
                System.arraycopy(chunk, at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    /**
     * A call as the client sends it.
     *
     * @param args the command line after {@code csl}
     * @param directory the caller's current directory
     * @param environment the caller's environment, as NAME=VALUE
     * @param flags bit 0: stdin is a terminal, bit 1: stdout, bit 2: stderr
     * @param width the terminal's width (0 when unknown)
     */
    record Call(
            List<String> args, String directory, List<String> environment, int flags, int width) {
        static Call decode(byte[] payload) throws IOException {
            ByteBuffer in = ByteBuffer.wrap(payload);
            try {
                List<String> args = strings(in);
                String dir = string(in);
                List<String> env = strings(in);
                return new Call(args, dir, env, in.getInt(), in.getInt());
            } catch (java.nio.BufferUnderflowException
                    | IllegalArgumentException
                    | NegativeArraySizeException e) {
                throw new IOException("malformed call");
            }
        }

        byte[] encode() {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            strings(out, args);
            string(out, directory);
            strings(out, environment);
            out.writeBytes(ByteBuffer.allocate(8).putInt(flags).putInt(width).array());
            return out.toByteArray();
        }

        private static List<String> strings(ByteBuffer in) {
            int n = in.getInt();
            if (n < 0 || n > in.remaining() / 4) {
                throw new IllegalArgumentException();
            }
            List<String> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(string(in));
            }
            return list;
        }

        private static String string(ByteBuffer in) {
            byte[] bytes = new byte[in.getInt()];
            in.get(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }

        private static void strings(java.io.ByteArrayOutputStream out, List<String> list) {
            out.writeBytes(ByteBuffer.allocate(4).putInt(list.size()).array());
            list.forEach(s -> string(out, s));
        }

        private static void string(java.io.ByteArrayOutputStream out, String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
            out.writeBytes(bytes);
        }
    }
}
