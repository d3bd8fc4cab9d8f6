import { parentPort } from 'node:worker_threads';
import { suggestFieldMappings } from '../../suggest/suggest-field-mappings.ts';
import type { SuggestRequest, SuggestResponse } from './suggest-messages.ts';

// A suggestion worker: the engine scores every PDF field against every table target, ~1 s of CPU
// for a 925-field form against a 925-column table. Here, not on the thread that answers requests.

parentPort?.on('message', (request: SuggestRequest) => {
  let response: SuggestResponse;
  try {
    response = {
      type: 'suggested',
      id: request.id,
      suggestions: suggestFieldMappings(request.input),
    };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    response = { type: 'failed', id: request.id, message };
  }
  parentPort?.postMessage(response);
});
