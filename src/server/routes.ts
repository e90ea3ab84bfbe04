import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';
import { userApiRoutes } from './api/userapi';
import { mobileApiRoutes } from './api/mobileapi';
import type { ClassicRoutes } from './classic/routes';

/**
 * Every feature's routes, in one place: an API-host plugin is mounted at its prefix; a classic
 * plugin is mounted under /classicapi behind the envelope and authentication hooks.
 * Adding a feature is one line in one of these lists.
 */
export const apiRoutePlugins: readonly { prefix: string; plugin: FastifyPluginAsync<{ ctx: AppContext }> }[] = [
  { prefix: '/userapi', plugin: userApiRoutes },
  { prefix: '/mobileapi', plugin: mobileApiRoutes },
];

export const classicRoutePlugins: readonly ClassicRoutes[] = [];
