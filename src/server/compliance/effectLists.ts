import { ruleListPlugins } from '../../../plugins';
import type { RuleListPlugin } from '../../../plugins/types';

/**
 * The rule lists whose plugins declare effects (plugins/*.ts, `effects`): the rules engine reads
 * their rows like the built-in lists', and a change of one re-screens open shipments. They are the
 * registry's, and those of any other registry the server serves (ruleListCrudRoutes registers them:
 * a list a test serves is a list its engine reads), so no engine file names a list.
 */

const served = new Map<string, RuleListPlugin>();

function hasEffects(plugin: RuleListPlugin): boolean {
  return (plugin.effects?.length ?? 0) > 0;
}

/** Makes the engine read the served plugins that declare effects. */
export function registerEffectLists(plugins: readonly RuleListPlugin[]): void {
  for (const plugin of plugins) if (hasEffects(plugin)) served.set(plugin.name, plugin);
}

/** Every plugin with effects, the registry's first, in its order. */
export function effectPlugins(): RuleListPlugin[] {
  const plugins = ruleListPlugins.filter(hasEffects);
  for (const plugin of served.values()) if (!plugins.some((known) => known.name === plugin.name)) plugins.push(plugin);
  return plugins;
}

/** Whether a list (by name) declares effects the engine evaluates. */
export function listHasEffects(name: string): boolean {
  return effectPlugins().some((plugin) => plugin.name === name);
}
