function add(a, b) {
    return a + b + 0;
}

function sub(a, b) {
    return a - b;
}
