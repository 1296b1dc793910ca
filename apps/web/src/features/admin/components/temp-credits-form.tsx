import { ADMIN_MESSAGES, creditsChangeText, parseReductionRefused } from '@licensewatch/shared/admin';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { useAddTempCredits } from '../api/add-temp-credits';
import { useReduceTempCredits } from '../api/reduce-temp-credits';
import { readCreditAmount } from '../read-credit-amount';
import { ReasonDialog } from './reason-dialog';

/** The server's detail when it gave one (a refusal it explains), else the screen's fallback. */
function detailOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.status < 500 ? error.message : fallback;
}

/**
 * Temporary credits: a number (min 1, default 1) and Add Credits / Reduce Credits, each confirmed
 * with a reason for the audit log (docs/product-rules.md, Users).
 */
export function TempCreditsForm({ userId, email }: { userId: string; email: string }) {
  const inputId = useId();
  const [value, setValue] = useState('1');
  const [asking, setAsking] = useState<{ add: boolean; credits: number } | null>(null);
  const add = useAddTempCredits();
  const reduce = useReduceTempCredits();
  const pending = add.isPending || reduce.isPending;

  function ask(adding: boolean) {
    const credits = amountOrWarn();
    if (credits !== null) setAsking({ add: adding, credits });
  }

  async function confirm(reason: string) {
    if (!asking) return;
    try {
      await (asking.add ? onAdd : onReduce)(asking.credits, reason);
    } finally {
      setAsking(null);
    }
  }

  function amountOrWarn(): number | null {
    const credits = readCreditAmount(value);
    if (credits > 0) return credits;
    void toast.error(ADMIN_MESSAGES.invalidCreditAmount, { description: ADMIN_MESSAGES.creditAmountHint });
    return null;
  }

  async function onAdd(credits: number, reason: string) {
    try {
      const answer = await add.mutateAsync({ id: userId, credits, reason });
      setValue('1');
      void toast.success(answer.message, {
        description: creditsChangeText(answer.previous_temp_credits, answer.new_temp_credits),
      });
    } catch (error) {
      void toast.error(detailOr(error, ADMIN_MESSAGES.addCreditsFailed));
    }
  }

  async function onReduce(credits: number, reason: string) {
    try {
      const answer = await reduce.mutateAsync({ id: userId, credits, reason });
      setValue('1');
      void toast.success(answer.message, {
        description: creditsChangeText(answer.previous_temp_credits, answer.new_temp_credits),
      });
    } catch (error) {
      const refused =
        hasErrorCode(error, 'INSUFFICIENT_TEMP_CREDITS') && isApiError(error)
          ? parseReductionRefused(error.message)
          : null;
      if (refused) {
        void toast.error(ADMIN_MESSAGES.notEnoughCredits, {
          description: `Available: ${refused.current} | Requested: ${refused.requested}`,
        });
      } else {
        void toast.error(detailOr(error, ADMIN_MESSAGES.reduceCreditsFailed));
      }
    }
  }

  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
          Credits to add or reduce
        </label>
        <input
          id={inputId}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="mt-1 block h-8 w-24 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none"
        />
      </div>
      <Button size="sm" onClick={() => ask(true)} pending={add.isPending} disabled={pending}>
        Add Credits
      </Button>
      <Button size="sm" variant="secondary" onClick={() => ask(false)} pending={reduce.isPending} disabled={pending}>
        Reduce Credits
      </Button>
      <ReasonDialog
        open={asking !== null}
        title={ADMIN_MESSAGES.creditsTitle(asking?.add ?? true)}
        question={asking ? ADMIN_MESSAGES.creditsQuestion(email, asking.credits, asking.add) : null}
        confirmLabel={ADMIN_MESSAGES.creditsTitle(asking?.add ?? true)}
        destructive={asking?.add === false}
        pending={pending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
