/**
 * What the upload changed in the PDF to make it safe and fillable (scripts removed, loops in the
 * field tree broken, page widgets linked into the form): the user should know the stored file is
 * not byte for byte the one they uploaded.
 */
export function TemplateUploadNotes({ notes }: { notes: readonly string[] | undefined }) {
  if (!notes || notes.length === 0) {
    return null;
  }
  return (
    <section
      aria-labelledby="template-upload-notes"
      className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <h2 id="template-upload-notes" className="font-semibold">
        Changed on upload
      </h2>
      <p className="mt-1">
        Formbridge keeps a safe copy of this PDF: the original file is unchanged on your computer.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}
