/** The shipment detail page's chunk: loaded when opened, and fetched ahead once the list has shown. */
export const loadShipmentDetail = () => import('./detail/ShipmentDetailPage');

/** Fetches the detail page's chunk ahead (a failure is left for the page itself to show when opened). */
export function preloadShipmentDetail(): void {
  void loadShipmentDetail().catch(() => undefined);
}
