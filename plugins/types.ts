/**
 * A rule-list plugin: the declarative definition of one admin list, read by both the app
 * (screens) and the server (routes, validation, import, export). Fields grow with the rule-list issue.
 */
export interface RuleListPlugin {
  /** Resource name on the wire and in react-admin. */
  name: string;
  /** Route segment under /ez4/{lang}/; `:functionId` pages carry the id in the path. */
  route: string;
  /** The function id that guards the list; routes with `:functionId` also accept it in the path. */
  functionId: number;
  /** Whether the path carries `{functionId}` (spec 2). */
  functionIdInPath: boolean;
  /** Page title and menu text. */
  label: string;
}

export function definePlugin(plugin: RuleListPlugin): RuleListPlugin {
  return plugin;
}
