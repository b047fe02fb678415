import { fireEvent, screen } from '@testing-library/react';
import { forgotPasswordMachine } from '../../../src/machines/forgot-password/forgot-password.machine';
import { pathModel } from '../../machines/forgot-password.samples';
import { renderApp } from '../render-app';
import { englishOf } from './observe-dom';
import { describeScreenReplay } from './screen-replay';

/** The forgot-password chart replayed on /authentication/reset-password (the page runs its own machine). */
describeScreenReplay<typeof forgotPasswordMachine>({
  model: pathModel,
  render: () => void renderApp({ path: '/authentication/reset-password?idSite=1' }),
  gestures: {
    'forgot.submit': async (event) => {
      fireEvent.change(await screen.findByLabelText(englishOf('auth.reset.email')), { target: { value: event.email } });
      fireEvent.click(screen.getByRole('button', { name: englishOf('auth.reset.submit') }));
    },
  },
  offScreen: { 'forgot.restart': 'the confirmation page offers only the way back to sign-in, not another mail' },
});
