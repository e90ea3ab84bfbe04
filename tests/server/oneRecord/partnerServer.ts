import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A partner's ONE Record server as the notification tests run it: it keeps what it is sent, or answers 503 while down. */
export interface PartnerServer {
  url: string;
  /** What it took, with the path it was sent to, oldest first. */
  received: { path: string; body: Record<string, unknown> }[];
  /** Whether it takes notifications now (204) or refuses them (503). */
  up: boolean;
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
      if (!partner.up) return void response.writeHead(503).end();
      received.push({ path: String(request.url), body: JSON.parse(text) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const partner: PartnerServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    up,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return partner;
}
