import { APP_MESSAGES } from './app-messages';

// User-visible strings (docs/product-rules.md quotes them). Exact wording is a requirement.
export const MESSAGES = {
  general: APP_MESSAGES.general,
  login: {
    wrongPassword: 'Password is incorrect. Please try again.',
    failed: 'Login failed. Please try again.',
    noAccount: 'No account found with this email address.',
    checkUserFailed: 'Unable to verify user. Please try again.',
    unverified: 'Please check your email and click the confirmation link before signing in.',
    invalidEmail: 'Please enter a valid email address.',
    tooMany: 'Too many login attempts. Please wait a moment and try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
    deactivated: 'Your account has been deactivated. Please contact support.',
    verifyLinkInvalid: 'This confirmation link has expired or is invalid. Sign in to receive a new one.',
  },
  // The second step of a password sign-in for an account with two-factor on, and the admin area's
  // requirement (docs/product-rules.md, Password and sessions; ADR 038). Our own wording.
  twoFactor: {
    title: 'Two-step verification',
    intro: 'Enter the 6-digit code from your authenticator app.',
    backupIntro: 'Enter one of the backup codes you saved when you turned on two-factor authentication.',
    codeLabel: 'Authentication code',
    backupCodeLabel: 'Backup code',
    useBackupCode: 'Use a backup code instead',
    useApp: 'Use your authenticator app instead',
    verify: 'Verify',
    startOver: 'Sign in with a different account',
    wrongCode: 'That code is not right. Check your authenticator app and try again.',
    wrongBackupCode: 'That backup code is not right or has already been used.',
    expired: 'This sign-in has timed out. Enter your email and password again.',
    tooManyAttempts: 'Too many wrong codes. Enter your email and password again.',
    locked: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
    adminRequired: 'Turn on two-factor authentication on your profile to use the admin area.',
    adminRequiredLink: 'Set up two-factor authentication',
    /** An administrator with two-factor on whose session skipped it (Google, or signed in before turning it on). */
    adminSignInAgain:
      'This session did not pass two-factor authentication. Sign out, then sign in with your password and authenticator code to use the admin area.',
  },
  google: {
    cancelled: 'Sign-in was cancelled. Please try again.',
    accessDenied: 'Access denied. Please try again or contact support.',
    network: 'Network error. Please check your connection and try again.',
    failed: 'Google sign-in failed. Please try again.',
  },
  signup: {
    passwordMismatch: 'Passwords do not match',
    // What becomes of the name for a clinic or enterprise (docs/product-rules.md, Organisations).
    organizationHint:
      'For a clinic or enterprise: once your email is confirmed, your dashboard offers to set it up for your team.',
    agreementRequired: 'You must accept the User Agreement to continue',
    checkEmail: 'Check your e-mail for next steps!',
    // Our wording: sign-up while the operator has turned user_registration_enabled off.
    registrationDisabled:
      'New accounts are not being accepted at the moment. If you already have an account, please sign in.',
  },
  forgot: {
    sent: 'Password reset instructions have been sent to your email. Please check your inbox and click the reset link.',
    tooMany: 'Too many reset attempts. Please wait a minute before trying again.',
    countdown: (n: number) => `You can try again in ${n} seconds.`,
    countdownButton: (n: number) => `Try again in ${n}s`,
    failed: 'Error sending reset instructions. Please try again.',
    fromReset: 'The reset link has expired or is invalid. Please request a new password reset below.',
  },
  reset: {
    mismatch: 'Passwords do not match.',
    tooShort: 'Password must be at least 6 characters long.',
    missingParams: 'Invalid reset link. Please request a new password reset.',
    noValidCode: 'No valid reset code found. Please request a new password reset.',
    expired: 'The password reset link has expired. Please request a new one.',
    validationError: 'Error validating reset link. Please request a new password reset.',
    emailNotFound: 'Email not found. Please request a new password reset.',
    failed: 'Error resetting password. Please try again.',
    success: 'Password has been reset successfully. Redirecting to login...',
    validating: 'Validating reset link...',
  },
  errorBoundary: APP_MESSAGES.errorBoundary,
  reports: {
    created: 'Report created successfully!',
    createFailed: 'Failed to create report',
    deleted: 'Report deleted successfully!',
    licenseHidden: 'License hidden successfully',
    hideFailed: (message: string) => `Failed to hide license: ${message}`,
    licenseRestored: 'License restored',
    restoreFailed: (message: string) => `Failed to restore license: ${message}`,
    restoreOverLimit: (plan: string, limit: number) =>
      `Your ${plan} plan tracks up to ${limit} ${limit === 1 ? 'license' : 'licenses'}. Hide another license or upgrade your plan to restore this one.`,
    planExpired: 'Your plan has expired. Please renew to access reports.',
    externalIdTaken: (externalId: string, reportId: string) =>
      `A report with external_id '${externalId}' exists already (${reportId}); nothing was created or spent.`,
    statesOnlyAdded: (names: string) =>
      `States can only be added to a report; it keeps ${names}. Delete the report and create another to search fewer states.`,
    sheetUnavailable: 'Google Sheet is not available for this report',
    airtableUnavailable: 'Airtable base is not available for this report.',
    notFound: 'Report not found',
    licenseNotFound: 'License not found',
    candidateNotFound: 'Possible match not found',
    candidateConfirmed: 'License confirmed: it is tracked from now on',
    candidateRejected: 'Possible match rejected: it will not be shown again',
    confirmFailed: (message: string) => `Failed to confirm the license: ${message}`,
    rejectFailed: (message: string) => `Failed to reject the possible match: ${message}`,
    rejectConfirmTitle: 'Reject this possible match?',
    rejectConfirmBody: (license: string) =>
      `${license} will not be offered again for this report. You can undo this right after.`,
    rejectedUndoLine: (license: string) => `Rejected ${license}.`,
    candidateReopened: 'Rejection undone: the possible match is back for review',
    reopenFailed: (message: string) => `Failed to undo the rejection: ${message}`,
    confirmOverLimit: (plan: string, limit: number) =>
      `Your ${plan} plan tracks up to ${limit} ${limit === 1 ? 'license' : 'licenses'}. Hide another license or upgrade your plan to track this one.`,
    recordOverLimit: (plan: string, limit: number) =>
      `Your ${plan} plan tracks up to ${limit} ${limit === 1 ? 'license' : 'licenses'}. Hide another license or upgrade your plan to record this one.`,
    historyFailed: 'Could not load this license’s history.',
    verificationFailed: (message: string) => `Could not create the verification: ${message}`,
    verificationNotFound: 'No verification with this ID exists. Check the ID printed on the document.',
    noReportCredits: 'You have no report credits left. Upgrade your plan or buy more credits to create a report.',
  },
  notFound: {
    title: 'Page Not Found',
    body: "The page you're looking for doesn't exist or you don't have permission to view it.",
  },
} as const;

/** Error code sent with 429 from the forgot-password lock; the client starts its countdown on it. */
export const EMAIL_SEND_RATE_LIMIT_CODE = 'over_email_send_rate_limit';
export const FORGOT_PASSWORD_LOCK_SECONDS = 60;
