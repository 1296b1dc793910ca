import {
  ROSTER_EXPIRING_WITHIN_MAX,
  ROSTER_ORDERS,
  ROSTER_PHYSICIAN_STATUSES,
  ROSTER_SORTS,
  ROSTER_STATUSES,
  type RosterOrder,
  type RosterPhysicianStatus,
  type RosterSort,
  type RosterStatus,
} from '@licensewatch/shared/roster';
import { STATE_CODES, type StateCode } from '@licensewatch/shared/states';

/**
 * The roster page's view, kept in the URL so a view can be shared or bookmarked: what the filters
 * and the sort are, and which page. Anything the URL holds that the API would refuse is dropped
 * here (a hand-edited link shows the whole roster rather than an error).
 */
export type RosterView = {
  status?: RosterStatus;
  state?: StateCode;
  expiringWithin?: number;
  physician?: string;
  department?: string;
  physicianStatus?: RosterPhysicianStatus;
  sort: RosterSort;
  order: RosterOrder;
  page: number;
};

export const DEFAULT_VIEW: RosterView = { sort: 'expiry', order: 'asc', page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function readRosterView(params: URLSearchParams): RosterView {
  const days = Number(params.get('expiring_within'));
  const page = Number(params.get('page'));
  const physician = params.get('physician')?.trim().slice(0, 200);
  const department = params.get('department')?.trim().slice(0, 200);
  return {
    status: oneOf(ROSTER_STATUSES, params.get('status')),
    state: oneOf(STATE_CODES, params.get('state')?.toUpperCase() ?? null),
    expiringWithin: Number.isInteger(days) && days >= 1 && days <= ROSTER_EXPIRING_WITHIN_MAX ? days : undefined,
    physician: physician || undefined,
    department: department || undefined,
    physicianStatus: oneOf(ROSTER_PHYSICIAN_STATUSES, params.get('physician_status')),
    sort: oneOf(ROSTER_SORTS, params.get('sort')) ?? DEFAULT_VIEW.sort,
    order: oneOf(ROSTER_ORDERS, params.get('order')) ?? DEFAULT_VIEW.order,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The filters as the API's query (and the URL's): defaults left out, so links stay short. */
export function rosterFilterQuery(view: RosterView): Record<string, string | undefined> {
  return {
    status: view.status,
    state: view.state,
    expiring_within: view.expiringWithin === undefined ? undefined : String(view.expiringWithin),
    physician: view.physician,
    department: view.department,
    physician_status: view.physicianStatus,
    sort: view.sort === DEFAULT_VIEW.sort ? undefined : view.sort,
    order: view.order === DEFAULT_VIEW.order ? undefined : view.order,
  };
}

export function writeRosterView(view: RosterView): URLSearchParams {
  const entries = Object.entries({
    ...rosterFilterQuery(view),
    page: view.page > 1 ? String(view.page) : undefined,
  }).filter((e): e is [string, string] => e[1] !== undefined);
  return new URLSearchParams(entries);
}

export const hasFilters = (view: RosterView) =>
  view.status !== undefined ||
  view.state !== undefined ||
  view.expiringWithin !== undefined ||
  view.physician !== undefined ||
  view.department !== undefined ||
  view.physicianStatus !== undefined;

/** Clicking a column: ascending first, the same column again turns it round; back to page 1. */
export function sortBy(view: RosterView, sort: RosterSort): RosterView {
  const order: RosterOrder = view.sort === sort && view.order === 'asc' ? 'desc' : 'asc';
  return { ...view, sort, order, page: 1 };
}
