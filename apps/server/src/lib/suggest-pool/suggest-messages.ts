import type { Suggestion, SuggestInput } from '../../suggest/suggest-types.ts';

// The messages between the suggestion pool and its worker threads. Errors travel as data: class
// identity does not survive postMessage.

export type SuggestRequest = { id: number; input: SuggestInput };

export type SuggestResponse =
  | { type: 'suggested'; id: number; suggestions: Suggestion[] }
  | { type: 'failed'; id: number; message: string };
