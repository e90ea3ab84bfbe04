import type { ReactElement } from 'react';
import { ruleListPlugins } from '../../../plugins';
import type { AppRoute } from '../routing/routes';
import { ChangePasswordPage } from './password/ChangePasswordPage';
import { IpRangesPage, UserAuditPage, UserCreate, UserEdit, UserList } from '../users';
import { ImportPage, ListControlPage, RuleListPage, UserLogPage } from '../ruleLists';
import { AwbDetailWindow, AwbSanctionWindow, ShipmentDetailPage, ShipmentPage } from '../shipments';
import { ShipmentLogPage } from '../shipmentLog';
import { OutboundMessagesPage, SanctionCheckPage, ShipmentMessagesPage } from '../compliance';
import { BulletinPage } from '../bulletin';

/** The element of each signed-in page, by route name (routing/routes.ts holds their paths and meta flags). */
const pages: Record<string, ReactElement> = {
  bulletin: <BulletinPage />,
  changePassword: <ChangePasswordPage />,
  shipment: <ShipmentPage />,
  shipmentDetails: <ShipmentDetailPage />,
  shipmentLog: <ShipmentLogPage />,
  userManagement: <UserList />,
  userManagementAdd: <UserCreate />,
  userManagementEdit: <UserEdit />,
  userManagementIpRanges: <IpRangesPage />,
  userManagementAudit: <UserAuditPage />,
  awbDetail: <AwbDetailWindow />,
  awbDetailSanction: <AwbSanctionWindow />,
  userlog: <UserLogPage />,
  adminlistimport: <ImportPage />,
  adminlistcontrol: <ListControlPage />,
  sanctioncheck: <SanctionCheckPage />,
  outboundmessages: <OutboundMessagesPage />,
  shipmentmessages: <ShipmentMessagesPage />,
  ...Object.fromEntries(ruleListPlugins.map((plugin) => [plugin.name, <RuleListPage name={plugin.name} />])),
};

export function adminPageElement(route: AppRoute): ReactElement {
  const element = pages[route.name];
  if (!element) throw new Error(`No page for route "${route.name}"`);
  return element;
}
