import { type MouseEvent, type ReactNode, useCallback, useState } from 'react';
import { Alert, Box, Button, Chip, FormControlLabel, FormGroup, Popover, Switch, Tooltip } from '@mui/material';
import { alpha, keyframes, useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import WarningIcon from '@mui/icons-material/WarningAmber';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import { DataTable, type Identifier, Pagination, useBasename, useListContext, useStore, useTranslate } from 'react-admin';
import { utcDateTime } from '../../../domain/dateRange';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { formatMessage } from '../../../domain/statusCodes';
import { PAGE_SIZES } from '../../../domain/shipmentWire';
import { EmptyState } from '../../admin/PageFrame';
import type { ShipmentListMeta, ShipmentRecord } from '../shipmentDataProvider';
import { LiveShipmentRows, ROW_FLASH_MS, useLiveRows } from './LiveShipmentRows';
import { ShipmentBulkActions } from './ShipmentBulkActions';
import { AttentionMarks } from './AttentionMarks';
import { StatusChip } from './StatusChip';

const Col = DataTable.Col<ShipmentRecord>;

/** The grid's times are UTC, said once in the column's header ("STD (UTC)") to keep the columns narrow. */
function dateTime(iso: string | null) {
  return <span style={{ whiteSpace: 'nowrap' }}>{utcDateTime(iso, { zone: false })}</span>;
}

/** Where the user's choice of columns is kept (react-admin's store: the browser's, when personalisation cookies are allowed). */
export const SHIPMENT_COLUMNS_STORE = 'shipments.columns';
/** Shown on request: what an operator scans first fits a 1440-px screen without scrolling. */
export const HIDDEN_BY_DEFAULT = ['MessageDate'];

/** A row the live stream changed lights up and fades back. */
const flash = keyframes`
  from { background-color: var(--live-flash); }
  to { background-color: transparent; }
`;

function AwbCell({ record }: { record: ShipmentRecord }) {
  const translate = useTranslate();
  const basename = useBasename();
  const live = useLiveRows();
  return (
    // Plain elements with static CSS (lightCells.css), drawn for every row: MUI's Stack and Link made emotion styles
    // in each (issue 16). The rare marks beside the number stay MUI's.
    <span className="grid-cell-row nowrap">
      {/* A row click is for the mouse; the AWB number is the link a keyboard (or screen reader) user follows. */}
      <RouterLink to={`${basename}/shipment/details/${record.id}`} onClick={(event: MouseEvent) => event.stopPropagation()} className="awb-link">
        {record.AWBNumber}
      </RouterLink>
      {!record.CheckDigitValid && (
        <Tooltip title={formatMessage(ShipmentMessages.checkDigitMismatch, { awb: record.AWBNumber })}>
          <WarningIcon color="warning" fontSize="small" aria-label={translate('app.shipments.list.checkDigit')} />
        </Tooltip>
      )}
      {record.IsLent && <Chip size="small" variant="outlined" label={translate('app.shipments.list.lent')} />}
      {live.noLongerMatching.has(record.id) && <Chip size="small" color="warning" variant="outlined" label={translate('app.shipments.list.noLongerMatches')} />}
    </span>
  );
}

function StatusCell({ record }: { record: ShipmentRecord }) {
  return (
    <span className="grid-cell-row wrap">
      <StatusChip status={record.Status} />
      <AttentionMarks marks={record.Attention} messageDate={record.MessageDate} />
    </span>
  );
}

/** The searched AWBs that gave no row, with the spec's messages; and a failed search. */
function SearchMessages() {
  const { meta, error } = useListContext();
  const missing = (meta as ShipmentListMeta | undefined)?.missing ?? [];
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {error instanceof Error && error.message ? error.message : ShipmentMessages.searchError}
        </Alert>
      )}
      {missing.map((miss) => (
        <Alert key={`${miss.AWBPrefix}-${miss.AWBSuffix}`} severity={miss.Reason === 'notFound' ? 'info' : 'warning'} role="status" sx={{ mb: 1 }}>
          {miss.Message}
        </Alert>
      ))}
    </>
  );
}

/** The summary grid (spec 2): status on every row, sortable columns, paging, multi-select with the bulk actions. */
export function ShipmentGrid() {
  return (
    <LiveShipmentRows>
      <ShipmentTable />
    </LiveShipmentRows>
  );
}

interface ShipmentColumn {
  source: keyof ShipmentRecord & string;
  label: string;
  render?: (record: ShipmentRecord) => ReactNode;
  align?: 'right';
  disableSort?: boolean;
}

