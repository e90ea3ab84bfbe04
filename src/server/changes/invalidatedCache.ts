import type { ChangeFeed } from './changeFeed';

/**
 * A map of values read from the database, kept only while the change feed is live and forgotten
 * when a change notification names them. A read that started before an invalidation is not kept
 * (the epoch moved on while it ran), so a value read just before a change committed can never
 * outlive the notification of that change. Entries also lapse after `ttlMs`, and the map holds at
 * most `maxEntries` (the oldest go first).
 */
export class InvalidatedCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();
  #epoch = 0;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'isLive'>,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * The cached value, or `load()`'s (kept when it is not `undefined` and nothing was invalidated
   * meanwhile). A cached value `usable` refuses (one holding less than this caller needs) is read again.
   */
  async get(key: K, load: () => Promise<V | undefined>, usable: (value: V) => boolean = () => true): Promise<V | undefined> {
    if (!this.feed.isLive()) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > Date.now() && usable(hit.value)) return hit.value;
    const epoch = this.#epoch;
    const value = await load();
    if (value !== undefined) this.keep(key, value, epoch);
    return value;
  }

  /** The invalidation count now: a value read after it may be kept with `keep` (not when anything was invalidated since). */
  get epoch(): number {
    return this.#epoch;
  }

  /** Keeps a value read elsewhere, unless something was invalidated since `epoch` (or the feed is down). */
  keep(key: K, value: V, epoch: number): void {
    if (epoch !== this.#epoch || !this.feed.isLive()) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  /** The cached value, if any (nothing is read). */
  peek(key: K): V | undefined {
    if (!this.feed.isLive()) return undefined;
    const hit = this.#entries.get(key);
    return hit && hit.expiresAt > Date.now() ? hit.value : undefined;
  }

  delete(key: K): void {
    this.#epoch++;
    this.#entries.delete(key);
  }

  deleteWhere(test: (key: K, value: V) => boolean): void {
    this.#epoch++;
    for (const [key, { value }] of this.#entries) if (test(key, value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#epoch++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
