import type { RouteOptions } from 'fastify';

/** One route of the real app, as Fastify's onRoute hook saw it. */
export interface InventoryRoute {
  method: string;
  url: string;
  /** `METHOD url`, the key the matrix and the fuzzer list. */
  key: string;
  schema?: RouteOptions['schema'];
}

/**
 * Collects the real app's routes through the `onRoute` build option (src/server/app.ts). HEAD routes
 * Fastify adds beside each GET are left out: they run the GET's handler and hooks.
 */
export function routeCollector(): { onRoute(route: RouteOptions): void; routes(): InventoryRoute[] } {
  const seen = new Map<string, InventoryRoute>();
  return {
    onRoute(route) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const key = `${method} ${route.url}`;
        seen.set(key, { method, url: route.url, key, schema: route.schema });
      }
    },
    routes: () => [...seen.values()].sort((a, b) => a.key.localeCompare(b.key)),
  };
}
