import { useMemo } from 'react';
import { Box, Card, CardContent } from '@mui/material';
import { DataProviderContext, ListBase, useDataProvider } from 'react-admin';
import { DEFAULT_DB_OPTIONS } from '../../domain/shipmentWire';
import { PageFrame } from '../admin/PageFrame';
import { AwbTagSearch } from './list/AwbTagSearch';
import { ShipmentFilters } from './list/ShipmentFilters';
import { ShipmentGrid } from './list/ShipmentGrid';
import { ShipmentOverview } from './overview/ShipmentOverview';
import { SeenShipmentsContext } from './seenShipments';
import { createShipmentDataProvider } from './shipmentDataProvider';
import { useShipmentApi } from './useShipmentApi';

/**
 * shipment (function 81), the default landing page: the overview chart, the AWB search with its
 * tags and filters, and the summary grid. The `shipments` resource reads POST awbapi/awbsummary.
 */
export function ShipmentPage() {
  const api = useShipmentApi();
  const base = useDataProvider();
  const provider = useMemo(() => createShipmentDataProvider(api, base), [api, base]);
  return (
    <PageFrame title="app.page.shipment">
      {/* A grid column of minmax(0, 1fr): wide tables scroll inside the page instead of widening it. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <ShipmentOverview />
        <DataProviderContext.Provider value={provider}>
          <SeenShipmentsContext.Provider value={provider.seen}>
            <ListBase
              resource="shipments"
              sort={{ field: DEFAULT_DB_OPTIONS.FieldName, order: DEFAULT_DB_OPTIONS.OrderBy }}
              perPage={DEFAULT_DB_OPTIONS.PageSize}
              storeKey="shipments.summary"
            >
              <Card variant="outlined" sx={{ minWidth: 0 }}>
                <CardContent>
                  <AwbTagSearch />
                  <ShipmentFilters />
                  <ShipmentGrid />
                </CardContent>
              </Card>
            </ListBase>
          </SeenShipmentsContext.Provider>
        </DataProviderContext.Provider>
      </Box>
    </PageFrame>
  );
}
