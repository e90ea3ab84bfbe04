import { Alert } from '@mui/material';
import { ApiError } from '../../../../dataProviders/httpErrors';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { StatusCode } from '../../../domain/statusCodes';

/** What a shipment call refused with, as the page shows it (not found, lent, not accessible, IP restriction). */
export function RefusedDetail({ error }: { error: unknown }) {
  if (error instanceof ApiError) {
    const severity = error.status === StatusCode.SHIPMENT_NOT_FOUND ? 'info' : error.status === StatusCode.IP_RESTRICTION ? 'error' : 'warning';
    return (
      <Alert severity={severity} role="alert">
        {error.message || ShipmentMessages.recordNotFound}
      </Alert>
    );
  }
  return null;
}
