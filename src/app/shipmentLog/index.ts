export { ShipmentLogPage } from './ShipmentLogPage';
