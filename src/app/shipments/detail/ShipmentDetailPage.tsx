import { useState, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Stack, Tab, Tabs } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Done';
import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import ShareIcon from '@mui/icons-material/Share';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Button, useBasename, useNotify, useTranslate } from 'react-admin';
import { APP_BASE } from '../../routing/paths';
import { useParams } from 'react-router-dom';
import { heldByOtherMessage, ShipmentMessages } from '../../../domain/shipmentMessages';
import { formatMessage } from '../../../domain/statusCodes';
import { SHIPMENT_ID_PATTERN, type AwbDetail, type ShipmentDocumentRow } from '../../../domain/shipmentWire';
import { LoadingBox } from '../../admin/LoadingBox';
import { PageFrame } from '../../admin/PageFrame';
import { AcceptDialog, type DecisionTarget } from '../dialogs/AcceptDialog';
import { companyLabel, LendDialog } from '../dialogs/LendDialog';
import { MarkDialog } from '../dialogs/MarkDialog';
import { ModifyDialog } from '../dialogs/ModifyDialog';
import { RejectDialog } from '../dialogs/RejectDialog';
import { ShareDialog } from '../dialogs/ShareDialog';
import { UploadDialog } from '../dialogs/UploadDialog';
import { isDecisionNetworkFailure, useShipmentFailureLog } from '../failureLog';
import { failureMessage, type ShipmentOutcome } from '../outcomes';
import { useShipmentApi, useShipmentDetail } from '../useShipmentApi';
import { ActionButton } from './ActionButton';
import { HeldByAlert } from './HeldByAlert';
import { StaleAlert } from './StaleAlert';
import { LendingLines } from './LendingLines';
import { OneRecordChangeRequests } from './OneRecordChangeRequests';
import { DetailBlocks } from './DetailBlocks';
import { DetailHeader } from './DetailHeader';
import { DocumentsTab } from './DocumentsTab';
import { HistoryTab } from './HistoryTab';
import { NewerDataDialog } from './NewerDataDialog';
import { PrintMenu } from './PrintMenu';
import { EyeballTab } from './EyeballTab';
import { RefusedDetail } from './RefusedDetail';
import { SanctionPanel } from '../sanction/SanctionPanel';
import { useHandlingLock } from './useHandlingLock';
import { useShipmentChange } from './useShipmentChange';

const TABS = ['details', 'documents', 'history', 'eyeball', 'sanction'] as const;
type TabName = (typeof TABS)[number];

