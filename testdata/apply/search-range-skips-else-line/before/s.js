function s(x) {
    if (x) {
        one();
    } else {
        two();
    }
    return x;
}
