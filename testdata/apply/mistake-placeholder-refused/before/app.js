function a() {
  return 1;
}

function b() {
  return 2;
}
