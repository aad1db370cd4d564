package demo;

public final class Counter {
    private int count;

    public void add(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative: " + n);
        }
        count += n;

    public int count() {
        return count;
    }
}
