import type { Db } from '../db/database';
import { isDocumentArchived } from '../../domain/shipmentDocuments';
import { shipmentData } from './detail';
import { type Acceptance, renderAwbForm, renderConsolManifest, renderHouseAwbs, renderPouchCover } from './print';
import type { ShipmentRecord } from './shipmentRecord';

/** Documents stored in the database: reading them, and issuing the ones made from the shipment's data on first use. */

export interface StoredDocument {
  document_id: string;
  shipment_id: string;
  doc_type: string;
  pouch_kind: string | null;
  file_name: string;
  content_type: string;
  remarks: string;
  updated_on: Date;
  user_id: string;
}

/** The columns of a document without its bytes, which only contentOf reads: listing, checking and choosing documents need none. */
const DOCUMENT_COLUMNS = ['document_id', 'shipment_id', 'doc_type', 'pouch_kind', 'file_name', 'content_type', 'remarks', 'updated_on', 'user_id'] as const;

export async function documentsOfShipment(db: Db, shipmentId: string, documentIds?: readonly string[]): Promise<StoredDocument[]> {
  let query = db.selectFrom('shipment_documents').select(DOCUMENT_COLUMNS).where('shipment_id', '=', shipmentId);
  if (documentIds) query = query.where('document_id', 'in', [...documentIds]);
  return (await query.orderBy('document_id').execute()).map((row) => ({ ...row, document_id: String(row.document_id), shipment_id: String(row.shipment_id) }));
}

export async function findDocument(db: Db, documentId: string): Promise<StoredDocument | undefined> {
  const row = await db.selectFrom('shipment_documents').select(DOCUMENT_COLUMNS).where('document_id', '=', documentId).executeTakeFirst();
  return row ? { ...row, document_id: String(row.document_id), shipment_id: String(row.shipment_id) } : undefined;
}

export function isArchived(document: Pick<StoredDocument, 'doc_type' | 'updated_on'>, now: Date = new Date()): boolean {
  return isDocumentArchived(document.doc_type, document.updated_on, now);
}

/** The carrier's name for the printed AWB: the airline ingestion resolved from the prefix (carrier_id). */
export async function carrierNameOf(db: Db, shipment: { carrier_id: string | null; awb_prefix: string }): Promise<string> {
  const row = shipment.carrier_id
    ? await db.selectFrom('companies').select('company_name').where('company_id', '=', shipment.carrier_id).executeTakeFirst()
    : undefined;
  return row?.company_name ?? `Airline ${shipment.awb_prefix}`;
}

/** Who accepted the shipment and when: its latest acceptance in the history (the cargo receipt's receipt). */
export async function acceptanceOf(db: Db, shipmentId: string): Promise<Acceptance | undefined> {
  const row = await db
    .selectFrom('shipment_events as e')
    .leftJoin('companies as c', 'c.company_id', 'e.company_id')
    .select(['e.at', 'e.company_id', 'e.user_id', 'c.company_name'])
    .where('e.shipment_id', '=', shipmentId)
    .where('e.kind', '=', 'ACCEPT')
    .orderBy('e.at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  // An automatic acceptance has no user: the portal accepted it for the company.
  return { at: row.at, companyName: row.company_name ?? row.company_id ?? 'the portal', userId: row.user_id };
}

async function issueFromShipment(db: Db, document: StoredDocument, shipment: ShipmentRecord): Promise<Buffer> {
  const data = shipmentData(shipment);
  switch (document.doc_type) {
    case 'AWB':
      return renderAwbForm(data, { frame: true, carrierName: await carrierNameOf(db, shipment), copyLabel: 'AWB Copy' }, 'AWB Copy');
    case 'House Manifest':
      return renderConsolManifest(data);
    case 'House AWB airline':
      return renderHouseAwbs(data);
    default:
      return renderPouchCover(data, {
        fileName: document.file_name,
        pouchKind: document.pouch_kind ?? 'airline',
        remarks: document.remarks,
        updatedOn: document.updated_on.toISOString(),
        userId: document.user_id,
      });
  }
}

/** The document's bytes; one issued from the shipment's data is made on first use and kept from then on. */
export async function contentOf(db: Db, document: StoredDocument, shipment: ShipmentRecord): Promise<Buffer> {
  const stored = await db.selectFrom('shipment_documents').select('content').where('document_id', '=', document.document_id).executeTakeFirst();
  if (stored?.content) return stored.content;
  const content = await issueFromShipment(db, document, shipment);
  await db
    .updateTable('shipment_documents')
    .set({ content, size_bytes: content.length })
    .where('document_id', '=', document.document_id)
    .where('content', 'is', null)
    .execute();
  return content;
}

/** File names as stored and sent: no path, quotes or control characters; a .pdf ending kept. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._ ()-]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(-120);
  return cleaned === '' ? 'document.pdf' : cleaned;
}

export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const safe = safeFileName(fileName);
  return `${kind}; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
