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
  // Bulk actions on the selected rows (docs/product-rules.md, The roster).
  selectAll: 'Select all licenses on this page',
  selectRow: (physician: string, state: string, number: string) => `Select ${physician}, ${state} license ${number}`,
  selected: (n: number) => `${n} selected`,
  selectionActions: 'Selected licenses',
  clearSelection: 'Clear selection',
  refreshSelected: 'Refresh',
  hideSelected: 'Hide',
  exportSelectedCsv: 'Export CSV',
  exportSelectedXlsx: 'Export Excel',
  hideTitle: (n: number) => `Stop tracking ${licenses(n)}?`,
  hideBody: (n: number) =>
    `${n === 1 ? 'It leaves' : 'They leave'} the roster, the counts, the reminders and the exports, and ${n === 1 ? 'frees a place' : 'free their places'} in your plan's license limit. Hiding is not deleting: each can be restored from its report's page, under “Hidden licenses”.`,
  hideConfirm: 'Hide licenses',
  hiding: 'Hiding…',
  hidden: (n: number) => `${licenses(n)} hidden. Restore any of them from its report's page, under “Hidden licenses”.`,
  hideFailed: (message: string) => `Could not hide the licenses: ${message}`,
  refreshing: (names: string[]) => `Refreshing ${physiciansReports(names.length)}: ${names.join(', ')}.`,
  alreadyUpdating: (names: string[]) => `Already updating, so left to finish: ${names.join(', ')}.`,
  refreshFailed: (message: string) => `Could not refresh: ${message}`,
  notInWorkspace: (n: number) => `${licenses(n)} ${n === 1 ? 'is' : 'are'} no longer in this workspace's roster.`,
} as const;

function licenses(n: number): string {
  return n === 1 ? '1 license' : `${n} licenses`;
}
function physiciansReports(n: number): string {
  return n === 1 ? "1 physician's report" : `${n} physicians' reports`;
}
