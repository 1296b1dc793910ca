import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { CreditHistoryEntry } from '@licensewatch/shared/credentials';
import { PLAN_LABELS } from '@licensewatch/shared/plans';
import { formatNumber } from '../../lib/format';

const { creditHistory: messages } = ACCOUNT_MESSAGES;

/** What a ledger row means, in the words of the screen. */
export function describeCreditEntry(entry: CreditHistoryEntry): string {
  const plan = entry.plan_name ? PLAN_LABELS[entry.plan_name] : null;
  switch (entry.reason) {
    case 'plan-start':
      return messages.planStarted(plan);
    case 'plan-change':
      return messages.planChanged(plan);
    case 'trial-switch':
      return messages.trialSwitched(plan);
    case 'billing-period':
      return messages.billingPeriod(plan);
    case 'report-created':
      return messages.reportCreated(entry.report_name);
    case 'admin-grant':
      return messages.adminGrant;
    case 'admin-reduce':
      return messages.adminReduce;
    case 'demo-plan':
      return messages.demoPlan;
    case 'api-call':
      return messages.apiCalls(entry.count);
  }
}

/** The change with its sign written out (a real minus), so it never rests on colour alone. */
export function formatCreditDelta(delta: number): string {
  if (delta > 0) return `+${formatNumber(delta)}`;
  if (delta < 0) return `\u2212${formatNumber(-delta)}`;
  return '0';
}
