import { ruleListPlugins } from '../../../plugins';
import type { RuleListPlugin } from '../../../plugins/types';
import type { Db } from '../db/database';

/**
 * The rule lists whose plugins declare effects (plugins/*.ts, `effects`) that the server reads for
 * the rules engine: the registry's, and those of any other registry an app serves on its database
 * (ruleListCrudRoutes registers them with the app context's database: a list a test app serves is
 * a list its engine reads, and no other app's). Kept by database, not by process, so two apps in
 * one process do not see each other's lists; carrierRules reads them by the database it is given.
 */

const servedBy = new WeakMap<Db, Map<string, RuleListPlugin>>();

function hasEffects(plugin: RuleListPlugin): boolean {
  return (plugin.effects?.length ?? 0) > 0;
}

/** Makes the engine of the app on this database read the served plugins that declare effects. */
export function registerEffectLists(db: Db, plugins: readonly RuleListPlugin[]): void {
  let served = servedBy.get(db);
  if (!served) {
    served = new Map();
    servedBy.set(db, served);
  }
  for (const plugin of plugins) if (hasEffects(plugin)) served.set(plugin.name, plugin);
}

/** Every plugin with effects the engine reads on this database, the registry's first, in its order. */
export function effectPlugins(db: Db): RuleListPlugin[] {
  const plugins = ruleListPlugins.filter(hasEffects);
  for (const plugin of servedBy.get(db)?.values() ?? []) if (!plugins.some((known) => known.name === plugin.name)) plugins.push(plugin);
  return plugins;
}
