package dev.csl.cli.serve;

/**
 * Carries an {@link RpcError} out of a method handler to the dispatcher, which turns it into the
 * error response. Never leaves the server.
 */
final class RpcException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient RpcError error;

    RpcException(RpcError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    static RpcException invalidParams(String message) {
        return new RpcException(RpcError.invalidParams(message));
    }

    RpcError error() {
        return error;
    }
}
