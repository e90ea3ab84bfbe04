import { randomUuidV4 } from '../../../dataProviders/envelope';
import type { HttpClient } from '../../../dataProviders/httpClient';
import type { SourceEntry, SourceId, SourceProblem } from '../../domain/screening/sources/model';
import { OFAC_SET_FILES, problemText, SINGLE_FILE_EXTENSION, SOURCE_MAX_BYTES } from '../../domain/screening/sources/sourceFiles';
import type { ImportVia, SourceAttemptWire, SourceVersionWire } from '../../domain/sanctionSourcesWire';
import { StatusCode } from '../../domain/statusCodes';

/**
 * The Sanction Sources page's calls (issue 34, function 87) under /classicapi, typed as the server
 * answers them (src/server/sanctionSources/routes.ts). The import is multipart/form-data: the envelope's
 * app_id, token and ts travel as form fields before the files, which the httpClient sends as they are.
 */

export type { ImportVia };
/** One imported version of a source, and a refused file or failed refresh (the current version stayed). */
export type SourceVersion = SourceVersionWire;
export type SourceAttempt = SourceAttemptWire;

export interface SanctionSource {
  id: SourceId;
  Source: SourceId;
  Label: string;
  Current: SourceVersion | null;
  LastFailure: SourceAttempt | null;
  /** Where and how often the server fetches the source (SANCTIONS_SOURCES, SANCTIONS_REFRESH); absent from older servers. */
  Schedule?: { Urls: string[]; EveryMinutes: number | null };
}

export type ChangeKind = 'added' | 'removed' | 'changed';
export const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'removed', 'changed'];

export interface ImportAnswer {
  Outcome: 'imported' | 'unchanged';
  Version: SourceVersion;
}

/** The files each source is uploaded as: OFAC's legacy CSV set (the primary file first and required), or one file. */
export interface SourceFiles {
  /** The file input's accept attribute. */
  accept: string;
  multiple: boolean;
  /** OFAC: the set's file names (lower case), the first required; UN and US_CSL: none (any name with the extension). */
  names: readonly string[];
  /** UN and US_CSL: the one file's extension. */
  extension?: '.xml' | '.csv';
}

const ofacSet = (source: 'OFAC_SDN' | 'OFAC_CONS'): SourceFiles => ({
  accept: '.csv,text/csv',
  multiple: true,
  names: OFAC_SET_FILES[source].map((file) => file.name),
});

/** The files of each source as the form offers them (the names and extensions are the domain's, sourceFiles.ts). */
export const SOURCE_FILES: Record<SourceId, SourceFiles> = {
  OFAC_SDN: ofacSet('OFAC_SDN'),
  OFAC_CONS: ofacSet('OFAC_CONS'),
  UN: { accept: '.xml,application/xml,text/xml', multiple: false, names: [], extension: SINGLE_FILE_EXTENSION.UN },
  US_CSL: { accept: '.csv,text/csv', multiple: false, names: [], extension: SINGLE_FILE_EXTENSION.US_CSL },
};

export { problemText, SOURCE_MAX_BYTES };

/** What is wrong with the chosen files before they are sent (the server checks again), as a message key and its arguments. */
export function chosenFilesProblem(source: SourceId, files: readonly File[]): { key: string; args?: Record<string, string | number> } | undefined {
  if (files.length === 0) return undefined;
  const expected = SOURCE_FILES[source];
  const names = files.map((file) => file.name.toLowerCase());
  if (expected.names.length > 0) {
    const stranger = files.find((file) => !expected.names.includes(file.name.toLowerCase()));
    if (stranger) return { key: 'app.sanctionSources.upload.notOfSet', args: { file: stranger.name, files: expected.names.join(', ') } };
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice) return { key: 'app.sanctionSources.upload.twice', args: { file: twice } };
    if (!names.includes(expected.names[0])) return { key: 'app.sanctionSources.upload.primaryMissing', args: { file: expected.names[0] } };
  } else {
    if (files.length > 1) return { key: 'app.sanctionSources.upload.oneFile' };
    if (!names[0].endsWith(expected.extension ?? ''))
      return { key: 'app.sanctionSources.upload.wrongExtension', args: { file: files[0].name, extension: expected.extension ?? '' } };
  }
  if (files.some((file) => file.size === 0))
    return { key: 'app.sanctionSources.upload.emptyFile', args: { file: files.find((file) => file.size === 0)!.name } };
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes > SOURCE_MAX_BYTES) return { key: 'app.sanctionSources.upload.tooLarge', args: { max: SOURCE_MAX_BYTES / 1024 / 1024 } };
  return undefined;
}

/** The multipart body of an import: the envelope's fields first, then each file as a part named `file`. */
export function importForm(files: readonly File[], appId: number, now: number = Date.now()): FormData {
  const form = new FormData();
  form.append('app_id', String(appId));
  form.append('token', randomUuidV4());
  form.append('ts', String(Math.floor(now / 1000)));
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** The server's refusal of an import (400, VALIDATION_FAIL) and other failures it names: shown in the dialog, not as an error page. */
const IMPORT_STATUSES = [StatusCode.VALIDATION_FAIL, StatusCode.FAILURE] as const;

/** The problems a refusal lists, from the ApiError's body. */
export function refusalProblems(body: unknown): SourceProblem[] {
  const problems = (body as { data?: { problems?: unknown } } | undefined)?.data?.problems;
  return Array.isArray(problems) ? (problems as SourceProblem[]) : [];
}

export function createSanctionSourcesApi(http: HttpClient, appId: number) {
  return {
    list: async () => (await http.classic<{ data: SanctionSource[] }>('/sanctionsources')).json.data,
    /**
     * The sources for a check in the background (the banner over every page): any failure (the server restarting, the
     * network down, a refusal) answers none, never an error page over what the user is doing.
     */
    listQuietly: async (): Promise<SanctionSource[]> => {
      try {
        const answer = await http.classic<{ status?: number; data?: SanctionSource[] }>('/sanctionsources', { validateStatus: false });
        return answer.status === 200 && answer.json?.status === StatusCode.SUCCESS && Array.isArray(answer.json.data) ? answer.json.data : [];
      } catch {
        return [];
      }
    },
    versions: async (source: SourceId) => (await http.classic<{ data: SourceVersion[] }>(`/sanctionsources/${encodeURIComponent(source)}/versions`)).json.data,
    changes: async (versionId: string, kind: ChangeKind, offset: number, limit: number) =>
      (
        await http.classic<{ data: SourceEntry[]; total: number }>(
          `/sanctionsources/versions/${encodeURIComponent(versionId)}/${kind}?offset=${offset}&limit=${limit}`,
        )
      ).json,
    importFiles: async (source: SourceId, files: readonly File[]) =>
      (
        await http.classic<{ data: ImportAnswer }>(`/sanctionsources/${encodeURIComponent(source)}/import`, {
          method: 'POST',
          body: importForm(files, appId),
          callerHandles: IMPORT_STATUSES,
        })
      ).json.data,
  };
}

export type SanctionSourcesApi = ReturnType<typeof createSanctionSourcesApi>;
