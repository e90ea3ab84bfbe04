import http from 'node:http';
import { StatusCode } from '../../domain/statusCodes';

/**
 * What answers on the port while an instance starts (issue 35, 3): from before its database is opened
 * until the app itself listens, so that a load balancer and an operator read what the start is doing
 * (a long migration) instead of refused connections.
 * - `/readyz` and `/healthz`: 503 `{status: "starting" | "migrating" | "seeding"}` at once. /healthz too:
 *   what waits for a started server (npm start's callers, the benches, a supervisor's start-up check)
 *   waits for its 200; a liveness probe must allow for the start (Kubernetes: a startupProbe on /healthz).
 * - any other request is held, up to `holdMs`, for the app: handed to it when it is ready (a balancer
 *   without active checks, nginx's open-source build, sends an instance requests as soon as it accepts
 *   connections, and does not send a POST answered 503 elsewhere), else answered 503 with Retry-After
 *   and the API's failure envelope (a page that reloads itself for a browser).
 * Every answer and every request handed over closes its connection, so that no client keeps one to
 * this server once the app listens on its own.
 */

export type StartingPhase = 'starting' | 'migrating' | 'seeding';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface StartingServer {
  /** What the start is doing now, as the probes report it. */
  phase: StartingPhase;
  /** Hands the requests held, and any still to come on open connections, to the app (its router); stops listening. */
  handOver(serve: Handler): void;
  /** Answers the requests held 503, stops listening and drops its connections (a start that failed, or a primary). */
  close(): Promise<void>;
}

export const STARTING_MESSAGE = 'The portal is starting. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 5;
/** How long a request waits for the app before it is answered 503 (nginx waits 60 s for an answer by default). */
export const STARTING_HOLD_MS = 10_000;

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><title>Starting</title></head><body style="font-family:sans-serif;margin:3rem"><p>${STARTING_MESSAGE}</p></body></html>`;

function answer(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', connection: 'close', ...headers });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** 503 with Retry-After: the failure envelope, or the page for a browser. */
function refuse(request: http.IncomingMessage, response: http.ServerResponse, phase: StartingPhase) {
  const retry = { 'retry-after': String(RETRY_AFTER_SECONDS) };
  if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
    answer(request, response, 503, 'text/html; charset=utf-8', STARTING_PAGE, retry);
    return;
  }
  const envelope = { status: StatusCode.FAILURE, message: STARTING_MESSAGE, data: { reason: phase } };
  answer(request, response, 503, 'application/json; charset=utf-8', JSON.stringify(envelope), retry);
}

/** Listens on the app's port and host; refuses, as the app's listen would, when the port is taken. */
export async function listenWhileStarting(port: number, host: string, holdMs = STARTING_HOLD_MS): Promise<StartingServer> {
  let serve: Handler | undefined;
  const held = new Set<{ request: http.IncomingMessage; response: http.ServerResponse; timer: NodeJS.Timeout }>();
  const state = { phase: 'starting' as StartingPhase };
  const server = http.createServer((request, response) => {
    if (serve) {
      response.shouldKeepAlive = false;
      serve(request, response);
      return;
    }
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/healthz' || path === '/readyz') {
      answer(request, response, 503, 'application/json; charset=utf-8', JSON.stringify({ status: state.phase }));
      return;
    }
    const entry = {
      request,
      response,
      timer: setTimeout(() => {
        held.delete(entry);
        refuse(request, response, state.phase);
      }, holdMs),
    };
    held.add(entry);
    // A client that gives up is let go.
    response.once('close', () => {
      clearTimeout(entry.timer);
      held.delete(entry);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? portInUse(port, host) : error));
    server.listen(port, host, () => resolve());
  });
  return Object.assign(state, {
    handOver(app: Handler) {
      serve = app;
      server.close();
      server.closeIdleConnections();
      for (const entry of held) {
        clearTimeout(entry.timer);
        entry.response.shouldKeepAlive = false;
        app(entry.request, entry.response);
      }
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const entry of held) {
          clearTimeout(entry.timer);
          refuse(entry.request, entry.response, state.phase);
        }
        held.clear();
        server.close(() => resolve());
        server.closeIdleConnections();
        // The answers just written go out before what still lingers is dropped.
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      }),
  });
}

/** The refusal of a start whose port another program holds. */
export function portInUse(port: number, host: string): Error {
  return new Error(`Port ${port} on ${host} is in use by another program: stop it, or set PORT to a free port.`);
}
