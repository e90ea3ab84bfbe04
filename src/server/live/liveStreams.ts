import { SUMMARY_KINDS } from '../../domain/liveEvents';
import type { ServerResponse } from 'node:http';
import { FunctionId } from '../../domain/access';
import { isAddressAllowed } from '../../domain/ipRange';
import type { AccessClaims } from '../auth/accessTokens';
import type { AccountProfile } from '../auth/accounts';
import type { ChangeEvent } from '../changes/changeFeed';
import type { AppContext } from '../context';
import { accountOfSession } from '../http/authenticate';
import { accessOf, type CompanyScope } from '../shipments/scope';
import { eventsAfter, latestEventId, type LiveEventRow, wireEvent } from './liveEventLog';

/**
 * This instance's open event streams. Every live event the change feed brings (migration 0013's
 * {"k":"live"}) is offered to each stream, which sends it only when its user may see it at that
 * moment, by the API's own rules read from the access cache: the account active, the session live
 * and its token not older than a password change, the address inside the company's ranges, the role
 * holding the shipment function (81), and the shipment in the company's scope (scope.ts's accessOf:
 * its own shipments in full, a lent one as the summary shows it: created, status, decision and data
 * events, without the name of who made them). A stream that no longer passes the account checks is closed;
 * a change of the account, session, company or role is checked at once, and every heartbeat checks
 * again. Each stream works its events one after the other, so they leave in commit (id) order.
 */

/** A replay longer than this is a reset: the page reloads rather than replaying the log. */
const REPLAY_LIMIT = 5000;
/** A stream whose unsent output grows past this is closed (a browser that reads too slowly reconnects with Last-Event-ID). */
const WRITE_BUFFER_CAP = 1_048_576;
/** How long a stream may take to drain before it is closed, and how long shutdown waits for the streams it ends. */
const DRAIN_MS = 5000;
const SHUTDOWN_MS = 1000;

interface Stream {
  claims: AccessClaims;
  ip: string;
  res: ServerResponse;
  /** The last event id this stream has worked through (sent or not); later ones only are offered. */
  seen: bigint;
  /** The last id the browser was told (`id:` line): a heartbeat moves it on to `seen`. */
  told: bigint;
  chain: Promise<void>;
  heartbeat: NodeJS.Timeout;
  closed: boolean;
}

export interface OpenStream {
  claims: AccessClaims;
  ip: string;
  res: ServerResponse;
  /** The answer's headers: written by open() once the stream's end is watched for. */
  headers: Record<string, string>;
  /** Last-Event-ID (header or `lastEventId`): replay what came after it; none: live from now. */
  lastEventId?: string;
}

