// localStorage that never throws. Inside another site's iframe (an embedded public form) the
// browser may deny the page its storage (third-party storage blocked): reading then throws a
// SecurityError. There, nothing is stored and nothing is read — the embedded form needs neither.

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage denied or full: the value lives for this page only.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage denied: there is nothing to remove.
  }
}
