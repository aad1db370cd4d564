package dev.csl.cli.rpc;

/**
 * Carries an {@link RpcError} out of a method handler to the dispatcher, which turns it into the
 * error response. Never leaves the server.
 */
public final class RpcException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient RpcError error;

    public RpcException(RpcError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    public static RpcException invalidParams(String message) {
        return new RpcException(RpcError.invalidParams(message));
    }

    public RpcError error() {
        return error;
    }
}
