import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { buildShipmentTestApp, setShipment, shipmentWhere, type ShipmentRow, type ShipmentTestApp, type UserKey } from './support';

/** What the printouts say, read back from the PDFs as text (issue 22, 7). */

let t: ShipmentTestApp;
beforeAll(async () => {
  t = await buildShipmentTestApp();
});
afterAll(() => t.close());

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The airline admin who owns the shipment's prefix. */
const ownerOf = (shipment: ShipmentRow): UserKey => (['160', '297'].includes(shipment.awb_prefix) ? 'airlineAdmin' : 'skyAdmin');

async function print(shipment: ShipmentRow, kind: string) {
  const response = await t.get(ownerOf(shipment), `/awbapi/print/${shipment.shipment_id}/${kind}`);
  expect(response.statusCode, kind).toBe(200);
  return { text: await pdfText(response.rawPayload), disposition: String(response.headers['content-disposition']) };
}

interface StoredHouse {
  hawbNumber: string;
  pieces: number;
  weightKg: number;
  description: string;
}

async function storedDetail(shipmentId: string) {
  const row = await t.db
    .selectFrom('shipments')
    .select(['detail', 'pieces', 'weight_kg', 'house_manifest'])
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return { ...row, houses: (row.detail as { houses: StoredHouse[] }).houses };
}

