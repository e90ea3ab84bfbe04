import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { refreshSanctionSources } from '../../src/server/sanctionSources/refresh';
import { classicCall } from './classicCall';
import { buildTestApp, signIn, type TestApp } from './testApp';

/**
 * The scheduled refresh of the sanctions sources (issue 34), from a local HTTP server serving the real samples: a
 * changed file becomes a version by the schedule, the same file none, and a source that cannot be reached, a file
 * refused or a list shrinking by more than 20 % keep the current version, show as the source's last failure and are
 * mailed to the admins once.
 */

const DATA = path.join(import.meta.dirname, '../../../shared/data/sanctions');
const csl = readFileSync(path.join(DATA, 'us-csl/consolidated.csv'), 'utf8').trimEnd();
const un = readFileSync(path.join(DATA, 'un/UN_consolidated_sample.xml'));

/** What the local server answers, by path; a path not here answers 500. */
const served = new Map<string, string | Buffer>();
const requests: string[] = [];
let server: Server;
let base: string;
let t: TestApp;
let admin: string;
/** The refresh's clock, from now (the attempts are stamped by the database's): moved on by the tests. */
let clock = Date.now();

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = served.get(request.url ?? '');
    if (body === undefined) {
      response.writeHead(500).end('down');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain', 'last-modified': 'Tue, 24 Nov 2026 08:00:00 GMT' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp({
    SANCTIONS_SOURCES: `UN=${base}/un.xml,US_CSL=${base}/csl.csv,OFAC_SDN=${base}/sdn.csv|${base}/alt.csv`,
    SANCTIONS_REFRESH: '1d',
  });
  admin = (await signIn(t.app, 'DEMOAIR', 'admin', 'Admin#12345')).access_token;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const config = () =>
  loadConfig({ SANCTIONS_SOURCES: `UN=${base}/un.xml,US_CSL=${base}/csl.csv,OFAC_SDN=${base}/sdn.csv|${base}/alt.csv`, SANCTIONS_REFRESH: '1d' });
const refresh = () => refreshSanctionSources({ db: t.db, config: config(), mailer: t.ctx.mailer, now: () => new Date(clock) });
const sourceOf = async (source: string) =>
  (await classicCall(t.app, admin, 'GET', '/sanctionsources')).json().data.find((each: { Source: string }) => each.Source === source);
const mailsTo = async (recipient: string) =>
  (await t.db.selectFrom('mail_outbox').select(['subject', 'body_text']).where('recipient', '=', recipient).orderBy('mail_id').execute()).filter((mail) =>
    mail.subject.startsWith('Sanctions list refresh failed'),
  );

describe('the scheduled refresh', () => {
  it('makes a changed file a version by the schedule, the same file none, and keeps a source it cannot reach as it was, failed', async () => {
    served.set('/un.xml', un);
    served.set('/csl.csv', `${csl.slice(0, csl.lastIndexOf('\n'))}\n`);
    const unBefore = (await sourceOf('UN')).Current.VersionId;
    const reports = await refresh();
    expect(reports.map((report) => `${report.source} ${report.outcome}`)).toEqual(['UN fetched', 'US_CSL fetched', 'OFAC_SDN failed']);
    expect((await sourceOf('UN')).Current.VersionId).toBe(unBefore);
    const cslNow = await sourceOf('US_CSL');
    expect(cslNow.Current).toMatchObject({ Via: 'schedule', ImportedBy: null, Entries: 12, Removed: 1 });
    // The CSL file says no date: the download's Last-Modified is the publication date.
    expect(cslNow.Current.PublishedAt).toBe('2026-11-24T08:00:00.000Z');
    expect(cslNow.Schedule).toEqual({ Urls: [`${base}/csl.csv`], EveryMinutes: 1440 });
    const sdn = await sourceOf('OFAC_SDN');
    expect(sdn.Current).toMatchObject({ Via: 'seed', Entries: 200 });
    expect(sdn.LastFailure).toMatchObject({ Via: 'schedule', Outcome: 'failed', Reason: `${base}/sdn.csv answered HTTP 500` });
    expect(await mailsTo('admin@demoair.example')).toEqual([
      {
        subject: 'Sanctions list refresh failed: OFAC Specially Designated Nationals (SDN)',
        body_text: expect.stringContaining(`${base}/sdn.csv answered HTTP 500 The current version stays.`),
      },
    ]);
  });

  it('fetches nothing before its period has passed, then again', async () => {
    requests.length = 0;
    clock += 60 * 60_000;
    expect(await refresh()).toEqual([]);
    expect(requests).toEqual([]);
    clock += 24 * 60 * 60_000;
    expect((await refresh()).length).toBe(3);
    // A failure that goes on is mailed once, when it begins.
    expect(await mailsTo('admin@demoair.example')).toHaveLength(1);
  });

  it('keeps the current version when the list shrinks by more than 20 % at once, or the file is refused', async () => {
    const current = (await sourceOf('US_CSL')).Current.VersionId;
    const lines = csl.split('\n');
    served.set('/csl.csv', `${lines.slice(0, 6).join('\n')}\n`);
    clock += 25 * 60 * 60_000;
    await refresh();
    const shrunk = await sourceOf('US_CSL');
    expect(shrunk.Current.VersionId).toBe(current);
    expect(shrunk.LastFailure.Reason).toMatch(
      /^The list shrank from 12 to \d entries \(\d+ %\) at once, more than 20 %: taken for a broken file, not imported\.$/,
    );
    served.set('/un.xml', un.subarray(0, 5000));
    clock += 25 * 60 * 60_000;
    await refresh();
    const refused = await sourceOf('UN');
    expect(refused.LastFailure).toMatchObject({ Outcome: 'refused', Via: 'schedule' });
    expect(refused.LastFailure.Problems.length).toBeGreaterThan(0);
  });
});

describe('the configuration', () => {
  it('refuses sources it does not know, and periods it cannot read', () => {
    expect(() => loadConfig({ SANCTIONS_SOURCES: 'EU=https://example.org/eu.xml' })).toThrow(/SANCTIONS_SOURCES entries must be SOURCE=http\(s\) URL\(s\)/);
    expect(() => loadConfig({ SANCTIONS_SOURCES: 'UN=ftp://example.org/un.xml' })).toThrow(/SANCTIONS_SOURCES/);
    expect(() => loadConfig({ SANCTIONS_REFRESH: 'weekly' })).toThrow(
      'Configuration: SANCTIONS_REFRESH must be a period such as 30m, 6h or 1d, or off; got "weekly"',
    );
    expect(loadConfig({ SANCTIONS_REFRESH: '6h' }).sanctionsRefreshMinutes).toBe(360);
    expect(loadConfig({}).sanctionsRefreshMinutes).toBe(1440);
    expect(loadConfig({ SANCTIONS_REFRESH: 'off' }).sanctionsRefreshMinutes).toBeUndefined();
  });
});
