import type { PdfInputErrorReason } from './detect-types.ts';

const MESSAGES: Record<PdfInputErrorReason, string> = {
  not_pdf: 'The file is not a valid PDF',
  damaged: 'The file is not a valid PDF',
  password: 'This PDF is password-protected',
  xfa_only:
    'This PDF is a dynamic XFA form, which cannot be filled here. Open it in Adobe Acrobat or Reader ' +
    'and save or print it as a standard fillable (AcroForm) PDF, then upload that file',
};

/** A PDF the user uploaded cannot be used; `message` is safe to show to the user (422 detail). */
export class PdfInputError extends Error {
  readonly reason: PdfInputErrorReason;

  constructor(reason: PdfInputErrorReason, options?: { cause?: unknown }) {
    super(MESSAGES[reason], options);
    this.name = 'PdfInputError';
    this.reason = reason;
  }
}
