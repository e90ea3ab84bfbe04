import { Alert, Box, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import { Button, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ShipmentMessages } from '../../domain/shipmentMessages';
import { SHIPMENT_ID_PATTERN, type AwbDetail } from '../../domain/shipmentWire';
import { LoadingBox } from '../admin/LoadingBox';
import { BlockHeadingLevel, DetailBlocks } from './detail/DetailBlocks';
import { DocumentsTab } from './detail/DocumentsTab';
import { HistoryTab } from './detail/HistoryTab';
import { EyeballTab } from './detail/EyeballTab';
import { RefusedDetail } from './detail/RefusedDetail';
import { SanctionPanel } from './sanction/SanctionPanel';
import { useHandlingLock } from './detail/useHandlingLock';
import { useShipmentFailureLog } from './failureLog';
import { StatusChip } from './list/StatusChip';
import { useShipmentApi, useShipmentDetail } from './useShipmentApi';
import { HeldByAlert } from './detail/HeldByAlert';

/** The blank page layouts awb/awbdetail and awb/awbdetail/sanction (spec 2): a shipment in a window of its own, ready to print. */

function useShipmentIdParam(): string | undefined {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return SHIPMENT_ID_PATTERN.test(id) ? id : undefined;
}

function WindowFrame({
  title,
  awb,
  status,
  shipmentId,
  docType,
  children,
}: {
  title: string;
  awb?: string;
  status?: string;
  shipmentId?: string;
  docType: string;
  children: React.ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  function print() {
    // Printing happens in the browser alone: the browser logs it (CONTRACTS.md "Logs").
    if (shipmentId) {
      api
        .logAction({ ActType: 'Print', DocType: docType, ShipmentID: shipmentId, isLogTransactionHistory: true, strRemk: translate(title) })
        .catch((error: unknown) => {
          report({ action: `Print log of ${translate(title)}`, shipmentId, awb, error });
          notify('app.shipments.print.notLogged', { type: 'warning' });
        });
    }
    window.print();
  }
  return (
    <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', p: 3, '@media print': { p: 0 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {translate(title)}
          {awb ? ` — ${awb}` : ''}
        </Typography>
        {status && <StatusChip status={status} size="medium" />}
        {shipmentId && (
          <Box sx={{ '@media print': { display: 'none' } }}>
            <Button label="app.shipments.actions.print" onClick={print} variant="outlined">
              <PrintIcon />
            </Button>
          </Box>
        )}
      </Stack>
      <BlockHeadingLevel.Provider value="h2">{children}</BlockHeadingLevel.Provider>
    </Box>
  );
}

/**
 * The detail call took the handling lock, as on the detail page: this renews it while the window is
 * open and releases it when the window closes or moves on (the same hook as the detail page).
 */
function HandlingLockNotice({ detail }: { detail: AwbDetail }) {
  const api = useShipmentApi();
  const heldBy = useHandlingLock(api, detail.ShipmentId, detail.Handling)?.HeldBy;
  return <HeldByAlert heldBy={heldBy} />;
}

export function AwbDetailWindow() {
  const id = useShipmentIdParam();
  const detail = useShipmentDetail(id);
  return (
    <WindowFrame title="app.page.awbDetail" awb={detail.data?.AWBNumber} status={detail.data?.Status} shipmentId={detail.data?.ShipmentId} docType="AWB">
      {!id ? (
        <Alert severity="info">{ShipmentMessages.recordNotFound}</Alert>
      ) : detail.isPending ? (
        <LoadingBox />
      ) : detail.isError ? (
        <RefusedDetail error={detail.error} />
      ) : (
        <Stack spacing={2}>
          <HandlingLockNotice detail={detail.data} />
          <DetailBlocks detail={detail.data} />
          <DocumentsTab detail={detail.data} />
          <HistoryTab history={detail.data.History} />
        </Stack>
      )}
    </WindowFrame>
  );
}

export function AwbSanctionWindow() {
  const api = useShipmentApi();
  const id = useShipmentIdParam();
  const sanction = useQuery({
    queryKey: ['awbapi', 'sanction', id],
    queryFn: () => api.sanction(id!),
    enabled: !!id,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (
    <WindowFrame
      title="app.page.awbDetailSanction"
      awb={sanction.data?.AWBNumber}
      status={sanction.data?.Status}
      shipmentId={sanction.data?.ShipmentId}
      docType="Sanction"
    >
      {!id ? (
        <Alert severity="info">{ShipmentMessages.recordNotFound}</Alert>
      ) : sanction.isPending ? (
        <LoadingBox />
      ) : sanction.isError ? (
        <RefusedDetail error={sanction.error} />
      ) : (
        <Stack spacing={2}>
          <SanctionPanel shipmentId={sanction.data.ShipmentId} />
          <EyeballTab eyeball={sanction.data.Eyeball} status={sanction.data.Status} canMark={false} />
        </Stack>
      )}
    </WindowFrame>
  );
}
