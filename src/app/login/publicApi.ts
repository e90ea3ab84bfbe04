import { fetchAnswer, type AuthHostAnswer } from '../../../dataProviders/authHostClient';
import { NetworkError } from '../../../dataProviders/httpErrors';
import { hostUrl, type RuntimeConfig } from '../../../dataProviders/runtimeConfig';

/** What a public (no sign-in) API call answered; `httpStatus` 0 when no answer came. */
export type PublicAnswer<T> = AuthHostAnswer<T & { status?: number; message?: string }>;

/**
 * A JSON POST to the API host for the pages used before sign-in (forgot and reset password), read
 * like the auth host's answers. Never throws: the caller shows the answer in its own dialog.
 */
export async function postPublic<T>(config: Pick<RuntimeConfig, 'apiBase'>, path: string, body: unknown): Promise<PublicAnswer<T>> {
  try {
    return await fetchAnswer<T & { status?: number; message?: string }>(hostUrl(config.apiBase, path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof NetworkError) return { httpStatus: 0, body: {} };
    throw error;
  }
}
