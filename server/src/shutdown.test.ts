import { describe, expect, it } from 'vitest';
import { startTestServer } from './test/harness';

describe('a server that is shutting down', () => {
  it('refuses new connections from the moment it starts, while it still finishes what it holds', async () => {
    const server = await startTestServer();
    expect((await fetch(`${server.url}/api/ready`)).ok).toBe(true);
    const stopping = server.stop();
    // Synchronously: nothing it still has to finish (jobs, queued saves, the database) keeps the port open.
    expect(server.http.listening).toBe(false);
    await expect(fetch(`${server.url}/api/ready`)).rejects.toThrow();
    await stopping;
  });
});
