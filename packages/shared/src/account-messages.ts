// User-visible strings of the plan, billing and API-key screens (docs/product-rules.md, Plans,
// Billing, API key and credentials). Exact wording is a requirement. Kept apart from messages.ts
// because that module ships with every first paint (the API client reads it) and these belong to
// signed-in or pricing screens only (docs/budgets.md, Web app: the home route's JS budget).
export const ACCOUNT_MESSAGES = {
  apiKey: {
    regenerated: 'API key regenerated successfully',
    regenerateFailed: 'Failed to regenerate API key',
    copied: 'API key copied to clipboard',
    copyFailed: 'Failed to copy API key',
    loadFailed: 'Error loading credentials',
    confirmTitle: 'Are you sure?',
    confirmText: 'Reset your API key?',
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
  },
} as const;
