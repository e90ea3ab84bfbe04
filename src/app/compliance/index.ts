export { SanctionCheckPage } from './SanctionCheckPage';
export { OutboundMessagesPage } from './OutboundMessagesPage';
export { ShipmentMessagesPage } from './ShipmentMessagesPage';
export { RescreenProgress } from './RescreenProgress';
