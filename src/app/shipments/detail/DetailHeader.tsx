import { useState } from 'react';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Button, useBasename, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { formatMessage } from '../../../domain/statusCodes';
import { APP_BASE } from '../../routing/paths';
import { StatusChip } from '../list/StatusChip';
import { failureMessage } from '../outcomes';
import { lastSearch } from '../searchCriteria';
import { useShipmentApi } from '../useShipmentApi';

/** The detail's heading: back to the list, the AWB with its status, previous / next result (searchnext), the blank window. */
export function DetailHeader({ shipmentId, awb, status, checkDigitValid }: { shipmentId: string; awb?: string; status?: string; checkDigitValid?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const api = useShipmentApi();
  const [moving, setMoving] = useState(false);

  async function move(direction: 'next' | 'previous') {
    setMoving(true);
    try {
      const search = lastSearch();
      const next = await api.searchNext({
        ShipmentId: shipmentId,
        Direction: direction,
        FieldName: search.field,
        OrderBy: search.order,
        AWBs: search.awbs,
        filters: search.filters as Record<string, string | string[] | undefined>,
      });
      if (next) navigate(`${basename}/shipment/details/${next.ShipmentId}`);
      else notify(direction === 'next' ? 'app.shipments.detail.lastResult' : 'app.shipments.detail.firstResult', { type: 'info' });
    } catch (error) {
      const failure = failureMessage(error, ShipmentMessages.searchError);
      if (!failure.handled) notify(failure.message, { type: 'warning' });
    } finally {
      setMoving(false);
    }
  }

  return (
    // Where the two groups do not fit side by side (767 px with the menu open), the walking buttons go below: the AWB
    // number never wraps (issue 36, 5).
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button label="app.shipments.detail.backToList" onClick={() => navigate(`${basename}/shipment`)}>
          <ArrowBackIcon />
        </Button>
        {awb && (
          <Typography variant="h6" component="h2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {translate('app.shipments.detail.awbHeading', { awb })}
          </Typography>
        )}
        {status && <StatusChip status={status} size="medium" />}
        {awb && checkDigitValid === false && (
          <Tooltip title={formatMessage(ShipmentMessages.checkDigitMismatch, { awb })}>
            <WarningIcon color="warning" aria-label={formatMessage(ShipmentMessages.checkDigitMismatch, { awb })} />
          </Tooltip>
        )}
      </Stack>
      {/* Walking the results, and the detail window, only from a shipment that is shown: an unknown or refused one has no place in them. */}
      {awb && (
        <Box>
          <Button label="app.shipments.detail.previous" onClick={() => move('previous')} disabled={moving}>
            <NavigateBeforeIcon />
          </Button>
          <Button label="app.shipments.detail.next" onClick={() => move('next')} disabled={moving}>
            <NavigateNextIcon />
          </Button>
          <Button
            label="app.shipments.detail.openWindow"
            component="a"
            href={`${APP_BASE}${basename}/awb/awbdetail?id=${encodeURIComponent(shipmentId)}`}
            target="_blank"
            rel="noopener"
          >
            <OpenInNewIcon />
          </Button>
        </Box>
      )}
    </Stack>
  );
}
