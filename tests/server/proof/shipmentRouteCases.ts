import { realPdf } from '../../fixtures/realPdf';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { compactUpdateDt } from '../../../src/domain/updateDt';
import { bearer } from '../testApp';
import type { ShipmentRow } from '../shipments/support';

/**
 * One request per awbapi and logapi route (and the shipment log), built for a target shipment: what
 * shipments/companyScope.test.ts sends at another company's shipment, and what the authorization
 * matrix (authorizationMatrix.test.ts) sends at the caller's own and at another company's.
 */

export interface Target {
  shipment: ShipmentRow;
  updateDt: string;
  documentId: string;
  /** A reject reason of the caller's own MIP list, so that only the scope can refuse the reject. */
  rejectCode: string;
}

// biome-ignore lint/suspicious/noExplicitAny: each case reads the answer of its own route.
export type Check = { kind: 'refused' } | { kind: 'hidden'; verify: (body: string, json: () => any) => void } | { kind: 'noShipment'; why: string };

export interface Case {
  /** `stream`: an event stream, opened with a ticket the bearer token asks for (sendShipmentRequest). */
  request: (target: Target) => { method: 'GET' | 'POST'; url: string; payload?: unknown; multipart?: Record<string, string>; stream?: true };
  check: Check;
}

const refused: Check = { kind: 'refused' };

/** The company the lending cases lend to (and take back from). */
const LEND_TO = 'HUBGHA';

