// Apart from write-fields.ts so the main thread can recognise the error without loading the
// PDF engine (pdf-lib and its dependencies) that only the upload reader's threads run.

/** Thrown when the file cannot take fields (encrypted); the message is for the user. */
export class FieldWriteError extends Error {}