function DetailView({ detail, reloading, refresh }: { detail: AwbDetail; reloading: boolean; refresh(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const basename = useBasename();
  const handling = useHandlingLock(api, detail.ShipmentId, detail.Handling);
  const watched = useShipmentChange(api, detail.ShipmentId, detail.UpdateDT);
  // While the page reloads (after the user's own decision, too) a change it is about to show is no news.
  const change = reloading ? undefined : watched;
  const [tab, setTab] = useState<TabName>('details');
  const [dialog, setDialog] = useState<'accept' | 'reject' | 'mark' | 'modify' | 'share' | 'upload' | 'lend'>();
  const [asking, setAsking] = useState<'accept' | 'reject'>();
  /** The UpdateDT of the newer FWB/FHL data the user chose to decide on without refreshing. */
  const [decideOn, setDecideOn] = useState<string>();
  const [acceptingDocument, setAcceptingDocument] = useState(false);

  /** A decision was refused as stale: the message, until the page is reloaded. */
  const [stale, setStale] = useState<string>();
  const heldBy = handling?.HeldBy ?? null;
  const newerData = change?.IsFwbFhlUpdated ? change : undefined;
  // No decision (nor lending) while a colleague holds the shipment, nor after one was refused as stale, nor once
  // the shipment is known to have changed otherwise than by newer FWB/FHL data, until the page is reloaded (issues 22, 6, 19).
  // Newer FWB/FHL data keeps spec 4's choice: reload, or decide on the newer data (PendingUpdate).
  const changedElsewhere = !!change && !newerData;
  const can =
    heldBy || stale || changedElsewhere
      ? { ...detail.Can, Accept: false, Reject: false, Mark: false, Modify: false, AcceptDocument: false, Lend: false, TakeBack: false }
      : detail.Can;
  // Why each disabled action is disabled: what holds the page back, else the server's own reasons.
  const heldReason = heldBy && heldByOtherMessage(heldBy);
  const pageReason = heldReason || (stale || changedElsewhere ? ShipmentMessages.staleDecision : undefined);
  const why: AwbDetail['Why'] = pageReason
    ? { Accept: pageReason, Reject: pageReason, Mark: pageReason, Modify: pageReason, AcceptDocument: pageReason, Lend: pageReason, TakeBack: pageReason }
    : (detail.Why ?? {});
  const softBlock = detail.Block?.Kind === 'SOFT' && detail.Block.AppliesToMe ? detail.Block.Reason : undefined;
  // A decision is on the data the page shows; only after the user chose to decide on the newer
  // FWB/FHL data (and only on that very UpdateDT) does it carry the new UpdateDT and PendingUpdate.
  // Any other change keeps the page's UpdateDT, so the server refuses it with the refresh message.
  const onNewerData = !!newerData && decideOn === newerData.UpdateDT;
  const pageTarget: DecisionTarget = { id: detail.ShipmentId, awb: detail.AWBNumber, updateDt: detail.UpdateDT, softBlock };
  const target: DecisionTarget = onNewerData ? { ...pageTarget, updateDt: newerData.UpdateDT, pendingUpdate: true } : pageTarget;

  function decide(kind: 'accept' | 'reject') {
    if (newerData && !onNewerData) setAsking(kind);
    else setDialog(kind);
  }

  function decided(success: string) {
    return ([outcome]: ShipmentOutcome[]) => {
      setDialog(undefined);
      if (outcome.ok) {
        notify(success, { type: 'success' });
        setStale(undefined);
        refresh();
      } else if (outcome.reason === 'stale') {
        setStale(outcome.message);
      } else {
        notify(outcome.message, { type: 'warning', multiLine: true });
      }
    };
  }

  async function acceptDocument(document: ShipmentDocumentRow) {
    setAcceptingDocument(true);
    try {
      await api.acceptDocument({ ShipmentId: detail.ShipmentId, ShipmentDocumentID: document.ShipmentDocumentID, UpdateDT: detail.UpdateDT });
      notify('app.shipments.documents.accepted', { type: 'success', messageArgs: { name: document.FileName } });
      refresh();
    } catch (error) {
      if (isDecisionNetworkFailure(error)) report({ action: 'Accept additional document', shipmentId: detail.ShipmentId, awb: detail.AWBNumber, error });
      const failure = failureMessage(error, ShipmentMessages.acceptFail);
      if (failure.reason === 'stale') setStale(failure.message);
      else if (!failure.handled) notify(failure.message, { type: 'warning' });
    } finally {
      setAcceptingDocument(false);
    }
  }

  const awaiting = detail.Documents.filter((document) => document.AwaitingAcceptance);
  const panel = (name: TabName, content: ReactNode) => (
    <Box role="tabpanel" id={`shipment-tabpanel-${name}`} aria-labelledby={`shipment-tab-${name}`} hidden={tab !== name} sx={{ pt: 2 }}>
      {tab === name && content}
    </Box>
  );

  return (
    <>
      <DetailHeader shipmentId={detail.ShipmentId} awb={detail.AWBNumber} status={detail.Status} checkDigitValid={detail.CheckDigitValid} />
      <Stack spacing={1} sx={{ mb: 2 }}>
        <HeldByAlert heldBy={heldBy} />
        <StaleAlert
          message={stale}
          onRefresh={() => {
            setStale(undefined);
            refresh();
          }}
        />
        {!stale && change && (
          <StaleAlert
            role="status"
            message={
              newerData ? (onNewerData ? translate('app.shipments.detail.decidingOnNewerData') : ShipmentMessages.dataChanged) : ShipmentMessages.staleDecision
            }
            changedBy={change.At ? { name: change.By ?? null, at: change.At } : undefined}
            onRefresh={refresh}
          />
        )}
        {detail.Status === 'Processing' && <Alert severity="info">{ShipmentMessages.autoAcceptanceInProgress}</Alert>}
        {detail.Lendings && (
          <LendingLines
            target={pageTarget}
            lendings={detail.Lendings}
            canTakeBack={can.TakeBack}
            onTakenBack={(lending) => {
              notify('app.shipments.lending.takenBack', { type: 'success', messageArgs: { awb: detail.AWBNumber, company: companyLabel(lending) } });
              refresh();
            }}
            onStale={setStale}
          />
        )}
        <OneRecordChangeRequests target={pageTarget} canDecide={can.Modify} why={why.Modify} onDecided={refresh} onStale={setStale} />
        {detail.Block?.AppliesToMe && (
          <Alert severity={detail.Block.Kind === 'HARD' ? 'error' : 'warning'}>
            {detail.Block.Kind === 'HARD'
              ? formatMessage(ShipmentMessages.hardBlock, { reason: detail.Block.Reason })
              : formatMessage(ShipmentMessages.softBlockRemarkRequired, { reason: detail.Block.Reason })}
          </Alert>
        )}
      </Stack>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 1, '&:last-child': { pb: 1 } }}
          role="toolbar"
          aria-label={translate('app.shipments.detail.actions')}
        >
          <ActionButton label="app.shipments.actions.modify" onClick={() => setDialog('modify')} disabled={!can.Modify} why={why.Modify}>
            <EditIcon />
          </ActionButton>
          <ActionButton
            label="app.shipments.actions.accept"
            onClick={() => decide('accept')}
            disabled={!can.Accept}
            why={why.Accept}
            variant="contained"
            color="success"
          >
            <CheckIcon />
          </ActionButton>
          <ActionButton
            label="app.shipments.actions.reject"
            onClick={() => decide('reject')}
            disabled={!can.Reject}
            why={why.Reject}
            variant="outlined"
            color="error"
          >
            <BlockIcon />
          </ActionButton>
          <ActionButton
            label="app.shipments.actions.acceptDocument"
            onClick={() => (awaiting.length === 1 ? acceptDocument(awaiting[0]) : setTab('documents'))}
            disabled={!can.AcceptDocument || acceptingDocument}
            why={why.AcceptDocument}
          >
            <TaskAltIcon />
          </ActionButton>
          <ActionButton label="app.shipments.actions.mark" onClick={() => setDialog('mark')} disabled={!can.Mark} why={why.Mark}>
            <FactCheckIcon />
          </ActionButton>
          <PrintMenu shipmentId={detail.ShipmentId} />
          <Button label="app.shipments.actions.share" onClick={() => setDialog('share')}>
            <ShareIcon />
          </Button>
          {/* Lendings are told to the airline that owns the AWB only: theirs to lend. */}
          {detail.Lendings && (
            <ActionButton label="app.shipments.actions.lend" onClick={() => setDialog('lend')} disabled={!can.Lend} why={why.Lend}>
              <HandshakeIcon />
            </ActionButton>
          )}
        </CardContent>
      </Card>
      {/* Scrollable with its arrows on a phone too, where the strip is cut off (issue 36, 6). */}
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('app.shipments.detail.tabsLabel')}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            id={`shipment-tab-${name}`}
            aria-controls={`shipment-tabpanel-${name}`}
            label={
              name === 'documents'
                ? translate('app.shipments.detail.tabs.documentsCount', { count: detail.Documents.length })
                : translate(`app.shipments.detail.tabs.${name}`)
            }
          />
        ))}
      </Tabs>
      {panel('details', <DetailBlocks detail={detail} />)}
      {panel('documents', <DocumentsTab detail={{ ...detail, Can: can }} onUpload={() => setDialog('upload')} onAcceptDocument={acceptDocument} />)}
      {panel('history', <HistoryTab history={detail.History} />)}
      {panel('eyeball', <EyeballTab eyeball={detail.Eyeball} status={detail.Status} canMark={can.Mark} onMark={() => setDialog('mark')} />)}
      {panel(
        'sanction',
        <Stack spacing={1}>
          <Box>
            <Button
              label="app.shipments.detail.openWindow"
              component="a"
              href={`${APP_BASE}${basename}/awb/awbdetail/sanction?id=${encodeURIComponent(detail.ShipmentId)}`}
              target="_blank"
              rel="noopener"
            >
              <OpenInNewIcon />
            </Button>
          </Box>
          <SanctionPanel shipmentId={detail.ShipmentId} onChanged={refresh} />
        </Stack>,
      )}

      <AcceptDialog
        targets={dialog === 'accept' ? [target] : undefined}
        onClose={() => setDialog(undefined)}
        onDone={decided(translate('app.shipments.accept.doneOne', { awb: detail.AWBNumber }))}
      />
      <RejectDialog
        targets={dialog === 'reject' ? [target] : undefined}
        onClose={() => setDialog(undefined)}
        onDone={decided(translate('app.shipments.reject.doneOne', { awb: detail.AWBNumber }))}
      />
      <NewerDataDialog
        open={!!asking}
        onCancel={() => setAsking(undefined)}
        onRefresh={() => {
          setAsking(undefined);
          refresh();
        }}
        onDecideAnyway={() => {
          setDecideOn(newerData?.UpdateDT);
          setDialog(asking);
          setAsking(undefined);
        }}
      />
      <MarkDialog
        target={dialog === 'mark' ? pageTarget : undefined}
        onClose={() => setDialog(undefined)}
        onDone={() => {
          setDialog(undefined);
          notify('app.shipments.eyeball.recorded', { type: 'success' });
          refresh();
        }}
      />
      <ModifyDialog
        detail={detail}
        open={dialog === 'modify'}
        onClose={() => setDialog(undefined)}
        onDone={() => {
          setDialog(undefined);
          notify('app.shipments.modify.done', { type: 'success' });
          refresh();
        }}
      />
      <ShareDialog shipments={dialog === 'share' ? [{ id: detail.ShipmentId, awb: detail.AWBNumber }] : undefined} onClose={() => setDialog(undefined)} />
      <LendDialog
        target={dialog === 'lend' ? pageTarget : undefined}
        onClose={() => setDialog(undefined)}
        onDone={(company) => {
          setDialog(undefined);
          notify('app.shipments.lending.done', { type: 'success', messageArgs: { awb: detail.AWBNumber, company: companyLabel(company) } });
          refresh();
        }}
        onStale={(message) => {
          setDialog(undefined);
          setStale(message);
        }}
      />
      <UploadDialog
        shipment={{ id: detail.ShipmentId, awb: detail.AWBNumber }}
        open={dialog === 'upload'}
        onClose={() => setDialog(undefined)}
        onDone={(message) => {
          setDialog(undefined);
          notify(message, { type: 'success' });
          refresh();
        }}
      />
    </>
  );
}

/** shipment/details/{id}: the AWB detail with its blocks, tabs and actions (spec 2, 3, 4). */
export function ShipmentDetailPage() {
  const { id = '' } = useParams();
  const valid = SHIPMENT_ID_PATTERN.test(id);
  const detail = useShipmentDetail(id, valid);
  return (
    <PageFrame title="app.page.shipmentDetails">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {!valid ? (
          <>
            <DetailHeader shipmentId={id} />
            <Alert severity="info">{ShipmentMessages.recordNotFound}</Alert>
          </>
        ) : detail.isPending ? (
          <LoadingBox />
        ) : detail.isError ? (
          <>
            <DetailHeader shipmentId={id} />
            <RefusedDetail error={detail.error} />
          </>
        ) : (
          <DetailView detail={detail.data} reloading={detail.isFetching} refresh={() => void detail.refetch()} />
        )}
      </Box>
    </PageFrame>
  );
}
