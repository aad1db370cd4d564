package dev.csl.runner.base;

/** One command's result and, if it failed, why ({@code command_failed}, {@code timeout}, ...). */
public record CommandOutcome(CommandResult result, RunFailure failure) {
    public boolean ok() {
        return failure == null;
    }
}
