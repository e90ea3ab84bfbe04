import type { AppServices } from '../services';

/** The landing page's early reads (firstScreen.ts), a chunk of their own that the shell loads when they are due. */
export const loadFirstScreen = () => import('./firstScreen');

/**
 * The landing page's reads (its counts and its first page of rows) leave now, side by side, while its screens load:
 * after a sign-in, and when a tab opens (or reloads) on the landing page itself (issue 16).
 */
export function startLandingReads(services: AppServices): void {
  void Promise.all([services.loadAuth(), loadFirstScreen()])
    .then(([{ httpClient }, firstScreen]) => firstScreen.startFirstScreen(httpClient))
    .catch(() => undefined);
}
