import { useState } from 'react';
import { Menu, MenuItem } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { Button, useNotify, useTranslate } from 'react-admin';
import { PRINT_KINDS, type PrintKind } from '../../../domain/shipmentDocuments';
import { openInWindow } from '../files';
import { useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import { useShipmentApi } from '../useShipmentApi';

/** Printing (spec 2): laser, PDF neutral, neutral, consol manifest, cargo receipt, eCSD; each opens as a PDF in a new window. */
export function PrintMenu({ shipmentId }: { shipmentId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  async function print(kind: PrintKind) {
    setAnchor(null);
    try {
      await openInWindow(api, { Kind: 'print', ShipmentId: shipmentId, PrintKind: kind });
    } catch (error) {
      report({ action: `Print ${kind}`, shipmentId, error });
      const failure = failureMessage(error, translate('app.shipments.print.failed'));
      if (!failure.handled) notify(failure.message, { type: 'warning' });
    }
  }

  return (
    <>
      <Button label="app.shipments.actions.print" onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" aria-expanded={!!anchor}>
        <PrintIcon />
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {PRINT_KINDS.map((kind) => (
          <MenuItem key={kind} onClick={() => print(kind)}>
            {translate(`app.shipments.print.${kind}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
