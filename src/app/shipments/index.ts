export { ShipmentPage } from './ShipmentPage';
export { ShipmentDetailPage } from './detail/ShipmentDetailPage';
export { AwbDetailWindow, AwbSanctionWindow } from './BlankWindows';
