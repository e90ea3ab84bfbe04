import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';
import { userApiRoutes } from './api/userapi';
import { bulletinRoutes } from './api/bulletins';
import { mobileApiRoutes } from './api/mobileapi';
import { userConsentRoutes } from './api/userConsent';
import { clientLoggingRoutes } from './api/clientLogging';
import { regionLookupRoutes } from './api/regionLookup';
import { passwordResetRoutes } from './api/passwordReset';
import { tokenHandoverRoutes } from './api/tokenHandover';
import { userManagementRoutes } from './users';
import { ruleListRoutes } from './ruleLists';
import { awbApiRoutes } from './shipments/routes';
import { complianceRoutes } from './compliance/routes';
import { outboundRoutes } from './compliance/outboundRoutes';
import { sanctionSourceRoutes } from './sanctionSources/routes';
import { rescreenRoutes } from './compliance/rescreenRoutes';
import { actionLoggingRoutes } from './logs/actionLoggingRoutes';
import { shipmentLogRoutes } from './logs/shipmentLogRoutes';
import { liveEventRoutes } from './live/routes';
import { oneRecordRoutes } from './oneRecord/routes';
import type { ClassicRoutes } from './classic/routes';

/**
 * Every feature's routes, in one place: an API-host plugin is mounted at its prefix; a classic
 * plugin is mounted under /classicapi behind the envelope and authentication hooks.
 * Adding a feature is one line in one of these lists.
 */
export const apiRoutePlugins: readonly { prefix: string; plugin: FastifyPluginAsync<{ ctx: AppContext }> }[] = [
  { prefix: '/userapi', plugin: userApiRoutes },
  { prefix: '/userapi', plugin: bulletinRoutes },
  { prefix: '/mobileapi', plugin: mobileApiRoutes },
  { prefix: '/mobileapi', plugin: userConsentRoutes },
  { prefix: '/logapi', plugin: clientLoggingRoutes },
  { prefix: '/awbapi', plugin: awbApiRoutes },
  { prefix: '/awbapi', plugin: complianceRoutes },
  { prefix: '/awbapi', plugin: liveEventRoutes },
  { prefix: '/logapi', plugin: actionLoggingRoutes },
  { prefix: '/api', plugin: regionLookupRoutes },
  { prefix: '/api', plugin: passwordResetRoutes },
  { prefix: '/api', plugin: tokenHandoverRoutes },
  { prefix: '/onerecord', plugin: oneRecordRoutes },
];

export const classicRoutePlugins: readonly ClassicRoutes[] = [
  userManagementRoutes,
  ruleListRoutes,
  shipmentLogRoutes,
  outboundRoutes,
  rescreenRoutes,
  sanctionSourceRoutes,
];
