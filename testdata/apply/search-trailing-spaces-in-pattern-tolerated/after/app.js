function add(a, b) {
    return b + a;
}

function sub(a, b) {
    return a - b;
}
