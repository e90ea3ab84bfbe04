import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWhileStarting, STARTING_MESSAGE, type StartingServer } from '../../src/server/ops/startingServer';
import { freePort } from './realServer';

/** The port's answers while an instance starts (issue 35, 3), on their own: holding, handing over, refusing. */

let starting: StartingServer | undefined;
afterEach(async () => {
  await starting?.close();
  starting = undefined;
});

async function call(port: number, path: string, init: RequestInit = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

describe('the port while an instance starts', () => {
  it('answers the probes at once with the phase, and a request held longer than allowed 503 with Retry-After', async () => {
    const port = await freePort();
    starting = await listenWhileStarting(port, '127.0.0.1', 300);
    starting.phase = 'migrating';
    expect(await call(port, '/readyz')).toMatchObject({ status: 503, body: '{"status":"migrating"}' });
    expect(await call(port, '/healthz?verbose=1')).toMatchObject({ status: 503, body: '{"status":"migrating"}' });

    const began = performance.now();
    const api = await call(port, '/awbapi/awbsummary', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(performance.now() - began).toBeGreaterThanOrEqual(250);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(api.body)).toEqual({ status: -1, message: STARTING_MESSAGE, data: { reason: 'migrating' } });

    const page = await call(port, '/ez4/en/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(page.body).toContain(STARTING_MESSAGE);
  });

  it('hands the requests it holds to the app, body and all, and stops listening', async () => {
    const port = await freePort();
    starting = await listenWhileStarting(port, '127.0.0.1', 60_000);
    const answers = [1, 2].map((n) => call(port, `/echo/${n}`, { method: 'POST', body: `payload ${n}` }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const app = (request: http.IncomingMessage, response: http.ServerResponse) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => response.end(`${request.url} got ${body}`));
    };
    starting.handOver(app);
    const served = await Promise.all(answers);
    expect(served.map((answer) => [answer.status, answer.body, answer.headers.get('connection')])).toEqual([
      [200, '/echo/1 got payload 1', 'close'],
      [200, '/echo/2 got payload 2', 'close'],
    ]);
    // The port is free for the app's own server.
    const own = http.createServer((_request, response) => response.end('own'));
    await new Promise<void>((resolve) => own.listen(port, '127.0.0.1', resolve));
    expect((await call(port, '/anything')).body).toBe('own');
    await new Promise((resolve) => own.close(resolve));
  });

  it('answers what it holds 503 when closed (a failed start, a primary leaving the port to its app processes)', async () => {
    const port = await freePort();
    starting = await listenWhileStarting(port, '127.0.0.1', 60_000);
    const waiting = call(port, '/auth/token', { method: 'POST', body: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await starting.close();
    starting = undefined;
    expect((await waiting).status).toBe(503);
  });
});
