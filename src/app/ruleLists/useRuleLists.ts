import { use } from 'react';
import type { TranslateFunction } from 'react-admin';
import type { HttpClient } from '../../../dataProviders/httpClient';
import { sessionStore } from '../../../dataProviders/sessionStore';
import { ruleListPlugins } from '../../../plugins';
import type { RuleListPlugin } from '../../../plugins/types';
import { canAccessFunction } from '../../domain/permissions';
import { pathFor } from '../routing/paths';
import { useServices } from '../services';
import { createRuleListDataProvider, type RuleListDataProvider } from './ruleListDataProvider';
import { useLanguage } from '../routing/useLanguage';

/** Shared hooks of the rule-list screens: their data provider, the lists the user may use, page paths. */

const providers = new WeakMap<HttpClient, RuleListDataProvider>();

/** One rule-list data provider per signed-in httpClient (suspends until the httpClient is loaded). */
export function useRuleListDataProvider(): RuleListDataProvider {
  const { httpClient } = use(useServices().loadAuth());
  let provider = providers.get(httpClient);
  if (!provider) {
    provider = createRuleListDataProvider(httpClient);
    providers.set(httpClient, provider);
  }
  return provider;
}

/** The plugins whose function the signed-in user holds, in menu order. */
export function usePermittedPlugins(): RuleListPlugin[] {
  const session = sessionStore.get();
  if (!session) return [];
  const permission = { menu: [...session.menuList, ...session.classicMenuList], functions: session.functionList };
  return ruleListPlugins.filter((plugin) => canAccessFunction(permission, plugin.functionId));
}

export interface RuleListPaths {
  list(plugin: RuleListPlugin): string;
  userLog(plugin: RuleListPlugin): string;
  importPage(plugin: RuleListPlugin): string;
  control: string;
}

/** Paths of the rule-list pages under the current language. */
export function useRuleListPaths(): RuleListPaths {
  const lang = useLanguage();
  return {
    list: (plugin) => pathFor(plugin.name, plugin.functionIdInPath ? { functionId: plugin.functionId } : {}, lang),
    userLog: (plugin) => pathFor('userlog', { functionId: plugin.functionId }, lang),
    importPage: (plugin) => pathFor('adminlistimport', { functionId: plugin.functionId }, lang),
    control: pathFor('adminlistcontrol', {}, lang),
  };
}

/** i18n keys of a plugin's texts, with the plugin's own words as fallback (a list added in a test has no messages). */
/** The list's name as the user reads it: its translation, or the plugin's own label. */
export function listLabel(translate: TranslateFunction, plugin: RuleListPlugin): string {
  return translate(pluginTexts(plugin).label, { _: plugin.label });
}

export function pluginTexts(plugin: RuleListPlugin) {
  return {
    label: `app.ruleList.${plugin.name}`,
    field: (source: string) => `app.ruleListField.${plugin.name}.${source}`,
    hint: (source: string) => `app.ruleListHint.${plugin.name}.${source}`,
    help: `app.ruleListHelp.${plugin.name}`,
  };
}
