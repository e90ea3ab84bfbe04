import { ruleListPlugins } from './index';
import type { RuleListPlugin } from './types';

/** Finding a plugin by its wire name or by the function id a page path carries. */

export function pluginByName(name: string, plugins: readonly RuleListPlugin[] = ruleListPlugins): RuleListPlugin | undefined {
  return plugins.find((plugin) => plugin.name === name);
}

export function pluginByFunctionId(functionId: number, plugins: readonly RuleListPlugin[] = ruleListPlugins): RuleListPlugin | undefined {
  return plugins.find((plugin) => plugin.functionId === functionId);
}

/** The page path of a list under /{lang}/: `countryrules/115` or `sanctionlist`. */
export function pluginPath(plugin: RuleListPlugin): string {
  return plugin.functionIdInPath ? `${plugin.route}/${plugin.functionId}` : plugin.route;
}
