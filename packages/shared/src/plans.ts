// Plans and what each entitles (docs/product-rules.md, Plans). The server enforces these; screens
// display them. Payment-provider price ids come from the server's configuration.

export const PLAN_NAMES = ['free', 'basic', 'premium', 'small', 'growth', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The current plan record's plan_type: individual, business, or free. */
export const PLAN_TYPES = ['free', 'individual', 'business'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const PLAN_TYPE_OF: Record<PlanName, PlanType> = {
  free: 'free',
  basic: 'individual',
  premium: 'individual',
  small: 'business',
  growth: 'business',
  enterprise: 'business',
};

export const PLAN_LABELS: Record<PlanName, string> = {
  free: 'Free',
  basic: 'Basic',
  premium: 'Premium',
  small: 'Small',
  growth: 'Growth',
  enterprise: 'Enterprise',
};

/**
 * `null` means unlimited, everywhere (entitlements, credit balances, API answers): it survives
 * JSON and a database column, which Infinity does not.
 */
export type Limit = number | null;

export type Entitlements = {
  /** Report credits the plan grants: one report each. */
  reportCredits: Limit;
  statesPerReport: Limit;
  /** Licenses tracked across all of the user's reports (hidden ones do not count). */
  trackedLicenses: Limit;
  apiCreditsPerMonth: number;
  /** Search API calls one key may make per minute (docs/product-rules.md, Search API). */
  apiRequestsPerMinute: number;
  /** Email and SMS expiry alerts. */
  alerts: boolean;
};

export const ENTITLEMENTS: Record<PlanName, Entitlements> = {
  free: {
    reportCredits: 1,
    statesPerReport: 1,
    trackedLicenses: 1,
    apiCreditsPerMonth: 0,
    apiRequestsPerMinute: 60,
    alerts: false,
  },
  basic: {
    reportCredits: 3,
    statesPerReport: null,
    trackedLicenses: null,
    apiCreditsPerMonth: 0,
    apiRequestsPerMinute: 60,
    alerts: false,
  },
  premium: {
    reportCredits: 5,
    statesPerReport: null,
    trackedLicenses: null,
    apiCreditsPerMonth: 0,
    apiRequestsPerMinute: 60,
    alerts: true,
  },
  small: {
    reportCredits: 50,
    statesPerReport: null,
    trackedLicenses: 50,
    apiCreditsPerMonth: 1_000,
    apiRequestsPerMinute: 600,
    alerts: true,
  },
  growth: {
    reportCredits: 200,
    statesPerReport: null,
    trackedLicenses: 200,
    apiCreditsPerMonth: 5_000,
    apiRequestsPerMinute: 1_500,
    alerts: true,
  },
  enterprise: {
    reportCredits: null,
    statesPerReport: null,
    trackedLicenses: null,
    apiCreditsPerMonth: 25_000,
    apiRequestsPerMinute: 6_000,
    alerts: true,
  },
};

/** Every new account starts on Free with this trial, during which individual plans switch without payment. */
export const TRIAL_MONTHS = 3;

export const withinLimit = (used: number, limit: Limit) => limit === null || used < limit;

/**
 * The one expiry rule (docs/product-rules.md, Plan expiry): a paid or trial plan is expired when
 * its end date is missing or past. Free never lapses, so its end date is not consulted (it is
 * stored empty).
 */
export function isPlanExpired(plan: { planName: PlanName; endDate: Date | string | null }, now = new Date()): boolean {
  if (plan.planName === 'free') return false;
  if (plan.endDate === null) return true;
  const end = new Date(plan.endDate).getTime();
  // An unreadable date is treated like a missing one.
  return Number.isNaN(end) || end <= now.getTime();
}

/**
 * The spec's expiry rule as a client applies it to the credentials record (docs/product-rules.md,
 * Plan expiry): `reports_plan.end_date` missing or past is expired. The record's end date is
 * always set for a plan in force (reportsPlanEndDate), so this needs no plan name.
 */
export function isEndDateExpired(endDate: string | null | undefined, now = new Date()): boolean {
  if (!endDate) return true;
  const end = new Date(endDate).getTime();
  return Number.isNaN(end) || end <= now.getTime();
}

/**
 * `reports_plan.end_date` of the credentials record (ADR 026): the trial's end during a trial of
 * Free; on Free after its trial, which never lapses, the end of the current monthly cycle (the
 * first of next month, 00:00 UTC), which rolls forward and so is always ahead — "renews itself";
 * on any other plan its stored end (paid period or trial), past when it has lapsed.
 */
export function reportsPlanEndDate(
  plan: { planName: PlanName; isTrial: boolean; trialEndsAt: Date | null; endDate: Date | null },
  now = new Date(),
): Date | null {
  if (plan.planName !== 'free') return plan.endDate;
  if (isInTrial(plan, now) && plan.trialEndsAt) return plan.trialEndsAt;
  return nextFreeRenewal(now);
}

/** When Free renews itself next: the first of next month, 00:00 UTC. */
export function nextFreeRenewal(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Within the trial window (docs/product-rules.md, Trial: individual plans switch without payment). */
export function isInTrial(plan: { isTrial: boolean; trialEndsAt: Date | string | null }, now = new Date()): boolean {
  return plan.isTrial && plan.trialEndsAt !== null && new Date(plan.trialEndsAt).getTime() > now.getTime();
}

/** A plan as the pricing page shows it. Payment-provider price ids come from the server. */
export type CataloguePlan = {
  name: PlanName;
  label: string;
  /** Price text as shown, e.g. '$1,000'. */
  price: string;
  period: '/month';
  type: Exclude<PlanType, 'free'>;
  features: readonly string[];
};

/** A business card's API line, from the plan's monthly API credits. */
const apiAccess = (plan: PlanName) =>
  `API access: ${ENTITLEMENTS[plan].apiCreditsPerMonth.toLocaleString('en-US')} credits a month`;

/** Prices and features (docs/product-rules.md, Plans); Free is shown among the individual plans. */
export const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  {
    name: 'free',
    label: 'Free',
    price: '$0',
    period: '/month',
    type: 'individual',
    features: ['Track one state license', 'Daily updates'],
  },
  {
    name: 'basic',
    label: 'Basic',
    price: '$10',
    period: '/month',
    type: 'individual',
    features: ['All state licenses', 'Daily updates'],
  },
  {
    name: 'premium',
    label: 'Premium',
    price: '$15',
    period: '/month',
    type: 'individual',
    features: ['All state licenses', 'Daily updates', 'Email notifications', 'SMS renewal notices'],
  },
  {
    name: 'small',
    label: 'Small',
    price: '$250',
    period: '/month',
    type: 'business',
    features: ['Up to 50 licenses', apiAccess('small'), 'Team roster and roster import'],
  },
  {
    name: 'growth',
    label: 'Growth',
    price: '$500',
    period: '/month',
    type: 'business',
    features: ['Up to 200 licenses', apiAccess('growth'), 'Bulk export reports'],
  },
  {
    name: 'enterprise',
    label: 'Enterprise',
    price: '$1,000',
    period: '/month',
    type: 'business',
    features: ['Unlimited licenses', apiAccess('enterprise'), 'Custom API integrations', 'Priority support'],
  },
];

/** Plans bought through the payment provider (Free is not). */
export const PAID_PLAN_NAMES = ['basic', 'premium', 'small', 'growth', 'enterprise'] as const;
export type PaidPlanName = (typeof PAID_PLAN_NAMES)[number];

/** Whole-dollar monthly price of a plan, in cents, read from the catalogue the pricing page shows. */
export function monthlyPriceCents(plan: PlanName): number {
  const entry = PLAN_CATALOGUE.find((p) => p.name === plan);
  const dollars = Number((entry?.price ?? '$0').replace(/[^0-9.]/g, ''));
  return Math.round(dollars * 100);
}
