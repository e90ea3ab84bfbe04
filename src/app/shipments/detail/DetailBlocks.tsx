import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Grid, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';
import type { AwbDetail, Party } from '../../../domain/shipmentWire';
import { HouseTotalsAlert } from './HouseTotalsAlert';
import { utcDateTime } from '../../../domain/dateRange';

/** The blocks of the AWB detail (spec 3): parties, routing, rate, charges, dimensions, licence and declaration data, customs rows, persons, houses. */

/**
 * The heading level of the blocks: h3 under the detail page's h2 (the AWB), h2 in the blank windows,
 * whose h1 already names the AWB, so that no heading level is skipped.
 */
export const BlockHeadingLevel = createContext<'h2' | 'h3'>('h3');

export function Block({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const heading = useContext(BlockHeadingLevel);
  return (
    <Card variant="outlined" component="section" aria-label={translate(title)} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle2" component={heading} sx={{ fontWeight: 700, mb: 1 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label / value pairs as a description list. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, fontSize: '0.875rem' }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {translate(label)}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? '—' : value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** An address a partner uses elsewhere (the ONE Record Waybill's IRI): shown whole, with a button that copies it. */
function CopyableAddress({ address }: { address: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      notify('app.shipments.detail.oneRecordWaybillCopied', { type: 'info' });
    } catch {
      notify('app.shipments.detail.oneRecordWaybillNotCopied', { type: 'warning' });
    }
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="code" sx={{ fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
        {address}
      </Box>
      <Tooltip title={translate('app.shipments.detail.copyOneRecordWaybill')}>
        <IconButton size="small" aria-label={translate('app.shipments.detail.copyOneRecordWaybill')} onClick={copy}>
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function PartyBlock({ title, party }: { title: string; party: Party | null }) {
  const translate = useTranslate();
  return (
    <Block title={title}>
      {party ? (
        <Typography component="address" sx={{ fontStyle: 'normal', fontSize: '0.875rem', whiteSpace: 'pre-line' }}>
          {[
            party.name,
            party.address,
            [party.postcode, party.city, party.country].filter(Boolean).join(' '),
            party.phone ? `${translate('app.shipments.detail.phone')} ${party.phone}` : '',
            party.iataCode ? `IATA ${party.iataCode}` : '',
            party.accountNumber ? `${translate('app.shipments.detail.account')} ${party.accountNumber}` : '',
          ]
            .filter(Boolean)
            .join('\n')}
        </Typography>
      ) : (
        <Typography color="text.secondary" variant="body2">
          {translate('app.shipments.detail.none')}
        </Typography>
      )}
    </Block>
  );
}

/**
 * Whether an element's content is wider than it (it scrolls across), kept as its size or content changes: a
 * region that scrolls must be reachable with the keyboard (WCAG 2.1.1, axe's scrollable-region-focusable).
 */
function useScrollsAcross(): [(element: HTMLElement | null) => void, boolean] {
  const [scrolls, setScrolls] = useState(false);
  const observer = useRef<ResizeObserver>(undefined);
  const watch = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    if (element.firstElementChild) observer.current.observe(element.firstElementChild);
    measure();
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [watch, scrolls];
}

export function SimpleTable<T>({ label, columns, rows, empty }: { label: string; columns: [string, (row: T) => ReactNode][]; rows: T[]; empty?: string }) {
  const translate = useTranslate();
  const [watch, scrolls] = useScrollsAcross();
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" variant="body2">
        {translate(empty ?? 'app.shipments.detail.none')}
      </Typography>
    );
  return (
    // Where the table is wider than its place, its region takes the focus, to be scrolled with the arrow keys.
    <Box ref={watch} sx={{ overflowX: 'auto' }} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': translate(label) } : {})}>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {columns.map(([title]) => (
              <TableCell key={title} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {translate(title)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a generic read-only table whose rows have no key of their own; its cells hold no state, so an index key costs at most a re-render of their text
            <TableRow key={index}>
              {columns.map(([title, value]) => (
                <TableCell key={title}>{value(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const money = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : text(value));

export function DetailBlocks({ detail }: { detail: AwbDetail }) {
  const rate = detail.Rate ?? {};
  const charges = detail.Charges ?? {};
  const declaration = detail.Declaration ?? {};
  const security = detail.Security ?? {};
  const licence = detail.Licence;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <PartyBlock title="app.shipments.detail.shipper" party={detail.Shipper} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <PartyBlock title="app.shipments.detail.consignee" party={detail.Consignee} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <PartyBlock title="app.shipments.detail.notify" party={detail.Notify} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <PartyBlock title="app.shipments.detail.agent" party={detail.Agent} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.shipment">
          <Facts
            rows={[
              ['app.shipments.fields.Origin', detail.Origin],
              ['app.shipments.fields.Destination', detail.Destination],
              ['app.shipments.fields.Pieces', detail.Pieces],
              ['app.shipments.fields.Weight', `${detail.Weight.toFixed(1)} kg`],
              ['app.shipments.detail.volume', detail.Volume !== null ? `${detail.Volume.toFixed(3)} m³` : ''],
              ['app.shipments.detail.goods', detail.GoodsDescription],
              ['app.shipments.fields.SpecialHandlingCodes', detail.SpecialHandlingCodes.join('/')],
              ['app.shipments.fields.FlightDate', detail.FlightDate],
              ['app.shipments.fields.STD', utcDateTime(detail.STD)],
              ['app.shipments.fields.MessageDate', utcDateTime(detail.MessageDate)],
              ['app.shipments.detail.operatorRemarks', detail.OperatorRemarks],
              ['app.shipments.detail.oneRecordWaybill', <CopyableAddress key="one-record" address={detail.OneRecordWaybill} />],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.routing">
          <SimpleTable
            label="app.shipments.detail.routing"
            rows={detail.Routing}
            columns={[
              ['app.shipments.detail.flight', (leg) => leg.flightNumber],
              ['app.shipments.fields.FlightDate', (leg) => leg.date],
              ['app.shipments.fields.Origin', (leg) => leg.from],
              ['app.shipments.fields.Destination', (leg) => leg.to],
              ['app.shipments.detail.carrier', (leg) => leg.carrier],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.rate">
          <Facts
            rows={[
              ['app.shipments.detail.rateClass', text(rate.rateClass)],
              ['app.shipments.detail.chargeableWeight', rate.chargeableWeightKg !== undefined ? `${text(rate.chargeableWeightKg)} kg` : ''],
              ['app.shipments.detail.rateCharge', money(rate.rate)],
              ['app.shipments.detail.total', `${text(rate.currency)} ${money(rate.total)}`],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.charges">
          <Facts
            rows={[
              ['app.shipments.detail.paymentMode', text(charges.paymentMode) === 'CC' ? 'Collect (CC)' : 'Prepaid (PP)'],
              ['app.shipments.detail.weightCharge', money(charges.prepaidWeightCharge)],
              ['app.shipments.detail.otherCharges', money(charges.otherChargesDueCarrier)],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.dimensions">
          <SimpleTable
            label="app.shipments.detail.dimensions"
            rows={detail.Dimensions}
            columns={[
              ['app.shipments.fields.Pieces', (row) => text(row.pieces)],
              ['app.shipments.detail.length', (row) => `${text(row.lengthCm)} cm`],
              ['app.shipments.detail.width', (row) => `${text(row.widthCm)} cm`],
              ['app.shipments.detail.height', (row) => `${text(row.heightCm)} cm`],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.licenceDeclaration">
          <Facts
            rows={[
              ['app.shipments.detail.licence', licence ? `${text(licence.number)} (${text(licence.type)})` : ''],
              ['app.shipments.detail.valueForCarriage', text(declaration.valueForCarriage)],
              ['app.shipments.detail.valueForCustoms', text(declaration.valueForCustoms)],
              ['app.shipments.detail.insurance', text(declaration.insurance)],
              ['app.shipments.detail.hsCodes', detail.HsCodes.join(', ')],
              ['app.shipments.detail.security', [text(security.status), text(security.screeningMethod)].filter(Boolean).join(' / ')],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={12}>
        <Block title="app.shipments.detail.customsDeclarations">
          <SimpleTable
            label="app.shipments.detail.customsDeclarations"
            rows={detail.CustomsDeclarations}
            columns={[
              ['app.shipments.detail.countryCode', (row) => row.countryCode],
              ['app.shipments.detail.customsId', (row) => row.customsId],
              ['app.shipments.detail.informationId', (row) => row.informationId],
              ['app.shipments.detail.otherCustomsInfo', (row) => row.otherCustomsInfo],
              ['app.shipments.detail.supplementaryInfo', (row) => row.supplementaryInfo],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.persons">
          <SimpleTable
            label="app.shipments.detail.persons"
            rows={detail.Persons}
            columns={[
              ['app.shipments.detail.idOrLicense', (row) => row.idOrLicense],
              ['app.shipments.detail.name', (row) => row.name],
              ['app.shipments.detail.stationCode', (row) => row.stationCode],
              ['app.shipments.detail.verifier', (row) => row.verifier],
            ]}
          />
        </Block>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="app.shipments.detail.houses">
          <HouseTotalsAlert detail={detail} />
          <SimpleTable
            label="app.shipments.detail.houses"
            rows={detail.Houses}
            empty="app.shipments.detail.noHouses"
            columns={[
              ['app.shipments.detail.hawb', (row) => row.hawbNumber],
              ['app.shipments.fields.Pieces', (row) => row.pieces],
              ['app.shipments.fields.Weight', (row) => row.weightKg.toFixed(1)],
              ['app.shipments.detail.goods', (row) => row.description],
            ]}
          />
        </Block>
      </Grid>
    </Grid>
  );
}
