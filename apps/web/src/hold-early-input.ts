type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

/** Writes a value the way typing does, so React's change tracking (and the form state behind it) sees it. */
function retype(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A prerendered page is on screen before React takes it over, and until then its buttons have
 * no handlers, a form would submit itself natively (a GET that puts what was typed in the URL and
 * reloads the page), and taking over resets form fields to their defaults. This holds what the
 * visitor does meanwhile and hands it to the app once `<html data-ready>` says it is interactive:
 * typed text goes back into its fields, then the last button pressed is pressed again.
 */
export function holdEarlyInput(): void {
  const typed = new Map<Field, string | boolean>();
  let pressed: HTMLElement | null = null;

  const onInput = (event: Event) => {
    const field = event.target;
    if (!isField(field)) return;
    typed.set(field, field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value);
  };
  const onClick = (event: MouseEvent) => {
    // Links keep working natively; only controls that need the app are held.
    const control = event.target instanceof Element ? event.target.closest('button, input[type="submit"]') : null;
    if (!(control instanceof HTMLElement)) return;
    // Stopped here as well, or React, once it listens, would replay the same press on handover.
    event.preventDefault();
    event.stopPropagation();
    pressed = control;
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!pressed && event.target instanceof HTMLFormElement) pressed = event.target;
  };

  window.addEventListener('input', onInput, true);
  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);

  const root = document.documentElement;
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute('data-ready')) return;
    observer.disconnect();
    window.removeEventListener('input', onInput, true);
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('submit', onSubmit, true);
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      if (typeof value === 'boolean') {
        if ((field as HTMLInputElement).checked !== value) field.click();
      } else if (field.value !== value) retype(field, value);
    }
    if (pressed?.isConnected) {
      if (pressed instanceof HTMLFormElement) pressed.requestSubmit();
      else pressed.click();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-ready'] });
}