export const SHIPMENT_ROUTE_CASES: Record<string, Case> = {
  'POST /awbapi/awbsummary': {
    request: ({ shipment }) => ({
      method: 'POST',
      url: '/awbapi/awbsummary',
      payload: { fieldSearch: [{ AWBPrefix: shipment.awb_prefix, AWBSuffix: shipment.awb_suffix }], dbOptions: { CurrentPage: 1, PageSize: 10 } },
    }),
    check: {
      kind: 'hidden',
      verify: (_body, json) => {
        expect(json().data.rows).toEqual([]);
        expect(json().data.missing[0]).toMatchObject({ Reason: 'notAccessible', Message: 'This air waybill is not accessible.' });
      },
    },
  },
  'GET /awbapi/searchnext': { request: ({ shipment }) => ({ method: 'GET', url: `/awbapi/searchnext?ShipmentId=${shipment.shipment_id}` }), check: refused },
  'GET /awbapi/overview': {
    request: () => ({ method: 'GET', url: '/awbapi/overview' }),
    check: { kind: 'noShipment', why: 'counts of the caller’s own view; no shipment is named' },
  },
  'GET /awbapi/awbdetail/:shipmentId': { request: ({ shipment }) => ({ method: 'GET', url: `/awbapi/awbdetail/${shipment.shipment_id}` }), check: refused },
  'GET /awbapi/awbdetail/:prefix/:suffix': {
    request: ({ shipment }) => ({ method: 'GET', url: `/awbapi/awbdetail/${shipment.awb_prefix}/${shipment.awb_suffix}` }),
    check: refused,
  },
  'GET /awbapi/sanction/detail/:shipmentId': {
    request: ({ shipment }) => ({ method: 'GET', url: `/awbapi/sanction/detail/${shipment.shipment_id}` }),
    check: refused,
  },
  'GET /awbapi/util/getlookupcode/:lookupType': {
    request: () => ({ method: 'GET', url: '/awbapi/util/getlookupcode/1' }),
    check: { kind: 'noShipment', why: 'reference lists shared by every company' },
  },
  'GET /awbapi/util/awbcheckupdate/:shipmentId/:updateDT': {
    request: ({ shipment, updateDt }) => ({ method: 'GET', url: `/awbapi/util/awbcheckupdate/${shipment.shipment_id}/${compactUpdateDt(updateDt)}` }),
    check: refused,
  },
  'POST /awbapi/awbapprove': {
    request: ({ shipment, updateDt }) => ({
      method: 'POST',
      url: '/awbapi/awbapprove',
      payload: { ShipmentId: shipment.shipment_id, ApproveType: 'NORMAL', ApproveReason: '', UpdateDT: updateDt, PendingUpdate: false },
    }),
    check: refused,
  },
  'POST /awbapi/awbreject': {
    request: ({ shipment, updateDt, rejectCode }) => ({
      method: 'POST',
      url: '/awbapi/awbreject',
      payload: { ShipmentId: shipment.shipment_id, RejectReasons: [{ Code: rejectCode }], UpdateDT: updateDt, PendingUpdate: false },
    }),
    check: refused,
  },
  'POST /awbapi/awbmark': {
    request: ({ shipment, updateDt }) => ({
      method: 'POST',
      url: '/awbapi/awbmark',
      payload: { ShipmentId: shipment.shipment_id, Result: 'PASS', UpdateDT: updateDt },
    }),
    check: refused,
  },
  'POST /awbapi/awbmodify': {
    request: ({ shipment, updateDt }) => ({
      method: 'POST',
      url: '/awbapi/awbmodify',
      payload: { ShipmentId: shipment.shipment_id, UpdateDT: updateDt, OperatorRemarks: 'hijacked' },
    }),
    check: refused,
  },
  'POST /awbapi/acceptdocument': {
    request: ({ shipment, updateDt, documentId }) => ({
      method: 'POST',
      url: '/awbapi/acceptdocument',
      payload: { ShipmentId: shipment.shipment_id, ShipmentDocumentID: documentId, UpdateDT: updateDt },
    }),
    check: refused,
  },
  'POST /awbapi/awbsend': {
    request: ({ shipment, updateDt }) => ({
      method: 'POST',
      url: '/awbapi/awbsend',
      payload: { ShipmentId: shipment.shipment_id, Target: 'ACAS', UpdateDT: updateDt },
    }),
    check: refused,
  },
  'POST /awbapi/sendtargets': {
    request: ({ shipment }) => ({ method: 'POST', url: '/awbapi/sendtargets', payload: { ShipmentIds: [shipment.shipment_id] } }),
    check: {
      kind: 'hidden',
      verify: (_body, json) => {
        expect(json().data).toEqual([
          {
            ShipmentId: expect.any(String),
            AWBNumber: '',
            Refused: Object.fromEntries(['ACAS', 'ACI', 'TERMINAL', 'CSS'].map((target) => [target, 'This air waybill is not accessible.'])),
          },
        ]);
      },
    },
  },
  // Lending to a company that exists and is neither the caller's nor any owner's of the demo world's airline shipments.
  'POST /awbapi/awblend': {
    request: ({ shipment, updateDt }) => ({
      method: 'POST',
      url: '/awbapi/awblend',
      payload: { ShipmentId: shipment.shipment_id, CompanyId: LEND_TO, UpdateDT: updateDt },
    }),
    check: refused,
  },
  'POST /awbapi/awbtakeback': {
    request: ({ shipment, updateDt }) => ({
      method: 'POST',
      url: '/awbapi/awbtakeback',
      payload: { ShipmentId: shipment.shipment_id, CompanyId: LEND_TO, UpdateDT: updateDt },
    }),
    check: refused,
  },
  'GET /awbapi/util/lendcompanies/:shipmentId': {
    request: ({ shipment }) => ({ method: 'GET', url: `/awbapi/util/lendcompanies/${shipment.shipment_id}` }),
    check: refused,
  },
  'POST /awbapi/deletehandling/:shipmentId': {
    request: ({ shipment }) => ({ method: 'POST', url: `/awbapi/deletehandling/${shipment.shipment_id}` }),
    check: refused,
  },
  'GET /awbapi/onerecordchanges/:shipmentId': {
    request: ({ shipment }) => ({ method: 'GET', url: `/awbapi/onerecordchanges/${shipment.shipment_id}` }),
    check: refused,
  },
  'POST /awbapi/onerecordchange': {
    // No request of this id: the shipment's scope is checked first, and the caller's own call is refused only for that.
    request: ({ shipment, updateDt }) => ({
      method: 'POST',
      url: '/awbapi/onerecordchange',
      payload: { ShipmentId: shipment.shipment_id, UpdateDT: updateDt, RequestId: '00000000-0000-4000-8000-000000000000', Decision: 'reject' },
    }),
    check: refused,
  },
  'POST /awbapi/renewhandling/:shipmentId': {
    request: ({ shipment }) => ({ method: 'POST', url: `/awbapi/renewhandling/${shipment.shipment_id}` }),
    check: refused,
  },
  'POST /awbapi/document/upload': {
    request: ({ shipment }) => ({ method: 'POST', url: '/awbapi/document/upload', multipart: { ShipmentId: shipment.shipment_id } }),
    check: refused,
  },
  'POST /awbapi/fileticket': {
    request: ({ shipment, documentId }) => ({
      method: 'POST',
      url: '/awbapi/fileticket',
      payload: { Kind: 'view', ShipmentId: shipment.shipment_id, DocumentIds: [documentId] },
    }),
    check: refused,
  },
  'POST /awbapi/share': {
    request: ({ shipment }) => ({
      method: 'POST',
      url: '/awbapi/share',
      payload: { ShipmentIds: [shipment.shipment_id], ShareOptions: ['AWB_COPY'], EmailList: 'thief@example.com' },
    }),
    check: refused,
  },
  'POST /awbapi/eventticket': {
    request: () => ({ method: 'POST', url: '/awbapi/eventticket' }),
    check: { kind: 'noShipment', why: 'a ticket for the caller’s own event stream; no shipment is named' },
  },
  'GET /awbapi/events': {
    request: () => ({ method: 'GET', url: '/awbapi/events', stream: true }),
    check: {
      kind: 'noShipment',
      why: 'the caller’s own event stream: each event is sent only to whom its shipment is visible (tests/server/liveEvents.test.ts)',
    },
  },
  'GET /awbapi/document/:documentId/:disposition': {
    request: ({ documentId }) => ({ method: 'GET', url: `/awbapi/document/${documentId}/download` }),
    check: refused,
  },
  'GET /awbapi/documents/:shipmentId/:documentIds/download': {
    request: ({ shipment, documentId }) => ({ method: 'GET', url: `/awbapi/documents/${shipment.shipment_id}/${documentId}/download` }),
    check: refused,
  },
  'GET /awbapi/print/:shipmentId/:kind': {
    request: ({ shipment }) => ({ method: 'GET', url: `/awbapi/print/${shipment.shipment_id}/cargoreceipt` }),
    check: refused,
  },
  'POST /logapi/actionlogging': {
    request: ({ shipment, documentId }) => ({
      method: 'POST',
      url: '/logapi/actionlogging',
      payload: { ActType: 'Display', ShipmentID: shipment.shipment_id, ShipmentDocumentID: documentId },
    }),
    check: refused,
  },
  'GET /classicapi/shipmentlog': {
    request: ({ shipment }) => ({
      method: 'GET',
      url: `/classicapi/shipmentlog?filter=${encodeURIComponent(JSON.stringify({ AWBNumber: `${shipment.awb_prefix}-${shipment.awb_suffix}` }))}`,
    }),
    // The caller's own searches of the AWB are its own log; the owner's entries never show.
    check: { kind: 'hidden', verify: (_body, json) => expect(json().data.every((row: { ActionType: string }) => row.ActionType === 'Search')).toBe(true) },
  },
  'GET /classicapi/shipmentlog/export': {
    request: ({ shipment }) => ({
      method: 'GET',
      url: `/classicapi/shipmentlog/export?filter=${encodeURIComponent(JSON.stringify({ AWBNumber: `${shipment.awb_prefix}-${shipment.awb_suffix}` }))}`,
    }),
    check: {
      kind: 'hidden',
      verify: (body) =>
        expect(
          body
            .trim()
            .split('\n')
            .slice(1)
            .every((line) => line.includes(',Search,')),
        ).toBe(true),
    },
  },
};

