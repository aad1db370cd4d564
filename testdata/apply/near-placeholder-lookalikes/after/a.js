export function merge(...parts) {
  return { ...defaults, ...parts };
}

export const log = (...args) => console.log("... rest unchanged ...", ...args);
