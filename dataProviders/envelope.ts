/** The classic-style API envelope (spec 7, CONTRACTS.md "Envelope"): every non-GET body travels inside one. */

export interface Envelope<T = unknown> {
  request: T;
  app_id: number;
  /** UUID v4, new for every request; the server accepts each once. */
  token: string;
  /** Unix seconds; the server accepts a window around its clock. */
  ts: number;
}

/** crypto.randomUUID exists only in secure contexts; getRandomValues exists everywhere. */
export function randomUuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A request without a payload (e.g. DELETE) still carries an envelope, with an empty object as request. */
export function wrapInEnvelope<T>(payload: T | undefined, appId: number, now: number = Date.now()): Envelope<T | Record<string, never>> {
  return {
    request: payload === undefined ? {} : payload,
    app_id: appId,
    token: randomUuidV4(),
    ts: Math.floor(now / 1000),
  };
}
