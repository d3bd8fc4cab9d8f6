import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

type Operation = {
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
};

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    doc = (await t.request('GET', '/api/openapi.json')).body as Document;
  });
  afterAll(() => t.close());

  it('validates against the OpenAPI 3 schema, references resolved', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('has a relative server URL, so "Try it out" works on any host', () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('gives every upload endpoint a multipart body with its file field', () => {
    const fileField = (path: string, method: string, field: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema.properties[
        field
      ];
    const binary = { type: 'string', format: 'binary' };
    expect(fileField('/api/v1/pdf-templates/', 'post', 'pdf_file')).toMatchObject(binary);
    expect(fileField('/api/v1/pdf-templates/{id}', 'put', 'pdf_file')).toMatchObject(binary);
    expect(fileField('/api/v1/dynamic-tables/{id}/import/preview', 'post', 'file')).toMatchObject(
      binary,
    );
    expect(fileField('/api/v1/dynamic-tables/{id}/import', 'post', 'file')).toMatchObject(binary);
    expect(
      fileField('/api/v1/files/{tableId}/records/{recordId}/upload', 'post', 'file'),
    ).toMatchObject(binary);
    expect(fileField('/api/v1/public-data-forms/{token}/upload', 'post', 'file')).toMatchObject(
      binary,
    );
  });

  it('documents 204 for deletes, download types and {detail} errors', () => {
    const templates = doc.paths['/api/v1/pdf-templates/{id}'];
    expect(Object.keys(templates?.delete?.responses ?? {})).toContain('204');
    expect(templates?.delete?.responses['200']).toBeUndefined();
    expect(
      Object.keys(
        doc.paths['/api/v1/pdf-templates/{id}/file']?.get?.responses['200']?.content ?? {},
      ),
    ).toEqual(['application/pdf']);
    expect(
      Object.keys(doc.paths['/api/v1/jobs/{id}/zip']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['application/zip']);
    expect(templates?.get?.responses['404']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Error' } },
    });
  });

  it('documents X-Workspace-Id and the 403 of a role too low where a route reads them', () => {
    const workspaceParameter = { $ref: '#/components/parameters/WorkspaceId' };
    const tables = doc.paths['/api/v1/dynamic-tables/']?.post;
    expect(tables?.parameters).toContainEqual(workspaceParameter);
    expect(Object.keys(tables?.responses ?? {})).toContain('403');
    for (const [path, method] of [
      ['/api/v1/auth/me', 'get'],
      ['/api/v1/workspaces/', 'get'],
      ['/api/v1/workspaces/{id}/members', 'post'],
      ['/api/v1/public-forms/{token}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.parameters ?? [], path).not.toContainEqual(
        workspaceParameter,
      );
    }
    expect(
      Object.keys(doc.paths['/api/v1/workspaces/{id}/members']?.post?.responses ?? {}),
    ).toEqual(expect.arrayContaining(['201', '202', '403', '404']));
  });

  it('documents what a delete really answers', async () => {
    const user = await t.request('POST', '/api/v1/auth/signup', {
      json: { email: 'openapi@example.com', password: 'longenough' },
    });
    expect(user.status).toBe(201);
    const login = await t.request('POST', '/api/v1/auth/login', {
      form: { username: 'openapi@example.com', password: 'longenough' },
    });
    const token = (login.body as { access_token: string }).access_token;
    const table = await t.request('POST', '/api/v1/dynamic-tables/', {
      token,
      json: { name: 'T', fields: [{ name: 'a', type: 'string', required: false }] },
    });
    const id = (table.body as { id: string }).id;
    const removed = await t.request('DELETE', `/api/v1/dynamic-tables/${id}`, { token });
    expect(
      Object.keys(doc.paths['/api/v1/dynamic-tables/{id}']?.delete?.responses ?? {}),
    ).toContain(String(removed.status));
  });
});
