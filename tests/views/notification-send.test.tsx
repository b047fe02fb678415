import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { SendProgress } from '../../src/views/notification/parts/send-progress';

/** The send bar of the notification list: what was delivered, what failed, what is left. */

afterEach(cleanup);

function bar(sent: number, failed: number, recipients: number) {
  render(
    <IntlProvider userLocale="en_US" directionSetting="ltr">
      <SendProgress sent={sent} failed={failed} recipients={recipients} />
    </IntlProvider>,
  );
  const progress = screen.getByTestId('send-progress');
  const width = (share: string) => (progress.querySelector(`[data-share="${share}"]`) as HTMLElement).style.width;
  return { label: progress.getAttribute('aria-label'), sent: width('sent'), failed: width('failed') };
}

describe('send progress', () => {
  it('shows a send where every message failed as a red bar, with no green', () => {
    expect(bar(0, 40, 40)).toEqual({ label: '0 sent, 40 failed, of 40 recipients', sent: '0%', failed: '100%' });
  });

  it('splits a partial send between delivered, failed and still to go', () => {
    expect(bar(30, 10, 80)).toEqual({ label: '30 sent, 10 failed, of 80 recipients', sent: '37.5%', failed: '12.5%' });
  });

  it('fills the bar green only when every message was delivered', () => {
    expect(bar(25, 0, 25)).toMatchObject({ sent: '100%', failed: '0%' });
  });
});
