// The report tables stack into cards on phones: their header row shows from md up only.
export const stackingTableHeadClass = 'hidden border-b border-slate-200 bg-slate-50 md:table-header-group';

export const tableHeadCellClass = 'px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase';
