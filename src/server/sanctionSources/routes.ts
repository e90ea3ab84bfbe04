import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { FunctionId } from '../../domain/access';
import { createSourceParser, SOURCE_IDS, type SourceFileRole, type SourceId, type SourceProblem } from '../../domain/screening/sources';
import { fileRoleOf, isOfacSet, OFAC_SET_FILES, problemText, SOURCE_LABELS, SOURCE_MAX_BYTES } from '../../domain/screening/sources/sourceFiles';
import { StatusCode } from '../../domain/statusCodes';
import { envelopeOfFields } from '../classic/envelope';
import type { AppContext } from '../context';
import { Answer, NullableText, PageAnswer, Refusal } from '../http/answerSchemas';
import { accountOf } from '../http/authenticate';
import { requireFunction } from '../http/requireFunction';
import { sendNotFound } from '../ruleLists/answers';
import { sendPage } from '../users/listQuery';
import {
  currentVersions,
  fileSetHash,
  importSourceVersion,
  lastFailures,
  recordAttempt,
  sourceVersions,
  versionChanges,
  type SourceAttemptView,
  type SourceVersionView,
} from './store';

/**
 * The Sanction Sources page's calls (issue 34, function 87), under /classicapi:
 * - GET sanctionsources: each official source with its current version and its last failure;
 * - GET sanctionsources/{source}/versions: the source's versions, newest first;
 * - GET sanctionsources/versions/{id}/{added|removed|changed}: the entries a version added, removed or changed;
 * - POST sanctionsources/{source}/import: the official file as multipart/form-data (field `file`, repeated for OFAC's
 *   CSV set; the envelope's app_id, token and ts as form fields before the files), read as it arrives and never held
 *   whole, up to SOURCE_MAX_BYTES. A refused file changes nothing: the current version stays.
 */

function expectedFiles(source: SourceId): string {
  if (isOfacSet(source)) return OFAC_SET_FILES[source].map((file) => file.name).join(', ');
  return source === 'UN' ? 'the XML file (consolidated.xml)' : 'the CSV file (consolidated.csv)';
}

const Version = Type.Object({
  VersionId: Type.String(),
  Source: Type.String(),
  FileHash: Type.String({ description: 'SHA-256 of the file (of an OFAC set: of its files by part)' }),
  FileNames: Type.String(),
  PublishedAt: NullableText,
  ImportedAt: Type.String(),
  ImportedBy: Type.Union([Type.String(), Type.Null()], { description: 'null when the schedule or the demo world imported it' }),
  Via: Type.String({ description: 'upload, schedule or seed' }),
  Entries: Type.Integer(),
  Aliases: Type.Integer(),
  WeakAliases: Type.Integer(),
  Added: Type.Integer(),
  Removed: Type.Integer(),
  Changed: Type.Integer(),
});

const Problem = Type.Object({
  file: Type.String(),
  line: Type.Optional(Type.Integer()),
  entry: Type.Optional(Type.String()),
  reason: Type.String(),
});

const Attempt = Type.Object({
  AttemptId: Type.String(),
  Source: Type.String(),
  At: Type.String(),
  Via: Type.String(),
  RequestedBy: NullableText,
  Outcome: Type.String({ description: 'refused (the file) or failed (the download)' }),
  Reason: NullableText,
  Problems: Type.Array(Problem),
});

const SourceView = Type.Object({
  id: Type.String(),
  Source: Type.String(),
  Label: Type.String(),
  Current: Type.Union([Version, Type.Null()]),
  LastFailure: Type.Union([Attempt, Type.Null()], { description: 'the latest import or refresh, when it was refused or failed' }),
  Schedule: Type.Object(
    {
      Urls: Type.Array(Type.String(), { description: 'where the schedule fetches the source (SANCTIONS_SOURCES); empty: uploads only' }),
      EveryMinutes: Type.Union([Type.Integer(), Type.Null()], { description: 'SANCTIONS_REFRESH in minutes; null: off' }),
    },
    { description: 'the scheduled refresh' },
  ),
});

const SourceParam = Type.Object({ source: Type.Enum([...SOURCE_IDS], { type: 'string' }) });

const REFUSED = { 400: Refusal, 401: Refusal, 403: Refusal };

function refuse(reply: FastifyReply, message: string, problems?: readonly SourceProblem[]): FastifyReply {
  return reply.code(400).send({ status: StatusCode.VALIDATION_FAIL, message, ...(problems ? { data: { problems } } : {}) });
}

