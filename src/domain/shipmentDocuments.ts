import { CompanyType } from './access';

/** Documents (spec 3; CONTRACTS.md): types, pouches, the pouch upload rules and the share options. */

export const DOCUMENT_TYPES = ['AWB', 'House Manifest', 'House AWB airline', 'Pouch'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const POUCH_KINDS = ['airline', 'forwarder'] as const;
export type PouchKind = (typeof POUCH_KINDS)[number];

/** A pouch upload is archived after 30 days (spec 4, 9). */
export const POUCH_ARCHIVE_DAYS = 30;

export function isPouchArchived(uploadedAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - uploadedAt.getTime() > POUCH_ARCHIVE_DAYS * 86_400_000;
}

/** Only pouches are archived, 30 days after their upload; the documents issued from the shipment's data never are. */
export function isDocumentArchived(docType: string, updatedOn: Date, now: Date = new Date()): boolean {
  return docType === 'Pouch' && isPouchArchived(updatedOn, now);
}

/** Forwarders upload to the forwarder pouch; airlines and ground handlers to the airline pouch. */
export function pouchKindOf(companyTypeId: number): PouchKind {
  return companyTypeId === CompanyType.FORWARDER ? 'forwarder' : 'airline';
}

/** Pouch uploads: PDF only, at most this many bytes unless configured otherwise. */
export const DEFAULT_POUCH_MAX_BYTES = 10 * 1024 * 1024;

/** A PDF starts with '%PDF-' (the browser's content type alone is not believed). */
export function looksLikePdf(head: Uint8Array): boolean {
  return head.length >= 5 && head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46 && head[4] === 0x2d;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Share options (spec 3): what the mail carries. */
export const SHARE_OPTIONS = ['AWB_COPY', 'HOUSE_MANIFEST', 'AIRLINE_POUCH', 'FORWARDER_POUCH'] as const;
export type ShareOption = (typeof SHARE_OPTIONS)[number];

/** Which stored documents a share option selects. */
export function documentMatchesShareOption(option: ShareOption, document: { docType: string; pouchKind: string | null }): boolean {
  switch (option) {
    case 'AWB_COPY':
      return document.docType === 'AWB';
    case 'HOUSE_MANIFEST':
      return document.docType === 'House Manifest';
    case 'AIRLINE_POUCH':
      return document.docType === 'Pouch' && document.pouchKind === 'airline';
    case 'FORWARDER_POUCH':
      return document.docType === 'Pouch' && document.pouchKind === 'forwarder';
  }
}

/** Printouts of the AWB detail (spec 2). */
export const PRINT_KINDS = ['laser', 'pdfneutral', 'neutral', 'consolmanifest', 'cargoreceipt', 'ecsd'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];
