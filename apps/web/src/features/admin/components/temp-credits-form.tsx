import { ADMIN_MESSAGES, creditsChangeText, parseReductionRefused } from '@licensewatch/shared/admin';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { useAddTempCredits } from '../api/add-temp-credits';
import { useReduceTempCredits } from '../api/reduce-temp-credits';
import { readCreditAmount } from '../read-credit-amount';

/** The server's detail when it gave one (a refusal it explains), else the screen's fallback. */
function detailOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.status < 500 ? error.message : fallback;
}

/** Temporary credits: a number (min 1, default 1) and Add Credits / Reduce Credits (docs/product-rules.md, Users). */
export function TempCreditsForm({ userId }: { userId: string }) {
  const inputId = useId();
  const [value, setValue] = useState('1');
  const add = useAddTempCredits();
  const reduce = useReduceTempCredits();
  const pending = add.isPending || reduce.isPending;

  function amountOrWarn(): number | null {
    const credits = readCreditAmount(value);
    if (credits > 0) return credits;
    void toast.error(ADMIN_MESSAGES.invalidCreditAmount, { description: ADMIN_MESSAGES.creditAmountHint });
    return null;
  }

  async function onAdd() {
    const credits = amountOrWarn();
    if (credits === null) return;
    try {
      const answer = await add.mutateAsync({ id: userId, credits });
      setValue('1');
      void toast.success(answer.message, {
        description: creditsChangeText(answer.previous_temp_credits, answer.new_temp_credits),
      });
    } catch (error) {
      void toast.error(detailOr(error, ADMIN_MESSAGES.addCreditsFailed));
    }
  }

  async function onReduce() {
    const credits = amountOrWarn();
    if (credits === null) return;
    try {
      const answer = await reduce.mutateAsync({ id: userId, credits });
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
      <Button size="sm" onClick={onAdd} pending={add.isPending} disabled={pending}>
        Add Credits
      </Button>
      <Button size="sm" variant="secondary" onClick={onReduce} pending={reduce.isPending} disabled={pending}>
        Reduce Credits
      </Button>
    </div>
  );
}
