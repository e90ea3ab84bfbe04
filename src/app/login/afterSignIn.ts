import type { HttpClient } from '../../../dataProviders/httpClient';
import type { RuntimeConfig } from '../../../dataProviders/runtimeConfig';
import { sessionStore } from '../../../dataProviders/sessionStore';
import { CHINA_CONSENT_CATEGORY, CHINA_CONSENT_VERSION, needsChinaConsentCheck, UNKNOWN_COUNTRY } from '../../domain/consent';
import { LogLevel, StatusCode } from '../../domain/statusCodes';
import { lookupRegion } from '../region/regionLookup';

/**
 * What happens between the token and the landing page (spec 4 "Login"): the China privacy consent
 * check, then the user profile posted to the classic site when one is configured. Loaded on
 * sign-in only, so the login page's first download does not carry it.
 */

export type ConsentCheck = { kind: 'clear' } | { kind: 'consentNeeded'; ipAddress: string };

type Config = Pick<RuntimeConfig, 'regionLookupUrl' | 'chinaConsentCountries'>;

/** POST /logapi/clientlogging; a log that cannot be sent is not worth bothering the user about. */
export async function sendClientLog(httpClient: HttpClient, message: string, level: number): Promise<void> {
  try {
    await httpClient.api('/logapi/clientlogging', { method: 'POST', body: { iMsg: message, iLogType: level }, validateStatus: false });
  } catch {
    // nothing to do: the log is best effort
  }
}

/**
 * The address parser is fetched only when a lookup found no country: it is not worth its bytes in
 * every screen that sends a client log. When it cannot be fetched, the address counts as public.
 */
async function isInternalAddress(address: string): Promise<boolean> {
  try {
    return (await import('../../domain/ipRange')).isInternalAddress(address);
  } catch {
    return false;
  }
}

/**
 * A user in a China-consent country who has not consented must do so before going on. When the
 * region cannot be found while the China consent is in force, the check cannot be made: the
 * browser says so in the client log and lets the user go on. Not for an internal address (the
 * server's own machine, the company's network): no lookup can place one, so a line on every
 * sign-in from it would say nothing; REGION_NETWORKS names such a network's country.
 */
export async function checkPrivacyConsent(config: Config, httpClient: HttpClient): Promise<ConsentCheck> {
  if (config.chinaConsentCountries.length === 0) return { kind: 'clear' };
  const region = await lookupRegion({ regionLookupUrl: config.regionLookupUrl });
  if (!region || region.countryCode === UNKNOWN_COUNTRY) {
    if (region && (await isInternalAddress(region.iPv4Address))) return { kind: 'clear' };
    const session = sessionStore.get();
    await sendClientLog(
      httpClient,
      `Region lookup ${region ? 'found no country' : 'failed'} for user ${session?.userId ?? '?'} of company ${session?.companyId ?? '?'}; the China privacy consent was not checked.`,
      LogLevel.warning,
    );
    return { kind: 'clear' };
  }
  if (!needsChinaConsentCheck(region.countryCode, config.chinaConsentCountries)) return { kind: 'clear' };
  const answer = await httpClient
    .api<{ status?: number; total?: unknown }>(`/mobileapi/authentication/getuserconsent/${CHINA_CONSENT_CATEGORY}`, { validateStatus: false })
    .catch(() => undefined);
  const total = answer?.status === 200 ? answer.json?.total : undefined;
  // Only a clear yes skips the dialog; when the check fails, asking again does no harm (consenting twice stays one consent).
  return typeof total === 'number' && total > 0 ? { kind: 'clear' } : { kind: 'consentNeeded', ipAddress: region.iPv4Address };
}

export class ConsentFailedError extends Error {
  override readonly name = 'ConsentFailedError';
}

export async function recordPrivacyConsent(httpClient: HttpClient, ipAddress: string): Promise<void> {
  const answer = await httpClient
    .api<{ status?: number }>('/mobileapi/authentication/createuserconsent', {
      method: 'POST',
      body: { ip_address: ipAddress, category_id: CHINA_CONSENT_CATEGORY, consent_version: CHINA_CONSENT_VERSION },
      validateStatus: false,
    })
    .catch(() => undefined);
  if (answer?.status !== 200 || answer.json?.status !== StatusCode.SUCCESS) throw new ConsentFailedError('createuserconsent failed');
}

/**
 * Spec 1, 4: the browser posts the user profile to the classic site, with a single-use hand-over
 * id the classic site redeems for a token pair (fetchToken). Resolves false when the hand-over
 * could not be made (the caller then stays on this site).
 */
export async function postProfileToClassicSite(
  config: Pick<RuntimeConfig, 'classicSiteUrl' | 'classicAppId' | 'appId'>,
  httpClient: HttpClient,
  lang: string,
): Promise<boolean> {
  const session = sessionStore.get();
  if (!config.classicSiteUrl || !session) return false;
  const answer = await httpClient
    .api<{ status?: number; data?: { id?: string } }>('/api/authentication/handover', {
      method: 'POST',
      body: { app: config.classicAppId, request_uri: config.classicSiteUrl },
      validateStatus: false,
    })
    .catch(() => undefined);
  const id = answer?.status === 200 ? answer.json?.data?.id : undefined;
  if (!id) {
    await sendClientLog(httpClient, `The session could not be handed over to the classic site (HTTP ${answer?.status ?? 0}).`, LogLevel.error);
    return false;
  }
  const fields: Record<string, string> = {
    fetch_token_id: id,
    app: String(config.classicAppId),
    app_id: String(config.appId),
    lang,
    user_id: session.userId,
    company_id: session.companyId,
    company_name: session.companyName,
    company_type_id: String(session.companyTypeId),
    access_type: String(session.accessType),
    role_type_list: session.roleList.join(','),
    is_import_forwarder: String(session.isImportForwarder),
  };
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = config.classicSiteUrl;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  return true;
}
