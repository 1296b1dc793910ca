import { ENTITLEMENTS, type Limit, PLAN_CATALOGUE, PLAN_NAMES, type PlanName, TRIAL_MONTHS } from './plans.ts';

// What the public pages promise, written from the plan catalogue so a claim cannot outlive the
// entitlement behind it (docs/product-rules.md, Public pages: every claim is traceable).

const count = (n: number) => n.toLocaleString('en-US');

/** Labels of the plans with alerts, among one type's catalogue cards. */
function alertPlanLabels(type: 'individual' | 'business'): string[] {
  return PLAN_CATALOGUE.filter((plan) => plan.type === type && ENTITLEMENTS[plan.name].alerts).map((p) => p.label);
}

const businessPlans = PLAN_CATALOGUE.filter((plan) => plan.type === 'business');
const everyBusinessPlanAlerts = alertPlanLabels('business').length === businessPlans.length;
const individualAlertPlans = alertPlanLabels('individual').join(' and ');
const free = ENTITLEMENTS.free;
/** The plans the trial switches to without payment: every individual plan but Free. */
const trialPlans = PLAN_CATALOGUE.filter((plan) => plan.type === 'individual' && plan.name !== 'free')
  .map((plan) => plan.label)
  .join(' or ');

export const OFFER = {
  /** The trial every new account starts with (TRIAL_MONTHS): individual plans switch without payment. */
  trial: `Every new account can use ${trialPlans} free for ${TRIAL_MONTHS} months — no credit card required.`,
  trialShort: `Premium free for ${TRIAL_MONTHS} months`,
  trialBadge: `${TRIAL_MONTHS}-month free trial`,
  /** Free never lapses; what it allows is ENTITLEMENTS.free. */
  free: `The Free plan tracks ${free.trackedLicenses === 1 ? 'one license' : `${free.trackedLicenses} licenses`} in ${free.statesPerReport === 1 ? 'one state' : `${free.statesPerReport} states`} for as long as you like.`,
  /** Who gets email and SMS alerts. */
  alerts: `Email and SMS reminders come with ${individualAlertPlans}${everyBusinessPlanAlerts ? ' and every business plan' : ''}.`,
} as const;

/** A cell of the comparison: included or not, or what the plan allows. */
export type ComparisonValue = boolean | string;

export type ComparisonRow = {
  feature: string;
  /** Said under the feature's name: what it covers. */
  detail?: string;
  values: Record<PlanName, ComparisonValue>;
};

const limit = (value: Limit, unlimited = 'Unlimited') => (value === null ? unlimited : count(value));
const each = (value: (plan: PlanName) => ComparisonValue) =>
  Object.fromEntries(PLAN_NAMES.map((plan) => [plan, value(plan)])) as Record<PlanName, ComparisonValue>;

/**
 * The pricing page's comparison table, one row per feature, every cell read from ENTITLEMENTS or
 * from what the product does on every plan (docs/product-rules.md, Plans).
 */
export function planComparison(): ComparisonRow[] {
  return [
    { feature: 'States per report', values: each((p) => limit(ENTITLEMENTS[p].statesPerReport, 'All 51')) },
    {
      feature: 'Tracked licenses',
      detail: 'Across all reports; hidden licenses do not count',
      values: each((p) => limit(ENTITLEMENTS[p].trackedLicenses)),
    },
    {
      feature: 'Report credits',
      detail: 'One per physician report',
      values: each((p) => limit(ENTITLEMENTS[p].reportCredits)),
    },
    {
      feature: 'API credits a month',
      detail: 'License search API, one credit a call',
      values: each((p) => (ENTITLEMENTS[p].apiCreditsPerMonth > 0 ? count(ENTITLEMENTS[p].apiCreditsPerMonth) : false)),
    },
    {
      feature: 'Email alerts',
      detail: 'Monday expiry reminder, status changes, exclusions',
      values: each((p) => ENTITLEMENTS[p].alerts),
    },
    { feature: 'SMS renewal notices', values: each((p) => ENTITLEMENTS[p].alerts) },
    {
      feature: 'Exclusion screening',
      detail: 'OIG LEIE and SAM.gov, every report',
      values: each(() => true),
    },
    {
      feature: 'Organisations and members',
      detail: 'Invite admins and viewers to share reports',
      values: each(() => true),
    },
    { feature: 'Signed webhooks', values: each(() => true) },
    { feature: 'CSV and Excel exports', values: each(() => true) },
    {
      feature: 'Support',
      values: each((p) =>
        PLAN_CATALOGUE.find((plan) => plan.name === p)?.features.includes('Priority support') ? 'Priority' : 'Email',
      ),
    },
  ];
}
