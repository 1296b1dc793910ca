import { ADMIN_MESSAGES } from '@licensewatch/shared/admin';
import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * Answers the question an administrator's change to an account asks (docs/product-rules.md,
 * Users): the reason for the audit log, then the dialog's own confirm button, named as its title.
 */
export async function confirmWithReason(page: Page, title: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(ADMIN_MESSAGES.reasonLabel).fill(reason);
  await dialog.getByRole('button', { name: title, exact: true }).click();
  await expect(dialog).toBeHidden();
}
