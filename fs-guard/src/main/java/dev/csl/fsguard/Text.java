package dev.csl.fsguard;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Decodes file contents for text operations. A NUL byte marks a binary file and malformed UTF-8 is
 * not text either: both are refused as {@code io_error}, because editing them as text would corrupt
 * them.
 */
final class Text {
    private Text() {}

    static String decode(byte[] bytes, String written, Path resolved, Refusal refusal)
            throws GuardException {
        for (byte b : bytes) {
            if (b == 0) {
                throw refusal.of(
                        ErrorCode.IO_ERROR,
                        "Binary file (contains NUL bytes), not text",
                        written,
                        resolved,
                        "text operations work on UTF-8 text files only; leave binary files alone");
            }
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw refusal.of(
                    ErrorCode.IO_ERROR,
                    "File is not valid UTF-8 text",
                    written,
                    resolved,
                    "text operations work on UTF-8 files only; convert the file first");
        }
    }
}
