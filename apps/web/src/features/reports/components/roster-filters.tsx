import type { RosterResponse } from '@licensewatch/shared/roster';
import {
  ROSTER_EXPIRING_CHOICES,
  ROSTER_PHYSICIAN_STATUSES,
  ROSTER_STATUSES,
  type RosterStatus,
} from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { JURISDICTIONS } from '@licensewatch/shared/states';
import { Button } from '../../../components/ui/button';
import { InputField, SelectField } from '../../../components/ui/form-field';
import { type RosterView, readRosterView } from '../roster-view';

/** The roster's filters: status, state, expiry, the physicians needing attention, department (when the workspace has any) and the physician box. */
export function RosterFilters({
  data,
  view,
  filtered,
  setView,
  search,
  typeSearch,
  clear,
}: {
  data: RosterResponse | undefined;
  view: RosterView;
  filtered: boolean;
  setView: (next: RosterView) => void;
  search: string;
  typeSearch: (value: string) => void;
  clear: () => void;
}) {
  return (
    <form
      aria-label="Filters"
      className="mt-6 grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField
        label="Status"
        value={view.status ?? ''}
        onChange={(e) =>
          setView({ ...view, status: (e.target.value || undefined) as RosterStatus | undefined, page: 1 })
        }
      >
        <option value="">{ROSTER_MESSAGES.anyStatus}</option>
        {ROSTER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ROSTER_MESSAGES.statusLabels[s]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="State"
        value={view.state ?? ''}
        onChange={(e) =>
          setView({
            ...view,
            state: readRosterView(new URLSearchParams({ state: e.target.value })).state,
            page: 1,
          })
        }
      >
        <option value="">{ROSTER_MESSAGES.anyState}</option>
        {JURISDICTIONS.map((j) => (
          <option key={j.code} value={j.code}>
            {j.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Expiring"
        value={view.expiringWithin === undefined ? '' : String(view.expiringWithin)}
        onChange={(e) =>
          setView({ ...view, expiringWithin: e.target.value ? Number(e.target.value) : undefined, page: 1 })
        }
      >
        <option value="">{ROSTER_MESSAGES.anyExpiry}</option>
        {[...new Set([...ROSTER_EXPIRING_CHOICES, ...(view.expiringWithin ? [view.expiringWithin] : [])])]
          .sort((a, b) => a - b)
          .map((days) => (
            <option key={days} value={days}>
              {ROSTER_MESSAGES.expiringWithin(days)}
            </option>
          ))}
      </SelectField>
      <SelectField
        label={ROSTER_MESSAGES.physicianStatusLabel}
        value={view.physicianStatus ?? ''}
        onChange={(e) =>
          setView({
            ...view,
            physicianStatus: readRosterView(new URLSearchParams({ physician_status: e.target.value })).physicianStatus,
            page: 1,
          })
        }
      >
        <option value="">{ROSTER_MESSAGES.anyPhysician}</option>
        {ROSTER_PHYSICIAN_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ROSTER_MESSAGES.physicianStatusLabels[s]}
          </option>
        ))}
      </SelectField>
      {data && (data.departments.length > 0 || view.department) ? (
        <SelectField
          label="Department"
          value={view.department ?? ''}
          onChange={(e) => setView({ ...view, department: e.target.value || undefined, page: 1 })}
        >
          <option value="">Any department</option>
          {[...new Set([...data.departments, ...(view.department ? [view.department] : [])])].map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="col-span-2 lg:col-span-1">
        <InputField
          label={ROSTER_MESSAGES.physicianSearch}
          type="search"
          value={search}
          placeholder="Name"
          onChange={(e) => typeSearch(e.target.value)}
        />
      </div>
      <Button type="button" variant="ghost" onClick={clear} disabled={!filtered} className="col-span-2 lg:col-span-1">
        {ROSTER_MESSAGES.clearFilters}
      </Button>
    </form>
  );
}
