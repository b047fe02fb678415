import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { aedTagFields } from '../../../../contract/aed-list.schemas';
import { useIntl } from '../../../i18n/intl-provider';
import { filterOf } from '../../../machines/aed-list/aed-list.selectors';
import { AedListActor } from '../aed-list-actor';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Search in every text field (an ALL filter): asked 400 ms after typing stops, or at once on Enter. */
export function AedTextSearch() {
  const { t } = useIntl();
  const list = AedListActor.useActorRef();
  const current = AedListActor.useSelector((snapshot) => String(filterOf(snapshot).find((entry) => entry.type === 'ALL')?.value ?? ''));
  const [text, setText] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(current), [current]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const send = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() !== current.trim()) list.send({ type: 'filter.add', entries: [{ type: 'ALL', tag: '', value: value.trim() }] });
  };
  return (
    <form
      className="aed-search"
      role="search"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        send(text);
      }}
    >
      <IconField iconPosition="left" className="w-full">
        <InputIcon className="pi pi-search" />
        <InputText
          id="aed-search"
          value={text}
          placeholder={t('aed.search.placeholder')}
          aria-label={t('aed.search.label')}
          className="w-full"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => send(value), 400);
          }}
        />
      </IconField>
    </form>
  );
}

/** Search in one field (a TAG filter): the field, then the text it must contain. */
export function AedTagSearch() {
  const { t } = useIntl();
  const list = AedListActor.useActorRef();
  const current = AedListActor.useSelector((snapshot) => filterOf(snapshot).find((entry) => entry.type === 'TAG') ?? null, sameJson);
  const [tag, setTag] = useState<string>(current?.tag || 'city');
  const [text, setText] = useState(String(current?.value ?? ''));
  useEffect(() => {
    if (current) {
      setTag(current.tag);
      setText(String(current.value ?? ''));
    } else setText('');
  }, [current]);
  const options = aedTagFields.map((field) => ({ value: field, label: t(`aed.field.${field}`) }));
  return (
    <form
      className="aed-tag-search p-inputgroup"
      data-testid="tag-search"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        list.send({ type: 'filter.add', entries: [{ type: 'TAG', tag, value: text.trim() }] });
      }}
    >
      <Dropdown inputId="aed-tag-field" value={tag} options={options} onChange={(event) => setTag(String(event.value))} aria-label={t('aed.search.tag-field')} className="aed-tag-search__field" />
      <InputText id="aed-tag-value" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('aed.search.tag-placeholder')} aria-label={t('aed.search.tag-value')} />
      <Button type="submit" icon="pi pi-tag" aria-label={t('aed.search.tag-apply')} tooltip={t('aed.search.tag-apply')} tooltipOptions={{ position: 'bottom' }} />
    </form>
  );
}
