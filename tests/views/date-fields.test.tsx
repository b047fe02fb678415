import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DateTimeField, DayField } from '../../src/components/date-field';
import { formatDateTime, formatDay, instantToPicker, pickerToInstant } from '../../src/i18n/dates';
import { IntlProvider } from '../../src/i18n/intl-provider';
import { installPrimeReactLocales } from '../../src/views/app/primereact-locales';

/**
 * Dates: one format per language, shown and typed alike, and date pickers in the account's time
 * zone (Europe/Paris) whatever the browser's. The browser here runs in New York.
 */

const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
  installPrimeReactLocales();
});
afterAll(() => {
  process.env.TZ = browserZone;
});
afterEach(cleanup);

// 16:30 in Paris on 27 November 2026 (15:30 UTC, 10:30 in New York).
const instant = '2026-11-27T15:30:00.000Z';

describe('one day format per language', () => {
  it('shows English and French as dd/MM/yyyy and German as dd.MM.yyyy, in Paris time', () => {
    expect(formatDateTime(instant, 'en_US')).toBe('27/11/2026 16:30:00');
    expect(formatDateTime(instant, 'fr_FR')).toBe('27/11/2026 16:30:00');
    expect(formatDateTime(instant, 'de_DE')).toBe('27.11.2026 16:30:00');
    expect(formatDay('2026-03-04T23:30:00.000Z', 'en_US')).toBe('05/03/2026');
  });
});

describe('date pickers in Paris time', () => {
  it('shows a browser in New York the Paris wall-clock time, and reads the picked time back as Paris time', () => {
    const shown = instantToPicker(instant);
    expect([shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual([27, 16, 30]);
    expect(pickerToInstant(new Date(2026, 11, 24, 9, 0))).toBe('2026-12-24T08:00:00.000Z');
    // Across the change to summer time: 29 March 2027, 09:00 in Paris is 07:00 UTC.
    expect(pickerToInstant(new Date(2027, 2, 29, 9, 0))).toBe('2027-03-29T07:00:00.000Z');
  });

  it('accepts a date typed in the interface language: French dd/mm/yyyy and German dd.mm.yyyy', () => {
    const picked: Array<string | null> = [];
    render(
      <IntlProvider userLocale="fr_FR" directionSetting="ltr">
        <DateTimeField inputId="at" value={null} onChange={(at) => picked.push(at)} />
      </IntlProvider>,
    );
    const input = screen.getByRole('combobox') as HTMLInputElement;
    fireEvent.input(input, { target: { value: '24/12/2030 09:00' } });
    expect(picked.at(-1)).toBe('2030-12-24T08:00:00.000Z');
    cleanup();

    const days: Array<string | null> = [];
    render(
      <IntlProvider userLocale="de_DE" directionSetting="ltr">
        <DayField inputId="day" value="2030-06-01" onChange={(day) => days.push(day)} />
      </IntlProvider>,
    );
    const dayInput = screen.getByRole('combobox') as HTMLInputElement;
    expect(dayInput.value).toBe('01.06.2030');
    fireEvent.input(dayInput, { target: { value: '24.12.2030' } });
    expect(days.at(-1)).toBe('2030-12-24');
  });

  it('shows a saved instant in the field as its Paris time, in English as in French', () => {
    render(
      <IntlProvider userLocale="en_US" directionSetting="ltr">
        <DateTimeField inputId="at" value={instant} onChange={() => undefined} />
      </IntlProvider>,
    );
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('27/11/2026 16:30');
  });
});
