function add(a, b) {
    return a + b;
}

function sub(a, b) {
    // subtract
    return a - b;
}