export type ShipmentRequest = ReturnType<Case['request']>;

/** Sends one case's request with a bearer token, or without one (a multipart upload carries a small PDF), from the test's address or `from`. */
/** A real PDF: an upload that is not one is refused before any access check matters. */
const SMALL_PDF = realPdf('matrix');

export async function sendShipmentRequest(
  app: FastifyInstance,
  token: string | undefined,
  request: ShipmentRequest,
  from?: string,
): Promise<LightMyRequestResponse> {
  const auth = token ? bearer(token) : {};
  const address = from ? { remoteAddress: from } : {};
  if (request.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(request.multipart)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(await SMALL_PDF)], { type: 'application/pdf' }), 'stolen.pdf');
    const encoded = new Request('http://local/', { method: 'POST', body: form });
    return app.inject({
      method: 'POST',
      url: request.url,
      headers: { ...auth, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
      ...address,
    });
  }
  if (request.stream) return openEventStream(app, auth, address);
  if (request.method === 'GET') return app.inject({ method: 'GET', url: request.url, headers: auth, ...address });
  return app.inject({
    method: 'POST',
    url: request.url,
    headers: auth,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    ...address,
  });
}

/**
 * An event stream as the browser opens it: a ticket asked with the bearer token (its refusal is the
 * answer), then the stream with the ticket. An open stream never ends, so once its headers are in
 * the server's side is ended (the stream leaves the instance's count) and the answer has no body.
 */
async function openEventStream(app: FastifyInstance, auth: Record<string, string>, address: { remoteAddress?: string }): Promise<LightMyRequestResponse> {
  const ticketed = await app.inject({ method: 'POST', url: '/awbapi/eventticket', headers: auth, ...address });
  if (ticketed.statusCode !== 200) return ticketed;
  const response = await app.inject({ method: 'GET', url: ticketed.json().data.Url, ...address, payloadAsStream: true });
  if (response.statusCode === 200) {
    (response.raw.res as unknown as { end(): void }).end();
    return { ...response, body: '', json: () => undefined } as LightMyRequestResponse;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk));
  const body = Buffer.concat(chunks).toString('utf8');
  return { ...response, body, json: () => JSON.parse(body) } as LightMyRequestResponse;
}
