import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A partner's ONE Record server as the notification tests run it: it keeps what it is sent, or answers 503 while down.
 * It may also be its own identity provider (`idp`): `POST /idp/token` gives the current token for the client
 * credentials it was told, and with `requireToken` its notifications need that token (401 otherwise).
 */
export interface PartnerServer {
  url: string;
  /** What it took, with the path it was sent to and the Authorization it came with, oldest first. */
  received: { path: string; body: Record<string, unknown>; authorization?: string }[];
  /** Whether it takes notifications now (204) or refuses them (503). */
  up: boolean;
  idp?: { clientId: string; secret: string; scope?: string; token: string; asked: number };
  requireToken: boolean;
  close(): Promise<void>;
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
        const known =
          form.get('grant_type') === 'client_credentials' &&
          form.get('client_id') === idp.clientId &&
          form.get('client_secret') === idp.secret &&
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
