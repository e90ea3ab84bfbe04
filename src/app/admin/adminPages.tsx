import type { ReactElement } from 'react';
import { ruleListPlugins } from '../../../plugins';
import type { AppRoute } from '../routing/routes';
import { BlankEmptyPage, EmptyPage } from './PageFrame';

/**
 * The element of each signed-in page, by route name. Pages that later issues build show their
 * frame, title and empty state until then; each later issue replaces one line here.
 */
const pages: Record<string, ReactElement> = {
  bulletin: <EmptyPage title="app.page.bulletin" empty="app.empty.bulletin" />,
  changePassword: <EmptyPage title="app.page.changePassword" empty="app.empty.changePassword" />,
  shipment: <EmptyPage title="app.page.shipment" empty="app.empty.shipment" />,
  shipmentDetails: <EmptyPage title="app.page.shipmentDetails" empty="app.empty.shipmentDetails" />,
  shipmentLog: <EmptyPage title="app.page.shipmentLog" empty="app.empty.shipmentLog" />,
  userManagement: <EmptyPage title="app.page.userManagement" empty="app.empty.userManagement" />,
  userManagementAdd: <EmptyPage title="app.page.userManagementAdd" empty="app.empty.userForm" />,
  userManagementEdit: <EmptyPage title="app.page.userManagementEdit" empty="app.empty.userForm" />,
  awbDetail: <BlankEmptyPage title="app.page.awbDetail" empty="app.empty.awbDetail" />,
  awbDetailSanction: <BlankEmptyPage title="app.page.awbDetailSanction" empty="app.empty.awbDetail" />,
  userlog: <EmptyPage title="app.page.userlog" empty="app.empty.shipmentLog" />,
  adminlistimport: <EmptyPage title="app.page.adminlistimport" empty="app.empty.ruleList" />,
  adminlistcontrol: <EmptyPage title="app.page.adminlistcontrol" empty="app.empty.ruleList" />,
  ...Object.fromEntries(ruleListPlugins.map((plugin) => [plugin.name, <EmptyPage title={`app.ruleList.${plugin.name}`} empty="app.empty.ruleList" />])),
};

export function adminPageElement(route: AppRoute): ReactElement {
  const element = pages[route.name];
  if (!element) throw new Error(`No page for route "${route.name}"`);
  return element;
}
