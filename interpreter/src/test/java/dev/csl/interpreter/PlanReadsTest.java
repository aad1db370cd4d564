package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PlanReadsTest {
    private static Content text(String s) {
        return Content.ofBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void hash_sameFilesOpenedInAnotherOrder_sameHash() {
        PlanReads first = new PlanReads();
        first.opened("a.txt", text("a"));
        first.opened("b.txt", text("b"));
        PlanReads second = new PlanReads();
        second.opened("b.txt", text("b"));
        second.opened("a.txt", text("a"));

        assertThat(first.hash("answer")).isEqualTo(second.hash("answer"));
    }

    @Test
    void opened_sameFileAgain_firstVersionCounts() {
        PlanReads once = new PlanReads();
        once.opened("a.txt", text("on disk"));
        PlanReads twice = new PlanReads();
        twice.opened("a.txt", text("on disk"));
        twice.opened("a.txt", text("as the answer changed it"));

        assertThat(twice.hash("answer")).isEqualTo(once.hash("answer"));
    }

    @Test
    void hash_absentFileAndEmptyFile_differ() {
        PlanReads absent = new PlanReads();
        absent.opened("a.txt", Content.ABSENT);
        PlanReads empty = new PlanReads();
        empty.opened("a.txt", text(""));

        assertThat(absent.hash("answer")).isNotEqualTo(empty.hash("answer"));
    }

    @Test
    void hash_otherAnswer_otherHash() {
        PlanReads reads = new PlanReads();
        reads.opened("a.txt", text("a"));

        assertThat(reads.hash("one answer")).isNotEqualTo(reads.hash("another answer"));
    }
}
