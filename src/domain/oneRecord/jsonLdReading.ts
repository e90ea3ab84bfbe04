import jsonld from 'jsonld';

/**
 * Reading a partner's JSON-LD body (issue 37): expanded with jsonld in safe mode (a term it cannot expand, or a
 * value it would drop, fails), with no context fetched: a context named by address is refused, since a server
 * does not call out on a partner's say-so. The expanded form is the one every reader checks, whatever form
 * (compacted, expanded, flattened) the partner sent.
 */

export type Expanded = Record<string, unknown>;

export type Expansion = { ok: true; nodes: Expanded[] } | { ok: false; message: string };

export async function expandSafely(body: unknown): Promise<Expansion> {
  let remote: string | undefined;
  const documentLoader = async (url: string) => {
    remote = url;
    throw new Error(`remote context ${url}`);
  };
  try {
    const nodes = (await jsonld.expand(body as jsonld.JsonLdDocument, { safe: true, documentLoader } as jsonld.Options.Expand)) as Expanded[];
    return { ok: true, nodes };
  } catch (error) {
    if (remote) return { ok: false, message: `The context ${remote} is not fetched: write the context in the body, or the properties as full IRIs.` };
    const reason = (error as { details?: { event?: { message?: string } }; message?: string }).details?.event?.message ?? (error as Error).message;
    return { ok: false, message: `The body is not JSON-LD this server reads: ${reason}` };
  }
}

export const isAbsoluteIri = (value: unknown): value is string => typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(value);
