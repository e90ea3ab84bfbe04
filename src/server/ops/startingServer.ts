import http from 'node:http';
import { StatusCode } from '../../domain/statusCodes';

/**
 * What answers on the port while an instance starts (issue 35, 3): from before its database is opened
 * until the app itself listens, so that a load balancer and an operator read what the start is doing
 * (a long migration) instead of refused connections.
 * - `/readyz` and `/healthz`: 503 `{status: "starting" | "migrating" | "seeding"}`. /healthz too: what
 *   waits for a started server (npm start's callers, the benches, a supervisor's start-up check) waits
 *   for its 200; a liveness probe must allow for the start (Kubernetes: a startupProbe on /healthz).
 * - anything else: 503 with Retry-After, the API's failure envelope (a page that reloads itself for a browser).
 * Every answer closes its connection, so that no client keeps one to this server once the app listens.
 */

export type StartingPhase = 'starting' | 'migrating' | 'seeding';

export interface StartingServer {
  /** What the start is doing now, as /readyz reports it. */
  phase: StartingPhase;
  /** Stops listening and drops its connections, for the app to listen on the port. */
  close(): Promise<void>;
}

export const STARTING_MESSAGE = 'The portal is starting. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 5;

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><title>Starting</title></head><body style="font-family:sans-serif;margin:3rem"><p>${STARTING_MESSAGE}</p></body></html>`;

/** Listens on the app's port and host; refuses, as the app's listen would, when the port is taken. */
export async function listenWhileStarting(port: number, host: string): Promise<StartingServer> {
  const state = { phase: 'starting' as StartingPhase };
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const answer = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', connection: 'close', ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (path === '/healthz' || path === '/readyz') return answer(503, 'application/json; charset=utf-8', JSON.stringify({ status: state.phase }));
    const retry = { 'retry-after': String(RETRY_AFTER_SECONDS) };
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) return answer(503, 'text/html; charset=utf-8', STARTING_PAGE, retry);
    answer(
      503,
      'application/json; charset=utf-8',
      JSON.stringify({ status: StatusCode.FAILURE, message: STARTING_MESSAGE, data: { reason: state.phase } }),
      retry,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? portInUse(port, host) : error));
    server.listen(port, host, () => resolve());
  });
  return Object.assign(state, {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** The refusal of a start whose port another program holds. */
export function portInUse(port: number, host: string): Error {
  return new Error(`Port ${port} on ${host} is in use by another program: stop it, or set PORT to a free port.`);
}
