import { ACTION_NEEDED_MESSAGES } from '@licensewatch/shared/action-needed';
import { PATHS } from '@licensewatch/shared/web-paths';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useActionNeeded } from '../api/get-action-needed';

/**
 * The top bar's way into the Action needed inbox: a bell with the number of open items (none shown
 * while loading or at zero, so nothing flashes). Its name says the count to a screen reader.
 */
export function ActionNeededLink({ className }: { className?: string }) {
  const { data } = useActionNeeded();
  const total = data?.total ?? 0;
  return (
    <NavLink
      to={PATHS.actionNeeded}
      aria-label={data ? ACTION_NEEDED_MESSAGES.linkLabel(total) : ACTION_NEEDED_MESSAGES.title}
      title={ACTION_NEEDED_MESSAGES.title}
      data-testid="action-needed-link"
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600',
          isActive && 'bg-slate-100 text-slate-900',
          className,
        )
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0m6 0H9"
        />
      </svg>
      {total > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-violet-700 px-1 text-center text-xs leading-5 font-semibold text-white tabular-nums"
        >
          {total > 99 ? '99+' : total}
        </span>
      ) : null}
    </NavLink>
  );
}