describe('the cargo receipt', () => {
  it('prints as a draft for a shipment not accepted: no receipt wording, no signatures', async () => {
    const open = await shipmentWhere(t, sql`s.status = 'New' AND s.awb_prefix = '160'`);
    const { text, disposition } = await print(open, 'cargoreceipt');
    expect(text).toContain('Cargo Receipt - DRAFT - not accepted');
    expect(text).toContain("DRAFT - not accepted: this shipment's status is New. This is a preview, not a receipt for the goods.");
    expect(text).toContain('Printed by Demo Airlines (admin)');
    expect(text).toContain('Cargo Receipt DRAFT (not accepted)');
    expect(text).not.toContain('apparent good order');
    expect(text).not.toContain('Signature of receiving agent');
    expect(disposition).toMatch(/filename="CargoReceiptDraft_160-\d{8}\.pdf"/);

    for (const status of ['Reject', 'Error', 'Eyeball']) {
      await setShipment(t, open.shipment_id, { status });
      expect((await print(open, 'cargoreceipt')).text, status).toContain(`status is ${status}. This is a preview`);
    }
  });

  it('is the receipt of the acceptance: who accepted the goods and when, not who prints it when', async () => {
    const shipment = await shipmentWhere(
      t,
      sql`s.status = 'New' AND s.awb_prefix = '160' AND NOT EXISTS (SELECT 1 FROM shipment_handling h WHERE h.shipment_id = s.shipment_id)`,
      1,
    );
    const updateDt = await setShipment(t, shipment.shipment_id, {
      status: 'New',
      acceptance_block: null,
      acceptance_block_reason: null,
      acceptance_block_companies: [],
      eyeball_check: null,
    });
    const accepted = await t.post('airlineOperator', '/awbapi/awbapprove', {
      ShipmentId: shipment.shipment_id,
      ApproveType: 'NORMAL',
      ApproveReason: '',
      UpdateDT: updateDt,
      PendingUpdate: false,
    });
    expect(accepted.json().status).toBe(1);
    // Accepted on the 15th (as 160-10000701 was), printed today by someone else.
    await t.db
      .updateTable('shipment_events')
      .set({ at: new Date('2026-11-15T23:44:10Z') })
      .where('shipment_id', '=', shipment.shipment_id)
      .where('kind', '=', 'ACCEPT')
      .execute();
    for (const status of ['Accept', 'Submit']) {
      await setShipment(t, shipment.shipment_id, { status });
      const { text, disposition } = await print(shipment, 'cargoreceipt');
      const flat = text.replace(/\s+/g, ' ');
      expect(flat, status).toContain(`Air Waybill ${shipment.awb_prefix}-${shipment.awb_suffix} - received 2026-11-15 23:44 UTC`);
      expect(flat, status).toContain('received in apparent good order and condition by Demo Airlines (operator).');
      expect(flat, status).toContain('Receipt time: 2026-11-15 23:44 UTC');
      expect(flat, status).toMatch(/Printed by Demo Airlines \(admin\) at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(flat, status).not.toContain(`Receipt time: ${new Date().toISOString().slice(0, 10)}`);
      expect(text, status).toContain('Signature of receiving agent');
      expect(text, status).not.toContain('DRAFT');
      expect(disposition).toMatch(/filename="CargoReceipt_160-\d{8}\.pdf"/);
    }

    // Accepted by the portal itself (acceptance control's automatic acceptance).
    await t.db.updateTable('shipment_events').set({ user_id: 'system' }).where('shipment_id', '=', shipment.shipment_id).where('kind', '=', 'ACCEPT').execute();
    expect((await print(shipment, 'cargoreceipt')).text.replace(/\s+/g, ' ')).toContain('condition by Demo Airlines (accepted automatically).');
  });
});

describe('the consolidation manifest', () => {
  it('prints the houses’ totals against the master’s, and a warning when they differ', async () => {
    const consol = await shipmentWhere(t, sql`s.awb_prefix IN ('160', '297') AND jsonb_array_length(s.detail -> 'houses') > 1`);
    const stored = await storedDetail(consol.shipment_id);
    const pieces = stored.houses.reduce((sum, house) => sum + house.pieces, 0);
    const weight = stored.houses.reduce((sum, house) => sum + Math.round(house.weightKg * 10), 0) / 10;
    const kg = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    // The demo world's houses are drawn apart from their master's figures.
    expect(pieces === stored.pieces && weight === Number(stored.weight_kg)).toBe(false);

    const { text } = await print(consol, 'consolmanifest');
    expect(text).toContain(`Houses total: ${stored.houses.length} house(s), ${pieces} pcs / ${kg(weight)} kg`);
    expect(text).toContain(`Master air waybill: ${stored.pieces} pcs / ${kg(Number(stored.weight_kg))} kg`);
    const difference = `${Math.abs(pieces - stored.pieces)} pcs / ${kg(Math.abs(Math.round((weight - Number(stored.weight_kg)) * 10) / 10))} kg`;
    expect(text.replace(/\s+/g, ' ')).toContain(`WARNING: the house air waybills do not add up to the master air waybill - difference ${difference}.`);

    // Houses that add up to the master: the totals, and no warning.
    const [first, ...others] = stored.houses;
    const rest = {
      pieces: others.reduce((sum, house) => sum + house.pieces, 0),
      weight: others.reduce((sum, house) => sum + Math.round(house.weightKg * 10), 0),
    };
    const longGoods = 'LITHIUM ION BATTERIES PACKED WITH EQUIPMENT, SPARE PARTS AND USER MANUALS';
    const matching = [
      { ...first, pieces: stored.pieces - rest.pieces, weightKg: (Math.round(Number(stored.weight_kg) * 10) - rest.weight) / 10, description: longGoods },
      ...others,
    ];
    await setShipment(t, consol.shipment_id, { detail: JSON.stringify({ ...stored.detail, houses: matching }) });
    const agreeing = (await print(consol, 'consolmanifest')).text;
    // A long nature of goods wraps in its cell, whole.
    expect(agreeing.replace(/\s+/g, ' ')).toContain(longGoods);
    expect(agreeing).toContain(`Houses total: ${stored.houses.length} house(s), ${stored.pieces} pcs / ${kg(Number(stored.weight_kg))} kg`);
    expect(agreeing).toContain('The house air waybills add up to the master air waybill.');
    expect(agreeing).not.toContain('WARNING');
  });

  it('names each house’s goods once, however its FHL repeats them', async () => {
    const consol = await shipmentWhere(t, sql`s.detail -> 'houses' @> '[{"description": "FLOWERS"}]'::jsonb`);
    const stored = await storedDetail(consol.shipment_id);
    // The FHL says it twice: the manifest description (HBS) and the free text (TXT).
    const manifest = stored.house_manifest as { houses: { manifestDescription: string; goodsDescription: string[] }[] };
    expect(manifest.houses).toContainEqual(expect.objectContaining({ manifestDescription: 'FLOWERS', goodsDescription: ['FLOWERS'] }));
    const { text } = await print(consol, 'consolmanifest');
    expect(text).toContain('FLOWERS');
    expect(text).not.toContain('FLOWERS - FLOWERS');
    // Each printed whole: a long one wraps in its cell rather than being cut short.
    const flat = text.replace(/\s+/g, ' ');
    for (const house of stored.houses) {
      expect(house.description, house.hawbNumber).not.toMatch(/^(.+) - \1$/);
      expect(flat, house.hawbNumber).toContain(house.description);
    }
    // Nowhere in the demo world, nor a truncated summary before its own text ('LITHIUM ION BAT - LITHIUM ION BATTERIES ...').
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM shipments s, jsonb_array_elements(s.detail -> 'houses') h, split_part(h ->> 'description', ' - ', 1) AS summary
      WHERE starts_with(h ->> 'description', summary || ' - ' || summary)`.execute(t.db);
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('the air waybill form', () => {
  it('holds the notify party in its Notify box, and the legal sentence under the issuer', async () => {
    const withNotify = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.notify IS NOT NULL`);
    const withoutNotify = await shipmentWhere(t, sql`s.awb_prefix = '160' AND s.notify IS NULL`);
    const notify = (await t.db.selectFrom('shipments').select('notify').where('shipment_id', '=', withNotify.shipment_id).executeTakeFirstOrThrow()).notify as {
      name: string;
    };
    for (const kind of ['laser', 'pdfneutral']) {
      const named = (await print(withNotify, kind)).text;
      expect(named, kind).toContain(`Notify\n${notify.name}`);
      const unnamed = (await print(withoutNotify, kind)).text;
      for (const text of [named, unnamed]) {
        // The sentence follows the issuer's lines and comes before the consignee's box.
        const flat = text.replace(/\s+/g, ' ');
        expect(flat, kind).toMatch(
          /Issued by .*AWB 160-\d{8} Copies 1, 2 and 3 of this Air Waybill are originals and have the same validity\. Consignee's Name and Address/,
        );
        expect(flat, kind).not.toMatch(/Notify Copies 1, 2 and 3/);
      }
    }
  });

  it('prints every field label whole, however narrow its box', async () => {
    const shipment = await shipmentWhere(t, sql`s.awb_prefix = '160'`);
    const labels = [
      'Pieces RCP',
      'Gross Weight',
      'Rate Class',
      'Chargeable Weight',
      'Rate / Charge',
      'Nature and Quantity of Goods (incl. Dimensions or Volume)',
      'By First Carrier',
      'Decl. Val. Carriage',
      'Decl. Val. Customs',
      'Insurance',
      "Agent's IATA Code",
      'Total Other Charges Due Carrier (Prepaid)',
      'Airport of Departure (Addr. of First Carrier) and Requested Routing',
    ];
    for (const kind of ['laser', 'pdfneutral']) {
      const { text } = await print(shipment, kind);
      for (const label of labels) expect(text, `${kind}: ${label}`).toContain(label);
      expect(text, kind).not.toMatch(/(Pieces|Decl\. Val\.)(\.\.\.|…)/);
    }
  });
});
