import { useState } from 'react';
import { Alert } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { Button, useTranslate } from 'react-admin';
import { utcDateTime } from '../../../domain/dateRange';
import type { ShipmentLending } from '../../../domain/lending';
import type { DecisionTarget } from '../dialogs/AcceptDialog';
import { companyLabel } from '../dialogs/LendDialog';
import { TakeBackDialog } from '../dialogs/TakeBackDialog';

/** The owner's view of its lendings: "Lent to X since DATE by USER", each with its Take back (and the confirmation). */
export function LendingLines({
  target,
  lendings,
  canTakeBack,
  onTakenBack,
  onStale,
}: {
  target: DecisionTarget;
  lendings: readonly ShipmentLending[];
  canTakeBack: boolean;
  onTakenBack(lending: ShipmentLending): void;
  onStale(message: string): void;
}) {
  const translate = useTranslate();
  const [taking, setTaking] = useState<ShipmentLending>();
  const lentTo = (lending: ShipmentLending) =>
    lending.LentByUser
      ? translate('app.shipments.lending.lentTo', { company: companyLabel(lending), since: utcDateTime(lending.LentAt), user: lending.LentByUser })
      : translate('app.shipments.lending.lentToByCompany', {
          company: companyLabel(lending),
          since: utcDateTime(lending.LentAt),
          lender: lending.LentByCompany,
        });
  return (
    <>
      {lendings.map((lending) => (
        <Alert
          key={lending.CompanyId}
          severity="info"
          action={
            <Button
              label="app.shipments.actions.takeBack"
              onClick={() => setTaking(lending)}
              disabled={!canTakeBack}
              aria-label={`${translate('app.shipments.actions.takeBack')}: ${companyLabel(lending)}`}
            >
              <UndoIcon />
            </Button>
          }
        >
          {lentTo(lending)}
        </Alert>
      ))}
      <TakeBackDialog
        target={target}
        lending={taking}
        onClose={() => setTaking(undefined)}
        onDone={(lending) => {
          setTaking(undefined);
          onTakenBack(lending);
        }}
        onStale={(message) => {
          setTaking(undefined);
          onStale(message);
        }}
      />
    </>
  );
}
