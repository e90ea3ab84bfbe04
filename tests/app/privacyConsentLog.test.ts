import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../dataProviders/httpClient';
import { checkPrivacyConsent } from '../../src/app/login/afterSignIn';
import type { Region } from '../../src/app/region/regionLookup';
import { LogLevel } from '../../src/domain/statusCodes';

const region = vi.hoisted(() => ({ current: undefined as Region | undefined }));
vi.mock('../../src/app/region/regionLookup', () => ({ lookupRegion: vi.fn(async () => region.current) }));

const config = { regionLookupUrl: '/api/region', chinaConsentCountries: ['CN'] };

function fakeHttpClient() {
  const api = vi.fn(async () => ({ status: 200, headers: new Headers(), body: '', json: { status: 1 } }));
  return { client: { api } as unknown as HttpClient, api };
}

/** The client log lines a sign-in sent, as [level, message]. */
function clientLogs(api: ReturnType<typeof fakeHttpClient>['api']): [number, string][] {
  return (api.mock.calls as unknown as [string, { body: { iLogType: number; iMsg: string } }][])
    .filter(([path]) => path === '/logapi/clientlogging')
    .map(([, options]) => [options.body.iLogType, options.body.iMsg]);
}

beforeEach(() => {
  region.current = undefined;
});

describe('the China privacy consent when the region lookup cannot place the visitor', () => {
  it('writes nothing for an internal address, which no lookup can place: the demo on the same machine, a company network', async () => {
    for (const address of ['127.0.0.1', '::1', '10.20.30.40', '192.168.1.9', 'fd00::5']) {
      region.current = { countryCode: '-', iPv4Address: address };
      const { client, api } = fakeHttpClient();
      expect(await checkPrivacyConsent(config, client), address).toEqual({ kind: 'clear' });
      expect(api, address).not.toHaveBeenCalled();
    }
  });

  it('warns for a public address without a country: the consent of a visitor from outside was not checked', async () => {
    region.current = { countryCode: '-', iPv4Address: '8.8.8.8' };
    const { client, api } = fakeHttpClient();
    expect(await checkPrivacyConsent(config, client)).toEqual({ kind: 'clear' });
    expect(clientLogs(api)).toEqual([[LogLevel.warning, 'Region lookup found no country for user ? of company ?; the China privacy consent was not checked.']]);
  });

  it('warns when the lookup itself failed', async () => {
    const { client, api } = fakeHttpClient();
    expect(await checkPrivacyConsent(config, client)).toEqual({ kind: 'clear' });
    expect(clientLogs(api)).toEqual([[LogLevel.warning, expect.stringContaining('Region lookup failed')]]);
  });

  it('writes nothing where no China consent is configured', async () => {
    region.current = { countryCode: '-', iPv4Address: '8.8.8.8' };
    const { client, api } = fakeHttpClient();
    expect(await checkPrivacyConsent({ ...config, chinaConsentCountries: [] }, client)).toEqual({ kind: 'clear' });
    expect(api).not.toHaveBeenCalled();
  });
});
