export const menuContentClass =
  'z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none';

export const menuItemClass =
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-sm text-slate-700 outline-none select-none ' +
  'data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900';

export const mobileMenuItemClass =
  'block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 ' +
  'aria-[current=page]:bg-teal-50 aria-[current=page]:text-teal-800';