export async function sanctionSourceRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: SOURCE_MAX_BYTES, files: 4, fields: 3, fieldSize: 200, parts: 7 } });
  app.addHook('preHandler', requireFunction(ctx, FunctionId.SANCTION_SOURCES));

  app.get('/sanctionsources', { schema: { response: { 200: PageAnswer(SourceView), ...REFUSED } } }, async (request, reply) => {
    const { companyId } = accountOf(request);
    const [versions, failures] = await Promise.all([currentVersions(ctx.db, companyId), lastFailures(ctx.db, companyId)]);
    const rows = SOURCE_IDS.map((source) => ({
      id: source,
      Source: source,
      Label: SOURCE_LABELS[source],
      Current: versions.get(source) ?? null,
      LastFailure: failures.get(source) ?? null,
      Schedule: { Urls: [...(ctx.config.sanctionsSources[source] ?? [])], EveryMinutes: ctx.config.sanctionsRefreshMinutes ?? null },
    }));
    return sendPage(reply, 'sanctionsources', rows, 0, rows.length);
  });

  app.get(
    '/sanctionsources/:source/versions',
    { schema: { params: SourceParam, response: { 200: PageAnswer(Version), ...REFUSED } } },
    async (request, reply) => {
      const versions: SourceVersionView[] = await sourceVersions(ctx.db, accountOf(request).companyId, request.params.source);
      return sendPage(reply, 'sanctionsourceversions', versions, 0, versions.length);
    },
  );

  app.get(
    '/sanctionsources/versions/:versionId/:kind',
    {
      schema: {
        params: Type.Object({ versionId: Type.String({ pattern: '^[0-9]{1,18}$' }), kind: Type.Enum(['added', 'removed', 'changed'], { type: 'string' }) }),
        querystring: Type.Object({
          offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: { 200: PageAnswer(Type.Record(Type.String(), Type.Unknown())), ...REFUSED, 404: Refusal },
      },
    },
    async (request, reply) => {
      const page = { offset: request.query.offset ?? 0, limit: request.query.limit ?? 50 };
      const found = await versionChanges(ctx.db, accountOf(request).companyId, request.params.versionId, request.params.kind, page);
      if (!found) return sendNotFound(reply);
      return sendPage(reply, 'sanctionsourceentries', found.entries as unknown as Record<string, unknown>[], page.offset, found.total);
    },
  );

  const ImportAnswer = Answer(Type.Object({ Outcome: Type.String({ description: 'imported, or unchanged when the file is the current version' }), Version }));
  const importForm = {
    type: 'object',
    required: ['app_id', 'token', 'ts', 'file'],
    properties: {
      app_id: { type: 'string', description: 'the envelope app_id, before the files' },
      token: { type: 'string', description: 'the envelope token (UUID v4), before the files' },
      ts: { type: 'string', description: 'the envelope ts (unix seconds), before the files' },
      file: { type: 'string', contentMediaType: 'application/octet-stream', description: "the list's file; OFAC's CSV set: one part per file" },
    },
  };
  app.post(
    '/sanctionsources/:source/import',
    {
      schema: { params: SourceParam, response: { 200: ImportAnswer, ...REFUSED } },
      config: { envelopeInParts: true, documentOnly: { consumes: ['multipart/form-data'], body: importForm } },
    },
    async (request, reply) => {
      const source = request.params.source as SourceId;
      const account = accountOf(request);
      if (!request.isMultipart()) return refuse(reply, `The list must be uploaded as multipart/form-data: ${expectedFiles(source)}.`);
      const fields: Record<string, string> = {};
      let envelopeChecked = false;
      const parser = createSourceParser(source);
      const fileHashes: { role: SourceFileRole; hash: string }[] = [];
      const fileNames: string[] = [];
      let bytes = 0;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (!envelopeChecked) {
            const problem = await envelopeOfFields(ctx.db, fields, ctx.config.envelopeWindowSeconds);
            if (problem) return refuse(reply, problem);
            envelopeChecked = true;
          }
          const role = fileRoleOf(source, part.filename);
          if (!role) return refuse(reply, `${part.filename || 'The file'} is not a file of ${SOURCE_LABELS[source]}: upload ${expectedFiles(source)}.`);
          if (fileHashes.some((file) => file.role === role)) return refuse(reply, `${part.filename} is uploaded twice.`);
          const hash = createHash('sha256');
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            bytes += chunk.length;
            if (bytes > SOURCE_MAX_BYTES) return refuse(reply, `The files are larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB together.`);
            hash.update(chunk);
            parser.push(chunk, role);
          }
          if (part.file.truncated) return refuse(reply, `${part.filename} is larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB.`);
          fileHashes.push({ role, hash: hash.digest('hex') });
          fileNames.push(part.filename);
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, `A file is larger than ${SOURCE_MAX_BYTES / 1024 / 1024} MB.`);
        return refuse(reply, `The upload could not be read: ${(error as Error).message}`);
      }
      if (!envelopeChecked) {
        const problem = await envelopeOfFields(ctx.db, fields, ctx.config.envelopeWindowSeconds);
        if (problem) return refuse(reply, problem);
        return refuse(reply, `Please choose the list's file: ${expectedFiles(source)}.`);
      }
      const result = parser.end();
      if (!result.ok) {
        await recordAttempt(ctx.db, {
          companyId: account.companyId,
          source,
          via: 'upload',
          by: account.userId,
          outcome: 'refused',
          reason: problemText(result.problems[0]),
          problems: result.problems,
        });
        const more = result.problems.length > 1 ? ` (and ${result.problems.length - 1} more problem${result.problems.length > 2 ? 's' : ''})` : '';
        return refuse(reply, `The file is refused, the current version stays: ${problemText(result.problems[0])}${more}`, result.problems);
      }
      const imported = await importSourceVersion(ctx.db, ctx.jobs, {
        companyId: account.companyId,
        source,
        fileHash: fileSetHash(fileHashes),
        fileNames: fileNames.join(', '),
        entries: result.entries,
        summary: result.summary,
        publishedAt: result.summary.publishedAt ? new Date(result.summary.publishedAt) : new Date(),
        via: 'upload',
        by: account.userId,
      });
      return { status: StatusCode.SUCCESS, data: { Outcome: imported.outcome, Version: imported.version } };
    },
  );
}

export type { SourceAttemptView };
