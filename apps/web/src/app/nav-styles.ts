export const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 ' +
  'aria-[current=page]:text-teal-800 aria-[current=page]:bg-teal-50';
