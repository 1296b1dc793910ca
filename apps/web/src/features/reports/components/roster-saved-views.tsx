import { type SavedRosterView, savedRosterViewInputSchema } from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { InputField, SelectField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { useDeleteRosterView, useRosterViews, useSaveRosterView } from '../api/roster-views';
import { type RosterView, readRosterView, rosterFilterQuery, writeRosterView } from '../roster-view';

const M = ROSTER_MESSAGES;

/** Two views are the same when they pick the same rows in the same order (the page aside). */
const sameFilters = (a: RosterView, b: RosterView) =>
  JSON.stringify(rosterFilterQuery(a)) === JSON.stringify(rosterFilterQuery(b));

/**
 * The user's saved views of the roster (docs/product-rules.md, The roster): choosing one opens its
 * filters and sort; 'Save view' names the current ones; the view in use can be deleted.
 */
export function RosterSavedViews({ view, open }: { view: RosterView; open: (next: RosterView) => void }) {
  const views = useRosterViews();
  const save = useSaveRosterView();
  const remove = useDeleteRosterView();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const saved = views.data?.views ?? [];
  const current: SavedRosterView | undefined = saved.find((v) =>
    sameFilters(readRosterView(new URLSearchParams(v.query)), view),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Refused here as the server would refuse it: no request for a name that cannot be saved.
    const checked = savedRosterViewInputSchema.shape.name.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? M.viewSaveFailed);
      return;
    }
    try {
      const stored = await save.mutateAsync({
        name: checked.data,
        query: writeRosterView({ ...view, page: 1 }).toString(),
      });
      setNaming(false);
      void toast.success(M.viewSaved(stored.name));
    } catch (err) {
      // The server's own words for a name or a limit it refuses; the dialog stays open with what was typed.
      setError(isApiError(err) && err.status < 500 ? err.message : M.viewSaveFailed);
    }
  }

  async function deleteCurrent(target: SavedRosterView) {
    try {
      await remove.mutateAsync(target.id);
      void toast.success(M.viewDeleted(target.name));
    } catch {
      void toast.error(M.viewDeleteFailed);
    }
  }

  return (
    <div className="mt-6 flex flex-wrap items-end gap-3" data-testid="roster-saved-views">
      {saved.length > 0 ? (
        <div className="w-full sm:w-64">
          <SelectField
            label={M.savedViews}
            value={current?.id ?? ''}
            onChange={(e) => {
              const chosen = saved.find((v) => v.id === e.target.value);
              if (chosen) open(readRosterView(new URLSearchParams(chosen.query)));
            }}
          >
            <option value="">{M.chooseView}</option>
            {saved.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        onClick={() => {
          setName(current?.name ?? '');
          setError(undefined);
          setNaming(true);
        }}
      >
        {M.saveView}
      </Button>
      {current ? (
        <Button type="button" variant="ghost" pending={remove.isPending} onClick={() => deleteCurrent(current)}>
          {M.deleteView}
        </Button>
      ) : null}
      <Dialog open={naming} onOpenChange={(next) => !save.isPending && setNaming(next)} title={M.saveViewTitle}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <InputField
            label={M.viewName}
            value={name}
            maxLength={60}
            hint={M.viewNameHint}
            error={error}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setNaming(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={save.isPending}>
              {M.saveView}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
