import type { FastifyInstance } from 'fastify';
import { ruleListPlugins } from '../../../plugins';
import { assertValidRegistry } from '../../../plugins/checkPlugins';
import type { RuleListPlugin } from '../../../plugins/types';
import { registerEffectLists } from '../compliance/effectLists';
import type { AppContext } from '../context';
import { requireFunction } from '../http/requireFunction';
import { ruleListActionRoutes } from './actionRoutes';
import { ruleListOverviewRoutes } from './overviewRoutes';
import { ruleListRestoreRoutes } from './restoreRoutes';
import { ruleListRowRoutes } from './rowRoutes';
import { ruleListTransferRoutes } from './transferRoutes';
import { ruleListUserLogRoutes } from './userLogRoutes';

/**
 * Routes generated from the rule-list plugins, under the classic envelope API: for each plugin,
 * /classicapi/{name} (simple-rest CRUD), /import, /export, /template, /userlog (and its restore) and its actions,
 * all behind the plugin's function permission; and /classicapi/rulelists, the overview.
 */
export function ruleListCrudRoutes(plugins: readonly RuleListPlugin[]) {
  assertValidRegistry(plugins);
  return async function crudRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
    // The lists served here that declare effects are read by this app's rules engine.
    registerEffectLists(ctx.db, plugins);
    for (const plugin of plugins) {
      await app.register(
        async (list) => {
          list.addHook('preHandler', requireFunction(ctx, plugin.functionId));
          await list.register(ruleListRowRoutes(plugin), { ctx });
          await list.register(ruleListTransferRoutes(plugin), { ctx });
          await list.register(ruleListUserLogRoutes(plugin), { ctx });
          await list.register(ruleListActionRoutes(plugin), { ctx });
          await list.register(ruleListRestoreRoutes(plugin), { ctx });
        },
        { prefix: `/${plugin.name}` },
      );
    }
  };
}

/** Every list of the registry, and the overview of them. */
export async function ruleListRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  await app.register(ruleListCrudRoutes(ruleListPlugins), { ctx });
  await app.register(ruleListOverviewRoutes(ruleListPlugins), { ctx, prefix: '/rulelists' });
}
