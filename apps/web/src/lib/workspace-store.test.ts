import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, setWorkspaceGoneHandler } from './api-client';
import { storeToken } from './session';
import { authHeaders, readWorkspaceId, storeWorkspaceId } from './workspace-store';

function signInAs(userId: string) {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  storeToken(`${encode({ alg: 'HS256' })}.${encode({ sub: userId, exp: 4_000_000_000 })}.sig`);
}

function stubAnswers(...answers: Array<{ status: number; body: unknown }>) {
  const sent: Array<{ method: string; workspace: string | undefined }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      sent.push({ method: init.method ?? 'GET', workspace: headers['X-Workspace-Id'] });
      const answer = answers.shift() ?? { status: 200, body: [] };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

const GONE = { status: 404, body: { detail: 'Workspace not found.' } };

afterEach(() => {
  vi.unstubAllGlobals();
  setWorkspaceGoneHandler(() => {});
});

describe('the current workspace', () => {
  it('is remembered per account; the personal one sends no header', () => {
    signInAs('ann');
    storeWorkspaceId('ws-1');
    expect(authHeaders()['X-Workspace-Id']).toBe('ws-1');
    signInAs('bob');
    expect(readWorkspaceId()).toBeNull();
    storeWorkspaceId('bob');
    expect(authHeaders()).not.toHaveProperty('X-Workspace-Id');
    signInAs('ann');
    expect(readWorkspaceId()).toBe('ws-1');
  });

  it('a read in a workspace that is gone is asked again in the personal one', async () => {
    signInAs('ann');
    storeWorkspaceId('ws-gone');
    const gone = vi.fn();
    setWorkspaceGoneHandler(gone);
    const sent = stubAnswers(GONE, { status: 200, body: ['mine'] });
    await expect(apiRequest('/api/v1/pdf-templates/')).resolves.toEqual(['mine']);
    expect(sent.map((each) => each.workspace)).toEqual(['ws-gone', undefined]);
    expect(gone).toHaveBeenCalledOnce();
    expect(readWorkspaceId()).toBeNull();
  });

  it('a write there is not repeated elsewhere', async () => {
    signInAs('ann');
    storeWorkspaceId('ws-gone');
    const sent = stubAnswers(GONE);
    await expect(
      apiRequest('/api/v1/dynamic-tables/', { method: 'POST', json: { name: 'x' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(sent).toEqual([{ method: 'POST', workspace: 'ws-gone' }]);
    expect(readWorkspaceId()).toBeNull();
  });

  it('an ordinary 404 leaves the workspace alone', async () => {
    signInAs('ann');
    storeWorkspaceId('ws-1');
    stubAnswers({ status: 404, body: { detail: 'Template not found' } });
    await expect(apiRequest('/api/v1/pdf-templates/x')).rejects.toBeInstanceOf(ApiError);
    expect(readWorkspaceId()).toBe('ws-1');
  });
});
