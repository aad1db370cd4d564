export function a() {
  return 1;
}

export function b() {
  return 2;
}

export function c() {
  return 3;
}
