function s(x) {
    run(x);
    return x;
}