/** The grid's columns, in order: the table and the column chooser both read them. */
const COLUMNS: ShipmentColumn[] = [
  { source: 'AWBNumber', label: 'app.shipments.fields.AWBNumber', render: (record) => <AwbCell record={record} /> },
  { source: 'Status', label: 'app.shipments.fields.Status', render: (record) => <StatusCell record={record} /> },
  { source: 'Origin', label: 'app.shipments.fields.Origin' },
  { source: 'Destination', label: 'app.shipments.fields.Destination' },
  { source: 'FlightNo', label: 'app.shipments.fields.FlightNo', disableSort: true },
  { source: 'FlightDate', label: 'app.shipments.fields.FlightDate', render: (record) => <span style={{ whiteSpace: 'nowrap' }}>{record.FlightDate}</span> },
  { source: 'STD', label: 'app.shipments.list.stdUtc', render: (record) => dateTime(record.STD) },
  { source: 'MessageDate', label: 'app.shipments.list.messageDateUtc', render: (record) => dateTime(record.MessageDate) },
  { source: 'Pieces', label: 'app.shipments.fields.Pieces', align: 'right' },
  { source: 'Weight', label: 'app.shipments.fields.Weight', align: 'right', render: (record) => record.Weight.toFixed(1) },
  {
    source: 'SpecialHandlingCodes',
    label: 'app.shipments.fields.SpecialHandlingCodes',
    disableSort: true,
    render: (record) => record.SpecialHandlingCodes.join('/'),
  },
];

/**
 * The table's columns as elements, made once: new elements with every render of the table made every row render
 * again (react-admin's rows are memoised on their props), with each page, live change or list state (issue 16).
 */
const COLUMN_ELEMENTS = COLUMNS.map(({ source, ...column }) => <Col key={source} source={source} {...column} />);

/** The style of a row that no longer matches the search but is kept in place (LiveShipmentRows); of any other. */
const KEPT_ROW_SX = { opacity: 0.75 } as const;
const ROW_SX = {} as const;

/**
 * Columns: a switch per column to show or hide it, and Reset, kept where the table reads them (react-admin's store).
 * The menu mounts when first opened: react-admin's ColumnsButton kept its column list (some 140 elements) mounted and
 * hidden from the start, rendered again with every page of rows (issue 16).
 */
function ColumnChooser() {
  const translate = useTranslate();
  const [hidden, setHidden] = useStore<string[]>(SHIPMENT_COLUMNS_STORE, HIDDEN_BY_DEFAULT);
  const [, setRanks] = useStore<number[] | undefined>(`${SHIPMENT_COLUMNS_STORE}_columnRanks`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewWeekIcon />}
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
      >
        {translate('ra.action.select_columns', { _: 'Columns' })}
      </Button>
      {opened && (
        <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
          <FormGroup sx={{ px: 2, pt: 1, minWidth: 200 }}>
            {COLUMNS.map(({ source, label }) => (
              <FormControlLabel
                key={source}
                label={translate(label)}
                control={
                  <Switch
                    size="small"
                    checked={!hidden.includes(source)}
                    onChange={(event) => setHidden(event.target.checked ? hidden.filter((column) => column !== source) : [...hidden, source])}
                  />
                }
              />
            ))}
          </FormGroup>
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button
              size="small"
              onClick={() => {
                setRanks(undefined);
                setHidden(HIDDEN_BY_DEFAULT);
              }}
            >
              {translate('ra.action.reset', { _: 'Reset' })}
            </Button>
          </Box>
        </Popover>
      )}
    </>
  );
}

function ShipmentTable() {
  const basename = useBasename();
  const live = useLiveRows();
  const flashColor = alpha(useTheme().palette.warning.light, 0.45);
  // Stable callbacks, and the same style object for every row without a style of its own: react-admin's rows render
  // again when either changes.
  const rowClick = useCallback((id: Identifier) => `${basename}/shipment/details/${id}`, [basename]);
  const rowSx = useCallback(
    (record: ShipmentRecord) =>
      live.flashing.has(String(record.id))
        ? {
            '--live-flash': flashColor,
            animation: `${flash} ${ROW_FLASH_MS}ms ease-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }
        : live.noLongerMatching.has(String(record.id))
          ? KEPT_ROW_SX
          : ROW_SX,
    [live, flashColor],
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      <SearchMessages />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ColumnChooser />
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable
          storeKey={SHIPMENT_COLUMNS_STORE}
          hiddenColumns={HIDDEN_BY_DEFAULT}
          size="small"
          bulkActionButtons={<ShipmentBulkActions />}
          rowClick={rowClick}
          rowSx={rowSx}
          empty={<EmptyState text="app.shipments.list.empty" />}
          sx={{
            '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
            '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
            // react-admin slides the bulk actions over a list toolbar this page does not have; inside the
            // scrolling box they would be clipped out of sight (and focus), so they take their own row.
            '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': { position: 'relative', transform: 'none' },
            // Its fixed height let the buttons spill over the table's header where they do not fit on one line (991 px
            // and less, issue 36, 1): the bar grows, its buttons wrap inside it.
            '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed), & .RaBulkActionsToolbar-topToolbar': {
              height: 'auto',
              flexWrap: 'wrap',
              rowGap: 0.5,
            },
          }}
        >
          {COLUMN_ELEMENTS}
        </DataTable>
      </Box>
      <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />
    </Box>
  );
}
