import { canAccessFunction, type MenuEntry } from '../../domain/permissions';
import type { RouteMatch } from './paths';

/** What the guard knows about the visitor. */
export interface AccessState {
  signedIn: boolean;
  /** The permission answer as kept in the session store. */
  menu: readonly MenuEntry[];
  functions: readonly number[];
}

export interface GuardContext {
  /** Runtime config's style version: loginclassic exists only under style 2. */
  styleVersion: number;
}

/** Either show the page, or go to another path under /{lang}/ (replacing the current entry). */
export type RouteDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

const render: RouteDecision = { kind: 'render' };
const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });

/** A function id as a path carries it ('105'), or undefined when the segment is not one. */
export function parseFunctionId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** The function ids a matched page needs: its own, and the one its path carries. Undefined when the path id is not a number. */
export function requiredFunctions(match: RouteMatch): number[] | undefined {
  const needed: number[] = [];
  if (match.route.meta.functionId !== null) needed.push(match.route.meta.functionId);
  if (match.route.meta.functionIdInPath) {
    const inPath = parseFunctionId(match.params.functionId);
    if (inPath === undefined) return undefined;
    if (!needed.includes(inPath)) needed.push(inPath);
  }
  return needed;
}

/** The redirect rules of spec 2, in order. */
export function decideRoute(match: RouteMatch, access: AccessState, context: GuardContext): RouteDecision {
  const { route } = match;
  if (route.name === 'fallback') return redirect('error/404');
  if (route.name === 'loginclassic' && context.styleVersion !== 2) return redirect('login');
  const isLoginPage = route.name === 'login' || route.name === 'loginclassic';
  if (access.signedIn && (isLoginPage || route.meta.defaultRoute)) return redirect('shipment');
  if (route.meta.defaultRoute) return redirect('login');
  if (!route.meta.auth) return render;
  if (!access.signedIn) return redirect(route.meta.isClassic ? 'logoutclassic' : 'login');
  const needed = requiredFunctions(match);
  if (!needed) return redirect('error/404');
  const permission = { menu: [...access.menu], functions: [...access.functions] };
  return needed.every((functionId) => canAccessFunction(permission, functionId)) ? render : redirect('error/403');
}
