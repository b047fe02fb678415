import { fireEvent, screen } from '@testing-library/react';
import type { renewPasswordMachine } from '../../../src/machines/renew-password/renew-password.machine';
import { pathModel } from '../../machines/renew-password.samples';
import { renderApp } from '../render-app';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/** The password renewal chart replayed on /authentication/renew-password (the page runs its own machine). */
describeScreenReplay<typeof renewPasswordMachine>({
  model: pathModel,
  render: () => void renderApp({ path: '/authentication/renew-password?token=a6f4e3b7&id=2&idSite=1' }),
  endpoints: { verifyLink: 'password.verifyResetToken', renew: 'password.renewPassword' },
  gestures: {
    'renew.submit': async (event) => {
      fireEvent.change(await screen.findByLabelText(englishOf('auth.password.new')), { target: { value: event.password } });
      fireEvent.change(screen.getByLabelText(englishOf('auth.password.confirm')), { target: { value: event.password } });
      fireEvent.click(screen.getByRole('button', { name: englishOf('auth.password.submit') }));
    },
  },
});
