// User-visible strings of the plan, billing and API-key screens (docs/product-rules.md, Plans,
// Billing, API key and credentials). Exact wording is a requirement. Kept apart from messages.ts
// because that module ships with every first paint (the API client reads it) and these belong to
// signed-in or pricing screens only (docs/budgets.md, Web app: the home route's JS budget).

/** '1 call', '1,234 calls'. */
function calls(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'call' : 'calls'}`;
}

export const ACCOUNT_MESSAGES = {
  // The profile's security section (docs/product-rules.md, Password and sessions). Our own wording.
  // The two-factor part of the security card (docs/product-rules.md, Password and sessions). Our own wording.
  twoFactor: {
    title: 'Two-factor authentication',
    off: 'Off. Signing in needs only your password.',
    on: 'On. Signing in with your password also asks for a code from your authenticator app.',
    adminNote: 'Administrators must turn it on to use the admin area.',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    password: 'Password',
    passwordIntroOn: 'Enter your password to start setting up two-factor authentication.',
    passwordIntroOff: 'Enter your password to turn two-factor authentication off.',
    continue: 'Continue',
    cancel: 'Cancel',
    scan: 'Scan this QR code with an authenticator app (for example 1Password, Google Authenticator or Authy).',
    qrLabel: 'QR code to add this account to an authenticator app',
    manual: 'Or enter this key in the app by hand:',
    backupTitle: 'Backup codes',
    backupIntro:
      'Each code signs you in once if you lose your phone. Save them somewhere safe now: they are not shown again.',
    copyCodes: 'Copy codes',
    copied: 'Copied',
    downloadCodes: 'Download',
    codeLabel: 'Authentication code',
    codeHint: 'Enter the 6-digit code the app shows to finish.',
    confirm: 'Turn on two-factor',
    turnedOn: 'Two-factor authentication is on.',
    turnedOff: 'Two-factor authentication is off.',
    wrongPassword: 'The password is incorrect.',
    wrongCode: 'That code is not right. Check the app and try again.',
    failed: 'Something went wrong. Please try again.',
  },
  security: {
    title: 'Password and sessions',
    passwordTitle: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    mismatch: 'Passwords do not match',
    signOutOthers: 'Sign out of every other session',
    changePassword: 'Change password',
    changed: 'Password changed',
    wrongPassword: 'The current password is incorrect.',
    changeFailed: 'Could not change the password. Please try again.',
    sessionsTitle: 'Signed-in sessions',
    sessionsIntro: 'Where your account is signed in. Sign out of any you do not recognise.',
    sessionsLoadFailed: 'Could not load your sessions.',
    thisDevice: 'This device',
    signOut: 'Sign out',
    signedOut: 'Session signed out',
    signOutFailed: 'Could not sign that session out. Please try again.',
    sessionNotFound: 'No session of yours has this id. It may already be signed out.',
    unknownDevice: 'Unknown browser',
  },
  apiKey: {
    regenerated: 'API key regenerated successfully',
    regenerateFailed: 'Failed to regenerate API key',
    copied: 'API key copied to clipboard',
    copyFailed: 'Failed to copy API key',
    loadFailed: 'Error loading credentials',
    confirmTitle: 'Are you sure?',
    confirmText: 'Reset your API key?',
  },
  // The credit history on /overview (docs/product-rules.md, Credit history): what each ledger row
  // means in plain words. Our own wording, no fixed requirement.
  creditHistory: {
    title: 'Credit history',
    description: 'Every change to your credits, newest first.',
    caption: 'Credit history: what changed your credits, newest first',
    loading: 'Loading credit history…',
    loadFailed: 'Error loading credit history',
    loadMoreFailed: 'Could not load more of your credit history.',
    empty: 'No credit changes yet',
    emptyText: 'Creating a report, using the API or changing plan will show here.',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    shown: (n: number) => `Showing ${n} ${n === 1 ? 'entry' : 'entries'}`,
    columns: { date: 'Date', what: 'What happened', change: 'Change', balance: 'Balance after' },
    unlimited: 'Unlimited',
    planStarted: (plan: string | null) => (plan ? `Plan started: ${plan}` : 'Plan started'),
    planChanged: (plan: string | null) => (plan ? `Plan changed to ${plan}` : 'Plan changed'),
    trialSwitched: (plan: string | null) => (plan ? `Trial switched to ${plan}` : 'Trial plan switched'),
    billingPeriod: (plan: string | null) => (plan ? `New billing period: ${plan}` : 'New billing period'),
    reportCreated: (name: string | null) => `Report created: ${name ?? 'deleted report'}`,
    adminGrant: 'Credits granted by an administrator',
    adminReduce: 'Credits removed by an administrator',
    demoPlan: 'Demo credits added',
    apiCalls: (n: number) => `API calls (${n})`,
    pools: { report: 'Report credits', temp_report: 'Extra report credits', api: 'API credits' },
  },
  // The API usage panel on /overview (docs/product-rules.md, API usage). The empty state's words
  // are fixed; the rest is our own wording.
  apiUsage: {
    title: 'API usage',
    description: 'Your search API calls this month and over the last 30 days (UTC).',
    loading: 'Loading API usage…',
    loadFailed: 'Error loading API usage',
    empty: 'No API calls yet',
    emptyLink: 'see the API documentation',
    callsThisMonth: 'Calls this month',
    billed: (n: string) => `${n} billed`,
    creditsLeft: 'Credits left',
    chartTitle: 'Calls per day, last 30 days',
    chartSummary: (total: number, busiest: { date: string; calls: number } | null) =>
      busiest
        ? `${calls(total)} in the last 30 days; the busiest day, ${busiest.date}, had ${calls(busiest.calls)}.`
        : `${calls(total)} in the last 30 days.`,
    legendBilled: 'Billed (answered 200)',
    legendUnbilled: 'Not billed',
    bar: (date: string, n: number, billed: number) => `${date}: ${calls(n)}, ${billed.toLocaleString('en-US')} billed`,
    columns: { date: 'Date', calls: 'Calls', billed: 'Billed' },
    today: 'Today',
  },
  billing: {
    switched: (plan: string) => `Successfully switched to ${plan} plan`,
    updateFailed: 'Failed to update plan. Please try again.',
    paymentFailed: 'Failed to process payment. Please try again.',
    trialIncluded: 'All individual plans include a 3-month free trial',
    trialLabel: '3 months free trial',
    switchToFreeTitle: 'Switch to Free Plan?',
    switchToFreeText: (plan: string) =>
      `Your current "${plan}" plan will be cancelled. Are you sure you want to switch to the Free plan?`,
    // Our own wording, no fixed requirement: the outcome of a switch to Free, and a billing portal
    // that fails to open.
    switchedToFree: 'Switched to the Free plan',
    switchToFreeScheduled: (plan: string, date: string) =>
      `Your ${plan} plan stays active until ${date}, then moves to Free.`,
    portalFailed: 'Failed to open billing. Please try again.',
    testMode: 'Test mode — no card is charged',
    // Our own wording: back from the payment provider. The plan is named active only once the
    // server says so (the webhook may land after the browser does).
    checkoutConfirming: 'Confirming your payment…',
    checkoutConfirmed: (plan: string) => `Your ${plan} plan is active.`,
    checkoutSlow: (plan: string) =>
      `Your payment for the ${plan} plan is still being confirmed. This page will update when it is.`,
    checkoutSlowHelp: 'Taking longer than a few minutes?',
    checkoutCancelled: 'Checkout was cancelled. You have not been charged.',
    // Our own wording: whose plan /pricing changes (ADR 019: the plan belongs to the workspace).
    businessForOrganisation: (organisation: string) =>
      `For ${organisation}: its members share the plan, its report credits and its API credits.`,
    businessFromPersonal:
      'Business plans are bought for an organization, in its workspace. Create one, or switch to yours in the top bar, then choose its plan here.',
    managersOnly: (organisation: string) => `Only an owner or admin of ${organisation} can change its plan.`,
    organisationPlan: (organisation: string) => `${organisation}'s plan`,
  },
} as const;
