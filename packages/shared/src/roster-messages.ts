import type { ExclusionStatus } from './exclusions.ts';
import type { RosterPhysicianStatus, RosterSort, RosterStatus } from './roster.ts';

/** What the roster page and the organisation's weekly email say (docs/product-rules.md, The roster). */
export const ROSTER_MESSAGES = {
  title: 'All licenses',
  navLink: 'All licenses',
  intro: 'Every tracked license of every physician in this workspace.',
  statusLabels: {
    active: 'Active',
    expiring: 'Expiring',
    expired: 'Expired',
    needs_attention: 'Needs attention',
  } satisfies Record<RosterStatus, string>,
  /** The Exclusion column: the standing in a word or two (the report page says the whole sentence). */
  exclusionLabels: {
    excluded: 'Excluded',
    possible_match: 'Possible match',
    not_excluded: 'Not excluded',
    not_checked: 'Not checked',
  } satisfies Record<ExclusionStatus, string>,
  physicianStatusLabel: 'Physicians',
  anyPhysician: 'All physicians',
  physicianStatusLabels: {
    needs_attention: 'Needing attention',
    excluded: 'Excluded',
  } satisfies Record<RosterPhysicianStatus, string>,
  sortLabels: {
    physician: 'Physician',
    state: 'State',
    status: 'Status',
    expiry: 'Expires',
  } satisfies Record<RosterSort, string>,
  total: 'Total',
  noMatches: 'No licenses match these filters',
  clearFilters: 'Clear filters',
  emptyRoster: 'No tracked licenses yet',
  emptyRosterHint: 'Create a report for a physician and the licenses found for them appear here.',
  createReport: 'Create a report',
  loadFailed: 'Could not load the licenses. Please try again.',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export Excel',
  physicianSearch: 'Search physician',
  anyStatus: 'Any status',
  anyState: 'Any state',
  anyExpiry: 'Any expiry',
  // Under the filter's label "Expiring": short enough for a phone's half-width select.
  expiringWithin: (days: number) => `Within ${days} days`,
  showing: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  weeklySubject: (organisation: string) => `${organisation}: this week's license roster`,
  // Saved views (docs/product-rules.md, The roster).
  savedViews: 'Saved views',
  chooseView: 'Choose a saved view',
  saveView: 'Save view',
  saveViewTitle: 'Save this view',
  viewName: 'Name',
  viewNameHint: 'Saving under a name you already use replaces that view.',
  viewSaved: (name: string) => `View “${name}” saved`,
  viewSaveFailed: 'Could not save the view. Please try again.',
  deleteView: 'Delete view',
  viewDeleted: (name: string) => `View “${name}” deleted`,
  viewDeleteFailed: 'Could not delete the view. Please try again.',
} as const;
