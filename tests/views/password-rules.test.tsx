import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { NewPasswordForm } from '../../src/views/auth/parts/new-password-form';
import './render-app';

/** The state each rule line announces, by its text. */
function ruleStates(): Record<string, string> {
  const list = screen.getByRole('list', { name: 'Your password must contain:' });
  return Object.fromEntries(
    within(list)
      .getAllByRole('listitem')
      .map((item) => {
        const [text, state] = [...item.querySelectorAll('span')].map((span) => span.textContent ?? '');
        return [text, state];
      }),
  );
}

function renderForm(locale = 'en_US') {
  const onSubmit = vi.fn();
  render(
    <IntlProvider userLocale={locale} directionSetting="ltr">
      <NewPasswordForm busy={false} errorKey={null} onSubmit={onSubmit} />
    </IntlProvider>,
  );
  return onSubmit;
}

describe('password rules', () => {
  it('shows each rule live as met or not met while the password is typed', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup({ delay: null });
    expect(ruleStates()).toEqual({
      'At least 16 characters': 'not met',
      'An upper-case letter': 'not met',
      'A lower-case letter': 'not met',
      'A digit': 'not met',
      'A special character': 'not met',
      'Both passwords match': 'not met',
    });
    await user.type(screen.getByLabelText('New password'), 'Short1!');
    expect(ruleStates()).toMatchObject({ 'At least 16 characters': 'not met', 'An upper-case letter': 'met', 'A digit': 'met', 'A special character': 'met' });
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Required')).toBeTruthy();
  });

  it('sends the password once every rule is met and the confirmation matches', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password'), 'A-much-better-passw0rd');
    await user.type(screen.getByLabelText('Confirm the new password'), 'A-much-better-passw0rd');
    expect(Object.values(ruleStates())).toEqual(Array(6).fill('met'));
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(onSubmit).toHaveBeenCalledWith('A-much-better-passw0rd');
  });

  it('says so when the confirmation differs', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('New password'), 'A-much-better-passw0rd');
    await user.type(screen.getByLabelText('Confirm the new password'), 'A-much-better-passw0rD');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('speaks the user language, with the same 16-character rule', () => {
    renderForm('de_DE');
    expect(screen.getByText('Mindestens 16 Zeichen')).toBeTruthy();
  });
});
