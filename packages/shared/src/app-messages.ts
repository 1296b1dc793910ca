// The strings the app shell itself shows (any error's fallback, the route error screen). Apart
// from messages.ts, which re-exports them, so every page's first load carries only these few
// rather than every screen's wording (docs/budgets.md, home JS).
export const APP_MESSAGES = {
  general: {
    fallback: 'An error occurred',
    notAuthenticated: 'Not authenticated',
  },
  errorBoundary: {
    title: 'Something went wrong',
    back: 'Back to the dashboard',
    retry: 'Try Again',
  },
} as const;
