import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { firstDifference, installAnswerCheck } from '../../src/server/http/answerCheck';
import { Answer } from '../../src/server/http/answerSchemas';

/** The test-time guard on response schemas (src/server/http/answerCheck.ts), on a bare Fastify app. */
async function appAnswering(data: unknown) {
  const app = Fastify();
  installAnswerCheck(app);
  app.get('/x', { schema: { response: { 200: Answer(Type.Object({ name: Type.String(), count: Type.Integer() })) } } }, async () => ({ status: 0, data }));
  await app.ready();
  return app;
}

describe('the answer check', () => {
  it('passes an answer its schema describes, and a refusal without data', async () => {
    const app = await appAnswering({ name: 'A', count: 2 });
    expect((await app.inject('/x')).json()).toEqual({ status: 0, data: { name: 'A', count: 2 } });
    const refusal = await appAnswering(undefined);
    expect((await refusal.inject('/x')).json()).toEqual({ status: 0 });
  });

  it('fails an answer whose schema drops a field or rounds a number, naming where', async () => {
    const dropped = await (await appAnswering({ name: 'A', count: 2, forgotten: true })).inject('/x');
    expect(dropped.statusCode).toBe(500);
    const rounded = await (await appAnswering({ name: 'A', count: 2.5 })).inject('/x');
    expect(rounded.statusCode).toBe(500);
    expect(firstDifference({ data: { name: 'A', forgotten: true } }, { data: { name: 'A' } })).toMatch(/^data\.forgotten: sent true/);
    expect(firstDifference({ rows: [1, 2.5] }, { rows: [1, 3] })).toMatch(/^rows\[1\]: sent 2\.5, serialised 3/);
  });
});
