import { type ComponentProps, useState } from 'react';
import { InputField } from '../../../components/ui/form-field';

type PasswordInputProps = Omit<ComponentProps<typeof InputField>, 'type' | 'trailing'>;

/** A password field with a show/hide toggle, so long passphrases can be checked before submitting. */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <InputField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          className="rounded-md px-2 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      }
    />
  );
}
