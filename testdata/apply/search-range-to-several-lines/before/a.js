function a() {
  if (x) {
    call({ y: 1 });  }
  }
}

function b() {
  return 1;
}
