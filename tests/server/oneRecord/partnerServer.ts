import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A partner's ONE Record server as the notification tests run it: it keeps what it is sent, or answers 503 while down.
 * It may also be its own identity provider (`idp`): `POST /idp/token` gives the current token for the client
 * credentials it was told, sent the one way it takes (`method`: an HTTP Basic header unless told the form body, as
 * RFC 6749, 2.3.1 has them), and with `requireToken` its notifications need that token (401 otherwise).
 */
export interface PartnerServer {
  url: string;
  /** What it took, with the path it was sent to and the Authorization it came with, oldest first. */
  received: { path: string; body: Record<string, unknown>; authorization?: string }[];
  /** Whether it takes notifications now (204) or refuses them (503). */
  up: boolean;
  idp?: { clientId: string; secret: string; scope?: string; token: string; asked: number; method?: 'client_secret_basic' | 'client_secret_post' };
  requireToken: boolean;
  close(): Promise<void>;
}

/** The client id and secret of an HTTP Basic header: base64 of the two form-encoded, joined by the first colon. */
function basicCredentials(header: string | undefined): [string, string] | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const text = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  const decoded = (part: string) => new URLSearchParams(`v=${part}`).get('v') ?? '';
  return [decoded(text.slice(0, colon)), decoded(text.slice(colon + 1))];
}

export async function startPartnerServer(up = true): Promise<PartnerServer> {
  const received: PartnerServer['received'] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const { idp } = partner;
      if (request.url === '/idp/token' && idp) {
        const form = new URLSearchParams(text);
        const credentials =
          idp.method === 'client_secret_post' ? [form.get('client_id'), form.get('client_secret')] : basicCredentials(request.headers.authorization);
        const known =
          form.get('grant_type') === 'client_credentials' &&
          credentials?.[0] === idp.clientId &&
          credentials?.[1] === idp.secret &&
          (idp.method === 'client_secret_post' ? request.headers.authorization === undefined : !form.has('client_secret')) &&
          (idp.scope === undefined || form.get('scope') === idp.scope);
        if (!known) return void response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
        idp.asked++;
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: idp.token, token_type: 'Bearer', expires_in: 3600 }));
      }
      if (!partner.up) return void response.writeHead(503).end();
      if (partner.requireToken && request.headers.authorization !== `Bearer ${idp?.token}`) return void response.writeHead(401).end();
      received.push({ path: String(request.url), body: JSON.parse(text), authorization: request.headers.authorization });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const partner: PartnerServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    up,
    requireToken: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return partner;
}
