/** What the unsubscribe page and its endpoint say (docs/product-rules.md, Alerts). */
export const UNSUBSCRIBE_MESSAGES = {
  title: {
    weekly: 'Unsubscribe from the weekly license reminder?',
    alerts: 'Unsubscribe from license status alerts?',
  },
  explain: {
    weekly: 'You will no longer get the Monday email about licenses that expire within 6 weeks.',
    alerts: 'You will no longer get an email when a board changes the status of a license you track.',
  },
  button: 'Unsubscribe',
  done: 'You are unsubscribed',
  doneDetail: (email: string) => `We will not send this email to ${email} any more.`,
  turnBackOn: 'Changed your mind? Turn it back on in your profile.',
  invalidLink:
    'This unsubscribe link is not valid. It may have been cut short: open it again from the email, or change your email settings in your profile.',
  failed: 'We could not unsubscribe you. Please try again.',
} as const;

/** What a token says it turns off; read from the token without checking it (the server checks). */
export function unsubscribePurposeOf(token: string): 'weekly' | 'alerts' | null {
  const purpose = token.split('.')[1];
  return purpose === 'weekly' || purpose === 'alerts' ? purpose : null;
}
