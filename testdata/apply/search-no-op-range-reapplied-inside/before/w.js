function welcome(name, mark) {
  if (!mark) {
    mark = "!";
  }
  return "Hello, " + name + mark;
}

function other() {
  return 1;
}
