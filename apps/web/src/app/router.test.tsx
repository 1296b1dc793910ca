import { PATH_ALIASES, WEB_PAGE_PATTERNS } from '@licensewatch/shared/web-paths';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every path the route table serves, parents joined to children as the router joins them. */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    const here = route.index || (route.path && route.path !== '*') ? [own || '/'] : [];
    return [...here, ...routePaths(route.children ?? [], own)];
  });
}

describe('the route table', () => {
  // The server answers 404 for a path outside WEB_PAGE_PATTERNS: a page routed here but missing
  // there would be served with a 404 status.
  it('serves exactly the pages the server knows, and each alias', () => {
    const served = new Set(routePaths(routes));
    expect([...served].sort()).toEqual([...new Set([...WEB_PAGE_PATTERNS, ...Object.keys(PATH_ALIASES)])].sort());
  });
});
