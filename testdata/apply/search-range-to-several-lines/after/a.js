function a() {
  return x;
}

function b() {
  return 1;
}
