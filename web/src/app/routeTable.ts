import type { Role } from '@exam/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, createElement, useCallback, useContext, type ReactNode } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import { useAuth } from '../session/useAuth';
import { CanOpenContext } from '../lib/canOpen';

/**
 * Who may open a route: anyone ('public'), any signed-in role ('signed-in'), or the listed roles.
 * The router's `guarded()` writes the same list into the guard and here, so the guard and every
 * link (header, footer, quick actions, breadcrumbs) answer from one table.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export type CrumbKey = 'exam' | 'examResult' | 'edit' | 'questions' | 'preview' | 'submissions' | 'gradeSubmission' | 'results' | 'studentProgress' | 'proctor' | 'childProgress' | 'review' | 'attemptTimeline' | 'staff' | 'marking' | 'markQuestion' | 'rubrics';

export interface CrumbSpec {
  /** The crumb's words (a key of common:crumbs); for a page about one thing, what it says until that thing's name is loaded. */
  labelKey: CrumbKey;
  /** The thing's name (an exam's title, a student's name) from data a page has already loaded. */
  name?: (params: Params, cache: QueryClient) => string | undefined;
  /** The path of the crumb before this one, when it is not the nearest path prefix with a page. */
  parent?: (params: Params, role: Role | null, cache: QueryClient) => string;
}

export interface RouteHandle {
  access?: Access;
  crumb?: CrumbSpec;
  /** The proctor board and wide tables: the shell's container is wider on these pages. */
  wide?: boolean;
}

type Page = { handle: RouteHandle; params: Params };
const matched = new WeakMap<RouteObject[], Map<string, Page | undefined>>();

/**
 * The route that renders `path`, with its params; undefined when only Page Not Found would.
 * Answers are remembered per table: breadcrumbs ask on every query-cache change.
 */
export function matchPage(routes: RouteObject[], path: string): Page | undefined {
  let memo = matched.get(routes);
  if (!memo) matched.set(routes, (memo = new Map()));
  if (memo.has(path)) return memo.get(path);
  const leaf = matchRoutes(routes, path)?.at(-1);
  const page = !leaf || leaf.route.path === '*' ? undefined : { handle: (leaf.route.handle as RouteHandle | undefined) ?? {}, params: leaf.params };
  if (memo.size > 1000) memo.clear();
  memo.set(path, page);
  return page;
}

/** Whether the page's access lets `role` in; a visitor (null) is let through to the guard's sign-in. */
export function admits(page: Page, role: Role | null): boolean {
  const access = page.handle.access ?? 'public';
  return access === 'public' || access === 'signed-in' || role === null || access.includes(role);
}

/**
 * Whether a role may open `path` (a hash or query is ignored). A visitor (null) is offered pages
 * that need a sign-in, as the guard then asks them to sign in; a missing page is never offered.
 */
export function canOpen(routes: RouteObject[], path: string, role: Role | null): boolean {
  const page = matchPage(routes, path.split(/[?#]/)[0] ?? path);
  return !!page && admits(page, role);
}

/** The route table, provided by the router's root element (a context keeps the layout free of an import cycle). */
export const RouteTableContext = createContext<RouteObject[] | null>(null);

export function useRouteTable(): RouteObject[] {
  const routes = useContext(RouteTableContext);
  if (!routes) throw new Error('useRouteTable needs the router’s RouteTableContext');
  return routes;
}

/** `canOpen` for the signed-in user (or visitor) on screen, for every link below it (lib/canOpen.ts). */
export function CanOpenProvider({ children }: { children: ReactNode }) {
  const routes = useRouteTable();
  const role = useAuth().user?.role ?? null;
  const value = useCallback((path: string) => canOpen(routes, path, role), [routes, role]);
  return createElement(CanOpenContext.Provider, { value }, children);
}
