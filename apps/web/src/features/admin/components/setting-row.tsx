import { ROLES, SIGN_UP_ROLES } from '@licensewatch/shared/accounts';
import { ADMIN_MESSAGES, type AdminSetting } from '@licensewatch/shared/admin';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiRequestError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useUpdateSetting } from '../api/update-setting';
import { settingEditor, settingLabel } from '../setting-display';

type SettingRowProps = {
  settingKey: string;
  setting: AdminSetting;
  editing: boolean;
  /** Another row is being edited: one row at a time (docs/product-rules.md, Settings). */
  locked: boolean;
  onEdit: () => void;
  onDone: () => void;
};

const controlClass =
  'h-9 w-full min-w-36 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm ' +
  'focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none';

// Phones stack each row into a card; the cell's column name shows before its content there.
const cellClass = 'block px-4 py-1.5 xl:table-cell xl:py-3 xl:align-middle';
const MobileLabel = ({ children }: { children: string }) => (
  <span className="mb-0.5 block text-xs font-semibold tracking-wide text-slate-500 uppercase xl:hidden">
    {children}
  </span>
);

/** A value as text: booleans in words and colour (green true, red false — the word says it too). */
function SettingValue({ value }: { value: AdminSetting['value'] }) {
  if (typeof value !== 'boolean') return <span className="break-words text-slate-900">{value}</span>;
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-semibold', value ? 'text-emerald-700' : 'text-red-700')}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', value ? 'bg-emerald-600' : 'bg-red-600')} />
      {value ? 'True' : 'False'}
    </span>
  );
}

function failureText(error: unknown): string {
  // A refused value (400) says what is wrong with it; anything else is the documented plain message.
  if (error instanceof ApiRequestError && error.status === 400) {
    return `${ADMIN_MESSAGES.settingUpdateFailed}: ${error.message}`;
  }
  return ADMIN_MESSAGES.settingUpdateFailed;
}

export function SettingRow({ settingKey, setting, editing, locked, onEdit, onDone }: SettingRowProps) {
  const label = settingLabel(settingKey);
  const editor = settingEditor(settingKey, setting.value);
  const [draft, setDraft] = useState(String(setting.value));
  const update = useUpdateSetting();
  const controlId = useId();
  const controlRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Entering edit starts from the stored value and focuses the control; leaving it returns focus
  // to the row's Edit button, so a keyboard user stays where they were.
  useEffect(() => {
    if (editing) {
      setDraft(String(setting.value));
      controlRef.current?.focus();
    } else if (wasEditing.current) {
      editButtonRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing, setting.value]);

  async function save() {
    const value = editor === 'boolean' ? draft === 'true' : draft;
    try {
      await update.mutateAsync({ key: settingKey, value });
      void toast.success(ADMIN_MESSAGES.settingUpdated);
      onDone();
    } catch (error) {
      void toast.error(failureText(error));
    }
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && editor === 'text') {
      event.preventDefault();
      void save();
    }
  }

  const control =
    editor === 'text' ? (
      <input
        ref={controlRef}
        id={controlId}
        type="text"
        className={controlClass}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={update.isPending}
      />
    ) : (
      <select
        ref={controlRef}
        id={controlId}
        className={cn(controlClass, 'pr-8')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={update.isPending}
      >
        {editor === 'boolean' ? (
          <>
            <option value="true">True</option>
            <option value="false">False</option>
          </>
        ) : (
          // The server refuses admin as a sign-up's role; the screen does not offer it.
          (settingKey === 'default_user_role' ? SIGN_UP_ROLES : ROLES).map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))
        )}
      </select>
    );

  return (
    <tr
      className={cn(
        'block border-b border-slate-200 py-2 last:border-b-0 xl:table-row xl:py-0',
        editing && 'bg-teal-50/50',
      )}
      data-setting={settingKey}
    >
      <th scope="row" className={cn(cellClass, 'font-semibold text-slate-900 xl:w-48')}>
        {label}
      </th>
      <td className={cn(cellClass, 'xl:w-56')}>
        <MobileLabel>Value</MobileLabel>
        {editing ? (
          <>
            <label htmlFor={controlId} className="sr-only">
              {`New value of ${label}`}
            </label>
            {control}
          </>
        ) : (
          <SettingValue value={setting.value} />
        )}
      </td>
      <td className={cn(cellClass, 'text-slate-600 xl:min-w-64')}>
        <MobileLabel>Description</MobileLabel>
        {setting.description ?? '-'}
      </td>
      <td className={cn(cellClass, 'whitespace-nowrap text-slate-600')}>
        <MobileLabel>Last Updated</MobileLabel>
        {formatDateTime(setting.updated_at)}
      </td>
      <td className={cn(cellClass, 'xl:text-right')}>
        {editing ? (
          <div className="flex gap-2 xl:justify-end">
            <Button size="sm" onClick={() => void save()} pending={update.isPending} aria-label={`Save ${label}`}>
              Save
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={onDone}
              disabled={update.isPending}
              aria-label={`Cancel editing ${label}`}
            >
              Cancel
            </Button>
          </div>
        ) : (
          <Button
            ref={editButtonRef}
            size="sm"
            variant="secondary"
            onClick={onEdit}
            disabled={locked}
            aria-label={`Edit ${label}`}
          >
            Edit
          </Button>
        )}
      </td>
    </tr>
  );
}
