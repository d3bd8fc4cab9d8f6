// Finding the objects of a file whose dictionaries name a key twice (`/F 4 ... /F 4`, as the
// widgets of de_phsg_bds_aufnahmeantrag_2019 do). pdf-lib keeps the last occurrence, like qpdf,
// but a file that still holds such an object fails `qpdf --check` ("dictionary has duplicated
// key"), and readers disagree on which occurrence counts. Only the object's own syntax is read,
// up to `stream` or `endobj`: stream data is never scanned.

const MAX_OBJECT_BYTES = 1 << 20;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

type Frame = { keys: Set<string>; awaitingValue: boolean } | null; // null: an array

function isRegular(byte: number): boolean {
  return !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
}

/** Whether the object starting at `start` (its `N G obj` header) repeats a key in a dictionary. */
export function repeatsKey(bytes: Uint8Array, start: number): boolean {
  const end = Math.min(bytes.byteLength, start + MAX_OBJECT_BYTES);
  const stack: Frame[] = [];
  let at = start;
  // A complete value in a dictionary's value position: the next name is a key again.
  const valueDone = (): void => {
    const top = stack[stack.length - 1];
    if (top) {
      top.awaitingValue = false;
    }
  };
  while (at < end) {
    const byte = bytes[at] ?? 0;
    if (WHITESPACE.has(byte)) {
      at += 1;
    } else if (byte === 0x25) {
      while (at < end && bytes[at] !== 0x0a && bytes[at] !== 0x0d) {
        at += 1;
      }
    } else if (byte === 0x3c && bytes[at + 1] === 0x3c) {
      stack.push({ keys: new Set(), awaitingValue: false });
      at += 2;
    } else if (byte === 0x3e && bytes[at + 1] === 0x3e) {
      stack.pop();
      at += 2;
      valueDone();
    } else if (byte === 0x5b) {
      stack.push(null);
      at += 1;
    } else if (byte === 0x5d) {
      stack.pop();
      at += 1;
      valueDone();
    } else if (byte === 0x3c) {
      while (at < end && bytes[at] !== 0x3e) {
        at += 1;
      }
      at += 1;
      valueDone();
    } else if (byte === 0x28) {
      at = afterLiteralString(bytes, at, end);
      valueDone();
    } else if (byte === 0x2f) {
      let stop = at + 1;
      while (stop < end && isRegular(bytes[stop] ?? 0)) {
        stop += 1;
      }
      const name = decodeName(bytes, at + 1, stop);
      at = stop;
      const top = stack[stack.length - 1];
      if (top && !top.awaitingValue) {
        if (top.keys.has(name)) {
          return true;
        }
        top.keys.add(name);
        top.awaitingValue = true;
      } else {
        valueDone();
      }
    } else {
      let stop = at + 1;
      while (stop < end && isRegular(bytes[stop] ?? 0)) {
        stop += 1;
      }
      const word = stop - at <= 6 ? String.fromCharCode(...bytes.subarray(at, stop)) : '';
      at = stop === at ? at + 1 : stop;
      if (word === 'stream' || word === 'endobj') {
        return false;
      }
      // `5 0 R` takes three words: the first ends the value, the others are not names.
      valueDone();
    }
  }
  return false;
}

function afterLiteralString(bytes: Uint8Array, start: number, end: number): number {
  let depth = 0;
  for (let at = start; at < end; at += 1) {
    const byte = bytes[at];
    if (byte === 0x5c) {
      at += 1;
    } else if (byte === 0x28) {
      depth += 1;
    } else if (byte === 0x29) {
      depth -= 1;
      if (depth === 0) {
        return at + 1;
      }
    }
  }
  return end;
}

/** A name's characters with `#xx` escapes decoded: `/F` and `/#46` are the same key. */
function decodeName(bytes: Uint8Array, start: number, end: number): string {
  let name = '';
  for (let at = start; at < end; at += 1) {
    const byte = bytes[at] ?? 0;
    const hex = byte === 0x23 ? String.fromCharCode(bytes[at + 1] ?? 0, bytes[at + 2] ?? 0) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      name += String.fromCharCode(parseInt(hex, 16));
      at += 2;
    } else {
      name += String.fromCharCode(byte);
    }
  }
  return name;
}

/** The numbers of the objects at `offsets` that repeat a key, in ascending order. */
export function objectsRepeatingKeys(
  bytes: Uint8Array,
  offsets: ReadonlyMap<number, number>,
): number[] {
  const found: number[] = [];
  for (const [number, offset] of offsets) {
    if (repeatsKey(bytes, offset)) {
      found.push(number);
    }
  }
  return found.sort((a, b) => a - b);
}
