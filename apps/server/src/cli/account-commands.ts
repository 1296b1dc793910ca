import { parseArgs } from 'node:util';
import { ROLES } from '@licensewatch/shared/accounts';
import { PLAN_NAMES, type PlanName } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import { createUser } from '../modules/accounts/create-user.ts';
import { setUserActive } from '../modules/accounts/set-user-active.ts';
import { organisation, user } from '../modules/accounts/tables.ts';
import { assignPlan } from '../modules/plans/assign-plan.ts';
import type { CliCommand } from './cli-command.ts';

/** users:create --email E --password P [--name N] [--role admin|user] [--verified] */
export const createUserCommand: CliCommand = async ({ ctx, args }) => {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'user' },
      verified: { type: 'boolean', default: false },
    },
  });
  if (!values.email || !values.password) throw new Error('--email and --password are required');
  const role = values.role as (typeof ROLES)[number];
  if (!ROLES.includes(role)) throw new Error(`--role must be one of: ${ROLES.join(', ')}`);
  const created = await createUser(ctx.auth, ctx.db, {
    email: values.email,
    password: values.password,
    name: values.name,
    role,
    verified: values.verified,
  });
  console.log(`Created ${role} ${created.email} (id ${created.id})${values.verified ? ', verified' : ''}.`);
};

/** --plan and --until as the plan commands take them: paid access until the day's end, 30 days by default. */
function planAndUntil(values: { plan?: string | undefined; until?: string | undefined }): {
  planName: PlanName;
  until: Date;
} {
  if (!values.plan) throw new Error('--plan is required');
  const planName = values.plan as PlanName;
  if (!PLAN_NAMES.includes(planName)) throw new Error(`--plan must be one of: ${PLAN_NAMES.join(', ')}`);
  const until = values.until ? new Date(`${values.until}T23:59:59Z`) : new Date(Date.now() + 30 * 86_400_000);
  if (Number.isNaN(until.getTime())) throw new Error('--until must be a date, YYYY-MM-DD');
  return { planName, until };
}

/** users:plan --email E --plan P [--until YYYY-MM-DD | --trial] */
export const setUserPlanCommand: CliCommand = async ({ ctx, args }) => {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      until: { type: 'string' },
      trial: { type: 'boolean', default: false },
    },
  });
  if (!values.email) throw new Error('--email is required');
  const { planName, until } = planAndUntil(values);
  const [account] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, values.email));
  if (!account) throw new Error(`No account has the email ${values.email}.`);
  await assignPlan(ctx.db, {
    userId: account.id,
    planName,
    trial: values.trial,
    endDate: until,
    reason: 'plan-change',
  });
  console.log(
    `${values.email} is on ${planName}${values.trial ? ' (trial)' : planName === 'free' ? '' : ` until ${until.toISOString().slice(0, 10)}`}.`,
  );
};

/** organisations:plan --id ID --plan P [--until YYYY-MM-DD]: business plans are sold by sales, not checkout. */
export const setOrganisationPlanCommand: CliCommand = async ({ ctx, args }) => {
  const { values } = parseArgs({
    args,
    options: { id: { type: 'string' }, plan: { type: 'string' }, until: { type: 'string' } },
  });
  if (!values.id) throw new Error('--id is required');
  const { planName, until } = planAndUntil(values);
  const [org] = await ctx.db
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .where(eq(organisation.id, values.id));
  if (!org) throw new Error(`No organisation has the id ${values.id}.`);
  // The organisation's id is its workspace's: plans, credits and limits count there (ADR 019).
  await assignPlan(ctx.db, { userId: org.id, planName, trial: false, endDate: until, reason: 'plan-change' });
  console.log(
    `${org.name} is on ${planName}${planName === 'free' ? '' : ` until ${until.toISOString().slice(0, 10)}`}.`,
  );
};

/** users:activate / users:deactivate --email E */
export const setUserActiveCommand =
  (active: boolean): CliCommand =>
  async ({ ctx, args }) => {
    const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
    if (!values.email) throw new Error('--email is required');
    const done = await setUserActive(ctx.db, { email: values.email }, active);
    if (!done) throw new Error(`No account has the email ${values.email}.`);
    console.log(
      active
        ? `${values.email} is active: it may sign in and use its API key.`
        : `${values.email} is deactivated: ${done.sessionsRevoked} session(s) ended; sign-in and its API key are refused.`,
    );
  };
