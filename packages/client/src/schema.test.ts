import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILE } from '../scripts/generate-schema.ts';

// The generated schema is committed (docs/decisions.md, "Typed API client"): it must be exactly
// what the server describes now, or a route change has not been regenerated into the client.
describe('generated client schema', () => {
  it('matches the server OpenAPI document (npm run generate -w @formbridge/client)', async () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8') === (await generateSchema())).toBe(true);
  }, 60_000);
});
