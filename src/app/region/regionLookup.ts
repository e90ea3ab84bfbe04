import { normaliseCountryCode } from '../../domain/consent';
import { hostUrl, type RuntimeConfig } from '../../../dataProviders/runtimeConfig';

/** The region lookup answer (spec 3); `countryCode` is '-' when the lookup could not tell. */
export interface Region {
  countryCode: string;
  iPv4Address: string;
}

let cached: Promise<Region | undefined> | undefined;

/**
 * Asks the configured region lookup once per page (cookie consent and the China consent both
 * read it). Resolves undefined when the lookup fails; a failure is not cached.
 */
export function lookupRegion(config: Pick<RuntimeConfig, 'regionLookupUrl'>): Promise<Region | undefined> {
  cached ??= fetch(hostUrl('', config.regionLookupUrl), { headers: { Accept: 'application/json' }, credentials: 'omit' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`region lookup: HTTP ${response.status}`);
      const body = (await response.json()) as { countryCode?: unknown; iPv4Address?: unknown };
      return { countryCode: normaliseCountryCode(body.countryCode), iPv4Address: typeof body.iPv4Address === 'string' ? body.iPv4Address : '' };
    })
    .catch(() => {
      cached = undefined;
      return undefined;
    });
  return cached;
}

/** Forgets the answer (tests). */
export function forgetRegion(): void {
  cached = undefined;
}
