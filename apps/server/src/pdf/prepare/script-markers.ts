// The cheap scan before a script repair, apart from prepare-scripts.ts: the main thread runs it
// (the template and form sweeps) without loading the PDF engine the repair needs.

// Scripts live in compressed object streams as often as not, and a name can hide behind #-escapes
// (`/J#61vaScript`): a file with any of these may carry some.
const SCRIPT_MARKERS = /JavaScript|\/AA\b|\/OpenAction|\/ObjStm|\/[A-Za-z]*#[0-9A-Fa-f]{2}/;

/** Whether the file's bytes may hold a script (a cheap scan before the full repair). */
export function mayCarryScripts(bytes: Uint8Array): boolean {
  return SCRIPT_MARKERS.test(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
  );
}
