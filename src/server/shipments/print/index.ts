import type { PrintKind } from '../../../domain/shipmentDocuments';
import type { ShipmentData } from '../detail';
import { renderAwbForm } from './awbForm';
import { type Acceptance, cargoReceiptIsDraft, renderCargoReceipt, renderConsolManifest, renderEcsd } from './documentsPrint';

export { renderAwbForm } from './awbForm';
export type { Acceptance } from './documentsPrint';
export { renderCargoReceipt, renderConsolManifest, renderEcsd, renderHouseAwbs, renderPouchCover } from './documentsPrint';

/** The printouts of the AWB detail (spec 2): each a PDF made from the shipment's data. */
export const PRINT_LABELS: Record<PrintKind, string> = {
  laser: 'Laser AWB',
  pdfneutral: 'PDF Neutral AWB',
  neutral: 'Neutral AWB',
  consolmanifest: 'Consol Manifest',
  cargoreceipt: 'Cargo Receipt',
  ecsd: 'eCSD',
};

export interface PrintContext {
  carrierName: string;
  companyName: string;
  userId: string;
  now: Date;
  /** The shipment's acceptance, for the cargo receipt. */
  acceptance?: Acceptance;
}

export function renderPrint(kind: PrintKind, data: ShipmentData, context: PrintContext): Promise<Buffer> {
  switch (kind) {
    case 'laser':
      return renderAwbForm(data, { frame: true, carrierName: context.carrierName, copyLabel: 'Original 3 (for Shipper)' }, PRINT_LABELS.laser);
    case 'pdfneutral':
      return renderAwbForm(data, { frame: true, copyLabel: 'Neutral Air Waybill' }, PRINT_LABELS.pdfneutral);
    case 'neutral':
      return renderAwbForm(data, { frame: false, copyLabel: 'Neutral Air Waybill' }, PRINT_LABELS.neutral);
    case 'consolmanifest':
      return renderConsolManifest(data);
    case 'cargoreceipt':
      return renderCargoReceipt(data, { companyName: context.companyName, userId: context.userId, now: context.now }, context.acceptance);
    case 'ecsd':
      return renderEcsd(data, context.now);
  }
}

export function printFileName(kind: PrintKind, data: ShipmentData): string {
  const name = kind === 'cargoreceipt' && cargoReceiptIsDraft(data.Status) ? 'CargoReceiptDraft' : PRINT_LABELS[kind].replace(/\s+/g, '');
  return `${name}_${data.AWBNumber}.pdf`;
}
