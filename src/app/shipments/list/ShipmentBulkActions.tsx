import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Done';
import BlockIcon from '@mui/icons-material/Block';
import SendIcon from '@mui/icons-material/Send';
import ShareIcon from '@mui/icons-material/Share';
import { Button, useListContext, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { sessionStore } from '../../../../dataProviders/sessionStore';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { companyMayDecide } from '../../../domain/shipmentStatus';
import { SEND_TARGETS, type SendTarget } from '../../../domain/shipmentWire';
import { AcceptDialog, type DecisionTarget } from '../dialogs/AcceptDialog';
import { OutcomeDialog } from '../dialogs/OutcomeDialog';
import { RejectDialog } from '../dialogs/RejectDialog';
import { SendDialog } from '../dialogs/SendDialog';
import { SendMenu, type LeftOut } from '../dialogs/SendMenu';
import { ShareDialog } from '../dialogs/ShareDialog';
import type { ShipmentOutcome } from '../outcomes';
import type { ShipmentRecord } from '../shipmentDataProvider';
import { useSeenShipment } from '../seenShipments';

/** Accept Selected, Reject Selected, Send ACAS / ACI / Terminal / CSS, Share AWB (spec 2), each AWB reporting its own outcome. */
export function ShipmentBulkActions() {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('shipments');
  const seen = useSeenShipment();
  const { selectedIds } = useListContext();
  const [dialog, setDialog] = useState<'accept' | 'reject' | 'share' | SendTarget>();
  const [sendMenu, setSendMenu] = useState<HTMLElement | null>(null);
  const [sending, setSending] = useState<{ sendable: DecisionTarget[]; leftOut: LeftOut[] }>();
  const [outcomes, setOutcomes] = useState<{ title: string; list: ShipmentOutcome[] }>();
  const decider = companyMayDecide(sessionStore.get()?.companyTypeId ?? 0);

  const records = selectedIds.map((id) => seen(String(id))).filter((record): record is ShipmentRecord => !!record);
  const lent = records.filter((record) => record.IsLent);
  const targets: DecisionTarget[] = records
    .filter((record) => !record.IsLent)
    .map((record) => ({ id: record.id, awb: record.AWBNumber, updateDt: record.UpdateDT }));

  function open(kind: NonNullable<typeof dialog>) {
    if (targets.length === 0) {
      notify(lent.length > 0 ? ShipmentMessages.awbLent : ShipmentMessages.noShipmentSelected, { type: 'warning' });
      return;
    }
    if (lent.length > 0) notify('app.shipments.bulk.lentSkipped', { type: 'info', messageArgs: { awbs: lent.map((record) => record.AWBNumber).join(', ') } });
    setDialog(kind);
  }

  function finished(title: string) {
    return (list: ShipmentOutcome[]) => {
      setDialog(undefined);
      setOutcomes({ title, list });
      unselectAll();
      refresh();
    };
  }

  const sendTarget = dialog && (SEND_TARGETS as readonly string[]).includes(dialog) ? (dialog as SendTarget) : undefined;
  return (
    <>
      {decider && (
        <>
          <Button label="app.shipments.bulk.accept" onClick={() => open('accept')}>
            <CheckIcon />
          </Button>
          <Button label="app.shipments.bulk.reject" onClick={() => open('reject')}>
            <BlockIcon />
          </Button>
          <Button label="app.shipments.bulk.send" onClick={(event) => setSendMenu(event.currentTarget)} aria-haspopup="menu" aria-expanded={!!sendMenu}>
            <SendIcon />
          </Button>
          <SendMenu
            anchor={sendMenu}
            shipments={targets}
            onClose={() => setSendMenu(null)}
            onChoose={(target, sendable, leftOut) => {
              setSendMenu(null);
              setSending({ sendable, leftOut });
              open(target);
            }}
          />
        </>
      )}
      <Button label="app.shipments.bulk.share" onClick={() => open('share')}>
        <ShareIcon />
      </Button>
      <AcceptDialog
        targets={dialog === 'accept' ? targets : undefined}
        onClose={() => setDialog(undefined)}
        onDone={finished('app.shipments.bulk.acceptOutcome')}
      />
      <RejectDialog
        targets={dialog === 'reject' ? targets : undefined}
        onClose={() => setDialog(undefined)}
        onDone={finished('app.shipments.bulk.rejectOutcome')}
      />
      <SendDialog
        target={sendTarget}
        shipments={sending?.sendable ?? targets}
        leftOut={sending?.leftOut}
        onClose={() => setDialog(undefined)}
        onDone={finished('app.shipments.bulk.sendOutcome')}
      />
      <ShareDialog shipments={dialog === 'share' ? targets : undefined} onClose={() => setDialog(undefined)} />
      <OutcomeDialog title={outcomes?.title ?? ''} outcomes={outcomes?.list} onClose={() => setOutcomes(undefined)} />
    </>
  );
}
