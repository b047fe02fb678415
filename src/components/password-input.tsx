import { ariaLabel } from 'primereact/api';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText, type InputTextProps } from 'primereact/inputtext';
import { classNames } from 'primereact/utils';
import { useState, type KeyboardEvent } from 'react';

interface PasswordInputProps extends Omit<InputTextProps, 'type' | 'className'> {
  /** Classes of the wrapper, as PrimeReact's Password `className`. */
  className?: string;
  /** Classes of the input, as PrimeReact's Password `inputClassName`. */
  inputClassName?: string;
}

/**
 * A password field with the markup, classes and show/hide switch of PrimeReact's Password with
 * `toggleMask` and no strength meter. Password also carries the meter's overlay and transition
 * code (10 kB gzipped); the sign-in route, which shows no meter, loads this instead.
 */
export function PasswordInput({ className, inputClassName, value, ...input }: PasswordInputProps) {
  const [unmasked, setUnmasked] = useState(false);
  const toggle = () => setUnmasked((shown) => !shown);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.code === 'Space') {
      toggle();
      event.preventDefault();
    }
  };
  return (
    <div className={classNames('p-password p-component p-inputwrapper p-input-icon-right', { 'p-inputwrapper-filled': Boolean(value) }, className)}>
      <IconField>
        <InputText {...input} value={value} type={unmasked ? 'text' : 'password'} className={classNames(inputClassName, 'p-password-input')} />
        <InputIcon>
          <i
            role="switch"
            tabIndex={0}
            aria-checked={unmasked}
            aria-label={ariaLabel(unmasked ? 'passwordHide' : 'passwordShow', {})}
            className={unmasked ? 'pi pi-eye-slash p-password-hide-icon' : 'pi pi-eye p-password-show-icon'}
            onClick={toggle}
            onKeyDown={onKeyDown}
          />
        </InputIcon>
      </IconField>
    </div>
  );
}