export class LiveStreams {
  readonly #streams = new Set<Stream>();
  readonly #unsubscribe: () => void;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: { heartbeatMs: number; perUser: number },
  ) {
    this.#unsubscribe = ctx.changes.subscribe({ onChange: (event) => this.#onChange(event), onReset: () => this.#catchUpAll() });
  }

  /** Open streams of the user on this instance. */
  openOf(claims: Pick<AccessClaims, 'companyId' | 'userId'>): number {
    let count = 0;
    for (const stream of this.#streams) if (stream.claims.companyId === claims.companyId && stream.claims.userId === claims.userId) count++;
    return count;
  }

  get size(): number {
    return this.#streams.size;
  }

  /**
   * Opens the stream on `res`: its end is watched for before anything is written or awaited, and a
   * response that ended already (the browser left while the request was being checked) is never
   * registered. Then the headers, a replay (or `ready`), and live events. Whether it opened.
   */
  open({ claims, ip, res, headers, lastEventId }: OpenStream): boolean {
    if (isGone(res)) return false;
    const stream: Stream = {
      claims,
      ip,
      res,
      seen: 0n,
      told: 0n,
      chain: Promise.resolve(),
      heartbeat: setInterval(() => this.#enqueue(stream, () => this.#beat(stream)), this.options.heartbeatMs),
      closed: false,
    };
    stream.heartbeat.unref();
    const close = () => this.#close(stream);
    res.once('close', close);
    res.once('finish', close);
    res.once('error', close);
    this.#streams.add(stream);
    res.writeHead(200, headers);
    res.write('retry: 3000\n\n');
    // Live events queue up behind the first task from now on, so nothing between the two is lost.
    this.#enqueue(stream, () => (lastEventId === undefined ? this.#start(stream) : this.#replay(stream, lastEventId)));
    return true;
  }

  /**
   * Ends every stream (the server is shutting down): browsers reconnect, elsewhere or later, with
   * Last-Event-ID. Waits at most SHUTDOWN_MS for their connections to close, then destroys what is
   * left: a client that reads nothing never holds the shutdown up.
   */
  async closeAll(): Promise<void> {
    const streams = [...this.#streams];
    for (const stream of streams) this.#close(stream);
    const pending = streams.map((stream) => stream.res).filter((res) => !res.destroyed && !res.closed);
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(pending.map((res) => new Promise<void>((resolve) => (res.destroyed || res.closed ? resolve() : res.once('close', () => resolve()))))),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_MS);
      }),
    ]);
    clearTimeout(timer);
    for (const res of pending) if (!res.destroyed && !res.closed) res.destroy();
  }

  async dispose(): Promise<void> {
    await this.closeAll();
    this.#unsubscribe();
  }

  #enqueue(stream: Stream, task: () => Promise<void>): void {
    stream.chain = stream.chain.then(() => (stream.closed ? undefined : task())).catch(() => this.#close(stream));
  }

  #close(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.heartbeat);
    this.#streams.delete(stream);
    if (!stream.res.writableEnded && !stream.res.destroyed) stream.res.end();
  }

  /**
   * Writes to an open stream only. Output the client does not read closes the stream past
   * WRITE_BUFFER_CAP, or when it has not drained within DRAIN_MS of a full buffer.
   */
  async #write(stream: Stream, text: string): Promise<void> {
    if (stream.closed || isGone(stream.res)) return this.#close(stream);
    const { res } = stream;
    const flushed = res.write(text);
    if (res.writableLength > WRITE_BUFFER_CAP) return this.#close(stream);
    if (flushed) return;
    const drained = await new Promise<boolean>((resolve) => {
      const done = (result: boolean) => {
        clearTimeout(timer);
        res.off('drain', onDrain);
        res.off('close', onClose);
        resolve(result);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      const timer = setTimeout(() => done(false), DRAIN_MS);
      res.on('drain', onDrain);
      res.on('close', onClose);
    });
    if (!drained) this.#close(stream);
  }

  async #start(stream: Stream): Promise<void> {
    const latest = BigInt(await latestEventId(this.ctx.db));
    if (!(await this.#standing(stream))) return this.#close(stream);
    stream.seen = latest;
    stream.told = latest;
    await this.#write(stream, `event: ready\nid: ${latest}\ndata: {}\n\n`);
  }

  async #replay(stream: Stream, afterId: string): Promise<void> {
    const rows = await eventsAfter(this.ctx.db, afterId, REPLAY_LIMIT);
    if (stream.closed) return;
    // An id beyond the newest event (the database was made anew) is as unknown as a pruned one.
    const latest = BigInt(await latestEventId(this.ctx.db));
    if (rows === 'reset' || BigInt(afterId) > latest) {
      if (!(await this.#standing(stream))) return this.#close(stream);
      stream.seen = latest;
      stream.told = latest;
      await this.#write(stream, `event: reset\nid: ${latest}\ndata: {}\n\n`);
      return;
    }
    stream.seen = BigInt(afterId);
    stream.told = stream.seen;
    for (const row of rows) {
      if (stream.closed) return;
      await this.#deliver(stream, row);
    }
    if (stream.closed) return;
    await this.#write(stream, `event: ready\nid: ${stream.seen}\ndata: {}\n\n`);
    stream.told = stream.seen;
  }

  /** The stream's user as the API would admit them now, with their scope; undefined: the stream must end. */
  async #standing(stream: Stream): Promise<{ account: AccountProfile; scope: CompanyScope } | undefined> {
    const { access } = this.ctx;
    const account = await accountOfSession(this.ctx, stream.claims);
    if (typeof account === 'string') return undefined;
    if (!isAddressAllowed(stream.ip, account.ipRanges)) return undefined;
    if (!(await access.roleHoldsFunction(account.roleId, FunctionId.SHIPMENT))) return undefined;
    return { account, scope: await access.scope(account) };
  }

  async #deliver(stream: Stream, row: LiveEventRow): Promise<void> {
    if (stream.closed) return;
    const id = BigInt(row.event_id);
    if (id <= stream.seen) return;
    const standing = await this.#standing(stream);
    if (stream.closed) return;
    if (!standing) return this.#close(stream);
    stream.seen = id;
    const seenAs = visibility(standing.scope, row);
    if (seenAs === 'none') return;
    await this.#write(stream, `id: ${id}\ndata: ${JSON.stringify(wireEvent(row, seenAs === 'full'))}\n\n`);
    stream.told = id;
  }

  async #beat(stream: Stream): Promise<void> {
    if (!(await this.#standing(stream))) return this.#close(stream);
    // An id-only message moves the browser's Last-Event-ID past the events it was not sent.
    await this.#write(stream, stream.seen > stream.told ? `: heartbeat\nid: ${stream.seen}\n\n` : ': heartbeat\n\n');
    stream.told = stream.seen;
  }

  #onChange(event: ChangeEvent): void {
    if (event.k === 'live') {
      for (const stream of this.#streams) this.#enqueue(stream, () => this.#deliver(stream, event.e));
    } else if (event.k === 'account') {
      this.#recheck((claims) => claims.companyId === event.c && claims.userId === event.u);
    } else if (event.k === 'company') {
      this.#recheck((claims) => claims.companyId === event.c);
    } else if (event.k === 'session') {
      this.#recheck((claims) => claims.sessionId === event.s);
    } else if (event.k === 'role') {
      this.#recheck(() => true);
    }
  }

  #recheck(concerns: (claims: AccessClaims) => boolean): void {
    for (const stream of this.#streams) {
      if (!concerns(stream.claims)) continue;
      this.#enqueue(stream, async () => {
        if (!(await this.#standing(stream))) this.#close(stream);
      });
    }
  }

  /** The feed was down: what it missed is in the log, read from each stream's last event. */
  #catchUpAll(): void {
    for (const stream of this.#streams) {
      this.#enqueue(stream, async () => {
        if (stream.seen === 0n) return;
        const rows = await eventsAfter(this.ctx.db, String(stream.seen), REPLAY_LIMIT);
        if (stream.closed) return;
        if (rows === 'reset') {
          await this.#write(stream, 'event: reset\ndata: {}\n\n');
          return this.#close(stream);
        }
        for (const row of rows) {
          if (stream.closed) return;
          await this.#deliver(stream, row);
        }
      });
    }
  }
}

/** A response that can carry nothing more: ended, destroyed, or its connection gone. */
function isGone(res: ServerResponse): boolean {
  return res.writableEnded || res.destroyed || res.closed || res.socket?.destroyed === true || res.req?.destroyed === true;
}

/** Whether (and how) the scope's company sees the event: its own shipment in full, a lent one as the summary does. */
function visibility(scope: CompanyScope, row: LiveEventRow): 'full' | 'summary' | 'none' {
  if (row.shipment_id === null) return row.company_id === scope.companyId ? 'full' : 'none';
  if (row.awb_prefix === null || row.origin === null || row.destination === null) return 'none';
  const access = accessOf(scope, {
    shipment_id: String(row.shipment_id),
    awb_prefix: row.awb_prefix,
    agent_company_id: row.agent_company_id,
    origin: row.origin,
    destination: row.destination,
  });
  if (access === 'full') return 'full';
  return access === 'lent' && SUMMARY_KINDS.has(row.kind) ? 'summary' : 'none';
}
