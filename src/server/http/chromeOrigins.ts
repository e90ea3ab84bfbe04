import type { Config } from '../config';

/** The origin of an absolute http(s) URL; undefined for paths on this server. */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function origins(urls: readonly string[]): string[] {
  return [...new Set(urls.map(originOf).filter((origin): origin is string => origin !== undefined))];
}

/**
 * Other origins the pages may use, for the Content-Security-Policy: the header and footer
 * front-ends (scripts and their manifests), the region lookup, and the classic site the browser
 * posts the user profile to.
 */
export function signInPageOrigins(config: Readonly<Config>): { script: string[]; connect: string[]; form: string[] } {
  return {
    script: origins([config.headerAppUrl, config.footerAppUrl]),
    connect: origins([config.headerAppUrl, config.footerAppUrl, config.regionLookupUrl]),
    form: origins([config.classicSiteUrl]),
  };
}
