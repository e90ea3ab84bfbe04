import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { ruleListPlugins } from '../../../plugins';
import type { AppRoute } from '../routing/routes';
import { ShipmentPage } from '../shipments/ShipmentPage';
import { ShipmentDetailPage } from '../shipments/detail/ShipmentDetailPage';
import { LoadingBox } from './LoadingBox';

/**
 * The element of each signed-in page, by route name (routing/routes.ts holds their paths and meta
 * flags). The landing page (shipment) and the screen opened most from it (a shipment's detail) come
 * with the shell; every other page is a chunk of its own, fetched when first opened, with a spinner
 * meanwhile. (Lazily loaded, the detail page opened measurably later in the bench, to save 12 KB.)
 */

/** One lazily loaded page component: `load` imports its module, `name` is the export. */
function lazyPage<Module, Props extends object = object>(load: () => Promise<Module>, name: keyof Module): ComponentType<Props> {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType<Props> }));
  // biome-ignore lint/correctness/noComponentHookFactories: lazyPage is called only at module level, once per page, so each page component is created once and keeps its identity
  function LazyPage(props: Props) {
    return (
      <Suspense fallback={<LoadingBox />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}

const loadBlankWindows = () => import('../shipments/BlankWindows');
const loadUsers = () => import('../users');

const AwbDetailWindow = lazyPage(loadBlankWindows, 'AwbDetailWindow');
const AwbSanctionWindow = lazyPage(loadBlankWindows, 'AwbSanctionWindow');
const BulletinPage = lazyPage(() => import('../bulletin/BulletinPage'), 'BulletinPage');
const ChangePasswordPage = lazyPage(() => import('./password/ChangePasswordPage'), 'ChangePasswordPage');
const ShipmentLogPage = lazyPage(() => import('../shipmentLog/ShipmentLogPage'), 'ShipmentLogPage');
const UserList = lazyPage(loadUsers, 'UserList');
const UserCreate = lazyPage(loadUsers, 'UserCreate');
const UserEdit = lazyPage(loadUsers, 'UserEdit');
const IpRangesPage = lazyPage(loadUsers, 'IpRangesPage');
const OneRecordClientsPage = lazyPage(loadUsers, 'OneRecordClientsPage');
const UserAuditPage = lazyPage(loadUsers, 'UserAuditPage');
const UserLogPage = lazyPage(() => import('../ruleLists/UserLogPage'), 'UserLogPage');
const ImportPage = lazyPage(() => import('../ruleLists/ImportPage'), 'ImportPage');
const ListControlPage = lazyPage(() => import('../ruleLists/ListControlPage'), 'ListControlPage');
const RuleListPage = lazyPage<typeof import('../ruleLists/RuleListPage'), { name: string }>(() => import('../ruleLists/RuleListPage'), 'RuleListPage');
const SanctionCheckPage = lazyPage(() => import('../compliance/SanctionCheckPage'), 'SanctionCheckPage');
const OutboundMessagesPage = lazyPage(() => import('../compliance/OutboundMessagesPage'), 'OutboundMessagesPage');
const ShipmentMessagesPage = lazyPage(() => import('../compliance/ShipmentMessagesPage'), 'ShipmentMessagesPage');
const SanctionSourcesPage = lazyPage(() => import('../sanctionSources/SanctionSourcesPage'), 'SanctionSourcesPage');

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
  userManagementOneRecordClients: <OneRecordClientsPage />,
  userManagementAudit: <UserAuditPage />,
  awbDetail: <AwbDetailWindow />,
  awbDetailSanction: <AwbSanctionWindow />,
  userlog: <UserLogPage />,
  adminlistimport: <ImportPage />,
  adminlistcontrol: <ListControlPage />,
  sanctioncheck: <SanctionCheckPage />,
  outboundmessages: <OutboundMessagesPage />,
  shipmentmessages: <ShipmentMessagesPage />,
  sanctionsources: <SanctionSourcesPage />,
};
for (const plugin of ruleListPlugins) pages[plugin.name] = <RuleListPage name={plugin.name} />;

export function adminPageElement(route: AppRoute): ReactElement {
  const element = pages[route.name];
  if (!element) throw new Error(`No page for route "${route.name}"`);
  return element;
}
